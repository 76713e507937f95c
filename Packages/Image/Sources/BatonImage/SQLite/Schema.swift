/// The image's tables and the marks that make a file a Baton image.
///
/// `records` holds a row per record (root records excepted), and a tombstone (a row of no
/// bytes) per deleted key, so a deletion reads the same after a relaunch; `root_fields` a
/// row per field of a root, because a root is a directory of entry points; `operations`
/// each operation's last fetch time; `names` the file-local id of every storage key and link
/// type name; `meta` the app's version and the launch counter. Every row carries the launch
/// that last read or wrote it, for ageing.
///
/// The keyed tables are `WITHOUT ROWID`: a key is stored once and a read is one B-tree
/// search. The price: a row over about 1 KB (4 KB pages) spills into an overflow page.
/// Ageing scans `records` at each open (no index on `launch`), on the writer's queue.
enum ImageSchema {
    /// `PRAGMA application_id` of every Baton image: "Batn".
    static let applicationID: Int32 = 0x4261_746E
    /// `PRAGMA user_version`: the format of the tables and rows. A file of another format
    /// starts again. 2: rows of ``RowFormat`` version 2 (key-type, key-id and prefixed
    /// strings; string prefixes in `names`); 1: the first.
    static let formatVersion: Int64 = 2

    static let create = """
        CREATE TABLE meta(name TEXT PRIMARY KEY, value) WITHOUT ROWID;
        CREATE TABLE names(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
        CREATE TABLE records(key TEXT PRIMARY KEY, row BLOB NOT NULL, launch INTEGER NOT NULL) WITHOUT ROWID;
        CREATE TABLE root_fields(root TEXT NOT NULL, name INTEGER NOT NULL, value BLOB NOT NULL,
            launch INTEGER NOT NULL, PRIMARY KEY(root, name)) WITHOUT ROWID;
        CREATE TABLE operations(name TEXT NOT NULL, variables TEXT NOT NULL, fetched REAL NOT NULL,
            launch INTEGER NOT NULL, PRIMARY KEY(name, variables)) WITHOUT ROWID;
        PRAGMA application_id = \(applicationID);
        PRAGMA user_version = \(formatVersion);
        """
}
