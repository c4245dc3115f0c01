//! The bot families, player trades and the robust seat advantage: the
//! same seed gives the same game for every family (with and without
//! trades), trades move the cards they say and happen in games, and a
//! families play-test is each family's own play-test.

use super::tests::{base, main_phase};
use super::*;
use crate::boards::catan::{CatanBoard, standard_codes};

const FAMILIES: [Bot; 4] = [Bot::Value, Bot::Planner, Bot::Search, Bot::Random];

#[test]
fn every_family_plays_the_same_game_for_the_same_seed_with_and_without_trades() {
    let t = base();
    let mut buf = Vec::new();
    for bot in FAMILIES {
        for trades in [false, true] {
            let rules = Rules { trades };
            let seeds: &[u64] = if bot == Bot::Search { &[3] } else { &[3, 4, 5] };
            for &seed in seeds {
                let mut record = GameRecord {
                    start: State::new(&t, 4, &mut crate::rng::seeded(0)),
                    actions: Vec::new(),
                };
                let (a, end) =
                    play_game_with(&t, &[bot; 4], rules, seed, &mut buf, Some(&mut record));
                let (b, _) = play_game_with(&t, &[bot; 4], rules, seed, &mut buf, None);
                assert_eq!(a, b, "{bot} trades {trades} seed {seed}");
                assert_eq!(replay(&t, &record), end, "{bot} replays");
                let traded = record
                    .actions
                    .iter()
                    .any(|a| matches!(a, Action::PlayerTrade { .. }));
                assert!(trades || !traded, "no player trade without --trades");
            }
        }
    }
}

#[test]
fn a_seat_short_of_one_card_offers_and_a_seat_it_helps_accepts() {
    let t = base();
    let mut s = main_phase(&t);
    // Seat 0 has a settlement, two grain and two ore: one ore short of a
    // city, with lumber to spare.
    s.place_settlement(&t, 0, 0);
    s.hands[0] = [2, 3, 0, 0, 2];
    // Seat 1's roads reach a free spot; it holds an ore and lacks only
    // lumber for a settlement there.
    let (corners, edges) = super::tests::path(&t, 20, 2);
    s.place_settlement(&t, 1, corners[0]);
    s.place_road(&t, 1, edges[0]);
    s.place_road(&t, 1, edges[1]);
    assert_ne!(s.settlement_spots(1), 0);
    s.hands[1] = [1, 0, 1, 1, 1];
    for (b, (h0, h1)) in s.bank.iter_mut().zip(s.hands[0].iter().zip(&s.hands[1])) {
        *b -= h0 + h1;
    }
    let bots = [Bot::Value; 4];
    let a = trades::offer(&t, &s, 0, &bots).expect("an offer someone takes");
    assert_eq!(
        a,
        Action::PlayerTrade {
            with: 1,
            give: 1,
            give_n: 1,
            get: 4
        }
    );
    let v1 = bots[1].judge(&t, &s, 1);
    s.apply(&t, a);
    assert!(
        bots[1].judge(&t, &s, 1) > v1,
        "seat 1 gains by its own value"
    );
    assert_eq!((s.hands[0], s.hands[1]), ([2, 2, 0, 0, 3], [1, 1, 1, 1, 0]));
    s.check(&t);
    // Now the city is paid for: no more offers.
    assert_eq!(trades::offer(&t, &s, 0, &bots), None);
}

