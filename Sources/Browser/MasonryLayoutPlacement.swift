import LayoutEngine

/// The placements in the order `p` cycles through them.
enum MasonryLayoutPlacement {
  static let cycle: [MasonryLayout.Placement] = [.shortestFirst, .leftToRight, .rightToLeft]

  static func name(_ placement: MasonryLayout.Placement) -> String {
    switch placement {
    case .shortestFirst: return "shortest first"
    case .leftToRight: return "left to right"
    case .rightToLeft: return "right to left"
    }
  }
}
