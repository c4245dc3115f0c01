//! Property tests over many seeded deals and hand-made situations for
//! every scoring rule.

use super::agents::{Agent, CoefficientFile, EvalAgent, parse_agent, preset};
use super::game::{
    MATCH_TARGET, MAX_ROUNDS, deal, match_winner, opener, play_match, play_match_logged,
};
use super::round::{Event, Opening, Round, RoundEnd, Rule};
use super::search_agent::{MonteCarloAgent, sample_hidden};
use super::simulator::duel;
use super::table::Move;
use super::tiles::{ALL_TILES, Hand, NUMBERS_OF, Tile};
use crate::rng::{derive_seed, seeded};

fn t(a: u8, b: u8) -> Tile {
    Tile::new(a, b)
}

fn hand(tiles: &[(u8, u8)]) -> Hand {
    tiles.iter().map(|&(a, b)| t(a, b)).collect()
}

fn mv(a: u8, b: u8, arm: u8) -> Move {
    Move { tile: t(a, b), arm }
}

/// Scores of a list of events as (team, points, rule).
fn scores(events: &[Event]) -> Vec<(usize, u32, Rule)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored { team, points, rule } => Some((team, points, rule)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------- properties

#[test]
fn rounds_conserve_tiles_play_legally_and_score_multiples_of_five() {
    let basic = EvalAgent::basic();
    let hand_agent = EvalAgent::new("hand", preset("hand").unwrap());
    let s1 = EvalAgent::new("s1", preset("s1").unwrap());
    let agents: [&dyn Agent; 4] = [&hand_agent, &basic, &s1, &basic];
    let mut passes = 0;
    let mut blocked = 0;
    for seed in 0..400u64 {
        let mut rng = seeded(derive_seed(99, seed));
        let hands = deal(&mut rng);
        // Every seat gets 7 distinct tiles, 28 in all.
        assert!(hands.iter().all(|h| h.len() == 7));
        assert_eq!(hands.iter().fold(0, |m, h| m | h.0), ALL_TILES);
        let (op, opening) = opener(
            &hands,
            if seed % 2 == 0 {
                None
            } else {
                Some(RoundEnd::Out {
                    seat: (seed % 4) as u8,
                })
            },
        );
        let mut r = Round::new(hands, op, opening, [0, 0]);
        let mut turns = 0;
        while !r.is_over() {
            let seat = r.turn;
            let mut buf = [mv(0, 0, 0); 28];
            let n = if r.table.spinner.is_some() {
                r.legal_moves(&mut buf)
            } else {
                0
            };
            let legal: Vec<Move> = buf[..n].to_vec();
            let before_table = r.table;
            let before_hand = r.hand(seat);
            let mut ev = Vec::new();
            r.step(&agents, &mut rng, &mut |e| ev.push(e));
            turns += 1;
            assert!(turns < 200, "a round must end");
            match ev[0] {
                Event::Placed { seat: s, tile, arm } => {
                    assert_eq!(s, seat);
                    assert!(before_hand.contains(tile), "played a tile it did not hold");
                    match arm {
                        None => {
                            assert!(before_table.spinner.is_none() && tile.is_double());
                            if opening == Opening::Forced(Tile::DOUBLE_SIX) {
                                assert_eq!(tile, Tile::DOUBLE_SIX);
                            }
                        }
                        Some(a) => {
                            // Legal on the table it was played on (any
                            // equivalent arm of the offered ones).
                            assert!(before_table.is_legal(Move { tile, arm: a }));
                            assert!(legal.iter().any(|m| m.tile == tile && m.arm == a));
                        }
                    }
                }
                Event::Passed { seat: s } => {
                    assert_eq!(s, seat);
                    // A player passes only if it cannot play.
                    assert!(legal.is_empty(), "passed while holding a legal move");
                    passes += 1;
                }
                e => panic!("a turn starts with a play or a pass, got {e:?}"),
            }
            for (_, p, _) in scores(&ev) {
                assert!(
                    p > 0 && p % 5 == 0,
                    "score {p} is not a positive multiple of 5"
                );
            }
            // Conservation: hands + table are the 28 tiles, disjoint.
            let mut all = r.table.tiles.0;
            let mut count = r.table.tiles.len();
            for s in 0..4 {
                assert_eq!(all & r.hand(s).0, 0, "a tile is in two places");
                all |= r.hand(s).0;
                count += r.hand(s).len();
                assert_eq!(r.played[s as usize].0 & r.hand(s).0, 0);
            }
            assert_eq!(all, ALL_TILES);
            assert_eq!(count, 28);
        }
        if r.end == Some(RoundEnd::Blocked) {
            blocked += 1;
        }
        assert!(r.points.iter().all(|p| p % 5 == 0));
    }
    assert!(passes > 100, "passes happen: {passes}");
    assert!(blocked > 0, "some rounds block: {blocked}");
}

#[test]
fn matches_end_and_replay_identically() {
    let basic = EvalAgent::basic();
    let h = EvalAgent::new("hand", preset("hand").unwrap());
    let agents: [&dyn Agent; 4] = [&h, &basic, &h, &basic];
    for seed in 0..300u64 {
        let mut log1 = Vec::new();
        let r1 = play_match_logged(&agents, &mut seeded(seed), &mut |e| log1.push(e));
        let mut log2 = Vec::new();
        let r2 = play_match_logged(&agents, &mut seeded(seed), &mut |e| log2.push(e));
        assert_eq!(r1, r2);
        assert_eq!(log1, log2, "replay of seed {seed} differs");
        assert!(r1.rounds < MAX_ROUNDS);
        let (w, l) = (r1.score[r1.winner], r1.score[1 - r1.winner]);
        assert!(w >= MATCH_TARGET && w > l, "{r1:?}");
        let total: u32 = scores(&log1).iter().map(|s| s.1).sum();
        assert_eq!(total, r1.score[0] + r1.score[1]);
        assert!(scores(&log1).iter().all(|s| s.1 % 5 == 0));
    }
}

#[test]
fn duels_are_deterministic_for_a_seed_whatever_the_threads() {
    let a = parse_agent("hand").unwrap();
    let b = parse_agent("basic").unwrap();
    let r1 = duel(a.as_ref(), b.as_ref(), 600, 1, 5, &|_| {}).unwrap();
    let r2 = duel(a.as_ref(), b.as_ref(), 600, 2, 5, &|_| {}).unwrap();
    let r3 = duel(a.as_ref(), b.as_ref(), 600, 2, 9, &|_| {}).unwrap();
    assert_eq!((r1.wins_a, r1.rounds), (r2.wins_a, r2.rounds));
    assert_ne!((r1.wins_a, r1.rounds), (r3.wins_a, r3.rounds));
    assert_eq!(r1.wins_a + r1.wins_b, 600);
}

// ------------------------------------------------------------ scoring rules

/// Hands for hand-made rounds (need not hold 7 tiles each).
fn round(hands: [&[(u8, u8)]; 4], opener: u8) -> Round {
    Round::new(
        [
            hand(hands[0]),
            hand(hands[1]),
            hand(hands[2]),
            hand(hands[3]),
        ],
        opener,
        Opening::AnyDouble,
        [0, 0],
    )
}

#[test]
fn p1_counts_spinner_and_crosswise_doubles() {
    let mut r = round(
        [
            &[(5, 5), (3, 6), (0, 0)],
            &[(5, 2), (0, 1)],
            &[(5, 3), (1, 1)],
            &[(2, 2), (1, 2)],
        ],
        0,
    );
    let mut ev = Vec::new();
    let mut sink = |e| ev.push(e);
    r.open_with(t(5, 5), &mut sink); // 5-5 alone = 10
    r.play(mv(5, 2, 0), &mut sink); // 2 + 10 = 12
    r.play(mv(5, 3, 1), &mut sink); // 2 + 3 = 5: spinner no longer counts
    r.play(mv(2, 2, 0), &mut sink); // 4 + 3 = 7: crosswise double counts twice
    r.play(mv(3, 6, 1), &mut sink); // 4 + 6 = 10
    assert_eq!(
        scores(&ev),
        vec![
            (0, 10, Rule::TableCount),
            (0, 5, Rule::TableCount),
            (0, 10, Rule::TableCount)
        ]
    );
    assert_eq!(r.points, [25, 0]);
}

#[test]
fn p1_spinner_with_zero_on_one_arm_is_ten() {
    let mut r = round(
        [&[(5, 5), (1, 1)], &[(5, 0), (2, 2)], &[(3, 3)], &[(4, 4)]],
        0,
    );
    let mut ev = Vec::new();
    r.open_with(t(5, 5), &mut |e| ev.push(e));
    r.play(mv(5, 0, 0), &mut |e| ev.push(e));
    assert_eq!(
        scores(&ev),
        vec![(0, 10, Rule::TableCount), (1, 10, Rule::TableCount)]
    );
}

#[test]
fn p2_pass_pays_the_opponent_but_not_when_provoked_by_the_partner() {
    // Seat 0 opens 6-6, seat 1 passes: team A gets 20 when play resumes.
    let mut r = round(
        [
            &[(6, 6), (0, 0)],
            &[(1, 2), (1, 1)],
            &[(6, 4), (2, 2)],
            &[(6, 3), (3, 3)],
        ],
        0,
    );
    let mut ev = Vec::new();
    r.open_with(t(6, 6), &mut |e| ev.push(e));
    r.pass(&mut |e| ev.push(e));
    r.play(mv(6, 4, 0), &mut |e| ev.push(e));
    assert_eq!(scores(&ev), vec![(0, 20, Rule::Pass)]);
    assert_eq!(r.voids[1], 1 << 6, "seat 1 is known to lack 6");

    // Seat 1 plays 6-1; seat 2 (its opponent) passes: 20 for team B; seat 3
    // (its partner) passes: nothing.
    let mut r = round(
        [
            &[(6, 6), (6, 5), (0, 0)],
            &[(6, 1), (2, 2)],
            &[(0, 2), (3, 3)],
            &[(0, 3), (4, 4)],
        ],
        0,
    );
    let mut ev = Vec::new();
    r.open_with(t(6, 6), &mut |e| ev.push(e));
    r.play(mv(6, 1, 0), &mut |e| ev.push(e)); // 1 + 12 = 13
    r.pass(&mut |e| ev.push(e));
    r.pass(&mut |e| ev.push(e));
    r.play(mv(6, 5, 1), &mut |e| ev.push(e)); // 1 + 5 = 6
    assert_eq!(scores(&ev), vec![(1, 20, Rule::Pass)]);
}

#[test]
fn p3_galo_scores_50_instead_of_the_20s_then_blocks() {
    let mut r = round(
        [&[(6, 6), (0, 1)], &[(3, 4)], &[(0, 2)], &[(4, 5), (5, 3)]],
        0,
    );
    let mut ev = Vec::new();
    r.open_with(t(6, 6), &mut |e| ev.push(e));
    r.pass(&mut |e| ev.push(e));
    r.pass(&mut |e| ev.push(e));
    r.pass(&mut |e| ev.push(e));
    assert_eq!(scores(&ev), vec![(0, 50, Rule::Galo)]);
    assert_eq!(
        r.turn, 0,
        "the turn comes back to the player who laid the tile"
    );
    // It cannot play either: blocked. Team A holds 1 + 2 = 3 pips, team B
    // 7 + 17 = 24 → team A scores 20.
    r.pass(&mut |e| ev.push(e));
    assert_eq!(r.end, Some(RoundEnd::Blocked));
    assert_eq!(
        scores(&ev),
        vec![(0, 50, Rule::Galo), (0, 20, Rule::Blocked)]
    );
}

#[test]
fn blocked_round_with_equal_pips_scores_nothing() {
    let mut r = round([&[(6, 6), (0, 1)], &[(0, 2)], &[(2, 3)], &[(1, 3)]], 0);
    let mut ev = Vec::new();
    r.open_with(t(6, 6), &mut |e| ev.push(e));
    for _ in 0..4 {
        r.pass(&mut |e| ev.push(e));
    }
    assert_eq!(r.end, Some(RoundEnd::Blocked));
    // 1 + 5 = 6 against 2 + 4 = 6: only the galo.
    assert_eq!(scores(&ev), vec![(0, 50, Rule::Galo)]);
}

#[test]
fn p4_garagem_rounds_down_and_p5_double_out_adds_20() {
    // Seat 0 goes out with 6-6: P5 20, garagem 16 + 7 = 23 → 20 (the
    // partner's pips do not count).
    let mut r = round(
        [&[(6, 6)], &[(4, 5), (3, 4)], &[(1, 1), (6, 5)], &[(2, 5)]],
        0,
    );
    let mut ev = Vec::new();
    r.open_with(t(6, 6), &mut |e| ev.push(e));
    assert_eq!(r.end, Some(RoundEnd::Out { seat: 0 }));
    assert_eq!(
        scores(&ev),
        vec![(0, 20, Rule::DoubleOut), (0, 20, Rule::Garagem)]
    );

    // Seat 1 goes out with 6-2 (no P5): garagem 1 + 17 = 18 → 15.
    let mut r = round(
        [&[(6, 6), (0, 1)], &[(6, 2)], &[(3, 4), (5, 5)], &[(1, 2)]],
        0,
    );
    let mut ev = Vec::new();
    r.open_with(t(6, 6), &mut |e| ev.push(e));
    r.play(mv(6, 2, 1), &mut |e| ev.push(e)); // 2 + 12 = 14
    assert_eq!(r.end, Some(RoundEnd::Out { seat: 1 }));
    assert_eq!(scores(&ev), vec![(1, 15, Rule::Garagem)]);
}

#[test]
fn match_ends_at_200_and_ties_play_on() {
    assert_eq!(match_winner([200, 150]), Some(0));
    assert_eq!(match_winner([195, 230]), Some(1));
    assert_eq!(
        match_winner([215, 205]),
        Some(0),
        "both over 200: higher wins"
    );
    assert_eq!(match_winner([210, 210]), None, "tied: another round");
    assert_eq!(match_winner([195, 190]), None);
}

#[test]
fn opener_rules() {
    let hands = [
        hand(&[(6, 6), (0, 1)]),
        hand(&[(1, 2)]),
        hand(&[(2, 3)]),
        hand(&[(3, 3)]),
    ];
    assert_eq!(opener(&hands, None), (0, Opening::Forced(Tile::DOUBLE_SIX)));
    assert_eq!(
        opener(&hands, Some(RoundEnd::Blocked)),
        (0, Opening::Forced(Tile::DOUBLE_SIX))
    );
    // Seat 3 went out and holds a double: it opens with one of its choice.
    assert_eq!(
        opener(&hands, Some(RoundEnd::Out { seat: 3 })),
        (3, Opening::AnyDouble)
    );
    // Seat 1 went out without a double: first clockwise with one (seat 3).
    assert_eq!(
        opener(&hands, Some(RoundEnd::Out { seat: 1 })),
        (3, Opening::AnyDouble)
    );
    // The opener's choice: basic takes the 10 points of 5-5.
    let mut r = Round::new(
        [
            hand(&[(3, 3), (5, 5), (0, 1)]),
            hand(&[(1, 2)]),
            hand(&[(2, 3)]),
            hand(&[(4, 4)]),
        ],
        0,
        Opening::AnyDouble,
        [0, 0],
    );
    let basic = EvalAgent::basic();
    let agents: [&dyn Agent; 4] = [&basic; 4];
    let mut ev = Vec::new();
    r.step(&agents, &mut seeded(1), &mut |e| ev.push(e));
    assert_eq!(
        ev[0],
        Event::Placed {
            seat: 0,
            tile: t(5, 5),
            arm: None
        }
    );
}

#[test]
#[should_panic(expected = "must open with 6-6")]
fn first_round_must_open_with_double_six() {
    let mut r = Round::new(
        [
            hand(&[(6, 6), (5, 5)]),
            hand(&[(1, 2)]),
            hand(&[(2, 3)]),
            hand(&[(4, 4)]),
        ],
        0,
        Opening::Forced(Tile::DOUBLE_SIX),
        [0, 0],
    );
    r.open_with(t(5, 5), &mut |_| {});
}

#[test]
#[should_panic(expected = "illegal move")]
fn illegal_moves_are_refused() {
    let mut r = round([&[(6, 6), (0, 1)], &[(1, 2)], &[(2, 3)], &[(4, 4)]], 0);
    r.open_with(t(6, 6), &mut |_| {});
    r.play(mv(1, 2, 0), &mut |_| {});
}

// ---------------------------------------------------------------- agents

#[test]
fn evaluation_predicts_points_and_the_hand_function_differs_from_basic() {
    // Spinner 5-5, seat 1 holds 5-0 and 5-3: 5-0 makes 0 + 10 = 10, 5-3
    // makes 3 + 10 = 13.
    let mut r = round(
        [
            &[(5, 5), (1, 1)],
            &[(5, 0), (5, 3), (2, 2)],
            &[(3, 3)],
            &[(4, 4)],
        ],
        0,
    );
    r.open_with(t(5, 5), &mut |_| {});
    let moves = [mv(5, 0, 0), mv(5, 3, 0)];
    let view = r.view(1);
    let f = EvalAgent::basic().scores(&view, &moves);
    assert_eq!(f, vec![10.0, 0.0]);
    let h = EvalAgent::new("hand", preset("hand").unwrap()).scores(&view, &moves);
    assert_ne!(h, f);
}

#[test]
fn agent_names_parse_and_bad_names_say_what_is_allowed() {
    for n in [
        "basic",
        "hand",
        "s1",
        "s4@2",
        "coef:1,2,3,4,5,6,7",
        "mc",
        "mc:8",
        "mc:20ms",
        "mc:8:hand",
    ] {
        assert!(parse_agent(n).is_ok(), "{n}");
    }
    let e = parse_agent("s9").err().unwrap();
    assert!(e.contains("allowed") && e.contains("coef:"), "{e}");
    assert!(parse_agent("coef:1,2,3").err().unwrap().contains("7"));
    assert!(
        parse_agent("coef:1,2,3,4,5,6,x")
            .err()
            .unwrap()
            .contains("a7")
    );
    assert!(parse_agent("mc:0").is_err());
    assert!(
        parse_agent("file:/nonexistent/x.ron")
            .err()
            .unwrap()
            .contains("cannot read")
    );
}

#[test]
fn coefficient_files_round_trip_and_bad_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("evoboard-dom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = CoefficientFile {
        strategy: 1,
        stage: 1,
        coefficients: [1.0, -2.0, 3.5, 0.0, 4.0, -5.0, 6.0],
        fitness: 123.0,
        matches: 500,
        seed: 7,
    };
    let p = dir.join("c.ron");
    std::fs::write(&p, f.to_ron()).unwrap();
    assert_eq!(CoefficientFile::load(&p).unwrap(), f);
    let a = parse_agent(&format!("file:{}", p.display())).unwrap();
    assert!(a.name().starts_with("file:"));
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(strategy: 1)").unwrap();
    let e = CoefficientFile::load(&bad).unwrap_err();
    assert!(e.contains("not a coefficient file"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hidden_hands_respect_sizes_and_known_voids() {
    let basic = EvalAgent::basic();
    let agents: [&dyn Agent; 4] = [&basic; 4];
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (op, opening) = opener(&hands, None);
        let mut r = Round::new(hands, op, opening, [0, 0]);
        for _ in 0..(seed % 20) {
            if r.is_over() {
                break;
            }
            r.step(&agents, &mut rng, &mut |_| {});
        }
        if r.is_over() {
            continue;
        }
        let v = r.view(r.turn);
        for _ in 0..20 {
            let h = sample_hidden(&v, &mut rng);
            let mut all = r.table.tiles.0;
            for s in 0..4u8 {
                assert_eq!(h[s as usize].len(), r.hand(s).len());
                assert_eq!(all & h[s as usize].0, 0);
                all |= h[s as usize].0;
                for tile in h[s as usize].iter() {
                    assert_eq!(
                        NUMBERS_OF[tile.0 as usize] & r.voids[s as usize],
                        0,
                        "void broken"
                    );
                }
            }
            assert_eq!(all, ALL_TILES);
            assert_eq!(h[v.seat() as usize], r.hand(v.seat()));
            checked += 1;
        }
    }
    assert!(checked > 500);
}

#[test]
fn monte_carlo_agent_plays_legal_deterministic_matches() {
    let mc = MonteCarloAgent::parse("mc:4:hand").unwrap();
    let basic = EvalAgent::basic();
    let agents: [&dyn Agent; 4] = [&mc, &basic, &mc, &basic];
    let a = play_match(&agents, &mut seeded(3));
    let b = play_match(&agents, &mut seeded(3));
    assert_eq!(a, b);
    assert!(a.score[a.winner] >= MATCH_TARGET);
}

#[test]
fn shipped_tuned_presets_match_their_files() {
    for (name, file) in [
        ("t1", "t1.ron"),
        ("t2", "t2.ron"),
        ("t3", "t3.ron"),
        ("t4", "t4.ron"),
        ("t1@2", "t1-2.ron"),
        ("t2@2", "t2-2.ron"),
        ("t3@2", "t3-2.ron"),
        ("t4@2", "t4-2.ron"),
        ("t1@3", "t1-3.ron"),
        ("t1full", "t1-full.ron"),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/domino/tuned")
            .join(file);
        let f = CoefficientFile::load(&path).unwrap();
        assert_eq!(
            preset(name),
            Some(f.coefficients),
            "{name} differs from {file}"
        );
        let free = super::agents::free_coefficients(f.strategy).unwrap();
        for (i, (free, c)) in free.iter().zip(f.coefficients).enumerate() {
            assert!(*free || c == 0.0, "{name}: α{} must be 0", i + 1);
        }
    }
}

#[test]
fn ga_tuner_is_seeded_and_keeps_fixed_coefficients_zero() {
    use super::tuner::{GaSettings, GaTuner, stage_opponents};
    use crate::search::{Objective, Search};
    let settings = GaSettings {
        population: 8,
        generations: 3,
        matches: 40,
        ..GaSettings::default()
    };
    let run = || {
        let mut ga = GaTuner::new(3, stage_opponents(3, 1).unwrap(), settings, 9).unwrap();
        assert_eq!(ga.objective(), Objective::Maximize);
        for _ in 0..3 {
            ga.step();
        }
        (*ga.best().0, ga.best().1, ga.history().to_vec())
    };
    let (c, f, h) = run();
    assert_eq!(run(), (c, f, h.clone()));
    assert_eq!(h.len(), 3);
    assert!(f > 0.0 && f <= 40.0);
    assert_eq!((c[0], c[1], c[2], c[4]), (0.0, 0.0, 0.0, 0.0));
    assert!(c[3] != 0.0 && c[5] != 0.0 && c[6] != 0.0);
    assert_eq!(stage_opponents(2, 3).unwrap().len(), 3);
    assert!(stage_opponents(5, 1).is_err() && stage_opponents(1, 4).is_err());
}

#[test]
fn state_vectors_show_what_the_seat_has_seen() {
    use super::state::StateVectors;
    let mut r = round(
        [
            &[(5, 5), (2, 4), (0, 0)],
            &[(5, 2), (1, 1)],
            &[(3, 3), (1, 2)],
            &[(5, 6), (4, 4)],
        ],
        0,
    );
    r.open_with(t(5, 5), &mut |_| {});
    r.play(mv(5, 2, 0), &mut |_| {}); // ends: 2 on arm 0, spinner 5 on arm 1
    r.pass(&mut |_| {}); // seat 2 lacks 2 and 5
    r.play(mv(5, 6, 1), &mut |_| {}); // seat 3: ends 2, 6; arms 3/4 open on 5
    let v = StateVectors::from_view(&r.view(0));
    assert_eq!(v.on_table, [0, 0, 1, 0, 0, 3, 1]);
    assert_eq!(v.in_hand, [1, 0, 1, 0, 1, 0, 0]);
    assert_eq!(v.open_ends, [0, 0, 1, 0, 0, 2, 1]);
    assert_eq!(v.partner_played, [0; 7]);
    assert_eq!(v.next_void, [0; 7]);
    assert_eq!(v.prev_void, [0; 7]);
    assert_eq!(v.partner_void, [0, 0, 1, 0, 0, 1, 0]);
    // Seat 1 sees its partner's (seat 3) play and seat 2 as next opponent.
    let v1 = StateVectors::from_view(&r.view(1));
    assert_eq!(v1.partner_played, [0, 0, 0, 0, 0, 1, 1]);
    assert_eq!(v1.next_void, [0, 0, 1, 0, 0, 1, 0]);
    assert_eq!(v1.rows()[1], [0, 1, 0, 0, 0, 0, 0], "1-1 counts once");
}

#[test]
fn evaluation_predicts_pass_and_galo_points() {
    let mut r = round(
        [&[(6, 6), (6, 4), (0, 0)], &[(1, 1)], &[(2, 2)], &[(3, 3)]],
        0,
    );
    r.open_with(t(6, 6), &mut |_| {});
    let m = [mv(6, 4, 0)]; // leaves 4 and the spinner's 6 open: 4 + 12 = 16
    let basic = EvalAgent::basic();
    assert_eq!(basic.scores(&r.view(0), &m), vec![0.0]);
    r.voids[1] = 1 << 4 | 1 << 6; // the next player is known to lack 4 and 6
    assert_eq!(basic.scores(&r.view(0), &m), vec![20.0]);
    r.voids[2] = 1 << 4 | 1 << 6;
    assert_eq!(
        basic.scores(&r.view(0), &m),
        vec![20.0],
        "seat 3 may still play"
    );
    r.voids[3] = 1 << 4 | 1 << 6;
    assert_eq!(basic.scores(&r.view(0), &m), vec![50.0], "galo predicted");
    // A number is also dead when all seven of its tiles are seen.
    let mut r = round(
        [
            &[(6, 6), (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)],
            &[(1, 1)],
            &[(2, 2)],
            &[(3, 3)],
        ],
        0,
    );
    r.open_with(t(6, 6), &mut |_| {});
    r.voids[1] = 1 << 5;
    assert_eq!(basic.scores(&r.view(0), &[mv(6, 5, 0)]), vec![20.0]); // 5 + 12 = 17
}
