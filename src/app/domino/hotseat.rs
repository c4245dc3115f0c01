//! Hot-seat: several people share one machine. Between two people's turns
//! the hands are covered ("Pass the device to NAME") until the next person
//! says who they are; only then is that person's hand shown face up. With
//! one person (or none) nothing is covered and the person's hand (seat 0's
//! when nobody plays) is always shown.
//!
//! The state lives in [`DominoGame::hotseat`]; the hand panel and the table
//! read [`DominoGame::shown_hand`] and [`DominoGame::covered_for`], so a
//! test can check what the screen shows without egui.

use super::{DominoGame, SeatController};
use crate::domino::Actor;
use bevy::prelude::*;

/// Who may see their hand now.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HotSeat {
    /// The seat whose hand is shown face up (`None`: covered, when two or
    /// more people play).
    pub viewer: Option<u8>,
    /// The actor seen at the last check (a person's move is noticed when
    /// it changes).
    prev_actor: Option<Actor>,
    /// The round seen at the last check.
    prev_round: u32,
}

impl DominoGame {
    /// The seats played by people at this machine, in seat order.
    pub fn people(&self) -> Vec<u8> {
        (0..4u8)
            .filter(|s| self.seats[*s as usize] == SeatController::Human)
            .collect()
    }

    /// Whether two or more people share the machine (the hands are covered
    /// between their turns).
    pub fn is_hotseat(&self) -> bool {
        self.people().len() >= 2
    }

    /// The name of a seat's player: the person's name, or the seat's name
    /// for an AI.
    pub fn seat_name(&self, seat: u8) -> String {
        let n = self.names[seat as usize].trim();
        if n.is_empty() {
            crate::domino::SEAT_NAMES[seat as usize].to_string()
        } else {
            n.to_string()
        }
    }

    /// The seat whose hand the hand panel shows face up, `None` while the
    /// hands are covered. One person: always theirs; nobody: seat 0's
    /// (autoplay); two or more: the one who said "I am NAME" for this turn.
    pub fn shown_hand(&self) -> Option<u8> {
        let people = self.people();
        if people.len() >= 2 {
            self.hotseat.viewer
        } else {
            Some(people.first().copied().unwrap_or(0))
        }
    }

    /// The person the device must be passed to, while the hands are
    /// covered (`None`: not covered).
    pub fn covered_for(&self) -> Option<u8> {
        if !self.is_hotseat() || self.hotseat.viewer.is_some() || self.paused {
            return None;
        }
        self.next_person()
    }

    /// The next person to act: the person to move, or the first person
    /// after the AI to move in turn order, or after a round the first
    /// person from the next round's opener. `None` once the match is over.
    pub fn next_person(&self) -> Option<u8> {
        let people = self.people();
        let from = match self.game.next_actor() {
            Actor::Human(s) | Actor::Ai(s) => s,
            Actor::RoundOver => self
                .game
                .summaries()
                .last()
                .and_then(|s| s.next_opener)
                .map_or(0, |(seat, _)| seat),
            Actor::MatchOver => return None,
        };
        (0..4u8)
            .map(|k| (from + k) % 4)
            .find(|s| people.contains(s))
    }

    /// "I am NAME — show my hand": uncover the hand of the person the
    /// device was passed to.
    pub fn reveal(&mut self) {
        if let Some(s) = self.covered_for() {
            self.hotseat.viewer = Some(s);
        }
    }

    /// Cover the hands after a person's move or at a new round (hot-seat
    /// only); called by the input after each move and every frame by
    /// `cover_hands`.
    pub fn update_cover(&mut self) {
        let actor = self.game.next_actor();
        let round = self.game.round_number();
        if self.is_hotseat() {
            let moved = matches!(self.hotseat.prev_actor, Some(Actor::Human(v))
                if self.hotseat.viewer == Some(v) && actor != Actor::Human(v));
            if moved || round != self.hotseat.prev_round {
                self.hotseat.viewer = None;
                self.clear_choice();
                self.selected = None;
            }
        }
        self.hotseat.prev_actor = Some(actor);
        self.hotseat.prev_round = round;
    }
}

/// Every frame: cover the hands once a person has moved (whoever moved
/// them: a click, a key, or a test driver).
pub fn cover_hands(game: Option<ResMut<DominoGame>>) {
    if let Some(mut g) = game {
        g.update_cover();
    }
}
