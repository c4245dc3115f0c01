//! Tests of GM edits: letters, validity, errors, pins, evolve the rest,
//! save and load.

use super::*;
use crate::dungeon::{DungeonParams, Size, generate_proposal, is_connected, rooms_are_valid};
use crate::level::{Level, LevelMap};
use crate::search::Search;
use rebuild::edit_rules;

fn small() -> (DungeonParams, Dungeon) {
    let params = DungeonParams::for_size(Size::Small);
    let d = generate_proposal(&params, 7, 0).unwrap();
    (params, d)
}

fn rects(d: &Dungeon) -> Vec<Room> {
    d.rooms.iter().map(|r| r.rect()).collect()
}

fn letters(d: &Dungeon) -> String {
    d.rooms.iter().map(|r| r.letter).collect()
}

/// Valid, connected, sorted by letter, grid floors where the rooms are.
fn assert_valid(d: &Dungeon) {
    let params = DungeonParams::for_size(Size::Small);
    let rules = edit_rules(&params, d.width(), d.height());
    assert!(rooms_are_valid(&rects(d), &rules), "rooms invalid");
    assert!(is_connected(&d.grid, &rects(d)), "not connected");
    let l = letters(d);
    let mut sorted: Vec<char> = l.chars().collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted.iter().collect::<String>(),
        l,
        "letters sorted, unique"
    );
    assert_ne!(d.entrance, d.final_room);
    assert!(d.entrance < d.rooms.len() && d.final_room < d.rooms.len());
    for r in &d.rooms {
        for (x, y) in [(r.x, r.y), (r.x + r.w - 1, r.y + r.h - 1)] {
            assert_eq!(
                d.room_at(x as usize, y as usize).map(|i| d.rooms[i].letter),
                Some(r.letter)
            );
        }
    }
}

/// A free spot for a `w × h` room, scanning in reading order.
fn free_spot(d: &Dungeon, w: u16, h: u16, skip: Option<usize>) -> Option<(u16, u16)> {
    let others: Vec<Room> = d
        .rooms
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i) != skip)
        .map(|(_, r)| r.rect())
        .collect();
    (2..d.height() as u16).find_map(|y| {
        (2..d.width() as u16).find_map(|x| {
            Room { x, y, w, h }
                .fits(&others, d.width(), d.height())
                .then_some((x, y))
        })
    })
}

#[test]
fn move_keeps_letters_and_validity() {
    let (params, mut d) = small();
    let before = letters(&d);
    let r = d.rooms[1].clone();
    let (x, y) = free_spot(&d, r.w, r.h, Some(1)).unwrap();
    assert_ne!((x, y), (r.x, r.y));
    let (e, f) = (
        d.entrance_room().unwrap().letter,
        d.final_room().unwrap().letter,
    );
    d.apply(
        &DungeonEdit::Move {
            room: r.letter,
            x,
            y,
        },
        &params,
    )
    .unwrap();
    assert_eq!(letters(&d), before);
    let moved = d.room(r.letter).unwrap();
    assert_eq!((moved.x, moved.y, moved.w, moved.h), (x, y, r.w, r.h));
    assert_valid(&d);
    assert_eq!(d.entrance_room().unwrap().letter, e, "entrance kept");
    assert_eq!(d.final_room().unwrap().letter, f, "final room kept");
}

#[test]
fn resize_delete_add() {
    let (params, mut d) = small();
    let n = d.rooms.len();
    // Resize: grow room A by one cell if it fits, else shrink it.
    let a = d.rooms[0].rect();
    let grown = Room { w: a.w + 1, ..a };
    let others: Vec<Room> = rects(&d)[1..].to_vec();
    let rect = if grown.fits(&others, d.width(), d.height()) {
        grown
    } else {
        Room { w: 3, h: 3, ..a }
    };
    d.apply(&DungeonEdit::Resize { room: 'A', rect }, &params)
        .unwrap();
    assert_eq!(d.room('A').unwrap().rect(), rect);
    assert_valid(&d);
    // Delete B: C keeps its letter, B is free.
    d.apply(&DungeonEdit::Delete { room: 'b' }, &params)
        .unwrap();
    assert_eq!(d.rooms.len(), n - 1);
    assert!(d.room('B').is_none());
    assert_eq!(d.rooms[1].letter, 'C');
    assert_valid(&d);
    // Add: takes B again, sorted into place.
    let (x, y) = free_spot(&d, 4, 3, None).unwrap();
    let rect = Room { x, y, w: 4, h: 3 };
    d.apply(&DungeonEdit::Add { rect }, &params).unwrap();
    assert_eq!(d.rooms.len(), n);
    assert_eq!(d.rooms[1].letter, 'B');
    assert_eq!(d.room('B').unwrap().rect(), rect);
    assert_valid(&d);
}

