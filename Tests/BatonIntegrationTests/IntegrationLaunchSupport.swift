import Foundation
import BatonImage
import BatonLens

/// One launch of an app: an image over the scratch's file, a store over the image and an
/// environment over the store and `transport`. ``close()`` waits for the image's writes and
/// closes it, as an app's shutdown does; the next launch opens the same file.
///
/// Main actor, like the store.
@MainActor
final class IntegrationLaunch {
    let image: StoreImage
    let environment: GraphQLEnvironment
    var store: Store { environment.store }

    init(
        _ scratch: IntegrationScratch, normalization: Normalization, transport: any Transport,
        releaseBufferSize: Int = 10
    ) {
        image = scratch.openImage()
        let store = Store(normalization: normalization, persistence: image, releaseBufferSize: releaseBufferSize)
        environment = GraphQLEnvironment(store: store, transport: transport)
    }

    /// Waits until the image holds every commit of this launch, then closes it.
    func close() {
        image.waitForPendingWrites()
        image.close()
    }
}
