//! Tests across the Catan modules: every algorithm on the 5–6 player
//! island, pins kept by every algorithm, start boards, harbours in levels.

use super::*;
use crate::boards::published::BoardProblem;
use crate::boards::{Algorithm, BoardError, BoardSetup, BoardVariant, Params};
use crate::search::Search;

fn quick_params(alg: Algorithm) -> Params {
    let specs = alg.param_specs(crate::boards::BoardGame::Catan);
    let mut p = Params::defaults(specs);
    for (name, v) in [("population", "30"), ("particles", "8"), ("ants", "4")] {
        if specs.iter().any(|s| s.name == name) {
            p.set(specs, name, v, alg).unwrap();
        }
    }
    p
}

fn five_six() -> BoardSetup {
    BoardSetup {
        variant: BoardVariant::FiveSixPlayers,
        ..BoardSetup::default()
    }
}

#[test]
fn every_algorithm_runs_on_the_five_six_island() {
    let l = CatanLayout::five_six();
    for alg in Algorithm::ALL {
        let p = quick_params(alg);
        let mut s = make_search(alg, &p, CatanOptions::default(), 3, &five_six()).unwrap();
        let first = s.best().1;
        for _ in 0..5 {
            s.step();
        }
        let (board, score) = s.best();
        assert_eq!(board.len(), 30, "{alg}");
        let b = CatanBoard::decode(board);
        b.validate().unwrap();
        assert_eq!(b.rows.len(), 7);
        assert_eq!(
            evaluate_on(l, board, &CatanOptions::default()).total() as f64,
            score,
            "{alg}"
        );
        assert!(score <= first, "{alg}");
    }
}

#[test]
fn best_reaches_zero_on_the_five_six_island() {
    let p = Params::defaults(BalancedCatan::PARAMS);
    let l = CatanLayout::five_six();
    for opts in [
        CatanOptions::default(),
        CatanOptions {
            harbour_rule: true,
            ..CatanOptions::default()
        },
    ] {
        for seed in 1..=3 {
            let mut s = BalancedCatan::with_setup(seed, opts, &p, &five_six()).unwrap();
            while !s.is_solved() && s.progress().generation < 5000 {
                s.step();
            }
            assert!(s.is_solved(), "seed {seed} {opts:?}");
            let codes = s.best().0.clone();
            let h = assign_harbours(l, &codes, &opts, seed);
            let b = CatanBoard::decode(&codes).with_harbours(h);
            b.validate().unwrap();
            assert_eq!(b.violations(&opts).total(), 0);
        }
    }
}

/// A solved base board, then some of its hexes pinned and the rest
/// scrambled: every algorithm keeps the pins.
#[test]
fn pins_are_kept_by_every_algorithm() {
    for (setup_variant, layout) in [
        (BoardVariant::Standard, CatanLayout::base()),
        (BoardVariant::FiveSixPlayers, CatanLayout::five_six()),
    ] {
        let opts = CatanOptions::default();
        let base = BoardSetup {
            variant: setup_variant.clone(),
            ..BoardSetup::default()
        };
        let mut solver =
            BalancedCatan::with_setup(5, opts, &Params::defaults(BalancedCatan::PARAMS), &base)
                .unwrap();
        while !solver.is_solved() {
            solver.step();
        }
        let solved = solver.best().0.clone();
        // Pin every third hex; swap two unpinned hexes so the start is not
        // the solution itself.
        let pinned: Vec<u16> = (0..layout.hexes() as u16).step_by(3).collect();
        let mut start = solved.clone();
        start.swap(1, 2);
        let setup = BoardSetup::from_board(setup_variant.clone(), start.clone(), pinned.clone());
        // The problem's start genes build the start board.
        let prob = CatanProblem::with_setup(opts, &setup).unwrap();
        let mut genes = vec![0u8; prob.genes()];
        assert!(prob.start_genes(&mut genes));
        let mut built = vec![0u8; layout.hexes()];
        prob.build(&genes, &mut built);
        assert_eq!(built, start);
        assert_eq!(
            prob.genes(),
            2 * layout.hexes() - layout.deserts() - 2 * pinned.len()
                + pinned
                    .iter()
                    .filter(|&&i| CatanCode::from_byte(start[i as usize]).is_desert())
                    .count()
        );
        for alg in Algorithm::ALL {
            let mut s = make_search(alg, &quick_params(alg), opts, 11, &setup).unwrap();
            for _ in 0..8 {
                s.step();
                let board = s.best().0;
                for &i in &pinned {
                    assert_eq!(board[i as usize], start[i as usize], "{alg} moved pin {i}");
                }
                CatanBoard::decode(board).validate().unwrap();
            }
        }
        // `best` still finds a perfect board around the pins.
        let mut s =
            BalancedCatan::with_setup(2, opts, &Params::defaults(BalancedCatan::PARAMS), &setup)
                .unwrap();
        while !s.is_solved() && s.progress().generation < 5000 {
            s.step();
        }
        assert!(s.is_solved());
        for &i in &pinned {
            assert_eq!(s.best().0[i as usize], start[i as usize]);
        }
    }
}

