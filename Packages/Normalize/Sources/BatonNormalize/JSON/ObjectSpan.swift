/// Where one object lies in what a reader reads, so that a later object can be told to be the
/// same one: in a text, the offset of its `{` and, once it is read to its `}`, its length in
/// bytes; in a tree, the address of its members and their count. With the reader's depth
/// inside it.
///
/// A later object whose text is a read object's byte for byte is that same object: JSON's
/// grammar ends an object at the one `}` its bytes close it with, and every check the first
/// read made (grammar, escapes, UTF-8, numbers) gives the same answer on the same bytes. In a
/// tree, the same holds of members equal value for value in the same order. Only the nesting
/// limit depends on where an object is, which is why the depth is kept. A value.
struct ObjectSpan: Sendable {
    /// The offset of the object's `{`, or the address of its members.
    let start: Int
    /// How many containers were open inside the object, itself included.
    let depth: Int
    /// The object's length, `{` to `}` (0 while it is being read), or its member count.
    let count: Int
}
