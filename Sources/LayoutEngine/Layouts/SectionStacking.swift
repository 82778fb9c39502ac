/// A layout that stacks its sections downwards one after another and keeps where it
/// stopped in a `SectionProgress`: masonry, the grid, the zigzag and the tag cloud. They
/// take appended cards alike; each says only how it takes up its finished last section
/// again (`resumeLastSection(after:)`).
protocol SectionStacking: CollectionLayout {
  var context: LayoutContext? { get set }
  var table: SectionTable { get set }
  var progress: SectionProgress { get set }

  /// The last section, which was finished, goes on after its `oldCount` items: set
  /// `progress.item` to where placing resumes and restore what the layout keeps of that
  /// section (its columns, its open row).
  mutating func resumeLastSection(after oldCount: Int)
}

extension SectionStacking {
  /// `appendSections`: the sections join the context and are placed only when everything
  /// before them was (else preparation reaches them by itself).
  mutating func appendStackedSections(_ sections: [SectionSpec]) {
    // (The context changed in place: a copy would copy every section's spec.)
    guard !sections.isEmpty, context != nil else { return }
    context!.sections.append(contentsOf: sections)
    table.updateItemCounts(context!.sections)
    guard progress.resumeAfterSectionsAppended() else { return }
    prepareMore(through: .max)
  }

  /// `appendItems`: the items join the last section and are placed, without placing
  /// anything before them again, when everything before them was.
  mutating func appendStackedItems(_ count: Int) {
    guard count > 0, context != nil else { return }
    let oldCount = context!.appendToLastSection(count)
    table.updateItemCounts(context!.sections)
    let resumed = progress.resumeAfterAppend(
      startedSections: table.startedCount, sectionCount: context!.sections.count)
    guard resumed.resumes else { return }
    if resumed.reopens { table.reopenLast() }
    if progress.sectionStarted { resumeLastSection(after: oldCount) }
    prepareMore(through: .max)
  }
}
