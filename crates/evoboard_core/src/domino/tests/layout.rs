//! The table layout: inside the bounds, no overlaps, arms turn, doubles
//! crosswise, tiles never move.

use super::super::layout::{Dir, GAP, table_layout};
use super::super::local_match::{Actor, LocalMatch, Placement};
use super::*;

/// Every round's placements (the full list at the end of each round) of a
/// few all-AI matches.
fn rounds(seeds: std::ops::Range<u64>) -> Vec<Vec<Placement>> {
    let mut out = Vec::new();
    for seed in seeds {
        let agents = ["t1", "basic", "hand", "t2"].map(|n| Some(parse_agent(n).unwrap()));
        let mut m = LocalMatch::new(agents, seed);
        loop {
            match m.next_actor() {
                Actor::Ai(_) => m.ai_step().unwrap(),
                Actor::RoundOver => {
                    out.push(m.placements().to_vec());
                    m.next_round().unwrap();
                }
                Actor::MatchOver => {
                    out.push(m.placements().to_vec());
                    break;
                }
                Actor::Human(_) => unreachable!(),
            }
        }
    }
    out
}

#[test]
fn real_rounds_fit_without_overlaps_and_tiles_never_move() {
    let half = [16.0, 10.0];
    let all = rounds(0..60);
    assert!(all.len() > 120, "{} rounds", all.len());
    let mut turned = 0;
    for p in &all {
        let l = table_layout(p, half);
        if !l.fits {
            for t in &l.tiles {
                eprintln!(
                    "{:?} {} {:?} {:?}",
                    t.arm, t.tile, t.rect.center, t.rect.half
                );
            }
            for t in &p[..] {
                eprintln!("{:?} {}", t.arm, t.tile);
            }
        }
        assert!(l.fits, "a round of {} tiles did not fit", p.len());
        for (i, a) in l.tiles.iter().enumerate() {
            assert!(a.rect.inside(half), "tile {} out of bounds", a.tile);
            for b in &l.tiles[..i] {
                assert!(!a.rect.near(&b.rect, 0.0), "{} overlaps {}", a.tile, b.tile);
            }
            // The halves show the tile's numbers, inner = matched half.
            let (lo, hi) = (a.tile.low(), a.tile.high());
            assert!((a.inner, a.outer) == (lo, hi) || (a.inner, a.outer) == (hi, lo));
            // A double on an arm lies across it unless it is at a corner
            // (then its long side follows the new direction).
            if a.arm.is_some() && a.tile.is_double() {
                let along_x = a.rect.half[0] > a.rect.half[1];
                assert_eq!(along_x, a.long.horizontal());
            }
        }
        // End markers are free and inside.
        for (k, e) in l.ends.iter().enumerate() {
            let m = e.marker();
            assert!(m.inside(half), "arm {k} end marker out of bounds");
            assert!(
                l.tiles.iter().all(|t| !m.near(&t.rect, 0.0)),
                "arm {k} marker covered"
            );
            if e.dir != [Dir::Right, Dir::Left, Dir::Up, Dir::Down][k] {
                turned += 1;
            }
        }
        // Stability: the layout of every prefix is a prefix of the layout.
        for k in 0..p.len() {
            let lk = table_layout(&p[..k], half);
            assert_eq!(lk.tiles[..], l.tiles[..k]);
        }
    }
    assert!(turned > 0, "some arm turned a corner in 40 matches");
}

fn chain(arm: u8, tiles: &[(u8, u8)]) -> Vec<Placement> {
    let mut v = vec![Placement {
        tile: t(6, 6),
        arm: None,
        inner: 6,
        seat: 0,
    }];
    for &(a, b) in tiles {
        v.push(Placement {
            tile: t(a, b),
            arm: Some(arm),
            inner: a,
            seat: 1,
        });
    }
    v
}

#[test]
fn a_long_arm_turns_before_the_edge_and_doubles_lie_crosswise() {
    let tiles = [
        (6, 5),
        (5, 5),
        (5, 4),
        (4, 4),
        (4, 3),
        (3, 3),
        (3, 2),
        (2, 2),
        (2, 1),
        (1, 1),
        (1, 0),
        (0, 0),
    ];
    let half = [8.0, 6.0];
    let l = table_layout(&chain(0, &tiles), half);
    assert!(l.fits);
    let mut dirs = Vec::new();
    for s in &l.tiles {
        assert!(s.rect.inside(half));
        if s.arm.is_some() && !s.tile.is_double() {
            dirs.push(s.long);
        }
    }
    assert_eq!(dirs[0], Dir::Right);
    assert!(
        dirs.contains(&Dir::Down),
        "the right arm turns down (clockwise): {dirs:?}"
    );
    // 5-5 right after the spinner lies across the arm (1 wide along x, 2 tall).
    let d = l.tiles[2];
    assert!(d.tile.is_double());
    assert_eq!(d.rect.half, [0.5, 1.0]);
    for (i, a) in l.tiles.iter().enumerate() {
        for b in &l.tiles[..i] {
            assert!(!a.rect.near(&b.rect, 0.0));
        }
    }
    // Non-neighbours keep the gap.
    for (i, a) in l.tiles.iter().enumerate().skip(2) {
        for b in &l.tiles[..i - 1] {
            assert!(
                !a.rect.near(&b.rect, GAP * 0.9),
                "{} too close to {}",
                a.tile,
                b.tile
            );
        }
    }
}

#[test]
fn too_small_bounds_report_that_the_table_does_not_fit() {
    let tiles = [
        (6, 5),
        (5, 4),
        (4, 3),
        (3, 2),
        (2, 1),
        (1, 0),
        (0, 2),
        (2, 4),
        (4, 6),
    ];
    let l = table_layout(&chain(2, &tiles), [3.0, 3.0]);
    assert!(!l.fits);
    let big = table_layout(&chain(2, &tiles), [12.0, 8.0]);
    assert!(big.fits);
}
