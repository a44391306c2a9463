/// Why a private album's key or file does not open.
public enum PrivateAlbumError: Error, Equatable, CustomStringConvertible {
    /// The password is not the one the key was wrapped with.
    case wrongPassword
    /// The bytes are not what was sealed: changed, cut short, or sealed with another key.
    case damaged(String)

    public var description: String {
        switch self {
        case .wrongPassword: "wrong password"
        case .damaged(let why): "damaged: \(why)"
        }
    }
}