#[test]
fn setups_that_cannot_work_are_errors() {
    let opts = CatanOptions::default();
    let offset = BoardSetup {
        variant: BoardVariant::Offset,
        ..BoardSetup::default()
    };
    let err = CatanProblem::with_setup(opts, &offset).err().unwrap();
    assert!(matches!(err, BoardError::CatanVariant { .. }));
    assert!(err.to_string().contains("5-6 player island"), "{err}");
    let pins_only = BoardSetup {
        pinned: vec![0],
        ..BoardSetup::default()
    };
    assert!(matches!(
        BalancedCatan::with_setup(
            1,
            opts,
            &Params::defaults(BalancedCatan::PARAMS),
            &pins_only
        ),
        Err(BoardError::CatanPins { .. })
    ));
    // A base board on the 5–6 setup.
    let wrong = BoardSetup::from_board(BoardVariant::FiveSixPlayers, standard_codes(), vec![]);
    assert!(CatanProblem::with_setup(opts, &wrong).is_err());
    // Two neighbouring pinned fields (the sorted set starts with them).
    let conflict = BoardSetup::from_board(BoardVariant::Standard, standard_codes(), vec![0, 1]);
    let err = CatanProblem::with_setup(opts, &conflict).err().unwrap();
    let BoardError::CatanPinConflicts { conflicts } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(conflicts[0].requirement, "r1");
    assert!(
        err.to_string()
            .contains("r1: pinned hexes (0, 0) and (0, 1)"),
        "{err}"
    );
}

#[test]
fn harbours_survive_a_level_round_trip_and_old_boards_load() {
    let l = CatanLayout::base();
    let codes = standard_codes();
    let b = CatanBoard::decode(&codes).with_harbours(assign_harbours(
        l,
        &codes,
        &CatanOptions::default(),
        4,
    ));
    b.validate().unwrap();
    let text = ron::to_string(&b).unwrap();
    assert!(text.contains("harbours"));
    let back: CatanBoard = ron::from_str(&text).unwrap();
    assert_eq!(back, b);
    // An old board: rows only.
    let old = ron::to_string(&CatanBoard::decode(&codes)).unwrap();
    assert!(!old.contains("harbours"));
    let back: CatanBoard = ron::from_str(&old).unwrap();
    assert!(back.harbours.is_empty());
    back.validate().unwrap();
    // Harbours off the frame are refused.
    let mut bad = b.clone();
    bad.harbours[0].side = (bad.harbours[0].side + 3) % 6;
    assert!(matches!(
        bad.validate(),
        Err(BoardError::CatanHarbours { .. })
    ));
    let mut bad = b;
    bad.harbours.pop();
    assert!(bad.validate().unwrap_err().to_string().contains("takes 9"));
}

#[test]
fn rules_read_on_the_five_six_island() {
    let l = CatanLayout::five_six();
    let g = l.grid();
    let code = |t, n| CatanCode::new(t, n).byte();
    // R3 between two middle-row hexes.
    let mut codes = vec![code(0, 3); 30];
    let a = g.index(3, 2).unwrap() as usize;
    let b = g.index(3, 3).unwrap() as usize;
    codes[a] = code(1, 6);
    codes[b] = code(2, 8);
    let v = evaluate(&codes, &CatanOptions::default());
    assert_eq!(v.r[2], 2);
    // Desert placement counts each desert: one at the centre, one not.
    codes[a] = code(5, 0);
    codes[0] = code(5, 0);
    let opts = CatanOptions {
        desert: DesertPlacement::Centre,
        ..CatanOptions::default()
    };
    assert_eq!(evaluate(&codes, &opts).desert, 1);
    assert_eq!(broken_hexes(&codes, &opts)[0] & (1 << 6), 1 << 6);
    assert_eq!(broken_hexes(&codes, &opts)[a] & (1 << 6), 0);
}
