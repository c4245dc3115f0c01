//! One sanitiser for text that comes from a peer or a file before it
//! reaches a terminal, the app or another player.
//!
//! - [`clean`]: any text (a refusal reason, an agent name from a record
//!   file, an echoed input): every character that is not safe to show
//!   becomes `?` — control characters (C0, DEL, C1: escape sequences,
//!   newlines), bidirectional controls (U+061C, U+200E/F, U+202A–E,
//!   U+2066–9), line and paragraph separators (U+2028/9), zero-width and
//!   other invisible format characters (U+200B–D, U+2060–4, U+FEFF,
//!   U+00AD, U+034F, U+180E, tag and variation selectors) and invisible
//!   fillers that look like letters (U+115F, U+1160, U+3164, U+FFA0,
//!   U+2800); spaces other than U+0020 become a plain space.
//! - [`check_name`]: a name a person takes: 1 to N characters, none of the
//!   above, at least one visible character, and no impersonation of the
//!   labels the table itself uses ("AI t1", "seat 1", "host", "stand-in"…,
//!   also spelt with look-alikes such as `Al` or Cyrillic `АІ`).

/// Whether `c` is not safe to show: control, bidi, separator, zero-width,
/// invisible filler or other format character.
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{00ad}'
                | '\u{034f}'
                | '\u{061c}'
                | '\u{115f}'
                | '\u{1160}'
                | '\u{17b4}'
                | '\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fffb}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

/// Whether `c` is a space of some kind (shown as a plain space).
fn is_space(c: char) -> bool {
    c.is_whitespace() && !c.is_control()
}

