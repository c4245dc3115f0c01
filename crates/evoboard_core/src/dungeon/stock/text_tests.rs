//! The room text a game master reads aloud (issue 29): exits counted per
//! door and named by direction and room, grammar, enemy counts, varied
//! sentence shapes, every trap and secret door described.

use super::describe::{lower_article, phrase};
use crate::dungeon::{DungeonParams, DungeonStyle, Size, generate_proposal};
use std::collections::HashSet;

#[test]
fn lists_of_treasure_read_as_one_phrase() {
    assert_eq!(
        phrase(&["A flame-tongue sword", "An enchanted dagger"]),
        "a flame-tongue sword and an enchanted dagger"
    );
    assert_eq!(lower_article("Silver candlesticks"), "Silver candlesticks");
    assert_eq!(lower_article("The Crown"), "the Crown");
}

#[test]
fn wide_doors_are_one_exit_each_and_named_by_direction() {
    for seed in 0..12u64 {
        let mut p = DungeonParams::for_size(Size::Small);
        (p.proposals, p.corridor_width) = (1, 3);
        p.keys = 2;
        let d = generate_proposal(&p, seed, 0).unwrap();
        let exits = d.exits();
        for (k, r) in d.rooms.iter().enumerate() {
            let n = exits[k].len();
            // One exit sentence names the number of ways (or "only"/"one").
            let said = match n {
                1 => vec![
                    " The only exit leads ".to_string(),
                    " One way leads on: ".to_string(),
                    " The one way out goes ".to_string(),
                ],
                _ => {
                    let w = super::describe::number(n);
                    vec![
                        format!(" {} exits lead ", super::describe::capital(&w)),
                        format!(" From here, {w} ways lead "),
                        format!(" There are {w} ways on: "),
                    ]
                }
            };
            assert!(
                said.iter().any(|s| r.description.contains(s.as_str())),
                "seed {seed} room {}: {n} doors, {}",
                r.letter,
                r.description
            );
            for e in &exits[k] {
                let side = crate::dungeon::side_name(e.side);
                assert!(r.description.contains(side), "{}", r.description);
                for &j in &e.rooms {
                    assert!(
                        r.description
                            .contains(&format!("room {}", d.rooms[j].letter))
                            || r.description.contains(&format!(" {}", d.rooms[j].letter)),
                        "{}",
                        r.description
                    );
                }
            }
        }
        // A lock closes the whole door: with the lock's run walled the
        // final room is out of reach until the key is held.
        assert!(crate::dungeon::keys_are_reachable(&d));
    }
}

