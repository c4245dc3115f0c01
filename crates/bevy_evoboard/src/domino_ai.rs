//! evoboard's domino players for a game's own four-ends table: spawn an
//! [`AskDominoAi`] with the seat's public view of the round, and the
//! chosen turn arrives as [`DominoAdvice`] and a [`DominoAdvised`] trigger
//! on the same entity; an agent that cannot answer (a coefficient file
//! that does not read, a round that does not add up) leaves
//! [`DominoAdviceFailed`] and triggers [`DominoAiFailed`] instead, with the
//! domino core's typed error. The agent thinks in a [`Job`] off the main
//! thread (the Monte Carlo agent can take a while); outside Bevy, call
//! [`evoboard_core::domino::choose_turn`] directly.
//!
//! A game that runs its table on evoboard's own rules engine (a
//! [`LocalMatch`](evoboard_core::domino::LocalMatch), which holds every
//! hand) hands the AI seats' due turns to [`play_ai_seats`] instead: they
//! are played off the main thread on the match's own random stream, so the
//! match ends exactly as the command line's for the same seed.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use evoboard_core::domino::{AgentSpec, PublicRound, Turn};
//! use bevy_evoboard::{AskDominoAi, DominoAdvised, DominoAiFailed};
//!
//! /// Called by the game when an AI seat is to move, with what it knows.
//! fn ai_turn(commands: &mut Commands, round: PublicRound) {
//!     let agent: AgentSpec = "s1".parse().expect("a known agent");
//!     commands
//!         .spawn(AskDominoAi::new(agent, round, 7))
//!         .observe(|advice: On<DominoAdvised>| match advice.turn {
//!             Turn::Play(m) => println!("lay {} on arm {}", m.tile, m.arm),
//!             other => println!("{other:?}"),
//!         })
//!         .observe(|failed: On<DominoAiFailed>| println!("no turn: {}", failed.error));
//! }
//! ```

use super::job::Job;
use super::jobs::{BackgroundJob, JobsAppExt};
use bevy::prelude::*;
use evoboard_core::domino::{
    AgentSpec, AiTurns, AiTurnsPlayed, DominoError, PublicRound, Turn, choose_turn,
};

/// Ask an agent for a seat's turn. `agent` is typed as the command line
/// parses it (`"s1".parse::<AgentSpec>()`, `basic`, a tuned preset,
/// `mc`…).
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct AskDominoAi {
    /// The agent.
    pub agent: AgentSpec,
    /// What the seat knows.
    pub round: PublicRound,
    /// The seed (same seed, same answer).
    pub seed: u64,
}

impl AskDominoAi {
    /// A request to `agent` for the turn of `round.seat`.
    pub fn new(agent: AgentSpec, round: PublicRound, seed: u64) -> Self {
        AskDominoAi { agent, round, seed }
    }
}

/// The agent's answer.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct DominoAdvice(pub Turn);

/// Why an agent gave no answer (a coefficient file that does not read, a
/// round that does not add up, not this seat's turn…): the domino core's
/// typed error.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct DominoAdviceFailed(pub DominoError);

/// Triggered on the request's entity when the agent gave no answer, and
/// written as a message (`MessageReader<DominoAiFailed>`).
#[derive(EntityEvent, Message, Clone, Debug)]
pub struct DominoAiFailed {
    /// The request's entity.
    pub entity: Entity,
    /// What was wrong.
    pub error: DominoError,
}

/// Triggered on the request's entity with the agent's turn, and written
/// as a message (`MessageReader<DominoAdvised>`).
#[derive(EntityEvent, Message, Clone, Debug)]
pub struct DominoAdvised {
    /// The request's entity.
    pub entity: Entity,
    /// The turn to take.
    pub turn: Turn,
}

/// The agent thinking; dropping it (the request removed or replaced, the
/// entity despawned) throws its answer away.
#[derive(Component)]
struct Thinking(Job<Result<Turn, DominoError>>);

