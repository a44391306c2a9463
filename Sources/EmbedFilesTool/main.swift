import Foundation

// embed-files OUTPUT.swift ENUM [--keep-extension] FILE...
// Writes `enum ENUM { static let all: [(identifier: String, text: String)] }` with each file's
// bytes as an array literal: no escaping question can arise, whatever the file holds. The
// identifier is the file name, without its extension unless --keep-extension is given.
var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: embed-files OUTPUT.swift ENUM [--keep-extension] FILE...\n".utf8))
    exit(2)
}
let output = arguments.removeFirst()
let enumName = arguments.removeFirst()
let keepExtension = arguments.first == "--keep-extension"
if keepExtension { arguments.removeFirst() }
var source = """
    // Generated at build time by a build plugin of this package. Do not edit.

    enum \(enumName) {
        /// (identifier, text) in the order the files were given.
        static let all: [(identifier: String, text: String)] = [

    """
for path in arguments {
    let url = URL(fileURLWithPath: path)
    let bytes = try [UInt8](Data(contentsOf: url))
    let name = keepExtension ? url.lastPathComponent : url.deletingPathExtension().lastPathComponent
    source += "        (\(String(reflecting: name)), String(decoding: [\(bytes.map(String.init).joined(separator: ","))] as [UInt8], as: UTF8.self)),\n"
}
source += "    ]\n}\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
