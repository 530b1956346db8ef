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
