//! One round ("mão"): turns, passes, and the P1-P5 scoring.
//!
//! [`Round`] is the referee: it holds all four hands, but an agent only
//! ever gets a [`SeatView`], which shows its own hand, the table, who played
//! what, who passed on which numbers and the scores: what a real player at
//! the table sees.

use super::agents::{Agent, FastEval};
use super::error::DominoError;
use super::table::{Move, Table};
use super::tiles::{Hand, LANES, PAIRS, Tile, lanes_of, pairs_of};
use crate::rng::Rng;
use serde::{Deserialize, Serialize};

mod seat_view;
mod turns;

pub use seat_view::SeatView;

/// The team of a seat: seats 0 and 2 are team 0 (A), seats 1 and 3 team 1 (B).
pub fn team_of(seat: u8) -> usize {
    (seat & 1) as usize
}

/// P1 of a table count: the count if it is a positive multiple of 5
/// (counts stay below 64: four ends of at most 12).
pub(super) const P1: [u32; 64] = build_p1();

const fn build_p1() -> [u32; 64] {
    let mut p = [0u32; 64];
    let mut c = 5;
    while c < 64 {
        p[c] = c as u32;
        c += 5;
    }
    p
}

/// Round a count down to a multiple of 5 (garagem, blocked rounds).
pub fn floor5(x: u32) -> u32 {
    x - x % 5
}

/// Which scoring rule produced points. On the wire (serde) and in
/// [`Rule::name`] it is the variant's name (`"TableCount"`, `"Galo"`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Rule {
    /// P1: the open ends add up to a multiple of 5.
    TableCount,
    /// P2: an opponent passed after this team's last play (20).
    Pass,
    /// P3: "galo", all three others passed after this team's play (50).
    Galo,
    /// P4: "garagem", the opponents' pips when going out.
    Garagem,
    /// P5: going out with a double (20).
    DoubleOut,
    /// A blocked round ("trancado"): the lighter team scores the other's pips.
    Blocked,
}

impl Rule {
    /// The rule's name as it is sent and logged (`TableCount`, `Pass`,
    /// `Galo`, `Garagem`, `DoubleOut`, `Blocked`).
    pub fn name(self) -> &'static str {
        match self {
            Rule::TableCount => "TableCount",
            Rule::Pass => "Pass",
            Rule::Galo => "Galo",
            Rule::Garagem => "Garagem",
            Rule::DoubleOut => "DoubleOut",
            Rule::Blocked => "Blocked",
        }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What happened at the table, in order (for tests, replays and the app).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat laid a tile; `arm` is `None` for the spinner.
    Placed {
        /// Who played.
        seat: u8,
        /// The tile.
        tile: Tile,
        /// The arm, or `None` for the opening double.
        arm: Option<u8>,
    },
    /// A seat could not play.
    Passed {
        /// Who passed.
        seat: u8,
    },
    /// A team scored.
    Scored {
        /// 0 = team A (seats 0, 2), 1 = team B.
        team: usize,
        /// Points (a multiple of 5).
        points: u32,
        /// The rule.
        rule: Rule,
    },
    /// The round is over.
    RoundOver(RoundEnd),
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum RoundEnd {
    /// A seat played its last tile ("bateu").
    Out {
        /// Who went out.
        seat: u8,
    },
    /// Nobody could play ("trancado").
    Blocked,
}

/// How the round must be opened.
///
/// With serde: `{"Forced": [6, 6]}` or `"AnyDouble"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Opening {
    /// The opener must lay this double (6-6 in the first round and after a
    /// blocked round).
    Forced(Tile),
    /// The opener lays any double of its choice.
    AnyDouble,
}

/// A round in progress: the full state, hidden hands included.
#[derive(Clone, Debug)]
pub struct Round {
    hands: [Hand; 4],
    /// The table.
    pub table: Table,
    /// The tiles each seat has laid this round.
    pub played: [Hand; 4],
    /// Numbers each seat is known to lack: bit n set when it passed while
    /// `n` showed on an open end.
    pub voids: [u8; 4],
    /// The seat to move.
    pub turn: u8,
    /// The seat that laid the last tile.
    pub last_placer: u8,
    /// Passes in a row since the last tile was laid.
    pub passes: u8,
    pending_passes: u32,
    /// How the round opens (only read before the spinner is down).
    pub opening: Opening,
    /// Points scored this round by team A and team B.
    pub points: [u32; 2],
    /// The match score before this round, for context.
    pub match_score: [u32; 2],
    /// Set once the round is over.
    pub end: Option<RoundEnd>,
    /// V1 of each seat as byte lanes (tiles in hand showing each number).
    hand_lanes: [u64; 4],
    /// V3 source: the tiles each seat has laid, as byte lanes.
    played_lanes: [u64; 4],
    /// Each hand in the pairs form of [`super::tiles::PAIRS`].
    hand_pairs: [u64; 4],
}

