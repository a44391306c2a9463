import GalleryJSON
import Hummingbird

/// Responses the API gives: JSON bodies, and errors that say what is wrong as
/// `{"error": "..."}`.
enum JSONResponse {
    static func ok(_ json: String) -> Response {
        ok(ByteBuffer(string: json))
    }

    static func ok(_ body: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-cache"],
                 body: .init(byteBuffer: body))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        let body = (try? JSON.encode(["error": message])) ?? Array("{}".utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
