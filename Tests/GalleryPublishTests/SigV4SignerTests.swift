import Foundation
@testable import GalleryPublish
import Testing

/// The signer against published signatures: AWS's SigV4 test suite (`aws-sig-v4-test-suite`:
/// service "service", us-east-1, 2015-08-30T12:36:00Z, key AKIDEXAMPLE) and the S3 guide's
/// examples (examplebucket, 2013-05-24). Each case is the request the vector describes and the
/// signature AWS publishes for it; a canonicalization mistake changes the signature.
@Suite("SigV4: AWS's published test vectors")
struct SigV4SignerTests {
    static let suiteSigner = SigV4Signer(credentials: PublishCredentials(accessKeyID: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"),
                                         region: "us-east-1", service: "service")
    static let suiteDate = Date(timeIntervalSince1970: 1_440_938_160) // 2015-08-30T12:36:00Z
    static let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    struct Vector: Sendable, CustomStringConvertible {
        var name: String
        var method = "GET"
        var path = "/"
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        var body = ""
        var signedHeaders = "host;x-amz-date"
        var signature: String
        var description: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: "get-vanilla", signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
        Vector(name: "get-unreserved", path: "/-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
               signature: "07ef7494c76fa4850883e2b006601f940f8a34d404d0cfa977f52a65bbf5f24f"),
        Vector(name: "get-vanilla-query-order-key-case", query: [("Param2", "value2"), ("Param1", "value1")],
               signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500"),
        Vector(name: "get-vanilla-query-order-value", query: [("Param1", "value2"), ("Param1", "value1")],
               signature: "5772eed61e12b33fae39ee5e7012498b51d56abc0abb7c60486157bd471c4694"),
        Vector(name: "get-vanilla-utf8-query", query: [("\u{1234}", "bar")],
               signature: "2cdec8eed098649ff3a119c94853b13c643bcf08f8b0a1d91e12c9027818dd04"),
        Vector(name: "get-header-value-order", headers: [("My-Header1", "value4"), ("My-Header1", "value1"), ("My-Header1", "value3"), ("My-Header1", "value2")],
               signedHeaders: "host;my-header1;x-amz-date", signature: "08c7e5a9acfcfeb3ab6b2185e75ce8b1deb5e634ec47601a50643f830c755c01"),
        Vector(name: "get-header-key-duplicate", headers: [("My-Header1", "value2"), ("My-Header1", "value2"), ("My-Header1", "value1")],
               signedHeaders: "host;my-header1;x-amz-date", signature: "c9d5ea9f3f72853aea855b47ea873832890dbdd183b4468f858259531a5138ea"),
        Vector(name: "get-header-value-trim", headers: [("My-Header1", " value1"), ("My-Header2", "\"a   b   c\"")],
               signedHeaders: "host;my-header1;my-header2;x-amz-date", signature: "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736"),
        Vector(name: "post-x-www-form-urlencoded", method: "POST", headers: [("Content-Type", "application/x-www-form-urlencoded")], body: "Param1=value1",
               signedHeaders: "content-type;host;x-amz-date", signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a"),
    ]

    @Test("the test suite's requests sign to the published Authorization headers", arguments: vectors)
    func testSuite(vector: Vector) {
        let request = SigV4Signer.Request(method: vector.method, encodedPath: vector.path, query: vector.query,
                                          headers: [("Host", "example.amazonaws.com")] + vector.headers)
        let added = Self.suiteSigner.sign(request, payloadHash: SigV4Signer.payloadHash(Data(vector.body.utf8)), date: Self.suiteDate, sendPayloadHash: false)
        let authorization = added.first { $0.name == "Authorization" }?.value
        #expect(authorization == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=\(vector.signedHeaders), Signature=\(vector.signature)")
    }

    @Test("get-vanilla-query-order-key-case: its canonical request is the published one")
    func canonicalRequest() {
        let request = SigV4Signer.Request(method: "GET", encodedPath: "/", query: [("Param2", "value2"), ("Param1", "value1")],
                                          headers: [("Host", "example.amazonaws.com"), ("X-Amz-Date", "20150830T123600Z")])
        #expect(Self.suiteSigner.canonicalRequest(request, payloadHash: Self.emptyHash) == """
            GET
            /
            Param1=value1&Param2=value2
            host:example.amazonaws.com
            x-amz-date:20150830T123600Z

            host;x-amz-date
            e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
            """)
    }

    @Test("a session token is signed as x-amz-security-token (the suite's post-sts-header-after)")
    func sessionToken() {
        var signer = Self.suiteSigner
        signer.credentials.sessionToken = "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA=="
        let request = SigV4Signer.Request(method: "POST", encodedPath: "/", headers: [("Host", "example.amazonaws.com")])
        let added = signer.sign(request, payloadHash: Self.emptyHash, date: Self.suiteDate, sendPayloadHash: false)
        #expect(added.first { $0.name == "x-amz-security-token" }?.value == signer.credentials.sessionToken)
        #expect(added.first { $0.name == "Authorization" }?.value
            == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead")
    }

    static let s3Signer = SigV4Signer(credentials: PublishCredentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                                      region: "us-east-1")
    static let s3Date = Date(timeIntervalSince1970: 1_369_353_600) // 2013-05-24T00:00:00Z

    @Test("the S3 guide's GET Object (a range) and ListObjects examples")
    func s3Examples() {
        let get = SigV4Signer.Request(method: "GET", encodedPath: "/test.txt", headers: [("Host", "examplebucket.s3.amazonaws.com"), ("Range", "bytes=0-9")])
        let getAuthorization = Self.s3Signer.sign(get, payloadHash: Self.emptyHash, date: Self.s3Date).first { $0.name == "Authorization" }?.value
        #expect(getAuthorization == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
        let list = SigV4Signer.Request(method: "GET", encodedPath: "/", query: [("max-keys", "2"), ("prefix", "J")], headers: [("Host", "examplebucket.s3.amazonaws.com")])
        let listAuthorization = Self.s3Signer.sign(list, payloadHash: Self.emptyHash, date: Self.s3Date).first { $0.name == "Authorization" }?.value
        #expect(listAuthorization?.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7") == true, "\(listAuthorization ?? "")")
    }

    @Test("object keys are encoded once, slashes kept; query values fully")
    func encoding() {
        #expect(SigV4Signer.encode("album coast/ü+1.jpg", keepingSlashes: true) == "album%20coast/%C3%BC%2B1.jpg")
        #expect(SigV4Signer.encode("a/b") == "a%2Fb")
        #expect(SigV4Signer.encode("-._~") == "-._~")
    }
}
