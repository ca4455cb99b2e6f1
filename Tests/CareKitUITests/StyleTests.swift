import CareKitTestSupport
import Testing

@testable import CareKitUI

@Suite("Styling")
struct StyleTests {
    @Test("The README's styling sample compiles and colours the separator black")
    func readmeSample() {
        let view = OCKSimpleTaskView()
        view.customStyle = CustomStyle()
        #expect(view.style().color.separator == .black)
        #expect(view.headerView.style().color.separator == .black)
        #expect(view.html.contains("style=\"--ock-color-separator:#000000\""))
    }

    @Test("style() resolves custom style, then the nearest ancestor's, then OCKStyle")
    func resolution() {
        let card = Fixtures.instructions()
        #expect(card.completionButton.style().color.customBlue == OCKStyle().color.customBlue)
        card.customStyle = OrangeStyle()
        #expect(card.completionButton.style().color.customBlue == OCKColor(hex: 0xB34700))
        #expect(card.headerView.titleLabel.style().color.customBlue == OCKColor(hex: 0xB34700))
        card.completionButton.customStyle = RoundStyle()
        #expect(card.completionButton.style().color.customBlue == OCKStyle().color.customBlue)
        #expect(card.completionButton.label.style().appearance.cornerRadius1 == 24)
        #expect(card.instructionsLabel.style().color.customBlue == OCKColor(hex: 0xB34700))
    }

    @Test("A parent's custom style reaches children without one through CSS inheritance")
    func propagationInMarkup() {
        let card = Fixtures.instructions()
        card.customStyle = OrangeStyle()
        let html = card.html
        // Declared once, on the card's root element; children inherit it.
        #expect(html.occurrences(of: "--ock-color-custom-blue") == 1)
        #expect(html.hasPrefix("<article class=\"ock-card ock-card-padded ock-instructions-task-view\" aria-label=\"Doxylamine\" style=\"--ock-color-custom-blue:#b34700\">"))
    }

    @Test("A child with its own custom style keeps it, declared against the parent's")
    func childKeepsOwnStyle() {
        let card = Fixtures.instructions()
        card.customStyle = OrangeStyle()
        card.completionButton.customStyle = OCKStyle()
        let root = card.render(standalone: true)
        let button = root.elements { $0.tag == "button" }.first
        // The default blue must be re-declared on the button, or it would inherit orange.
        #expect(button?[attribute: "style"] == "--ock-color-custom-blue:" + OCKColor.systemBlue.cssValue)
    }

    @Test("Styles that only repeat the inherited values add nothing")
    func noRedundantProperties() {
        let card = Fixtures.instructions()
        card.customStyle = OCKStyle()
        #expect(!card.html.contains("style="))
        card.customStyle = OrangeStyle()
        card.completionButton.customStyle = OrangeStyle()
        #expect(card.html.occurrences(of: "style=") == 1)
    }

    @Test("Two differently styled cards coexist on one page")
    func twoCards() {
        let orange = Fixtures.instructions()
        orange.customStyle = OrangeStyle()
        let round = Fixtures.simple(selected: false)
        round.customStyle = RoundStyle()
        let page = OCKHTMLDocument(title: "Two styles", views: [orange, round]).render()
        #expect(page.contains("style=\"--ock-color-custom-blue:#b34700\""))
        #expect(page.contains("style=\"--ock-appearance-corner-radius1:24px\""))
        #expect(page.occurrences(of: "--ock-appearance-corner-radius1:24px") == 1)
    }

    @Test("Rendering a child on its own declares the style it inherits")
    func standaloneChild() {
        let card = Fixtures.instructions()
        card.customStyle = CustomStyle()
        let embedded = card.headerView.render()
        let standalone = card.headerView.render(standalone: true)
        #expect(embedded.element?[attribute: "style"] == nil)
        #expect(standalone.element?[attribute: "style"] == "--ock-color-separator:#000000")
    }

    @Test("styleDidChange reaches descendants without a style of their own")
    func styleDidChangePropagation() {
        final class Probe: OCKView {
            var changes = 0
            override func styleDidChange() { changes += 1 }
        }
        let card = OCKInstructionsTaskView()
        let plain = Probe()
        let styled = Probe()
        styled.customStyle = RoundStyle()
        styled.changes = 0
        card.contentStackView.addArrangedSubview(plain)
        card.contentStackView.addArrangedSubview(styled)
        plain.changes = 0
        styled.changes = 0
        card.customStyle = OrangeStyle()
        #expect(plain.changes == 1)
        #expect(styled.changes == 0)
    }

    @Test("Tint colour becomes --ock-tint on the view")
    func tint() {
        let view = Fixtures.simple(selected: true)
        view.tintColor = OCKColor(hex: 0x123456)
        #expect(view.html.contains("style=\"--ock-tint:#123456\""))
    }

