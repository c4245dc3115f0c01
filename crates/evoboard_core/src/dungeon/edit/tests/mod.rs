//! Tests of GM edits: letters, validity, errors, pins (save and load:
//! `level`'s domain tests);
//! shared helpers. Evolve the rest: `evolve.rs`; connection and room-count
//! limits: `limits.rs`; random edit sweeps: `sweep.rs`.

use super::*;

mod evolve;
mod limits;
mod sweep;
use crate::dungeon::{DungeonParams, Size, generate_proposal, is_connected, rooms_are_valid};
use crate::search::Search;
use rebuild::edit_rules;

pub(super) fn small() -> (DungeonParams, Dungeon) {
    let params = DungeonParams::for_size(Size::Small);
    let d = generate_proposal(&params, 7, 0).unwrap();
    (params, d)
}

pub(super) fn rects(d: &Dungeon) -> Vec<Room> {
    d.rooms.iter().map(|r| r.rect()).collect()
}

pub(super) fn letters(d: &Dungeon) -> String {
    d.rooms.iter().map(|r| r.letter).collect()
}

/// Valid, connected, sorted by letter, grid floors where the rooms are.
pub(super) fn assert_valid(d: &Dungeon) {
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
pub(super) fn free_spot(d: &Dungeon, w: u16, h: u16, skip: Option<usize>) -> Option<(u16, u16)> {
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
    // With a gap the error lists every letter.
    let e = d.apply(&DungeonEdit::Delete { room: 'b' }, &params);
    let e = e.unwrap_err().to_string();
    assert!(e.contains("allowed: A, C, D"), "{e}");
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
            "there is no room 'Z'; allowed: A to ",
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
