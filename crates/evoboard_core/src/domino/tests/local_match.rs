//! The turn-at-a-time match: same results as `play_match`, a person's
//! choices checked, the log explains every point.

use super::super::local_match::{Actor, HumanChoice, LocalMatch, all_legal_moves, count_terms};
use super::*;

fn boxed(names: [&str; 4]) -> [Option<Box<dyn Agent>>; 4] {
    names.map(|n| Some(parse_agent(n).unwrap()))
}

#[test]
fn an_ai_match_through_local_match_equals_play_match() {
    let mixes = [
        ["basic", "basic", "basic", "basic"],
        ["t1", "basic", "hand", "s2"],
        ["s1@2", "t3", "basic", "mc:4"],
    ];
    for (k, names) in mixes.iter().enumerate() {
        for seed in [1u64, 7, 42, 2026] {
            let mut m = LocalMatch::new(boxed(*names), seed);
            let mut turns = 0;
            while m.next_actor() != Actor::MatchOver {
                match m.next_actor() {
                    Actor::Ai(_) => m.ai_step().unwrap(),
                    Actor::RoundOver => m.next_round().unwrap(),
                    a => panic!("unexpected {a:?}"),
                }
                turns += 1;
                assert!(turns < 100_000);
            }
            let agents: Vec<Box<dyn Agent>> =
                names.iter().map(|n| parse_agent(n).unwrap()).collect();
            let refs: [&dyn Agent; 4] = std::array::from_fn(|s| agents[s].as_ref());
            let mut events = Vec::new();
            let expected = play_match_logged(&refs, &mut seeded(seed), &mut |e| events.push(e));
            let got = m.result().unwrap();
            assert_eq!(got, expected, "mix {k}, seed {seed}");
            assert_eq!(m.summaries().len() as u32, expected.rounds);
            // The log holds the engine's events, in order.
            let logged: Vec<Event> = m.log().iter().filter_map(|l| l.event).collect();
            assert_eq!(logged, events, "mix {k}, seed {seed}");
            // Every point is in the log with a sentence.
            let mut sum = [0u32; 2];
            for l in m.log() {
                if let Some(Event::Scored { team, points, .. }) = l.event {
                    sum[team] += points;
                    assert!(l.text.starts_with(&format!("+{points} ")), "{}", l.text);
                }
            }
            assert_eq!(sum, expected.score);
            assert_eq!(m.score(), expected.score);
        }
    }
}

#[test]
fn run_ai_equals_stepping() {
    let mut a = LocalMatch::new(boxed(["t1", "basic", "t1", "basic"]), 5);
    a.run_ai();
    let r = play_match(
        &[
            &EvalAgent::new("t1", preset("t1").unwrap()),
            &EvalAgent::basic(),
            &EvalAgent::new("t1", preset("t1").unwrap()),
            &EvalAgent::basic(),
        ],
        &mut seeded(5),
    );
    assert_eq!(a.result(), Some(r));
}

