import BatonImage
import BatonLens
import BatonTesting
import BatonTransport
import Foundation

// A first app over Baton, built from the README alone: `App IMAGE RESPONSES first` fetches
// the hero through a recorded transport into a store kept in an image; `App IMAGE RESPONSES
// relaunch` opens the same image over a transport that never answers and must draw the hero
// from it before any network. Prints what it drew; exits 1 on anything else.

@MainActor
func launch(image path: URL, responses: URL, relaunch: Bool) async -> Int32 {
    var faults: [String] = []
    let image = StoreImage.open(
        at: path, version: BatonSchema.schemaDigest,
        options: StoreImage.Options(onError: { error in print("image error: \(error)") }))
    let store = Store(normalization: BatonSchema.normalization, persistence: image)
    let transport: any Transport = relaunch ? SilentTransport() : RecordedTransport(directory: responses)
    let environment = GraphQLEnvironment(
        store: store, transport: transport,
        log: { event in
            faults.append("\(event)")
        })
    _ = HTTPTransport(url: URL(string: "http://127.0.0.1:1/graphql")!)  // the production transport links

    let handle = QueryHandle(HeroQuery.self, variables: .init(id: "h1"), policy: .cacheFirst, in: environment)
    if relaunch {
        // Drawn in the first frame: the initializer's check read the image.
        guard let hero = try? handle.data?.hero else {
            print("relaunch: nothing drawn from the image (phase \(handle.phase), log \(faults))")
            return 1
        }
        let row = hero.heroRow
        let status = (try? row.status) ?? nil
        print(
            "relaunch: drew \((try? row.name) ?? "?") (\(status ?? "no status")) of \((try? hero.home?.name) ?? "?") before the network"
        )
        environment.end()
        image.close()
        return 0
    }
    guard handle.data == nil else {
        print("first launch: the store was not empty")
        return 1
    }
    await handle.refetch()
    guard let hero = try? handle.data?.hero, let name = try? hero.heroRow.name else {
        print(
            "first launch: no hero after the fetch (phase \(handle.phase), error \(String(describing: handle.error)))")
        return 1
    }
    print("first launch: fetched \(name)")
    image.waitForPendingWrites()
    image.close()
    return 0
}

let arguments = CommandLine.arguments
guard arguments.count == 4, ["first", "relaunch"].contains(arguments[3]) else {
    print("usage: App IMAGE RESPONSES first|relaunch")
    exit(2)
}
let status = await launch(
    image: URL(fileURLWithPath: arguments[1]), responses: URL(fileURLWithPath: arguments[2]),
    relaunch: arguments[3] == "relaunch")
exit(status)
