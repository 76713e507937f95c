import BatonCompiler
import BatonImage
import BatonLens
import BatonNormalize
import BatonRecords
import BatonStore
import BatonTesting
import BatonTransport
import SwiftUINames
import Testing

/// Every SwiftUI and SwiftData type name an app writes, named unqualified in a file that also
/// imports every Baton module: a Baton type of the same name makes this file ambiguous, and
/// the test target does not build.
@Suite struct NamesBesideSwiftUITests {
    @Test func everySwiftUIAndSwiftDataTypeNameResolvesUnqualifiedBesideBaton() {
        let types = Self.types
        #expect(types.count == 131)
        #expect(types.allSatisfy { String(reflecting: $0).hasPrefix("SwiftUINames.") })
    }
}
