//! Properties over many seeded deals and matches: tiles conserved, scores multiples of 5, legal play only, matches end, replays identical.

use super::*;

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
