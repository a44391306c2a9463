/// Why an archive could not be laid out or written, naming the file.
public enum StoredZipError: Error, Equatable, CustomStringConvertible {
    /// A name that could leave the folder it is unpacked into.
    case badName(String)
    case cannotRead(String)
    case cannotWrite(String)
    /// A file whose size is not the one it had when the archive was laid out.
    case changed(String, expected: UInt64)

    public var description: String {
        switch self {
        case .badName(let name): "'\(name)' cannot be a name in a ZIP archive (absolute, '..', an empty part, '\\\\' or NUL)"
        case .cannotRead(let file): "\(file): cannot be read"
        case .cannotWrite(let file): "\(file): cannot be written"
        case .changed(let file, let expected): "\(file): changed since it was imported (its size is no longer \(expected) bytes); run gallery import again"
        }
    }
}