#[test]
fn errors_leave_the_dungeon_unchanged() {
    let (params, mut d) = small();
    let before = d.clone();
    let a = d.rooms[0].rect();
    let b = d.rooms[1].rect();
    let cases = [
        (
            DungeonEdit::Delete { room: 'Z' },
            "there is no room 'Z'; allowed: A, B,",
        ),
        (
            DungeonEdit::Move {
                room: 'A',
                x: 0,
                y: 5,
            },
            "allowed: x 2 to",
        ),
        (
            DungeonEdit::Move {
                room: 'A',
                x: 60000,
                y: 5,
            },
            "leaves the map",
        ),
        (
            DungeonEdit::Move {
                room: 'A',
                x: b.x,
                y: b.y,
            },
            "would overlap or touch room B",
        ),
        (
            DungeonEdit::Resize {
                room: 'A',
                rect: Room { w: 2, ..a },
            },
            "allowed: floor sides 3 to 14",
        ),
        (
            DungeonEdit::Resize {
                room: 'A',
                rect: Room { w: 40, ..a },
            },
            "allowed: floor sides 3 to 14",
        ),
        (
            DungeonEdit::Add { rect: a },
            "would overlap or touch room A",
        ),
    ];
    for (edit, text) in cases {
        let err = d.apply(&edit, &params).unwrap_err();
        assert!(err.to_string().contains(text), "{edit:?}: {err}");
        assert_eq!(d, before, "{edit:?}");
    }
    // Too few rooms.
    let mut two = d.clone();
    while two.rooms.len() > 2 {
        let l = two.rooms[two.rooms.len() - 1].letter;
        two.apply(&DungeonEdit::Delete { room: l }, &params)
            .unwrap();
    }
    let kept = two.clone();
    let err = two
        .apply(&DungeonEdit::Delete { room: 'A' }, &params)
        .unwrap_err();
    assert_eq!(
        err,
        DungeonError::EditRoomCount {
            count: 1,
            min: 2,
            max: 26
        }
    );
    assert_eq!(two, kept);
    // Bad params: refused before anything changes.
    let mut bad = params.clone();
    bad.ga.population = 0;
    let (x, y) = free_spot(&d, a.w, a.h, Some(0)).unwrap();
    assert!(
        d.apply(&DungeonEdit::Move { room: 'A', x, y }, &bad)
            .is_err()
    );
    assert_eq!(d, before);
}

#[test]
fn pins_refuse_moves_and_noop_edits_change_nothing() {
    let (params, mut d) = small();
    let before = d.clone();
    // No-op edits.
    let a = d.rooms[0].clone();
    d.apply(
        &DungeonEdit::Move {
            room: 'A',
            x: a.x,
            y: a.y,
        },
        &params,
    )
    .unwrap();
    d.apply(
        &DungeonEdit::Resize {
            room: 'A',
            rect: a.rect(),
        },
        &params,
    )
    .unwrap();
    d.apply(
        &DungeonEdit::Pin {
            room: 'A',
            pinned: false,
        },
        &params,
    )
    .unwrap();
    assert_eq!(d, before);
    d.apply(
        &DungeonEdit::Pin {
            room: 'a',
            pinned: true,
        },
        &params,
    )
    .unwrap();
    assert!(d.rooms[0].pinned);
    let pinned = d.clone();
    let (x, y) = free_spot(&d, a.w, a.h, Some(0)).unwrap();
    for edit in [
        DungeonEdit::Move { room: 'A', x, y },
        DungeonEdit::Resize {
            room: 'A',
            rect: Room {
                w: 3,
                h: 3,
                ..a.rect()
            },
        },
        DungeonEdit::Delete { room: 'A' },
    ] {
        let err = d.apply(&edit, &params).unwrap_err();
        assert_eq!(err, DungeonError::RoomPinned { letter: 'A' });
        assert!(err.to_string().contains("unpin it first"));
        assert_eq!(d, pinned);
    }
    // Other rooms can still be edited; the pin survives the rebuild.
    d.apply(&DungeonEdit::Delete { room: 'B' }, &params)
        .unwrap();
    assert!(d.rooms[0].pinned);
    d.apply(
        &DungeonEdit::Pin {
            room: 'A',
            pinned: false,
        },
        &params,
    )
    .unwrap();
    d.apply(&DungeonEdit::Move { room: 'A', x, y }, &params)
        .unwrap_or_else(|e| assert!(matches!(e, DungeonError::RoomTooClose { .. }), "{e}"));
}

