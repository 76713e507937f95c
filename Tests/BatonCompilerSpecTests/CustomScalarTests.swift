import Foundation
import Testing
import BatonLens

/// The configuration maps the schema's `Decimal`, `DateTime` and `Url` to Foundation's types;
/// the app makes them `CustomScalar`s, and the generated lenses read them typed.
extension Decimal: CustomScalar {
    public init(scalar: Value) throws {
        guard case .string(let text) = scalar,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { throw ScalarConversion.unreadable("\(scalar)") }
        self = value
    }
}

/// A `Decimal` variable goes out as the text the server sends it back as.
extension Decimal: GraphQLInputValue {
    public var inputValue: JSONValue {
        .string(NSDecimalNumber(decimal: self).description(withLocale: Locale(identifier: "en_US_POSIX")))
    }
}

extension Date: CustomScalar {
    public init(scalar: Value) throws {
        guard case .string(let text) = scalar, let date = ISO8601DateFormatter().date(from: text)
        else { throw ScalarConversion.unreadable("\(scalar)") }
        self = date
    }
}

extension URL: CustomScalar {
    public init(scalar: Value) throws {
        guard case .string(let text) = scalar, let url = URL(string: text) else {
            throw ScalarConversion.unreadable("\(scalar)")
        }
        self = url
    }
}

/// A payload holding a `Date` or a `URL` (every operation and fragment that selects one has
/// such a payload) writes it as the text the server sends.
extension Date: GraphQLInputValue {
    public var inputValue: JSONValue { .string(ISO8601DateFormatter().string(from: self)) }
}

extension URL: GraphQLInputValue {
    public var inputValue: JSONValue { .string(absoluteString) }
}

enum ScalarConversion: Error {
    case unreadable(String)
}

@MainActor
struct CustomScalarTests {
    static let response = #"""
        {"data":{"assets":[{"uuid":"a1","price":"12.50","listedAt":"2026-11-01T10:00:00Z","page":"https://example.com/a1",
        "prices":["12.50",null,"13"],"id":null}]}}
        """#

    @Test func mappedCustomScalarsReadAsTheirSwiftTypes() throws {
        let environment = GraphQLEnvironment(
            store: Store(normalization: BatonSchema.normalization), transport: NoTransport())
        let plan = try environment.plan(TestAssetPricesQuery.self)
        environment.store.commit(
            try Ingest().ingest(Array(Self.response.utf8), plan: plan).changes, fetched: plan.identity)
        let data = TestAssetPricesQuery.Data(
            ref: RecordRef(
                record: try #require(environment.store.record(plan.rootKey)), selection: plan.root,
                context: environment.lensContext))
        let asset = try #require(try data.assets?.first ?? nil)
        #expect(try asset.price == Decimal(string: "12.50"))
        #expect(try asset.listedAt == Date(timeIntervalSince1970: 1_793_527_200))
        #expect(try asset.page == URL(string: "https://example.com/a1"))
        #expect(try asset.prices == [Decimal(string: "12.50"), nil, Decimal(13)])
        #expect(environment.store.record("Asset:a1") != nil)
    }

    @Test func aCustomScalarVariableGoesOutThroughItsInputConformance() throws {
        let variables = TestPricedAssetsQuery.Variables(
            price: Decimal(string: "12.50")!, among: [Decimal(13), Decimal(string: "0.1")!])
        #expect(variables.variableValues == ["price": "12.5", "among": ["13", "0.1"]])
        #expect(TestPricedAssetsQuery.Variables(price: 1).variableValues == ["price": "1"])
    }

    @Test func aCustomScalarThatDoesNotConvertIsATypedError() throws {
        let environment = GraphQLEnvironment(
            store: Store(normalization: BatonSchema.normalization), transport: NoTransport())
        let plan = try environment.plan(TestAssetPricesQuery.self)
        let bad = Self.response.replacingOccurrences(of: "2026-11-01T10:00:00Z", with: "yesterday")
        environment.store.commit(try Ingest().ingest(Array(bad.utf8), plan: plan).changes, fetched: plan.identity)
        let data = TestAssetPricesQuery.Data(
            ref: RecordRef(
                record: try #require(environment.store.record(plan.rootKey)), selection: plan.root,
                context: environment.lensContext))
        let asset = try #require(try data.assets?.first ?? nil)
        #expect(throws: LensError.self) { try asset.listedAt }
        #expect(try asset.price == Decimal(string: "12.50"))
    }
}

/// A transport the tests never reach: they commit responses themselves.
struct NoTransport: Transport {
    func send(_ request: GraphQLRequest) async throws -> Data { throw CancellationError() }
}
