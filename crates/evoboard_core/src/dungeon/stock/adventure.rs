//! The adventure around the rooms: the title, the hook the game master
//! reads out, the party and the wandering-monster table (d6 for up to a
//! dozen rooms, d8 beyond), all from the theme and the seed.

use super::describe::{article, plural};
use super::stocking::Themed;
use super::{Adventure, ContentsTable, WanderingMonster};
use crate::rng::{Rng, RngExt};

/// What wandering creatures are up to.
const MOODS: [&str; 8] = [
    "patrolling",
    "hungry and looking for a meal",
    "fleeing something deeper in",
    "lost and quarrelsome",
    "dragging a fresh kill",
    "carrying a message to the boss",
    "searching for intruders",
    "resting, careless",
];

/// Omens for tables without a theme.
const OMENS: [&str; 2] = [
    "A distant scream echoes through the halls, then silence",
    "Fresh tracks in the dust lead deeper in",
];

/// Fill the adventure of a stocked dungeon with `rooms` rooms.
pub(crate) fn adventure(
    themed: Themed,
    boss_name: Option<&str>,
    boss_kind: Option<&str>,
    table: &ContentsTable,
    rooms: usize,
    rng: &mut Rng,
) -> Adventure {
    let mut a = Adventure {
        party_level: themed.party.level,
        party_size: themed.party.size,
        ..Adventure::default()
    };
    let kind = boss_kind.map(|k| {
        let k = k.to_lowercase();
        format!("{} {k}", article(&k))
    });
    if let Some(theme) = themed.theme {
        a.theme = theme.name.clone();
        let boss = boss_name.unwrap_or("its master");
        a.title = theme.titles[rng.random_range(0..theme.titles.len())].replace("{boss}", boss);
        let hook = &theme.hooks[rng.random_range(0..theme.hooks.len())];
        // "The Crypt of …" inside a sentence reads "the Crypt of …".
        let inner = match a.title.strip_prefix("The ") {
            Some(rest) if !hook.starts_with("{title}") => format!("the {rest}"),
            _ => a.title.clone(),
        };
        a.hook = hook
            .replace("{boss}", boss)
            .replace("{kind}", kind.as_deref().unwrap_or("a monster"))
            .replace("{title}", &inner);
    }
    let die: u8 = if rooms > 12 { 8 } else { 6 };
    let omens: Vec<&str> = themed.theme.map_or_else(
        || OMENS.to_vec(),
        |t| t.omens.iter().map(String::as_str).collect(),
    );
    let regulars = table.regulars();
    // The weaker two thirds of the kinds wander (the strongest stay put).
    let wanderers = &regulars[..(regulars.len() * 2).div_ceil(3).max(1)];
    let mut kinds: Vec<usize> = wanderers.to_vec();
    shuffle(&mut kinds, rng);
    let mut omen_deck: Vec<usize> = (0..omens.len()).collect();
    shuffle(&mut omen_deck, rng);
    let mut moods: Vec<usize> = (0..MOODS.len()).collect();
    shuffle(&mut moods, rng);
    let omen_rows = usize::from(die) / 3;
    for face in 1..=die {
        let i = usize::from(face - 1);
        let text = if i >= usize::from(die) - omen_rows && !omen_deck.is_empty() {
            omens[omen_deck[(i + omen_rows) % omen_deck.len()]].to_string()
        } else {
            let e = &table.enemies[kinds[i % kinds.len()]];
            let most = e.group.1;
            let who = if most <= 1 {
                let n = e.name.to_lowercase();
                format!("{} {n}", capitalise(article(&n)))
            } else {
                let dice = match most {
                    2..=3 => "1d2",
                    4..=5 => "1d4",
                    6..=7 => "1d6",
                    8..=9 => "1d8",
                    _ => "2d4",
                };
                let name = themed
                    .theme
                    .map_or_else(|| plural(&e.name), |t| t.plural(&e.name));
                format!("{dice} {}", name.to_lowercase())
            };
            format!("{who}, {}", MOODS[moods[i % moods.len()]])
        };
        a.wandering.push(WanderingMonster {
            roll: (face, face),
            text,
        });
    }
    a
}

fn capitalise(s: &str) -> String {
    super::describe::capital(s)
}

fn shuffle(v: &mut [usize], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}
