import TerminalText

/// The prepared caption and comment of every card of a store, made on first use: before
/// the first frame only the cards on screen are prepared, however long the feed. Filtered
/// views share it, so a card is prepared at most once; cards that stream in are added.
///
/// Not thread-safe: a measurer and the views made from it are used from one thread.
final class PreparedTextCache {
  private(set) var store: CardStore
  private var captions: [PreparedText?]
  private var comments: [PreparedText?]

  init(store: CardStore) {
    self.store = store
    captions = Array(repeating: nil, count: store.count)
    comments = Array(repeating: nil, count: store.count)
  }

  var count: Int { captions.count }

  /// Adds the cards of `chunk`.
  func append(_ chunk: CardChunk) {
    store.append(chunk)
    captions.append(contentsOf: repeatElement(nil, count: chunk.count))
    comments.append(contentsOf: repeatElement(nil, count: chunk.count))
  }

  /// - Complexity: O(text length) the first time (one ICU pass), O(1) after.
  func caption(_ index: Int) -> PreparedText {
    if let prepared = captions[index] { return prepared }
    let (chunk, local) = store.locate(index)
    let prepared = store.chunks[chunk].withText(local) { caption, _ in
      PreparedText(String(decoding: caption, as: UTF8.self))
    }
    captions[index] = prepared
    return prepared
  }

  func comment(_ index: Int) -> PreparedText {
    if let prepared = comments[index] { return prepared }
    let (chunk, local) = store.locate(index)
    let prepared = store.chunks[chunk].withText(local) { _, comment in
      PreparedText(String(decoding: comment, as: UTF8.self))
    }
    comments[index] = prepared
    return prepared
  }

  /// Whether card `index` has a picture, and its shape.
  func imageShape(_ index: Int) -> (hasImage: Bool, aspectRatio: Double) {
    let (chunk, local) = store.locate(index)
    return store.chunks[chunk].imageShape(local)
  }
}
