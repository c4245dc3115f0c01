//! Rule tests of the game engine: the setup's distance rule, roads,
//! longest road cut by a settlement, production and the bank, discards,
//! the robber, every development card and harbour rates (whole games:
//! `tests_games.rs`).

use super::*;
use crate::boards::catan::{CatanBoard, CatanLayout, assign_harbours};
use crate::rng::seeded;

pub(super) fn board(layout: &CatanLayout) -> CatanBoard {
    let codes = layout.standard_codes();
    CatanBoard::decode(&codes).with_harbours(assign_harbours(
        layout,
        &codes,
        &Default::default(),
        1,
    ))
}

pub(super) fn base() -> Topology {
    Topology::new(&board(CatanLayout::base())).unwrap()
}

/// A game past the setup (no pieces), seat 0 to act after rolling.
pub(super) fn main_phase(t: &Topology) -> State {
    let mut s = State::new(t, 4, &mut seeded(1));
    s.phase = Phase::Main;
    s.rolled = true;
    s.setup_step = 8;
    s
}

pub(super) fn legal(t: &Topology, s: &State) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal(t, &mut v);
    v
}

/// A simple path of `n` edges (n + 1 distinct corners) from corner `from`.
pub(super) fn path(t: &Topology, from: u8, n: usize) -> (Vec<u8>, Vec<u8>) {
    fn go(t: &Topology, corners: &mut Vec<u8>, edges: &mut Vec<u8>, n: usize) -> bool {
        if edges.len() == n {
            return true;
        }
        let c = *corners.last().unwrap();
        for k in 0..3 {
            let (d, e) = (t.corner_adj[c as usize][k], t.corner_edges[c as usize][k]);
            if d == NONE || corners.contains(&d) {
                continue;
            }
            corners.push(d);
            edges.push(e);
            if go(t, corners, edges, n) {
                return true;
            }
            corners.pop();
            edges.pop();
        }
        false
    }
    let (mut c, mut e) = (vec![from], vec![]);
    assert!(go(t, &mut c, &mut e, n));
    (c, e)
}

#[test]
fn setup_keeps_the_distance_rule_and_snakes() {
    let t = base();
    let mut s = State::new(&t, 4, &mut seeded(3));
    let all = legal(&t, &s);
    assert_eq!(all.len(), 54);
    let c = 20;
    s.apply(&t, Action::Settlement(c));
    assert_eq!(s.phase, Phase::SetupRoad(c));
    let roads = legal(&t, &s);
    assert!(
        roads
            .iter()
            .all(|a| matches!(a, Action::Road(e) if t.edge_corners[*e as usize].contains(&c)))
    );
    s.apply(&t, roads[0]);
    let spots = legal(&t, &s);
    assert!(!spots.contains(&Action::Settlement(c)));
    for &n in t.corner_adj[c as usize].iter().filter(|&&n| n != NONE) {
        assert!(
            !spots.contains(&Action::Settlement(n)),
            "neighbour {n} is too close"
        );
    }
    let order: Vec<u8> = (0..8)
        .map(|k| {
            let mut x = s;
            x.setup_step = k;
            x.actor()
        })
        .collect();
    assert_eq!(order, [0, 1, 2, 3, 3, 2, 1, 0]);
}

#[test]
fn second_setup_settlement_collects_its_resources() {
    let t = base();
    let mut s = State::new(&t, 3, &mut seeded(3));
    s.setup_step = 3;
    let c = (0..t.corners)
        .find(|&c| t.corner_hexes[c as usize].iter().all(|&h| h != NONE))
        .unwrap();
    s.apply(&t, Action::Settlement(c));
    let mut want = [0u8; 5];
    for &h in &t.corner_hexes[c as usize] {
        if t.hex_resource[h as usize] < 5 {
            want[t.hex_resource[h as usize] as usize] += 1;
        }
    }
    assert_eq!(s.hands[2], want);
    assert_eq!(s.opening_pips[2], t.corner_pips[c as usize]);
    s.check(&t);
}

