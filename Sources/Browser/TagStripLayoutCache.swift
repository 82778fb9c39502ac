import LayoutEngine
import Widgets

/// Keeps the tag strip's layout for the last width, shared by the copies of one
/// `BrowserContent` (whose tags never change). Not thread-safe: used from one thread.
final class TagStripLayoutCache {
  private var cached: (width: Int, layout: TagLayout)?

  func layout(tags: [String], width: Int) -> TagLayout {
    if let cached, cached.width == width { return cached.layout }
    let layout = TagStripWidget.layout(tags: tags, width: width)
    cached = (width, layout)
    return layout
  }
}
