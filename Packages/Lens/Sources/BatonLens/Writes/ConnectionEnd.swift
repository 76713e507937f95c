/// Where an insertion into a connection goes: before its first edge or after its last.
public enum ConnectionEnd: Sendable, Hashable {
    case start
    case end
}
