//! Themes (`crates/evoboard_core/assets/dungeon/themes.ron`): what kind of place a dungeon is —
//! its creatures with their challenge ratings, traps, treasure with gold
//! values, room dressings, titles, hooks, the boss's names and what
//! wanders its halls — and the party it is built for.
//!
//! A theme and a [`Party`] make the [`ContentsTable`] stocking draws
//! from ([`Theme::table`]): the creatures whose strength suits the party,
//! in groups sized to the party's encounter budget, the treasure of the
//! party's level band, and bosses sized for a deadly fight. The budgets
//! are the D&D 5e encounter-building thresholds (Dungeon Master's Guide,
//! chapter 3, "XP Thresholds by Character Level") and challenge ratings
//! count in that book's experience points; a room's challenge is the
//! plain sum of its creatures' XP (no group multiplier), so the figures
//! stay system-neutral: twice the number is twice the danger.

use super::{ContentsTable, Dressing, EnemyKind, RoomRole, TrapKind, TreasureKind};
use crate::dungeon::DungeonError;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The shipped themes' text.
const SHIPPED: &str = include_str!("../../../assets/dungeon/themes.ron");

/// Lowest and highest party level.
pub const PARTY_LEVELS: (u8, u8) = (1, 20);
/// Fewest and most characters in a party.
pub const PARTY_SIZES: (u8, u8) = (1, 8);

/// The party a dungeon is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Party {
    /// Character level, 1-20.
    pub level: u8,
    /// Number of characters, 1-8.
    pub size: u8,
}

impl Default for Party {
    /// Four characters of level 3.
    fn default() -> Self {
        Party { level: 3, size: 4 }
    }
}

/// Per-character XP thresholds (easy, medium, hard, deadly) by level
/// 1-20: the Dungeon Master's Guide's table.
const THRESHOLDS: [[u32; 4]; 20] = [
    [25, 50, 75, 100],
    [50, 100, 150, 200],
    [75, 150, 225, 400],
    [125, 250, 375, 500],
    [250, 500, 750, 1100],
    [300, 600, 900, 1400],
    [350, 750, 1100, 1700],
    [450, 900, 1400, 2100],
    [550, 1100, 1600, 2400],
    [600, 1200, 1900, 2800],
    [800, 1600, 2400, 3600],
    [1000, 2000, 3000, 4500],
    [1100, 2200, 3400, 5100],
    [1250, 2500, 3800, 5700],
    [1400, 2800, 4300, 6400],
    [1600, 3200, 4800, 7200],
    [2000, 3900, 5900, 8800],
    [2100, 4200, 6300, 9500],
    [2400, 4900, 7300, 10900],
    [2800, 5700, 8500, 12700],
];

impl Party {
    /// Check the level (1-20) and size (1-8).
    ///
    /// ```
    /// use evoboard_core::dungeon::Party;
    /// assert!(Party { level: 3, size: 4 }.validate().is_ok());
    /// assert!(Party { level: 21, size: 4 }.validate().is_err());
    /// ```
    pub fn validate(&self) -> Result<(), DungeonError> {
        let bad = |name: &'static str, value: u8, (lo, hi): (u8, u8)| DungeonError::PartyRange {
            name,
            value: u32::from(value),
            lo: u32::from(lo),
            hi: u32::from(hi),
        };
        if !(PARTY_LEVELS.0..=PARTY_LEVELS.1).contains(&self.level) {
            return Err(bad("--party-level", self.level, PARTY_LEVELS));
        }
        if !(PARTY_SIZES.0..=PARTY_SIZES.1).contains(&self.size) {
            return Err(bad("--party-size", self.size, PARTY_SIZES));
        }
        Ok(())
    }

    /// The party's XP budget for an easy, medium, hard and deadly fight
    /// (the per-character thresholds times the party's size).
    ///
    /// ```
    /// use evoboard_core::dungeon::Party;
    /// assert_eq!(Party { level: 3, size: 4 }.budgets(), [300, 600, 900, 1600]);
    /// ```
    pub fn budgets(&self) -> [u32; 4] {
        let row = THRESHOLDS[usize::from(self.level.clamp(1, 20)) - 1];
        row.map(|x| x * u32::from(self.size.max(1)))
    }

    /// The level band: 1 (levels 1-4), 2 (5-10), 3 (11-16), 4 (17-20).
    pub fn band(&self) -> u8 {
        match self.level {
            0..=4 => 1,
            5..=10 => 2,
            11..=16 => 3,
            _ => 4,
        }
    }
}

