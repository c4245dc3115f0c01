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
    // Issue 40 made the layout GA breed its children in parallel, each
    // from its own seed, so every map changed once; these are the maps
    // made since (width 1, no loops unless asked: the published
    // generator's corridors).
    let cases = [
        (Size::Small, 1, false, 0x0caf_4d3e_f3fb_7b97),
        (Size::Small, 2, true, 0xf8c2_e1a4_e99e_e996),
        (Size::Medium, 3, true, 0xf326_9410_01c9_4e9a),
        (Size::Large, 4, false, 0x033c_a564_dba3_1501),
    ];
    let mut got_all = Vec::new();
    for (size, seed, extras, want) in cases {
        let mut p = DungeonParams::for_size(size);
        p.loops = 0;
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
fn caves_are_joined_by_natural_passages() {
    // Issue 40: no built doors; every cave is entered through mouths in
    // its wall ring, and the passages are irregular (wider than one cell
    // in places), with no loop or dead end nobody asked for.
    let mut wide_places = 0;
    for (size, seed) in [(Size::Small, 4), (Size::Medium, 5), (Size::Large, 17)] {
        let mut p = DungeonParams::for_size(size);
        (p.style, p.loops) = (DungeonStyle::Caves, 0);
        let d = generate_proposal(&p, seed, 0).unwrap();
        assert!(d.door_runs().is_empty(), "no built doors");
        assert_eq!(
            (d.metrics.doors, d.metrics.loops, d.metrics.dead_ends),
            (0, 0, 0)
        );
        let mouths = d.mouths();
        for r in &d.rooms {
            assert!(r.w >= 5 && r.h >= 5, "cave rectangles are at least 5 wide");
            let ring: Vec<(usize, usize)> = r.wall_ring().collect();
            let entered = mouths
                .iter()
                .filter(|m| m.cells().all(|c| ring.contains(&c)))
                .count();
            assert!(entered >= 1, "cave {} has no mouth", r.letter);
        }
        for m in &mouths {
            for (x, y) in m.cells() {
                assert!(d.grid.get(x, y).is_corridor(), "{m:?}");
                // Wall on either side along the ring: a door fits.
                let (a, b) = if m.vertical {
                    ((x, y.wrapping_sub(1)), (x, y + 1))
                } else {
                    ((x.wrapping_sub(1), y), (x + 1, y))
                };
                for (sx, sy) in [a, b] {
                    let t = d.grid.get(sx, sy);
                    assert!(
                        t == DungeonTile::Wall || t.is_corridor(),
                        "{m:?} beside {t:?}"
                    );
                }
            }
        }
        let g = &d.grid;
        let corr = |x: usize, y: usize| g.get(x, y).is_corridor();
        for y in 1..d.height() - 2 {
            for x in 1..d.width() - 2 {
                if corr(x, y) && corr(x + 1, y) && corr(x, y + 1) && corr(x + 1, y + 1) {
                    wide_places += 1;
                }
            }
        }
    }
    assert!(wide_places >= 10, "{wide_places} places wider than a cell");
}

#[test]
fn caves_put_locks_and_secret_doors_on_their_mouths() {
    // Issue 40: caves have no built doors, so a lock or a secret door goes
    // on a mouth; the other mouths are openings in the room key.
    let (mut locked, mut secret) = (0, 0);
    for (size, seed) in [(Size::Medium, 17), (Size::Large, 17), (Size::Medium, 3)] {
        let mut p = DungeonParams::for_size(size);
        (p.style, p.keys, p.secret_doors) = (DungeonStyle::Caves, 2, 2);
        let d = generate_proposal(&p, seed, 0).unwrap();
        assert!(crate::dungeon::keys_are_reachable(&d), "{size:?} {seed}");
        for l in &d.locks {
            let t = d.grid.get(usize::from(l.door.0), usize::from(l.door.1));
            assert_eq!(t, DungeonTile::Door, "a lock's mouth holds a door");
        }
        locked += d.locks.len();
        secret += d.secret_doors.len();
        let runs = d.door_runs();
        assert_eq!(runs.len(), d.locks.len() + d.secret_doors.len());
        assert_eq!(d.metrics.doors, runs.len(), "{:?}", d.metrics);
        let exits = d.exits();
        for (k, r) in d.rooms.iter().enumerate() {
            assert!(!exits[k].is_empty(), "cave {} has no way out", r.letter);
            for e in &exits[k] {
                let door = d.grid.get(e.door.x, e.door.y).is_door();
                assert_eq!(e.opening, !door, "{e:?}");
            }
        }
    }
    assert!(
        locked >= 4 && secret >= 3,
        "{locked} locks, {secret} secret doors"
    );
}

#[test]
fn a_labyrinth_has_no_stubs_unless_asked() {
    // Issue 29 replaced "a labyrinth fills the rock" (corridor cells over a
    // third of the map, over 50 dead ends): passages now end at doors, and
    // `dead_ends` maze branches are kept when asked for.
    let mut p = DungeonParams::for_size(Size::Large);
    (p.style, p.loops) = (DungeonStyle::Labyrinth, 0);
    let d = generate_proposal(&p, 2, 0).unwrap();
    assert_eq!(d.metrics.dead_ends, 0, "{:?}", d.metrics);
    assert_eq!(d.metrics.loops, 0, "without loops the rooms form a tree");
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

/// The walks between consecutive rooms of the main path: the steps from
/// the last floor cell of one room to the first floor cell of the next
/// along the route (the shortest walk the stock code uses).
/// Also the number of main-path rooms.
fn main_path_walks(d: &crate::dungeon::Dungeon) -> (Vec<usize>, usize) {
    let rooms: Vec<Room> = d.rooms.iter().map(|r| r.rect()).collect();
    let route = crate::dungeon::Route::new(&d.grid, &rooms, d.entrance, d.final_room);
    let owner = |(x, y): (usize, usize)| {
        (d.grid.get(x, y) == DungeonTile::Floor)
            .then(|| rooms.iter().position(|r| r.contains(x, y)))
            .flatten()
    };
    let mut walks = Vec::new();
    let (mut last, mut steps) = (None, 0);
    for &cell in &route.walk {
        match owner(cell) {
            Some(o) => {
                if last.is_some_and(|l| l != o) {
                    walks.push(steps + 1);
                }
                (last, steps) = (Some(o), 0);
            }
            None => steps += 1,
        }
    }
    (walks, route.main_path.len())
}

#[test]
fn labyrinth_walks_between_main_path_rooms_are_bounded() {
    // Issue 40: labyrinths had 870-3,000 corridor cells and walks of
    // ~1,000 steps. Every passage is now at most LABYRINTH_WALK steps
    // floor to floor, so every walk between consecutive main-path rooms
    // is: 30 seeds of every size, corridor widths 1 to 3, with the
    // default loops and with three.
    use crate::dungeon::corridor::LABYRINTH_WALK;
    let bound = LABYRINTH_WALK as usize;
    let (mut walks, mut worst, mut cells) = (0, 0, 0);
    for size in Size::ALL {
        for width in 1..=3u8 {
            for seed in 0..30u64 {
                let mut p = DungeonParams::for_size(size);
                (p.style, p.corridor_width) = (DungeonStyle::Labyrinth, width);
                if seed % 3 == 2 {
                    p.loops = 3;
                }
                let d = generate_proposal(&p, seed, 0).unwrap();
                let (w, rooms) = main_path_walks(&d);
                assert_eq!(w.len() + 1, rooms, "seed {seed}");
                let most = w.iter().copied().max().unwrap_or(0);
                assert!(
                    most <= bound,
                    "{} width {width} seed {seed}: a walk of {most} steps\n{}",
                    size.name(),
                    d.text_map()
                );
                (walks, worst) = (walks + w.len(), worst.max(most));
                if size == Size::Large && width == 1 {
                    cells = cells.max(d.metrics.corridor_cells);
                }
            }
        }
    }
    assert!(walks > 1000, "{walks} walks");
    assert!(
        worst > bound / 2,
        "passages still twist: longest walk {worst}"
    );
    assert!(
        cells < 870,
        "large labyrinths: at most {cells} corridor cells"
    );
}

#[test]
fn medium_and_large_have_a_loop_by_default() {
    // Issue 40: the default had no loops. Medium and large maps now get
    // one (DungeonParams::for_size, the CLI and the app), small none.
    assert_eq!(DungeonParams::for_size(Size::Small).loops, 0);
    for size in [Size::Medium, Size::Large] {
        assert_eq!(DungeonParams::for_size(size).loops, 1);
        for style in DungeonStyle::ALL {
            for seed in 0..12u64 {
                let mut p = DungeonParams::for_size(size);
                p.style = style;
                let d = generate_proposal(&p, seed, 0).unwrap();
                assert!(
                    d.metrics.loops >= 1,
                    "{} {} seed {seed}: {:?}",
                    size.name(),
                    style.name(),
                    d.metrics
                );
            }
        }
    }
}
