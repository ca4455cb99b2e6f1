extension String {
    /// Runs of whitespace collapsed to one space, for comparing text across layout.
    public var collapsingWhitespace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// How many times `needle` occurs (without overlapping).
    public func occurrences(of needle: String) -> Int {
        guard !needle.isEmpty else { return 0 }
        return components(separatedBy: needle).count - 1
    }
}
