//! Whole games: determinism and replay, the 5–6 player game, the
//! play-test (its errors, threads, the value bot's strength), the
//! longest-road and best-spot searches, the state's size, and the
//! weighted-random bot's kind-first draw (always a legal action).

use super::tests::{base, board, main_phase};
use super::*;
use crate::boards::catan::{CatanBoard, CatanLayout, standard_codes};
use crate::rng::seeded;

/// Random-bot games on `t` for `seeds`, step by step: `each` sees the
/// state, the generator before and after the bot's draw, the action
/// drawn and the seed, before the action is resolved and applied.
fn random_steps(
    t: &Topology,
    seeds: std::ops::Range<u64>,
    mut each: impl FnMut(&State, &crate::rng::Rng, &crate::rng::Rng, Action, u64),
) {
    for seed in seeds {
        let mut rng = seeded(seed);
        let mut s = State::new(t, 4, &mut rng);
        while s.phase != Phase::Over && s.turns < TURN_CAP {
            let before = rng.clone();
            let a = s.random_action(t, &mut rng);
            each(&s, &before, &rng, a, seed);
            let a = s.resolve(a, &mut rng);
            s.apply(t, a);
        }
    }
}

#[test]
fn the_random_bot_always_draws_a_legal_action() {
    let t = base();
    let mut legal = Vec::new();
    let mut kinds = [0usize; 4];
    random_steps(&t, 0..40, |s, _, _, a, seed| {
        s.legal(&t, &mut legal);
        assert!(legal.contains(&a), "seed {seed}: {a:?} not in {legal:?}");
        match a {
            Action::City(_) => kinds[0] += 1,
            Action::Settlement(_) => kinds[1] += 1,
            Action::Trade { .. } => kinds[2] += 1,
            Action::EndTurn => kinds[3] += 1,
            _ => {}
        }
    });
    assert!(kinds.iter().all(|&k| k > 0), "every kind drawn: {kinds:?}");
}

#[test]
fn the_random_bot_draws_discards_robber_moves_road_spots_and_pre_roll_cards_as_from_their_list() {
    let t = base();
    let mut legal = Vec::new();
    let mut drawn = [0usize; 5];
    random_steps(&t, 0..20, |s, before, after, a, seed| {
        let kind = match s.phase {
            Phase::Discard => 0,
            Phase::Robber => 1,
            Phase::FreeRoads(_) => 2,
            Phase::SetupSettlement | Phase::SetupRoad(_) => 3,
            // Cards other than a knight played before the dice.
            Phase::PreRoll if !matches!(a, Action::Roll | Action::Knight) => 4,
            Phase::PreRoll => 5,
            _ => return,
        };
        s.legal(&t, &mut legal);
        let mut listed = before.clone();
        let want = legal[random_bot::one_of(&mut listed, legal.len() as u32) as usize];
        assert_eq!(a, want, "seed {seed}");
        assert_eq!(*after, listed, "seed {seed}: the same draws");
        if kind < 5 {
            drawn[kind] += 1;
        }
    });
    // Discards, robber moves, free roads, setup spots, cards before the dice.
    assert!(drawn[0] > 100 && drawn[1] > 100, "{drawn:?}");
    assert!(drawn[2] > 30 && drawn[3] > 100 && drawn[4] > 5, "{drawn:?}");
}

#[test]
fn same_seed_same_game_and_a_record_replays() {
    let t = base();
    let mut buf = Vec::new();
    let mut rec = GameRecord {
        start: State::new(&t, 4, &mut seeded(0)),
        actions: Vec::new(),
    };
    for bots in [[Bot::Value; 4], [Bot::Random; 4]] {
        let (r1, s1) = play_game(&t, &bots, 42, &mut buf, Some(&mut rec));
        let (r2, s2) = play_game(&t, &bots, 42, &mut buf, None);
        assert_eq!((r1, s1), (r2, s2));
        assert!(r1.winner.is_some());
        assert!(r1.points[r1.winner.unwrap() as usize] >= WIN_POINTS);
        assert_eq!(replay(&t, &rec), s1);
        let (r3, _) = play_game(&t, &bots, 43, &mut buf, None);
        assert_ne!(r1, r3);
    }
}

#[test]
fn five_six_games_play_with_the_special_building_phase() {
    let b = board(CatanLayout::five_six());
    let t = Topology::new(&b).unwrap();
    assert_eq!((t.seats, t.resource_cards), ((5, 6), 24));
    let mut buf = Vec::new();
    let mut rec = GameRecord {
        start: State::new(&t, 6, &mut seeded(0)),
        actions: Vec::new(),
    };
    let (r, s) = play_game(&t, &[Bot::Value; 6], 5, &mut buf, Some(&mut rec));
    assert!(r.winner.is_some());
    assert_eq!(s.deck_len, 34);
    let mut x = rec.start;
    let mut special = 0;
    for &a in &rec.actions {
        if matches!(x.phase, Phase::SpecialBuild(_)) && a != Action::EndTurn {
            special += 1;
        }
        x.apply(&t, a);
    }
    assert!(special > 0, "someone built in a special building phase");
    let report = play_test(&b, &PlayConfig::uniform(12, Bot::Random, 1, 1), &|_| true).unwrap();
    assert_eq!((report.seats, report.seat_win_share.len()), (6, 6));
}

