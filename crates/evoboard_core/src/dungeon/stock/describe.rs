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
    /// Whether it is locked.
    pub locked: bool,
    /// The room holding its key, named only on the side the party comes
    /// from and never when the key lies in this very room.
    pub key: Option<char>,
}

/// A group of enemies as a description names it.
pub(crate) struct GroupText<'a> {
    /// Singular name (`"Ghoul"`).
    pub name: &'a str,
    /// Plural name (`"Ghouls"`).
    pub plural: String,
    /// How many.
    pub count: u32,
    /// Whether it is the boss.
    pub boss: bool,
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
    /// Enemies.
    pub enemies: Vec<GroupText<'a>>,
    /// The boss's personal name, when the theme gives one.
    pub boss_name: Option<&'a str>,
    /// Treasure names.
    pub treasure: Vec<&'a str>,
    /// The room's doors, one per door run.
    pub exits: Vec<ExitText>,
    /// "This is the entrance." and the like.
    pub role: Option<&'static str>,
    /// Sentences about keys held here.
    pub notes: Vec<String>,
    /// Which sentence shapes to use (any number; each fact takes its
    /// shape from its own digits).
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
pub(crate) fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// An English plural for a name a table gives without one: "Kobold" →
/// "Kobolds", "Cave bat swarm" → "Cave bat swarms", "Lich" → "Liches",
/// "Harpy" → "Harpies".
pub(crate) fn plural(name: &str) -> String {
    if let Some(stem) = name.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        return format!("{stem}ies");
    }
    if name.ends_with(['s', 'x', 'z']) || name.ends_with("ch") || name.ends_with("sh") {
        return format!("{name}es");
    }
    format!("{name}s")
}

