//! AI turns worked out away from the match: [`LocalMatch::ai_turns`]
//! copies what the AI seats need (the round, the match's random stream,
//! the agents), [`AiTurns::run`] plays them on any thread (a background
//! job, so a slow agent never holds up a frame), and
//! [`LocalMatch::apply_ai_turns`] takes the turns in. The match ends the
//! same as with [`LocalMatch::ai_step`] turn by turn: the turns are those
//! steps, on the same stream.

use super::{Actor, LocalMatch};
use crate::domino::agents::{Agent, EvalAgent};
use crate::domino::error::DominoError;
use crate::domino::round::{Event, Round};
use crate::rng::Rng;
use std::sync::Arc;

/// The AI seats' next turns, to be played away from the match.
pub struct AiTurns {
    agents: [Arc<dyn Agent>; 4],
    humans: [bool; 4],
    round: Round,
    rng: Rng,
    max: usize,
    /// Where the match was: its round number and log length.
    at: (u32, usize),
}

/// One AI turn played away: the seat, the last placer before it, its
/// events, and the round and the random stream after it (the match logs a
/// turn from the state it left, and a round's end deals the next one from
/// the stream).
struct Turn {
    seat: u8,
    last_placer_before: u8,
    events: Vec<Event>,
    round: Round,
    rng: Rng,
}

/// The turns [`AiTurns::run`] played, for [`LocalMatch::apply_ai_turns`].
pub struct AiTurnsPlayed {
    turns: Vec<Turn>,
    at: (u32, usize),
}

impl AiTurnsPlayed {
    /// How many turns were played.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Whether no turn was played.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }
}

impl AiTurns {
    /// Play the AI seats' turns in order, at most `max`, stopping at a
    /// person's turn or the round's end.
    pub fn run(mut self) -> AiTurnsPlayed {
        let agents: [&dyn Agent; 4] = std::array::from_fn(|s| self.agents[s].as_ref());
        let mut turns = Vec::new();
        while turns.len() < self.max
            && !self.round.is_over()
            && !self.humans[self.round.turn as usize]
        {
            let seat = self.round.turn;
            let last_placer_before = self.round.last_placer;
            let mut events = Vec::new();
            self.round
                .step(&agents, &mut self.rng, &mut |e| events.push(e));
            turns.push(Turn {
                seat,
                last_placer_before,
                events,
                round: self.round.clone(),
                rng: self.rng.clone(),
            });
        }
        AiTurnsPlayed { turns, at: self.at }
    }
}

impl LocalMatch {
    /// The AI seats' next turns (at most `max`, at least one) to play away
    /// from the match with [`AiTurns::run`]. Errors when it is not an AI
    /// seat's turn.
    pub fn ai_turns(&self, max: usize) -> Result<AiTurns, DominoError> {
        let actor = self.next_actor();
        if !matches!(actor, Actor::Ai(_)) {
            return Err(DominoError::NotAiTurn { actor });
        }
        let fallback: Arc<dyn Agent> = Arc::new(EvalAgent::clone(&self.fallback));
        Ok(AiTurns {
            agents: std::array::from_fn(|s| {
                self.agents[s].clone().unwrap_or_else(|| fallback.clone())
            }),
            humans: std::array::from_fn(|s| self.is_human(s as u8)),
            round: self.round.clone(),
            rng: self.rng.clone(),
            max: max.max(1),
            at: (self.round_number, self.log.len()),
        })
    }

    /// Take in turns played away: the match goes on as if each had been an
    /// [`LocalMatch::ai_step`]. Returns how many were taken; none when the
    /// match moved on since [`LocalMatch::ai_turns`] (a stale answer).
    pub fn apply_ai_turns(&mut self, played: AiTurnsPlayed) -> usize {
        if played.at != (self.round_number, self.log.len()) || played.turns.is_empty() {
            return 0;
        }
        let n = played.turns.len();
        for t in played.turns {
            self.round = t.round;
            self.rng = t.rng;
            self.record(t.seat, t.last_placer_before, t.events);
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::domino::{Actor, LocalMatch, parse_agent};

    fn all_ai(seed: u64) -> LocalMatch {
        let agents = ["t1", "basic", "s2", "t1"].map(|n| Some(parse_agent(n).unwrap()));
        LocalMatch::new(agents, seed)
    }

    #[test]
    fn turns_played_away_end_the_match_as_steps_do() {
        for seed in [1, 7, 42] {
            let mut steps = all_ai(seed);
            let mut away = all_ai(seed);
            for (batch, m) in [(1usize, &mut steps), (5, &mut away)] {
                let mut guard = 0;
                loop {
                    match m.next_actor() {
                        Actor::Ai(_) if batch == 1 => m.ai_step().unwrap(),
                        Actor::Ai(_) => {
                            let played = m.ai_turns(batch).unwrap().run();
                            assert!(m.apply_ai_turns(played) >= 1);
                        }
                        Actor::RoundOver => {
                            m.next_round().unwrap();
                        }
                        _ => break,
                    }
                    guard += 1;
                    assert!(guard < 10_000);
                }
            }
            assert_eq!(steps.result(), away.result(), "seed {seed}");
            assert_eq!(steps.log().len(), away.log().len(), "seed {seed}");
        }
    }

    #[test]
    fn a_stale_answer_is_not_taken() {
        let mut m = all_ai(3);
        let early = m.ai_turns(3).unwrap().run();
        m.ai_step().unwrap();
        let len = m.log().len();
        assert_eq!(m.apply_ai_turns(early), 0);
        assert_eq!(m.log().len(), len);
    }
}