#[test]
fn play_test_refuses_bad_input() {
    let b = board(CatanLayout::base());
    let none = |_| true;
    let err = play_test(&b, &PlayConfig::uniform(0, Bot::Value, 1, 1), &none).unwrap_err();
    assert!(err.to_string().contains("allowed: 1..=1000000"), "{err}");
    let huge = PlayConfig::uniform(MAX_GAMES + 1, Bot::Value, 1, 1);
    assert!(matches!(
        play_test(&b, &huge, &none),
        Err(PlayError::Games(_))
    ));
    let six = PlayConfig {
        seats: 6,
        ..PlayConfig::uniform(5, Bot::Value, 1, 1)
    };
    let err = play_test(&b, &six, &none).unwrap_err();
    assert!(err.to_string().contains("allowed: 3..=4"), "{err}");
    let mut bad = b.clone();
    bad.rows[0][0].number = None;
    let err = play_test(&bad, &PlayConfig::uniform(5, Bot::Value, 1, 1), &none).unwrap_err();
    assert!(err.to_string().contains("not a legal Catan board"), "{err}");
    let stop = |k| k < 3;
    let many = PlayConfig::uniform(50, Bot::Random, 1, 1);
    assert_eq!(play_test(&b, &many, &stop), Err(PlayError::Cancelled));
}

#[test]
fn play_test_does_not_depend_on_threads_and_the_value_bot_is_stronger() {
    let b = CatanBoard::decode(&standard_codes());
    let one = play_test(&b, &PlayConfig::uniform(40, Bot::Random, 7, 1), &|_| true).unwrap();
    let two = play_test(&b, &PlayConfig::uniform(40, Bot::Random, 7, 2), &|_| true).unwrap();
    assert_eq!(one.seat_win_share, two.seat_win_share);
    assert!(one.harbours_placed);
    let mut bots = [Bot::Random; MAX_SEATS];
    bots[0] = Bot::Value;
    let cfg = PlayConfig {
        bots,
        rotate: true,
        ..PlayConfig::uniform(200, Bot::Random, 1, 2)
    };
    let r = play_test(&b, &cfg, &|_| true).unwrap();
    let value = r.lineup_win_share[0];
    assert!(value.low > 0.5, "value bot wins {value:?}");
    // Rotation spreads the value bot over every seat.
    assert!(r.seat_win_share.iter().all(|s| s.wins > 10));
}

#[test]
fn longest_road_search_matches_trying_every_start() {
    let t = base();
    let mut buf = Vec::new();
    let mut rec = GameRecord {
        start: State::new(&t, 4, &mut seeded(0)),
        actions: Vec::new(),
    };
    let mut checked = 0;
    for seed in 0..30 {
        play_game(&t, &[Bot::Random; 4], seed, &mut buf, Some(&mut rec));
        let mut s = rec.start;
        for &a in &rec.actions {
            s.apply(&t, a);
            if matches!(a, Action::Road(_) | Action::Settlement(_)) {
                for p in 0..4 {
                    let slow = s.longest_road_slow(&t, p);
                    assert_eq!(s.longest_road_of(&t, p), slow);
                    // The length kept as roads are built (one search from
                    // a new road's open end) is the full search's.
                    if s.roads_left[p as usize] <= 10 {
                        assert_eq!(s.road_len[p as usize], slow, "seed {seed}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000);
    // A ring of six roads around a hex, nothing else: length 6.
    let mut s = main_phase(&t);
    let h = 9;
    for k in 0..6 {
        let (a, b) = (t.hex_corners[h][k], t.hex_corners[h][(k + 1) % 6]);
        s.place_road(&t, 0, t.edge_between(a, b).unwrap());
    }
    assert_eq!((s.road_len[0], s.longest_road), (6, 0));
}

#[test]
fn a_game_state_is_a_few_hundred_bytes() {
    let size = std::mem::size_of::<State>();
    assert!(size <= 640, "{size} bytes");
    assert_eq!(size, 640);
}

#[test]
fn best_spot_after_a_road_matches_a_full_search() {
    let t = base();
    let mut buf = Vec::new();
    let mut rec = GameRecord {
        start: State::new(&t, 4, &mut seeded(0)),
        actions: Vec::new(),
    };
    play_game(&t, &[Bot::Value; 4], 11, &mut buf, Some(&mut rec));
    let mut s = rec.start;
    let mut checked = 0;
    for &a in &rec.actions {
        if let Action::Road(_) = a {
            let p = s.actor();
            let mut next = s;
            next.apply(&t, a);
            // The incremental reach equals the search over every road.
            assert_eq!(
                bots::incremental_spot(&t, &s, p, a),
                best_spot(&t, &next, p)
            );
            checked += 1;
        }
        s.apply(&t, a);
    }
    assert!(checked > 10);
}
