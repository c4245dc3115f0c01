//! The advisor against whole rounds played by the real rules, the hidden
//! deal's (non-)influence, determinism and every refusal.

use super::replay::reconstruct;
use super::*;
use crate::domino::agents::EvalAgent;
use crate::domino::game::{deal, opener};
use crate::domino::round::RoundEnd;
use crate::rng::RngExt;

/// Agents of every kind: basic, hand-tuned, published strategies 1-4, our
/// presets, the Monte Carlo search on a small budget.
const AGENTS: &[&str] = &[
    "basic", "hand", "s1", "s2", "s3", "s4", "t1", "t4@2", "mc:8",
];

fn t(a: u8, b: u8) -> Tile {
    Tile::new(a, b)
}

fn play(a: u8, b: u8, arm: u8) -> Turn {
    Turn::Play(Move { tile: t(a, b), arm })
}

fn apply(round: &mut Round, turn: Turn) -> Result<(), DominoError> {
    let sink = &mut |_| {};
    match turn {
        Turn::Open(t) => round.try_open_with(t, sink),
        Turn::Play(m) => round.try_play(m, sink),
        Turn::Pass => round.try_pass(sink),
    }
}

/// What `seat` knows of `round`.
fn public(round: &Round, opener: u8, history: &[Turn], seat: u8) -> PublicRound {
    PublicRound {
        seat,
        hand: round.hand(seat).iter().collect(),
        opener,
        opening: round.opening,
        history: history.to_vec(),
        match_score: round.match_score,
    }
}

/// `rounds` rounds in a row (each opened as the previous one's end says),
/// every seat taking the turn [`choose_turn`] gives it with `agent`.
/// `check` sees the true round, the seat's state, the seed and the answer
/// before the answer is played (which must be legal).
fn advised_rounds(
    agent: &dyn Agent,
    rounds: u32,
    seed: u64,
    check: &mut dyn FnMut(&Round, &PublicRound, u64, Turn),
) {
    let mut rng = seeded(seed);
    let (mut previous, mut score) = (None, [0u32; 2]);
    for _ in 0..rounds {
        let hands = deal(&mut rng);
        let (first, opening) = opener(&hands, previous);
        let mut round = Round::new(hands, first, opening, score);
        let mut history = Vec::new();
        while !round.is_over() {
            let state = public(&round, first, &history, round.turn);
            let turn_seed: u64 = rng.random();
            let turn = choose_turn(agent, &state, turn_seed).expect("an answer");
            check(&round, &state, turn_seed, turn);
            apply(&mut round, turn).expect("the answer is legal in the real round");
            history.push(turn);
        }
        let state = public(&round, first, &history, round.turn);
        assert_eq!(
            choose_turn(agent, &state, 1),
            Err(DominoError::RoundAlreadyOver {
                end: round.end.expect("over")
            })
        );
        score = [score[0] + round.points[0], score[1] + round.points[1]];
        previous = round.end;
    }
}

#[test]
fn every_agent_answers_legally_like_it_would_at_the_real_table() {
    let mut kinds = [0u32; 3];
    for (i, name) in AGENTS.iter().enumerate() {
        let agent = parse_agent(name).expect("agent");
        advised_rounds(
            agent.as_ref(),
            3,
            100 + i as u64,
            &mut |real, state, seed, turn| {
                // The rebuilt round is the real one as far as the seat can tell.
                let r = reconstruct(state, derive_seed(seed, FILL_STREAM)).expect("rebuilt");
                assert_eq!(r.table, real.table);
                assert_eq!(r.played, real.played);
                assert_eq!(r.voids, real.voids);
                assert_eq!(r.points, real.points);
                assert_eq!(
                    (r.turn, r.last_placer, r.passes),
                    (real.turn, real.last_placer, real.passes)
                );
                assert_eq!(r.hand(state.seat), real.hand(state.seat));
                // Same answer as the agent at the real table with the same seed.
                let direct = decide(agent.as_ref(), real, derive_seed(seed, AGENT_STREAM));
                assert_eq!(direct, Ok(turn), "{name}");
                let other = PublicRound {
                    seat: (state.seat + 1) % 4,
                    hand: real.hand((state.seat + 1) % 4).iter().collect(),
                    ..state.clone()
                };
                assert_eq!(
                    choose_turn(agent.as_ref(), &other, seed),
                    Err(DominoError::NotSeatsTurn {
                        seat: other.seat,
                        turn: state.seat
                    })
                );
                kinds[match turn {
                    Turn::Open(_) => 0,
                    Turn::Play(_) => 1,
                    Turn::Pass => 2,
                }] += 1;
            },
        );
    }
    assert!(
        kinds.iter().all(|&k| k > 0),
        "opens, plays, passes: {kinds:?}"
    );
}

