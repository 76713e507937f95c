import BatonLens

extension String {
    /// The string cut or padded with spaces to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
    }
}

extension Duration {
    /// Milliseconds with one decimal: `2.1 ms`.
    var milliseconds: String {
        let (seconds, attoseconds) = components
        let tenths = (Double(seconds) * 1e4 + Double(attoseconds) / 1e14).rounded()
        return "\(Int(tenths) / 10).\(Int(tenths) % 10) ms"
    }
}

extension QueryPhase {
    /// What a view shows while its handle has no data.
    var placeholder: String {
        switch self {
        case .loading: "loading…"
        case .ready: "no data"
        case .failed(let kind): "failed (\(kind))"
        }
    }
}