    @Test("Dimension, animation and appearance stylers become CSS lengths and times")
    func otherStylers() {
        struct Dimensions: OCKDimensionStyler {
            var pointSize1: Double { 19 }
            var directionalInsets1: OCKEdgeInsets { OCKEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4) }
        }
        struct Animation: OCKAnimationStyler { var stateChangeDuration: Double { 0.5 } }
        struct Appearance: OCKAppearanceStyler { var shadowOpacity1: Double { .nan } }
        struct Style: OCKStyler {
            var dimension: OCKDimensionStyler { Dimensions() }
            var animation: OCKAnimationStyler { Animation() }
            var appearance: OCKAppearanceStyler { Appearance() }
        }
        let properties = OCKStyleProperties.difference(Style(), from: OCKStyle()).map(\.declaration)
        #expect(
            properties == [
                "--ock-dimension-point-size1:1.1875rem",  // in rem: text follows the browser's font size
                "--ock-dimension-directional-insets1-top:1px",
                "--ock-dimension-directional-insets1-leading:2px",
                "--ock-dimension-directional-insets1-bottom:3px",
                "--ock-dimension-directional-insets1-trailing:4px",
                "--ock-animation-state-change-duration:0.5s",
                "--ock-appearance-shadow-opacity1:0"
            ])
    }

    @Test("The stylesheet declares light and dark defaults")
    func styleSheet() {
        let css = OCKStyleSheet.css
        #expect(css.contains("@media (prefers-color-scheme: dark)"))
        #expect(css.contains(".ock-scheme-dark {"))
        #expect(css.contains("--ock-color-custom-blue:#0066cc;"))
        #expect(css.contains("--ock-color-custom-blue:#409cff;"))
        #expect(css.contains(":focus-visible"))
        #expect(!css.contains("light-dark("))  // defaults work without light-dark() support
    }

    @Test("A view subtree that cannot contain itself")
    func noCycles() {
        let outer = OCKStackView()
        let inner = OCKStackView()
        outer.addArrangedSubview(inner)
        inner.addArrangedSubview(outer)  // ignored
        #expect(outer.superview == nil)
        #expect(inner.arrangedSubviews.isEmpty)
        let moved = OCKLabel(text: "moved")
        inner.addArrangedSubview(moved)
        outer.addArrangedSubview(moved)
        #expect(inner.arrangedSubviews.isEmpty)
        #expect(outer.arrangedSubviews.count == 2)
    }
}

@Suite("Colours")
struct ColorTests {
    @Test func hexParsing() {
        #expect(OCKColor(hex: "#000") == .black)
        #expect(OCKColor(hex: "ffffff") == .white)
        #expect(OCKColor(hex: "#00000000") == .clear)
        #expect(OCKColor(hex: "#12345") == nil)
        #expect(OCKColor(hex: "#gggggg") == nil)
        #expect(OCKColor(hex: "#FF8000")?.cssValue == "#ff8000")
    }

    @Test func cssValues() {
        #expect(OCKColor.black.cssValue == "#000000")
        #expect(OCKColor(red: 1, green: 0, blue: 0, alpha: 0.5).cssValue == "rgba(255, 0, 0, 0.5)")
        #expect(OCKColor(red: .nan, green: 2, blue: -1).cssValue == "#00ff00")
        #expect(OCKColor.systemBlue.cssValue == "light-dark(#0066cc, #409cff)")
        #expect(OCKColor.systemBlue.withAlphaComponent(0.5).darkCSSValue == "rgba(64, 156, 255, 0.5)")
    }

    @Test("UIColor is OCKColor")
    func alias() {
        let color: UIColor = .black
        #expect(color == OCKColor.black)
    }

    @Test("Default text colours pass WCAG AA on cards in both appearances")
    func contrast() {
        let style = OCKStyle().color
        let pairs: [(OCKColor, OCKColor)] = [
            (style.label, style.secondaryCustomGroupedBackground),
            (style.secondaryLabel, style.secondaryCustomGroupedBackground),
            (style.secondaryLabel, style.tertiaryCustomGroupedBackground),
            (style.customBlue, style.secondaryCustomGroupedBackground),
            (style.customBlue, style.tertiaryCustomGroupedBackground),
            (style.customBackground, style.customBlue),  // text on tinted buttons
            (style.customRed, style.secondaryCustomGroupedBackground),
            (style.secondaryLabel, style.customGroupedBackground)
        ]
        for (foreground, background) in pairs {
            for dark in [false, true] {
                let back = dark ? background.darkAppearance : background.lightAppearance
                let front = (dark ? foreground.darkAppearance : foreground.lightAppearance).composited(over: back)
                let ratio = front.contrastRatio(with: back)
                #expect(ratio >= 4.5, Comment(rawValue: front.cssValue + " on " + back.cssValue))
            }
        }
    }

    @Test("Chart series colours reach 3:1 against cards (non-text contrast)")
    func chartContrast() {
        let style = OCKStyle().color
        let colors: [OCKColor] = [style.customBlue, style.customGreen, style.customOrange, style.customPurple, style.customPink, style.customTeal]
        for color in colors {
            for dark in [false, true] {
                let back = dark ? style.secondaryCustomGroupedBackground.darkAppearance : style.secondaryCustomGroupedBackground.lightAppearance
                let front = dark ? color.darkAppearance : color.lightAppearance
                #expect(front.contrastRatio(with: back) >= 3, Comment(rawValue: front.cssValue + " on " + back.cssValue))
            }
        }
    }
}

