#define _GNU_SOURCE
#include "text_support.h"

#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <string.h>
#include <wchar.h>

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uchar.h>

static int utf8_ctype = 0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void choose_utf8_ctype(void) {
  setlocale(LC_CTYPE, "");
  const char *codeset = nl_langinfo(CODESET);
  if (codeset == NULL || strcmp(codeset, "UTF-8") != 0) {
    // ncurses would draw non-ASCII as blanks under "C": fall back to C.UTF-8.
    setlocale(LC_CTYPE, "C.UTF-8");
    codeset = nl_langinfo(CODESET);
  }
  utf8_ctype = codeset != NULL && strcmp(codeset, "UTF-8") == 0;
}

int masonry_use_utf8_ctype(void) {
  pthread_once(&utf8_once, choose_utf8_ctype);
  return utf8_ctype;
}

int masonry_wcwidth(uint32_t scalar) {
  masonry_use_utf8_ctype();
  return wcwidth((wchar_t)scalar);
}

// Opening a line-break iterator costs far more than re-targeting one, and a text module
// prepares many short texts: keep one iterator per thread and per rule set. The thread
// variable is the fast path; a thread key closes them when the thread ends (worker threads
// come and go: without it each would leave its iterators behind).
typedef struct {
  UBreakIterator *line[2];
} cached_iterators_t;

static __thread cached_iterators_t *cached_iterators;
static pthread_key_t iterators_key;
static pthread_once_t iterators_once = PTHREAD_ONCE_INIT;

static void close_iterators(void *value) {
  cached_iterators_t *iterators = value;
  for (int index = 0; index < 2; index++) {
    if (iterators->line[index] != NULL) {
      ubrk_close(iterators->line[index]);
    }
  }
  free(iterators);
  cached_iterators = NULL;
}

static void make_iterators_key(void) { pthread_key_create(&iterators_key, close_iterators); }

int32_t masonry_line_breaks(const uint16_t *text, int32_t length, int strict,
                            int32_t *offsets, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  if (cached_iterators == NULL) {
    pthread_once(&iterators_once, make_iterators_key);
    cached_iterators = calloc(1, sizeof(cached_iterators_t));
    if (cached_iterators == NULL) {
      return -1;
    }
    pthread_setspecific(iterators_key, cached_iterators);
  }
  UBreakIterator **slot = &cached_iterators->line[strict ? 1 : 0];
  if (*slot == NULL) {
    *slot = ubrk_open(UBRK_LINE, strict ? "ja@lb=strict" : "ja", NULL, 0, &status);
    if (U_FAILURE(status)) {
      *slot = NULL;
      return -1;
    }
  }
  ubrk_setText(*slot, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) {
    return -1;
  }
  int32_t count = 0;
  for (int32_t offset = ubrk_next(*slot); offset != UBRK_DONE; offset = ubrk_next(*slot)) {
    if (count < capacity) {
      offsets[count] = offset;
    }
    count += 1;
  }
  return count;
}

int masonry_cannot_start_line(uint32_t scalar) {
  switch (u_getIntPropertyValue((UChar32)scalar, UCHAR_LINE_BREAK)) {
  case U_LB_CLOSE_PUNCTUATION:
  case U_LB_CLOSE_PARENTHESIS:
  case U_LB_EXCLAMATION:
  case U_LB_INFIX_NUMERIC:
  case U_LB_NONSTARTER:
  case U_LB_CONDITIONAL_JAPANESE_STARTER:
    return 1;
  default:
    return 0;
  }
}

uint32_t masonry_scalar_properties(uint32_t scalar) {
  UChar32 c = (UChar32)scalar;
  uint32_t line = (uint32_t)u_getIntPropertyValue(c, UCHAR_LINE_BREAK) & 0xFF;
  uint32_t cluster = (uint32_t)u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK) & 0x1F;
  int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  int8_t type = u_charType(c);
  uint32_t result = line | cluster << 8;
  if (width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH) {
    result |= 1u << 13;
  }
  if (type == U_UNASSIGNED) {
    result |= 1u << 14;
  }
  if (type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK) {
    result |= 1u << 15;
  }
  return result;
}

int32_t masonry_fold_for_search(const uint8_t *text, int32_t length, uint8_t *out,
                                int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *fold = unorm2_getNFKCCasefoldInstance(&status);
  if (U_FAILURE(status)) {
    return -1;
  }
  // UTF-8 to UTF-16 (at most one unit per byte), invalid sequences as U+FFFD.
  UChar stack_source[512];
  UChar stack_folded[1024];
  UChar *source = length <= 512 ? stack_source : malloc(sizeof(UChar) * (size_t)length);
  int32_t source_length = 0;
  if (source == NULL) {
    return -1;
  }
  u_strFromUTF8WithSub(source, length > 0 ? length : 1, &source_length, (const char *)text, length,
                       0xFFFD, NULL, &status);
  if (U_FAILURE(status)) {
    if (source != stack_source) free(source);
    return -1;
  }
  // NFKC_Casefold may grow the text (ß → ss, ﬃ → ffi, ㌀ → アパート): try, then retry with room.
  int32_t folded_capacity = 1024;
  UChar *folded = stack_folded;
  int32_t folded_length =
      unorm2_normalize(fold, source, source_length, folded, folded_capacity, &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    status = U_ZERO_ERROR;
    folded_capacity = folded_length + 1;
    folded = malloc(sizeof(UChar) * (size_t)folded_capacity);
    if (folded == NULL) {
      if (source != stack_source) free(source);
      return -1;
    }
    folded_length = unorm2_normalize(fold, source, source_length, folded, folded_capacity, &status);
  }
  if (source != stack_source) free(source);
  if (U_FAILURE(status)) {
    if (folded != stack_folded) free(folded);
    return -1;
  }
  // Hiragana to katakana: the same sounds, written two ways.
  for (int32_t index = 0; index < folded_length; index++) {
    UChar unit = folded[index];
    if ((unit >= 0x3041 && unit <= 0x3096) || unit == 0x309D || unit == 0x309E) {
      folded[index] = (UChar)(unit + 0x60);
    }
  }
  int32_t written = 0;
  status = U_ZERO_ERROR;
  u_strToUTF8WithSub((char *)out, capacity, &written, folded, folded_length, 0xFFFD, NULL, &status);
  if (folded != stack_folded) free(folded);
  if (status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING) {
    return written;
  }
  return U_FAILURE(status) ? -1 : written;
}

void *masonry_text_tables = NULL;

int masonry_publish(void **slot, void *value) {
  void *expected = NULL;
  return __atomic_compare_exchange_n(slot, &expected, value, 0, __ATOMIC_RELEASE,
                                     __ATOMIC_ACQUIRE)
             ? 1
             : 0;
}
