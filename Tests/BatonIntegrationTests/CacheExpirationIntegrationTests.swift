import BatonLens
import BatonNormalize
import Foundation
import Testing

/// `@cacheExpiration` through the plugin: the generated query carries the expiry, and the text
/// the transport sends leaves the directive out.
@MainActor
@Suite struct CacheExpirationIntegrationTests {
    @Test func aGeneratedQueryCarriesItsCacheExpirationAndSendsNoDirective() throws {
        #expect(IntegrationExpiringCharacterQuery.cacheExpiration == .seconds(60))
        let environment = GraphQLEnvironment(
            store: Store(normalization: IntegrationServer.normalization), transport: IntegrationServer.recorded)
        let plan = try environment.plan(IntegrationExpiringCharacterQuery.self, variables: ["id": "1"])
        #expect(plan.text == "query IntegrationExpiringCharacter($id:ID!){character(id:$id){id,name}}")
    }
}