/// `s` made safe to show: each unsafe character (see [`is_unsafe`])
/// becomes `?`, any other space a plain space.
///
/// ```
/// use evoboard_core::text_safe::clean;
/// assert_eq!(clean("a\u{1b}]0;x\u{7}b\nc"), "a?]0;x?b?c");
/// assert_eq!(clean("\u{202e}abc\u{2028}"), "?abc?");
/// assert_eq!(clean("ok\u{3000}go"), "ok go");
/// ```
pub fn clean(s: &str) -> String {
    s.chars()
        .map(|c| {
            if is_unsafe(c) {
                '?'
            } else if is_space(c) {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// [`clean`], cut to at most `max` characters (an ellipsis marks a cut).
pub fn clean_cut(s: &str, max: usize) -> String {
    let c = clean(s);
    if c.chars().count() <= max {
        return c;
    }
    let mut out: String = c.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The letters a look-alike stands for, for the impersonation check:
/// lower case, with `I`, `l`, `1`, `|` and Cyrillic/Greek/full-width
/// look-alikes folded to `i`, `0`/`o` kept apart only as digits.
fn fold(c: char) -> char {
    match c {
        'I' | 'l' | '|' | '1' | 'і' | 'І' | 'Ι' | 'ι' | 'ӏ' | 'Ӏ' | 'Ｉ' | 'ｌ' | 'ｉ' => {
            'i'
        }
        'А' | 'а' | 'Α' | 'α' | 'Ａ' | 'ａ' => 'a',
        'Ѕ' | 'ѕ' | 'Ｓ' | 'ｓ' => 's',
        'Е' | 'е' | 'Ε' | 'ε' | 'Ｅ' | 'ｅ' => 'e',
        'Т' | 'т' | 'Τ' | 'τ' | 'Ｔ' | 'ｔ' => 't',
        _ => c.to_lowercase().next().unwrap_or(c),
    }
}

/// Which label of the table `name` would pass for, if any.
fn impersonates(name: &str) -> Option<&'static str> {
    // Words of letters and digits, look-alikes folded.
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.chars().map(fold).collect())
        .collect();
    let first = words.first()?.as_str();
    let joined: String = words.concat();
    if first == "ai" {
        return Some("an AI seat (\"AI …\")");
    }
    // "seat 1", "seat1", "Seat #2".
    let seat_digits = joined.strip_prefix("seat").is_some_and(|rest| {
        rest.chars()
            .all(|c| c.is_ascii_digit() || c == 'i' || c == 'o')
    });
    if seat_digits {
        return Some("a seat's own label (\"seat N\")");
    }
    const LABELS: [&str; 8] = [
        "host", "thehost", "server", "system", "standin", "nobody", "person", "aperson",
    ];
    if LABELS.contains(&joined.as_str()) || joined.ends_with("standingin") {
        return Some("the table's own words (host, stand-in, person, nobody)");
    }
    None
}

/// A name as a person gives it, trimmed; an error says what a name may
/// be: 1 to `max` characters, no control, bidi, separator, zero-width or
/// invisible filler character, at least one visible character, and not a
/// label the table itself shows (`AI t1`, `seat 1`, `host`…).
///
/// ```
/// use evoboard_core::text_safe::check_name;
/// assert_eq!(check_name("  Ana ", 40).unwrap(), "Ana");
/// assert!(check_name("AI t1", 40).is_err());
/// assert!(check_name("seat 1", 40).is_err());
/// assert!(check_name("\u{3164}", 40).is_err());
/// ```
pub fn check_name(name: &str, max: usize) -> Result<String, crate::invalid::Invalid> {
    name_breaks(name, max).map_err(|m| crate::invalid::Invalid::new(crate::invalid::Part::Name, m))
}

/// The name, trimmed, or why it is refused in words.
fn name_breaks(name: &str, max: usize) -> Result<String, String> {
    let what = format!(
        "a name is 1 to {max} printable, visible characters and may not look like the table's \
         own labels (AI …, seat N, host)"
    );
    // Blank by wide or invisible spaces only (U+3000, U+3164 …) is no name
    // made of nothing: it is refused, as a visible name would be needed.
    if name.trim().is_empty() && name.chars().any(|c| !c.is_ascii_whitespace()) {
        return Err(format!("the name has no visible character; {what}"));
    }
    let name = name.trim();
    if let Some(bad) = name.chars().find(|&c| is_unsafe(c)) {
        return Err(format!(
            "a name may not hold control, bidi, separator, zero-width or invisible characters \
             (found U+{:04X}); {what}",
            bad as u32
        ));
    }
    let n = name.chars().count();
    if n > max {
        return Err(format!("the name has {n} characters; {what}"));
    }
    if !name.is_empty() && name.chars().all(is_space) {
        return Err(format!("the name has no visible character; {what}"));
    }
    if let Some(label) = impersonates(name) {
        return Err(format!(
            "`{name}` would pass for {label}; {what}",
            name = clean(name)
        ));
    }
    Ok(name
        .chars()
        .map(|c| if is_space(c) { ' ' } else { c })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unsafe_class_becomes_a_question_mark() {
        let bad = [
            '\u{1b}',
            '\u{7}',
            '\n',
            '\r',
            '\u{7f}',
            '\u{85}',
            '\u{9b}',
            '\u{061c}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202b}',
            '\u{202c}',
            '\u{202d}',
            '\u{202e}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{2028}',
            '\u{2029}',
            '\u{3164}',
            '\u{2800}',
            '\u{115f}',
            '\u{1160}',
            '\u{ffa0}',
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{2060}',
            '\u{feff}',
            '\u{00ad}',
            '\u{e0041}',
            '\u{fe0f}',
        ];
        for c in bad {
            assert!(is_unsafe(c), "U+{:04X}", c as u32);
            assert_eq!(clean(&format!("a{c}b")), "a?b", "U+{:04X}", c as u32);
        }
        for ok in ["Ana", "João", "Zoë", "李雷", "Ørjan-Ås", "ai-enthusiast?"] {
            assert_eq!(clean(ok), ok);
        }
        assert_eq!(clean("a\u{a0}b\u{2003}c"), "a b c");
        assert_eq!(clean_cut("abcdef", 4), "abc…");
        assert_eq!(clean_cut("a\u{1b}c", 4), "a?c");
    }

    #[test]
    fn names_must_be_visible_and_not_pass_for_the_tables_labels() {
        assert_eq!(check_name(" Ana  ", 40).unwrap(), "Ana");
        assert_eq!(check_name("", 40).unwrap(), "");
        for bad in [
            "\u{3164}",
            "\u{2800}\u{2800}",
            "\u{115f}\u{1160}",
            "Ana\u{200b}",
            "Ana\u{061c}",
            "A\u{2028}B",
            "\u{202e}anA",
            "Ana\u{1b}[2J",
            "\u{3000}",
        ] {
            assert!(check_name(bad, 40).is_err(), "{bad:?}");
        }
        for fake in [
            "AI t1",
            "ai:t1",
            "AI",
            "Al t1",
            "A1 mc:64",
            "АІ t1",
            "ＡＩ t1",
            "seat 1",
            "Seat #2",
            "seat1",
            "SEAT",
            "host",
            "The Host",
            "t1 standing in",
            "stand-in",
            "nobody",
            "(a person)",
        ] {
            let e = check_name(fake, 40).unwrap_err();
            assert_eq!(e.part, crate::invalid::Part::Name);
            assert!(e.message.contains("pass for"), "{fake}: {e}");
        }
        for ok in [
            "Aisha",
            "Ali",
            "Seattle",
            "Seat belt",
            "Hostess",
            "Ana 2",
            "Kai",
        ] {
            assert_eq!(check_name(ok, 40).unwrap(), ok);
        }
        assert!(
            check_name(&"x".repeat(41), 40)
                .unwrap_err()
                .message
                .contains("41")
        );
    }
}
