/// What the person asked to do with files (the browser's curation keys): each is carried
/// out by `Curator.perform`, off the event loop, and answered with a `CurationOutcome`.
package enum CurationRequest: Hashable, Sendable {
  /// To the trash, each file of its own volume's (`Trash`).
  case trash([String])
  /// Into a folder, under their own names (`FileMover.move`).
  case move([String], into: String)
  /// Copied into a folder, under their own names (`FileMover.copy`).
  case copy([String], into: String)
  /// A new name in the same folder (`FileMover.rename`).
  case rename(String, to: String)
  /// Bytes of a card file replaced (edited captions and tags), atomically
  /// (`FileRewriter`).
  case rewrite(String, [FileSplice])
  /// Take back what a request did.
  case undo(CurationRecord)

  /// The files the request acts on, in the order `CurationOutcome.done` answers for.
  package var paths: [String] {
    switch self {
    case .trash(let paths), .move(let paths, _), .copy(let paths, _): return paths
    case .rename(let path, _), .rewrite(let path, _): return [path]
    case .undo(let record): return record.currentPaths
    }
  }
}

/// What a request did, enough to take it back: only the files it changed.
package enum CurationRecord: Hashable, Sendable {
  case trashed([TrashedFile])
  case moved([FilePlace])
  /// The copies made (their originals stay where they are).
  case copied([String])
  case renamed(FilePlace)
  /// A file rewritten, with the splices that take it back.
  case rewritten(String, [FileSplice])

  /// Where the files are now, in order.
  package var currentPaths: [String] {
    switch self {
    case .trashed(let files): return files.map(\.trashed)
    case .moved(let places): return places.map(\.to)
    case .copied(let copies): return copies
    case .renamed(let place): return [place.to]
    case .rewritten(let path, _): return [path]
    }
  }

  /// How many files it changed.
  package var count: Int { currentPaths.count }

  /// The part of it whose files `done` says (in `currentPaths`' order), and the rest;
  /// `nil` for an empty part.
  package func split(done: [Bool]) -> (done: CurationRecord?, left: CurationRecord?) {
    func parts<Item>(_ items: [Item], _ make: ([Item]) -> CurationRecord) -> (
      CurationRecord?, CurationRecord?
    ) {
      let indices = items.indices
      let taken = indices.filter { $0 < done.count && done[$0] }.map { items[$0] }
      let left = indices.filter { !($0 < done.count && done[$0]) }.map { items[$0] }
      return (taken.isEmpty ? nil : make(taken), left.isEmpty ? nil : make(left))
    }
    switch self {
    case .trashed(let files): return parts(files) { .trashed($0) }
    case .moved(let places): return parts(places) { .moved($0) }
    case .copied(let copies): return parts(copies) { .copied($0) }
    case .renamed, .rewritten: return done.first == true ? (self, nil) : (nil, self)
    }
  }
}

/// A file's path before and after a move or a rename.
package struct FilePlace: Hashable, Sendable {
  package var from: String
  package var to: String

  package init(from: String, to: String) {
    self.from = from
    self.to = to
  }
}

/// What `Curator.perform` did: which of the request's files it changed (`done`, in the
/// order of `CurationRequest.paths`), the record to take that back (`nil`: nothing
/// changed), why each other file was left as it was, and one line saying so.
package struct CurationOutcome: Hashable, Sendable {
  package var request: CurationRequest
  package var record: CurationRecord?
  package var done: [Bool]
  package var failures: [CurationError]
  package var summary: String

  /// Nothing done: files are not changed here (a script, a browser without a trash).
  package static func refused(_ request: CurationRequest) -> CurationOutcome {
    CurationOutcome(
      request: request, record: nil, done: request.paths.map { _ in false }, failures: [],
      summary: "files are not changed here")
  }

  package init(
    request: CurationRequest, record: CurationRecord?, done: [Bool], failures: [CurationError],
    summary: String
  ) {
    self.request = request
    self.record = record
    self.done = done
    self.failures = failures
    self.summary = summary
  }
}
