/// One entry of a selection set: a field, a fragment spread, or an inline fragment.
///
/// A plain value: safe on any thread.
public enum Selection: Sendable, Hashable {
    case field(Field)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var location: SourceLocation {
        switch self {
        case .field(let field): field.location
        case .fragmentSpread(let spread): spread.location
        case .inlineFragment(let fragment): fragment.location
        }
    }

    public var directives: [Directive] {
        switch self {
        case .field(let field): field.directives
        case .fragmentSpread(let spread): spread.directives
        case .inlineFragment(let fragment): fragment.directives
        }
    }
}