#[test]
fn edits_are_deterministic() {
    let (params, d) = small();
    let r = d.rooms[2].clone();
    let (x, y) = free_spot(&d, r.w, r.h, Some(2)).unwrap();
    let edit = DungeonEdit::Move {
        room: r.letter,
        x,
        y,
    };
    let (mut a, mut b) = (d.clone(), d.clone());
    a.apply(&edit, &params).unwrap();
    b.apply(&edit, &params).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, d);
}

#[test]
fn room_edges() {
    let (_, d) = small();
    let r = d.rooms[0].rect();
    let (l, t, rt, b) = (r.left(), r.top(), r.right(), r.bottom());
    assert_eq!(d.room_edge_at(l, t), Some((0, Edge::Inside)));
    assert_eq!(d.room_edge_at(l - 1, t + 1), Some((0, Edge::Left)));
    assert_eq!(d.room_edge_at(rt, t + 1), Some((0, Edge::Right)));
    assert_eq!(d.room_edge_at(l + 1, t - 1), Some((0, Edge::Top)));
    assert_eq!(d.room_edge_at(l + 1, b), Some((0, Edge::Bottom)));
    assert_eq!(d.room_edge_at(rt, b), Some((0, Edge::BottomRight)));
    assert_eq!(d.room_edge_at(0, 0), None);
    assert_eq!(Edge::Bottom.dragged(&r, 0, b + 2), Room { h: r.h + 2, ..r });
    assert_eq!(
        Edge::Left.dragged(&r, rt + 5, 0),
        Room {
            x: r.x + r.w - 1,
            w: 1,
            ..r
        }
    );
    assert_eq!(Edge::Inside.dragged(&r, 1, 1), r);
}

#[test]
fn edits_survive_save_and_load() {
    let (params, mut d) = small();
    d.apply(&DungeonEdit::Delete { room: 'B' }, &params)
        .unwrap();
    d.apply(
        &DungeonEdit::Pin {
            room: 'C',
            pinned: true,
        },
        &params,
    )
    .unwrap();
    let level = Level::dungeon("edited", &d, &params);
    let back = Level::from_ron(&level.to_ron()).unwrap();
    let LevelMap::Dungeon(mut loaded) = back.map else {
        panic!("not a dungeon level");
    };
    assert_eq!(loaded, d);
    assert!(loaded.room('B').is_none() && loaded.room('C').unwrap().pinned);
    // Re-applying an edit that changes nothing keeps it equal.
    let c = loaded.room('C').unwrap().clone();
    loaded
        .apply(
            &DungeonEdit::Pin {
                room: 'C',
                pinned: true,
            },
            &params,
        )
        .unwrap();
    let a = loaded.rooms[0].clone();
    loaded
        .apply(
            &DungeonEdit::Move {
                room: 'A',
                x: a.x,
                y: a.y,
            },
            &params,
        )
        .unwrap();
    assert_eq!(loaded, d);
    assert!(c.pinned);
    // Edits themselves round-trip (an edit history can be saved).
    let edit = DungeonEdit::Resize {
        room: 'C',
        rect: Room::new(3, 4, 5, 6),
    };
    let text = ron::to_string(&edit).unwrap();
    assert_eq!(ron::from_str::<DungeonEdit>(&text).unwrap(), edit);
}

#[test]
fn evolve_rest_keeps_pinned_rooms() {
    let (params, mut d) = small();
    for l in ['B', 'D'] {
        d.apply(
            &DungeonEdit::Pin {
                room: l,
                pinned: true,
            },
            &params,
        )
        .unwrap();
    }
    let pinned: Vec<_> = d.rooms.iter().filter(|r| r.pinned).cloned().collect();
    let mut differs = false;
    for seed in 1..=6 {
        let e = evolve_rest(&d, &params, seed).unwrap();
        for p in &pinned {
            let q = e.room(p.letter).unwrap();
            assert_eq!(
                (q.rect(), q.letter, q.pinned),
                (p.rect(), p.letter, true),
                "seed {seed}"
            );
        }
        assert_eq!(e.rooms.iter().filter(|r| r.pinned).count(), pinned.len());
        assert!((params.min_rooms..=params.max_rooms).contains(&e.rooms.len()));
        assert_valid(&e);
        assert_eq!(e.seed, seed);
        differs |= rects(&e) != rects(&d);
        assert_eq!(e, evolve_rest(&d, &params, seed).unwrap(), "deterministic");
    }
    assert!(differs, "the unpinned rooms evolve");
}

