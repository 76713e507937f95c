#include <sqlite3.h>

/// SQLITE_TRANSIENT, the destructor that tells SQLite to copy bound bytes at once: a macro
/// that casts -1 to a function pointer, which Swift does not import.
static inline sqlite3_destructor_type baton_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// The `SQLITE_OPEN_FILEPROTECTION_*` open flag for `kind` (1 complete, 2 complete unless
/// open, 3 complete until first user authentication, 4 none), or 0 where this SQLite has no
/// such flags: only Apple's defines them, so elsewhere every kind answers 0 and the open is
/// as without one.
static inline int baton_sqlite_file_protection_flag(int kind) {
#if defined(SQLITE_OPEN_FILEPROTECTION_COMPLETE)
    switch (kind) {
    case 1: return SQLITE_OPEN_FILEPROTECTION_COMPLETE;
    case 2: return SQLITE_OPEN_FILEPROTECTION_COMPLETEUNLESSOPEN;
    case 3: return SQLITE_OPEN_FILEPROTECTION_COMPLETEUNTILFIRSTUSERAUTHENTICATION;
    case 4: return SQLITE_OPEN_FILEPROTECTION_NONE;
    default: return 0;
    }
#else
    (void)kind;
    return 0;
#endif
}
