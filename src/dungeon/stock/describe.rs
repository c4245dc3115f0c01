//! One paragraph per room for the game master to read out: purpose, size
//! in feet (one cell = 5 ft), lighting, furniture, a smell or sound, the
//! enemies and treasure in words, the exits and any lock or key.

use super::Lighting;
use std::fmt::Write;

/// Feet per cell (the D&D convention of the spec).
pub const FEET_PER_CELL: u32 = 5;

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
    /// Doors in the wall ring, and how many of them are secret.
    pub exits: (usize, usize),
    /// "This is the entrance." and the like.
    pub role: Option<&'static str>,
    /// Sentences about locks and keys.
    pub notes: Vec<String>,
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
fn list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The first letter in upper case.
fn capital(s: &str) -> String {
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

impl RoomText<'_> {
    /// The paragraph.
    pub fn paragraph(&self) -> String {
        let light = match self.lighting {
            Lighting::Dark => "dark and unlit",
            Lighting::Dim => "dimly lit",
            Lighting::Bright => "brightly lit",
        };
        let mut s = format!(
            "{} {}, {} by {} feet, {light}.",
            capital(article(self.purpose)),
            self.purpose,
            u32::from(self.size.0) * FEET_PER_CELL,
            u32::from(self.size.1) * FEET_PER_CELL,
        );
        if let Some(role) = self.role {
            let _ = write!(s, " {role}");
        }
        if !self.furniture.is_empty() {
            let _ = write!(s, " It holds {}.", list(&self.furniture));
        }
        let _ = write!(s, " {}.", capital(self.sense.trim_end_matches('.')));
        let groups: Vec<String> = self
            .enemies
            .iter()
            .map(|&(name, count, boss)| {
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
            })
            .collect();
        if !groups.is_empty() {
            let refs: Vec<&str> = groups.iter().map(String::as_str).collect();
            let _ = write!(s, " Enemies: {}.", list(&refs));
        }
        if !self.treasure.is_empty() {
            let _ = write!(s, " Treasure: {}.", list(&self.treasure));
        }
        if groups.is_empty() && self.treasure.is_empty() {
            s.push_str(" Nothing else is here.");
        }
        let (doors, secret) = self.exits;
        let _ = write!(
            s,
            " {} exit{}",
            capital(&number(doors)),
            if doors == 1 { "" } else { "s" }
        );
        if secret > 0 {
            let _ = write!(s, " ({} secret)", number(secret));
        }
        s.push('.');
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
                        r.enemy_kinds.join(", "),
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
