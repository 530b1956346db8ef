// tally_ref: the floor Tally is measured against (issue 9): a plain C ncurses counter.
//
// It does what Tally's counter does, with nothing on top: it shows the count as a plain line
// ("Count: N") under a title, with a key-hint line at the bottom; Space, +, Up or k adds one;
// q or Ctrl-C quits. Like Tally, it drains every pending key, applies them, writes the store
// once (durably) and then draws, so a burst costs one write.
//
// The store is the same property-list document Tally writes, in
// $XDG_DATA_HOME/tally-ref/defaults.plist (or $HOME/.local/share/tally-ref), and a change
// costs what Tally's costs: an exclusive flock on the directory, a re-read of the file, a
// temp file written and fsync'ed, a rename over the store and an fsync of the directory.
//
//   tally_ref        the interactive counter on the store
//   tally_ref -m     the interactive counter in memory: nothing read or written
//   tally_ref inc    add one under the lock and print the new value (Tally's `tally inc`)
//   tally_ref get    print the stored value
//
// Built by Benchmarks/run.sh: gcc -O2 tally_ref.c -lncursesw -ltinfo
#define _XOPEN_SOURCE_EXTENDED 1
#define _DEFAULT_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ncursesw/curses.h>

// Room for the file names after the directory.
static char store_dir[PATH_MAX - 32];
static char store_path[PATH_MAX];
static char temp_path[PATH_MAX];

static void die(const char *what) {
  endwin();
  fprintf(stderr, "tally_ref: %s: %s\n", what, strerror(errno));
  exit(74);
}

// Finds the store directory and makes it (and its parents) if missing.
static void locate_store(void) {
  const char *data = getenv("XDG_DATA_HOME");
  const char *home = getenv("HOME");
  int length;
  if (data && data[0] == '/') {
    length = snprintf(store_dir, sizeof store_dir, "%s/tally-ref", data);
  } else if (home && home[0] == '/') {
    length = snprintf(store_dir, sizeof store_dir, "%s/.local/share/tally-ref", home);
  } else {
    fprintf(stderr, "tally_ref: set XDG_DATA_HOME or HOME\n");
    exit(74);
  }
  if (length < 0 || (size_t)length >= sizeof store_dir) {
    fprintf(stderr, "tally_ref: the data directory's path is too long\n");
    exit(74);
  }
  snprintf(store_path, sizeof store_path, "%s/defaults.plist", store_dir);
  snprintf(temp_path, sizeof temp_path, "%s/defaults.plist.tmp", store_dir);
}

static void make_directories(void) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s", store_dir);
  for (char *slash = path + 1; *slash; slash++) {
    if (*slash != '/') continue;
    *slash = '\0';
    if (mkdir(path, 0700) != 0 && errno != EEXIST) die("mkdir");
    *slash = '/';
  }
  if (mkdir(path, 0700) != 0 && errno != EEXIST) die("mkdir");
}

// Reads the count from the store file: 0 when there is no file or no count in it.
static long long read_count(void) {
  int fd = open(store_path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return 0;
    die("open store");
  }
  char buffer[8192];
  size_t used = 0;
  for (;;) {
    ssize_t n = read(fd, buffer + used, sizeof buffer - 1 - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) die("read store");
    if (n == 0 || used + (size_t)n >= sizeof buffer - 1) {
      used += (size_t)(n > 0 ? n : 0);
      break;
    }
    used += (size_t)n;
  }
  close(fd);
  buffer[used] = '\0';
  const char *key = strstr(buffer, "<key>count</key>");
  if (!key) return 0;
  const char *value = strstr(key, "<integer>");
  if (!value) return 0;
  return strtoll(value + strlen("<integer>"), NULL, 10);
}

static void write_all(int fd, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t n = write(fd, bytes, length);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) die("write temp file");
    bytes += n;
    length -= (size_t)n;
  }
}

// Adds `step` to the stored count durably and returns the new value: lock, re-read, write a
// temp file, fsync, rename, fsync the directory, unlock.
static long long add_durably(long long step) {
  make_directories();
  int dir = open(store_dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) die("open store directory");
  while (flock(dir, LOCK_EX) != 0) {
    if (errno != EINTR) die("flock");
  }
  long long value = read_count() + step;
  char document[512];
  int length = snprintf(document, sizeof document,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
    "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
    "<plist version=\"1.0\">\n<dict>\n\t<key>count</key>\n\t<integer>%lld</integer>\n"
    "</dict>\n</plist>\n", value);
  int fd = open(temp_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) die("open temp file");
  write_all(fd, document, (size_t)length);
  if (fsync(fd) != 0) die("fsync temp file");
  close(fd);
  if (rename(temp_path, store_path) != 0) die("rename");
  if (fsync(dir) != 0) die("fsync directory");
  flock(dir, LOCK_UN);
  close(dir);
  return value;
}

static void draw(long long count) {
  char line[64];
  erase();
  mvaddstr(0, 0, " Tally");
  int length = snprintf(line, sizeof line, "Count: %lld", count);
  int column = (COLS - length) / 2;
  mvaddstr(LINES / 2, column > 0 ? column : 0, line);
  mvaddstr(LINES - 1, 0, " Space/+/Up/k add one  q quit");
  refresh();
}

static int run_interactive(int in_memory) {
  long long count = in_memory ? 0 : read_count();
  setlocale(LC_ALL, "");
  if (!newterm(NULL, stdout, stdin)) {
    fprintf(stderr, "tally_ref: unknown terminal type\n");
    return 1;
  }
  raw();
  noecho();
  keypad(stdscr, TRUE);
  nodelay(stdscr, TRUE);
  curs_set(0);
  draw(count);
  for (;;) {
    struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
    if (poll(&input, 1, -1) < 0 && errno != EINTR) die("poll");
    // Every key waiting, then one write, then one draw.
    long long added = 0;
    int quit = 0;
    wint_t key;
    int status;
    while ((status = get_wch(&key)) != ERR) {
      if (status == KEY_CODE_YES) {
        if (key == KEY_UP) added++;
      } else if (key == ' ' || key == '+' || key == 'k') {
        added++;
      } else if (key == 'q' || key == 3) {
        quit = 1;
        break;
      }
    }
    if (added > 0) count = in_memory ? count + added : add_durably(added);
    if (quit) break;
    draw(count);
  }
  curs_set(1);
  endwin();
  return 0;
}

int main(int argc, char **argv) {
  locate_store();
  if (argc == 1) return run_interactive(0);
  if (argc == 2 && strcmp(argv[1], "-m") == 0) return run_interactive(1);
  if (argc == 2 && strcmp(argv[1], "inc") == 0) {
    printf("%lld\n", add_durably(1));
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "get") == 0) {
    printf("%lld\n", read_count());
    return 0;
  }
  fprintf(stderr, "usage: tally_ref [-m | inc | get]\n");
  return 64;
}
