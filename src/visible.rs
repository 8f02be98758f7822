//! Text from outside (a file, a client, a typed code) as it may be shown: every character that
//! would act on the terminal or on the text around it made visible. Control characters become
//! `^[`-style carets, and the invisible and bidirectional formatting characters (a U+202E
//! reverses the rest of a line) their `\u{…}` code, so that an error quoting input shows
//! exactly what was there. The one home of that rule, for the command line, the App and the
//! server.

/// The most characters of a text an [`excerpt`] quotes.
pub const EXCERPT: usize = 32;

/// Whether `c` is invisible or changes the direction of the text after it: zero-width
/// characters, joiners, bidirectional marks, embeddings, overrides and isolates, variation
/// selectors, fillers and the like.
pub fn invisible(c: char) -> bool {
    matches!(c as u32,
        0xAD | 0x34F | 0x61C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0xE0000..=0xE0FFF)
}

/// `text` without what would act on a terminal or on the text around it: control characters
/// (but line breaks and tabs) and invisible ones dropped. For what a file says that heibai
/// keeps and shows or writes again (players' names, events), where such characters mean
/// nothing.
pub fn cleaned(text: &str) -> String {
    text.chars()
        .filter(|&c| matches!(c, '\n' | '\t') || !(c.is_control() || invisible(c)))
        .collect()
}

/// All of `text`, made visible.
pub fn quoted(text: &str) -> String {
    text.chars().fold(String::new(), |mut out, c| {
        push(&mut out, c);
        out
    })
}

/// At most [`EXCERPT`] characters of `text`, made visible, "…" where it was cut.
pub fn excerpt(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == EXCERPT {
            out.push('…');
            break;
        }
        push(&mut out, c);
    }
    out
}

fn push(out: &mut String, c: char) {
    match c as u32 {
        n @ 0..=0x1f => {
            out.push('^');
            out.push(char::from(b'@' + n as u8));
        }
        0x7f => out.push_str("^?"),
        n if c.is_control() || invisible(c) => out.push_str(&format!("\\u{{{n:x}}}")),
        _ => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_direction_changes_are_shown_not_obeyed() {
        assert_eq!(quoted("a\x1b[2Jb"), "a^[[2Jb");
        assert_eq!(quoted("evil\u{202e}txt.exe"), "evil\\u{202e}txt.exe");
        assert_eq!(
            quoted("x\u{2066}y\u{200b}z\u{85}"),
            "x\\u{2066}y\\u{200b}z\\u{85}"
        );
        assert_eq!(quoted("黑白 f5 d6"), "黑白 f5 d6");
        assert_eq!(
            excerpt(&"x".repeat(40)),
            format!("{}…", "x".repeat(EXCERPT))
        );
        assert_eq!(excerpt("\u{202e}"), "\\u{202e}");
        assert_eq!(
            cleaned("Al\x1b[2Jice\u{202e}\u{0}\nBob\t"),
            "Al[2Jice\nBob\t"
        );
    }
}