#[test]
fn evolve_rest_with_everything_pinned_keeps_the_rooms() {
    let (mut params, mut d) = small();
    params.max_rooms = 5;
    params.min_rooms = 5;
    for l in letters(&d).chars().collect::<Vec<_>>() {
        d.apply(
            &DungeonEdit::Pin {
                room: l,
                pinned: true,
            },
            &params,
        )
        .unwrap();
    }
    let e = evolve_rest(&d, &params, 3).unwrap();
    assert_eq!(rects(&e), rects(&d));
    assert_eq!(letters(&e), letters(&d));
    assert_eq!(
        (
            e.entrance_room().unwrap().letter,
            e.final_room().unwrap().letter
        ),
        (
            d.entrance_room().unwrap().letter,
            d.final_room().unwrap().letter
        )
    );
    assert_valid(&e);
}

#[test]
fn layout_search_keeps_fixed_rooms_in_every_layout() {
    let params = DungeonParams::for_size(Size::Medium);
    let rules = params.layout_rules();
    let fixed = [Room::new(30, 30, 8, 6), Room::new(5, 50, 4, 4)];
    let mut s = crate::dungeon::LayoutSearch::with_fixed(rules, params.ga, 5, &fixed).unwrap();
    for _ in 0..params.ga.generations {
        s.step();
        for l in s.population() {
            assert_eq!(&l.rooms[..2], &fixed);
            assert!(l.rooms.len() >= rules.min_rooms && l.rooms.len() <= rules.max_rooms);
        }
    }
    assert!(s.best().1 > 0.0);
    assert_eq!(&s.best().0.rooms[..2], &fixed);
}

fn slot(letter: char, x: usize, y: usize, w: usize, h: usize) -> Slot {
    Slot {
        letter,
        rect: Room::new(x, y, w, h),
        pinned: false,
    }
}

#[test]
fn a_walled_in_room_cannot_be_connected() {
    // Four rooms whose walls close every side of the free spot at (12, 12)
    // with no rock and no shared wall (floors two cells apart).
    let params = DungeonParams::for_size(Size::Small);
    let slots = [
        slot('A', 6, 11, 4, 5),
        slot('B', 11, 6, 5, 4),
        slot('C', 17, 11, 4, 5),
        slot('D', 11, 17, 5, 4),
    ];
    let mut d = rebuild(30, 30, &slots, (None, None), &params, 1, 'A').unwrap();
    assert_valid(&d);
    let before = d.clone();
    let err = d
        .apply(
            &DungeonEdit::Add {
                rect: Room::new(12, 12, 3, 3),
            },
            &params,
        )
        .unwrap_err();
    assert_eq!(err, DungeonError::CannotConnect { letter: 'E' });
    assert!(
        err.to_string().contains("no corridors could connect"),
        "{err}"
    );
    assert_eq!(d, before);
}

#[test]
fn twenty_six_rooms_are_the_most() {
    let params = DungeonParams::for_size(Size::Large);
    let slots: Vec<Slot> = ('A'..='Z')
        .enumerate()
        .map(|(i, c)| slot(c, 3 + (i % 6) * 12, 3 + (i / 6) * 12, 4, 4))
        .collect();
    let mut d = rebuild(100, 100, &slots, (None, None), &params, 2, 'A').unwrap();
    assert_valid(&d);
    let before = d.clone();
    let err = d
        .apply(
            &DungeonEdit::Add {
                rect: Room::new(80, 80, 4, 4),
            },
            &params,
        )
        .unwrap_err();
    assert_eq!(
        err,
        DungeonError::EditRoomCount {
            count: 27,
            min: 2,
            max: 26
        }
    );
    assert_eq!(d, before);
}

#[test]
fn deleting_an_end_picks_a_new_one() {
    let (params, mut d) = small();
    let (e, f) = (
        d.entrance_room().unwrap().letter,
        d.final_room().unwrap().letter,
    );
    d.apply(&DungeonEdit::Delete { room: e }, &params).unwrap();
    assert_valid(&d);
    assert_eq!(d.final_room().unwrap().letter, f, "final room kept");
    assert_ne!(d.entrance_room().unwrap().letter, e);
    let f2 = d.final_room().unwrap().letter;
    let e2 = d.entrance_room().unwrap().letter;
    d.apply(&DungeonEdit::Delete { room: f2 }, &params).unwrap();
    assert_valid(&d);
    assert_eq!(d.entrance_room().unwrap().letter, e2, "entrance kept");
}

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
