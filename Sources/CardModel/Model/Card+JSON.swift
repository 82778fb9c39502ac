import TerminalText

extension Card {
  /// The card as one line of JSON, in the shape masonry reads (`id`, `caption`,
  /// `comment`, `image`, `tags`, `section`, `url`, `alt`; absent fields left out), for `--pick`.
  /// Every control character, C1 control, bidirectional control and line separator is
  /// escaped, so the line is safe on any terminal and stays one line.
  package var jsonLine: String {
    var members: [String] = []
    if let id { members.append("\"id\":\(Self.quoted(id))") }
    members.append("\"caption\":\(Self.quoted(caption))")
    if let comment { members.append("\"comment\":\(Self.quoted(comment))") }
    if let image {
      var fields: [String] = []
      if let path = image.path { fields.append("\"path\":\(Self.quoted(path))") }
      if image.hasSize { fields.append("\"width\":\(image.width),\"height\":\(image.height)") }
      if let color = image.dominantColor { fields.append("\"color\":\"\(color.hex)\"") }
      members.append("\"image\":{\(fields.joined(separator: ","))}")
    }
    if !tags.isEmpty {
      members.append("\"tags\":[\(tags.map(Self.quoted).joined(separator: ","))]")
    }
    if let section { members.append("\"section\":\(Self.quoted(section))") }
    if let url { members.append("\"url\":\(Self.quoted(url))") }
    if let alt { members.append("\"alt\":\(Self.quoted(alt))") }
    return "{\(members.joined(separator: ","))}"
  }

  private static func quoted(_ text: String) -> String { JSONText.quoted(text) }
}
