// Baton's SwiftUI wrappers used as the README and the doc comments show them, with hand-written
// lenses, type-checked against the stand-in by `typecheck-adapter.sh`. Nothing here runs: a
// body is `Never`, because the stand-in declares no views.
import BatonLens
import SwiftUI

struct CharacterRow: Fragment {
    static let typeCondition = "Character"
    struct Fields: FieldSet { let name = Scalar<String>("name") }
    static let fields = Fields()
    let ref: RecordRef
}

enum RenameMutation: GraphQLOperation {
    static let document =
        "mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { character { id name } } }"
    struct Data: Fragment {
        static let typeCondition = "Mutation"
        struct Fields: FieldSet { let rename = Linked<Payload?>("rename", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
    struct Payload: Fragment {
        static let typeCondition = "FavoritePayload"
        struct Fields: FieldSet { let character = Linked<CharacterRow?>("character") }
        static let fields = Fields()
        let ref: RecordRef
    }
}

enum NameChangedSubscription: GraphQLOperation {
    static let document = "subscription NameChanged($id: ID!) { nameChanged(id: $id) { id name } }"
    struct Data: Fragment {
        static let typeCondition = "Subscription"
        struct Fields: FieldSet { let nameChanged = Linked<CharacterRow?>("nameChanged", arguments: true) }
        static let fields = Fields()
        let ref: RecordRef
    }
}

struct CharacterCard: View {
    @GraphQLFragment<CharacterRow> var character: CharacterRow?

    init(key: RecordKey) {
        _character = GraphQLFragment(key: key)
    }

    var body: Never { fatalError("type-checked only") }

    var name: String { (try? character?.name) ?? "" }
    var isMissing: Bool { $character?.lens == nil }
}

struct RenameButton: View {
    @GraphQLMutation(RenameMutation.self) var rename

    var body: Never { fatalError("type-checked only") }

    var isDisabled: Bool { rename?.phase == .running }
    var failure: FailureKind? {
        if case .failed(let kind)? = rename?.phase { return kind }
        return nil
    }

    func tap() {
        Task {
            try? await rename?.perform(
                variables: ["id": "1", "name": "Rick Prime"],
                optimisticResponse: ["rename": ["character": ["id": "1", "name": "Rick Prime"]]])
        }
    }
}

struct LiveName: View {
    @GraphQLSubscription(NameChangedSubscription.self, variables: ["id": "1"]) var changed

    var body: Never { fatalError("type-checked only") }

    var name: String { (try? changed?.nameChanged?.name) ?? "" }
    var isOpen: Bool { $changed?.state == .open }
    func pause() { $changed?.stop() }

    /// A view that stays in the hierarchy while hidden (a tab) stops and starts its stream itself.
    func pausedWhileHidden() -> some View {
        onAppear { $changed?.start() }.onDisappear { $changed?.stop() }
    }
}
