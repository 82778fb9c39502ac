import CardModel
import TerminalText

/// Turns values read from a source into cards, pointing at the offending value when the
/// data is not what a card needs. Unknown keys are ignored.
enum CardDecoder {
  /// The error for a top-level object with two members that hold cards.
  static let secondCardsMember =
    "a second 'cards' (or 'photos') member: the cards must be in one array"

  /// The cards of a whole document: an array of cards, or an object holding one under
  /// `cards` (JSON) or `photos` (the seed's property list).
  static func cards(fromDocument document: DataValue, mapping: FieldMapping = FieldMapping())
    throws(DataError) -> [Card]
  {
    let list: DataValue
    switch document.kind {
    case .array:
      list = document
    case .object(let members):
      // The first `cards` (or `photos`) member holds the cards; a second is an error, as a
      // stream that has read the first cannot know a later one will come.
      let named = members.filter { $0.key == "cards" || $0.key == "photos" }
      guard let found = named.first?.value else {
        throw .bad(
          "expected a 'cards' (or 'photos') array in the top-level object", at: document.location)
      }
      guard case .array = found.kind else {
        throw .bad("the cards must be an array, not \(found.typeName)", at: found.location)
      }
      if named.count > 1 {
        throw .bad(Self.secondCardsMember, at: named[1].value.location)
      }
      list = found
    default:
      throw .bad(
        "expected an array of cards or an object with 'cards', not \(document.typeName)",
        at: document.location)
    }
    guard case .array(let elements) = list.kind else {
      throw .bad("the cards must be an array, not \(list.typeName)", at: list.location)
    }
    var cards: [Card] = []
    cards.reserveCapacity(elements.count)
    for element in elements { cards.append(try card(from: element, mapping: mapping)) }
    return cards
  }

  /// One card from an object with at least a caption (where `mapping` says fields are).
  static func card(from value: DataValue, mapping: FieldMapping = FieldMapping())
    throws(DataError) -> Card
  {
    guard case .object = value.kind else {
      throw .bad("a card must be an object, not \(value.typeName)", at: value.location)
    }
    func field(_ field: FieldMapping.Field) -> DataValue? {
      var current: DataValue? = value
      for key in mapping.path(of: field) { current = current?[key] }
      return current
    }
    guard let captionValue = field(.caption) else {
      throw .bad(missingCaption(value, mapping: mapping), at: value.location)
    }
    return Card(
      id: try identifier(field(.id), named: mapping.name(of: .id)),
      caption: try string(captionValue, named: mapping.name(of: .caption)),
      comment: try optionalString(field(.comment), named: mapping.name(of: .comment)),
      image: try image(field(.image), named: mapping.name(of: .image)),
      tags: try tags(field(.tags), named: mapping.name(of: .tags)),
      section: try optionalString(field(.section), named: mapping.name(of: .section)),
      url: try optionalString(field(.url), named: mapping.name(of: .url)),
      alt: try optionalString(field(.alt), named: mapping.name(of: .alt)))
  }

  /// Says how to name the caption's key when a card has none where it is looked for: the
  /// card's keys holding text, the first named as `--caption`'s example.
  static func missingCaption(_ value: DataValue, mapping: FieldMapping) -> String {
    let name = mapping.name(of: .caption)
    guard case .object(let members) = value.kind else { return "this card has no '\(name)'" }
    let texts = members.filter {
      if case .string = $0.value.kind { return true } else { return false }
    }.map { MessageText.quoted($0.key) }
    guard let first = texts.first else { return "this card has no '\(name)'" }
    let listed = texts.prefix(5).joined(separator: ", ") + (texts.count > 5 ? ", …" : "")
    let example = first.contains(where: { $0 == " " || $0 == "." }) ? "KEY" : first
    return
      "this card has no '\(name)'; its text is under \(listed): --caption \(example) names the key to show"
  }

  private static func string(_ value: DataValue, named name: String) throws(DataError) -> String {
    guard case .string(let text) = value.kind else {
      throw .bad("'\(name)' must be a string, not \(value.typeName)", at: value.location)
    }
    return text
  }

  private static func optionalString(_ value: DataValue?, named name: String) throws(DataError)
    -> String?
  {
    guard let value else { return nil }
    if case .null = value.kind { return nil }
    return try string(value, named: name)
  }

  private static func identifier(_ value: DataValue?, named name: String) throws(DataError)
    -> String?
  {
    guard let value else { return nil }
    switch value.kind {
    case .null: return nil
    case .string(let text): return text
    case .number(let number) where number == number.rounded() && abs(number) < 1e15:
      return String(Int(number))
    case .number:
      throw .bad(
        "'\(name)' as a number must be whole and below 10^15 (write larger ids as strings)",
        at: value.location)
    default:
      throw .bad(
        "'\(name)' must be a string or a whole number, not \(value.typeName)", at: value.location)
    }
  }

  private static func tags(_ value: DataValue?, named name: String) throws(DataError) -> [String] {
    guard let value else { return [] }
    if case .null = value.kind { return [] }
    guard case .array(let elements) = value.kind else {
      throw .bad("'\(name)' must be an array of strings, not \(value.typeName)", at: value.location)
    }
    var tags: [String] = []
    for element in elements {
      guard case .string(let tag) = element.kind else {
        throw .bad("a tag must be a string, not \(element.typeName)", at: element.location)
      }
      tags.append(tag)
    }
    return tags
  }

  /// An image: an object with `width`, `height` (pixels), `color` (`#rrggbb`) and `path`,
  /// or, as in the seed, just a name, which is taken as a path. With a path, the size may
  /// be left out: it is read from the picture's header when the cards are loaded.
  private static func image(_ value: DataValue?, named name: String) throws(DataError)
    -> CardImage?
  {
    guard let value else { return nil }
    switch value.kind {
    case .null:
      return nil
    case .string(let picture):
      return CardImage(width: 0, height: 0, path: picture)
    case .object:
      let path = try optionalString(value["path"], named: "path")
      var width = 0
      var height = 0
      if path == nil || value["width"] != nil || value["height"] != nil {
        width = try dimension(value["width"], named: "width", of: value)
        height = try dimension(value["height"], named: "height", of: value)
      }
      var color: RGBColor?
      if let colorValue = value["color"] {
        let text = try string(colorValue, named: "color")
        guard let parsed = RGBColor(hex: text) else {
          throw .bad(
            "'color' must look like #rrggbb, not '\(DataError.quote(text))'",
            at: colorValue.location)
        }
        color = parsed
      }
      return CardImage(width: width, height: height, dominantColor: color, path: path)
    default:
      throw .bad("'\(name)' must be an object or a name, not \(value.typeName)", at: value.location)
    }
  }

  private static func dimension(
    _ value: DataValue?, named name: String, of image: DataValue
  ) throws(DataError) -> Int {
    guard let value else { throw .bad("this image has no '\(name)'", at: image.location) }
    guard case .number(let number) = value.kind, number >= 1, number <= 1_000_000,
      number == number.rounded()
    else {
      throw .bad(
        "image '\(name)' must be a whole number of pixels from 1 to 1000000", at: value.location)
    }
    return Int(number)
  }
}