#[test]
fn nobody_accepts_an_offer_that_lowers_their_evaluation() {
    let t = base();
    let mut s = main_phase(&t);
    // Seat 0 is an ore short of a city; seat 1, the only other seat with
    // ore, needs all of its own for its city.
    s.place_settlement(&t, 0, 0);
    s.hands[0] = [2, 3, 0, 0, 2];
    s.place_settlement(&t, 1, 20);
    s.hands[1] = [2, 0, 0, 0, 3];
    for (b, (h0, h1)) in s.bank.iter_mut().zip(s.hands[0].iter().zip(&s.hands[1])) {
        *b -= h0 + h1;
    }
    // The value bot would be a card short of its own city: it refuses
    // both 1 for 1 and 2 for 1.
    assert_eq!(trades::offer(&t, &s, 0, &[Bot::Value; 4]), None);
    for bot in [Bot::Value, Bot::Planner] {
        let bots = [bot; 4];
        if let Some(a) = trades::offer(&t, &s, 0, &bots) {
            let Action::PlayerTrade { with, .. } = a else {
                panic!("{a:?}");
            };
            let mut after = s;
            after.apply(&t, a);
            assert!(
                bots[with as usize].judge(&t, &after, with)
                    > bots[with as usize].judge(&t, &s, with)
            );
        }
    }
}

#[test]
fn trades_happen_in_games_and_change_them() {
    let t = base();
    let mut buf = Vec::new();
    let (mut traded, mut differ) = (0, 0);
    for seed in 0..20 {
        let mut record = GameRecord {
            start: State::new(&t, 4, &mut crate::rng::seeded(0)),
            actions: Vec::new(),
        };
        let rules = Rules { trades: true };
        let (r, _) = play_game_with(
            &t,
            &[Bot::Value; 4],
            rules,
            seed,
            &mut buf,
            Some(&mut record),
        );
        traded += record
            .actions
            .iter()
            .filter(|a| matches!(a, Action::PlayerTrade { .. }))
            .count();
        let (plain, _) = play_game(&t, &[Bot::Value; 4], seed, &mut buf, None);
        differ += usize::from(plain != r);
    }
    assert!(traded > 20, "{traded} trades in 20 games");
    assert!(differ > 10, "trades changed {differ} of 20 games");
}

#[test]
fn a_families_play_test_is_each_familys_own_play_test() {
    let board = CatanBoard::decode(&standard_codes());
    let cfg = PlayConfig::uniform(24, Bot::Value, 9, 2);
    let families = [Bot::Value, Bot::Planner, Bot::Random];
    let r = play_families(&board, &families, &cfg, &|_| true).unwrap();
    for (f, bot) in r.families.iter().zip(families) {
        let own = play_test(&board, &PlayConfig::uniform(24, bot, 9, 1), &|_| true).unwrap();
        assert_eq!(f.family, bot.name());
        assert_eq!(f.play.seat_win_share, own.seat_win_share, "{bot}");
        assert_eq!(f.seat_advantage.value, own.seat_advantage);
    }
    let worst = r
        .families
        .iter()
        .map(|f| f.seat_advantage.value)
        .fold(0.0, f64::max);
    assert_eq!(r.robust_seat_advantage.value, worst);
    assert!(r.robust_seat_advantage.low <= worst && worst <= r.robust_seat_advantage.high);
    // Same seed, same figures; another seed, other games.
    let again = play_families(&board, &families, &cfg, &|_| true).unwrap();
    assert_eq!(again.robust_seat_advantage, r.robust_seat_advantage);
}

#[test]
fn a_seat_advantage_interval_holds_for_the_seats_at_once() {
    use super::report::advantage_interval;
    // Equal seats: the interval starts at 0 and its top is the room the
    // noise leaves.
    let [lo, hi] = advantage_interval(&[250, 250, 250, 250], 1000);
    assert_eq!(lo, 0.0);
    assert!(hi > 0.05 && hi < 0.15, "{hi}");
    // Unequal seats: the advantage lies inside; more games, narrower.
    let wide = advantage_interval(&[300, 200, 250, 250], 1000);
    let narrow = advantage_interval(&[3000, 2000, 2500, 2500], 10_000);
    for [lo, hi] in [wide, narrow] {
        assert!(lo < 0.1 && 0.1 < hi, "[{lo}, {hi}]");
    }
    assert!(narrow[1] - narrow[0] < (wide[1] - wide[0]) / 2.0);
    // Wider than the interval of one seat's share alone would make it.
    let [l0, h0] = crate::stats::wilson_interval(300, 1000);
    assert!(hi - lo > h0 - l0);
}
