import Foundation
import Observation
import Synchronization

/// A terminal stand-in for SwiftUI's render loop. A view is a function returning its lines;
/// it runs inside `withObservationTracking`, so it registers exactly the fields (and handle
/// properties) it read. When one of them changes, the view re-renders on the next main-actor
/// turn, once per commit however many of its fields the commit changed (the first change
/// ends the tracking). Nothing else re-renders a view.
///
/// Main actor: views read lenses, which live there.
@MainActor
final class RenderLoop {
    /// A mounted view and its render count.
    @MainActor
    private final class View {
        let name: String
        let body: @MainActor () -> [String]
        var isMounted = true

        init(name: String, body: @escaping @MainActor () -> [String]) {
            self.name = name
            self.body = body
        }
    }

    private let trace: Bool
    private let write: (String) -> Void
    private var views: [View] = []
    /// Every view's render count, unmounted ones included, in order of first mount.
    private var counts: [(name: String, renders: Int)] = []
    /// Invalidations on their way to the main actor: counted where `onChange` runs, so
    /// ``settle()`` waits for them too.
    private let inbound = InboundCount()

    init(trace: Bool, write: @escaping (String) -> Void = { print($0) }) {
        self.trace = trace
        self.write = write
    }

    /// Mounts `body` as the view `name` (replacing a view of that name) and renders it now.
    func mount(_ name: String, _ body: @escaping @MainActor () -> [String]) {
        unmount(name)
        let view = View(name: name, body: body)
        views.append(view)
        render(view)
    }

    /// Unmounts the view `name`: a change it read no longer renders it.
    func unmount(_ name: String) {
        for view in views where view.name == name { view.isMounted = false }
        views.removeAll { $0.name == name }
    }

    /// Whether a re-render is waiting for its turn.
    var hasPendingRenders: Bool { inbound.value > 0 }

    /// Waits until every dirty view has re-rendered.
    func settle() async {
        var turns = 0
        while hasPendingRenders && turns < 1_000 {
            await Task.yield()
            turns += 1
        }
    }

    /// How many times the view `name` rendered (0 if it never did).
    func renders(of name: String) -> Int {
        counts.first { $0.name == name }?.renders ?? 0
    }

    /// `name renders` for every view ever mounted, in order of first mount.
    var summary: String {
        counts.map { "\($0.name) \($0.renders)" }.joined(separator: " · ")
    }

    private func render(_ view: View) {
        guard view.isMounted else { return }
        let lines = withObservationTracking {
            view.body()
        } onChange: { [weak self, weak view, inbound] in
            // `onChange` runs where the change is made, before it is stored; the view
            // re-renders on a later main-actor turn.
            inbound.add(1)
            Task { @MainActor in
                self?.invalidate(view)
                inbound.add(-1)
            }
        }
        if let index = counts.firstIndex(where: { $0.name == view.name }) {
            counts[index].renders += 1
        } else {
            counts.append((view.name, 1))
        }
        for line in lines { write(line) }
        if trace { write("  · \(view.name) rendered (\(counts.first { $0.name == view.name }!.renders))") }
    }

    /// Re-renders `view` (on the main-actor turn after the change), unless it was unmounted.
    private func invalidate(_ view: View?) {
        guard let view, view.isMounted else { return }
        render(view)
    }
}

/// A count shared with `onChange` closures, which may run on any thread. Safe from any thread.
private final class InboundCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func add(_ delta: Int) {
        count.withLock { $0 += delta }
    }
}
