/// A JSON number as the reader decoded it.
///
/// A literal without fraction or exponent whose value fits `Int` is `.int`; every other
/// literal (a fraction, an exponent, an integer too large for `Int`, and `-0`, which keeps
/// its sign) is `.double`, correctly rounded. A plain value: safe on any thread.
public enum JSONNumber: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case double(Double)

    /// The value as a `Double` (an `Int` beyond 2^53 is rounded).
    public var doubleValue: Double {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        }
    }

    /// The value as an `Int` when it is integral and in range (so `2.0` and `1e3` qualify), else nil.
    public var intValue: Int? {
        switch self {
        case .int(let i): return i
        case .double(let d):
            guard d.isFinite, d.rounded(.towardZero) == d,
                d >= -9_223_372_036_854_775_808.0, d < 9_223_372_036_854_775_808.0
            else { return nil }
            return Int(d)
        }
    }

    public var description: String {
        switch self {
        case .int(let i): String(i)
        case .double(let d): String(d)
        }
    }
}
