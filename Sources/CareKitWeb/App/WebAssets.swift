/// The app shell's stylesheet, script and icon, shipped by the server (nothing fetched elsewhere).
/// The stylesheet and the script are files in `Sources/CareKitWeb/Resources/`, embedded in the
/// binary by SwiftPM (`PackageResources`) and checked by `make lint-assets`; the icon is written
/// here, in the app's tint.
package enum WebAssets {
    /// The browser tab's icon: a heart on a rounded square of the app's tint (a CSS colour).
    package static func favicon(tint: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="\(tint)"/>\
        <path fill="#fff" d="M32 53C14 41 8 32 8 23c0-8 6-13 12.5-13 5 0 9 3 11.5 7 2.5-4 6.5-7 11.5-7C50 10 56 15 56 23c0 9-6 18-24 30z"/></svg>

        """
    }

    /// The app's own rules (`Resources/app.css`), served after CareKitUI's stylesheet.
    static let css = String(embeddedResource: PackageResources.app_css)

    /// Progressive enhancement only: without it every button is a form that posts and reloads.
    /// With it, buttons post in the background, the page refreshes in place (keeping focus),
    /// and server-sent events keep every open tab up to date (`Resources/app.js`;
    /// ``javaScript`` adds the keyboard's part, ``keyboardScript``).
    static let appScript = String(embeddedResource: PackageResources.app_js)
}
