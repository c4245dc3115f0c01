//! The state of one game: pieces on the board, hands, the bank, the
//! development deck and whose decision it is, in fixed arrays (a few
//! hundred bytes, `Copy`), and the actions that change it.

use super::topology::{MAX_CORNERS, NONE, Topology};
use crate::rng::{Rng, RngCore};

/// Most seats at a table.
pub const MAX_SEATS: usize = 6;
/// The terrain index of a desert (no resource).
pub const DESERT: u8 = 5;
/// Victory points that win.
pub const WIN_POINTS: u8 = 10;
/// A settlement or city corner byte: the owner's seat in the low bits,
/// this bit set for a city.
pub const CITY: u8 = 0x80;

/// Road cost: lumber, brick (resources: 0 grain, 1 lumber, 2 wool, 3
/// brick, 4 ore).
pub const ROAD_COST: [u8; 5] = [0, 1, 0, 1, 0];
/// Settlement cost: grain, lumber, wool, brick.
pub const SETTLEMENT_COST: [u8; 5] = [1, 1, 1, 1, 0];
/// City cost: two grain, three ore.
pub const CITY_COST: [u8; 5] = [2, 0, 0, 0, 3];
/// Development card cost: grain, wool, ore.
pub const DEV_COST: [u8; 5] = [1, 0, 1, 0, 1];

/// Development card kinds, as indices of [`State::dev`].
pub mod dev {
    /// Knight: move the robber and steal.
    pub const KNIGHT: usize = 0;
    /// Road building: two free roads.
    pub const ROAD_BUILDING: usize = 1;
    /// Year of plenty: two resources from the bank.
    pub const YEAR_OF_PLENTY: usize = 2;
    /// Monopoly: every card of one resource from the other players.
    pub const MONOPOLY: usize = 3;
    /// Victory point (kept hidden, counted for its owner).
    pub const VICTORY_POINT: usize = 4;
}

/// One step of a game. Chance is resolved before a step is applied
/// ([`State::resolve`]): [`Action::Roll`] becomes [`Action::Dice`] and a
/// steal gets its card, so a list of applied actions replays exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Roll the dice (resolved into [`Action::Dice`]).
    Roll,
    /// The dice total rolled.
    Dice(u8),
    /// End the turn (or pass a special building phase).
    EndTurn,
    /// Build a road on an edge (free in the setup and with road building).
    Road(u8),
    /// Build a settlement on a corner (free in the setup).
    Settlement(u8),
    /// Turn one's settlement on a corner into a city.
    City(u8),
    /// Buy the top development card.
    BuyDev,
    /// Play a knight (then move the robber).
    Knight,
    /// Play road building.
    RoadBuilding,
    /// Play year of plenty for these two resources.
    YearOfPlenty(u8, u8),
    /// Play monopoly on this resource.
    Monopoly(u8),
    /// Trade with the bank at one's best rate for the resource given.
    Trade {
        /// Resource given.
        give: u8,
        /// Resource received.
        get: u8,
    },
    /// Trade with another seat (`--trades`): give `give_n` cards of
    /// `give` to seat `with` for one card of `get` (see [`super::trades`]
    /// for who offers and who accepts; never in [`State::legal`]'s list).
    PlayerTrade {
        /// The seat traded with.
        with: u8,
        /// Resource given.
        give: u8,
        /// Cards of it given (1 or 2).
        give_n: u8,
        /// Resource received (one card).
        get: u8,
    },
    /// Discard one card of this resource (a hand over 7 on a 7 halves).
    Discard(u8),
    /// Move the robber to a hex and steal from a victim there ([`NONE`]:
    /// nobody); `card` is the resource stolen once resolved ([`NONE`]
    /// before, or when the victim has no card).
    Robber {
        /// The hex.
        hex: u8,
        /// The seat robbed, or [`NONE`].
        victim: u8,
        /// The resource taken, once resolved.
        card: u8,
    },
}

/// Whose decision it is and of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Setup: a settlement (distance rule, anywhere).
    SetupSettlement,
    /// Setup: a road at the settlement just placed on this corner.
    SetupRoad(u8),
    /// A turn before the dice: roll or play a knight.
    PreRoll,
    /// Seats over 7 cards discard (see [`State::discard_left`]).
    Discard,
    /// The robber moves.
    Robber,
    /// The turn after the dice: build, buy, play, trade, end.
    Main,
    /// Free roads of road building left to place.
    FreeRoads(u8),
    /// The 5–6 player special building phase of this seat.
    SpecialBuild(u8),
    /// The game is over.
    Over,
}

