//! Length limits of chat services.

/// Cuts `text` so that it takes at most `max` UTF-16 code units, ending with `…` when
/// cut. Discord (2000) and Telegram (4096) count characters; UTF-16 units are never
/// fewer than characters, so a text within the limit by this measure is within it by
/// theirs. The cut falls on a character boundary and drops trailing whitespace.
pub fn truncate_utf16(text: &str, max: usize) -> String {
    let units: usize = text.chars().map(char::len_utf16).sum();
    if units <= max {
        return text.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let budget = max - 1; // room for the ellipsis (one unit)
    let mut used = 0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        if used + c.len_utf16() > budget {
            break;
        }
        used += c.len_utf16();
        end = i + c.len_utf8();
    }
    let mut out = text[..end].trim_end().to_string();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_kept_and_long_text_is_cut_with_an_ellipsis() {
        assert_eq!(truncate_utf16("hello", 5), "hello");
        assert_eq!(truncate_utf16("hello world", 7), "hello…");
        assert_eq!(truncate_utf16("abc", 0), "");
    }

    #[test]
    fn a_cut_never_splits_a_surrogate_pair() {
        // Each die is two UTF-16 units; four units leave room for one die and the ellipsis.
        let cut = truncate_utf16("🎲🎲🎲", 4);
        assert_eq!(cut, "🎲…");
        assert!(cut.encode_utf16().count() <= 4);
    }
}
