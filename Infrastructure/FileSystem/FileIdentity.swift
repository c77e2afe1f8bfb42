/// A file's identity and state as one `stat` saw them: which inode, how large, when
/// last written, its mode and owner. See `PrivateFiles.identity(of:)`.
public struct FileIdentity: Sendable, Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64
    /// The type and permission bits, as `st_mode` holds them.
    public let mode: UInt32
    let owner: UInt32
}
