// A stand-in for the AppKit declarations Baton's platform adapters use
// (`Packages/Lens/Sources/BatonLens/Lifecycle/`, behind `canImport(AppKit)`), with the shapes
// AppKit's interface gives them (macOS 15 SDK), so that `typecheck-adapter.sh` type-checks them
// on Linux. Nothing here runs. When an adapter uses a new AppKit declaration, add it here as
// AppKit declares it.
@_exported import Foundation

@MainActor
open class NSApplication {
    nonisolated public static let didHideNotification = NSNotification.Name("NSApplicationDidHideNotification")
    nonisolated public static let didUnhideNotification = NSNotification.Name("NSApplicationDidUnhideNotification")
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "NSApplicationDidBecomeActiveNotification")
    nonisolated public static let didResignActiveNotification = NSNotification.Name(
        "NSApplicationDidResignActiveNotification")
}
