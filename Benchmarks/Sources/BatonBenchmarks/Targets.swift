/// The targets the project holds figures to (Benchmarks/README.md says what each figure
/// measures): `make bench` prints each beside its figure and marks a miss, and lists the
/// misses at the end. A figure with no target here is reported as it is.
enum Target {
    /// The figure must be at most this.
    case atMost(Double)
    /// The figure must be at least this.
    case atLeast(Double)

    static let figures: [String: Target] = [
        // Normalize and the store (issue #21).
        "ingest_over_scan_ratio": .atMost(4),
        "ingest_over_jsonserialization_ratio": .atMost(0.08),
        "commit_noop_over_empty_ratio": .atMost(0.10),
        "check_over_commit_ratio": .atMost(0.10),
        "collect_50k_ms": .atMost(8),
        "optimistic_cycle_over_commit_ratio": .atMost(0.5),
        "load_next_page_ms": .atMost(1),
        "load_next_page_rows_ms": .atMost(1),
        "load_next_page_over_observable_ratio": .atMost(1.2),
        // Reads (issue #21).
        "tracked_over_observable_ratio": .atMost(1.0),
        "lens_read_over_record_read_ratio": .atMost(2),
        "lens_argument_read_over_record_read_ratio": .atMost(2),
        "lens_tracked_over_observable_ratio": .atMost(1.1),
        "handle_read_over_observable_ratio": .atMost(1.2),
        // The image (issue #21).
        "image_writer_over_commit_ratio": .atMost(2),
        "launch_over_hydrate_ratio": .atMost(2),
        "launch_after_history_over_launch_ratio": .atMost(1.2),
        "image_bytes_per_response_byte": .atMost(0.18),
        // Writes from app code (issue #17).
        "typed_write_over_commit_one_field_ratio": .atMost(2),
        "payload_commit_over_response_commit_ratio": .atMost(1),
        "payload_commit_over_ingest_ratio": .atMost(1),
    ]

    /// Whether `value` meets the target.
    func isMet(by value: Double) -> Bool {
        switch self {
        case .atMost(let limit): value <= limit
        case .atLeast(let floor): value >= floor
        }
    }

    /// `≤ 2`, `≥ 100`.
    var text: String {
        switch self {
        case .atMost(let limit): "≤ \(Self.format(limit))"
        case .atLeast(let floor): "≥ \(Self.format(floor))"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
