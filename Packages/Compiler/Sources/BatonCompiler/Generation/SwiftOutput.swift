/// The Swift of one compile as it is written: the lenses (`code`, above
/// ``Compiler/tablesMark``) and the tables below it, with the accessors written and the lens
/// models, which decide the enums and possible types the tables hold, and the operations'
/// manifest.
///
/// A value written on one thread for one compile.
struct SwiftOutput {
    var code = SwiftWriter()
    var tables = SwiftWriter()
    /// Field, spread and case descriptors and `on` accessors written.
    var accessors = 0
    var models: [LensModel] = []
    /// Each operation's text sent and its hash, for ``Compiler/Output/manifest``.
    var manifest = OperationManifest()
}
