/// Plain Japanese and Chinese text shaped without ICU: kana, the prolonged sound mark,
/// ideographs, the iteration mark 々, 、。 and 「」, each two cells wide. With ICU's strict
/// Japanese rules a line may break before any of them except before small kana, ー, 々,
/// 、, 。 and 」, and except after 「. The shape is byte for byte the one
/// `PreparedText.icuShape(of:)` makes (a seeded test compares them).
package enum CJKText {
  /// What a simple scalar is to line breaking.
  private enum Kind {
    /// May start a line; a line may break before it (kana, ideographs).
    case ideographic
    /// Never starts a line (small kana, ー, 々, 、, 。, 」).
    case nonStarter
    /// 「: a line may break before it, never after it.
    case opening
  }

  @inline(__always)
  private static func kind(_ scalar: UInt32) -> Kind? {
    switch scalar {
    case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095,
      0x3096, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE,
      0x30F5, 0x30F6, 0x30FC, 0x3005, 0x3001, 0x3002, 0x300D:
      return .nonStarter
    case 0x300C:
      return .opening
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF:
      return .ideographic
    default:
      return nil
    }
  }

  /// The scalar of the three-byte UTF-8 sequence at `offset` (every simple scalar is one).
  @inline(__always)
  private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
    UInt32(bytes[offset] & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6
      | UInt32(bytes[offset + 2] & 0x3F)
  }

  /// Whether `bytes` (UTF-8) is simple text of this kind, and not empty.
  ///
  /// - Complexity: O(*n*).
  package static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard !bytes.isEmpty, bytes.count % 3 == 0 else { return false }
    var offset = 0
    while offset < bytes.count {
      let lead = bytes[offset]
      guard lead & 0xF0 == 0xE0, bytes[offset + 1] & 0xC0 == 0x80, bytes[offset + 2] & 0xC0 == 0x80,
        kind(scalar(bytes, offset)) != nil
      else { return false }
      offset += 3
    }
    return true
  }

  /// The shape of simple text `bytes`, worked out cluster by cluster as it is read.
  package struct Clusters: ClusterSequence {
    private let bytes: UnsafeBufferPointer<UInt8>
    package let count: Int

    @inline(__always)
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      count = bytes.count / 3
    }

    @inline(__always)
    package subscript(index: Int) -> UInt8 {
      let kind = CJKText.kind(CJKText.scalar(bytes, index * 3))
      var info: UInt8 = 2
      if kind != .nonStarter {
        info |= PreparedText.ClusterInfo.charBreakBefore
        if index > 0 && CJKText.kind(CJKText.scalar(bytes, index * 3 - 3)) != .opening {
          info |= PreparedText.ClusterInfo.wordBreakBefore
        }
      }
      return info
    }
  }
}
