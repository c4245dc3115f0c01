//! Tests of the limits of an edit: rooms that cannot be connected, the
//! most rooms, new entrance and final room.

use super::*;
use rebuild::Slot;

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
