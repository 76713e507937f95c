// The Lens layer: fragments as lenses, the environment and its handles. Filled by the
// Lens issue.
@_exported import BatonStore