#[test]
fn roads_connect_and_stop_at_other_seats_buildings() {
    let t = base();
    let mut s = main_phase(&t);
    let (corners, edges) = path(&t, 0, 3);
    s.place_settlement(&t, 0, corners[0]);
    s.place_road(&t, 0, edges[0]);
    s.hands[0] = [0, 5, 0, 5, 0];
    let spots: Vec<u8> = legal(&t, &s)
        .into_iter()
        .filter_map(|a| {
            if let Action::Road(e) = a {
                Some(e)
            } else {
                None
            }
        })
        .collect();
    assert!(spots.contains(&edges[1]));
    for &e in &spots {
        let touches = t.edge_corners[e as usize]
            .iter()
            .any(|&c| c == corners[0] || c == corners[1]);
        assert!(touches, "road {e} is not connected");
    }
    // Seat 1 settles at the road's far end: seat 0 cannot go on through it.
    s.place_settlement(&t, 1, corners[1]);
    assert!(!legal(&t, &s).contains(&Action::Road(edges[1])));
}

#[test]
fn longest_road_is_taken_and_lost_to_a_cut() {
    let t = base();
    let mut s = main_phase(&t);
    let (corners, edges) = path(&t, 0, 5);
    for &e in &edges[..4] {
        s.place_road(&t, 0, e);
    }
    assert_eq!(s.longest_road_of(&t, 0), 4);
    assert_eq!(
        (s.road_len[0], s.longest_road),
        (0, NONE),
        "not searched below 5"
    );
    s.place_road(&t, 0, edges[4]);
    assert_eq!((s.road_len[0], s.longest_road), (5, 0));
    assert_eq!(s.points(0), 2);
    s.place_settlement(&t, 1, corners[2]);
    assert_eq!(s.road_len[0], 3);
    assert_eq!(s.longest_road, NONE, "cut below 5: nobody holds it");
}

#[test]
fn production_pays_cities_twice_and_the_bank_runs_short() {
    let t = base();
    // 12 is on one hex only on the base island.
    let h = (0..t.hexes)
        .find(|&h| t.hex_token[h as usize] == 12)
        .unwrap();
    let r = t.hex_resource[h as usize] as usize;
    let [a, _, b, _, _, _] = t.hex_corners[h as usize];
    let mut s = main_phase(&t);
    s.place_settlement(&t, 0, a);
    s.place_settlement(&t, 1, b);
    s.hands[0] = CITY_COST;
    for (b, k) in s.bank.iter_mut().zip(CITY_COST) {
        *b -= k;
    }
    s.apply(&t, Action::City(a));
    let start = s;
    s.produce(&t, 12);
    assert_eq!((s.hands[0][r], s.hands[1][r]), (start.hands[0][r] + 2, 1));
    s.check(&t);
    // Two seats owed 3 cards, the bank holds 2: nobody gets any.
    let mut short = start;
    short.bank[r] = 2;
    short.hands[2][r] = t.resource_cards - 2 - short.hands[0][r];
    short.produce(&t, 12);
    assert_eq!(
        (short.hands[0][r], short.hands[1][r]),
        (start.hands[0][r], 0)
    );
    // Only one seat owed: it takes what is left.
    let mut alone = short;
    alone.corners[b as usize] = NONE;
    alone.building_mask[1] &= !(1 << b);
    alone.produce(&t, 12);
    assert_eq!(
        (alone.hands[0][r], alone.bank[r]),
        (start.hands[0][r] + 2, 0)
    );
    // The robber blocks the hex.
    let mut robbed = start;
    robbed.robber = h;
    robbed.produce(&t, 12);
    assert_eq!(robbed.hands, start.hands);
}

#[test]
fn discards_go_round_the_table_from_the_current_seat() {
    let t = base();
    let mut s = main_phase(&t);
    s.seats = 6;
    s.phase = Phase::Discard;
    // (cards left to discard per seat, current seat, the seat to discard)
    let cases = [
        ([0, 0, 0, 0, 0, 3], 2, 5),
        ([1, 0, 0, 0, 0, 3], 5, 5),
        ([1, 0, 0, 0, 0, 3], 0, 0),
        ([1, 0, 2, 0, 0, 0], 3, 0),
        ([0, 4, 2, 0, 1, 0], 2, 2),
        ([0, 4, 0, 0, 1, 0], 2, 4),
    ];
    for (left, current, want) in cases {
        s.discard_left = left;
        s.current = current;
        assert_eq!(s.actor(), want, "{left:?} from seat {current}");
    }
}

