/// Headers for every response of a server that holds private data: no caching, no framing,
/// no type sniffing, no referrer, and a content security policy.
public enum HTTPSecurityHeaders {
    /// For HTML pages: scripts, styles and images of this server only (inline styles and
    /// `data:` images allowed, for SVG charts), forms posting here only.
    public static let pages: [(name: String, value: String)] =
        [
            (
                "Content-Security-Policy",
                "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
            )
        ] + common

    /// For a JSON API: nothing in a response may be run or shown as a page.
    public static let api: [(name: String, value: String)] =
        [
            ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
        ] + common

    private static let common: [(name: String, value: String)] = [
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        // No address of this server reaches another site; its own requests keep theirs, and
        // with them their Origin: under `no-referrer` browsers send `Origin: null` with every
        // form, which the CSRF check refuses.
        ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store")
    ]
}
