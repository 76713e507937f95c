// The Lens layer: fragments as lenses over the store's records, the environment that runs
// operations, and the query, mutation and subscription handles an app holds.
@_exported import BatonStore
@_exported import BatonNormalize
@_exported import BatonRecords