#[test]
fn a_seven_halves_big_hands_then_the_robber_steals() {
    let t = base();
    let mut s = main_phase(&t);
    s.rolled = false;
    s.phase = Phase::PreRoll;
    s.hands[1] = [3, 3, 3, 0, 0];
    s.hands[2] = [7, 0, 0, 0, 0];
    for r in 0..3 {
        s.bank[r] -= s.hands[1][r] + s.hands[2][r];
    }
    s.apply(&t, Action::Dice(7));
    assert_eq!(s.phase, Phase::Discard);
    assert_eq!(&s.discard_left[..4], &[0, 4, 0, 0]);
    assert_eq!(s.actor(), 1);
    for _ in 0..4 {
        let a = legal(&t, &s)[0];
        s.apply(&t, a);
    }
    assert_eq!(s.hand_size(1), 5);
    assert_eq!(s.phase, Phase::Robber);
    // Seat 2 settles on a hex; the robber may rob it there.
    let h = (0..t.hexes).find(|&h| h != s.robber).unwrap();
    s.place_settlement(&t, 2, t.hex_corners[h as usize][0]);
    let moves = legal(&t, &s);
    assert!(
        !moves
            .iter()
            .any(|a| matches!(a, Action::Robber { hex, .. } if *hex == s.robber))
    );
    let rob = Action::Robber {
        hex: h,
        victim: 2,
        card: NONE,
    };
    assert!(moves.contains(&rob));
    let resolved = s.resolve(rob, &mut seeded(9));
    assert_eq!(
        resolved,
        Action::Robber {
            hex: h,
            victim: 2,
            card: 0
        }
    );
    s.apply(&t, resolved);
    assert_eq!((s.hands[0][0], s.hands[2][0], s.robber), (1, 6, h));
    assert_eq!(s.phase, Phase::Main);
    s.check(&t);
}

#[test]
fn development_cards_do_what_they_say() {
    let t = base();
    let mut s = main_phase(&t);
    // Bought cards wait a turn.
    s.hands[0] = DEV_COST;
    for (b, k) in s.bank.iter_mut().zip(DEV_COST) {
        *b -= k;
    }
    s.apply(&t, Action::BuyDev);
    let card = s.deck[0] as usize;
    assert_eq!((s.dev_new[0][card], s.deck_pos), (1, 1));
    assert!(!legal(&t, &s).iter().any(|a| matches!(
        a,
        Action::Knight | Action::RoadBuilding | Action::YearOfPlenty(..) | Action::Monopoly(_)
    )));
    // Knights: largest army at 3, taken only by more.
    s.deck_pos = 0;
    s.dev_new[0] = [0; 5];
    s.dev[0][dev::KNIGHT] = 3;
    s.deck_pos += 3;
    for k in 0..3 {
        s.played_dev = false;
        s.apply(&t, Action::Knight);
        assert_eq!(s.phase, Phase::Robber);
        s.phase = Phase::Main;
        assert_eq!(s.largest_army, if k == 2 { 0 } else { NONE });
    }
    s.knights[1] = 3;
    s.dev[1][dev::KNIGHT] = 1;
    s.deck_pos += 4;
    s.current = 1;
    s.played_dev = false;
    s.apply(&t, Action::Knight);
    assert_eq!(s.largest_army, 1, "four knights beat three");
    s.phase = Phase::Main;
    // Road building: two free roads.
    let (corners, edges) = path(&t, 0, 3);
    s.place_settlement(&t, 1, corners[0]);
    s.dev[1][dev::ROAD_BUILDING] = 1;
    s.deck_pos += 1;
    s.played_dev = false;
    let cards = s.hand_size(1);
    s.apply(&t, Action::RoadBuilding);
    assert_eq!(s.phase, Phase::FreeRoads(2));
    s.apply(&t, Action::Road(edges[0]));
    s.apply(&t, Action::Road(edges[1]));
    assert_eq!(
        (s.phase, s.roads_left[1], s.hand_size(1)),
        (Phase::Main, 13, cards)
    );
    // Year of plenty and monopoly.
    s.dev[1][dev::YEAR_OF_PLENTY] = 1;
    s.dev[1][dev::MONOPOLY] = 1;
    s.deck_pos += 2;
    s.played_dev = false;
    s.apply(&t, Action::YearOfPlenty(4, 4));
    assert_eq!(s.hands[1][4], 2);
    s.hands[2][4] = 3;
    s.hands[3][4] = 1;
    s.bank[4] -= 4;
    s.played_dev = false;
    s.apply(&t, Action::Monopoly(4));
    assert_eq!((s.hands[1][4], s.hands[2][4], s.hands[3][4]), (6, 0, 0));
    // A victory point card counts for its owner at once.
    let before = s.points(1);
    s.dev_new[1][dev::VICTORY_POINT] = 1;
    s.deck_pos += 1;
    assert_eq!(s.points(1), before + 1);
    s.check(&t);
}