@Suite("Tint contrast")
struct TintContrastTests {
    static let style = OCKStyle().color

    /// Every tint's appearances against every background a tint is drawn on or under, each
    /// background of the same appearance, a translucent colour painted over it first.
    static func ratios(_ tint: OCKColor) -> [(ratio: Double, what: String)] {
        var result: [(Double, String)] = []
        for dark in [false, true] {
            let front = dark ? tint.darkAppearance : tint.lightAppearance
            for background in style.tintBackgrounds {
                let back = (dark ? background.darkAppearance : background.lightAppearance).composited(over: dark ? .black : .white)
                let drawn = front.composited(over: back)
                result.append((drawn.contrastRatio(with: back), "\(drawn.lightCSSValue) on \(back.lightCSSValue) (\(dark ? "dark" : "light"))"))
            }
        }
        return result
    }

    /// The demo's (ZombieKit's green, one colour for both appearances), CareKit's default, and
    /// tints that fail in one appearance or both.
    static let tints: [(String, OCKColor)] = [
        ("demo #15803d", OCKColor(hex: 0x15803D)), ("default", OCKStyle().color.customBlue), ("system yellow", .systemYellow),
        ("system green", .systemGreen), ("pure yellow", OCKColor(hex: 0xFFFF00)), ("mid grey", OCKColor(hex: 0x777777)),
        ("black", .black), ("white", .white), ("translucent pink", OCKColor.systemPink.withAlphaComponent(0.6))
    ]

    @Test("The tint drawn reaches 4.5:1 (text) and so 3:1 (graphics) on every background, light and dark", arguments: tints)
    func accessibleTints(name: String, tint: OCKColor) {
        let drawn = Self.style.accessibleTint(tint)
        for (ratio, what) in Self.ratios(drawn) {
            #expect(ratio >= OCKColor.minimumTextContrast, "\(name): \(what) is \(ratio):1")
            #expect(ratio >= OCKColor.minimumGraphicsContrast, "\(name): \(what) is \(ratio):1")
        }
        #expect(drawn.minimumContrast(against: Self.style.tintBackgrounds) >= OCKColor.minimumTextContrast, "\(name)")
    }

    @Test("The demo's green fails in the dark and by a hair in the light; it is darkened and lightened only that far")
    func demoTint() throws {
        let green = OCKColor(hex: 0x15803D)
        #expect(green.minimumContrast(against: Self.style.tintBackgrounds) < OCKColor.minimumTextContrast)
        let drawn = Self.style.accessibleTint(green)
        #expect(drawn.lightCSSValue != green.lightCSSValue && drawn.darkCSSValue != green.lightCSSValue)
        // Still the app's green: each component within a small step of the original (light) or
        // lighter in each component (dark), not black or white.
        let light = drawn.lightAppearance
        #expect(abs(light.green - green.green) < 0.05 && light.green > light.red && light.green > light.blue)
        let dark = drawn.darkAppearance
        #expect(dark.green > green.green && dark.green > dark.red && dark.green > dark.blue && dark.green < 1)
    }

    @Test("A tint that passes already is drawn as it is; CareKit's default blue is one")
    func passingTintUnchanged() {
        let blue = Self.style.customBlue
        #expect(blue.minimumContrast(against: Self.style.tintBackgrounds) >= OCKColor.minimumTextContrast)
        #expect(Self.style.accessibleTint(blue) == blue)
        #expect(Self.style.accessibleTint(.systemTeal).cssValue == OCKColor.systemTeal.cssValue)
    }
}

@Suite("Type follows the browser's font size")
struct RemTypeTests {
    @Test("No font size in the stylesheet is in px: all are in rem (or em, or inherited)")
    func noPixelFontSizes() {
        let css = OCKStyleSheet.css
        #expect(css.pixelFontSizes.isEmpty, "\(css.pixelFontSizes)")
        #expect(css.contains("--ock-dimension-point-size1:1.0625rem;"), "17 px at the browser's default 16 px")
        #expect(css.contains(".ock-text-title1 { font-size: 1.75rem;"))
        // The scan finds what it is for.
        #expect("a { font-size: 13px } b { font: 600 15px/1.2 x } :root { --ock-dimension-point-size2:14px; }".pixelFontSizes.count == 3)
    }

    @Test("A view's custom text sizes are rem too")
    func customSizes() {
        struct Dimensions: OCKDimensionStyler { var pointSize2: Double { 24 } }
        struct Style: OCKStyler { var dimension: OCKDimensionStyler { Dimensions() } }
        let declarations = OCKStyleProperties.difference(Style(), from: OCKStyle()).map(\.declaration)
        #expect(declarations == ["--ock-dimension-point-size2:1.5rem"])
    }
}
