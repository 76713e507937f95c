import Observation

/// A record's `ObservationRegistrar`, held by reference so the record tests and reaches it
/// through one pointer: the registrar is a resilient type, whose optional is tested and
/// copied through value witnesses (about 160 instructions a read). Made by a record's first
/// tracked read; main actor, like the record.
@usableFromInline
final class ObservationBox {
    let registrar = ObservationRegistrar()

    @usableFromInline
    init() {}
}
