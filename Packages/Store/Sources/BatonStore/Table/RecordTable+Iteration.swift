@_spi(Baton) import BatonRecords

extension RecordTable: Sequence {
    /// The records in view, in no particular order. The table must not change during
    /// iteration.
    struct Iterator: IteratorProtocol {
        fileprivate let table: RecordTable
        fileprivate var bucket = 0

        mutating func next() -> Record? {
            while bucket < table.bucketCount {
                defer { bucket += 1 }
                if table.isLive(bucket) { return table.buckets[bucket].record }
            }
            return nil
        }
    }

    func makeIterator() -> Iterator { Iterator(table: self) }

    var underestimatedCount: Int { count }
}