/// XP of one creature of challenge rating `cr` (the Dungeon Master's
/// Guide's table; fractions 1/8, 1/4, 1/2).
///
/// ```
/// use evoboard_core::dungeon::cr_xp;
/// assert_eq!(cr_xp(0.25), 50);
/// assert_eq!(cr_xp(5.0), 1800);
/// ```
pub fn cr_xp(cr: f32) -> u32 {
    const XP: [u32; 31] = [
        10, 200, 450, 700, 1100, 1800, 2300, 2900, 3900, 5000, 5900, 7200, 8400, 10000, 11500,
        13000, 15000, 18000, 20000, 22000, 25000, 33000, 41000, 50000, 62000, 75000, 90000, 105000,
        120000, 135000, 155000,
    ];
    if cr < 0.2 {
        25
    } else if cr < 0.4 {
        50
    } else if cr < 0.9 {
        100
    } else {
        XP[(cr.round() as usize).min(30)]
    }
}

/// A creature of a theme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Creature {
    /// Name as the room key shows it, singular (`"Ghoul"`).
    pub name: String,
    /// Plural (`"Ghouls"`).
    pub plural: String,
    /// Challenge rating (0.125, 0.25, 0.5, then 1-30).
    pub cr: f32,
    /// How many appear together at most (fewest is 1).
    pub group: u32,
    /// Whether it can be the dungeon's boss.
    #[serde(default)]
    pub boss: bool,
}

/// A treasure of a theme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Treasure {
    /// Name with its article (`"A silver holy symbol"`).
    pub name: String,
    /// Worth in gold pieces.
    pub gp: u32,
}

/// One theme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Theme {
    /// Lower-case name, one word or hyphenated (`"crypt"`).
    pub name: String,
    /// Titles; `{boss}` is replaced by the boss's name.
    pub titles: Vec<String>,
    /// One-paragraph hooks; `{boss}` the boss's name, `{kind}` its
    /// creature kind with an article (`"a wight"`), `{title}` the title.
    pub hooks: Vec<String>,
    /// Personal names for the boss (`"Morvath the Unquiet"`).
    pub boss_names: Vec<String>,
    /// Creatures, any order.
    pub creatures: Vec<Creature>,
    /// Treasure, any order.
    pub treasures: Vec<Treasure>,
    /// Traps.
    pub traps: Vec<TrapKind>,
    /// Room dressings (some for the entrance, some for the final room).
    pub dressings: Vec<Dressing>,
    /// What wanders the halls besides creatures: sounds, signs, omens
    /// (a wandering-monster table mixes them in).
    pub omens: Vec<String>,
}

/// Most treasure in gold pieces by level band: (least, most) a single
/// find is worth (Dungeon Master's Guide's individual treasure and hoard
/// tables, rounded).
const TREASURE_GP: [(u32, u32); 4] = [(1, 1_000), (25, 10_000), (250, 50_000), (1_000, 500_000)];

