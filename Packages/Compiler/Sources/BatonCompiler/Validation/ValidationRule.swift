/// The executable-document rules the compiler checks (GraphQL spec §5, by section), plus the
/// rules of the client directives Baton supports and of what code generation needs.
///
/// The schema-free ones the document checks itself (`Document.validationErrors()`, which the
/// runtime checks too) reach the compiler through `DocumentRules`: operation and fragment name
/// uniqueness, fragment spread targets, fragment cycles, variables defined.
public enum ValidationRule: String, Sendable, Hashable, CaseIterable {
    /// §5.2.1.1: operation names are unique across the compiled documents.
    case operationNameUniqueness
    /// §5.2.2.1: an anonymous operation is alone in its document; generation also needs a name.
    case operationName
    /// §5.2.3.1: a subscription selects a single root field.
    case singleRootField
    /// The schema has a root type for the operation's kind.
    case rootType
    /// §5.3.1: the field exists on the type it is selected on.
    case fieldExists
    /// §5.3.2: fields with the same response key in a selection set can merge.
    case fieldMerging
    /// §5.3.3: leaf fields have no selection set; composite fields have one.
    case leafSelections
    /// §5.4.1: arguments are defined by the field or directive.
    case argumentNames
    /// §5.4.2: an argument is given once.
    case argumentUniqueness
    /// §5.4.2.1: required arguments are given.
    case requiredArguments
    /// §5.5.1.1: fragment names are unique.
    case fragmentNameUniqueness
    /// §5.5.1.2 and §5.5.1.3: type conditions name composite types the schema has.
    case fragmentTypeCondition
    /// §5.5.2.1: a spread names a defined fragment.
    case fragmentSpreadTarget
    /// §5.5.2.2: fragments do not spread themselves, directly or not.
    case fragmentCycle
    /// §5.5.2.3: a fragment is spread only where it can apply.
    case fragmentSpreadPossible
    /// §5.6: values are of the argument's type (literals, input object fields, enums, lists).
    case valueType
    /// §5.7.1 and §5.7.2: directives are defined and used in a location they allow.
    case directiveDefinedAndPlaced
    /// §5.7.3: a non-repeatable directive is given once per location.
    case directiveUniqueness
    /// §5.8.1: variable names are unique within an operation.
    case variableUniqueness
    /// §5.8.2: variables are of input types.
    case variableInputType
    /// §5.8.3: every variable used is defined by the operation.
    case variableDefined
    /// §5.8.4: every variable defined is used.
    case variableUsed
    /// §5.8.5: a variable is used where its type is allowed.
    case variableUsage
    /// `@connection`, the edge and record directives, `@required`, `@catch`, `@defer`,
    /// `@cacheExpiration`: their arguments and what they may mark; `@refetchable`: a fragment
    /// its refetch query can look up, under a query name of its own.
    case clientDirective
    /// Relay's rules for an `@updatable` fragment, whose setters write each field it selects to
    /// that field's storage: throughout its own selection no field is aliased, nothing is under
    /// `@include`, `@skip` or `@defer`, and no field carries `@connection` or an edge or
    /// record directive. `@updatable` itself marks fragment definitions only.
    case updatableFragment
}