#[test]
fn a_person_gets_only_legal_choices_and_the_match_ends() {
    let mut agents = boxed(["basic", "t1", "t1", "t1"]);
    agents[0] = None;
    let mut m = LocalMatch::new(agents, 11);
    let mut human_turns = 0;
    let mut passes = 0;
    let mut steps = 0;
    loop {
        steps += 1;
        assert!(steps < 100_000);
        match m.next_actor() {
            Actor::Ai(_) => {
                assert!(m.human_choice().is_none());
                assert!(m.human_pass().is_err(), "not the person's turn");
                m.ai_step().unwrap();
            }
            Actor::Human(seat) => {
                assert_eq!(seat, 0);
                assert!(
                    m.ai_step().is_err(),
                    "a person's seat never moves by itself"
                );
                human_turns += 1;
                let hand = m.round().hand(0);
                match m.human_choice().unwrap() {
                    HumanChoice::Open(d) => {
                        assert!(d.iter().all(|t| t.is_double() && hand.contains(*t)));
                        assert!(m.human_pass().is_err(), "no passing at the opening");
                        let bad = hand.iter().find(|t| !t.is_double());
                        if let Some(b) = bad {
                            assert!(m.human_open(b).is_err());
                        }
                        m.human_open(*d.last().unwrap()).unwrap();
                    }
                    HumanChoice::Play(moves) => {
                        assert!(m.human_pass().is_err(), "must play when a tile fits");
                        for mv in &moves {
                            assert!(m.round().table.is_legal(*mv) && hand.contains(mv.tile));
                        }
                        // A tile not in the list is refused and nothing changes.
                        let table = m.round().table;
                        for t in hand.iter() {
                            for arm in 0..4 {
                                let mv = Move { tile: t, arm };
                                if !moves.contains(&mv) {
                                    assert!(m.human_play(mv).is_err());
                                }
                            }
                        }
                        assert_eq!(m.round().table, table);
                        // Every legal arm for the tile, equivalent ones too.
                        assert_eq!(moves, all_legal_moves(&table, hand));
                        // Distinct choices per tile match the engine's
                        // merged move list.
                        let mut buf = [Move {
                            tile: t(0, 0),
                            arm: 0,
                        }; 28];
                        let n = m.round().legal_moves(&mut buf);
                        let merged: usize = hand.iter().map(|t| m.choices_for(t).len()).sum();
                        assert_eq!(merged, n);
                        m.human_play(moves[moves.len() / 2]).unwrap();
                    }
                    HumanChoice::MustPass => {
                        passes += 1;
                        m.human_pass().unwrap();
                    }
                }
            }
            Actor::RoundOver => {
                let s = m.summaries().last().unwrap().clone();
                let (seat, opening) = s.next_opener.unwrap();
                m.next_round().unwrap();
                assert_eq!(m.round().turn, seat, "the summary names the next opener");
                assert_eq!(m.round().opening, opening);
                assert!(m.next_round().is_err(), "a round is under way");
            }
            Actor::MatchOver => break,
        }
    }
    assert!(human_turns > 10);
    let r = m.result().unwrap();
    assert!(r.score[r.winner] >= MATCH_TARGET);
    assert!(m.summaries().last().unwrap().next_opener.is_none());
    let _ = passes;
    assert!(m.log().last().unwrap().text.starts_with("Match over"));
}

#[test]
fn count_terms_add_up_to_the_table_count() {
    let mut m = LocalMatch::new(boxed(["t1", "basic", "hand", "t2"]), 3);
    let mut checked = 0;
    while m.next_actor() != Actor::MatchOver {
        match m.next_actor() {
            Actor::Ai(_) => m.ai_step().unwrap(),
            _ => m.next_round().unwrap(),
        }
        let t = &m.round().table;
        assert_eq!(count_terms(t).iter().sum::<u32>(), t.count());
        checked += 1;
    }
    assert!(checked > 20);
}

#[test]
fn pass_points_name_the_passer_and_the_player() {
    // Seat 0 opens 6-6 and seat 1 (no 6) passes; seat 2 plays: Them's pass
    // pays Us 20 when the sequence is settled.
    let mut found = false;
    for seed in 0..40 {
        let mut m = LocalMatch::new(boxed(["t1", "t1", "t1", "t1"]), seed);
        m.run_ai();
        for l in m.log() {
            if let Some(Event::Scored {
                rule: Rule::Pass, ..
            }) = l.event
            {
                assert!(l.text.contains("passed after"), "{}", l.text);
                found = true;
            }
            if let Some(Event::Scored {
                rule: Rule::TableCount,
                points,
                ..
            }) = l.event
            {
                assert!(l.text.contains(&format!("{points}")), "{}", l.text);
            }
            if let Some(Event::Passed { .. }) = l.event {
                assert!(l.text.contains("passou"), "{}", l.text);
            }
        }
    }
    assert!(found);
}