impl Theme {
    /// The shipped themes, parsed once.
    pub fn shipped() -> &'static [Theme] {
        static THEMES: OnceLock<Vec<Theme>> = OnceLock::new();
        // Parsed only: checking every party's table of every theme takes
        // longer than a large dungeon, and the shipped themes are checked
        // by the test `shipped_themes_are_valid_for_every_party`.
        THEMES.get_or_init(|| Theme::parse(SHIPPED).expect("the shipped themes parse"))
    }

    /// The names of the shipped themes.
    pub fn names() -> Vec<&'static str> {
        Theme::shipped().iter().map(|t| t.name.as_str()).collect()
    }

    /// A shipped theme by name (any case).
    ///
    /// ```
    /// use evoboard_core::dungeon::Theme;
    /// assert!(Theme::named("crypt").is_ok());
    /// assert!(Theme::named("moon base").is_err());
    /// ```
    pub fn named(name: &str) -> Result<&'static Theme, DungeonError> {
        Theme::shipped()
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| DungeonError::UnknownTheme {
                name: name.to_string(),
                allowed: Theme::names().join(", "),
            })
    }

    /// Parse a list of themes without checking them.
    fn parse(text: &str) -> Result<Vec<Theme>, DungeonError> {
        ron::from_str(text).map_err(|e| DungeonError::ContentsSyntax {
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
        })
    }

    /// Parse and check a list of themes.
    pub fn list_from_ron(text: &str) -> Result<Vec<Theme>, DungeonError> {
        let themes = Theme::parse(text)?;
        for t in &themes {
            t.check()?;
        }
        Ok(themes)
    }

    /// Check a theme: every list long enough for variety, and every party
    /// (levels 1-20, 1-8 characters) gets a valid contents table.
    pub fn check(&self) -> Result<(), DungeonError> {
        let short = |field: &'static str, len: usize, need: usize| {
            (len < need).then(|| DungeonError::ThemeShort {
                theme: self.name.clone(),
                field,
                found: len,
                need,
            })
        };
        if let Some(e) = [
            short("titles", self.titles.len(), 6),
            short("hooks", self.hooks.len(), 4),
            short("boss_names", self.boss_names.len(), 12),
            short("traps", self.traps.len(), 6),
            short("omens", self.omens.len(), 2),
            short(
                "dressings (final room)",
                self.dressings
                    .iter()
                    .filter(|d| d.role == RoomRole::Final)
                    .count(),
                3,
            ),
            short(
                "dressings (other rooms)",
                self.dressings
                    .iter()
                    .filter(|d| d.role == RoomRole::Any)
                    .count(),
                8,
            ),
        ]
        .into_iter()
        .flatten()
        .next()
        {
            return Err(e);
        }
        for level in PARTY_LEVELS.0..=PARTY_LEVELS.1 {
            for size in PARTY_SIZES.0..=PARTY_SIZES.1 {
                let table = self.table(Party { level, size });
                table.check()?;
                if table.bosses().len() < BOSS_CHOICES.min(self.bosses_total()) {
                    return Err(DungeonError::ThemeShort {
                        theme: self.name.clone(),
                        field: "creatures (bosses)",
                        found: table.bosses().len(),
                        need: BOSS_CHOICES,
                    });
                }
                if table.regulars().len() < 6 {
                    return Err(DungeonError::ThemeShort {
                        theme: self.name.clone(),
                        field: "creatures (below the boss)",
                        found: table.regulars().len(),
                        need: 6,
                    });
                }
                if table.treasures.len() < 6 {
                    return Err(DungeonError::ThemeShort {
                        theme: self.name.clone(),
                        field: "treasures (in a level band)",
                        found: table.treasures.len(),
                        need: 6,
                    });
                }
            }
        }
        Ok(())
    }

    fn bosses_total(&self) -> usize {
        self.creatures.iter().filter(|c| c.boss).count()
    }

    /// The contents table for `party`: see the module documentation.
    ///
    /// - bosses: the [`BOSS_CHOICES`] boss creatures whose XP is nearest
    ///   the party's deadly budget;
    /// - the others: creatures weaker than the weakest boss chosen, whose
    ///   single XP is at most the hard budget, in groups of 1 up to what
    ///   the hard budget allows (at most the creature's `group`);
    /// - treasure: the finds whose gold value lies in the party's band,
    ///   valued in 1-20 by the logarithm of their worth.
    pub fn table(&self, party: Party) -> ContentsTable {
        let [_, _, hard, deadly] = party.budgets();
        let mut bosses: Vec<&Creature> = self.creatures.iter().filter(|c| c.boss).collect();
        let off = |c: &Creature| (i64::from(cr_xp(c.cr)) - i64::from(deadly)).unsigned_abs();
        bosses.sort_by_key(|c| (off(c), cr_xp(c.cr)));
        bosses.truncate(BOSS_CHOICES);
        let weakest_boss = bosses.iter().map(|c| cr_xp(c.cr)).min().unwrap_or(u32::MAX);
        let mut enemies: Vec<EnemyKind> = bosses
            .iter()
            .map(|c| EnemyKind {
                name: c.name.clone(),
                challenge: cr_xp(c.cr),
                group: (1, 1),
                boss: true,
            })
            .collect();
        for c in &self.creatures {
            let xp = cr_xp(c.cr);
            if bosses.iter().any(|b| b.name == c.name) || xp > hard.min(weakest_boss) {
                continue;
            }
            let most = (hard / xp).clamp(1, c.group.max(1));
            enemies.push(EnemyKind {
                name: c.name.clone(),
                challenge: xp,
                group: (1, most),
                boss: false,
            });
        }
        let (lo, hi) = TREASURE_GP[usize::from(party.band()) - 1];
        let treasures = self
            .treasures
            .iter()
            .filter(|t| (lo..=hi).contains(&t.gp))
            .map(|t| TreasureKind {
                name: t.name.clone(),
                value: gp_value(t.gp),
            })
            .collect();
        ContentsTable {
            enemies,
            treasures,
            dressings: self.dressings.clone(),
            traps: self.traps.clone(),
        }
    }

    /// The plural of a creature of this theme (the name with an "s" for
    /// names it does not know).
    pub fn plural(&self, name: &str) -> String {
        self.creatures
            .iter()
            .find(|c| c.name == name)
            .map_or_else(|| format!("{name}s"), |c| c.plural.clone())
    }
}

