//! Random edits on many dungeons, checked by the independent checker.

use super::*;

/// A random edit of `d` (any kind, often impossible).
fn random_edit(d: &Dungeon, rng: &mut crate::rng::Rng) -> DungeonEdit {
    use crate::rng::RngExt;
    let (w, h) = (d.width() as u16, d.height() as u16);
    let room = d.rooms[rng.random_range(0..d.rooms.len())].clone();
    let rect = |rng: &mut crate::rng::Rng| Room {
        x: rng.random_range(0..w),
        y: rng.random_range(0..h),
        w: rng.random_range(2..10),
        h: rng.random_range(2..10),
    };
    match rng.random_range(0..6) {
        0 | 1 => DungeonEdit::Move {
            room: room.letter,
            x: rng.random_range(0..w),
            y: rng.random_range(0..h),
        },
        2 => {
            let edge =
                [Edge::Left, Edge::Right, Edge::Top, Edge::BottomRight][rng.random_range(0..4)];
            let (x, y) = (
                room.x as usize + rng.random_range(0..6),
                room.y as usize + rng.random_range(0..6),
            );
            DungeonEdit::Resize {
                room: room.letter,
                rect: edge.dragged(&room.rect(), x.saturating_sub(3), y.saturating_sub(3)),
            }
        }
        3 => DungeonEdit::Delete { room: room.letter },
        4 => DungeonEdit::Add { rect: rect(rng) },
        _ => DungeonEdit::Pin {
            room: room.letter,
            pinned: rng.random_bool(0.5),
        },
    }
}

#[test]
fn random_edits_stay_valid_or_change_nothing() {
    use crate::dungeon::independent_check::check_edited;
    let mut accepted = 0;
    let mut tried = 0;
    for size in [Size::Small, Size::Medium] {
        for seed in 1..=12u64 {
            let mut params = DungeonParams::for_size(size);
            if seed % 3 == 0 {
                (
                    params.loops,
                    params.dead_ends,
                    params.secret_doors,
                    params.traps,
                ) = (1, 1, 1, 2);
            }
            let mut d = generate_proposal(&params, seed, 0).unwrap();
            let mut rng = crate::rng::seeded(seed);
            for _ in 0..8 {
                let edit = random_edit(&d, &mut rng);
                let before = d.clone();
                tried += 1;
                match d.apply(&edit, &params) {
                    Ok(()) => {
                        accepted += 1;
                        let mut p = params.clone();
                        (p.min_rooms, p.max_rooms) = (d.rooms.len(), d.rooms.len());
                        check_edited(&d, &p)
                            .unwrap_or_else(|e| panic!("{edit}: {e}\n{}", d.text_map()));
                        assert_valid(&d);
                        // Rooms keep their letters, places and pins unless
                        // the edit names them.
                        for r in &before.rooms {
                            if edit.room() == Some(r.letter) {
                                continue;
                            }
                            let now = d.room(r.letter).unwrap();
                            assert_eq!((now.rect(), now.pinned), (r.rect(), r.pinned), "{edit}");
                        }
                    }
                    Err(e) => {
                        assert_eq!(d, before, "{edit}: {e}");
                        assert!(!e.to_string().is_empty());
                    }
                }
            }
        }
    }
    assert!(
        accepted * 2 >= tried,
        "only {accepted} of {tried} edits accepted"
    );
}

/// Edits and "evolve the rest" in every style and corridor width, checked
/// by the independent checker (which checks styles and widths once they
/// are built).
#[test]
fn edits_in_every_style_stay_valid() {
    use crate::dungeon::DungeonStyle;
    use crate::dungeon::independent_check::check_edited;
    for (style, width) in [
        (DungeonStyle::Rooms, 2),
        (DungeonStyle::Rooms, 3),
        (DungeonStyle::Caves, 1),
        (DungeonStyle::Labyrinth, 1),
        (DungeonStyle::Labyrinth, 2),
    ] {
        let mut params = DungeonParams::for_size(Size::Medium);
        params.style = style;
        params.corridor_width = width;
        let mut ok = 0;
        for seed in 1..=6u64 {
            let mut d = generate_proposal(&params, seed, 0).unwrap();
            let mut rng = crate::rng::seeded(seed);
            for _ in 0..6 {
                let edit = random_edit(&d, &mut rng);
                let before = d.clone();
                match d.apply(&edit, &params) {
                    Ok(()) => {
                        ok += 1;
                        let mut p = params.clone();
                        (p.min_rooms, p.max_rooms) = (d.rooms.len(), d.rooms.len());
                        check_edited(&d, &p).unwrap_or_else(|e| {
                            panic!("{style:?} {width} {edit}: {e}\n{}", d.text_map())
                        });
                    }
                    Err(_) => assert_eq!(d, before),
                }
            }
            d.apply(
                &DungeonEdit::Pin {
                    room: d.rooms[0].letter,
                    pinned: true,
                },
                &params,
            )
            .unwrap();
            let e = evolve_rest(&d, &params, seed).unwrap();
            let mut p = params.clone();
            (p.min_rooms, p.max_rooms) = (e.rooms.len(), e.rooms.len());
            check_edited(&e, &p)
                .unwrap_or_else(|err| panic!("{style:?} {width} evolve: {err}\n{}", e.text_map()));
        }
        assert!(ok >= 6, "{style:?} {width}: {ok} edits accepted");
    }
}
