//! The search agent's move values and the hint for a person: `choose`
//! unchanged by the refactor, hints from what the seat sees only.

use super::*;
use crate::domino::hint_round;
use crate::rng::Rng;

/// Positions with a choice: seeded rounds played `k` turns by `t1`.
fn positions(n: u64) -> Vec<(Round, u64)> {
    let t1 = EvalAgent::new("t1", preset("t1").unwrap());
    let agents: [&dyn Agent; 4] = [&t1; 4];
    let mut out = Vec::new();
    let mut seed = 0u64;
    while (out.len() as u64) < n {
        seed += 1;
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (op, opening) = opener(&hands, None);
        let mut r = Round::new(hands, op, opening, [0, 0]);
        for _ in 0..(1 + seed % 17) {
            if r.is_over() {
                break;
            }
            r.step(&agents, &mut rng, &mut |_| {});
        }
        let mut buf = [mv(0, 0, 0); 28];
        if !r.is_over() && r.table.spinner.is_some() && r.legal_moves(&mut buf) > 1 {
            out.push((r, seed));
        }
    }
    out
}

fn moves_of(r: &Round) -> Vec<Move> {
    let mut buf = [mv(0, 0, 0); 28];
    let n = r.legal_moves(&mut buf);
    buf[..n].to_vec()
}

/// Every choice of `mc:D` over many positions and seeds, folded into one
/// number, with the RNG's next draw after each (the random stream used).
fn fingerprint(d: u32) -> (u64, u64) {
    let mc: MonteCarloAgent = format!("mc:{d}")
        .parse::<super::super::spec::SearchSpec>()
        .unwrap()
        .build()
        .unwrap();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut picks = 0u64;
    for (r, seed) in positions(120) {
        let view = r.view(r.turn);
        let moves = moves_of(&r);
        for k in 0..3u64 {
            let mut rng: Rng = seeded(derive_seed(seed, k));
            let i = mc.choose(&view, &moves, &mut rng) as u64;
            let next: u64 = crate::rng::RngExt::random(&mut rng);
            h = (h ^ i).wrapping_mul(0x0100_0000_01b3);
            h = (h ^ next).wrapping_mul(0x0100_0000_01b3);
            picks += i;
        }
    }
    (h, picks)
}

#[test]
fn choose_is_unchanged_by_the_move_values() {
    // Pinned before `evaluate` was added.
    assert_eq!(fingerprint(16), (8003583560756031018, 428));
    assert_eq!(fingerprint(3), (3996953043553849641, 441));
}

#[test]
fn choose_picks_a_best_valued_move_of_evaluate() {
    let mc: MonteCarloAgent = "mc:12"
        .parse::<super::super::spec::SearchSpec>()
        .unwrap()
        .build()
        .unwrap();
    for (r, seed) in positions(40) {
        let view = r.view(r.turn);
        let moves = moves_of(&r);
        let values = mc.evaluate(&view, &moves, &mut seeded(seed));
        let i = mc.choose(&view, &moves, &mut seeded(seed));
        let best = values.iter().map(|v| v.mean_diff).fold(f64::MIN, f64::max);
        assert_eq!(values[i].mean_diff, best, "seed {seed}");
        for (v, m) in values.iter().zip(&moves) {
            assert_eq!(v.mv, *m);
            assert_eq!(v.samples, 12);
            assert!((v.mean_diff - (v.mean_own - v.mean_other)).abs() < 1e-9);
            assert!(v.mean_own >= 0.0 && v.mean_other >= 0.0);
        }
    }
}

#[test]
fn a_hint_depends_only_on_what_the_seat_sees() {
    let mc = MonteCarloAgent::new(16, EvalAgent::new("t1", preset("t1").unwrap()));
    let mut differed = 0;
    for (r, seed) in positions(30) {
        let seat = r.turn;
        let view = r.view(seat);
        // Another deal of the hidden tiles, consistent with the seat's view.
        let other = view.determinize(sample_hidden(&view, &mut seeded(seed ^ 0xabc)));
        differed += u32::from((0..4).any(|s| other.hand(s) != r.hand(s)));
        let a = hint_round(&r, seat, &mc, seed).unwrap();
        let b = hint_round(&other, seat, &mc, seed).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.best, a.options[0].turn);
        assert!(
            a.options
                .windows(2)
                .all(|w| w[0].value.mean_diff >= w[1].value.mean_diff)
        );
        assert_eq!(a.options.len(), moves_of(&r).len());
        for o in &a.options {
            let crate::domino::Turn::Play(m) = o.turn else {
                panic!("plays only")
            };
            assert!(
                o.text.starts_with(&format!("{} on the ", m.tile)),
                "{}",
                o.text
            );
            assert!(o.text.contains("points expected (you "), "{}", o.text);
        }
        // Another seat may not ask now.
        assert_eq!(
            hint_round(&r, (seat + 1) % 4, &mc, seed),
            Err(DominoError::NotSeatsTurn {
                seat: (seat + 1) % 4,
                turn: seat
            })
        );
    }
    assert!(differed > 20, "the deals differ: {differed}");
}

