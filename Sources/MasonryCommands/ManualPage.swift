import Browser
import CardLayouts

/// The manual page, `masonry.1`, written from the same tables as `--help` and the help
/// overlay: the commands' documentation and the key table. `masonry --man` prints it;
/// `make install` installs it.
enum ManualPage {
  /// The page, with the keys of `keys` (the bindings in force) in its KEYS.
  static func text(keys: KeyTables = .standard) -> String {
    var page = """
      .TH MASONRY 1 "2026-11-30" "masonry \(MasonryCommand.version)" "User Commands"
      .\\" Arrows and the ellipsis fall back to ASCII where the output has no glyph for them.
      .if !c\\[u2191] .char \\[u2191] ^
      .if !c\\[u2193] .char \\[u2193] v
      .if !c\\[u2026] .char \\[u2026] ...
      .SH NAME
      masonry \\- browse cards in columns in the terminal, and lay them out
      .SH SYNOPSIS

      """
    page += synopsis(BrowseCommand.documentation.synopsis)
    for command in MasonryCommand.commands { page += synopsis(command.synopsis) }
    page += synopsis("\\-\\-version | \\-\\-man | \\-\\-help")
    page += """
      .SH DESCRIPTION
      \(BrowseCommand.documentation.description.split(separator: "\n\n").map { Roff.escaped(String($0)) }.joined(separator: "\n.PP\n"))
      .PP
      A file of cards is JSON (an array of cards, or an object with a \\fBcards\\fR array),
      JSON Lines (one card per line), or an XML property list whose \\fBphotos\\fR key holds
      an array of dictionaries. Without SOURCE, standard input is read when it is a pipe or a
      file; otherwise the bundled sample of 64
      animals is shown. A card has a \\fBcaption\\fR (required), a \\fBcomment\\fR, an
      \\fBid\\fR, a \\fBsection\\fR, \\fBtags\\fR and an \\fBimage\\fR (a picture's path, or its
      width and height). A picture or a folder of pictures makes a card of each picture,
      captioned with its file name. All text from a file is sanitised: no control sequence
      reaches the terminal.
      .PP
      The layouts:
      .RS

      """
    for kind in LayoutKind.all {
      page += ".TP 12\n.B \(kind.key) \(kind.name)\n\(Roff.escaped(kind.summary))\n"
    }
    page += ".RE\n.SH OPTIONS\n"
    page += OptionHelp.roff(
      BrowseCommand.documentation.options + [CommandDocumentation.helpOption]
        + MasonryCommand.programOptionHelp.dropFirst())
    page += ".SH KEYS\n" + KeyBindings.roff(for: keys)
    page += ".SH COMMANDS\n"
    for command in MasonryCommand.commands {
      page += ".SS \(Roff.escaped("masonry " + command.synopsis))\n"
      page += Roff.escaped(command.description) + "\n"
      page += OptionHelp.roff(command.options + [CommandDocumentation.helpOption])
    }
    page += """
      .SH EXIT STATUS
      .TP
      .B 0
      Done (\\fBq\\fR in the browser; with \\fB\\-\\-pick\\fR, a card was chosen and printed).
      .TP
      .B 1
      With \\fB\\-\\-pick\\fR: the browser ended without a card (\\fBq\\fR, \\fBEsc\\fR).
      \\fBmasonry sweep\\fR: a layout invariant failed.
      \\fBmasonry remote\\fR: the browser refused a request (\\fB{"error": ...}\\fR).
      .TP
      .B 64
      A bad command line.
      .TP
      .B 65
      Bad data: the message says \\fIfile\\fR:\\fIline\\fR:\\fIcolumn\\fR.
      .TP
      .B 66
      The source is missing or cannot be read.
      .TP
      .B 69
      No usable terminal (standard input or output redirected, TERM unknown, or a terminal
      without cursor addressing or reverse video); \\fBmasonry render\\fR needs none.
      \\fBmasonry remote\\fR: no browser answers at the address.
      .TP
      .B 70
      An internal error.
      .TP
      .B 74
      The output could not be written (a full disk, say); a closed pipe ends quietly.
      .TP
      .B 130
      Ctrl-C in the browser (with or without \\fB\\-\\-pick\\fR), or SIGINT.
      .TP
      .B 128+\\fIn\\fR
      Ended by signal \\fIn\\fR, with the terminal restored.
      .SH ENVIRONMENT
      .TP
      .B TERM
      The terminal type; colours follow its terminfo entry (24-bit where it has RGB or Tc).
      .TP
      .B COLORTERM
      \\fBtruecolor\\fR or \\fB24bit\\fR: the terminal shows 24-bit colour (drawn through the
      \\fB-direct\\fR terminfo entry of TERM's family).
      .TP
      .B TERM_PROGRAM\\fR, \\fBKONSOLE_VERSION
      Which terminal it is, beside what the probe's answers say: iTerm2, WezTerm or mlterm
      named in \\fBTERM_PROGRAM\\fR draw iTerm2's pictures, and a terminal that draws the
      sextants itself gets them (see \\fB\\-\\-symbols\\fR).
      .TP
      .B NO_COLOR
      When set (and not empty), no colour is drawn unless \\fB\\-\\-color\\fR asks for a depth;
      attributes (bold, reverse) stay.
      .TP
      .B MASONRY_OPTS
      Default options for the browser, split as a shell splits words (nothing expanded):
      read after the config file and before the command line.
      .TP
      .B MASONRY_IMAGES
      How pictures are drawn when \\fB\\-\\-images\\fR is not given (the same values).
      .TP
      .B MASONRY_OPENER
      The program \\fBo\\fR opens a picture with, and its arguments, split at spaces (default
      \\fBxdg\\-open\\fR); the path is one more argument, never read as an option.
      .TP
      .B MASONRY_SHELL
      The shell \\fB!\\fR runs a command line with (default \\fB/bin/sh\\fR), as
      \\fISHELL\\fR \\fB\\-c\\fR '\\fICOMMAND\\fR "$@"' with the files as arguments.
      .TP
      .B MASONRY_OSC52
      \\fB1\\fR: as \\fB\\-\\-osc52\\fR.
      .TP
      .B MASONRY_PICTURE_LOG
      A file to which each picture sent to the terminal is logged as a line of JSON (its
      cell, size, protocol, transfer and bytes), for checking a terminal.
      .TP
      .B MASONRY_TRACE
      A file to which every event and frame is logged with its time, for measuring latency.
      .TP
      .B MASONRY_TEST_KILL_AT
      For tests only: the step of moving a file to the trash at which the program kills
      itself, to prove an interrupted move loses nothing.
      .TP
      .B MASONRY_API_KEY
      The key every request to \\fB\\-\\-listen=localhost:\\fIPORT\\fR must begin with, and
      that \\fBmasonry remote\\fR sends.
      .TP
      .B MASONRY_SOCKET
      Set by the browser for the commands it runs (\\fB\\-\\-bind\\fR's \\fBexecute\\fR): where
      it listens, for \\fBmasonry remote "$MASONRY_SOCKET" ...\\fR.
      .TP
      .B XDG_RUNTIME_DIR
      Where \\fB\\-\\-listen\\fR without a path makes its socket (\\fBmasonry\\-\\fIPID\\fB.sock\\fR).
      .TP
      .B XDG_CONFIG_HOME
      Where the config file is looked for (\\fB$XDG_CONFIG_HOME/masonry/config\\fR, else
      \\fB~/.config/masonry/config\\fR).
      .TP
      .B XDG_CACHE_HOME
      Where thumbnails and picture headers are kept (\\fB$XDG_CACHE_HOME/masonry\\fR, else
      \\fB~/.cache/masonry\\fR); a file manager's thumbnails are read from
      \\fB$XDG_CACHE_HOME/thumbnails\\fR.
      .TP
      .B XDG_DATA_HOME
      Where the trash is (\\fB$XDG_DATA_HOME/Trash\\fR, else \\fB~/.local/share/Trash\\fR) and
      where the desktop's thumbnailers are looked for.
      .TP
      .B SSH_CONNECTION\\fR, \\fBSSH_TTY
      Set: masonry runs over SSH, and with \\fB\\-\\-link auto\\fR sends pictures for a slow link
      until the link measures fast.
      .TP
      .B TMUX\\fR, \\fBTMUX_PANE
      Set: masonry runs inside tmux, asks tmux what its client's terminal can do, and turns
      on passthrough for its own pane where pictures need the terminal outside.
      .SH FILES
      .TP
      .I ~/.config/masonry/config
      The config file (see \\fB\\-\\-config\\fR): options as on the command line, one or more a
      line, \\fB#\\fR comments. \\fBmasonry \\-\\-print\\-config\\fR shows the options in force
      and where each came from.
      .TP
      .I ~/.cache/masonry/thumbnails-1
      Thumbnails made once, at most 256 MB, the least recently used dropped first
      (\\fB\\-\\-no\\-cache\\fR: none).
      .TP
      .I ~/.cache/masonry/folders-1
      Each folder's picture headers, so that a folder opened again reads none.
      .TP
      .I ~/.local/share/Trash
      Where \\fBd\\fR moves marked pictures (the freedesktop.org trash; \\fBu\\fR takes them back).
      .SH EXAMPLES
      .TP
      .B masonry
      Browse the bundled sample.
      .TP
      .B masonry ~/Pictures \\-r
      Browse a photo folder and every folder in it.
      .TP
      .B masonry cards.json \\-\\-layout grid
      Browse a file in the grid layout.
      .TP
      .B masonry ~/Pictures \\-\\-pick=path > chosen.txt
      Mark pictures with \\fBm\\fR and press Enter: their paths are written, one a line.
      .TP
      .B masonry ~/Pictures \\-\\-pick=path \\-\\-print0 | xargs \\-0 cp \\-t /tmp/chosen \\-\\-
      Copy the marked pictures, whatever their names hold.
      .TP
      .B masonry feed.jsonl \\-\\-follow
      Watch a feed another program appends to, as \\fBtail \\-F\\fR does.
      .TP
      .B find . \\-name '*.jpg' | masonry \\-\\-files \\-
      Browse the pictures a command lists.
      .TP
      .B masonry render \\-\\-size 80x24 \\-\\-layout tiles
      Print one frame of the tiles layout at 80 by 24.
      .TP
      .B masonry generate \\-\\-count 100000 > feed.jsonl
      Make a large feed to try.

      """
    return page
  }

  private static func synopsis(_ text: String) -> String {
    ".PP\n.B masonry\n\(text.hasPrefix("\\") ? text : Roff.escaped(text))\n"
  }
}
