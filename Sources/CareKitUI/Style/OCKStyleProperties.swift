/// Turns a style into CSS custom properties, in a fixed order.
public enum OCKStyleProperties {
    /// Which appearance of dynamic colours to write.
    public enum Appearance: Sendable {
        /// `light-dark(…)` for colours with a dark variant.
        case dynamic
        /// Light values only.
        case light
        /// Dark values only.
        case dark
    }

    /// Every property of `style`, in a fixed order.
    public static func properties(of style: OCKStyler, appearance: Appearance = .dynamic) -> [OCKCSSProperty] {
        var result: [OCKCSSProperty] = []
        func color(_ name: String, _ value: OCKColor) {
            let css: String
            switch appearance {
            case .dynamic: css = value.cssValue
            case .light: css = value.lightCSSValue
            case .dark: css = value.darkCSSValue
            }
            result.append(OCKCSSProperty(name: "--ock-color-" + name, value: css))
        }
        func number(_ group: String, _ name: String, _ value: Double, unit: String) {
            let finite = value.isFinite ? value : 0
            result.append(
                OCKCSSProperty(
                    name: "--ock-" + group + "-" + name,
                    value: OCKNumberFormat.decimal(finite, maximumFractionDigits: 4) + unit))
        }

        let c = style.color
        color("label", c.label)
        color("secondary-label", c.secondaryLabel)
        color("tertiary-label", c.tertiaryLabel)
        color("separator", c.separator)
        color("custom-fill", c.customFill)
        color("secondary-custom-fill", c.secondaryCustomFill)
        color("tertiary-custom-fill", c.tertiaryCustomFill)
        color("quaternary-custom-fill", c.quaternaryCustomFill)
        color("custom-blue", c.customBlue)
        color("custom-gray", c.customGray)
        color("custom-gray2", c.customGray2)
        color("custom-gray3", c.customGray3)
        color("custom-gray4", c.customGray4)
        color("custom-gray5", c.customGray5)
        color("white", c.white)
        color("black", c.black)
        color("clear", c.clear)
        color("custom-background", c.customBackground)
        color("secondary-custom-background", c.secondaryCustomBackground)
        color("custom-grouped-background", c.customGroupedBackground)
        color("secondary-custom-grouped-background", c.secondaryCustomGroupedBackground)
        color("tertiary-custom-grouped-background", c.tertiaryCustomGroupedBackground)
        color("custom-green", c.customGreen)
        color("custom-orange", c.customOrange)
        color("custom-purple", c.customPurple)
        color("custom-pink", c.customPink)
        color("custom-teal", c.customTeal)
        color("custom-red", c.customRed)

        let d = style.dimension
        number("dimension", "separator-height", d.separatorHeight, unit: "px")
        number("dimension", "line-width1", d.lineWidth1, unit: "px")
        number("dimension", "stack-spacing1", d.stackSpacing1, unit: "px")
        number("dimension", "image-height1", d.imageHeight1, unit: "px")
        number("dimension", "image-height2", d.imageHeight2, unit: "px")
        number("dimension", "point-size1", d.pointSize1 / 16, unit: "rem")
        number("dimension", "point-size2", d.pointSize2 / 16, unit: "rem")
        number("dimension", "point-size3", d.pointSize3 / 16, unit: "rem")
        number("dimension", "symbol-point-size1", d.symbolPointSize1, unit: "px")
        number("dimension", "symbol-point-size2", d.symbolPointSize2, unit: "px")
        number("dimension", "symbol-point-size3", d.symbolPointSize3, unit: "px")
        number("dimension", "symbol-point-size4", d.symbolPointSize4, unit: "px")
        number("dimension", "symbol-point-size5", d.symbolPointSize5, unit: "px")
        for (name, insets) in [("directional-insets1", d.directionalInsets1), ("directional-insets2", d.directionalInsets2)] {
            number("dimension", name + "-top", insets.top, unit: "px")
            number("dimension", name + "-leading", insets.leading, unit: "px")
            number("dimension", name + "-bottom", insets.bottom, unit: "px")
            number("dimension", name + "-trailing", insets.trailing, unit: "px")
        }
        number("dimension", "button-height1", d.buttonHeight1, unit: "px")
        number("dimension", "button-height2", d.buttonHeight2, unit: "px")
        number("dimension", "button-height3", d.buttonHeight3, unit: "px")
        number("dimension", "button-height4", d.buttonHeight4, unit: "px")

        number("animation", "state-change-duration", style.animation.stateChangeDuration, unit: "s")

        let a = style.appearance
        number("appearance", "shadow-opacity1", a.shadowOpacity1, unit: "")
        number("appearance", "shadow-radius1", a.shadowRadius1, unit: "px")
        number("appearance", "shadow-offset1-width", a.shadowOffset1.width, unit: "px")
        number("appearance", "shadow-offset1-height", a.shadowOffset1.height, unit: "px")
        number("appearance", "opacity1", a.opacity1, unit: "")
        number("appearance", "line-width1", a.lineWidth1, unit: "px")
        number("appearance", "corner-radius1", a.cornerRadius1, unit: "px")
        number("appearance", "corner-radius2", a.cornerRadius2, unit: "px")
        number("appearance", "border-width1", a.borderWidth1, unit: "px")
        number("appearance", "border-width2", a.borderWidth2, unit: "px")
        return result
    }

    /// The properties of `style` whose values differ from `base` (what a view must declare
    /// so that it looks right where it inherits `base`).
    public static func difference(_ style: OCKStyler, from base: OCKStyler) -> [OCKCSSProperty] {
        // The default style differs from itself in nothing: the common case costs nothing.
        if style is OCKStyle && base is OCKStyle { return [] }
        let mine = style is OCKStyle ? defaultProperties : properties(of: style)
        let theirs = base is OCKStyle ? defaultProperties : properties(of: base)
        return zip(mine, theirs).compactMap { $0.value == $1.value ? nil : $0 }
    }

    /// The properties of ``OCKStyle``, computed once.
    static let defaultProperties = properties(of: OCKStyle())

    /// The `style` attribute value for `properties` (`--a:1;--b:2`), or `nil` when empty.
    public static func inlineStyle(_ properties: [OCKCSSProperty]) -> String? {
        properties.isEmpty ? nil : properties.map(\.declaration).joined(separator: ";")
    }
}
