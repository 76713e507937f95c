@_spi(Baton) import BatonRecords

extension Store {
    /// Ends the store, as a session ends: memory lets go of every record (observers of their
    /// fields are told, so views let go too), optimistic layers are dropped, and the disk is
    /// closed after what was handed to it is written. Nothing of the clearing reaches the disk,
    /// so the next launch still draws from it; to empty the disk as well (signing out), remove
    /// the image's contents. After `end()` the store commits nothing.
    public func end() {
        guard !isEnded else { return }
        assertMayChange("end")
        let persistence = disk.persistence
        disk.persistence = nil
        for layer in optimisticLayers.reversed() { revert(layer) }
        listMemos.forgetAll()
        // Every field leaves, announced before any is removed, as in a commit.
        let held = keys.compactMap { record($0) }
        let cleared = held.map { record in
            (record, record.fields.map(\.slot).filter { !(record.key.isRoot && $0 == .typename) })
        }
        for (record, slots) in cleared { for slot in slots { record.willChange(slot) } }
        for (record, slots) in cleared { for slot in slots { record.store(nil, at: slot) } }
        for (record, slots) in cleared { for slot in slots { record.didChange(slot) } }
        let gone = keys.filter { !$0.isRoot }
        if !gone.isEmpty { commit(ChangeSet(snapshots: [], deletions: gone)) }
        isEnded = true
        persistence?.close()
    }
}
