/// The Swift of one compile as it is written: the lenses (`code`, above
/// ``Compiler/tablesMark``) and the tables below it, with the accessors written and the lens
/// models, which decide the enums and possible types the tables hold.
///
/// A value written on one thread for one compile.
struct SwiftOutput {
    var code = SwiftWriter()
    var tables = SwiftWriter()
    /// Field, spread and case descriptors and `on` accessors written.
    var accessors = 0
    var models: [LensModel] = []
}
