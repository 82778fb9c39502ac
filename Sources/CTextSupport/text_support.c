#define _GNU_SOURCE
#include "text_support.h"

#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <string.h>
#include <wchar.h>

#include <unicode/ubrk.h>
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
// prepares many short texts: keep one iterator per thread and per rule set.
static __thread UBreakIterator *cached_iterators[2];

int32_t masonry_line_breaks(const uint16_t *text, int32_t length, int strict,
                            int32_t *offsets, int32_t capacity) {
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator **slot = &cached_iterators[strict ? 1 : 0];
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
