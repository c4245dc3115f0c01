//! One paragraph per room for the game master to read out: purpose, size
//! in feet (one cell = 5 ft), lighting, furniture, a smell or sound, the
//! enemies and treasure in words, the exits and any lock or key.

use super::Lighting;
use std::fmt::Write;

/// Feet per cell (the D&D convention of the spec).
pub const FEET_PER_CELL: u32 = 5;

/// One exit as a description names it.
pub(crate) struct ExitText {
    /// The wall: `'N'`, `'E'`, `'S'` or `'W'`.
    pub side: char,
    /// Letters of the rooms it leads to (empty: a dead end).
    pub to: Vec<char>,
    /// Whether it is a secret door.
    pub secret: bool,
    /// The room holding its key, when it is locked.
    pub key: Option<char>,
}

/// Everything a description is built from.
pub(crate) struct RoomText<'a> {
    /// The dressing's purpose.
    pub purpose: &'a str,
    /// Floor width and height in cells.
    pub size: (u16, u16),
    /// The lighting.
    pub lighting: Lighting,
    /// Furniture picked from the dressing.
    pub furniture: Vec<&'a str>,
    /// A smell or sound.
    pub sense: &'a str,
    /// Enemies: (name, how many, whether a boss).
    pub enemies: Vec<(&'a str, u32, bool)>,
    /// Treasure names.
    pub treasure: Vec<&'a str>,
    /// The room's doors, one per door run.
    pub exits: Vec<ExitText>,
    /// "This is the entrance." and the like.
    pub role: Option<&'static str>,
    /// Sentences about keys held here.
    pub notes: Vec<String>,
    /// Which sentence shapes to use (any number; taken modulo the shapes).
    pub variant: usize,
}

/// `n` in words up to twelve, digits beyond.
pub(crate) fn number(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| (*w).to_string())
}

/// `items` joined as "a, b and c".
pub(crate) fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `items` joined as "a, b and c", each article ("A", "An", "The",
/// "Some") in lower case so that names from the table read as one phrase:
/// "a flame-tongue sword and an enchanted dagger".
pub(crate) fn phrase(items: &[&str]) -> String {
    let lowered: Vec<String> = items.iter().map(|s| lower_article(s)).collect();
    let refs: Vec<&str> = lowered.iter().map(String::as_str).collect();
    list(&refs)
}

/// "A pouch of silver" → "a pouch of silver"; other names unchanged.
pub(crate) fn lower_article(s: &str) -> String {
    for art in ["A ", "An ", "The ", "Some "] {
        if let Some(rest) = s.strip_prefix(art) {
            return format!("{}{rest}", art.to_lowercase());
        }
    }
    s.to_string()
}

/// The first letter in upper case.
pub(crate) fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// "a" or "an" before `word`.
fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// "Bugbear ×2", "Lich (the boss)".
fn group(&(name, count, boss): &(&str, u32, bool)) -> String {
    let who = if count == 1 {
        name.to_string()
    } else {
        format!("{name} ×{count}")
    };
    if boss {
        format!("{who} (the boss)")
    } else {
        who
    }
}

/// "north, to room C", "a secret door east, to rooms B and E", "a
/// locked door south, to room D (its key lies in room F)".
fn exit_phrase(e: &ExitText) -> String {
    let side = crate::dungeon::side_name(e.side);
    let kind = match (e.secret, e.key.is_some()) {
        (true, true) => "a locked secret door ",
        (true, false) => "a secret door ",
        (false, true) => "a locked door ",
        (false, false) => "",
    };
    let to = match e.to.as_slice() {
        [] => "to a dead end".to_string(),
        [one] => format!("to room {one}"),
        many => {
            let names: Vec<String> = many.iter().map(char::to_string).collect();
            let refs: Vec<&str> = names.iter().map(String::as_str).collect();
            format!("to rooms {}", list(&refs))
        }
    };
    let mut s = format!("{kind}{side}, {to}");
    if let Some(k) = e.key {
        let _ = write!(s, " (its key lies in room {k})");
    }
    s
}

impl RoomText<'_> {
    /// The paragraph: one of several sentence shapes for the room itself
    /// (chosen by `variant`), then enemies, treasure, exits and keys.
    pub fn paragraph(&self) -> String {
        let light = match self.lighting {
            Lighting::Dark => "dark and unlit",
            Lighting::Dim => "dimly lit",
            Lighting::Bright => "brightly lit",
        };
        let (fw, fh) = (
            u32::from(self.size.0) * FEET_PER_CELL,
            u32::from(self.size.1) * FEET_PER_CELL,
        );
        let p = self.purpose;
        let a = article(p);
        let things = list(&self.furniture);
        let sense = capital(self.sense.trim_end_matches('.'));
        let mut s = match self.variant % 4 {
            0 => {
                let mut s = format!("{} {p}, {fw} by {fh} feet, {light}.", capital(a));
                if !things.is_empty() {
                    let _ = write!(s, " It holds {things}.");
                }
                let _ = write!(s, " {sense}.");
                s
            }
            1 => {
                let mut s = format!("{sense}. This {p}, {fw} by {fh} feet, is {light}.");
                if !things.is_empty() {
                    let _ = write!(s, " Here stand {things}.");
                }
                s
            }
            2 => {
                let mut s = if things.is_empty() {
                    format!("{} {p} of {fw} by {fh} feet.", capital(a))
                } else {
                    format!("{} of {} {p}, {fw} by {fh} feet.", capital(&things), a)
                };
                let _ = write!(s, " The room is {light}. {sense}.");
                s
            }
            _ => {
                let mut s = format!("The door opens on {a} {p}, {fw} by {fh} feet, {light}.");
                let _ = write!(s, " {sense}");
                if !things.is_empty() {
                    let _ = write!(s, ", and {things} catch the eye");
                }
                s.push('.');
                s
            }
        };
        if let Some(role) = self.role {
            let _ = write!(s, " {role}");
        }
        let groups: Vec<String> = self.enemies.iter().map(group).collect();
        let refs: Vec<&str> = groups.iter().map(String::as_str).collect();
        let loot = phrase(&self.treasure);
        match (
            groups.is_empty(),
            self.treasure.is_empty(),
            self.variant % 3,
        ) {
            (true, true, _) => s.push_str(" Nothing else is here."),
            (false, true, 0) | (false, true, 2) => {
                let _ = write!(s, " Enemies: {}.", list(&refs));
            }
            (false, true, _) => {
                let _ = write!(s, " Waiting here: {}.", list(&refs));
            }
            (true, false, 1) => {
                let _ = write!(s, " Unguarded lies {loot}.");
            }
            (true, false, _) => {
                let _ = write!(s, " Treasure: {}.", capital(&loot));
            }
            (false, false, 1) => {
                let one = matches!(self.enemies.as_slice(), [(_, 1, _)]);
                let verb = if one { "guards" } else { "guard" };
                let _ = write!(s, " {} {verb} {loot}.", list(&refs));
            }
            (false, false, _) => {
                let _ = write!(
                    s,
                    " Enemies: {}. Treasure: {}.",
                    list(&refs),
                    capital(&loot)
                );
            }
        }
        let doors = self.exits.len();
        let ways: Vec<String> = self.exits.iter().map(exit_phrase).collect();
        let refs: Vec<&str> = ways.iter().map(String::as_str).collect();
        let _ = match doors {
            0 => write!(s, " No exits."),
            1 => write!(s, " One exit: {}.", refs[0]),
            _ => write!(
                s,
                " {} exits: {}; and {}.",
                capital(&number(doors)),
                refs[..doors - 1].join("; "),
                refs[doors - 1]
            ),
        };
        for n in &self.notes {
            let _ = write!(s, " {n}");
        }
        s
    }
}

