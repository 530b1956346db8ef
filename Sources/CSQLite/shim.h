#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift cannot import.
static inline sqlite3_destructor_type tally_sqlite_transient(void) { return SQLITE_TRANSIENT; }


// sqlite3_db_config is variadic, which Swift cannot call: the one setting Tally uses. A
// connection that closes leaves the write-ahead log as it is, instead of copying it into
// the database with two more fsyncs at the end of every command (SQLiteHistory folds it in
// once it has grown).
static inline int tally_sqlite_no_checkpoint_on_close(sqlite3 *db) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

// sqlite3_config is variadic too. The page cache takes its pages one at a time, as a
// query needs them, not 20 at the first read of a database (about 90 KB, each 4 KB a page
// fault before the first frame; docs/BENCHMARKS.md). Effective only before sqlite3_initialize.
static inline int tally_sqlite_pages_as_needed(void) {
  return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
