/// `masonry --completions bash|zsh|fish`: shell completions made from the same tables the
/// help and the manual page are written from (the commands, each command's options and
/// the values each takes), so they cannot disagree. The first word completes to a command
/// or a file; a word that starts with `-` to that command's options (the browser's when
/// none is named); the word after an option that takes listed values (`--layout`), or
/// after `--color=`, to those values; any other word to a file.
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

  /// Each command's options that take listed values, the browser's as `browse`: (the
  /// command, the option, its values, whether they come only after `=`: `--color=256`,
  /// where `--color` alone is a flag and the next word a file).
  static var values: [(command: String, option: String, values: [String], optional: Bool)] {
    let documented =
      [("browse", BrowseCommand.documentation.options + MasonryCommand.programOptionHelp)]
      + Subcommand.allCases.map { ($0.rawValue, $0.documentation.options) }
    return documented.flatMap { command, options in
      options.filter { !$0.values.isEmpty }.flatMap { option in
        names([option]).filter { $0.hasPrefix("--") }.map {
          (command, $0, option.values, option.name.contains("[="))
        }
      }
    }
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
    let valueCases = values.map {
      let patterns =
        ($0.optional ? [] : ["'\($0.command) \($0.option)'"]) + ["'\($0.command) \($0.option)='"]
      return
        "    \(patterns.joined(separator: "|"))) vals=\"\($0.values.joined(separator: " "))\" ;;"
    }
    return """
      # masonry completions for bash: made by `masonry --completions bash`.
      _masonry() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} opts vals command
        local prefix=
        case ${COMP_WORDS[1]} in
      \(cases.joined(separator: "\n"))
          *) opts="\(browserOptions.joined(separator: " "))" ;;
        esac
        command=browse
        [[ " \(commands.map(\.name).joined(separator: " ")) " == *" ${COMP_WORDS[1]} "* ]] && command=${COMP_WORDS[1]}
        # --color=256: bash splits at the = (COMP_WORDBREAKS), or not where it was taken out.
        if [[ $cur == = ]]; then
          prev=$prev= cur=
        elif [[ $prev == = ]]; then
          prev=${COMP_WORDS[COMP_CWORD-2]}=
        elif [[ $cur == --*=* ]]; then
          prev=${cur%%=*}= prefix=${cur%%=*}= cur=${cur#*=}
        fi
        case "$command $prev" in
      \(valueCases.joined(separator: "\n"))
        esac
        # One name a line, read whole: a name with spaces or a `*` is never split or
        # expanded.
        COMPREPLY=()
        if [[ -n $vals ]]; then
          mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$vals" -- "$cur")
        elif [[ $cur == -* ]]; then
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
    let valueCases = values.map {
      let patterns =
        ($0.optional ? [] : ["'\($0.command) \($0.option)'"]) + ["'\($0.command) \($0.option)='"]
      return "    \(patterns.joined(separator: "|"))) vals=(\($0.values.joined(separator: " "))) ;;"
    }
    return """
      #compdef masonry
      # masonry completions for zsh: made by `masonry --completions zsh`.
      _masonry() {
        local -a opts vals
        local command=browse prev=$words[CURRENT-1]
        case $words[2] in
      \(cases.joined(separator: "\n"))
          *) opts=(\(browserOptions.joined(separator: " "))) ;;
        esac
        [[ " \(commands.map(\.name).joined(separator: " ")) " == *" $words[2] "* ]] && command=$words[2]
        if [[ $PREFIX == --*=* ]]; then
          prev=${PREFIX%%=*}=
          compset -P '*='
        fi
        case "$command $prev" in
      \(valueCases.joined(separator: "\n"))
        esac
        if (( $#vals )); then
          compadd -- $vals
        elif [[ $PREFIX == -* ]]; then
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
    let listed = values
    func option(_ name: String, command: String, condition: String) -> String {
      let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
      // Listed values: only those after the option (-x: no file there).
      let choices = listed.first { $0.command == command && $0.option == name }.map {
        " \($0.optional ? "" : "-x ")-a '\($0.values.joined(separator: " "))'"
      }
      return "complete -c masonry -n '\(condition)' \(flag)\(choices ?? "")"
    }
    for name in browserOptions {
      lines.append(
        option(name, command: "browse", condition: "not __fish_seen_subcommand_from \(names)"))
    }
    for command in commands {
      for name in command.options {
        lines.append(
          option(
            name, command: command.name, condition: "__fish_seen_subcommand_from \(command.name)"))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
