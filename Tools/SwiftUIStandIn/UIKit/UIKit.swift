// A stand-in for the UIKit declarations Baton's platform adapters use
// (`Packages/Lens/Sources/BatonLens/Lifecycle/`, behind `canImport(UIKit)`), with the shapes
// UIKit's interface gives them (iOS 18 SDK), so that `typecheck-adapter.sh` type-checks them on
// Linux. Nothing here runs. When an adapter uses a new UIKit declaration, add it here as UIKit
// declares it.
@_exported import Foundation

@MainActor
open class UIApplication {
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification = NSNotification.Name(
        "UIApplicationWillResignActiveNotification")
}
