extension String {
    /// The text of a file the build embeds in the binary (a target's `Resources/` file declared
    /// `.embedInCode`, whose bytes SwiftPM writes into the module's `PackageResources`), read as
    /// a multi-line string literal holds it: UTF-8, without the file's last line break.
    package init(embeddedResource bytes: [UInt8]) {
        let end = bytes.last == UInt8(ascii: "\n") ? bytes.count - 1 : bytes.count
        self.init(decoding: bytes[..<end], as: UTF8.self)
    }
}