/// A game in progress (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// Owner of each corner's building (`seat | CITY` for a city) or [`NONE`].
    pub corners: [u8; MAX_CORNERS],
    /// Each seat's roads as a bit set of edges ([`State::road_owner`]:
    /// whose road is on an edge).
    pub road_mask: [u128; MAX_SEATS],
    /// Each seat's settlements and cities as a bit set of corners.
    pub building_mask: [u128; MAX_SEATS],
    /// The corners at either end of each seat's roads, as a bit set.
    pub ends: [u128; MAX_SEATS],
    /// The corners the distance rule closes: built on or next to a
    /// building, as a bit set.
    pub blocked: u128,
    /// The corners every edge of which has a road (no road can start
    /// there), as a bit set.
    pub full: u128,
    /// Cards in each seat's hand, per resource.
    pub hands: [[u8; 5]; MAX_SEATS],
    /// Development cards held (playable from the next turn), per kind.
    pub dev: [[u8; 5]; MAX_SEATS],
    /// Development cards bought this turn (not yet playable), per kind.
    pub dev_new: [[u8; 5]; MAX_SEATS],
    /// Knights played.
    pub knights: [u8; MAX_SEATS],
    /// Other development cards played (road building, plenty, monopoly).
    pub dev_played: [u8; MAX_SEATS],
    /// Settlements and cities on the board (1 each) plus cities again:
    /// the building points.
    pub building_points: [u8; MAX_SEATS],
    /// Settlements still in the box (5 each).
    pub settlements_left: [u8; MAX_SEATS],
    /// Cities still in the box (4 each).
    pub cities_left: [u8; MAX_SEATS],
    /// Roads still in the box (15 each).
    pub roads_left: [u8; MAX_SEATS],
    /// Each seat's longest road, once it has five roads (0 before: a
    /// shorter road cannot earn longest road, so it is not searched).
    pub road_len: [u8; MAX_SEATS],
    /// Harbours held: bit 0 generic 3:1, bit `1 + r` the 2:1 of `r`.
    pub harbours: [u8; MAX_SEATS],
    /// Pips of each resource each seat's buildings touch (cities twice).
    pub production: [[u8; 5]; MAX_SEATS],
    /// Cards to discard, per seat, after a 7.
    pub discard_left: [u8; MAX_SEATS],
    /// Total pips of each seat's two setup settlements.
    pub opening_pips: [u8; MAX_SEATS],
    /// The bank's cards per resource.
    pub bank: [u8; 5],
    /// The development deck, shuffled; cards `deck_pos..deck_len` are left.
    pub deck: [u8; 34],
    /// Cards in the deck.
    pub deck_len: u8,
    /// Cards drawn.
    pub deck_pos: u8,
    /// The robber's hex.
    pub robber: u8,
    /// Holder of longest road, or [`NONE`].
    pub longest_road: u8,
    /// Holder of largest army, or [`NONE`].
    pub largest_army: u8,
    /// Seats at the table.
    pub seats: u8,
    /// Whose turn it is.
    pub current: u8,
    /// Setup placements made (0 to `2 × seats`).
    pub setup_step: u8,
    /// The decision pending.
    pub phase: Phase,
    /// Whether the current seat rolled this turn.
    pub rolled: bool,
    /// Whether the current seat played a development card this turn.
    pub played_dev: bool,
    /// Actions taken in this turn's main phase (capped, see
    /// [`super::MAX_TURN_ACTIONS`]).
    pub turn_actions: u8,
    /// Turns ended so far.
    pub turns: u16,
    /// The winner, or [`NONE`].
    pub winner: u8,
}

