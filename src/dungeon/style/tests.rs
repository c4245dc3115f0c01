//! Styles and corridor widths: width 1 rooms stay the published
//! generator, the other styles are deterministic, connected and keep
//! their promises.

use crate::dungeon::{
    DungeonParams, DungeonStyle, DungeonTile, Room, Size, generate_proposal, is_connected,
};

/// FNV-1a of the text grid: a fingerprint of a map.
fn fingerprint(rows: &[String]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in rows.iter().flat_map(|r| r.bytes().chain([b'\n'])) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[test]
fn width_one_rooms_are_the_published_generator() {
    // Fingerprints of maps made before styles and widths existed.
    let cases = [
        (Size::Small, 1, false, 0xf13a_cf4e_1b85_1b87),
        (Size::Small, 2, true, 0xc35e_df03_e420_37e9),
        (Size::Medium, 3, true, 0xc027_d59c_ba49_7a80),
        (Size::Large, 4, false, 0xa8b0_fd28_4f3a_15ac),
    ];
    let mut got_all = Vec::new();
    for (size, seed, extras, want) in cases {
        let mut p = DungeonParams::for_size(size);
        if extras {
            (p.loops, p.dead_ends, p.secret_doors, p.traps) = (2, 2, 1, 2);
        }
        let d = generate_proposal(&p, seed, 0).unwrap();
        let got = fingerprint(&d.grid.rows());
        got_all.push((got, want));
    }
    let (got, want): (Vec<u64>, Vec<u64>) = got_all.into_iter().unzip();
    assert_eq!(got, want, "{got:#x?}");
}

#[test]
fn styles_are_deterministic_and_connected() {
    for style in DungeonStyle::ALL {
        for width in 1..=3 {
            let mut p = DungeonParams::for_size(Size::Medium);
            (p.style, p.corridor_width, p.loops) = (style, width, 2);
            let a = generate_proposal(&p, 11, 0).unwrap();
            assert_eq!(a, generate_proposal(&p, 11, 0).unwrap());
            assert_eq!((a.style, a.corridor_width), (style, width));
            let rooms: Vec<Room> = a.rooms.iter().map(|r| r.rect()).collect();
            assert!(is_connected(&a.grid, &rooms), "{style:?} {width}");
            assert!(a.metrics.loops >= 1, "{style:?} {width}: {:?}", a.metrics);
        }
    }
}

#[test]
fn caves_keep_doors_and_bounding_boxes() {
    let mut p = DungeonParams::for_size(Size::Small);
    p.style = DungeonStyle::Caves;
    let d = generate_proposal(&p, 4, 0).unwrap();
    for r in &d.rooms {
        assert!(r.w >= 5 && r.h >= 5, "cave rectangles are at least 5 wide");
        let doors = d.doors(r);
        assert!(!doors.is_empty());
        let floor =
            |x: usize, y: usize| r.rect().contains(x, y) && d.grid.get(x, y) == DungeonTile::Floor;
        for door in doors {
            let (x, y) = (door.x, door.y);
            let inside = [
                (x + 1, y),
                (x.wrapping_sub(1), y),
                (x, y + 1),
                (x, y.wrapping_sub(1)),
            ];
            assert!(
                inside.iter().any(|&(a, b)| floor(a, b)),
                "door {door:?} of {}",
                r.letter
            );
        }
    }
}

#[test]
fn a_labyrinth_has_no_stubs_unless_asked() {
    // Issue 29 replaced "a labyrinth fills the rock" (corridor cells over a
    // third of the map, over 50 dead ends): passages now end at doors, and
    // `dead_ends` maze branches are kept when asked for.
    let mut p = DungeonParams::for_size(Size::Large);
    p.style = DungeonStyle::Labyrinth;
    let d = generate_proposal(&p, 2, 0).unwrap();
    assert_eq!(d.metrics.dead_ends, 0, "{:?}", d.metrics);
    assert_eq!(d.metrics.loops, 0, "a pruned perfect maze is a tree");
    assert!(d.metrics.corridor_cells > 100, "{:?}", d.metrics);
    p.dead_ends = 4;
    let stubs = generate_proposal(&p, 2, 0).unwrap();
    assert_eq!(stubs.metrics.dead_ends, 4, "{:?}", stubs.metrics);
    assert!(stubs.metrics.corridor_cells > d.metrics.corridor_cells);
    p.dead_ends = 0;
    p.loops = 5;
    let braided = generate_proposal(&p, 2, 0).unwrap();
    assert_eq!(braided.metrics.loops, 5);
    assert_eq!(braided.metrics.dead_ends, 0);
}
