import Foundation
@testable import GalleryPublish
import GalleryTestSupport
import Testing

@Suite("Credentials, targets and the site's files: found and named as S3 tools do")
struct PublishCredentialsTests {
    @Test("the environment first, else the AWS_PROFILE (or default) profile of the credentials file; never the secret in a message")
    func credentials() throws {
        let folder = try TemporaryDirectory("aws-credentials")
        let file = try folder.write("credentials", text: """
            [default]
            aws_access_key_id = AKIDDEFAULT
            aws_secret_access_key = defaultSecret

            # a second profile, spaced differently
            [work]
            aws_access_key_id=AKIDWORK
            aws_secret_access_key=workSecret
            aws_session_token = tokenOfWork
            """)
        let fromEnvironment = try PublishCredentials.find(environment: ["AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "envSecret", "AWS_SHARED_CREDENTIALS_FILE": file])
        #expect(fromEnvironment.accessKeyID == "AKIDENV" && fromEnvironment.secretAccessKey == "envSecret" && fromEnvironment.sessionToken == nil)
        let standard = try PublishCredentials.find(environment: ["AWS_SHARED_CREDENTIALS_FILE": file])
        #expect(standard.accessKeyID == "AKIDDEFAULT" && standard.secretAccessKey == "defaultSecret")
        let work = try PublishCredentials.find(environment: ["AWS_SHARED_CREDENTIALS_FILE": file, "AWS_PROFILE": "work"])
        #expect(work.accessKeyID == "AKIDWORK" && work.secretAccessKey == "workSecret" && work.sessionToken == "tokenOfWork")
        #expect(!work.description.contains("workSecret") && work.description.contains("AKIDWORK"))
        #expect(throws: PublishError.self) { try PublishCredentials.find(environment: ["AWS_SHARED_CREDENTIALS_FILE": file, "AWS_PROFILE": "nobody"]) }
        #expect(throws: PublishError.self) { try PublishCredentials.find(environment: ["AWS_ACCESS_KEY_ID": "AKIDENV", "HOME": folder.path]) }
        #expect(throws: PublishError.self) { try PublishCredentials.find(environment: ["HOME": folder.path]) }
    }

    @Test("s3://BUCKET[/PREFIX] targets")
    func targets() throws {
        #expect(try S3Location(parsing: "s3://my-bucket") == S3Location(bucket: "my-bucket", prefix: ""))
        #expect(try S3Location(parsing: "s3://my-bucket/photos/2024/").prefix == "photos/2024/")
        #expect(try S3Location(parsing: "s3://my.bucket/a//b").prefix == "a/b/")
        for bad in ["my-bucket", "s3://", "s3://Big_Bucket/x", "https://bucket/x", "s3://ab"] {
            #expect(throws: PublishError.self, "\(bad)") { try S3Location(parsing: bad) }
        }
    }

    @Test("what goes up when (types and caching: SiteFileDeliveryTests)")
    func siteFiles() throws {
        #expect(SiteFile.phase(path: "thumbs/a-236.jpg", ext: "jpg") == .assets)
        #expect(SiteFile.phase(path: "data/album.index.js", ext: "js") == .assets)
        #expect(SiteFile.phase(path: "gallery.js", ext: "js") == .code && SiteFile.phase(path: "gallery.css", ext: "css") == .code)
        #expect(SiteFile.phase(path: "index.html", ext: "html") == .pages && SiteFile.phase(path: "sitemap.xml", ext: "xml") == .pages)
    }
}