#[test]
fn harbour_rates_are_two_three_and_four() {
    let t = base();
    let mut s = main_phase(&t);
    assert_eq!(s.rate(0, 2), 4);
    let generic = (0..t.corners)
        .find(|&c| t.corner_harbour[c as usize] == 1)
        .unwrap();
    s.place_settlement(&t, 0, generic);
    assert_eq!((s.rate(0, 0), s.rate(0, 4)), (3, 3));
    let two = (0..t.corners)
        .find(|&c| t.corner_harbour[c as usize] == 2 + 3)
        .unwrap();
    s.place_settlement(&t, 0, two);
    assert_eq!((s.rate(0, 3), s.rate(0, 1)), (2, 3));
    s.hands[0][3] = 2;
    s.bank[3] -= 2;
    assert!(legal(&t, &s).contains(&Action::Trade { give: 3, get: 4 }));
    s.apply(&t, Action::Trade { give: 3, get: 4 });
    assert_eq!((s.hands[0][3], s.hands[0][4]), (0, 1));
    s.check(&t);
}

#[test]
fn any_development_card_may_be_played_before_the_roll_once_a_turn() {
    let t = base();
    let mut s = main_phase(&t);
    s.phase = Phase::PreRoll;
    s.rolled = false;
    let (corners, edges) = path(&t, 0, 3);
    s.place_settlement(&t, 0, corners[0]);
    // Cards bought this turn wait: before the roll only rolling is legal.
    s.dev_new[0] = [1, 1, 1, 1, 0];
    s.deck_pos = 4;
    assert_eq!(legal(&t, &s), vec![Action::Roll]);
    // Held since an earlier turn: every kind is offered before the roll.
    s.dev[0] = std::mem::take(&mut s.dev_new[0]);
    let before = legal(&t, &s);
    assert_eq!(before[0], Action::Roll);
    for a in [Action::Knight, Action::RoadBuilding, Action::Monopoly(2)] {
        assert!(before.contains(&a), "{a:?} before the roll");
    }
    assert!(before.contains(&Action::YearOfPlenty(0, 4)));
    // Road building before the dice: two free roads, then still to roll.
    s.apply(&t, Action::RoadBuilding);
    assert_eq!(s.phase, Phase::FreeRoads(2));
    s.apply(&t, Action::Road(edges[0]));
    s.apply(&t, Action::Road(edges[1]));
    assert_eq!((s.phase, s.rolled), (Phase::PreRoll, false));
    // One card a turn: only the roll is left.
    assert_eq!(legal(&t, &s), vec![Action::Roll]);
    // Year of plenty and monopoly before the dice leave the roll pending.
    for a in [Action::YearOfPlenty(0, 4), Action::Monopoly(1)] {
        s.played_dev = false;
        s.apply(&t, a);
        assert_eq!(s.phase, Phase::PreRoll, "{a:?}");
    }
    // After the dice, the main phase offers no card once one was played.
    s.apply(&t, Action::Dice(8));
    assert!(!legal(&t, &s).iter().any(|a| matches!(
        a,
        Action::Knight | Action::RoadBuilding | Action::YearOfPlenty(..) | Action::Monopoly(_)
    )));
    s.check(&t);
}
