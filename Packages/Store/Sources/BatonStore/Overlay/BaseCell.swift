@_spi(Baton) import BatonRecords

/// A field's value in the base, under an optimistic layer; `value` nil when the base lacks it.
struct BaseCell {
    let slot: Slot
    var value: Value?
}
