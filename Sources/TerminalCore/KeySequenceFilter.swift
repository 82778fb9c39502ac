/// Drops the escape sequences of keys ncurses does not know (a CSI-u key, an F-key of
/// another terminal) instead of letting them through as `Esc` and ordinary keys — where
/// `\e[13;2u` would be Esc, `[`, `1`, `3`, `;`, `2` and then `u`, which undoes. An Alt-
/// chord of a printable key (`ESC d`) is one key: the character with `altFlag` set. `Esc`
/// alone (nothing after it in the same read: the late-answer filter releases a lone `Esc`
/// only after a pause) stays Escape.
package struct KeySequenceFilter: Sendable {
  private static let escape: UInt32 = 0x1B
  /// The longest unknown sequence skipped; anything longer ends the skipping.
  package static let sequenceLimit = 32
  /// Set on a character typed with Alt (above every Unicode scalar, so never one).
  package static let altFlag: UInt32 = 0x8000_0000

  private enum State: Sendable {
    case idle
    /// Inside `ESC [` or `ESC O`: skipped up to its final byte (`@` to `~`).
    case sequence(skipped: Int)
  }

  private var state = State.idle

  package init() {}

  /// Input paused: a sequence cut short by the pause is over (its rest would have come at
  /// once), so what comes next is keys again.
  package mutating func inputPaused() { state = .idle }

  /// The scalars of `batch` (as they were released together) that are keys.
  package mutating func take(_ batch: [UInt32]) -> [UInt32] {
    var keys: [UInt32] = []
    var index = 0
    while index < batch.count {
      let scalar = batch[index]
      index += 1
      switch state {
      case .sequence(let skipped):
        if (0x40...0x7E).contains(scalar) || skipped >= Self.sequenceLimit {
          state = .idle
        } else {
          state = .sequence(skipped: skipped + 1)
        }
        continue
      case .idle:
        break
      }
      guard scalar == Self.escape, index < batch.count else {
        keys.append(scalar)
        continue
      }
      let next = batch[index]
      switch next {
      case 0x5B, 0x4F:
        // `ESC [` or `ESC O`: a key's sequence ncurses did not decode.
        index += 1
        state = .sequence(skipped: 0)
      case 0x20...0x7E:
        // An Alt- chord of a printable key: neither Escape nor the key, but Alt-key.
        index += 1
        keys.append(Self.altFlag | next)
      default:
        // Escape, then a control (Enter, Escape again) or a letter of another script: both
        // keys.
        keys.append(scalar)
      }
    }
    return keys
  }
}
