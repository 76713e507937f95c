import Foundation

/// Tells a ``GraphQLEnvironment`` the app's activity from notifications: `inactive` posted sets
/// `.inactive`, `active` posted sets `.active` (`GraphQLEnvironment.setActivity(_:)`). On Apple
/// platforms `init(environment:center:)` listens to the platform's own notifications.
///
/// Main actor. A notification posted on the main thread (as the platform posts its own) is
/// acted on at once; one posted elsewhere, in a main-actor task. The observer stops listening
/// when it is released; it holds the environment weakly.
@MainActor
public final class AppActivityObserver {
    private let center: NotificationCenter
    private let tokens: [any NSObjectProtocol]

    /// - Parameters:
    ///   - environment: the environment told.
    ///   - center: where the notifications are posted.
    ///   - inactive: the notification that says the app went to the background.
    ///   - active: the notification that says it is back.
    public init(
        environment: GraphQLEnvironment, center: NotificationCenter = .default, inactive: Notification.Name,
        active: Notification.Name
    ) {
        self.center = center
        tokens = [(inactive, AppActivity.inactive), (active, .active)].map { name, activity in
            center.addObserver(forName: name, object: nil, queue: nil) { [weak environment] _ in
                if Thread.isMainThread {
                    MainActor.assumeIsolated { environment?.setActivity(activity) }
                } else {
                    Task { @MainActor in environment?.setActivity(activity) }
                }
            }
        }
    }

    isolated deinit {
        for token in tokens { center.removeObserver(token) }
    }
}
