/// `masonry --completions bash|zsh|fish`: shell completions made from the same tables the
/// help and the manual page are written from (the commands, each command's options), so
/// they cannot disagree. The first word completes to a command or a file; a word that
/// starts with `-` to that command's options (the browser's when none is named); any
/// other word to a file.
enum Completions {
  static let shells = ["bash", "zsh", "fish"]

  /// The option names a list of options' help documents (`--pick[=card|path]` gives
  /// `--pick`, `-h, --help` gives both).
  static func names(_ options: [OptionHelp]) -> [String] {
    var names: [String] = []
    for option in options {
      for word in option.name.split(separator: " ") where word.hasPrefix("-") {
        var name = word.prefix { $0 != "[" && $0 != "=" && $0 != "," }
        if name.hasSuffix(",") { name = name.dropLast() }
        if !names.contains(String(name)) { names.append(String(name)) }
      }
    }
    return names
  }

  /// The commands other than the browser, and their options.
  static var commands: [(name: String, options: [String])] {
    Subcommand.allCases.map { ($0.rawValue, names($0.documentation.options)) }
  }

  /// The browser's options, the program's own among them.
  static var browserOptions: [String] {
    names(BrowseCommand.documentation.options + MasonryCommand.programOptionHelp)
  }

  /// The script for `shell` (one of `shells`).
  static func script(for shell: String) -> String {
    switch shell {
    case "bash": return bash
    case "zsh": return zsh
    default: return fish
    }
  }

  private static var bash: String {
    let cases = commands.map { "    \($0.name)) opts=\"\($0.options.joined(separator: " "))\" ;;" }
    return """
      # masonry completions for bash: made by `masonry --completions bash`.
      _masonry() {
        local cur=${COMP_WORDS[COMP_CWORD]} opts
        case ${COMP_WORDS[1]} in
      \(cases.joined(separator: "\n"))
          *) opts="\(browserOptions.joined(separator: " "))" ;;
        esac
        # One name a line, read whole: a name with spaces or a `*` is never split or
        # expanded.
        COMPREPLY=()
        if [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
        elif [[ $COMP_CWORD -eq 1 ]]; then
          mapfile -t COMPREPLY < <(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur"; compgen -f -- "$cur")
        else
          mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        fi
      }
      complete -o filenames -F _masonry masonry

      """
  }

  private static var zsh: String {
    let cases = commands.map { "    \($0.name)) opts=(\($0.options.joined(separator: " "))) ;;" }
    return """
      #compdef masonry
      # masonry completions for zsh: made by `masonry --completions zsh`.
      _masonry() {
        local -a opts
        case $words[2] in
      \(cases.joined(separator: "\n"))
          *) opts=(\(browserOptions.joined(separator: " "))) ;;
        esac
        if [[ $PREFIX == -* ]]; then
          compadd -- $opts
        elif (( CURRENT == 2 )); then
          compadd -- \(commands.map(\.name).joined(separator: " "))
          _files
        else
          _files
        fi
      }
      _masonry "$@"

      """
  }

  private static var fish: String {
    let names = commands.map(\.name).joined(separator: " ")
    var lines = [
      "# masonry completions for fish: made by `masonry --completions fish`.",
      "complete -c masonry -n '__fish_use_subcommand' -a '\(names)'",
    ]
    func option(_ name: String, condition: String) -> String {
      let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
      return "complete -c masonry -n '\(condition)' \(flag)"
    }
    for name in browserOptions {
      lines.append(option(name, condition: "not __fish_seen_subcommand_from \(names)"))
    }
    for command in commands {
      for name in command.options {
        lines.append(option(name, condition: "__fish_seen_subcommand_from \(command.name)"))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
