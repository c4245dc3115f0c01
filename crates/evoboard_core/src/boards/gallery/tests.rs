//! Tests of descriptors, the archive and the gallery search.

use super::*;
use crate::boards::HexGrid;
use crate::boards::catan;
use crate::boards::catan::{CatanTerrain, standard_codes};
use crate::boards::terra_mystica::{LAND, Terrain, standard_grid};

/// Descriptor values over perfect boards of `game` from `runs` seeds
/// (run with `--ignored --nocapture` to re-check the documented ranges).
#[test]
#[ignore]
fn print_descriptor_ranges_on_perfect_boards() {
    for game in BoardGame::ALL {
        let mut m = Measurer::for_game(game);
        let ds = Descriptor::for_game(game);
        let mut lo = vec![f64::INFINITY; ds.len()];
        let mut hi = vec![f64::NEG_INFINITY; ds.len()];
        let mut sum = vec![0.0; ds.len()];
        let mut n = 0;
        let params = Params::defaults(Algorithm::Best.param_specs(game));
        let t = Instant::now();
        for seed in 0..300 {
            let mut s = crate::boards::make_search(
                game,
                Algorithm::Best,
                &params,
                Scoring::default(),
                seed,
            );
            let mut steps = 0;
            while !s.is_solved() && steps < 200_000 {
                s.step();
                steps += 1;
            }
            if !s.is_solved() {
                continue;
            }
            n += 1;
            let tiles = s.best().0.clone();
            for (k, &d) in ds.iter().enumerate() {
                let v = m.measure(d, &tiles);
                lo[k] = lo[k].min(v);
                hi[k] = hi[k].max(v);
                sum[k] += v;
            }
        }
        println!("{game}: {n} perfect boards in {:?}", t.elapsed());
        for (k, d) in ds.iter().enumerate() {
            println!(
                "  {d}: {} .. {} mean {:.3} (documented {:?})",
                lo[k],
                hi[k],
                sum[k] / n as f64,
                d.range()
            );
        }
    }
}

fn sorted(mut v: Vec<u8>) -> Vec<u8> {
    v.sort_unstable();
    v
}

/// A Terra Mystica board on the standard map: land in a wheel pattern by
/// column, river where `river` says.
fn tm_board(river: &[(usize, usize)]) -> Vec<u8> {
    let g = standard_grid();
    let mut t: Vec<u8> = g
        .indices()
        .map(|i| LAND[g.row_col(i).1 % 7] as u8)
        .collect();
    for &(r, c) in river {
        t[g.index(r, c).unwrap() as usize] = Terrain::River as u8;
    }
    t
}

#[test]
fn terra_mystica_descriptors_on_hand_made_boards() {
    let mut m = Measurer::for_game(BoardGame::TerraMystica);
    // A straight river along row 4 (13 hexes).
    let row4: Vec<(usize, usize)> = (0..13).map(|c| (4, c)).collect();
    let t = tm_board(&row4);
    assert_eq!(m.measure(Descriptor::RiverBranching, &t), 0.0);
    assert_eq!(m.measure(Descriptor::RiverLength, &t), 13.0);
    // Rows 3 and 5 (12 hexes each) touch it.
    assert_eq!(m.measure(Descriptor::Coast, &t), 24.0);
    // A side arm at (3,6) touches (4,6) and (4,7): both become junctions;
    // the river is no longer end to end; (3,6) leaves the coast and its two
    // row-2 neighbours join it.
    let mut arm = row4.clone();
    arm.push((3, 6));
    let t = tm_board(&arm);
    assert_eq!(m.measure(Descriptor::RiverBranching, &t), 2.0);
    assert_eq!(m.measure(Descriptor::RiverLength, &t), 13.0);
    assert_eq!(m.measure(Descriptor::Coast, &t), 25.0);
    // Two rivers: the longer counts.
    let mut two: Vec<(usize, usize)> = (0..5).map(|c| (0, c)).collect();
    two.extend((0..9).map(|c| (8, c)));
    assert_eq!(m.measure(Descriptor::RiverLength, &tm_board(&two)), 9.0);

    // Clustering on a row of three hexes: two deserts two apart, then three
    // deserts (distances 1, 2, 1).
    let mut small = Measurer::new(&HexGrid::from_rows(&[3]));
    let (d, p) = (Terrain::Desert as u8, Terrain::Plains as u8);
    assert_eq!(
        small.measure(Descriptor::TerrainClustering, &[d, p, d]),
        2.0
    );
    let three = small.measure(Descriptor::TerrainClustering, &[d, d, d]);
    assert!((three - 4.0 / 3.0).abs() < 1e-12, "{three}");
    // River pairs do not count.
    let r = Terrain::River as u8;
    assert_eq!(
        small.measure(Descriptor::TerrainClustering, &[r, p, r]),
        0.0
    );
}

