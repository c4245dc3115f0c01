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
            let said = match n {
                1 => " One exit: ".to_string(),
                _ => format!(
                    " {} exits: ",
                    super::describe::capital(&super::describe::number(n))
                ),
            };
            assert!(
                r.description.contains(&said),
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
                assert!(r.description.contains(&g), "{g}: {}", r.description);
                assert!(legend.contains(&g), "{g}: {legend}");
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
