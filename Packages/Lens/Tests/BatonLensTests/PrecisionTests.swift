import Testing
import BatonLens

@MainActor
struct PrecisionTests {
    @Test func theFixtureScreenHasAViewPerRecordItShows() throws {
        let environment = FixtureQuery.environment()
        let handle = QueryHandle(FixtureQuery.self, variables: FixtureQuery.variables, in: environment)
        let views = try FixtureScreen.views(of: try #require(handle.data))
        // Every record but the root is shown once.
        #expect(views.count == environment.store.recordCount - 3)
    }

    @Test func committingOneFieldReRendersExactlyOneViewOfTheScreen() throws {
        let environment = FixtureQuery.environment()
        let handle = QueryHandle(FixtureQuery.self, variables: FixtureQuery.variables, in: environment)
        let views = try FixtureScreen.views(of: try #require(handle.data))
        let log = RenderLog()
        for view in views { render(view.key.rawValue, in: log, view.body) }

        var changes = ChangeSet()
        changes.write(.string("Rick C-137"), to: Slot("name"), of: "Character:1")
        environment.store.commit(changes)

        #expect(log.fired == ["Character:1": 1])
    }

    @Test func anEqualWriteReRendersNoView() throws {
        let environment = FixtureQuery.environment()
        let handle = QueryHandle(FixtureQuery.self, variables: FixtureQuery.variables, in: environment)
        let views = try FixtureScreen.views(of: try #require(handle.data))
        let log = RenderLog()
        for view in views { render(view.key.rawValue, in: log, view.body) }

        var changes = ChangeSet()
        changes.write(.string("Rick Sanchez"), to: Slot("name"), of: "Character:1")
        environment.store.commit(changes)

        #expect(log.total == 0)
    }

    @Test func aViewReadingALinkReRendersWhenTheLinkedRecordIsDeleted() throws {
        let environment = FixtureQuery.environment()
        let handle = QueryHandle(FixtureQuery.self, variables: FixtureQuery.variables, in: environment)
        let row = try #require(try handle.data?.characters?.results.first)
        let log = RenderLog()
        render("row", in: log) { _ = try? row.origin?.name }
        let origin = try #require(try row.origin)

        environment.store.commit(ChangeSet(snapshots: [], deletions: [origin.key]))

        #expect(log.fired["row"] == 1)
        #expect(throws: LensError.missing(field: "origin", record: origin.key)) { try row.origin }
    }
}