impl crate::dungeon::Dungeon {
    /// The legend with what stocking chose: "ROOM C - Has enemies and
    /// treasure - crypt, dark - enemies: Zombie - treasure: A bag of
    /// gems" (the plain [`legend`](Self::legend) line for rooms never
    /// stocked).
    pub fn stocked_legend(&self) -> Vec<String> {
        self.legend()
            .into_iter()
            .zip(&self.rooms)
            .map(|(mut line, r)| {
                if r.purpose.is_empty() {
                    return line;
                }
                let _ = write!(line, " - {}, {}", r.purpose, r.lighting.name());
                if !r.enemy_kinds.is_empty() {
                    let _ = write!(
                        line,
                        " - enemies: {} (challenge {})",
                        r.enemy_groups().join(", "),
                        r.challenge
                    );
                }
                if !r.treasure_kinds.is_empty() {
                    let _ = write!(
                        line,
                        " - treasure: {} (value {})",
                        r.treasure_kinds.join(", "),
                        r.reward
                    );
                }
                line
            })
            .collect()
    }

    /// "Main path: A (0) > D (4) > F (25); side rooms: B after A (reward
    /// 9), …" with each room's challenge on the path.
    pub fn pacing_line(&self) -> String {
        let letter = |i: usize| self.rooms.get(i).map_or('?', |r| r.letter);
        let main: Vec<String> = self
            .pacing
            .main_path
            .iter()
            .map(|s| format!("{} ({})", letter(s.room), s.challenge))
            .collect();
        let mut out = format!("Main path (challenge): {}", main.join(" > "));
        let side: Vec<String> = self
            .pacing
            .side_rooms
            .iter()
            .map(|s| {
                let from = self
                    .pacing
                    .main_path
                    .get(s.depth)
                    .map_or('?', |m| letter(m.room));
                format!(
                    "{} off {from} (challenge {}, reward {})",
                    letter(s.room),
                    s.challenge,
                    s.reward
                )
            })
            .collect();
        if !side.is_empty() {
            let _ = write!(out, "; side rooms: {}", side.join(", "));
        }
        out
    }
}

impl crate::dungeon::DungeonRoom {
    /// The enemies as the description counts them: "Bugbear ×2", "Lich"
    /// (the bare names for levels saved without counts).
    pub fn enemy_groups(&self) -> Vec<String> {
        self.enemy_kinds
            .iter()
            .enumerate()
            .map(|(i, name)| match self.enemy_counts.get(i) {
                Some(&n) if n > 1 => format!("{name} ×{n}"),
                _ => name.clone(),
            })
            .collect()
    }
}