#[test]
fn catan_descriptors_on_the_sorted_tile_set() {
    let mut m = Measurer::for_game(BoardGame::Catan);
    // standard_codes: fields 2,3,3,4 (8 pips), forest 4,5,5,6 (16), pasture
    // 6,8,8,9 (19), hills 9,10,10 (10), mountains 11,11,12 (5), the desert
    // last (row 4, 2 from the centre).
    let t = standard_codes();
    assert_eq!(m.measure(Descriptor::ProductionSpread, &t), 14.0);
    assert_eq!(m.measure(Descriptor::DesertDistance, &t), 2.0);
    // The 6s and 8s fill row 2's first four hexes: distances 1,2,3,1,2,1.
    let s = m.measure(Descriptor::NumberSpread, &t);
    assert!((s - 10.0 / 6.0).abs() < 1e-12, "{s}");
    // Inland hexes hold 4,5 | 6,8,8 | 10,10: 28 pips over 7; the coast 30
    // over 12.
    let c = m.measure(Descriptor::HighPipsCentre, &t);
    assert!((c - (4.0 - 2.5)).abs() < 1e-12, "{c}");
    // The best corner, against the game's own corner list.
    let best = catan::corners()
        .iter()
        .map(|k| {
            k.iter()
                .map(|&i| catan::pips(CatanCode::from_byte(t[i as usize]).token()) as f64)
                .sum::<f64>()
        })
        .fold(0.0, f64::max);
    assert_eq!(m.measure(Descriptor::BestCorner, &t), best);
    assert_eq!(best, 14.0, "the 6 and 8 of row 2 under the 5 of row 1");
    // The desert in the centre.
    let mut u = t.clone();
    u.swap(9, 18);
    assert_eq!(m.measure(Descriptor::DesertDistance, &u), 0.0);
    assert_eq!(
        CatanCode::from_byte(u[9]).terrain(),
        CatanTerrain::Desert as u8
    );
}

#[test]
fn names_bins_and_errors() {
    for d in Descriptor::ALL {
        assert_eq!(d.name().parse::<Descriptor>(), Ok(d));
        assert_eq!(Descriptor::parse_for(d.name(), d.game()), Ok(d));
        let (lo, hi) = d.range();
        assert_eq!(d.bin(lo - 100.0), 0);
        assert_eq!(d.bin(hi + 100.0), d.bins() - 1);
        for b in 0..d.bins() {
            assert_eq!(d.bin(d.bin_centre(b)), b, "{d} bin {b}");
        }
        assert!(!d.help().is_empty());
    }
    assert_eq!(Descriptor::RiverBranching.bin(0.0), 0);
    assert_eq!(Descriptor::RiverBranching.bin(1.0), 0);
    assert_eq!(Descriptor::RiverBranching.bin(2.0), 1);
    assert_eq!(Descriptor::DesertDistance.bin(1.0), 1);
    let err = Descriptor::parse_axes("river-branching,production-spread", BoardGame::TerraMystica)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "unknown terra-mystica gallery axis 'production-spread'; allowed: river-branching, \
         river-length, terrain-clustering, coast"
    );
    assert!(matches!(
        Descriptor::parse_axes("coast", BoardGame::TerraMystica),
        Err(BoardError::GalleryAxes { .. })
    ));
    assert!(matches!(
        Descriptor::parse_axes("coast,coast", BoardGame::TerraMystica),
        Err(BoardError::GalleryAxes { .. })
    ));
    assert_eq!(
        Descriptor::parse_axes(" coast , river-length", BoardGame::TerraMystica),
        Ok([Descriptor::Coast, Descriptor::RiverLength])
    );
    for game in BoardGame::ALL {
        let axes = Descriptor::default_axes(game);
        assert!(axes.iter().all(|a| a.game() == game));
        assert!(Gallery::new(game, Scoring::default(), axes, 1).is_ok());
    }
    assert!(matches!(
        Gallery::new(
            BoardGame::Catan,
            Scoring::default(),
            Descriptor::default_axes(BoardGame::TerraMystica),
            1
        ),
        Err(BoardError::UnknownDescriptor { .. })
    ));
}

