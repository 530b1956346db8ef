// What Swift cannot import from ncurses by itself: macros and exported variables.
// Everything here is a thin inline accessor; behaviour lives in TallyTerminal.
#ifndef TALLY_CNCURSES_SHIM_H
#define TALLY_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <string.h>
#include <sys/signalfd.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *tally_stdscr(void) { return stdscr; }
static inline WINDOW *tally_curscr(void) { return curscr; }
static inline int tally_lines(void) { return LINES; }
static inline int tally_cols(void) { return COLS; }

static inline attr_t tally_attr_normal(void) { return A_NORMAL; }
static inline attr_t tally_attr_bold(void) { return A_BOLD; }
static inline attr_t tally_attr_dim(void) { return A_DIM; }
static inline attr_t tally_attr_reverse(void) { return A_REVERSE; }
static inline attr_t tally_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tally_color_pair(short pair) { return COLOR_PAIR(pair); }

static inline int tally_key_code_yes(void) { return KEY_CODE_YES; }
static inline int tally_err(void) { return ERR; }
static inline int tally_ok(void) { return OK; }

static inline mmask_t tally_mouse_all_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t tally_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tally_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tally_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tally_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t tally_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tally_button5_pressed(void) { return BUTTON5_PRESSED; }

/// Starts ncurses on the process's standard input and output; NULL when the terminal
/// type is unknown (unlike initscr, which exits the process).
static inline SCREEN *tally_newterm(const char *type) { return newterm(type, stdout, stdin); }

/// Whether the terminal ncurses is running on can move the cursor.
static inline int tally_can_address_cursor(void) {
  const char *cup = tigetstr("cup");
  return cup != NULL && cup != (const char *)-1;
}

/// Looks `type` up in the terminfo database without starting ncurses (nothing is written to
/// the terminal): 0 when it can be used, 1 when it is unknown, 2 when it cannot move the
/// cursor (such as "dumb").
static inline int tally_check_terminal_type(const char *type, int fd) {
  int error = 0;
  TERMINAL *saved = cur_term;
  if (setupterm(type, fd, &error) != OK) { set_curterm(saved); return 1; }
  int usable = tally_can_address_cursor();
  TERMINAL *checked = set_curterm(saved);
  del_curterm(checked);
  return usable ? 0 : 2;
}

/// Sets the character-set category of the locale from the environment, so that ncursesw
/// reads and writes UTF-8 (it needs LC_CTYPE alone). The other categories stay "C": Tally
/// formats its own numbers and dates, and loading them cost about 50 system calls at start.
static inline const char *tally_set_locale_from_environment(void) { return setlocale(LC_CTYPE, ""); }

/// Whether the current locale's character set is UTF-8.
static inline int tally_locale_is_utf8(void) { return strcmp(nl_langinfo(CODESET), "UTF-8") == 0; }

/// signalfd's flags, which Swift's Glibc module does not export.
static inline int tally_sfd_flags(void) { return SFD_CLOEXEC | SFD_NONBLOCK; }

#endif
