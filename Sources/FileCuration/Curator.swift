import PictureFiles

#if canImport(Glibc)
  import Glibc
#endif

/// Carries out curation requests: trash, move, copy, rename, and taking any of them back.
/// Each file is handled on its own (one that fails leaves the rest to be done, and stays
/// where it was); taking back is all or nothing where it can be told beforehand: when any
/// file's old place is taken meanwhile, nothing is changed and the outcome says which.
package struct Curator: Sendable {
  /// The person's trash (`nil`: no home to put one in; trashing then fails, files stay).
  package let trash: Trash?
  /// The home folder, for `~/` at the folder prompt.
  package let home: String?
  /// Hears each step of a move or copy across file systems (`FileMover.Step`).
  package let passing: @Sendable (FileMover.Step) -> Void

  package init(
    trash: Trash?, home: String?, passing: @escaping @Sendable (FileMover.Step) -> Void = { _ in }
  ) {
    self.trash = trash
    self.home = home
    self.passing = passing
  }

  /// The trash and home of `environment`'s user (`XDG_DATA_HOME`, `HOME`).
  /// `MASONRY_TEST_KILL_AT=STEP` (tests only) ends the program with SIGKILL at that step
  /// of a move or copy across file systems, as a power cut would.
  package init(environment: [String: String]) {
    let kill = environment["MASONRY_TEST_KILL_AT"].flatMap(FileMover.Step.init(rawValue:))
    self.init(
      trash: Trash(environment: environment),
      home: environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil },
      passing: { step in if step == kill { raise(SIGKILL) } })
  }

  /// `~/` at the start of `folder` as the home folder.
  package func expanded(_ folder: String) -> String {
    guard let home, folder == "~" || folder.hasPrefix("~/") else { return folder }
    return home + folder.dropFirst()
  }

  /// Does `request`. Never deletes a file: what leaves a place goes to a trash or to the
  /// place the person named.
  package func perform(_ request: CurationRequest) -> CurationOutcome {
    switch request {
    case .trash(let paths):
      let (files, done, failures) = each(paths) { path throws(CurationError) in
        guard let trash else {
          throw CurationError("\(FileName.lastComponent(path)): no trash (HOME unset)")
        }
        return try trash.move(path)
      }
      return outcome(
        request, files.isEmpty ? nil : .trashed(files), done, failures,
        verb: "moved to the trash")
    case .move(let paths, let folder):
      let target = expanded(folder)
      let (places, done, failures) = each(paths) { path throws(CurationError) in
        FilePlace(from: path, to: try FileMover.move(path, into: target, passing: passing))
      }
      return outcome(
        request, places.isEmpty ? nil : .moved(places), done, failures,
        verb: "moved to \(folder)")
    case .copy(let paths, let folder):
      let target = expanded(folder)
      let (copies, done, failures) = each(paths) { path throws(CurationError) in
        try FileMover.copy(path, into: target, passing: passing)
      }
      return outcome(
        request, copies.isEmpty ? nil : .copied(copies), done, failures,
        verb: "copied to \(folder)")
    case .rename(let path, let newName):
      let (places, done, failures) = each([path]) { path throws(CurationError) in
        FilePlace(from: path, to: try FileMover.rename(path, to: newName))
      }
      return outcome(
        request, places.first.map { .renamed($0) }, done, failures,
        verb: "renamed to \(newName)")
    case .rewrite(let path, let splices):
      let (inverses, done, failures) = each([path]) { path throws(CurationError) in
        try FileRewriter.rewrite(path, splices)
      }
      return outcome(
        request, inverses.first.map { .rewritten(path, $0) }, done, failures, verb: "written")
    case .undo(let record):
      return undo(record)
    }
  }

  /// Takes back `record`: trashed files put back, moved and renamed ones moved back,
  /// copies to the trash. Its record is what was taken back.
  private func undo(_ record: CurationRecord) -> CurationOutcome {
    let request = CurationRequest.undo(record)
    let nothing = [Bool](repeating: false, count: record.count)
    // Every old place must be free (and every copy still there) before anything moves.
    let blocked: [String]
    switch record {
    case .trashed(let files): blocked = files.map(\.original).filter(Self.exists)
    case .moved(let places): blocked = places.map(\.from).filter(Self.exists)
    case .renamed(let place): blocked = [place.from].filter(Self.exists)
    case .copied(let copies): blocked = copies.filter { !Self.exists($0) }
    case .rewritten: blocked = []  // the rewrite checks its own bytes
    }
    if let first = blocked.first {
      let why =
        if case .copied = record { "\(FileName.lastComponent(first)) is gone" } else {
          "\(first) is taken"
        }
      let more = blocked.count > 1 ? " (and \(blocked.count - 1) more)" : ""
      return CurationOutcome(
        request: request, record: nil, done: nothing,
        failures: blocked.map { CurationError("\(FileName.lastComponent($0)): taken or gone") },
        summary: "cannot undo: \(why)\(more); nothing changed")
    }
    let done: [Bool]
    let failures: [CurationError]
    switch record {
    case .trashed(let files):
      guard let trash else {
        return CurationOutcome(
          request: request, record: nil, done: nothing, failures: [],
          summary: "cannot undo: no trash (HOME unset)")
      }
      (_, done, failures) = each(files) { file throws(CurationError) in try trash.restore(file) }
    case .moved(let places):
      (_, done, failures) = each(places) { place throws(CurationError) in
        _ = try FileMover.move(place.to, into: FileName.folder(of: place.from), passing: passing)
      }
    case .renamed(let place):
      (_, done, failures) = each([place]) { place throws(CurationError) in
        _ = try FileMover.rename(place.to, to: FileName.lastComponent(place.from))
      }
    case .copied(let copies):
      (_, done, failures) = each(copies) { copy throws(CurationError) in
        guard let trash else {
          throw CurationError("\(FileName.lastComponent(copy)): no trash (HOME unset)")
        }
        _ = try trash.move(copy)
      }
    case .rewritten(let path, let splices):
      (_, done, failures) = each([path]) { path throws(CurationError) in
        _ = try FileRewriter.rewrite(path, splices)
      }
    }
    let verb =
      switch record {
      case .trashed: "put back from the trash"
      case .moved: "moved back"
      case .renamed: "renamed back"
      case .copied: "copies moved to the trash"
      case .rewritten: "the card file as it was"
      }
    // The record of what was taken back: what was not stays to be taken back later.
    return outcome(request, record.split(done: done).done, done, failures, verb: "undone: " + verb)
  }

  /// Runs `body` on each item: what it returned for those it did, which it did, and why
  /// the others failed.
  private func each<Item, Result>(
    _ items: [Item], _ body: (Item) throws(CurationError) -> Result
  ) -> ([Result], [Bool], [CurationError]) {
    var results: [Result] = []
    var done: [Bool] = []
    var failures: [CurationError] = []
    for item in items {
      do throws(CurationError) {
        results.append(try body(item))
        done.append(true)
      } catch {
        done.append(false)
        failures.append(error)
      }
    }
    return (results, done, failures)
  }

  private func outcome(
    _ request: CurationRequest, _ record: CurationRecord?, _ done: [Bool],
    _ failures: [CurationError], verb: String
  ) -> CurationOutcome {
    let count = done.filter { $0 }.count
    // One file is named; more are counted.
    let files =
      count == 1
      ? request.paths.indices.first { done[$0] }.map { FileName.lastComponent(request.paths[$0]) }
        ?? ""
      : "\(count) files"
    let summary: String
    if failures.isEmpty {
      summary = "\(verb): \(files)"
    } else if count == 0 {
      summary =
        failures[0].message + (failures.count > 1 ? " (and \(failures.count - 1) more)" : "")
    } else {
      summary = "\(verb): \(count) of \(done.count) files; \(failures[0].message)"
    }
    return CurationOutcome(
      request: request, record: record, done: done, failures: failures, summary: summary)
  }

  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return FileName.withCString(path) { lstat($0, &status) } == 0
  }

}