impl Round {
    /// A fresh round: `hands` dealt, `opener` to lay the spinner.
    pub fn new(hands: [Hand; 4], opener: u8, opening: Opening, match_score: [u32; 2]) -> Round {
        Round {
            hands,
            table: Table::new(),
            played: [Hand::EMPTY; 4],
            voids: [0; 4],
            turn: opener,
            last_placer: opener,
            passes: 0,
            pending_passes: 0,
            opening,
            points: [0; 2],
            match_score,
            end: None,
            hand_lanes: hands.map(|h| lanes_of(h.0)),
            played_lanes: [0; 4],
            hand_pairs: hands.map(|h| pairs_of(h.0)),
        }
    }

    /// A seat's hand (the referee's knowledge; agents get a [`SeatView`]).
    pub fn hand(&self, seat: u8) -> Hand {
        self.hands[seat as usize]
    }

    /// What `seat` sees.
    pub fn view(&self, seat: u8) -> SeatView<'_> {
        SeatView { round: self, seat }
    }

    /// Whether the round is over.
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The legal moves of the seat to move (empty before the opening and
    /// when it must pass).
    pub fn legal_moves(&self, out: &mut [Move; 28]) -> usize {
        self.table.legal_moves(self.hands[self.turn as usize], out)
    }

    fn award(&mut self, team: usize, points: u32, rule: Rule, sink: &mut impl FnMut(Event)) {
        debug_assert!(points.is_multiple_of(5));
        self.points[team] += points;
        sink(Event::Scored { team, points, rule });
    }

    /// The tiles the seat to move may open with (empty once the spinner is
    /// down).
    pub fn opening_doubles(&self) -> Vec<Tile> {
        if self.table.spinner.is_some() {
            return Vec::new();
        }
        let hand = self.hands[self.turn as usize];
        match self.opening {
            Opening::Forced(t) => hand.contains(t).then_some(t).into_iter().collect(),
            Opening::AnyDouble => hand.doubles().iter().collect(),
        }
    }

    /// Lay the opening double (the spinner) for the seat to move.
    ///
    /// # Panics
    /// If the spinner is down, or the seat to move may not open with
    /// `tile` ([`Round::try_open_with`] returns an error instead).
    pub fn open_with(&mut self, tile: Tile, sink: &mut impl FnMut(Event)) {
        let seat = self.turn;
        assert!(self.table.spinner.is_none(), "the spinner is already down");
        assert!(tile.is_double() && self.hands[seat as usize].contains(tile));
        if let Opening::Forced(t) = self.opening {
            assert_eq!(t, tile, "this round must open with {t}");
        }
        self.place_spinner(tile, sink);
    }

    /// [`Round::open_with`], or an error if the spinner is down or `tile`
    /// may not open the round.
    pub fn try_open_with(
        &mut self,
        tile: Tile,
        sink: &mut impl FnMut(Event),
    ) -> Result<(), DominoError> {
        if self.table.spinner.is_some() {
            return Err(DominoError::SpinnerDown);
        }
        let allowed = self.opening_doubles();
        if !allowed.contains(&tile) {
            return Err(DominoError::CannotOpenWith { tile, allowed });
        }
        self.place_spinner(tile, sink);
        Ok(())
    }

    fn place_spinner(&mut self, tile: Tile, sink: &mut impl FnMut(Event)) {
        let seat = self.turn;
        self.take(seat, tile);
        self.table.place_spinner(tile);
        sink(Event::Placed {
            seat,
            tile,
            arm: None,
        });
        self.after_placing(seat, tile, sink);
    }

    /// Whether the seat to move may play `m` now.
    #[inline(always)]
    pub fn is_legal(&self, m: Move) -> bool {
        self.hands[self.turn as usize].contains(m.tile) && self.table.is_legal(m)
    }

    /// Play `m` for the seat to move.
    ///
    /// # Panics
    /// On an illegal move ([`Round::try_play`] returns an error instead).
    pub fn play(&mut self, m: Move, sink: &mut impl FnMut(Event)) {
        assert!(self.is_legal(m), "illegal move {} on arm {}", m.tile, m.arm);
        self.place(m, sink);
    }

    /// [`Round::play`], or an error if the round is over or `m` is not
    /// legal.
    pub fn try_play(&mut self, m: Move, sink: &mut impl FnMut(Event)) -> Result<(), DominoError> {
        if self.is_over() {
            return Err(DominoError::RoundIsOver);
        }
        if !self.is_legal(m) {
            return Err(DominoError::IllegalMove {
                tile: m.tile,
                arm: m.arm,
            });
        }
        self.place(m, sink);
        Ok(())
    }

    /// Move `tile` from `seat`'s hand to the tiles it has laid.
    #[inline(always)]
    fn take(&mut self, seat: u8, tile: Tile) {
        let s = seat as usize;
        self.hands[s].remove(tile);
        self.played[s].insert(tile);
        self.hand_lanes[s] -= LANES[tile.0 as usize];
        self.played_lanes[s] += LANES[tile.0 as usize];
        self.hand_pairs[s] ^= PAIRS[tile.0 as usize];
    }

    #[inline(always)]
    fn place(&mut self, m: Move, sink: &mut impl FnMut(Event)) {
        let seat = self.turn;
        self.take(seat, m.tile);
        self.table.play(m);
        sink(Event::Placed {
            seat,
            tile: m.tile,
            arm: Some(m.arm),
        });
        self.after_placing(seat, m.tile, sink);
    }

    fn after_placing(&mut self, seat: u8, tile: Tile, sink: &mut impl FnMut(Event)) {
        // Provoked passes since the previous play are paid now.
        // (Points are added without branches; the events, when anybody
        // listens, follow.)
        let prev = team_of(self.last_placer);
        self.points[prev] += 20 * self.pending_passes;
        for _ in 0..self.pending_passes {
            sink(Event::Scored {
                team: prev,
                points: 20,
                rule: Rule::Pass,
            });
        }
        self.pending_passes = 0;
        let team = team_of(seat);
        let c = P1[self.table.count() as usize & 63];
        self.points[team] += c;
        if c > 0 {
            sink(Event::Scored {
                team,
                points: c,
                rule: Rule::TableCount,
            });
        }
        self.last_placer = seat;
        self.passes = 0;
        if self.hands[seat as usize].is_empty() {
            if tile.is_double() {
                self.award(team, 20, Rule::DoubleOut, sink);
            }
            let opp = self.hands[(seat as usize + 1) % 4].pips()
                + self.hands[(seat as usize + 3) % 4].pips();
            let g = floor5(opp);
            if g > 0 {
                self.award(team, g, Rule::Garagem, sink);
            }
            self.end = Some(RoundEnd::Out { seat });
            sink(Event::RoundOver(RoundEnd::Out { seat }));
            return;
        }
        self.turn = (seat + 1) % 4;
    }

    /// Whether the seat to move must pass: the spinner is down and no tile
    /// in its hand fits an open end.
    pub fn must_pass(&self) -> bool {
        self.table.spinner.is_some()
            && self.hands[self.turn as usize].0 & self.table.playable_tiles().0 == 0
    }

    /// [`Round::pass`], or an error if the round is over or the seat to
    /// move has a tile that fits (or the round is not opened yet).
    pub fn try_pass(&mut self, sink: &mut impl FnMut(Event)) -> Result<(), DominoError> {
        if self.is_over() {
            return Err(DominoError::RoundIsOver);
        }
        if !self.must_pass() {
            return Err(DominoError::CannotPass);
        }
        self.pass(sink);
        Ok(())
    }

    /// The seat to move passes. It must have no legal move: this is not
    /// checked (the simulator's fast path); [`Round::try_pass`] checks.
    pub fn pass(&mut self, sink: &mut impl FnMut(Event)) {
        let seat = self.turn;
        debug_assert!(self.table.spinner.is_some());
        self.voids[seat as usize] |= self.table.open_numbers();
        sink(Event::Passed { seat });
        self.passes += 1;
        self.pending_passes += ((seat ^ self.last_placer) & 1) as u32;
        if self.passes == 3 {
            // Galo: 50 instead of the individual 20s.
            self.pending_passes = 0;
            self.award(team_of(self.last_placer), 50, Rule::Galo, sink);
        } else if self.passes == 4 {
            let pips = [
                self.hands[0].pips() + self.hands[2].pips(),
                self.hands[1].pips() + self.hands[3].pips(),
            ];
            if pips[0] != pips[1] {
                let (w, l) = if pips[0] < pips[1] { (0, 1) } else { (1, 0) };
                let p = floor5(pips[l]);
                if p > 0 {
                    self.award(w, p, Rule::Blocked, sink);
                }
            }
            self.end = Some(RoundEnd::Blocked);
            sink(Event::RoundOver(RoundEnd::Blocked));
            return;
        }
        self.turn = (seat + 1) % 4;
    }
}
