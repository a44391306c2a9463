import Foundation

// embed-migrations OUTPUT.swift FILE.sql...
// Writes each file's bytes as an array literal: no escaping question can arise, whatever the SQL holds.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: embed-migrations OUTPUT.swift FILE.sql...\n".utf8))
    exit(2)
}
var source = """
    // Generated at build time by the EmbedMigrations plugin from Migrations/*.sql. Do not edit.

    enum EmbeddedMigrations {
        /// (identifier, SQL) in the order they apply; the identifier is the file name without ".sql".
        static let all: [(identifier: String, sql: String)] = [

    """
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let bytes = try [UInt8](Data(contentsOf: url))
    let name = url.deletingPathExtension().lastPathComponent
    source += "        (\(String(reflecting: name)), String(decoding: [\(bytes.map(String.init).joined(separator: ","))] as [UInt8], as: UTF8.self)),\n"
}
source += "    ]\n}\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
