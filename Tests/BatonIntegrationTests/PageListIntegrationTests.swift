import BatonLens
import BatonTestSupport
import BatonTesting
import BatonTransport
import Foundation
import Testing

/// `@pageList` through the plugin against the local server: the server accepts the text sent
/// (the directive left out), `loadNext()` follows its `info.next` to the last page, every
/// character lands once in page order in one list, and a relaunch draws the whole list from
/// the image.
@MainActor
@Suite struct PageListIntegrationTests {
    static let variables: [String: JSONValue] = ["page": 1, "name": "Morty"]

    func ids(_ data: IntegrationCharacterPagesQuery.Data?) throws -> [String] {
        try data?.characters?.results?.compactMap { try $0?.id } ?? []
    }

    @Test func loadNextMergesEveryPageOfTheServerIntoOneListAndARelaunchDrawsIt() async throws {
        let server = try await LocalTestServer.start()
        defer { server.stop() }
        let scratch = IntegrationScratch()
        let transport = HTTPTransport(configuration: .init(url: server.graphQLURL))
        var merged: [String] = []
        do {
            let launch = IntegrationLaunch(
                scratch, normalization: IntegrationServer.normalization, transport: transport)
            defer { launch.close() }
            let plan = try launch.environment.plan(IntegrationCharacterPagesQuery.self, variables: Self.variables)
            #expect(
                plan.text
                    == "query IntegrationCharacterPages($page:Int,$name:String){characters(page:$page,filter:{name:$name}){info{count,pages,next},results{id,name}}}"
            )
            let handle = QueryHandle(
                IntegrationCharacterPagesQuery.self, variables: Self.variables, in: launch.environment)
            await handle.refetch()
            let data = try #require(handle.data, "\(String(describing: handle.error))")
            let count = try #require(try data.characters?.info?.count)
            let pages = try #require(try data.characters?.info?.pages)
            try #require(pages >= 2, "the filter must give more than one page")
            let first = try ids(data)
            var loaded = 1
            while handle.hasNext && loaded < pages + 1 {
                await handle.loadNext()
                #expect(handle.error == nil, "\(String(describing: handle.error))")
                loaded += 1
            }
            #expect(loaded == pages)
            #expect(handle.hasNext == false)
            merged = try ids(data)
            #expect(merged.count == count)
            #expect(Set(merged).count == count)
            #expect(Array(merged.prefix(first.count)) == first)
        }

        let relaunch = IntegrationLaunch(
            scratch, normalization: IntegrationServer.normalization, transport: SilentTransport())
        defer { relaunch.close() }
        let drawn = QueryHandle(
            IntegrationCharacterPagesQuery.self, variables: Self.variables, policy: .cacheFirst,
            in: relaunch.environment)
        #expect(try ids(drawn.data) == merged, "the relaunch's first read is every page from the image")
        #expect(drawn.hasNext == false)
    }
}
