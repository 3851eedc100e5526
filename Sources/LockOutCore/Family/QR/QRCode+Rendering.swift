import Foundation

extension QRCode {
    /// The code as text for a terminal: two module rows per line in half blocks. Scanners want dark modules
    /// on a light ground; on the usual light-on-dark terminal the *light* modules (and the quiet zone) are
    /// drawn, so the glyphs are the light ground. `inverted` draws the dark modules instead, for a terminal
    /// with dark text on a light background.
    public func terminalText(quietZone: Int = 2, inverted: Bool = false) -> String {
        let span = size + 2 * quietZone
        func drawn(_ x: Int, _ y: Int) -> Bool {
            let (mx, my) = (x - quietZone, y - quietZone)
            let dark = (0..<size).contains(mx) && (0..<size).contains(my) && self[mx, my]
            return inverted ? dark : !dark
        }
        var lines: [String] = []
        for y in stride(from: 0, to: span, by: 2) {
            var line = ""
            for x in 0..<span {
                let top = drawn(x, y)
                let bottom = y + 1 < span ? drawn(x, y + 1) : false
                line.append(top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " "))
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The code as SVG: a white ground and one path of dark modules, `moduleSize` pixels each; `label` is its
    /// accessible name, escaped by `MarkupEscape`.
    public func svg(moduleSize: Int = 4, quietZone: Int = 4, label: String = "QR code") -> String {
        let span = (size + 2 * quietZone) * moduleSize
        var path = ""
        for y in 0..<size {
            for x in 0..<size where self[x, y] {
                path += "M\((x + quietZone) * moduleSize),\((y + quietZone) * moduleSize)h\(moduleSize)v\(moduleSize)h-\(moduleSize)z"
            }
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(span) \(span)" width="\(span)" height="\(span)" \
        role="img" aria-label="\(MarkupEscape.attribute(label))" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>\
        <path fill="#000" d="\(path)"/></svg>
        """
    }
}
