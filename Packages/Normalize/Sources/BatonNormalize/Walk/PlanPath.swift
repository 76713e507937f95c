import BatonRecords

/// Where a plan walk is, from the operation's root: the fields and list indices it went
/// through. Kept as steps that hold their field unretained (the plan being walked holds
/// it), so going down and up costs no reference counting; turned into response path
/// elements only when a visitor names something.
///
/// A value; one walk's, on that walk's thread.
public struct PlanPath {
    /// One step down: into a field's value, or, without a field, into the list element at
    /// `index`.
    @usableFromInline
    struct Step {
        /// Unretained: the plan being walked holds it.
        @usableFromInline let field: Unmanaged<FieldPlan>?
        @usableFromInline let index: Int

        @inlinable
        init(field: FieldPlan?, index: Int) {
            self.field = field.map { Unmanaged.passUnretained($0) }
            self.index = index
        }
    }

    @usableFromInline var steps: [Step] = []

    @inlinable
    public init() {
        steps.reserveCapacity(16)
    }

    /// How deep the walk is.
    @inlinable
    public var depth: Int { steps.count }

    @inlinable
    mutating func enter(_ field: FieldPlan) {
        steps.append(Step(field: field, index: 0))
    }

    @inlinable
    mutating func enter(index: Int) {
        steps.append(Step(field: nil, index: index))
    }

    /// Moves the list element step the walk is at (``enter(index:)``) to `index`.
    @inlinable
    mutating func move(toIndex index: Int) {
        steps[steps.count &- 1] = Step(field: nil, index: index)
    }

    @inlinable
    mutating func leave() {
        steps.removeLast()
    }

    /// The path as a response names it, with `field` below it when given.
    public func elements(adding field: FieldPlan? = nil) -> [FieldError.PathElement] {
        var elements: [FieldError.PathElement] = []
        elements.reserveCapacity(steps.count + 1)
        for step in steps {
            elements.append(step.field.map { .key($0.takeUnretainedValue().responseKey) } ?? .index(step.index))
        }
        if let field { elements.append(.key(field.responseKey)) }
        return elements
    }
}