/// The AI seats' due turns of a game's own
/// [`LocalMatch`](evoboard_core::domino::LocalMatch), as a job: spawn it,
/// and [`JobFinished<AiTurnsPlayed>`](super::JobFinished) on its entity
/// brings the turns for `LocalMatch::apply_ai_turns`. The seats' agents
/// are the match's (built from their [`AgentSpec`]s by
/// `LocalMatch::from_specs`), and each turn draws from the match's random
/// stream, as `LocalMatch::ai_step` would.
///
/// ```no_run
/// use bevy::prelude::*;
/// use bevy_evoboard::prelude::*;
/// use bevy_evoboard::play_ai_seats;
/// use evoboard_core::domino::{AiTurnsPlayed, LocalMatch};
///
/// #[derive(Resource)]
/// struct Table(LocalMatch);
///
/// fn ai_seats_move(mut commands: Commands, mut table: ResMut<Table>) {
///     // Up to 4 AI turns, stopping at a person's turn or the round's end.
///     let Ok(turns) = table.0.ai_turns(4) else { return };
///     commands.spawn(play_ai_seats(turns)).observe(
///         |mut done: On<JobFinished<AiTurnsPlayed>>, mut table: ResMut<Table>| {
///             if let Some(Ok(played)) = done.take() {
///                 table.0.apply_ai_turns(played);
///             }
///         },
///     );
/// }
/// ```
pub fn play_ai_seats(turns: AiTurns) -> BackgroundJob<AiTurnsPlayed> {
    BackgroundJob::new("domino AI seats", move || turns.run())
}

/// Runs domino agents for [`AskDominoAi`] requests and [`play_ai_seats`]
/// jobs.
pub struct DominoAiPlugin;

impl Plugin for DominoAiPlugin {
    fn build(&self, app: &mut App) {
        let schedule = super::EvoboardSettings::of(app).schedule;
        super::frame_time::plugin(app);
        app.add_job::<AiTurnsPlayed>();
        app.register_type::<AskDominoAi>()
            .register_type::<DominoAdvice>()
            .register_type::<DominoAdviceFailed>()
            .add_message::<DominoAdvised>()
            .add_message::<DominoAiFailed>()
            .add_systems(
                schedule,
                (start, finish).chain().in_set(super::EvoboardSet::Generate),
            );
    }
}

fn start(mut commands: Commands, asks: Query<(Entity, &AskDominoAi), Changed<AskDominoAi>>) {
    for (e, ask) in &asks {
        let ask = ask.clone();
        let job = Job::spawn("domino agent", move || {
            choose_turn(ask.agent.build()?.as_ref(), &ask.round, ask.seed)
        });
        commands
            .entity(e)
            .remove::<(DominoAdvice, DominoAdviceFailed)>()
            .insert(Thinking(job));
    }
}

fn finish(
    mut commands: Commands,
    mut clock: ResMut<super::JobFrameTime>,
    mut thinking: Query<(Entity, &mut Thinking)>,
    mut advised: MessageWriter<DominoAdvised>,
    mut failed: MessageWriter<DominoAiFailed>,
) {
    let started = std::time::Instant::now();
    let busy = !thinking.is_empty();
    for (e, mut t) in &mut thinking {
        let Some(result) = t.0.poll() else {
            continue;
        };
        // A panicking agent is a bug in evoboard: the game gets a failure
        // saying so, never a panic of its own.
        let result = result.unwrap_or_else(|p| {
            Err(evoboard_core::domino::DominoError::AgentCrashed { message: p.0 })
        });
        let mut ec = commands.entity(e);
        ec.remove::<Thinking>();
        match result {
            Ok(turn) => {
                ec.insert(DominoAdvice(turn));
                advised.write(DominoAdvised { entity: e, turn });
                commands.trigger(DominoAdvised { entity: e, turn });
            }
            Err(error) => {
                ec.insert(DominoAdviceFailed(error.clone()));
                failed.write(DominoAiFailed {
                    entity: e,
                    error: error.clone(),
                });
                commands.trigger(DominoAiFailed { entity: e, error });
            }
        }
    }
    clock.add(started.elapsed(), busy);
}