#[test]
fn the_hidden_deal_does_not_change_any_agents_choice() {
    let mut different_deals = 0;
    for (i, name) in AGENTS.iter().enumerate() {
        let agent = parse_agent(name).expect("agent");
        advised_rounds(
            agent.as_ref(),
            2,
            200 + i as u64,
            &mut |_, state, seed, _| {
                let (fill_a, fill_b) = (derive_seed(seed, 10), derive_seed(seed, 11));
                let a = reconstruct(state, fill_a).expect("rebuilt");
                let b = reconstruct(state, fill_b).expect("rebuilt");
                different_deals += (0..4).any(|s| a.hand(s) != b.hand(s)) as u32;
                assert_eq!(
                    choose_turn_seeded(agent.as_ref(), state, fill_a, seed),
                    choose_turn_seeded(agent.as_ref(), state, fill_b, seed),
                    "{name}"
                );
            },
        );
    }
    assert!(different_deals > 100, "the deals differ: {different_deals}");
}

#[test]
fn same_seed_same_answer() {
    let mut searched = 0;
    let basic = EvalAgent::basic();
    advised_rounds(&basic, 2, 7, &mut |real, state, seed, turn| {
        assert_eq!(choose_turn_named("basic", state, seed), Ok(turn));
        let mut moves = [Move {
            tile: Tile(0),
            arm: 0,
        }; 28];
        if real.legal_moves(&mut moves) > 1 {
            searched += 1;
            let first = choose_turn_named("mc:4", state, seed);
            assert!(first.is_ok());
            assert_eq!(choose_turn_named("mc:4", state, seed), first);
        }
    });
    assert!(searched > 5);
}

/// Seat 0's view after seat 1 opened 6-6 and seats 2 and 3 played.
fn midgame() -> PublicRound {
    PublicRound {
        seat: 0,
        hand: vec![
            t(3, 5),
            t(2, 2),
            t(0, 4),
            t(1, 5),
            t(6, 5),
            t(0, 0),
            t(4, 4),
        ],
        opener: 1,
        opening: Opening::Forced(Tile::DOUBLE_SIX),
        history: vec![Turn::Open(t(6, 6)), play(6, 3, 0), play(6, 2, 1)],
        match_score: [30, 45],
    }
}

fn refusal(state: &PublicRound) -> DominoError {
    choose_turn_named("basic", state, 3).expect_err("refused")
}

fn illegal_at(state: &PublicRound) -> (usize, String) {
    match refusal(state) {
        DominoError::IllegalHistoryTurn { index, reason, .. } => (index, reason),
        e => panic!("not an illegal turn: {e}"),
    }
}

