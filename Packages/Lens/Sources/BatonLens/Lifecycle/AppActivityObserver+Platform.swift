#if canImport(UIKit) && !os(watchOS)
import Foundation
import UIKit

extension AppActivityObserver {
    /// Follows the app's scenes in and out of the background: `.inactive` on
    /// `UIApplication.didEnterBackgroundNotification`, `.active` on
    /// `UIApplication.willEnterForegroundNotification`. A passing interruption (a call's banner,
    /// Control Center) resigns active without entering the background and parks nothing.
    public convenience init(environment: GraphQLEnvironment, center: NotificationCenter = .default) {
        self.init(
            environment: environment, center: center, inactive: UIApplication.didEnterBackgroundNotification,
            active: UIApplication.willEnterForegroundNotification)
    }
}
#elseif canImport(AppKit)
import AppKit
import Foundation

extension AppActivityObserver {
    /// Follows the app being hidden and shown again: `.inactive` on
    /// `NSApplication.didHideNotification`, `.active` on `NSApplication.didUnhideNotification`.
    /// A Mac app behind another app's window is still on screen and stays active.
    public convenience init(environment: GraphQLEnvironment, center: NotificationCenter = .default) {
        self.init(
            environment: environment, center: center, inactive: NSApplication.didHideNotification,
            active: NSApplication.didUnhideNotification)
    }
}
#endif
