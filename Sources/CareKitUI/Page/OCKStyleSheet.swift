/// The one stylesheet every page with CareKitUI views includes (``OCKHTMLDocument`` does).
///
/// It declares the default style (``OCKStyle``) as CSS custom properties for the light and the
/// dark appearance (`prefers-color-scheme`, or forced with the classes `ock-scheme-light` and
/// `ock-scheme-dark`), written here from the style, and the rules of every view, which are a
/// file (`Resources/views.css`). Views with a custom style override properties on their own
/// root element.
public enum OCKStyleSheet {
    /// The stylesheet.
    public static let css: String = variables + rules

    /// Declarations of the default style for one appearance.
    static func declarations(_ appearance: OCKStyleProperties.Appearance) -> String {
        OCKStyleProperties.properties(of: OCKStyle(), appearance: appearance)
            .map { "  " + $0.declaration + ";" }
            .joined(separator: "\n")
    }

    static let variables: String = """
        :root, .ock-scheme-light {
          color-scheme: light;
        \(declarations(.light))
        }
        @media (prefers-color-scheme: dark) {
          :root {
            color-scheme: dark;
        \(declarations(.dark).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
          }
        }
        .ock-scheme-light {
          color-scheme: light;
        \(declarations(.light))
        }
        .ock-scheme-dark {
          color-scheme: dark;
        \(declarations(.dark))
        }

        """

    /// Every view's rules (`Resources/views.css`, embedded in the binary), ending with a line break.
    static let rules = String(embeddedResource: PackageResources.views_css) + "\n"
}
