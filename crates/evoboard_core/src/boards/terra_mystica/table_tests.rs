//! The `table` rule set: boards `best` gives under it meet every bound on
//! both outlines, checked with figures counted here another way (through
//! the board's `hexx` coordinates and distances, not the grid's tables);
//! every algorithm accepts it; it is the default.

use crate::boards::terra_mystica::{
    BalancedTm, Rules, TABLE_BOUNDS, TerraMysticaBoard, Terrain, Weights, evaluate, table_figures,
    tiles_for,
};
use crate::boards::{
    self, Algorithm, BoardGame, BoardSetup, BoardVariant, Params, Scoring, make_search_with,
};
use crate::search::Search;
use hexx::Hex;

/// The figures of `b` counted from hexes and distances: river pieces, on
/// the border, far land, blob rivers, triangles, frontage spread, border
/// spread.
fn by_hand(b: &TerraMysticaBoard) -> [u32; 7] {
    let all: Vec<(Hex, Terrain)> = b.hexes().collect();
    let rivers: Vec<Hex> = all
        .iter()
        .filter(|&&(_, t)| t == Terrain::River)
        .map(|&(h, _)| h)
        .collect();
    let border = |h: Hex| b.neighbours(h).count() < 6;
    // Pieces: flood fill over distance-1 steps.
    let mut piece = vec![usize::MAX; rivers.len()];
    let mut pieces = 0;
    for s in 0..rivers.len() {
        if piece[s] != usize::MAX {
            continue;
        }
        piece[s] = pieces;
        let mut stack = vec![s];
        while let Some(i) = stack.pop() {
            for j in 0..rivers.len() {
                if piece[j] == usize::MAX && rivers[i].unsigned_distance_to(rivers[j]) == 1 {
                    piece[j] = pieces;
                    stack.push(j);
                }
            }
        }
        pieces += 1;
    }
    let on_border = rivers.iter().filter(|&&h| border(h)).count() as u32;
    let far = all
        .iter()
        .filter(|&&(h, t)| {
            t != Terrain::River && rivers.iter().all(|&r| r.unsigned_distance_to(h) >= 3)
        })
        .count() as u32;
    let touching = |h: Hex| {
        rivers
            .iter()
            .filter(move |&&r| r.unsigned_distance_to(h) == 1)
    };
    let blob = rivers.iter().filter(|&&h| touching(h).count() >= 3).count() as u32;
    let mut corners = 0;
    for &h in &rivers {
        let nb: Vec<Hex> = touching(h).copied().collect();
        for (k, &x) in nb.iter().enumerate() {
            corners += nb[k + 1..]
                .iter()
                .filter(|&&y| x.unsigned_distance_to(y) == 1)
                .count() as u32;
        }
    }
    let (mut front, mut edge) = ([0u32; 7], [0u32; 7]);
    for &(h, t) in all.iter().filter(|&&(_, t)| t != Terrain::River) {
        front[t as usize] += (touching(h).count() > 0) as u32;
        edge[t as usize] += border(h) as u32;
    }
    let spread = |c: [u32; 7]| c.iter().max().unwrap() - c.iter().min().unwrap();
    [
        pieces as u32,
        on_border,
        far,
        blob,
        corners / 3,
        spread(front),
        spread(edge),
    ]
}

fn bounds() -> [u32; 7] {
    let b = TABLE_BOUNDS;
    [
        b.river_pieces,
        b.river_on_border,
        b.land_far_from_river,
        b.river_blob_hexes,
        b.river_triangles,
        b.frontage_spread,
        b.border_spread,
    ]
}

fn setup(variant: BoardVariant) -> BoardSetup {
    BoardSetup {
        variant,
        ..BoardSetup::default()
    }
}

#[test]
fn table_boards_meet_every_bound_on_both_outlines() {
    assert_eq!(bounds(), [1, 6, 5, 7, 4, 4, 3]);
    for variant in [BoardVariant::Standard, BoardVariant::Offset] {
        for seed in 1..=8 {
            let params = Params::defaults(BalancedTm::PARAMS);
            let mut s = BalancedTm::with_setup(
                seed,
                Rules::Table,
                Weights::default(),
                &params,
                &setup(variant.clone()),
            )
            .unwrap();
            while !s.is_solved() && s.progress().generation < 20_000 {
                s.step();
            }
            assert!(s.is_solved(), "{variant:?} seed {seed}");
            let board = s.best_board();
            let tiles = board.tiles();
            let grid = board.grid().unwrap();
            assert_eq!(evaluate(&grid, &tiles, Rules::Strict), [0; 4]);
            let mut sorted = tiles.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, tiles_for(&grid));
            let got = by_hand(&board);
            for (k, (g, b)) in got.iter().zip(bounds()).enumerate() {
                assert!(g <= &b, "{variant:?} seed {seed}: figure {k} is {g} > {b}");
            }
            let f = table_figures(&grid, &tiles);
            assert_eq!(
                got,
                [
                    f.river_pieces,
                    f.river_on_border,
                    f.land_far_from_river,
                    f.river_blob_hexes,
                    f.river_triangles,
                    f.frontage_spread,
                    f.border_spread
                ]
            );
        }
    }
}

#[test]
fn the_base_map_by_hand_matches_the_figures() {
    let b = TerraMysticaBoard::base_map();
    let f = table_figures(&b.grid().unwrap(), &b.tiles());
    // Counted on base_map.txt: 4 river hexes on the border, 5 land hexes
    // 3+ steps from the river, 7 river blobs, 4 triangles.
    assert_eq!(by_hand(&b), [1, 4, 5, 7, 4, 4, 2]);
    assert_eq!(f.river_on_border, 4);
    assert!(f.within_bounds());
}

#[test]
fn table_is_the_default_and_every_algorithm_accepts_it() {
    assert_eq!(Rules::default(), Rules::Table);
    assert_eq!(Scoring::default().rules, Rules::Table);
    assert_eq!("table".parse::<Rules>().unwrap(), Rules::Table);
    assert_eq!(Rules::Table.name(), "table");
    let scoring = Scoring::with_rules(Rules::Table);
    for variant in [BoardVariant::Standard, BoardVariant::Offset] {
        for algorithm in Algorithm::ALL {
            let params = Params::defaults(algorithm.param_specs(BoardGame::TerraMystica));
            let mut s = make_search_with(
                BoardGame::TerraMystica,
                algorithm,
                &params,
                scoring,
                3,
                &setup(variant.clone()),
            )
            .unwrap();
            for _ in 0..3 {
                s.step();
            }
            let (tiles, score) = s.best();
            let want = boards::score(BoardGame::TerraMystica, tiles, scoring);
            assert_eq!(score as u64, want, "{algorithm:?} {variant:?}");
        }
    }
}