#[test]
fn a_person_gets_a_hint_without_changing_the_match() {
    let (mut opens, mut plays, mut passes) = (0, 0, 0);
    for seed in 1..=4 {
        let agents: [Option<Box<dyn Agent>>; 4] = [
            None,
            Some(Box::new(EvalAgent::basic())),
            Some(Box::new(EvalAgent::basic())),
            Some(Box::new(EvalAgent::basic())),
        ];
        let mut m = crate::domino::LocalMatch::new(agents, seed);
        for _ in 0..10_000 {
            m.run_ai();
            let Some(choice) = m.human_choice() else {
                break;
            };
            let before = m.round().clone();
            let h = m.hint(0, 8, 1).unwrap();
            assert_eq!(h, m.hint(0, 8, 1).unwrap(), "same seed, same hint");
            assert!((0..4).all(|s| m.round().hand(s) == before.hand(s)));
            assert_eq!(m.round().turn, before.turn);
            assert!(m.hint(1, 8, 1).is_err());
            match (choice, h.best) {
                (crate::domino::HumanChoice::Open(d), crate::domino::Turn::Open(t)) => {
                    assert!(d.contains(&t));
                    assert!(h.options[0].text.starts_with("open with "));
                    m.human_open(t).unwrap();
                    opens += 1;
                }
                (crate::domino::HumanChoice::Play(ms), crate::domino::Turn::Play(mv)) => {
                    assert!(ms.contains(&mv));
                    m.human_play(mv).unwrap();
                    plays += 1;
                }
                (crate::domino::HumanChoice::MustPass, crate::domino::Turn::Pass) => {
                    assert!(h.options.is_empty());
                    m.human_pass().unwrap();
                    passes += 1;
                }
                (c, b) => panic!("choice {c:?} but hint {b:?}"),
            }
        }
        assert!(m.result().is_some());
    }
    assert!(plays > 10 && opens + passes > 0, "{opens} {plays} {passes}");
}

#[test]
fn sampled_hands_avoid_every_number_their_seat_passed_on() {
    // `hidden_hands_respect_sizes_and_known_voids` checks every sample;
    // here only positions where some other seat has passed, so the void
    // constraint is really exercised.
    let t1 = EvalAgent::new("t1", preset("t1").unwrap());
    let agents: [&dyn Agent; 4] = [&t1; 4];
    let mut constrained = 0;
    for seed in 0..300u64 {
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (op, opening) = opener(&hands, None);
        let mut r = Round::new(hands, op, opening, [0, 0]);
        while !r.is_over() {
            let me = r.turn;
            if (0..4u8).any(|s| s != me && r.voids[s as usize] != 0) {
                let v = r.view(me);
                for k in 0..5 {
                    let h = sample_hidden(&v, &mut seeded(derive_seed(seed, k)));
                    let mut seen = r.table.tiles.0;
                    for (s, hs) in h.iter().enumerate() {
                        assert_eq!(seen & hs.0, 0, "a tile twice");
                        seen |= hs.0;
                        assert_eq!(hs.len(), r.hand(s as u8).len());
                        for tile in hs.iter() {
                            assert_eq!(NUMBERS_OF[tile.0 as usize] & r.voids[s], 0);
                        }
                    }
                    assert_eq!(seen, ALL_TILES);
                }
                constrained += 1;
            }
            r.step(&agents, &mut rng, &mut |_| {});
        }
    }
    assert!(constrained > 200, "{constrained}");
}

/// Time per hint (prints; run with `cargo test --release --no-default-features
/// --features cli --lib hint_cost -- --ignored --nocapture`).
#[test]
#[ignore = "a measurement, not a check"]
fn hint_cost() {
    let ps = positions(60);
    for d in [256u32, 1024] {
        let mc = MonteCarloAgent::new(d, EvalAgent::new("t1", preset("t1").unwrap()));
        let mut times = Vec::new();
        let mut options = 0usize;
        for (r, seed) in &ps {
            let start = std::time::Instant::now();
            let h = hint_round(r, r.turn, &mc, *seed).unwrap();
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            options += h.options.len();
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        println!(
            "hint at {d} determinizations: mean {mean:.1} ms, median {:.1} ms, max {:.1} ms \
             over {} positions ({:.1} options each)",
            times[times.len() / 2],
            times[times.len() - 1],
            times.len(),
            options as f64 / times.len() as f64
        );
    }
}
