/// A readable text dump of a layout, one line per element, for golden tests and for
/// people: `#index section.item  x,y wxh  col c row r`.
public enum LayoutDump {
  /// The dump of every element placed in `layout` for `sections` (zero-size items too),
  /// headers before their section's items, then a line with the content size.
  public static func text<Layout: CollectionLayout>(
    of layout: Layout, sections: [SectionSpec]
  ) -> String {
    var lines: [String] = []
    for (section, spec) in sections.enumerated() {
      if let header = layout.headerAttributes(forSection: section) {
        lines.append(line(for: header))
      }
      for item in 0..<Swift.max(0, spec.itemCount) {
        if let attributes = layout.attributes(forItem: ItemPath(section: section, item: item)) {
          lines.append(line(for: attributes))
        }
      }
    }
    let size = layout.contentSize
    lines.append("content \(size.width)x\(size.height) columns \(layout.columnCount)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// One element's line.
  public static func line(for attributes: LayoutAttributes) -> String {
    if attributes.kind == .sectionHeader {
      return "header \(attributes.section)  \(attributes.frame)"
    }
    var line = "#\(attributes.index) \(attributes.path)  \(attributes.frame)"
    if let column = attributes.column { line += "  col \(column)" }
    if let row = attributes.row { line += "  row \(row)" }
    return line
  }
}