fn board(d: [f64; 2]) -> ([f64; 2], Vec<u8>) {
    (d, vec![d[0] as u8, (d[1] * 10.0) as u8])
}

#[test]
fn archive_keeps_the_board_nearer_the_centre_and_picks_spread_boards() {
    let axes = [Descriptor::ProductionSpread, Descriptor::HighPipsCentre];
    let mut a = Archive::new(axes);
    assert_eq!(a.bins(), [12, 10]);
    // High-pips bins are 0.45 wide from −2.5: bin 5 is [−0.25, 0.2),
    // centre −0.025.
    let (d, t) = board([3.0, 0.15]);
    assert!(a.offer(&t, 0, d));
    let (d2, t2) = board([3.0, 0.0]);
    assert!(a.offer(&t2, 0, d2), "nearer the centre");
    let (d3, t3) = board([3.0, -0.2]);
    assert!(!a.offer(&t3, 0, d3), "farther from the centre");
    assert_eq!(a.filled(), 1);
    assert_eq!(a.get([3, 5]).unwrap().descriptors, [3.0, 0.0]);
    // Corners and a middle: picking 4 takes the four corners.
    for d in [
        [0.0, -2.4],
        [11.0, -2.4],
        [0.0, 1.9],
        [11.0, 1.9],
        [5.0, -0.5],
        [6.0, 0.5],
    ] {
        let (d, t) = board(d);
        assert!(a.offer(&t, 0, d));
    }
    assert_eq!(a.filled(), 7);
    let picked = a.pick(4);
    let got: Vec<[f64; 2]> = picked.iter().map(|b| b.descriptors).collect();
    assert_eq!(
        got,
        vec![[0.0, -2.4], [0.0, 1.9], [11.0, -2.4], [11.0, 1.9]]
    );
    assert!(min_pairwise_distance(&picked, axes) > 0.8);
    assert_eq!(a.pick(10).len(), 7);
    assert!(a.pick(0).is_empty());
}

fn check_gallery(game: BoardGame, boards: &[GalleryBoard], axes: [Descriptor; 2], k: usize) {
    assert_eq!(boards.len(), k, "{game}");
    let tiles = crate::boards::terra_mystica::standard_tiles();
    let mut m = Measurer::for_game(game);
    let mut cells = std::collections::HashSet::new();
    for b in boards {
        assert_eq!(score_of(game, &b.tiles, Scoring::default()), 0, "{game}");
        assert_eq!(b.score, 0);
        match game {
            BoardGame::TerraMystica => assert_eq!(sorted(b.tiles.clone()), sorted(tiles.clone())),
            BoardGame::Catan => crate::boards::catan::CatanBoard::decode(&b.tiles)
                .validate()
                .unwrap(),
        }
        assert_eq!(m.measure_axes(axes, &b.tiles), b.descriptors);
        cells.insert(b.cell);
    }
    assert_eq!(cells.len(), k, "{game}: one board per cell");
    for (i, a) in boards.iter().enumerate() {
        for b in &boards[i + 1..] {
            assert_ne!(a.tiles, b.tiles);
        }
    }
    assert!(min_pairwise_distance(boards, axes) > 0.05, "{game}");
}