/// A name as it reads inside a sentence: lower case unless it is a proper
/// name (every word capitalised, as in "Tiamat's Herald").
fn in_sentence(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    if words.len() > 1 && words.iter().all(|w| w.starts_with(char::is_uppercase)) {
        return name.to_string();
    }
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_lowercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// "a ghoul", "three ghouls", "14 goblins".
fn counted(g: &GroupText) -> String {
    if g.count == 1 {
        let n = in_sentence(g.name);
        format!("{} {n}", article(&n))
    } else {
        format!("{} {}", number(g.count as usize), in_sentence(&g.plural))
    }
}

/// "north to room C", "through a secret door west to rooms B and E",
/// "through a locked door south to room D (its key is in room F)".
fn exit_phrase(e: &ExitText) -> String {
    let side = crate::dungeon::side_name(e.side);
    let kind = match (e.secret, e.locked) {
        (true, true) => "through a locked secret door ",
        (true, false) => "through a secret door ",
        (false, true) => "through a locked door ",
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
    let mut s = format!("{kind}{side} {to}");
    if let Some(k) = e.key {
        let _ = write!(s, " (its key is in room {k})");
    }
    s
}

impl RoomText<'_> {
    /// Shape `i` of `n` for fact `fact` (each fact varies on its own).
    fn shape(&self, fact: usize, n: usize) -> usize {
        (self.variant >> (3 * fact)) % n
    }

    /// The paragraph: one sentence per fact (the room, its furniture, a
    /// sense, its role, enemies, treasure, exits, keys), each fact in one
    /// of several shapes chosen by `variant`.
    pub fn paragraph(&self) -> String {
        let (fw, fh) = (
            u32::from(self.size.0) * FEET_PER_CELL,
            u32::from(self.size.1) * FEET_PER_CELL,
        );
        let p = self.purpose;
        let mut s = match self.shape(0, 4) {
            0 => format!(
                "{} {p}, {fw} by {fh} feet, {}.",
                capital(article(p)),
                self.light(false)
            ),
            1 => format!("This {p} is {fw} by {fh} feet and {}.", self.light(true)),
            2 => {
                let light = self.light(true);
                format!(
                    "The party steps into {} {light} {p}, {fw} by {fh} feet.",
                    article(light)
                )
            }
            _ => {
                let light = self.light(true);
                format!(
                    "{} {light} {p}, {fw} by {fh} feet.",
                    capital(article(light))
                )
            }
        };
        let things = list(&self.furniture);
        if !things.is_empty() {
            let _ = match self.shape(1, 4) {
                0 => write!(s, " It holds {things}."),
                1 if self.furniture.len() > 1 => write!(s, " {} stand here.", capital(&things)),
                2 => write!(s, " Inside are {things}."),
                _ => write!(s, " The room holds {things}."),
            };
        }
        let sense = self.sense.trim().trim_end_matches('.');
        if !sense.is_empty() {
            let _ = write!(s, " {}.", capital(sense));
        }
        if let Some(role) = self.role {
            let _ = write!(s, " {role}");
        }
        self.enemies_sentence(&mut s);
        self.treasure_sentence(&mut s);
        self.exits_sentence(&mut s);
        for n in &self.notes {
            let _ = write!(s, " {n}");
        }
        s
    }

    /// "dark and unlit" / "dark" (as an adjective before the purpose).
    fn light(&self, short: bool) -> &'static str {
        match (self.lighting, short) {
            (Lighting::Dark, false) => "dark and unlit",
            (Lighting::Dark, true) => "dark",
            (Lighting::Dim, _) => "dimly lit",
            (Lighting::Bright, _) => "brightly lit",
        }
    }

    fn enemies_sentence(&self, s: &mut String) {
        let (boss, rest): (Vec<&GroupText>, Vec<&GroupText>) =
            self.enemies.iter().partition(|g| g.boss);
        let others: Vec<String> = rest.iter().map(|g| counted(g)).collect();
        let others: Vec<&str> = others.iter().map(String::as_str).collect();
        let many = self.enemies.len() > 1 || self.enemies.iter().any(|g| g.count > 1);
        if let Some(b) = boss.first() {
            let kind = in_sentence(b.name);
            let (who, pause) = match self.boss_name {
                Some(name) => (format!("{name}, {} {kind}", article(&kind)), ","),
                None => (format!("{} {kind}", article(&kind)), ""),
            };
            let escort = if others.is_empty() {
                String::new()
            } else {
                format!(", with {}", list(&others))
            };
            let _ = match self.shape(2, 3) {
                0 => write!(s, " The boss waits here: {who}{escort}."),
                1 => write!(s, " Here {who} holds court as the boss{escort}."),
                _ => write!(
                    s,
                    " {}{pause} is the boss of this place{escort}.",
                    capital(&who)
                ),
            };
            return;
        }
        if others.is_empty() {
            return;
        }
        let who = list(&others);
        let _ = match (self.shape(2, 3), many) {
            (0, true) => write!(s, " {} wait here.", capital(&who)),
            (0, false) => write!(s, " {} waits here.", capital(&who)),
            (1, true) => write!(s, " Here lurk {who}."),
            (1, false) => write!(s, " Here lurks {who}."),
            (_, true) => write!(s, " {} hold this room.", capital(&who)),
            (_, false) => write!(s, " {} holds this room.", capital(&who)),
        };
    }

    fn treasure_sentence(&self, s: &mut String) {
        let loot = phrase(&self.treasure);
        let several = self.treasure.len() > 1;
        let guarded = !self.enemies.is_empty();
        let many = self.enemies.len() > 1 || self.enemies.iter().any(|g| g.count > 1);
        let _ = match (self.treasure.is_empty(), guarded, self.shape(3, 3)) {
            (true, true, _) => Ok(()),
            (true, false, 0) => write!(s, " Nothing else is here."),
            (true, false, 1) => write!(s, " The room is otherwise empty."),
            (true, false, _) => write!(s, " There is nothing else of note."),
            (false, true, 0) if many => write!(s, " They guard {loot}."),
            (false, true, 0) => write!(s, " It guards {loot}."),
            (false, true, 1) => {
                let verb = if several { "lie" } else { "lies" };
                let whom = if many { "them" } else { "it" };
                write!(s, " Behind {whom} {verb} {loot}.")
            }
            (false, true, _) => write!(s, " The prize here is {loot}."),
            (false, false, 0) => {
                let verb = if several { "lie" } else { "lies" };
                write!(s, " {} {verb} here, unguarded.", capital(&loot))
            }
            (false, false, 1) => write!(s, " Here the party finds {loot}."),
            (false, false, _) => {
                let verb = if several { "are" } else { "is" };
                write!(s, " Hidden in the room {verb} {loot}.")
            }
        };
    }

    fn exits_sentence(&self, s: &mut String) {
        let ways: Vec<String> = self.exits.iter().map(exit_phrase).collect();
        let refs: Vec<&str> = ways.iter().map(String::as_str).collect();
        let n = refs.len();
        let _ = match (n, self.shape(4, 3)) {
            (0, _) => write!(s, " There is no way out."),
            (1, 0) => write!(s, " The only exit leads {}.", refs[0]),
            (1, 1) => write!(s, " One way leads on: {}.", refs[0]),
            (1, _) => write!(s, " The one way out goes {}.", refs[0]),
            (_, 0) => write!(s, " {} exits lead {}.", capital(&number(n)), list(&refs)),
            (_, 1) => write!(s, " From here, {} ways lead {}.", number(n), list(&refs)),
            (_, _) => write!(s, " There are {} ways on: {}.", number(n), list(&refs)),
        };
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
