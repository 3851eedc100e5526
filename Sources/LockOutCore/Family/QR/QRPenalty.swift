import Foundation

extension QRMatrix {
    /// The standard's penalty of the masked symbol: runs of five or more, 2×2 blocks, finder-like
    /// patterns, and the imbalance of dark and light; the mask with the lowest wins.
    func penalty() -> Int {
        var score = 0
        let columns = (0..<size).map { x in (0..<size).map { y in modules[y][x] } }
        for line in modules + columns {
            var run = 1
            for i in 1..<size {
                if line[i] == line[i - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += 3 + run - 5 }
                    run = 1
                }
            }
            if run >= 5 { score += 3 + run - 5 }
            score += 40 * Self.finderLikePatterns(in: line)
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let dark = modules[y][x]
                if modules[y][x + 1] == dark, modules[y + 1][x] == dark, modules[y + 1][x + 1] == dark { score += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }

    /// Occurrences of 1:1:3:1:1 (dark, light, three dark, light, dark) with four light modules before or after.
    static func finderLikePatterns(in line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        var count = 0
        guard line.count >= 11 else { return 0 }
        for start in 0...(line.count - 7) where Array(line[start..<(start + 7)]) == core {
            let before = start >= 4 && line[(start - 4)..<start].allSatisfy { !$0 }
            let after = start + 11 <= line.count && line[(start + 7)..<(start + 11)].allSatisfy { !$0 }
            if before { count += 1 }
            if after { count += 1 }
        }
        return count
    }
}
