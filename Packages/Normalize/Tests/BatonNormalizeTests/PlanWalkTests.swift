import Testing
import BatonNormalize
import BatonRecords

/// The one walk over a plan and records: the order it goes in, the paths it names, links it
/// cannot follow, `@connection` fields' merged connections, root lookups, and stopping.
@Suite struct PlanWalkTests {
    /// Records in a dictionary, with lookups of `hero` to `Character:9`.
    struct Records: PlanSource {
        var cells: [RecordKey: [Slot: Value]]
        var nulls: Set<RecordKey> = []

        func link(_ key: RecordKey) -> PlanLink<RecordKey> {
            if nulls.contains(key) { return .null(key) }
            return cells[key] == nil ? .absent(key) : .node(key)
        }

        func typename(of node: RecordKey) -> String? {
            if case .string(let name)? = cells[node]?[.typename] { return name }
            return nil
        }

        func holds(_ slot: Slot, in node: RecordKey) -> Bool { cells[node]?[slot] != nil }
        func value(_ slot: Slot, in node: RecordKey) -> Value? { cells[node]?[slot] }

        func lookup(_ field: FieldPlan, in node: RecordKey) -> RecordKey? {
            node == .root && field.name == "hero" ? "Character:9" : nil
        }
    }

    /// Writes down every event.
    struct Events: PlanVisitor {
        typealias Node = RecordKey
        var log: [String] = []
        var stopAfter: Int?

        var isDone: Bool { stopAfter.map { log.count >= $0 } ?? false }

        mutating func enter(
            _ node: RecordKey, _ selection: SelectionPlan, _ resolved: ResolvedSelection, path: PlanPath
        )
            -> Void?
        {
            log.append("enter \(node) at \(path.elements().map(\.description).joined(separator: "."))")
            return ()
        }

        mutating func missing(_ field: FieldPlan, in node: RecordKey, typename: String?, path: PlanPath) {
            log.append("missing \(path.elements(adding: field).map(\.description).joined(separator: "."))")
        }

        mutating func absent(_ key: RecordKey, path: PlanPath) {
            log.append("absent \(key) at \(path.elements().map(\.description).joined(separator: "."))")
        }

        mutating func null(_ key: RecordKey) { log.append("null \(key)") }

        mutating func connection(_ field: FieldPlan, merged: Value, in node: RecordKey) {
            log.append("connection \(field.responseKey)")
        }
    }

    static let normalization = Normalization()

    func walk(_ text: String, _ records: Records, stopAfter: Int? = nil) throws -> [String] {
        let plan = try OperationPlan(text, normalization: Self.normalization)
        var walk = PlanWalk(source: records, visitor: Events(stopAfter: stopAfter))
        walk.walk(plan.rootKey, plan.root)
        return walk.visitor.log
    }

    @Test func recordsAreEnteredDepthFirstWithTheirResponsePaths() throws {
        let records = Records(cells: [
            .root: [Slot("friends"): .list([.link("C:1"), .link("C:2")])],
            "C:1": [.typename: .string("C"), Slot("name"): .string("Rick")],
            "C:2": [.typename: .string("C")],
        ])
        let log = try walk("{ friends { __typename name } }", records)
        #expect(
            log == [
                "enter client:root at ", "enter C:1 at friends.0", "enter C:2 at friends.1", "missing friends.1.name",
            ])
    }

    @Test func aLinkTheSourceLacksIsAbsentAndANullRecordIsPresent() throws {
        var records = Records(cells: [.root: [Slot("a"): .link("C:1"), Slot("b"): .link("C:2")]])
        records.nulls = ["C:2"]
        let log = try walk("{ a { name } b { name } }", records)
        #expect(log == ["enter client:root at ", "absent C:1 at a", "null C:2"])
    }

    @Test func aRootFieldTheRecordLacksResolvesThroughTheLookup() throws {
        let records = Records(cells: [
            .root: [:], "Character:9": [.typename: .string("Character"), Slot("name"): .string("Rick")],
        ])
        let log = try walk("{ hero { name } }", records)
        #expect(log == ["enter client:root at ", "enter Character:9 at hero"])
    }

    @Test func aConnectionFieldIsFollowedIntoItsMergedConnectionAtTheSamePath() throws {
        let plan = try OperationPlan(
            #"{ notes(first: 1) @connection(key: "Notes") { edges { cursor } } }"#, normalization: Self.normalization)
        let field = plan.root.common.fields[0]
        let merged = try #require(field.connection).slot
        let records = Records(cells: [
            .root: [field.field.slot: .link("page"), merged: .link("all")],
            "page": [.typename: .string("NoteConnection"), Slot("edges"): .list([])],
            "all": [.typename: .string("NoteConnection"), Slot("edges"): .list([])],
        ])
        var walk = PlanWalk(source: records, visitor: Events())
        walk.walk(plan.rootKey, plan.root)
        #expect(
            walk.visitor.log == [
                "enter client:root at ", "connection notes", "enter page at notes", "enter all at notes",
            ])
    }

    @Test func aVisitorThatIsDoneStopsTheWalk() throws {
        let records = Records(cells: [
            .root: [Slot("friends"): .list([.link("C:1"), .link("C:2"), .link("C:3")])],
            "C:1": [:], "C:2": [:], "C:3": [:],
        ])
        let log = try walk("{ friends { id } }", records, stopAfter: 2)
        #expect(log == ["enter client:root at ", "enter C:1 at friends.0"])
    }
}