impl State {
    /// A new game for `seats` seats on `t`, with the development deck
    /// shuffled by `rng`. `seats` must be within [`Topology::seats`]
    /// ([`super::play_test`] checks it).
    pub fn new(t: &Topology, seats: u8, rng: &mut Rng) -> State {
        let five_six = t.special_building;
        // Knights, road building, plenty, monopoly, victory points.
        let counts: [u8; 5] = if five_six {
            [20, 3, 3, 3, 5]
        } else {
            [14, 2, 2, 2, 5]
        };
        let mut deck = [0u8; 34];
        let mut n = 0;
        for (kind, &k) in counts.iter().enumerate() {
            for _ in 0..k {
                deck[n] = kind as u8;
                n += 1;
            }
        }
        for i in (1..n).rev() {
            let j = below(rng, i as u32 + 1) as usize;
            deck.swap(i, j);
        }
        State {
            corners: [NONE; MAX_CORNERS],
            road_mask: [0; MAX_SEATS],
            building_mask: [0; MAX_SEATS],
            ends: [0; MAX_SEATS],
            blocked: 0,
            full: 0,
            hands: [[0; 5]; MAX_SEATS],
            dev: [[0; 5]; MAX_SEATS],
            dev_new: [[0; 5]; MAX_SEATS],
            knights: [0; MAX_SEATS],
            dev_played: [0; MAX_SEATS],
            building_points: [0; MAX_SEATS],
            settlements_left: [5; MAX_SEATS],
            cities_left: [4; MAX_SEATS],
            roads_left: [15; MAX_SEATS],
            road_len: [0; MAX_SEATS],
            harbours: [0; MAX_SEATS],
            production: [[0; 5]; MAX_SEATS],
            discard_left: [0; MAX_SEATS],
            opening_pips: [0; MAX_SEATS],
            bank: [t.resource_cards; 5],
            deck,
            deck_len: n as u8,
            deck_pos: 0,
            robber: t.robber_start,
            longest_road: NONE,
            largest_army: NONE,
            seats,
            current: 0,
            setup_step: 0,
            phase: Phase::SetupSettlement,
            rolled: false,
            played_dev: false,
            turn_actions: 0,
            turns: 0,
            winner: NONE,
        }
    }

    /// The seat whose decision is pending.
    #[inline]
    pub fn actor(&self) -> u8 {
        match self.phase {
            Phase::SetupSettlement | Phase::SetupRoad(_) => self.setup_seat(),
            // The first seat from the current one on with cards to discard.
            Phase::Discard => {
                let owing = self.discarding();
                let later = owing >> self.current;
                if later != 0 {
                    self.current + later.trailing_zeros() as u8
                } else if owing != 0 {
                    owing.trailing_zeros() as u8
                } else {
                    self.current
                }
            }
            Phase::SpecialBuild(p) => p,
            _ => self.current,
        }
    }

    /// The seats with cards left to discard, a bit each.
    #[inline]
    pub(super) fn discarding(&self) -> u8 {
        let mut m = 0;
        for (q, &left) in self.discard_left.iter().enumerate() {
            m |= u8::from(left > 0) << q;
        }
        m
    }

    /// The seat placing in the setup: 0, 1, …, n−1, n−1, …, 0.
    fn setup_seat(&self) -> u8 {
        let s = self.setup_step;
        if s < self.seats {
            s
        } else {
            2 * self.seats - 1 - s
        }
    }

    /// Victory points of `seat`, its hidden victory point cards included.
    pub fn points(&self, seat: u8) -> u8 {
        let p = seat as usize;
        self.building_points[p]
            + self.dev[p][dev::VICTORY_POINT]
            + self.dev_new[p][dev::VICTORY_POINT]
            + 2 * u8::from(self.longest_road == seat)
            + 2 * u8::from(self.largest_army == seat)
    }

    /// Every road on the board, as a bit set of edges.
    #[inline]
    pub fn all_roads(&self) -> u128 {
        self.road_mask.iter().fold(0, |m, &r| m | r)
    }

    /// Every settlement and city on the board, as a bit set of corners.
    #[inline]
    pub fn all_buildings(&self) -> u128 {
        self.building_mask.iter().fold(0, |m, &b| m | b)
    }

    /// The other seats' settlements and cities, as a bit set of corners:
    /// where `seat`'s roads are cut and its trails stop.
    #[inline]
    pub fn others_buildings(&self, seat: u8) -> u128 {
        self.all_buildings() & !self.building_mask[seat as usize]
    }

    /// The seat whose road is on edge `e`, or [`NONE`].
    pub fn road_owner(&self, e: u8) -> u8 {
        (0..MAX_SEATS)
            .find(|&q| self.road_mask[q] & (1 << e) != 0)
            .map_or(NONE, |q| q as u8)
    }

    /// Whether playing a knight now takes largest army for `seat` (its
    /// third knight, or one more than the holder's).
    #[inline]
    pub fn knight_takes_army(&self, seat: u8) -> bool {
        let army = self.knights[seat as usize] + 1;
        self.largest_army != seat
            && army >= 3
            && (self.largest_army == NONE || army > self.knights[self.largest_army as usize])
    }

    /// Cards in `seat`'s hand.
    #[inline]
    pub fn hand_size(&self, seat: u8) -> u8 {
        self.hands[seat as usize].iter().sum()
    }

    /// The rate `seat` trades `r` at with the bank: 2, 3 or 4.
    #[inline]
    pub fn rate(&self, seat: u8, r: u8) -> u8 {
        let h = self.harbours[seat as usize];
        if h & (2 << r) != 0 {
            2
        } else if h & 1 != 0 {
            3
        } else {
            4
        }
    }

