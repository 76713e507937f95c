// The Store layer: the main actor's records, commits, optimistic layers, the
// availability check and collection. Filled by the Store issue.
@_exported import BatonRecords
