import Foundation
import Observation
import Testing
import BatonLens

/// The UIKit article's view controller without UIKit: `nameText` stands for its label's text,
/// `appear()` and `disappear()` for `viewWillAppear(_:)` and `viewDidDisappear(_:)`.
@MainActor
final class CharacterScreenModel {
    private let character: FragmentObserver<NameQuery.Named>
    private var isVisible = false
    private(set) var nameText: String?
    private(set) var updates = 0

    init(key: RecordKey, environment: GraphQLEnvironment) {
        character = FragmentObserver(NameQuery.Named.self, key: key, in: environment)
    }

    func appear() {
        isVisible = true
        update()
    }

    func disappear() {
        isVisible = false
    }

    private func update() {
        guard isVisible else { return }
        character.refresh()
        updates += 1
        withObservationTracking {
            nameText = (try? character.lens?.name) ?? "—"
        } onChange: {
            Task { @MainActor [weak self] in self?.update() }
        }
    }
}

@MainActor
struct UIKitRecipeTests {
    let environment = Spec.environment()

    @Test func theScreenRedrawsAfterAFieldItReadChanges() async throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let screen = CharacterScreenModel(key: "Character:1", environment: environment)
        screen.appear()
        #expect(screen.nameText == "Rick")
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Morty"), into: environment)
        #expect(await eventually { screen.nameText == "Morty" })
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Summer"), into: environment)
        #expect(await eventually { screen.nameText == "Summer" })
        #expect(screen.updates == 3)
    }

    @Test func aHiddenScreenStopsRedrawingAndCatchesUpWhenItAppears() async throws {
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        let screen = CharacterScreenModel(key: "Character:1", environment: environment)
        screen.appear()
        screen.disappear()
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Morty"), into: environment)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Summer"), into: environment)
        for _ in 0..<10 { await Task.yield() }
        #expect(screen.nameText == "Rick")
        #expect(screen.updates == 1)
        screen.appear()
        #expect(screen.nameText == "Summer")
    }

    @Test func aScreenWhoseRecordLandsLaterShowsItAfterTheNextUpdate() throws {
        let screen = CharacterScreenModel(key: "Character:1", environment: environment)
        screen.appear()
        #expect(screen.nameText == "—")
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        screen.disappear()
        screen.appear()
        #expect(screen.nameText == "Rick")
    }
}
