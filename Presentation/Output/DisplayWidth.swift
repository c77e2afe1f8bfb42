import Styling

/// How many terminal columns text takes, so table columns line up with non-ASCII titles.
///
/// Counts grapheme clusters (so "é" written as e + combining accent is one column)
/// and gives East Asian wide characters and emoji two columns, as terminals do.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// `text` cut to at most `columns` columns, ending in "…" when it was cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// Styled `text` cut to at most `columns` columns, each run keeping its style, the
    /// "…" taking the style of the run it ends.
    static func truncate(_ text: StyledText, to columns: Int) -> StyledText {
        guard of(text.plain) > columns else { return text }
        var result = StyledText("")
        var used = 0
        for run in text.runs {
            let runWidth = of(run.text)
            // Something is cut after this run, so "…" needs its column.
            if used + runWidth <= columns - 1 {
                result = result + StyledText(run.text, style: run.style)
                used += runWidth
                continue
            }
            var kept = ""
            for character in run.text {
                let next = width(of: character)
                if used + next > columns - 1 { break }
                kept.append(character)
                used += next
            }
            return result + StyledText(kept + "…", style: run.style)
        }
        return result
    }

    /// `text` followed by spaces to fill `columns`, or preceded by them when `right` is set.
    static func pad(_ text: String, to columns: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, columns - of(text)))
        return right ? padding + text : text + padding
    }

    private static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
