import Testing

@testable import BatonLens

/// `ScalarValue.converted(_:)`, which a lens read asks before `read(_:field:record:)`: for
/// every built-in type it converts exactly what `read` converts, to the same value, and
/// leaves everything else (a mismatch, a field error) to `read`, which names the field.
@Suite struct ScalarConversionTests {
    static let values: [Value] = [
        .string("Alive"), .string(""), .int(7), .double(2.5), .bool(true), .null,
        .list([.string("a")]), .link("Character:1"), .error(FieldError(message: "boom")),
    ]

    /// Whether `T.converted` and `T.read` agree on `value`: both give the same value, or
    /// `converted` gives nil and `read` throws.
    static func agree<T: ScalarValue & Equatable>(_ type: T.Type, on value: Value) -> Bool {
        let read = try? T.read(value, field: "status", record: "Character:1")
        return T.converted(value) == read
    }

    @Test(arguments: values)
    func builtInTypesConvertWhatTheyRead(_ value: Value) {
        #expect(Self.agree(String.self, on: value))
        #expect(Self.agree(Int.self, on: value))
        #expect(Self.agree(Double.self, on: value))
        #expect(Self.agree(Bool.self, on: value))
        #expect(Self.agree(String?.self, on: value))
        #expect(Self.agree(Double?.self, on: value))
        #expect(Self.agree(LifeStatus.self, on: value))
        #expect(Self.agree(LifeStatus?.self, on: value))
    }

    /// A null converts to nil through an optional, and a value inside one converts as its
    /// wrapped type does: `.some(nil)` and `.some(.some(...))`, never the `nil` that sends
    /// the read on.
    @Test func anOptionalConvertsANullToNil() {
        #expect(String?.converted(.null) == .some(nil))
        #expect(String?.converted(.string("x")) == .some("x"))
        #expect(String?.converted(.int(1)) == nil)
    }

    /// `Value` reads any stored value as is, but a field error converts to nil: the read
    /// then goes to the field's address, which throws the error.
    @Test func aValueConvertsAllButAFieldError() {
        for value in Self.values {
            if case .error = value {
                #expect(Value.converted(value) == nil)
            } else {
                #expect(Value.converted(value) == value)
            }
        }
    }

    /// A type that does not implement `converted` reads through `read` alone.
    @Test func aTypeWithoutConvertedReadsThroughRead() {
        struct Celsius: CustomScalar, Equatable {
            let degrees: Double
            init(scalar: Value) throws {
                guard case .double(let degrees) = scalar else { throw ScalarConversionError.notANumber }
                self.degrees = degrees
            }
        }
        #expect(Celsius.converted(.double(21)) == nil)
        #expect((try? Celsius.read(.double(21), field: "temperature", record: "Place:1"))?.degrees == 21)
    }

    enum ScalarConversionError: Error { case notANumber }
}
