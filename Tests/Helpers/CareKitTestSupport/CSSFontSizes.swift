extension String {
    /// The declarations of this style sheet (or page) that size text in px, which the browser's
    /// font size setting does not change: `font-size` and the `font` shorthand, and the
    /// dimension properties that `font-size` reads (`--ock-dimension-point-size…`).
    public var pixelFontSizes: [String] {
        let sized = /(font-size|font|--ock-dimension-point-size[0-9]*)\s*:\s*[^;}"]*?[0-9.]+px/
        return matches(of: sized).map { String($0.output.0) }
    }
}
