import Observation

/// A record's `ObservationRegistrar`, held by reference so the record tests and reaches it
/// through one pointer: the registrar is a resilient type, whose optional is tested and
/// copied through value witnesses (about 160 instructions a read). Made by a record's first
/// tracked read; reached on the main actor, like the record (immutable, so Sendable: the
/// record's nonisolated `deinit` releases it).
@usableFromInline
final class ObservationBox: Sendable {
    @usableFromInline let registrar = ObservationRegistrar()

    @usableFromInline
    init() {}
}