    /// Whether `seat` holds `cost`.
    #[inline]
    pub fn can_pay(&self, seat: u8, cost: &[u8; 5]) -> bool {
        at_least(&self.hands[seat as usize], cost) == 31
    }

    /// [`State::rate`] of every resource at once (the random bot asks
    /// this every decision: the 2:1 harbours are walked, not each tested).
    #[inline]
    pub(super) fn rates(&self, seat: u8) -> [u8; 5] {
        let h = self.harbours[seat as usize];
        let mut rates = [if h & 1 != 0 { 3 } else { 4 }; 5];
        for r in bits(u128::from(h >> 1)) {
            rates[r as usize] = 2;
        }
        rates
    }

    /// Move `cost` from `seat`'s hand to the bank.
    #[inline]
    pub(super) fn pay(&mut self, seat: u8, cost: &[u8; 5]) {
        for (r, &k) in cost.iter().enumerate() {
            self.hands[seat as usize][r] -= k;
            self.bank[r] += k;
        }
    }

    /// Move one card of `r` from the bank to `seat` (if the bank has one).
    #[inline]
    pub(super) fn take(&mut self, seat: u8, r: u8) {
        if self.bank[r as usize] > 0 {
            self.bank[r as usize] -= 1;
            self.hands[seat as usize][r as usize] += 1;
        }
    }

    /// Resolve chance in `a` with `rng`: dice for [`Action::Roll`], the
    /// card stolen for [`Action::Robber`]; other actions are unchanged
    /// (inlined: most actions hold no chance and cost one test here).
    #[inline(always)]
    pub fn resolve(&self, a: Action, rng: &mut Rng) -> Action {
        if matches!(a, Action::Roll | Action::Robber { .. }) {
            self.resolve_chance(a, rng)
        } else {
            a
        }
    }

    #[inline(never)]
    fn resolve_chance(&self, a: Action, rng: &mut Rng) -> Action {
        match a {
            Action::Roll => Action::Dice((below(rng, 6) + below(rng, 6) + 2) as u8),
            Action::Robber { hex, victim, .. } if victim != NONE => self.steal(hex, victim, rng),
            other => other,
        }
    }

    /// The robber's move to `hex` with a card of `victim`'s drawn (or
    /// [`NONE`] when the hand is empty).
    fn steal(&self, hex: u8, victim: u8, rng: &mut Rng) -> Action {
        let h = &self.hands[victim as usize];
        let n: u32 = h.iter().map(|&k| k as u32).sum();
        let mut card = NONE;
        if n > 0 {
            let mut k = below(rng, n);
            for (r, &c) in h.iter().enumerate() {
                if k < c as u32 {
                    card = r as u8;
                    break;
                }
                k -= c as u32;
            }
        }
        Action::Robber { hex, victim, card }
    }
}

/// The resources (a bit each) of which `a` holds at least as many as `b`
/// (hands, the bank, costs, rates: five counts each, below 128), all
/// five compared at once in one 64-bit word.
///
/// ```
/// use evoboard_core::boards::catan::play::at_least;
/// assert_eq!(at_least(&[2, 0, 5, 1, 3], &[1, 1, 5, 0, 4]), 0b0_1101);
/// ```
#[inline]
pub fn at_least(a: &[u8; 5], b: &[u8; 5]) -> u8 {
    // Counts are below 128: one subtraction with a guard bit per byte,
    // the five guard bits gathered by one multiplication (byte r's bit,
    // at 8r, lands on bit 32 + r; no two products collide).
    const GUARD: u64 = 0x80_8080_8080;
    let word = |c: &[u8; 5]| {
        u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])) | u64::from(c[4]) << 32
    };
    let d = (((word(a) | GUARD) - word(b)) & GUARD) >> 7;
    (d.wrapping_mul(1 << 32 | 1 << 25 | 1 << 18 | 1 << 11 | 1 << 4) >> 32) as u8 & 31
}

/// One of each resource: `at_least(counts, &ANY)` is the resources held.
pub const ANY: [u8; 5] = [1; 5];

/// A uniform number below `n` (`n ≥ 1`) from one 32-bit draw.
#[inline]
pub fn below(rng: &mut Rng, n: u32) -> u32 {
    ((rng.next_u32() as u64 * n as u64) >> 32) as u32
}

/// The set bits of `m`, lowest first.
#[inline]
pub fn bits(mut m: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as u8;
            m &= m - 1;
            b
        })
    })
}
