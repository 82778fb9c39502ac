/// Everything `prepare` needs: the container, the sections and a way to measure items.
public struct LayoutContext {
  /// The container's size in cells. Vertical layouts use its width (the height is the
  /// viewport, which they ignore); the horizontal tag strip uses its height.
  public var containerSize: Size
  public var sections: [SectionSpec]
  public var measure: ItemMeasure

  public init(containerSize: Size, sections: [SectionSpec], measure: ItemMeasure) {
    self.containerSize = containerSize
    self.sections = sections
    self.measure = measure
  }

  /// A single section without a header.
  public init(containerSize: Size, itemCount: Int, measure: ItemMeasure) {
    self.init(
      containerSize: containerSize, sections: [SectionSpec(itemCount: itemCount)],
      measure: measure)
  }

  /// The total number of items over all sections.
  public var itemCount: Int { sections.reduce(0) { $0 + Swift.max(0, $1.itemCount) } }
}
