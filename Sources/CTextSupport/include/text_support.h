#ifndef MASONRY_TEXT_SUPPORT_H
#define MASONRY_TEXT_SUPPORT_H

// The C side of the text module: glibc's wcwidth under a UTF-8 locale, and ICU's UAX #14
// line breaking. This header exposes no ICU or wchar types, so that Swift code can import
// it beside Foundation (whose own ICU would clash with the system ICU's types).

#include <stddef.h>
#include <stdint.h>

/// Makes LC_CTYPE a UTF-8 locale: the environment's when it is UTF-8, else C.UTF-8.
/// Returns 1 when a UTF-8 locale is in effect. Idempotent.
int masonry_use_utf8_ctype(void);

/// glibc wcwidth of one Unicode scalar under the UTF-8 locale: 0, 1, 2, or -1 for a
/// scalar it rejects (controls, unassigned, surrogates).
int masonry_wcwidth(uint32_t scalar);

/// The UAX #14 line-break opportunities of a UTF-16 text, with Japanese strict rules when
/// `strict` is nonzero (no line starts with small kana or the prolonged sound mark).
/// Writes the UTF-16 offsets of the opportunities after position 0, in increasing order
/// and ending with `length`, into `offsets` (room for `capacity`). Returns their number,
/// or -1 when ICU failed. `length + 1` entries are always enough.
int32_t masonry_line_breaks(const uint16_t *text, int32_t length, int strict,
                            int32_t *offsets, int32_t capacity);

/// Whether `scalar` may never begin a line (UAX #14 classes CL, CP, EX, IS, NS and CJ:
/// closing punctuation, small kana, the prolonged sound mark, …).
int masonry_cannot_start_line(uint32_t scalar);

/// ICU's Unicode properties of `scalar` that line breaking and grapheme clustering need,
/// packed: bits 0–7 the Line_Break value (ICU's ULineBreak numbering), 8–12 the
/// Grapheme_Cluster_Break value (UGraphemeClusterBreak), bit 13 set when East_Asian_Width
/// is Fullwidth, Wide or Halfwidth, bit 14 when the scalar is unassigned (Cn), bit 15 when
/// its general category is Mn or Mc.
uint32_t masonry_scalar_properties(uint32_t scalar);

/// Folds UTF-8 text for search: NFKC case folding (ICU's NFKC_Casefold: case, width,
/// compatibility forms, ignorable characters), then hiragana to katakana, so that `ねこ`
/// finds `ネコ` and `ＡＢＣ` finds `abc`. Invalid UTF-8 becomes U+FFFD. Writes up to
/// `capacity` bytes to `out` and returns the folded length (more than `capacity`: call
/// again with room for it), or -1 when ICU failed. Thread-safe.
int32_t masonry_fold_for_search(const uint8_t *text, int32_t length, uint8_t *out,
                                int32_t capacity);

/// The pointer in `slot`, read with acquire ordering (a block of the scalar table that
/// another thread may have just published). Inline: the readers call it for every block
/// they look at, and on x86-64 it is a plain load.
static inline void *masonry_load_published(void *const *slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Where the text module publishes its tables (`TextTables`), so that its loops reach them
/// with a load rather than Swift's check of a lazy global at every call.
extern void *masonry_text_tables;

/// `masonry_text_tables`, read with acquire ordering (NULL until published).
static inline void *masonry_load_text_tables(void) {
  return __atomic_load_n(&masonry_text_tables, __ATOMIC_ACQUIRE);
}

/// Publishes `tables` in `masonry_text_tables` if it is still empty (release ordering);
/// returns 1 when it did.
static inline int masonry_publish_text_tables(void *tables) {
  void *expected = 0;
  return __atomic_compare_exchange_n(&masonry_text_tables, &expected, tables, 0,
                                     __ATOMIC_RELEASE, __ATOMIC_ACQUIRE)
             ? 1
             : 0;
}

/// Publishes `value` in `slot` if it is still empty (release ordering); returns 1 when it
/// did, 0 when another thread published first (the caller then frees its own and reads
/// the slot again).
int masonry_publish(void **slot, void *value);

/// What `count` bytes are as far as ASCII goes (`ASCIIText.kind`): 0 simple (letters,
/// digits, space, line feed and ' , . : ;), else 1 printable (printable ASCII and line
/// feeds), else 2. Sixteen bytes a step on x86-64. For 2, `*other_from` (when not null)
/// is where the bytes stop being printable ASCII: every byte before it is (0 otherwise).
int masonry_ascii_kind(const uint8_t *bytes, size_t count, size_t *other_from);

#endif