#[test]
fn a_good_state_gets_an_answer_and_survives_serde() {
    let s = midgame();
    assert_eq!(choose_turn_named("basic", &s, 3), Ok(play(6, 5, 2)));
    let json = serde_json::to_string(&s).expect("json");
    assert!(json.contains(r#""hand":[[3,5],[2,2]"#), "{json}");
    assert!(
        json.contains(r#"{"Play":{"tile":[3,6],"arm":0}}"#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<PublicRound>(&json).expect("read"), s);
    let bad = json.replacen("[3,5]", "[3,7]", 1);
    assert!(serde_json::from_str::<PublicRound>(&bad).is_err());
    // The opener's first turn: 6-6 is forced, no agent needed.
    let mut opening = midgame();
    opening.history.clear();
    opening.opener = 0;
    opening.hand[4] = t(6, 6);
    assert_eq!(
        choose_turn_named("basic", &opening, 3),
        Ok(Turn::Open(t(6, 6)))
    );
    // After a seat went out: any double, the agent's choice (basic: 5-5 scores 10).
    opening.opening = Opening::AnyDouble;
    opening.hand[4] = t(5, 5);
    for name in AGENTS {
        let turn = choose_turn_named(name, &opening, 3).expect("an opening");
        assert!(matches!(turn, Turn::Open(d) if d.is_double() && opening.hand.contains(&d)));
    }
    assert_eq!(
        choose_turn_named("basic", &opening, 3),
        Ok(Turn::Open(t(5, 5)))
    );
}

#[test]
fn bad_states_are_refused_with_what_is_allowed() {
    let seat = PublicRound {
        seat: 4,
        ..midgame()
    };
    let e = refusal(&seat);
    assert_eq!(
        e,
        DominoError::SeatOutOfRange {
            role: "seat",
            seat: 4
        }
    );
    assert!(e.to_string().contains("seats are 0, 1, 2 and 3"));
    let opener = PublicRound {
        opener: 9,
        ..midgame()
    };
    assert_eq!(
        refusal(&opener),
        DominoError::SeatOutOfRange {
            role: "opener",
            seat: 9
        }
    );

    let mut s = midgame();
    s.hand[0] = Tile(40);
    assert_eq!(refusal(&s), DominoError::NoSuchTile { index: 40 });
    let s = PublicRound {
        opening: Opening::Forced(t(5, 6)),
        ..midgame()
    };
    assert_eq!(refusal(&s), DominoError::BadOpening { tile: t(5, 6) });
    let mut s = midgame();
    s.hand[1] = t(3, 5);
    assert_eq!(refusal(&s), DominoError::DuplicateTile { tile: t(3, 5) });
    let mut s = midgame();
    s.hand[1] = t(6, 3);
    let e = refusal(&s);
    assert_eq!(
        e,
        DominoError::TileAlreadyPlayed {
            tile: t(6, 3),
            by: 2
        }
    );
    assert!(e.to_string().contains("only the tiles held now"));
    let mut s = midgame();
    s.hand.pop();
    let e = refusal(&s);
    assert_eq!(
        e,
        DominoError::HandSizeForHistory {
            seat: 0,
            played: 0,
            got: 6
        }
    );
    assert!(e.to_string().contains("holds 7, not 6"), "{e}");

    // Seat 2 asks while seat 0 is to move.
    let s = PublicRound {
        seat: 2,
        hand: vec![t(1, 2), t(1, 3), t(1, 4), t(2, 3), t(2, 4), t(3, 3)],
        ..midgame()
    };
    assert_eq!(refusal(&s), DominoError::NotSeatsTurn { seat: 2, turn: 0 });
    assert!(refusal(&s).to_string().contains("it is seat 0's turn"));
    let s = PublicRound {
        history: vec![],
        ..midgame()
    };
    assert_eq!(refusal(&s), DominoError::NotSeatsTurn { seat: 0, turn: 1 });
    let s = PublicRound {
        history: vec![],
        opener: 0,
        ..midgame()
    };
    let e = refusal(&s);
    assert_eq!(
        e,
        DominoError::NoOpeningDouble {
            seat: 0,
            opening: s.opening
        }
    );
    assert!(e.to_string().contains("does not hold 6-6"));
    assert!(matches!(
        choose_turn_named("nope", &midgame(), 3),
        Err(DominoError::UnknownAgent { .. })
    ));
}

#[test]
fn illegal_histories_name_the_turn_and_the_reason() {
    let with = |history: Vec<Turn>| PublicRound {
        history,
        ..midgame()
    };
    let (i, why) = illegal_at(&with(vec![play(6, 3, 0)]));
    assert_eq!(i, 0);
    assert!(why.contains("Open with 6-6"), "{why}");
    let (i, why) = illegal_at(&with(vec![Turn::Open(t(5, 5))]));
    assert_eq!(i, 0);
    assert!(why.contains("must open with 6-6"), "{why}");
    let (i, why) = illegal_at(&with(vec![Turn::Open(t(6, 6)), play(6, 3, 2)]));
    assert_eq!(i, 1);
    assert!(why.contains("arm 2 is not open yet"), "{why}");
    let (i, why) = illegal_at(&with(vec![Turn::Open(t(6, 6)), play(1, 3, 0)]));
    assert_eq!(i, 1);
    assert!(why.contains("1-3 does not show 6"), "{why}");
    let (i, why) = illegal_at(&with(vec![
        Turn::Open(t(6, 6)),
        play(6, 3, 0),
        play(6, 3, 1),
    ]));
    assert_eq!(i, 2);
    assert!(why.contains("already on the table"), "{why}");
    let (_, why) = illegal_at(&with(vec![Turn::Open(t(6, 6)), play(6, 3, 7)]));
    assert!(why.contains("arms are 0, 1, 2 and 3"), "{why}");
    let (i, why) = illegal_at(&with(vec![Turn::Open(t(6, 6)), Turn::Open(t(5, 5))]));
    assert_eq!(i, 1);
    assert!(why.contains("spinner is already down"), "{why}");
    let e = refusal(&with(vec![Turn::Open(t(6, 6)), play(6, 3, 2)]));
    assert!(
        e.to_string()
            .starts_with("history turn 1 (seat 2: play 3-6 on arm 2) is not legal"),
        "{e}"
    );

    // Seat 0 (asking) passes holding 6-5 on a bare 6-6.
    let s = PublicRound {
        opener: 3,
        history: vec![Turn::Open(t(6, 6)), Turn::Pass],
        ..midgame()
    };
    let (i, why) = illegal_at(&s);
    assert_eq!(i, 1);
    assert!(why.contains("seat 0 held 5-6"), "{why}");
    // Seat 2 passes on 6, then plays 6-3 (a later play).
    let s = PublicRound {
        seat: 0,
        hand: vec![t(3, 5), t(2, 2), t(1, 5), t(2, 5), t(2, 4), t(5, 5)],
        opener: 1,
        history: vec![
            Turn::Open(t(6, 6)),
            Turn::Pass,
            play(6, 2, 0),
            play(6, 5, 1),
            Turn::Pass,
            play(6, 3, 2),
        ],
        ..midgame()
    };
    let (i, why) = illegal_at(&s);
    assert_eq!(i, 1);
    assert!(why.contains("seat 2 held 3-6"), "{why}");
    // All three others pass on 6 while seat 0 holds no 6: six 6s have no home.
    let s = PublicRound {
        opener: 0,
        hand: vec![t(3, 5), t(2, 2), t(0, 4), t(1, 5), t(1, 1), t(0, 0)],
        history: vec![Turn::Open(t(6, 6)), Turn::Pass, Turn::Pass, Turn::Pass],
        ..midgame()
    };
    let e = refusal(&s);
    assert!(matches!(e, DominoError::NoConsistentDeal { .. }), "{e}");
    assert!(e.to_string().contains("seat 1 lacks 6"), "{e}");
}

#[test]
fn nothing_follows_the_end_of_a_round() {
    let basic = EvalAgent::basic();
    let hands = deal(&mut seeded(5));
    let (first, opening) = opener(&hands, None);
    let mut round = Round::new(hands, first, opening, [0, 0]);
    let mut history = Vec::new();
    while !round.is_over() {
        let turn = decide(&basic, &round, 1).expect("turn");
        apply(&mut round, turn).expect("legal");
        history.push(turn);
    }
    let seat = match round.end {
        Some(RoundEnd::Out { seat }) => (seat + 1) % 4,
        _ => 0,
    };
    let mut s = public(&round, first, &history, seat);
    assert!(matches!(refusal(&s), DominoError::RoundAlreadyOver { .. }));
    assert!(refusal(&s).to_string().contains("the round is over"));
    s.history.push(Turn::Pass);
    let (i, why) = illegal_at(&s);
    assert_eq!(i, history.len());
    assert!(why.contains("no turn may follow"), "{why}");
}

#[test]
fn the_hint_sees_only_the_seat_and_agrees_with_the_search() {
    let mc = "mc:8"
        .parse::<crate::domino::spec::SearchSpec>()
        .expect("name")
        .build()
        .expect("agent");
    let (mut compared, mut played) = (0, 0);
    advised_rounds(&mc, 3, 300, &mut |_, state, seed, turn| {
        let (fill_a, fill_b) = (derive_seed(seed, 20), derive_seed(seed, 21));
        let agent_seed = derive_seed(seed, AGENT_STREAM);
        let a = hint_public_seeded(state, &mc, fill_a, agent_seed).expect("hint");
        let b = hint_public_seeded(state, &mc, fill_b, agent_seed).expect("hint");
        assert_eq!(a, b, "two hidden deals, one hint");
        compared += 1;
        assert_eq!(hint_public(state, &mc, seed), Ok(a.clone()));
        // The search's own choice is one of the best-valued options.
        if let (Turn::Play(_), true) = (turn, a.options.len() > 1) {
            let chosen = a.options.iter().find(|o| o.turn == turn).expect("listed");
            assert_eq!(chosen.value.mean_diff, a.options[0].value.mean_diff);
            played += 1;
        }
        if turn == Turn::Pass {
            assert_eq!((a.best, a.options.len()), (Turn::Pass, 0));
        }
    });
    assert!(compared > 50 && played > 10, "{compared} {played}");
}
