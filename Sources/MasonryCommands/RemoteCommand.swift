import RemoteControl
import TerminalText

/// `masonry remote ADDRESS ACTION…`: drives a browser started with `--listen`, as another
/// program would: each ACTION sent as one request, each answer (the browser's state after
/// it, as one line of JSON) printed.
enum RemoteCommand {
  static let documentation = CommandDocumentation(
    name: "remote", synopsis: "remote ADDRESS ACTION…",
    description: """
      Sends each ACTION to the browser listening at ADDRESS (--listen: a socket's path, \
      $MASONRY_SOCKET in a command the browser runs, or localhost:PORT with \
      MASONRY_API_KEY set as the browser has it) and prints each answer: the state after \
      it as one line of JSON (mode, layout, query, filter, shown, total, selected, \
      marked). An ACTION is a key's command by name (page-down, toggle-mark, \
      layout-grid…; masonry --keys lists them), what a --bind binding was bound to, \
      search(TEXT), select(N), tag(TAG) or tag(), or state (nothing but the answer). \
      Exit status 1 when an answer is a refusal ({"error": …}), 69 when no browser \
      answers.
      """,
    options: [])

  static var usage: String { documentation.usage }

  static func run(
    _ arguments: [String], environment: [String: String], output: inout some TextOutput
  ) throws -> Int32 {
    let parsed = try ParsedArguments(arguments, valueOptions: [], flagOptions: ["--help"])
    if parsed.flags.contains("--help") {
      output.write(usage + "\n")
      return 0
    }
    guard parsed.positionals.count >= 2 else {
      throw UsageError("remote needs an ADDRESS and at least one ACTION")
    }
    let address: RemoteAddress
    do throws(RemoteAddress.Invalid) {
      address = try RemoteAddress(parsed.positionals[0])
    } catch {
      throw UsageError("remote: \(error.message)")
    }
    let requests = Array(parsed.positionals.dropFirst())
    // Bytes, not characters: "\r\n" is one Character, and would end the line.
    if let bad = requests.first(where: {
      $0.utf8.contains(0x0A) || $0.utf8.contains(0x0D) || $0.utf8.count > RemoteServer.lineLimit
    }) {
      throw UsageError(
        "remote: an ACTION is one line of at most \(RemoteServer.lineLimit) bytes, not '\(ParsedArguments.printable(bad))'"
      )
    }
    let answers: [String]
    do throws(RemoteClient.Failure) {
      answers = try RemoteClient.exchange(
        requests, with: address, apiKey: environment["MASONRY_API_KEY"])
    } catch {
      FailureReport.say(error.message, on: &output)
      return 69
    }
    // The browser's JSON holds no control (its escapes stay escaped); whatever else
    // listens there gets its controls shown, never passed to the terminal.
    for answer in answers { output.write(MessageText.visible(answer) + "\n") }
    return answers.contains { $0.hasPrefix("{\"error\"") } ? 1 : 0
  }
}
