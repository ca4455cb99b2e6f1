/// What the renderer needs to know about a tag or attribute name, looked up without hashing
/// the string: a name of up to 16 bytes is packed into two words, which index a small
/// open-addressing table built once from the renderer's sets. A name not in the table (or
/// longer) is judged the slow way, with the same answers.
struct _HTMLNames {
    struct Flags: OptionSet {
        let rawValue: UInt16
        /// A valid tag or attribute name (``HTMLRenderer/isValidName(_:)``).
        static let valid = Flags(rawValue: 1 << 0)
        static let void = Flags(rawValue: 1 << 1)
        static let htmlBlock = Flags(rawValue: 1 << 2)
        static let svgBlock = Flags(rawValue: 1 << 3)
        static let svgText = Flags(rawValue: 1 << 4)
        /// An attribute that holds a URL (its name is already lower case).
        static let url = Flags(rawValue: 1 << 5)
        /// The `svg` tag.
        static let svg = Flags(rawValue: 1 << 6)
    }

    private struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var flags: Flags = []
    }

    private static let mask = 511
    private let slots: [Slot]

    static let shared = _HTMLNames()

    private init() {
        var table = [Slot](repeating: Slot(), count: Self.mask + 1)
        var known: [String: Flags] = [:]
        func add(_ names: Set<String>, _ flags: Flags) {
            for name in names { known[name, default: []].formUnion(flags) }
        }
        add(HTMLRenderer.voidElements, .void)
        add(HTMLRenderer.htmlBlockElements, .htmlBlock)
        add(HTMLRenderer.svgBlockElements, .svgBlock)
        add(HTMLRenderer.svgTextElements, .svgText)
        add(HTMLRenderer.urlAttributes, .url)
        add(["svg"], .svg)
        add(Self.common, [])
        for (name, flags) in known {
            guard let (low, high) = Self.pack(name) else { continue }
            var all = flags
            if HTMLRenderer.isValidName(name) { all.insert(.valid) }
            var index = Self.slot(low, high)
            while table[index].low != 0 { index = (index + 1) & Self.mask }
            table[index] = Slot(low: low, high: high, flags: all)
        }
        slots = table
    }

    /// The flags of `name`.
    func flags(_ name: String) -> Flags {
        if let (low, high) = Self.pack(name) {
            var index = Self.slot(low, high)
            while true {
                let slot = slots[index]
                if slot.low == 0 { break }
                if slot.low == low, slot.high == high { return slot.flags }
                index = (index + 1) & Self.mask
            }
        }
        return Self.slowFlags(name)
    }

    /// The flags worked out from the sets themselves, for names the table does not hold.
    static func slowFlags(_ name: String) -> Flags {
        guard HTMLRenderer.isValidName(name) else { return [] }
        var flags: Flags = .valid
        if HTMLRenderer.voidElements.contains(name) { flags.insert(.void) }
        if HTMLRenderer.htmlBlockElements.contains(name) { flags.insert(.htmlBlock) }
        if HTMLRenderer.svgBlockElements.contains(name) { flags.insert(.svgBlock) }
        if HTMLRenderer.svgTextElements.contains(name) { flags.insert(.svgText) }
        if HTMLRenderer.urlAttributes.contains(name) { flags.insert(.url) }
        if name == "svg" { flags.insert(.svg) }
        return flags
    }

    /// The name's bytes in two words (first byte lowest) with its length in the last byte, or
    /// nil when it is empty or longer than 15 bytes: every such name packs differently.
    private static func pack(_ name: String) -> (UInt64, UInt64)? {
        let packed = name.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64)? in
            let count = bytes.count
            guard count > 0, count < 16 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            return (words.0, words.1 | UInt64(count) << 56)
        }
        return packed ?? nil
    }

    private static func slot(_ low: UInt64, _ high: UInt64) -> Int {
        let mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 55) & mask
    }

    /// Tags and attributes the cards, pages and charts write, besides those in the sets (of
    /// at most 15 bytes: longer names are never packed and always judged the slow way).
    private static let common: Set<String> = [
        "a", "span", "button", "label", "input", "select", "option", "textarea", "strong", "em", "small",
        "time", "abbr", "b", "i", "img", "br", "svg", "g", "tspan", "progress", "meter", "output",
        "class", "id", "style", "type", "name", "value", "method", "for", "role", "lang", "dir", "rel",
        "content", "charset", "title", "alt", "hidden", "disabled", "checked", "selected", "required",
        "readonly", "placeholder", "autocomplete", "inputmode", "min", "max", "step", "pattern",
        "tabindex", "datetime", "open", "colspan", "rowspan", "scope", "headers", "media", "sizes",
        "aria-label", "aria-hidden", "aria-current", "aria-live", "aria-pressed", "aria-checked",
        "aria-labelledby", "aria-valuenow", "aria-valuemin", "aria-valuemax",
        "aria-valuetext", "aria-invalid", "aria-expanded", "aria-controls", "aria-atomic", "aria-busy",
        "data-state", "data-task", "data-event", "data-value", "data-kind", "viewBox", "xmlns",
        "focusable", "width", "height", "d", "fill", "stroke", "stroke-width", "stroke-linecap",
        "cx", "cy", "r", "x", "y", "x1", "y1", "x2", "y2",
        "points", "transform", "text-anchor", "opacity", "fill-opacity", "offset", "stop-color",
        "enctype", "novalidate", "accept", "nonce", "integrity", "defer",
        "async", "crossorigin", "http-equiv", "property", "form", "list", "maxlength", "minlength",
        "size", "wrap", "rows", "cols", "draggable", "translate", "part", "slot"
    ]
}
