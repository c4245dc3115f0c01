//! Trades between players (`--trades`, off by default): once a turn,
//! after the dice, the seat to act offers a card it can spare for one
//! card its next build lacks, 1 for 1 round the table first, then 2 for
//! 1; each other seat in turn order accepts when the trade raises its
//! own evaluation of its position (its family's: [`Bot::judge`]). The
//! first seat to accept trades; a refused offer costs nothing.
//!
//! The offer is a table rule, the same for every family: the seat's next
//! build is the one of a city, a settlement (when a spot is open), a road
//! (when no spot is) and a development card that lacks the fewest cards
//! (in that order on a tie), and it offers only when one or two cards are
//! missing. The card asked for is the one lacking most (the first such
//! in resource order); the card given is the one held most beyond the
//! build's cost.

use super::bots::Bot;
use super::state::{Action, CITY_COST, DEV_COST, Phase, ROAD_COST, SETTLEMENT_COST, State};
use super::topology::Topology;

/// The build a seat saves for, as its cost, or `None` when it can pay
/// for one already or lacks more than two cards for every build.
fn target(s: &State, p: u8) -> Option<[u8; 5]> {
    let i = p as usize;
    let spot = s.settlement_spots(p) != 0;
    let mut builds = [None; 4];
    if s.cities_left[i] > 0 && s.settlements_left[i] < 5 {
        builds[0] = Some(CITY_COST);
    }
    if s.settlements_left[i] > 0 && spot {
        builds[1] = Some(SETTLEMENT_COST);
    }
    if !spot && s.roads_left[i] > 0 && s.any_road_spot(p) {
        builds[2] = Some(ROAD_COST);
    }
    if s.deck_pos < s.deck_len {
        builds[3] = Some(DEV_COST);
    }
    let hand = &s.hands[i];
    let missing = |c: &[u8; 5]| -> u8 { (0..5).map(|r| c[r].saturating_sub(hand[r])).sum() };
    let best = builds
        .iter()
        .flatten()
        .min_by_key(|c| missing(c))
        .copied()?;
    matches!(missing(&best), 1 | 2).then_some(best)
}

/// The offer `p` makes (`give` × `give_n` for one `get`) at 1 for 1 and
/// at 2 for 1, if it has cards to spare; `None` when it makes none.
fn offers(s: &State, p: u8) -> Option<(u8, u8, u8)> {
    let cost = target(s, p)?;
    let hand = &s.hands[p as usize];
    let get = (0..5u8).max_by_key(|&r| {
        // Most lacking first; the first resource on a tie.
        (
            cost[r as usize].saturating_sub(hand[r as usize]),
            u8::MAX - r,
        )
    })?;
    let spare = |r: u8| hand[r as usize].saturating_sub(cost[r as usize]);
    let give = (0..5u8)
        .filter(|&r| r != get)
        .max_by_key(|&r| (spare(r), u8::MAX - r))?;
    (spare(give) > 0).then_some((give, spare(give).min(2), get))
}

/// The player trade seat `p` (the seat to act, in the main phase) makes
/// this turn, as an action to apply, or `None` when it offers nothing
/// or nobody accepts. `bots[q]` judges for seat `q`.
pub(super) fn offer(t: &Topology, s: &State, p: u8, bots: &[Bot]) -> Option<Action> {
    debug_assert_eq!(s.phase, Phase::Main);
    let (give, most, get) = offers(s, p)?;
    for give_n in 1..=most {
        for k in 1..s.seats {
            let with = (p + k) % s.seats;
            if s.hands[with as usize][get as usize] == 0 {
                continue;
            }
            let a = Action::PlayerTrade {
                with,
                give,
                give_n,
                get,
            };
            let mut after = *s;
            after.apply_for(t, p, a);
            let bot = bots[with as usize];
            if bot.judge(t, &after, with) > bot.judge(t, s, with) {
                return Some(a);
            }
        }
    }
    None
}

impl Bot {
    /// This family's evaluation of seat `seat`'s position, as it judges an
    /// offered trade: the value bot's [`super::value`] for the value and
    /// random bots, the planner's [`super::planner_value`] for the planner
    /// and the search bot.
    pub fn judge(self, t: &Topology, s: &State, seat: u8) -> f32 {
        match self {
            Bot::Value | Bot::Random => super::value(t, s, seat, super::best_spot(t, s, seat)),
            Bot::Planner | Bot::Search => super::planner_value(t, s, seat),
        }
    }
}
