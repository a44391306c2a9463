import GalleryService
import GalleryStore
import Hummingbird

/// An error the API answers with: it decides its own status, and its body is
/// `{"error": "..."}` in words that name the parameter and the value.
struct APIError: HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// A bad parameter: 400, naming it as the query does ("width", "column-width").
    init(_ error: MasonryRequestError) {
        self.init(.badRequest, error.message(naming: { $0 }))
    }

    /// An unknown album is the asker's mistake (400); a library that cannot be read is ours (500).
    init(_ error: StoreError) {
        switch error {
        case .unknownAlbum, .malformedBrowseName: self.init(.badRequest, error.description)
        case .emptyBrowsePage: self.init(.notFound, error.description)
        case .newerSchema, .cannotOpen, .layoutKind: self.init(.internalServerError, error.description)
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.error(status, message)
    }
}
