/// The folder a user's caches live in: `$XDG_CACHE_HOME` when it is an absolute path, else
/// `$HOME/.cache` (the XDG base directory specification); masonry's caches, and the file
/// managers' thumbnails it reads, are below it.
package enum CacheRoot {
  /// The folder `environment` names; `nil` when neither variable gives one.
  package static func folder(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.cache"
  }
}