#[test]
fn galleries_are_perfect_spread_and_keep_the_tiles() {
    for game in BoardGame::ALL {
        let axes = Descriptor::default_axes(game);
        let mut g = Gallery::new(game, Scoring::default(), axes, 3).unwrap();
        let boards = g.run(8, Budget::candidates(96));
        check_gallery(game, &boards, axes, 8);
        let p = g.progress();
        assert!(p.candidates >= 96 && p.filled >= 8, "{p:?}");
        assert_eq!(p.filled, g.archive().filled());
        // The picked boards reach across the archive: on each axis they span
        // at least half of what the archive spans.
        for k in 0..2 {
            let span = |it: &mut dyn Iterator<Item = f64>| {
                let v: Vec<f64> = it.collect();
                v.iter().copied().fold(f64::MIN, f64::max)
                    - v.iter().copied().fold(f64::MAX, f64::min)
            };
            let all = span(&mut g.archive().boards().map(|b| b.descriptors[k]));
            let picked = span(&mut boards.iter().map(|b| b.descriptors[k]));
            assert!(picked >= 0.5 * all, "{game} axis {k}: {picked} of {all}");
        }
    }
}

#[test]
fn same_seed_same_gallery_whatever_the_threads() {
    let run = |threads: usize, seed: u64| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                let axes = [Descriptor::RiverLength, Descriptor::Coast];
                let mut g =
                    Gallery::new(BoardGame::TerraMystica, Scoring::default(), axes, seed).unwrap();
                g.run(6, Budget::candidates(48))
            })
    };
    let one = run(1, 9);
    assert_eq!(one, run(3, 9));
    assert_ne!(one, run(1, 10));
}

#[test]
fn ask_and_tell_fills_the_archive_step_by_step() {
    let axes = Descriptor::default_axes(BoardGame::Catan);
    let mut g = Gallery::new(BoardGame::Catan, Scoring::default(), axes, 5)
        .unwrap()
        .with_config(GalleryConfig {
            batch: 8,
            ..GalleryConfig::for_game(BoardGame::Catan)
        });
    assert_eq!(g.progress().filled, 0);
    assert!(g.boards(3).is_empty());
    let mut last = 0;
    for s in 1..=6 {
        let p = g.step();
        assert_eq!(p.candidates, 8 * s);
        assert!(p.filled >= last && p.perfect <= p.candidates);
        last = p.filled;
    }
    assert!(last >= 3, "{:?}", g.progress());
    assert_eq!(g.boards(3).len(), 3);
    // A time limit of zero still runs one batch.
    let mut h = Gallery::new(BoardGame::Catan, Scoring::default(), axes, 5).unwrap();
    let b = h.run(
        2,
        Budget {
            candidates: 1000,
            time_limit: Some(Duration::ZERO),
        },
    );
    assert_eq!(h.progress().candidates, 16);
    assert!(b.len() <= 2);
}

#[test]
fn a_gallery_can_fill_up_on_another_thread() {
    fn send<T: Send + 'static>(_: &T) {}
    let g = Gallery::new(
        BoardGame::Catan,
        Scoring::default(),
        Descriptor::default_axes(BoardGame::Catan),
        2,
    )
    .unwrap();
    send(&g);
    let handle = std::thread::spawn(move || {
        let mut g = g;
        g.step();
        g
    });
    let g = handle.join().unwrap();
    assert_eq!(g.progress().candidates, 16);
}

#[test]
fn perturbations_keep_the_tile_multiset() {
    let mut rng = seeded(4);
    let mut t = standard_codes();
    for _ in 0..200 {
        perturb(BoardGame::Catan, &mut t, 3, &mut rng);
        assert!(
            crate::boards::catan::CatanBoard::decode(&t)
                .validate()
                .is_ok()
        );
    }
    let mut u = crate::boards::terra_mystica::standard_tiles();
    let before = u.clone();
    perturb(BoardGame::TerraMystica, &mut u, 5, &mut rng);
    assert_ne!(u, before);
    assert_eq!(sorted(u), sorted(before));
}
