//! evoboard's domino players for a game's own four-ends table: spawn an
//! [`AskDominoAi`] with the seat's public view of the round, and the
//! chosen turn arrives as [`DominoAdvice`] and a [`DominoAdvised`] trigger
//! on the same entity. The agent thinks on the [`AsyncComputeTaskPool`]
//! (the Monte Carlo agent can take a while); outside Bevy, call
//! [`crate::domino::choose_turn`] directly.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use evoboard::domino::{PublicRound, Turn};
//! use evoboard::plugin::{AskDominoAi, DominoAdvised};
//!
//! /// Called by the game when an AI seat is to move, with what it knows.
//! fn ai_turn(commands: &mut Commands, round: PublicRound) {
//!     commands
//!         .spawn(AskDominoAi::new("s1", round, 7))
//!         .observe(|advice: On<DominoAdvised>| match advice.turn {
//!             Turn::Play(m) => println!("lay {} on arm {}", m.tile, m.arm),
//!             other => println!("{other:?}"),
//!         });
//! }
//! ```

use crate::domino::{DominoError, PublicRound, Turn, choose_turn_named};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

/// Ask an agent for a seat's turn. `agent` is a name as on the command
/// line (`basic`, `s1`…`s4`, a tuned preset, `mc`…).
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component, from_reflect = false)]
pub struct AskDominoAi {
    /// The agent's name.
    pub agent: String,
    /// What the seat knows.
    #[reflect(ignore)]
    pub round: PublicRound,
    /// The seed (same seed, same answer).
    pub seed: u64,
}

impl AskDominoAi {
    /// A request to `agent` for the turn of `round.seat`.
    pub fn new(agent: impl Into<String>, round: PublicRound, seed: u64) -> Self {
        AskDominoAi {
            agent: agent.into(),
            round,
            seed,
        }
    }
}

/// The agent's answer.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component, from_reflect = false)]
pub struct DominoAdvice(#[reflect(ignore)] pub Turn);

/// Why an agent gave no answer (an unknown agent name, a round that does
/// not add up, not this seat's turn…).
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct DominoAdviceFailed(pub String);

/// Triggered on the request's entity with the agent's turn.
#[derive(EntityEvent, Clone, Debug)]
pub struct DominoAdvised {
    /// The request's entity.
    pub entity: Entity,
    /// The turn to take.
    pub turn: Turn,
}

#[derive(Component)]
struct Thinking(Task<Result<Turn, DominoError>>);

/// Runs domino agents for [`AskDominoAi`] requests.
pub struct DominoAiPlugin;

impl Plugin for DominoAiPlugin {
    fn build(&self, app: &mut App) {
        let schedule = super::EvoboardSettings::of(app).schedule;
        app.register_type::<AskDominoAi>()
            .register_type::<DominoAdvice>()
            .register_type::<DominoAdviceFailed>()
            .add_systems(
                schedule,
                (start, finish).chain().in_set(super::EvoboardSet::Generate),
            );
    }
}

fn start(mut commands: Commands, asks: Query<(Entity, &AskDominoAi), Changed<AskDominoAi>>) {
    for (e, ask) in &asks {
        let ask = ask.clone();
        let task = AsyncComputeTaskPool::get()
            .spawn(async move { choose_turn_named(&ask.agent, &ask.round, ask.seed) });
        commands
            .entity(e)
            .remove::<(DominoAdvice, DominoAdviceFailed)>()
            .insert(Thinking(task));
    }
}

fn finish(mut commands: Commands, mut thinking: Query<(Entity, &mut Thinking)>) {
    for (e, mut t) in &mut thinking {
        let Some(result) = check_ready(&mut t.0) else {
            continue;
        };
        let mut ec = commands.entity(e);
        ec.remove::<Thinking>();
        match result {
            Ok(turn) => {
                ec.insert(DominoAdvice(turn));
                commands.trigger(DominoAdvised { entity: e, turn });
            }
            Err(err) => {
                ec.insert(DominoAdviceFailed(err.to_string()));
            }
        }
    }
}
