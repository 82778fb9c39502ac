import TerminalText

extension CardChunk {
  /// The lines card `local`'s caption (`field` 0) or comment (1) takes at `width` cells:
  /// plain ASCII and plain CJK counted as they are, other text from the chunk's shapes for
  /// `wrap`, which `shapes` gives (making them when first needed), or, when it gives none,
  /// shaped alone. The one count the measurer and
  /// the measuring worker share.
  ///
  /// - Complexity: O(text of the field), O(words) once the shapes are made.
  @inline(__always)
  func lineCount(
    ofCard local: Int, field: Int, width: Int, wrap: WrapMode, shapes: () -> ChunkShapes?
  ) -> Int {
    switch textKind(local, field: field) {
    case .ascii:
      return withText(local) { caption, comment in
        ASCIIText.lineCount(field == 0 ? caption : comment, width: width, mode: wrap)
      }
    case .cjk:
      return withText(local) { caption, comment in
        CJKText.lineCount(field == 0 ? caption : comment, width: width, mode: wrap)
      }
    case .other:
      let shapes = shapes()
      return withText(local) { caption, comment in
        let text = field == 0 ? caption : comment
        guard let shapes else {
          return ChunkShapes.lineCount(ofText: text, width: width, wrap: wrap)
        }
        return shapes.lineCount(ofCard: local, field: field, text: text, width: width)
      }
    }
  }
}
