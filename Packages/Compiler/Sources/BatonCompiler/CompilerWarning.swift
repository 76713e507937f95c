/// Something a compile goes on past but the app's author should see, with the file, 1-based
/// line and 1-based column it is about, printed as `file:line:column: warning: message` (the
/// form Xcode and SwiftPM show beside the source). A warning fails no build.
///
/// A plain value: safe on any thread.
public struct CompilerWarning: Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public let file: String
    public let line: Int
    public let column: Int

    public init(message: String, file: String, line: Int, column: Int) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column): warning: \(message)" }
}
