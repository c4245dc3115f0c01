use super::*;
use crate::dungeon::{DungeonParams, Grid, Metrics, Size, generate};

/// A few finished dungeons of each size, with every extra switched on.
fn dungeons() -> Vec<Dungeon> {
    let mut out = Vec::new();
    for size in [Size::Small, Size::Medium] {
        let mut p = DungeonParams::for_size(size);
        (p.loops, p.dead_ends, p.secret_doors, p.traps) = (2, 2, 2, 3);
        for seed in [1, 2, 3] {
            out.extend(generate(&p, seed).unwrap());
        }
    }
    out
}

#[test]
fn doors_lie_on_the_wall_ring_and_every_room_has_one() {
    let mut secret = 0;
    for d in dungeons() {
        for room in &d.rooms {
            let doors = d.doors(room);
            assert!(!doors.is_empty(), "room {} of seed {}", room.letter, d.seed);
            let r = room.rect();
            for door in &doors {
                let (x, y) = (door.x, door.y);
                // Outside the floor, at most one cell away from it, not a corner.
                assert!(!r.contains(x, y));
                let dx = (r.left().saturating_sub(x)).max(x.saturating_sub(r.right() - 1));
                let dy = (r.top().saturating_sub(y)).max(y.saturating_sub(r.bottom() - 1));
                assert_eq!((dx.max(dy), dx.min(dy)), (1, 0), "{door:?} of {room:?}");
                let tile = d.grid.get(x, y);
                assert!(tile.is_door());
                assert_eq!(door.secret, tile == DungeonTile::SecretDoor);
                secret += usize::from(door.secret);
            }
            // Every door cell next to the floor is listed.
            let around = room
                .wall_ring()
                .filter(|&(x, y)| d.grid.get(x, y).is_door())
                .count();
            assert_eq!(around, doors.len());
            // The ring's other cells are walls.
            for (x, y) in room.wall_ring() {
                let t = d.grid.get(x, y);
                assert!(t == DungeonTile::Wall || t.is_door(), "({x}, {y}) is {t:?}");
            }
        }
    }
    assert!(secret > 0, "the dungeons hold secret doors");
}

#[test]
fn walks_from_the_entrance_reach_every_room() {
    for d in dungeons() {
        let entrance = d.entrance_room().unwrap();
        let start = d.room_centre(entrance);
        assert!(entrance.rect().contains(start.0, start.1));
        for room in &d.rooms {
            let goal = d.room_centre(room);
            assert_eq!(d.tile(goal.0, goal.1), Some(DungeonTile::Floor));
            let walk = d.path(start, goal).unwrap();
            assert_eq!(walk.first(), Some(&start));
            assert_eq!(walk.last(), Some(&goal));
            assert!(walk.iter().all(|&(x, y)| d.is_walkable(x, y)));
            for s in walk.windows(2) {
                assert_eq!(s[0].0.abs_diff(s[1].0) + s[0].1.abs_diff(s[1].1), 1);
            }
            // A shortest walk never visits a cell twice.
            let mut seen = walk.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), walk.len());
        }
        let last = d.final_room().unwrap();
        assert!(d.path(start, d.room_centre(last)).is_some());
        assert_eq!(d.room(entrance.letter), Some(entrance));
    }
}

fn hand_made(rows: &[&str]) -> Dungeon {
    Dungeon {
        grid: Grid::from_rows(rows).unwrap(),
        rooms: vec![
            DungeonRoom {
                letter: 'A',
                x: 1,
                y: 1,
                w: 2,
                h: 1,
                enemies: true,
                treasure: false,
                ..Default::default()
            },
            DungeonRoom {
                letter: 'B',
                x: 6,
                y: 1,
                w: 1,
                h: 1,
                enemies: false,
                treasure: true,
                ..Default::default()
            },
        ],
        entrance: 0,
        final_room: 1,
        fitness: 0.0,
        contents_fitness: 0.0,
        metrics: Metrics::default(),
        seed: 0,
        pacing: Default::default(),
        locks: Vec::new(),
        style: Default::default(),
        corridor_width: 1,
        traps: Vec::new(),
        secret_doors: Vec::new(),
        adventure: Default::default(),
    }
}

#[test]
fn walks_are_shortest_and_respect_the_rules() {
    let d = hand_made(&[
        "wwww www", //
        "w../cs.w", //
        "wwwwtwww", //
        "    cc  ", //
    ]);
    // Through the secret door: 5 steps.
    let walk = d.path((1, 1), (6, 1)).unwrap();
    assert_eq!(walk, [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]);
    // Secret doors not found yet: no way round.
    let hidden =
        |_: (usize, usize), t: DungeonTile| t.is_walkable() && t != DungeonTile::SecretDoor;
    assert_eq!(d.path_where((1, 1), (6, 1), hidden), None);
    assert_eq!(
        d.path_where((1, 1), (5, 3), hidden).map(|w| w.len()),
        Some(7)
    );
    assert_eq!(d.path((1, 1), (1, 1)), Some(vec![(1, 1)]));
    assert_eq!(d.path((1, 1), (0, 0)), None, "a wall");
    assert_eq!(d.path((1, 1), (7, 3)), None, "rock");
    assert_eq!(d.path((1, 1), (8, 1)), None, "off the grid");
    assert_eq!(
        d.doors(&d.rooms[0]),
        [Door {
            x: 3,
            y: 1,
            secret: false
        }]
    );
    assert_eq!(
        d.doors(&d.rooms[1]),
        [Door {
            x: 5,
            y: 1,
            secret: true
        }]
    );
    assert_eq!(d.tile(8, 0), None);
    assert_eq!(d.tile(4, 2), Some(DungeonTile::Trap));
}

#[test]
fn rooms_by_letter_and_role() {
    let mut d = hand_made(&["wwww www", "w../cs.w", "wwwwtwww", "    cc  "]);
    assert_eq!(d.room('a').map(|r| r.letter), Some('A'));
    assert_eq!(d.room('B'), Some(&d.rooms[1]));
    assert_eq!(d.room('C'), None);
    assert_eq!(d.entrance_room(), Some(&d.rooms[0]));
    assert_eq!(d.final_room(), Some(&d.rooms[1]));
    assert_eq!(d.room_centre(&d.rooms[0]), (2, 1));
    // A hand-edited grid without floor at the middle: the nearest floor cell.
    d.grid.set(2, 1, DungeonTile::Trap);
    assert_eq!(d.room_centre(&d.rooms[0]), (1, 1));
    d.grid.set(1, 1, DungeonTile::Rock);
    assert_eq!(d.room_centre(&d.rooms[0]), (2, 1), "no floor: the middle");
    (d.entrance, d.final_room) = (2, 9);
    assert_eq!((d.entrance_room(), d.final_room()), (None, None));
    // A room at the map's edge: its ring leaves out negative cells.
    let edge = DungeonRoom {
        x: 0,
        y: 0,
        w: 2,
        h: 2,
        ..d.rooms[0].clone()
    };
    let ring: Vec<(usize, usize)> = edge.wall_ring().collect();
    assert_eq!(ring, [(2, 0), (2, 1), (0, 2), (1, 2), (2, 2)]);
}
