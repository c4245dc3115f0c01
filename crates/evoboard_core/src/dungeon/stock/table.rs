//! Reading a contents table: the shipped one (`crates/evoboard_core/assets/dungeon/contents.ron`,
//! embedded in the binary and parsed once) or the game master's own,
//! checked so that stocking never meets an entry it cannot use.

use super::{ContentsTable, RoomRole};
use crate::dungeon::DungeonError;
use std::collections::HashSet;
use std::sync::OnceLock;

/// The shipped table's text.
const SHIPPED: &str = include_str!("../../../assets/dungeon/contents.ron");

/// Most enemies of one kind in a room.
pub const MAX_GROUP: u32 = 99;
/// Largest challenge of an enemy kind and value of a treasure kind: a
/// room's sums (up to [`MAX_GROUP`] of a kind, a few kinds) stay far
/// inside `u32`.
pub const MAX_FIGURE: u32 = 1_000_000;

impl ContentsTable {
    /// The shipped table (`crates/evoboard_core/assets/dungeon/contents.ron`), parsed once.
    ///
    /// ```
    /// use evoboard_core::dungeon::ContentsTable;
    /// let table = ContentsTable::shipped();
    /// assert!(table.enemies.len() >= 15);
    /// assert!(table.enemies.iter().any(|e| e.boss));
    /// ```
    pub fn shipped() -> &'static ContentsTable {
        static TABLE: OnceLock<ContentsTable> = OnceLock::new();
        TABLE.get_or_init(|| {
            ContentsTable::from_ron(SHIPPED).expect("the shipped contents table is valid")
        })
    }

    /// Parse and check a table. A syntax error names the line and column
    /// and the shape expected; a semantic error names the entry, the field
    /// and what is allowed.
    ///
    /// ```
    /// use evoboard_core::dungeon::{ContentsTable, DungeonError};
    /// let ok = r#"(
    ///     enemies: [(name: "Rat", challenge: 1, group: (2, 4))],
    ///     treasures: [(name: "Coins", value: 1)],
    ///     dressings: [(purpose: "cellar", lighting: [Dark], furniture: ["barrels"], senses: ["It smells of wine"])],
    /// )"#;
    /// assert_eq!(ContentsTable::from_ron(ok).unwrap().enemies[0].name, "Rat");
    /// let bad = ok.replace("challenge: 1", "challenge: \"high\"");
    /// assert!(matches!(ContentsTable::from_ron(&bad), Err(DungeonError::ContentsSyntax { line: 2, .. })));
    /// ```
    pub fn from_ron(text: &str) -> Result<ContentsTable, DungeonError> {
        let table: ContentsTable =
            ron::from_str(text).map_err(|e| DungeonError::ContentsSyntax {
                line: e.span.start.line,
                column: e.span.start.col,
                message: e.code.to_string(),
            })?;
        table.check()?;
        Ok(table)
    }

    /// Check the entries: every list non-empty, names unique and
    /// non-empty, challenges and values at least 1, groups `1 <= fewest
    /// <= most <= 99`, every dressing with a lighting, a piece of
    /// furniture and a sense, bosses at least as strong as every other
    /// kind.
    pub fn check(&self) -> Result<(), DungeonError> {
        for (list, len) in [
            ("enemies", self.enemies.len()),
            ("treasures", self.treasures.len()),
            ("dressings", self.dressings.len()),
        ] {
            if len == 0 {
                return Err(DungeonError::ContentsEmpty { list });
            }
        }
        unique("enemies", self.enemies.iter().map(|e| e.name.as_str()))?;
        unique("treasures", self.treasures.iter().map(|t| t.name.as_str()))?;
        unique(
            "dressings",
            self.dressings.iter().map(|d| d.purpose.as_str()),
        )?;
        let value = |list, name: &str, field, found: String, allowed| DungeonError::ContentsValue {
            list,
            name: name.to_string(),
            field,
            found,
            allowed,
        };
        for e in &self.enemies {
            if !(1..=MAX_FIGURE).contains(&e.challenge) {
                return Err(value(
                    "enemies",
                    &e.name,
                    "challenge",
                    e.challenge.to_string(),
                    "1 to 1000000",
                ));
            }
            let (lo, hi) = e.group;
            if lo == 0 || lo > hi || hi > MAX_GROUP {
                return Err(value(
                    "enemies",
                    &e.name,
                    "group",
                    format!("({lo}, {hi})"),
                    "(fewest, most) with 1 <= fewest <= most <= 99",
                ));
            }
        }
        let strongest = self
            .enemies
            .iter()
            .filter(|e| !e.boss)
            .map(|e| e.challenge)
            .max()
            .unwrap_or(0);
        if let Some(weak) = self
            .enemies
            .iter()
            .find(|e| e.boss && e.challenge < strongest)
        {
            return Err(value(
                "enemies",
                &weak.name,
                "challenge",
                weak.challenge.to_string(),
                "a boss at least as strong as every other kind (raise its challenge or drop `boss: true`)",
            ));
        }
        for t in &self.treasures {
            if !(1..=MAX_FIGURE).contains(&t.value) {
                return Err(value(
                    "treasures",
                    &t.name,
                    "value",
                    t.value.to_string(),
                    "1 to 1000000",
                ));
            }
        }
        unique("traps", self.traps.iter().map(|t| t.name.as_str()))?;
        for t in &self.traps {
            for (field, text) in [
                ("effect", &t.effect),
                ("find", &t.find),
                ("disarm", &t.disarm),
            ] {
                if text.trim().is_empty() {
                    return Err(value(
                        "traps",
                        &t.name,
                        field,
                        "\"\"".into(),
                        "a sentence (not empty)",
                    ));
                }
            }
        }
        for d in &self.dressings {
            for (field, len) in [
                ("lighting", d.lighting.len()),
                ("furniture", d.furniture.len()),
                ("senses", d.senses.len()),
            ] {
                if len == 0 {
                    return Err(value(
                        "dressings",
                        &d.purpose,
                        field,
                        "[]".into(),
                        "a list of at least one",
                    ));
                }
            }
        }
        Ok(())
    }

    /// The trap kinds stocking draws from: this table's, or the shipped
    /// table's when it has none.
    pub fn trap_kinds(&self) -> &[super::TrapKind] {
        if self.traps.is_empty() {
            &ContentsTable::shipped().traps
        } else {
            &self.traps
        }
    }

    /// The boss kinds: those marked `boss`, or else those with the highest
    /// challenge (indices into `enemies`).
    pub fn bosses(&self) -> Vec<usize> {
        let marked: Vec<usize> = (0..self.enemies.len())
            .filter(|&i| self.enemies[i].boss)
            .collect();
        if !marked.is_empty() {
            return marked;
        }
        let top = self.enemies.iter().map(|e| e.challenge).max().unwrap_or(0);
        (0..self.enemies.len())
            .filter(|&i| self.enemies[i].challenge == top)
            .collect()
    }

    /// The kinds met outside the final room, weakest first (ties in table
    /// order): every kind but the bosses, or all kinds when every kind is
    /// a boss.
    pub fn regulars(&self) -> Vec<usize> {
        let bosses = self.bosses();
        let mut v: Vec<usize> = (0..self.enemies.len())
            .filter(|i| !bosses.contains(i))
            .collect();
        if v.is_empty() {
            v = (0..self.enemies.len()).collect();
        }
        v.sort_by_key(|&i| self.enemies[i].challenge);
        v
    }

    /// Treasure kinds, poorest first (ties in table order).
    pub fn treasures_by_value(&self) -> Vec<usize> {
        let mut v: Vec<usize> = (0..self.treasures.len()).collect();
        v.sort_by_key(|&i| self.treasures[i].value);
        v
    }

    /// The dressings for rooms of `role` (those of [`RoomRole::Any`] when
    /// the table has none for it; every dressing when it has none at all).
    pub fn dressings_for(&self, role: RoomRole) -> Vec<usize> {
        let pick = |r: RoomRole| -> Vec<usize> {
            (0..self.dressings.len())
                .filter(|&i| self.dressings[i].role == r)
                .collect()
        };
        let mut v = pick(role);
        if v.is_empty() {
            v = pick(RoomRole::Any);
        }
        if v.is_empty() {
            v = (0..self.dressings.len()).collect();
        }
        v
    }
}

/// The first name given twice (or empty) in `list`.
fn unique<'a>(
    list: &'static str,
    names: impl Iterator<Item = &'a str>,
) -> Result<(), DungeonError> {
    let mut seen = HashSet::new();
    for n in names {
        if n.trim().is_empty() {
            return Err(DungeonError::ContentsValue {
                list,
                name: String::new(),
                field: "name",
                found: format!("{n:?}"),
                allowed: "a non-empty name",
            });
        }
        if !seen.insert(n) {
            return Err(DungeonError::ContentsDuplicate {
                list,
                name: n.to_string(),
            });
        }
    }
    Ok(())
}
