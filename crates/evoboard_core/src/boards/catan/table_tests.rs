//! `table` boards hold every bound, checked by a computation of its own
//! (from the decoded board's rows and hex coordinates, not the rules'
//! code), on many seeds of both islands; every algorithm accepts `table`.

use super::*;
use crate::boards::{Algorithm, BoardSetup, BoardVariant, Params};
use crate::search::Search;
use hexx::Hex;

/// Every `table` bound broken by `codes`, in words (empty: none).
fn broken_bounds(layout: &'static CatanLayout, codes: &[u8], harbours: &[Harbour]) -> Vec<String> {
    let g = layout.grid();
    let hexes: Vec<(Hex, u8, u8)> = g
        .indices()
        .map(|i| {
            let b = codes[i as usize];
            (g.hex(i), b >> 4, b & 15)
        })
        .collect();
    let touching = |a: Hex, b: Hex| a.unsigned_distance_to(b) == 1;
    let dots = |n: u8| match n {
        2..=6 => n as u32 - 1,
        8..=12 => 13 - n as u32,
        _ => 0,
    };
    let mut out = Vec::new();
    for (k, &(h, t, n)) in hexes.iter().enumerate() {
        for &(h2, t2, n2) in &hexes[k + 1..] {
            if !touching(h, h2) {
                continue;
            }
            if t == t2 {
                out.push(format!("same terrain {t} touching"));
            }
            if n != 0 && n == n2 {
                out.push(format!("equal numbers {n} touching"));
            }
            if [6, 8].contains(&n) && [6, 8].contains(&n2) {
                out.push("6/8 touching".into());
            }
            if [2, 12].contains(&n) && [2, 12].contains(&n2) {
                out.push("2/12 touching".into());
            }
        }
    }
    let counts = layout.terrain_counts();
    let mut per_tile = Vec::new();
    let mut two_red = 0;
    for r in 0..5u8 {
        let nums: Vec<u8> = hexes.iter().filter(|x| x.1 == r).map(|x| x.2).collect();
        let mut sorted = nums.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != nums.len() {
            out.push(format!("resource {r} holds a number twice: {nums:?}"));
        }
        let red = nums.iter().filter(|&&n| n == 6 || n == 8).count();
        if red >= 2 {
            two_red += 1;
        }
        if red > 2 {
            out.push(format!("resource {r} holds {red} red numbers"));
        }
        per_tile
            .push(nums.iter().map(|&n| dots(n)).sum::<u32>() as f64 / counts[r as usize] as f64);
    }
    let allowed_two_red = if layout.hexes() == 30 { 1 } else { 0 };
    if two_red > allowed_two_red {
        out.push(format!("{two_red} resources hold two red numbers"));
    }
    let hi = per_tile.iter().copied().fold(f64::MIN, f64::max);
    let lo = per_tile.iter().copied().fold(f64::MAX, f64::min);
    if hi - lo > 0.5 + 1e-9 {
        out.push(format!("pips per tile spread {:.3}", hi - lo));
    }
    // Inland corners: three mutually touching hexes.
    for (a, x) in hexes.iter().enumerate() {
        for (b, y) in hexes.iter().enumerate().skip(a + 1) {
            for z in hexes.iter().skip(b + 1) {
                if touching(x.0, y.0) && touching(y.0, z.0) && touching(x.0, z.0) {
                    let p = dots(x.2) + dots(y.2) + dots(z.2);
                    if !(4..=12).contains(&p) {
                        out.push(format!("inland corner of {p} pips"));
                    }
                }
            }
        }
    }
    // 2:1 harbours: no hex of their resource with 5, 6, 8 or 9 at their
    // corners (the slot's hex and the land across its two neighbouring
    // sides).
    for h in harbours {
        let Some(r) = h.kind.resource() else { continue };
        let i = g.index(h.hex.0, h.hex.1).unwrap();
        let slot = layout
            .slots()
            .iter()
            .find(|s| s.hex == i && s.side == h.side)
            .unwrap();
        for j in slot.touches() {
            let (_, t, n) = hexes[j as usize];
            if t == r && [5, 6, 8, 9].contains(&n) {
                out.push(format!("{} harbour next to its {n}", h.kind.name()));
            }
        }
    }
    out
}

fn setup(variant: BoardVariant) -> BoardSetup {
    BoardSetup {
        variant,
        ..BoardSetup::default()
    }
}

#[test]
fn best_meets_every_table_bound_on_many_seeds() {
    let p = Params::defaults(BalancedCatan::PARAMS);
    let opts = CatanOptions::table();
    for (variant, seeds) in [
        (BoardVariant::Standard, 1..=40u64),
        (BoardVariant::FiveSixPlayers, 1..=20),
    ] {
        let layout = CatanLayout::for_variant(&variant).unwrap();
        for seed in seeds {
            let mut s = BalancedCatan::with_setup(seed, opts, &p, &setup(variant.clone())).unwrap();
            while !s.is_solved() && s.progress().generation < 200_000 {
                s.step();
            }
            assert!(s.is_solved(), "{variant:?} seed {seed}");
            let codes = s.best().0.clone();
            let board = CatanBoard::with_placed_harbours(&codes, &opts, seed);
            board.validate().unwrap();
            let broken = broken_bounds(layout, &codes, &board.harbours);
            assert!(broken.is_empty(), "{variant:?} seed {seed}: {broken:?}");
            // And the independent check agrees that the deserts are apart.
            let g = layout.grid();
            for i in g.indices() {
                let c = CatanCode::from_byte(codes[i as usize]);
                if c.is_desert() {
                    assert!(
                        g.neighbours(i)
                            .iter()
                            .all(|&j| !CatanCode::from_byte(codes[j as usize]).is_desert())
                    );
                }
            }
        }
    }
}

#[test]
fn the_check_catches_what_table_forbids() {
    // The sorted tile set breaks nearly everything.
    let l = CatanLayout::base();
    let codes = l.standard_codes();
    let broken = broken_bounds(l, &codes, &[]);
    assert!(broken.iter().any(|b| b.contains("same terrain")));
    assert!(broken.iter().any(|b| b.contains("pips per tile")));
    assert!(evaluate_on(l, &codes, &CatanOptions::table()).total() > 0);
}

#[test]
fn every_algorithm_accepts_table() {
    for variant in [BoardVariant::Standard, BoardVariant::FiveSixPlayers] {
        for alg in Algorithm::ALL {
            let specs = alg.param_specs(crate::boards::BoardGame::Catan);
            let mut p = Params::defaults(specs);
            for (name, v) in [("population", "30"), ("particles", "8"), ("ants", "4")] {
                if specs.iter().any(|s| s.name == name) {
                    p.set(specs, name, v, alg).unwrap();
                }
            }
            let mut s =
                make_search(alg, &p, CatanOptions::table(), 5, &setup(variant.clone())).unwrap();
            let first = s.best().1;
            for _ in 0..5 {
                s.step();
            }
            let (board, score) = s.best();
            let layout = CatanLayout::for_variant(&variant).unwrap();
            assert_eq!(
                score,
                evaluate_on(layout, board, &CatanOptions::table()).total() as f64,
                "{alg}"
            );
            assert!(score <= first, "{alg}");
        }
    }
}
