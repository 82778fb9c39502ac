// swift-tools-version:6.0
import PackageDescription

// masonry: a terminal masonry browser.
//
// Modules, from the bottom up (ARCHITECTURE.md has the picture):
// - LayoutEngine (a product): the collection-view layout lifecycle and the layouts. It
//   knows nothing of cards, text or terminals; it asks a measure function for sizes.
// - CTextSupport, TerminalText: display width (glibc wcwidth, as ncurses uses it),
//   sanitising of untrusted text, line breaking with ICU's UAX #14 iterator, cell shape.
// - BoundedCaches, CPictureHeaders, PictureFiles: a bounded LRU; picture files without
//   decoding them (formats, headers, limits, names, folders). No image library.
// - Cards: the card model, its readers (JSON, JSON Lines, property lists, folders of
//   pictures) with `path:line:column` errors, card measurement, search. CardLayouts: the
//   layout catalogue over cards. CByteScan: the parser's byte scans in SSE2 registers.
// - TerminalScreen, TerminalCore, TerminalTesting: cells and screens; keys, events, the
//   terminal interface and its capabilities; the in-memory terminal.
// - CChafa, CPictures, Thumbnails: decoders and libchafa behind a plain C header;
//   thumbnails in terminal symbols, their caches and worker threads.
// - Widgets, Browser: what draws into a screen; the browser's state, reducer, caches,
//   scene, effects and event loop.
// - CNcursesw, CTerminalGuard, CursesBackend: the only modules that touch a terminal.
// - MasonryCommands, masonry: the commands, testable without a process; the thin
//   executable. masonry-bench: speed targets as ratios against a baseline.
// The modules on the measuring and loading paths of a million cards skip the run-time
// exclusivity checks in release builds (a tenth of the time there); debug builds, which
// the tests run, keep them, and the compile-time checks apply to every build.
let hotPath: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
  name: "masonry",
  products: [
    .executable(name: "masonry", targets: ["masonry"]),
    .executable(name: "masonry-bench", targets: ["masonry-bench"]),
    .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
    .executable(name: "masonry-decoder", targets: ["masonry-decoder"]),
    .library(name: "masonry-decode-heif", type: .dynamic, targets: ["CDecodeHeif"]),
    .library(name: "masonry-decode-jxl", type: .dynamic, targets: ["CDecodeJxl"]),
    .library(name: "masonry-decode-svg", type: .dynamic, targets: ["CDecodeSvg"]),
    .library(name: "masonry-decode-pdf", type: .dynamic, targets: ["CDecodePdf"]),
    .library(name: "masonry-decode-video", type: .dynamic, targets: ["CDecodeVideo"]),
  ],
  targets: [
    .target(name: "LayoutEngine"),
    // ICU and wcwidth behind a header that exposes no ICU types (see recipes: Foundation's
    // own ICU clashes with the system ICU inside one Swift module).
    .target(name: "CTextSupport", linkerSettings: [.linkedLibrary("icuuc")]),
    // Which thread is the main one (the event loop is never made nicer).
    .target(name: "CThreadSupport"),
    .target(name: "TerminalText", dependencies: ["CTextSupport"], swiftSettings: hotPath),
    // A bounded least-recently-used cache (prepared text, decoded pictures, thumbnails).
    .target(name: "BoundedCaches"),
    // Picture files without decoding them: format sniffing, headers, limits, file names,
    // natural order, folder listing. Below the card model, and linking no image library.
    .target(name: "CPictureHeaders"),
    .target(name: "PictureFiles", dependencies: ["CPictureHeaders", "TerminalText"]),
    // The card parser's byte scans, sixteen bytes a step (SSE2).
    .target(name: "CByteScan"),
    // The bundled sample: Data/'s files compiled in as they are.
    .target(name: "CSample"),
    // The card model: cards, their compact store, how a card file links its pictures.
    .target(
      name: "CardModel",
      dependencies: [
        "LayoutEngine", "TerminalText", "PictureFiles", "CThreadSupport", "CByteScan",
      ],
      swiftSettings: hotPath),
    // Reading sources into cards: the formats, the parsers, the loading threads, the sample.
    .target(
      name: "CardReading",
      dependencies: [
        "CardModel", "TerminalText", "PictureFiles", "CThreadSupport", "CByteScan", "CSample",
      ],
      swiftSettings: hotPath),
    // Counting cards' lines at every width: the measure the layouts ask for.
    .target(
      name: "CardMeasuring",
      dependencies: ["CardModel", "LayoutEngine", "TerminalText", "BoundedCaches"],
      swiftSettings: hotPath),
    // Finding cards by their text and tags.
    .target(
      name: "CardSearch", dependencies: ["CardModel", "TerminalText"], swiftSettings: hotPath),
    // The four above in one import, for the modules above them.
    .target(
      name: "Cards", dependencies: ["CardModel", "CardReading", "CardMeasuring", "CardSearch"]),
    // The layout choices over cards, shared by every command; below the browser, so that
    // `masonry layout` needs none of it.
    .target(
      name: "CardLayouts", dependencies: ["Cards", "LayoutEngine", "TerminalText"],
      swiftSettings: hotPath),
    .target(name: "TestSupport", dependencies: ["LayoutEngine"]),
    .target(name: "TerminalScreen", dependencies: ["LayoutEngine", "TerminalText"]),
    // Thumbnails: the Debian decoders made for untrusted files, and libchafa for drawing in
    // terminal symbols, behind a C target whose header exposes no glib or decoder type;
    // above the screen (thumbnails are cells) and the terminal's capabilities.
    .systemLibrary(name: "CChafa", path: "Sources/CChafa", pkgConfig: "chafa"),
    .target(
      name: "CPictures", dependencies: ["CChafa", "CPictureHeaders"],
      linkerSettings: [
        .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("webp"),
        .linkedLibrary("webpdemux"), .linkedLibrary("gif"), .linkedLibrary("tiff"),
        .linkedLibrary("z"),
      ]),
    // The decoder helper: the big, young decoders (libheif, libjxl, librsvg, poppler,
    // FFmpeg) in a process of their own, so that a crash, a hang or a blown memory limit
    // on a hostile file costs that process alone. Only it links them.
    .systemLibrary(name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif"),
    .systemLibrary(name: "CJxl", path: "Sources/CJxl"),
    .systemLibrary(name: "CGlib", path: "Sources/CGlib", pkgConfig: "glib-2.0"),
    .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo"),
    // librsvg's own pkg-config entry asks for -pthread, which SwiftPM refuses with a
    // warning on every build: its two header folders (Debian's, the same on every
    // architecture) are named here instead, GLib's and cairo's coming from theirs.
    .systemLibrary(name: "CRsvg", path: "Sources/CRsvg"),
    .systemLibrary(name: "CPoppler", path: "Sources/CPoppler", pkgConfig: "poppler-glib"),
    .systemLibrary(name: "CFFmpeg", path: "Sources/CFFmpeg", pkgConfig: "libavformat"),
    // What every family shares: the format table, the answer, making pictures small.
    .target(name: "CDecoderSupport", dependencies: ["CPictures", "CPictureHeaders"]),
    .target(name: "CCairoPixels", dependencies: ["CDecoderSupport", "CCairo"]),
    // One target a decoder family, each a shared library the helper loads when first asked
    // (libmasonry-decode-NAME.so): a helper asked for an SVG never maps FFmpeg.
    .target(
      name: "CDecodeHeif", dependencies: ["CDecoderSupport", "CHeif"],
      linkerSettings: [.linkedLibrary("heif")]),
    .target(
      name: "CDecodeJxl", dependencies: ["CDecoderSupport", "CJxl"],
      linkerSettings: [.linkedLibrary("jxl"), .linkedLibrary("jxl_threads")]),
    .target(
      name: "CDecodeSvg", dependencies: ["CDecoderSupport", "CCairoPixels", "CGlib", "CRsvg"],
      cSettings: [
        .unsafeFlags(["-I/usr/include/librsvg-2.0", "-I/usr/include/gdk-pixbuf-2.0"])
      ],
      linkerSettings: [
        .linkedLibrary("rsvg-2"), .linkedLibrary("cairo"), .linkedLibrary("gio-2.0"),
        .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0"),
      ]),
    .target(
      name: "CDecodePdf", dependencies: ["CDecoderSupport", "CCairoPixels", "CPoppler"],
      linkerSettings: [
        .linkedLibrary("poppler-glib"), .linkedLibrary("cairo"), .linkedLibrary("gobject-2.0"),
        .linkedLibrary("glib-2.0"),
      ]),
    .target(
      name: "CDecodeVideo", dependencies: ["CDecoderSupport", "CFFmpeg"],
      linkerSettings: [
        .linkedLibrary("avformat"), .linkedLibrary("avcodec"), .linkedLibrary("swscale"),
        .linkedLibrary("avutil"), .linkedLibrary("m"),
      ]),
    // All families linked into one program: the fuzz target and the benchmark.
    .target(
      name: "CDecoders",
      dependencies: ["CDecodeHeif", "CDecodeJxl", "CDecodeSvg", "CDecodePdf", "CDecodeVideo"]),
    .executableTarget(name: "masonry-decoder", dependencies: ["CDecoderSupport"]),
    // Programs started from masonry: every argument vector is made by ProgramArguments and
    // started by ChildProcess (the opener, commands, tmux, the decoder helper).
    .target(name: "CProcessSupport"),
    .target(name: "ChildProcesses", dependencies: ["PictureFiles", "CProcessSupport"]),
    // Other programs drive the browser (`--listen`, `masonry remote`): sockets, bounded.
    .target(name: "CSocketSupport"),
    .target(
      name: "RemoteControl",
      dependencies: ["CSocketSupport", "CProcessSupport", "ChildProcesses", "TerminalText"]),
    // Curating the files cards show: the freedesktop Trash, moves that never lose a file.
    .target(name: "CFileSupport"),
    .target(name: "FileCuration", dependencies: ["PictureFiles", "CFileSupport"]),
    .target(
      name: "Thumbnails",
      dependencies: [
        "CPictures", "PictureFiles", "BoundedCaches", "TerminalCore", "TerminalScreen",
        "TerminalText", "ChildProcesses", "LayoutEngine",
      ]),
    // The vocabulary every terminal program here shares: keys, mouse, terminal events, the
    // terminal interface, the wake-up signal. The curses backend and the in-memory
    // terminal depend on it, not on the browser.
    .target(
      name: "TerminalCore", dependencies: ["TerminalScreen", "LayoutEngine", "TerminalText"]),
    .target(
      name: "TerminalTesting", dependencies: ["TerminalCore", "TerminalScreen", "LayoutEngine"]),
    .target(
      name: "Widgets",
      dependencies: [
        "TerminalScreen", "Cards", "LayoutEngine", "TerminalText", "Thumbnails", "PictureFiles",
      ]),
    .target(
      name: "Browser",
      dependencies: [
        "Widgets", "TerminalCore", "TerminalScreen", "Cards", "CardLayouts", "LayoutEngine",
        "Thumbnails", "PictureFiles", "TerminalText", "ChildProcesses", "FileCuration",
        "RemoteControl",
      ]),
    // The only modules that touch a terminal: ncursesw (a system library through a module
    // map and shim), the signal-safe restorer, and the curses backend.
    .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
    .target(name: "CTerminalGuard"),
    .target(
      name: "CursesBackend",
      dependencies: [
        "CNcursesw", "CTerminalGuard", "CTextSupport", "CFileSupport", "TerminalCore",
        "TerminalScreen", "LayoutEngine", "TerminalText", "ChildProcesses",
      ]),
    .target(
      name: "MasonryCommands",
      dependencies: [
        "Browser", "CardLayouts", "Widgets", "TerminalCore", "TerminalScreen", "Cards",
        "LayoutEngine", "TerminalText", "Thumbnails", "PictureFiles", "RemoteControl",
      ]),
    .executableTarget(
      name: "masonry",
      dependencies: [
        "MasonryCommands", "CursesBackend", "Browser", "Cards", "TerminalCore", "Thumbnails",
        "PictureFiles", "FileCuration", "ChildProcesses", "RemoteControl",
      ]),
    // The benchmark writes its own picture files with the same libraries' encoders.
    .target(
      name: "CBenchPictures",
      linkerSettings: [
        .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("webp"),
        .linkedLibrary("gif"),
      ]),
    .executableTarget(
      name: "masonry-bench",
      dependencies: [
        "LayoutEngine", "TestSupport", "Cards", "TerminalText", "Thumbnails", "PictureFiles",
        "CBenchPictures", "Browser", "CardLayouts", "TerminalCore", "CDecoders", "CursesBackend",
      ]),
    // Fuzz targets (see `make fuzz`): built with libFuzzer they fuzz; built normally they
    // replay their committed corpus (Tests/FuzzCorpus), which `make test` does.
    .target(name: "FuzzSupport", path: "Sources/FuzzSupport"),
    .executableTarget(name: "FuzzCardJSON", dependencies: ["Cards", "FuzzSupport"]),
    .executableTarget(name: "FuzzCardLines", dependencies: ["Cards", "FuzzSupport"]),
    .executableTarget(name: "FuzzPropertyList", dependencies: ["Cards", "FuzzSupport"]),
    .executableTarget(name: "FuzzText", dependencies: ["TerminalText", "FuzzSupport"]),
    .executableTarget(name: "FuzzProbe", dependencies: ["TerminalCore", "FuzzSupport"]),
    .executableTarget(
      name: "FuzzPictures", dependencies: ["Thumbnails", "PictureFiles", "FuzzSupport"]),
    .executableTarget(name: "FuzzDecoders", dependencies: ["CDecoders", "FuzzSupport"]),
    .executableTarget(
      name: "FuzzCacheFiles",
      dependencies: ["Thumbnails", "PictureFiles", "TerminalCore", "TerminalScreen", "FuzzSupport"]),
    // Runs the built executable in tmux. Depending on it makes `swift test` build it
    // first, so the tests never run a stale binary.
    // FuzzCardJSON too: LayerTests read what it links (the card model alone).
    .testTarget(name: "FileCurationTests", dependencies: ["FileCuration", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "masonry", "masonry-decoder", "FuzzCardJSON", "TestSupport", "Cards", "Thumbnails",
        "PictureFiles", "FileCuration", "CursesBackend",
      ]),
    .testTarget(
      name: "BrowserTests",
      dependencies: [
        "Browser", "CardLayouts", "TerminalCore", "TerminalTesting", "TerminalScreen", "Widgets",
        "Cards", "LayoutEngine", "TestSupport", "FileCuration", "CardReading",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "TerminalCoreTests",
      dependencies: ["TerminalCore", "TerminalScreen", "LayoutEngine", "TestSupport"]),
    .testTarget(
      name: "PicturesTests",
      dependencies: [
        "Thumbnails", "PictureFiles", "TerminalCore", "TerminalScreen", "LayoutEngine",
        "TestSupport", "ChildProcesses", "masonry-decoder",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "MasonryCommandsTests",
      dependencies: [
        "MasonryCommands", "Browser", "TestSupport", "Thumbnails", "PictureFiles", "TerminalText",
        "TerminalTesting", "TerminalScreen", "Widgets", "RemoteControl",
        "TerminalCore", "CardLayouts", "Cards", "LayoutEngine",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "CardsTests",
      dependencies: [
        "Cards", "CardModel", "CardReading", "CardMeasuring", "CardSearch", "PictureFiles",
        "TestSupport",
      ],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "TerminalTextTests",
      dependencies: ["TerminalText", "TestSupport"],
      exclude: ["Golden"]
    ),
    .testTarget(
      name: "CardLayoutsTests",
      dependencies: ["CardLayouts", "Cards", "LayoutEngine", "TestSupport"]
    ),
    .testTarget(
      name: "WidgetsTests",
      dependencies: [
        "Widgets", "Cards", "Thumbnails", "PictureFiles", "TerminalScreen", "TerminalText",
        "LayoutEngine", "TestSupport",
      ]),
    .testTarget(
      name: "TerminalScreenTests", dependencies: ["TerminalScreen", "LayoutEngine", "TestSupport"]),
    .testTarget(
      name: "LayoutEngineTests",
      dependencies: ["LayoutEngine", "TestSupport"],
      exclude: ["Golden"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
