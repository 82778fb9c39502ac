import TerminalText

/// The prepared caption and comment of every card of a collection, made on first use:
/// before the first frame only the cards on screen are prepared, however long the feed.
/// Filtered views share it, so a card is prepared at most once.
///
/// Not thread-safe: a measurer and the views made from it are used from one thread.
final class PreparedTextCache {
  private let captionSources: [String]
  private let commentSources: [String?]
  private var captions: [PreparedText?]
  private var comments: [PreparedText?]

  init(cards: [Card]) {
    captionSources = cards.map(\.caption)
    commentSources = cards.map(\.comment)
    captions = Array(repeating: nil, count: cards.count)
    comments = Array(repeating: nil, count: cards.count)
  }

  var count: Int { captions.count }

  /// - Complexity: O(text length) the first time (one ICU pass), O(1) after.
  func caption(_ index: Int) -> PreparedText {
    if let prepared = captions[index] { return prepared }
    let prepared = PreparedText(captionSources[index])
    captions[index] = prepared
    return prepared
  }

  func comment(_ index: Int) -> PreparedText {
    if let prepared = comments[index] { return prepared }
    let prepared = PreparedText(commentSources[index] ?? "")
    comments[index] = prepared
    return prepared
  }
}