/// The random stream a proposal's theme is picked from.
const THEME_STREAM: u64 = 7;

/// The theme a dungeon with proposal seed `seed` is stocked from: the one
/// named in `params` (a bad name falls back to the seed's pick), else
/// the seed's pick; `None` when `params` brings its own contents table.
pub(crate) fn theme_for(
    params: &crate::dungeon::DungeonParams,
    seed: u64,
) -> Option<&'static Theme> {
    if params.contents.as_ref().is_some_and(|t| t.check().is_ok()) {
        return None;
    }
    let themes = Theme::shipped();
    if themes.is_empty() {
        return None;
    }
    params
        .theme
        .as_deref()
        .and_then(|name| Theme::named(name).ok())
        .or_else(|| {
            let i = crate::rng::derive_seed(seed, THEME_STREAM) % themes.len() as u64;
            themes.get(i as usize)
        })
}

/// The contents table and theme a dungeon with proposal seed `seed` is
/// stocked from (see [`theme_for`]); the shipped contents table when
/// there is neither a valid table of its own nor a theme.
pub(crate) fn stocking_source(
    params: &crate::dungeon::DungeonParams,
    seed: u64,
) -> (std::borrow::Cow<'_, ContentsTable>, super::Themed<'static>) {
    let party = if params.party.validate().is_ok() {
        params.party
    } else {
        Party::default()
    };
    let theme = theme_for(params, seed);
    let table = match (theme, &params.contents) {
        (Some(t), _) => std::borrow::Cow::Owned(t.table(party)),
        (None, Some(own)) if own.check().is_ok() => std::borrow::Cow::Borrowed(own),
        (None, _) => std::borrow::Cow::Borrowed(ContentsTable::shipped()),
    };
    (table, super::Themed { theme, party })
}

/// How many bosses a party's table offers (so that no boss is in more
/// than about one dungeon in ten of a theme).
pub const BOSS_CHOICES: usize = 12;

/// A treasure's value band (1-30) from its gold: twice the gold, one
/// band more.
fn gp_value(gp: u32) -> u32 {
    1 + (f64::from(gp.max(1)).log2() * 1.5).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_themes_are_valid_for_every_party() {
        let themes = Theme::shipped();
        assert!(themes.len() >= 6, "{} themes", themes.len());
        for t in themes {
            t.check().unwrap();
        }
    }

    /// The final room of `seeds` dungeons of `theme` at every size: how
    /// often the commonest boss kind, boss name and final-room text come
    /// up, as shares.
    fn final_room_shares(theme: &str, seeds: std::ops::Range<u64>) -> [(f64, String); 3] {
        use crate::dungeon::{DungeonParams, Size, generate_proposal};
        use rayon::prelude::*;
        use std::collections::HashMap;
        let runs: Vec<(String, String, String)> = Size::ALL
            .par_iter()
            .flat_map(|&size| {
                seeds.clone().into_par_iter().map(move |seed| {
                    let mut p = DungeonParams::for_size(size);
                    p.proposals = 1;
                    p.theme = Some(theme.to_string());
                    (p.ga.generations, p.ga.population) = (2, 4);
                    let d = generate_proposal(&p, seed, 0).unwrap();
                    let f = &d.rooms[d.final_room];
                    let boss = f.enemy_kinds.first().cloned().unwrap_or_default();
                    let name = d.adventure.title.clone();
                    (boss, name, f.description.clone())
                })
            })
            .collect();
        let top = |pick: &dyn Fn(&(String, String, String)) -> &String| {
            let mut counts: HashMap<&String, usize> = HashMap::new();
            for r in &runs {
                *counts.entry(pick(r)).or_default() += 1;
            }
            let (k, n) = counts.into_iter().max_by_key(|e| e.1).unwrap();
            (n as f64 / runs.len() as f64, k.clone())
        };
        [top(&|r| &r.0), top(&|r| &r.1), top(&|r| &r.2)]
    }

    #[test]
    fn no_boss_title_or_final_room_in_more_than_15_percent_of_a_theme() {
        // Issue 40: over 100 seeds of each size, no final boss or
        // final-room text in more than 15 % of one theme's dungeons.
        for name in Theme::names() {
            let [boss, title, text] = final_room_shares(name, 1..101);
            eprintln!(
                "{name}: boss {boss:?}, title {title:?}, final text {:.3}",
                text.0
            );
            assert!(boss.0 <= 0.15, "{name}: boss {boss:?}");
            assert!(title.0 <= 0.15, "{name}: title {title:?}");
            assert!(text.0 <= 0.15, "{name}: final-room text {text:?}");
        }
    }
}
