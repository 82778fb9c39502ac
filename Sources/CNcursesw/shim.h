#ifndef MASONRY_NCURSESW_SHIM_H
#define MASONRY_NCURSESW_SHIM_H

// Wide-character ncurses for Swift. The defines must come before <ncurses.h>, or
// cchar_t, setcchar, wadd_wch and wget_wch are missing. Macros and globals that Swift
// cannot import (or that Swift 6 rejects as shared mutable state) get accessors.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncurses.h>
#include <term.h>
#include <wchar.h>

static inline WINDOW *masonry_stdscr(void) { return stdscr; }
static inline WINDOW *masonry_curscr(void) { return curscr; }
static inline int masonry_color_pairs(void) { return COLOR_PAIRS; }
static inline int masonry_getmaxy(WINDOW *window) { return getmaxy(window); }
static inline int masonry_getmaxx(WINDOW *window) { return getmaxx(window); }

static inline attr_t masonry_a_normal(void) { return A_NORMAL; }
static inline attr_t masonry_a_bold(void) { return A_BOLD; }
static inline attr_t masonry_a_dim(void) { return A_DIM; }
static inline attr_t masonry_a_reverse(void) { return A_REVERSE; }
static inline attr_t masonry_a_underline(void) { return A_UNDERLINE; }

static inline mmask_t masonry_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t masonry_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t masonry_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t masonry_button5_pressed(void) { return BUTTON5_PRESSED; }

/// Puts one cell: up to five wide characters (a spacing character and the combining
/// marks after it) with attributes and a colour pair, which may be above 255: it goes
/// through setcchar's `opts` pointer as an extended pair.
static inline int masonry_put_cell(WINDOW *window, int y, int x, const wchar_t *text,
                                   attr_t attributes, int pair) {
  cchar_t cell;
  if (setcchar(&cell, text, attributes, 0, &pair) != OK) {
    return ERR;
  }
  return mvwadd_wch(window, y, x, &cell);
}

/// The key code ncurses gives the key whose terminfo capability is `name` (for example
/// "kUP" for Shift-Up), or -1 when the terminal does not describe it.
static inline int masonry_key_code(const char *name) {
  char *sequence = tigetstr(name);
  if (sequence == NULL || sequence == (char *)-1) {
    return -1;
  }
  int code = key_defined(sequence);
  return code > 0 ? code : -1;
}

/// A terminfo string capability, or NULL.
static inline const char *masonry_terminfo_string(const char *name) {
  char *value = tigetstr(name);
  return value == (char *)-1 ? NULL : value;
}

/// What the terminfo entry `name` says about colour, read without touching the terminal:
/// its number of colours and whether it has the `RGB` and `Tc` flags. Returns 0, or -1
/// when there is no such entry.
static inline int masonry_terminfo_colors(const char *name, int *colors, int *rgb, int *tc) {
  int error = 0;
  TERMINAL *saved = cur_term;
  if (setupterm(name, 1, &error) != OK) {
    set_curterm(saved);
    return -1;
  }
  *colors = tigetnum("colors");
  *rgb = tigetflag("RGB") > 0;
  *tc = tigetflag("Tc") > 0;
  del_curterm(cur_term);
  set_curterm(saved);
  return 0;
}

/// Reads the terminfo entry of TERM without touching the terminal (newterm would already
/// switch to the alternate screen) and says whether ncurses can drive a full-screen
/// interface on it: 1 when it can address the cursor and show reverse video, 0 when it
/// cannot (dumb, hardcopy, generic, vt52), -1 when TERM is unknown or unset.
static inline int masonry_terminal_is_usable(void) {
  int error = 0;
  if (setupterm(NULL, 1, &error) != OK) {
    return -1;
  }
  char *cup = tigetstr("cup");
  char *reverse = tigetstr("rev");
  char *standout = tigetstr("smso");
  int has_cup = cup != NULL && cup != (char *)-1;
  int has_reverse = (reverse != NULL && reverse != (char *)-1) ||
                    (standout != NULL && standout != (char *)-1);
  int usable = has_cup && has_reverse && tigetflag("hc") <= 0 && tigetflag("gn") <= 0;
  del_curterm(cur_term);
  return usable;
}

/// Key codes for the bracketed-paste markers, above every code ncurses defines.
enum { MASONRY_KEY_PASTE_BEGIN = KEY_MAX + 1, MASONRY_KEY_PASTE_END = KEY_MAX + 2 };

#endif
