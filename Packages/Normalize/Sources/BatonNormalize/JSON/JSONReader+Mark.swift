extension JSONReader {
    /// A place in the text to come back to: taken inside a container, valid for rewinding
    /// while that container is still open.
    public struct Mark: Sendable {
        let position: Int
        let depth: Int
        let atContainerStart: Bool
    }

    /// The reader's place now.
    public var mark: Mark {
        Mark(position: position, depth: depth, atContainerStart: atContainerStart)
    }

    /// Goes back to `mark`, so what was read since is read again. Valid while the containers
    /// open at the mark are open, or were closed with no other container opened at their
    /// depth since (reading on to the end of the object the mark was taken in, say).
    public mutating func rewind(to mark: Mark) {
        position = mark.position
        depth = mark.depth
        atContainerStart = mark.atContainerStart
    }
}
