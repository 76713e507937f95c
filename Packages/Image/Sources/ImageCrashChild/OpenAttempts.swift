import Foundation
import BatonImage

/// A second process's attempts to open an image: each opens it, waits for the open, hands
/// the image a batch (`t<pid>.<n>`) and reports `held` (the open failed with
/// ``ImageError/heldByAnotherProcess(path:)`` and the batch was not committed), `opened` (then
/// closes it) or `error DESCRIPTION`, on standard output, one line an attempt. Runs on the
/// main thread.
struct OpenAttempts {
    let path: String

    func run(count: Int) {
        for attempt in 0..<count {
            let image = StoreImage.open(at: URL(fileURLWithPath: path), version: ChildWriter.version)
            do {
                try image.waitUntilOpen()
                report("opened")
            } catch ImageError.heldByAnotherProcess(let heldPath) where heldPath == path {
                let batch = SoakBatch(id: "t\(getpid()).\(attempt)", launch: 0, count: 3, textLength: 10)
                image.write(batch.persistenceBatch)
                if image.state != .failed(.heldByAnotherProcess(path: path)) {
                    report("error state \(image.state)")
                } else if (try? image.waitUntilCommitted()) != nil {
                    report("error a write was committed to a held image")
                } else {
                    report("held")
                }
            } catch {
                report("error \(error)")
            }
            image.close()
        }
    }
}
