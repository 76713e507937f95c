/* Stand-in for what Apple's sqlite3.h adds to SQLite's: the open flags that give a database
 * (and the -wal and -shm files SQLite makes beside it) a Data Protection class. Linux's
 * sqlite3.h has none, so BatonImage's shim (Packages/Image/Sources/CSQLite/shim.h) compiles
 * its Apple branch only with these defined; typecheck-adapter.sh does that here. Values as
 * in Apple's SDK. */
#define SQLITE_OPEN_FILEPROTECTION_COMPLETE 0x00100000
#define SQLITE_OPEN_FILEPROTECTION_COMPLETEUNLESSOPEN 0x00200000
#define SQLITE_OPEN_FILEPROTECTION_COMPLETEUNTILFIRSTUSERAUTHENTICATION 0x00300000
#define SQLITE_OPEN_FILEPROTECTION_NONE 0x00400000
#define SQLITE_OPEN_FILEPROTECTION_MASK 0x00700000
