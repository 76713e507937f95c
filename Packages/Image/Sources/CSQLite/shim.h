#include <sqlite3.h>

/// SQLITE_TRANSIENT, the destructor that tells SQLite to copy bound bytes at once: a macro
/// that casts -1 to a function pointer, which Swift does not import.
static inline sqlite3_destructor_type baton_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
