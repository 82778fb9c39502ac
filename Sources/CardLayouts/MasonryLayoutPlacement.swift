import LayoutEngine

/// The placements in the order `p` cycles through them.
package enum MasonryLayoutPlacement {
  package static let cycle: [MasonryLayout.Placement] = [
    .shortestFirst, .leftToRight, .rightToLeft,
  ]

  package static func name(_ placement: MasonryLayout.Placement) -> String {
    switch placement {
    case .shortestFirst: return "shortest first"
    case .leftToRight: return "left to right"
    case .rightToLeft: return "right to left"
    }
  }
}
