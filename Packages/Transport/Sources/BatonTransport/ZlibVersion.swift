import CZlib

/// The version of the zlib library the transport's compression is linked against.
public var zlibLibraryVersion: String { String(cString: zlibVersion()) }
