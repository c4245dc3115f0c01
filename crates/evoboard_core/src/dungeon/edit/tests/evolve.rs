//! Tests of "evolve the rest" and the layout GA's fixed rooms.

use super::*;

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
