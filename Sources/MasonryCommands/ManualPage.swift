import Browser
import CardLayouts

/// The manual page, `masonry.1`, written from the same tables as `--help` and the help
/// overlay: the commands' documentation and the key table. `masonry --man` prints it;
/// `make install` installs it.
enum ManualPage {
  static let text: String = {
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
    page += ".SH KEYS\n" + KeyBindings.roff()
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
      .B NO_COLOR
      When set (and not empty), no colour is drawn unless \\fB\\-\\-color\\fR asks for a depth;
      attributes (bold, reverse) stay.
      .SH EXAMPLES
      .TP
      .B masonry
      Browse the bundled sample.
      .TP
      .B masonry cards.json \\-\\-layout grid
      Browse a file in the grid layout.
      .TP
      .B masonry render \\-\\-size 80x24 \\-\\-layout tiles
      Print one frame of the tiles layout at 80 by 24.
      .TP
      .B masonry generate \\-\\-count 100000 > feed.jsonl
      Make a large feed to try.

      """
    return page
  }()

  private static func synopsis(_ text: String) -> String {
    ".PP\n.B masonry\n\(text.hasPrefix("\\") ? text : Roff.escaped(text))\n"
  }
}
