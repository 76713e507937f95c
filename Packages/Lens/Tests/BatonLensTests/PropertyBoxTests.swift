import Foundation
import Testing
@testable import BatonLens

/// What the SwiftUI wrappers keep across a view's updates (`update()` calls `prepare`), without SwiftUI.
@MainActor
struct PropertyBoxTests {
    @Test func theFragmentBoxKeepsItsObserverAndFindsARecordThatLandedSinceTheLastUpdate() throws {
        let environment = Spec.environment()
        let box = FragmentBox<NameQuery.Named>()
        box.prepare(in: environment, key: "Character:1")
        let observer = try #require(box.observer)
        #expect(observer.lens == nil)
        _ = try load(NameQuery.self, variables: ["id": "1"], response: NameQuery.response("Rick"), into: environment)
        box.prepare(in: environment, key: "Character:1")
        #expect(box.observer === observer)
        #expect(try observer.lens?.name == "Rick")
    }

    @Test func theFragmentBoxMakesANewObserverForANewKeyOrEnvironment() throws {
        let environment = Spec.environment()
        let box = FragmentBox<NameQuery.Named>()
        box.prepare(in: environment, key: "Character:1")
        let first = try #require(box.observer)
        box.prepare(in: environment, key: "Character:2")
        #expect(box.observer !== first)
        #expect(box.observer?.key == "Character:2")
        let second = box.observer
        box.prepare(in: Spec.environment(), key: "Character:2")
        #expect(box.observer !== second)
    }

    @Test func theMutationBoxKeepsItsHandleUntilTheEnvironmentChanges() throws {
        let environment = Spec.environment()
        let box = MutationBox<RenameMutation>()
        box.prepare(in: environment)
        let handle = try #require(box.handle)
        box.prepare(in: environment)
        #expect(box.handle === handle)
        box.prepare(in: Spec.environment())
        #expect(box.handle !== handle)
    }

    @Test func theSubscriptionBoxStartsItsHandleAtTheFirstUpdateOnly() async throws {
        let transport = StreamScriptTransport([[.connected]])
        let environment = Spec.environment(transport)
        let box = SubscriptionBox<NoteAddedSubscription>()
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        let handle = try #require(box.handle)
        #expect(await eventually { handle.state == .open })
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        #expect(box.handle === handle)
        #expect(transport.opened == 1)
    }

    @Test func aSubscriptionTheAppStoppedStaysStoppedAcrossUpdates() async throws {
        let transport = StreamScriptTransport([[.connected]])
        let environment = Spec.environment(transport)
        let box = SubscriptionBox<NoteAddedSubscription>()
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        let handle = try #require(box.handle)
        #expect(await eventually { handle.state == .open })
        handle.stop()
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        #expect(handle.state == .ended)
        #expect(await eventually { transport.terminated == 1 })
        #expect(transport.opened == 1)
    }

    @Test func newVariablesStartANewSubscriptionAndEndTheOldStream() async throws {
        let transport = StreamScriptTransport([[.connected], [.connected]])
        let environment = Spec.environment(transport)
        let box = SubscriptionBox<NoteAddedSubscription>()
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        let first = try #require(box.handle)
        #expect(await eventually { first.state == .open })
        box.prepare(in: environment, variables: ["characterId": "2"], backoff: FastClock().backoff)
        let second = try #require(box.handle)
        #expect(second !== first)
        #expect(first.state == .ended)
        #expect(await eventually { second.state == .open })
        #expect(await eventually { transport.terminated == 1 })
        #expect(transport.opened == 2)
    }

    @Test func lettingGoOfTheSubscriptionBoxEndsTheStream() async throws {
        let transport = StreamScriptTransport([[.connected]])
        let environment = Spec.environment(transport)
        var box: SubscriptionBox<NoteAddedSubscription>? = SubscriptionBox()
        box?.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        #expect(await eventually { box?.handle?.state == .open })
        box = nil
        #expect(await eventually { transport.terminated == 1 })
    }
}

extension PropertyBoxTests {
    @Test func aSubscriptionStoppedOnDisappearReconnectsOnAppearWithTheSameHandle() async throws {
        let transport = StreamScriptTransport([[.connected], [.connected]])
        let environment = Spec.environment(transport)
        let box = SubscriptionBox<NoteAddedSubscription>()
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        let handle = try #require(box.handle)
        #expect(await eventually { handle.state == .open })
        handle.start()
        #expect(transport.opened == 1)
        handle.stop()
        #expect(await eventually { transport.terminated == 1 })
        handle.start()
        box.prepare(in: environment, variables: ["characterId": "1"], backoff: FastClock().backoff)
        #expect(box.handle === handle)
        #expect(await eventually { handle.state == .open })
        #expect(transport.opened == 2)
    }
}
