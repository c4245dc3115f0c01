//! One hand-made situation per scoring rule (P1-P5, passes, galo, garagem, blocked rounds, match end, openers).

use super::*;

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

#[test]
fn try_forms_refuse_bad_input_and_change_nothing() {
    assert!(matches!(
        Tile::try_new(7, 1),
        Err(DominoError::BadPips { a: 7, b: 1 })
    ));
    assert_eq!(Tile::try_new(1, 6), Ok(t(6, 1)));
    let mut r = round([&[(6, 6), (6, 1)], &[(2, 3)], &[(4, 4)], &[(5, 0)]], 0);
    let mut events = Vec::new();
    let sink = &mut |e| events.push(e);
    assert!(matches!(
        r.try_play(mv(6, 1, 0), sink),
        Err(DominoError::IllegalMove { arm: 0, .. })
    ));
    assert!(matches!(r.try_pass(sink), Err(DominoError::CannotPass)));
    assert!(matches!(
        r.try_open_with(t(4, 4), sink),
        Err(DominoError::CannotOpenWith { allowed, .. }) if allowed == vec![t(6, 6)]
    ));
    assert_eq!(r.try_open_with(t(6, 6), sink), Ok(()));
    assert!(matches!(
        r.try_open_with(t(6, 6), sink),
        Err(DominoError::SpinnerDown)
    ));
    // Seat 1 holds 2-3: nothing fits, it must pass; playing is refused.
    assert!(matches!(
        r.try_play(mv(2, 3, 0), sink),
        Err(DominoError::IllegalMove { .. })
    ));
    assert_eq!(r.try_pass(sink), Ok(()));
    // Seat 2 holds 4-4: must pass too, and cannot play a tile it lacks.
    assert!(matches!(
        r.try_play(mv(6, 1, 0), sink),
        Err(DominoError::IllegalMove { .. })
    ));
    let v = r.view(3);
    let bad = [
        Hand::EMPTY,
        hand(&[(2, 3), (1, 1)]),
        Hand::EMPTY,
        Hand::EMPTY,
    ];
    assert!(matches!(
        v.try_determinize(bad),
        Err(DominoError::WrongHandSize { seat: 0, .. })
    ));
    assert_eq!(events.len(), 2, "only the opening and one pass happened");
}
