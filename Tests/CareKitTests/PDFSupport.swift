import CareKitTestSupport
import Foundation

/// Whether fontconfig knows a font with Chinese glyphs (fonts-wqy-microhei or fonts-noto-cjk).
let hasCJKFont: Bool = {
    guard let path = try? Poppler.path(of: "fc-list") else { return false }
    let output = (try? Subprocess.runBlocking(path, [":lang=zh", "family"]).output) ?? ""
    return !output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
}()