#[test]
fn enemy_counts_agree_everywhere_and_sentences_vary() {
    let mut p = DungeonParams::for_size(Size::Medium);
    p.proposals = 1;
    let mut openings = HashSet::new();
    for seed in 0..6u64 {
        let d = generate_proposal(&p, seed, 0).unwrap();
        let legend = d.stocked_legend().join("\n");
        for r in &d.rooms {
            assert_eq!(r.enemy_kinds.len(), r.enemy_counts.len());
            for g in r.enemy_groups() {
                assert!(legend.contains(&g), "{g}: {legend}");
            }
            // The description counts each group in words: "three ghouls",
            // "a wight".
            let text = r.description.to_lowercase();
            for (name, &n) in r.enemy_kinds.iter().zip(&r.enemy_counts) {
                let name = name.to_lowercase();
                let said = if n == 1 {
                    text.contains(&format!("a {name}")) || text.contains(&format!("an {name}"))
                } else {
                    let plural = crate::dungeon::Theme::named(&d.adventure.theme).map_or_else(
                        |_| super::describe::plural(&name),
                        |t| {
                            let k = r.enemy_kinds.iter().find(|k| k.to_lowercase() == name);
                            t.plural(k.map_or("", String::as_str))
                        },
                    );
                    let plural = plural.to_lowercase();
                    text.contains(&format!("{} {plural}", super::describe::number(n as usize)))
                };
                assert!(said, "{name} ×{n}: {}", r.description);
            }
            assert!(!r.description.contains(" and A "), "{}", r.description);
            assert!(!r.description.contains(" and An "), "{}", r.description);
            openings.insert(
                r.description
                    .split_whitespace()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
    }
    assert!(
        openings.len() >= 4,
        "room descriptions open in {} ways: {openings:?}",
        openings.len()
    );
}

#[test]
fn every_trap_and_secret_door_is_in_the_key() {
    for (seed, style) in [
        (3u64, DungeonStyle::Rooms),
        (5, DungeonStyle::Caves),
        (8, DungeonStyle::Labyrinth),
    ] {
        let mut p = DungeonParams::for_size(Size::Medium);
        (p.proposals, p.style, p.loops, p.secret_doors, p.traps) = (1, style, 3, 3, 4);
        let d = generate_proposal(&p, seed, 0).unwrap();
        assert_eq!(d.traps.len(), d.metrics.traps);
        assert_eq!(d.secret_doors.len(), d.metrics.secret_doors);
        let key = crate::export::dungeon::room_key(&d);
        for (i, t) in d.traps.iter().enumerate() {
            let at = crate::dungeon::cell_name(usize::from(t.cell.0), usize::from(t.cell.1));
            assert!(
                key.contains(&format!("**Trap {} at {at}**", i + 1)),
                "{key}"
            );
            for part in [&t.kind.name, &t.kind.effect, &t.kind.find, &t.kind.disarm] {
                assert!(key.contains(part.as_str()), "{part}");
            }
            assert_eq!(
                d.grid.get(usize::from(t.cell.0), usize::from(t.cell.1)),
                crate::dungeon::DungeonTile::Trap
            );
        }
        for (i, s) in d.secret_doors.iter().enumerate() {
            let at = crate::dungeon::cell_name(usize::from(s.door.0), usize::from(s.door.1));
            assert!(
                key.contains(&format!("**Secret door {} at {at}** (in the ", i + 1)),
                "{key}"
            );
            assert!(key.contains(&s.find), "{key}");
        }
    }
}

#[test]
fn no_room_names_itself_and_each_key_is_named_once() {
    // Issue 40: no "(its key is in room G)" in room G, one sentence per
    // key, sentences that read as English.
    for seed in 0..40u64 {
        let mut p = DungeonParams::for_size([Size::Medium, Size::Large][seed as usize % 2]);
        (p.proposals, p.keys, p.secret_doors, p.traps) = (1, 3, 2, 3);
        let d = generate_proposal(&p, seed, 0).unwrap();
        for r in &d.rooms {
            let own = format!("room {}", r.letter);
            let text = &r.description;
            assert!(
                !text.contains(&format!("is in {own})")),
                "seed {seed}: {text}"
            );
            assert!(
                !text.contains(&format!("to {own} "))
                    && !text.contains(&format!("to {own}."))
                    && !text.contains(&format!("to {own},")),
                "seed {seed}: {text}"
            );
            assert_eq!(
                text.matches("The key to").count(),
                d.locks
                    .iter()
                    .filter(|l| d.rooms[l.key_room].letter == r.letter)
                    .count(),
                "seed {seed}: {text}"
            );
            for bad in ["Unguarded lies", "Enemies:", "Treasure:", "  ", " ."] {
                assert!(!text.contains(bad), "seed {seed} '{bad}': {text}");
            }
            for sentence in text.split(". ") {
                assert!(
                    sentence.starts_with(char::is_uppercase),
                    "seed {seed}: {sentence:?} in {text}"
                );
            }
        }
        // Each lock's key named once in all the descriptions.
        for l in &d.locks {
            let at = crate::dungeon::cell_name(usize::from(l.door.0), usize::from(l.door.1));
            let n: usize = d
                .rooms
                .iter()
                .map(|r| r.description.matches(&format!("(at {at})")).count())
                .sum();
            assert_eq!(n, 1, "seed {seed}: lock at {at}");
        }
    }
}

#[test]
fn no_two_traps_alike_while_kinds_are_left() {
    for seed in 0..30u64 {
        let mut p = DungeonParams::for_size(Size::Large);
        (p.proposals, p.traps) = (1, 5);
        let d = generate_proposal(&p, seed, 0).unwrap();
        let mut names: Vec<&str> = d.traps.iter().map(|t| t.kind.name.as_str()).collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "seed {seed}: {:?}", d.traps);
    }
}
