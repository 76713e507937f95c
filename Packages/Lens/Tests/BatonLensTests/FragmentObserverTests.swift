import Foundation
import Testing
import BatonLens

@MainActor
struct FragmentObserverTests {
    let environment = Spec.environment()

    @Test func aRecordTheStoreHoldsReadsThroughTheLensAtOnce() throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        #expect(try observer.lens?.name == "Rick")
        #expect(observer.lens?.key == "Character:1")
    }

    @Test func aRecordThatLandsLaterIsFoundByTheNextRefresh() throws {
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        #expect(observer.lens == nil)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        #expect(observer.lens == nil)
        observer.refresh()
        #expect(try observer.lens?.name == "Rick")
    }

    @Test func aBodyReadingTheLensRerunsWhenTheFieldItReadChangesAndNotForAnEqualWrite() throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        let log = RenderLog()
        render("card", in: log) { _ = try? observer.lens?.name }
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        #expect(log.total == 0)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Morty"), into: environment)
        #expect(log.fired == ["card": 1])
        #expect(try observer.lens?.name == "Morty")
    }

    @Test func aRefreshThatFindsTheSameRecordNotifiesNoOne() throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        let log = RenderLog()
        render("card", in: log) { _ = observer.lens }
        observer.refresh()
        #expect(log.total == 0)
    }

    @Test func aDeletedRecordLeavesTheLensNilAtTheNextRefresh() throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        let log = RenderLog()
        render("card", in: log) { _ = observer.lens }
        try environment.write { $0.delete("Character:1") }
        observer.refresh()
        #expect(observer.lens == nil)
        #expect(log.fired == ["card": 1])
    }

    @Test func aRecordWrittenAgainAfterItsDeletionGetsANewLens() throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        try environment.write { $0.delete("Character:1") }
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Morty"), into: environment)
        observer.refresh()
        #expect(try observer.lens?.name == "Morty")
        #expect(observer.lens?.ref.record === environment.store.record("Character:1"))
    }

    @Test func endingTheEnvironmentClearsTheLens() throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let observer = FragmentObserver(NameQuery.Named.self, key: "Character:1", in: environment)
        environment.end()
        #expect(observer.lens == nil)
        observer.refresh()
        #expect(observer.lens == nil)
    }
}
