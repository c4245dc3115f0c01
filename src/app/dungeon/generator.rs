//! The dungeon generator as ECS data: the [`DungeonSettings`] the panel
//! edits, the [`DungeonRun`] resource that owns every proposal's searches
//! (the core's layout GA through `crate::search::Search`, then its
//! [`Furnishing`]), and the systems that obey [`DungeonCommand`]s and step
//! the run a few generations per second within a frame-time budget.
//!
//! One *tick* advances every proposal by one unit of work: a layout
//! generation, the start of stage two (loops, dead ends, entrance and
//! final room), a contents generation, or the finish (secret doors, traps,
//! figures). With G generations a run takes 2 G + 2 ticks, and each
//! proposal ends exactly as `dungeon::generate_proposal` (the CLI) makes
//! it for the same seed.

use crate::app::shell::StatusLine;
use crate::dungeon::{
    self, Dungeon, DungeonLayout, DungeonParams, DungeonRoom, Furnishing, Size, best_proposal,
    proposal_seed,
};
use crate::level::Level;
use crate::plugin::DungeonMap;
use crate::search::Search;
use bevy::prelude::*;
use std::time::{Duration, Instant};

/// Generations per second of the animation unless told otherwise.
pub const DEFAULT_SPEED: f32 = 8.0;
/// Most frame time spent on the searches per frame.
pub const FRAME_BUDGET: Duration = Duration::from_millis(12);

/// The size picked in the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeChoice {
    /// A published size.
    Preset(Size),
    /// Width, height and room range set by hand.
    Custom,
}

/// What the parameters panel edits; a run copies it when it starts.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct DungeonSettings {
    /// The size picked.
    pub size: SizeChoice,
    /// Everything the game master asks for.
    pub params: DungeonParams,
    /// The seed of the run.
    pub seed: u64,
    /// Generations per second (0 = as fast as the frame budget allows).
    pub steps_per_second: f32,
}

impl Default for DungeonSettings {
    fn default() -> Self {
        DungeonSettings {
            size: SizeChoice::Preset(Size::Small),
            params: DungeonParams::for_size(Size::Small),
            seed: 1,
            steps_per_second: DEFAULT_SPEED,
        }
    }
}

impl DungeonSettings {
    /// Pick a published size: its grid and room range (the other settings
    /// stay).
    pub fn set_size(&mut self, size: Size) {
        let p = DungeonParams::for_size(size);
        self.size = SizeChoice::Preset(size);
        (self.params.width, self.params.height) = (p.width, p.height);
        (self.params.min_rooms, self.params.max_rooms) = (p.min_rooms, p.max_rooms);
    }
}

/// What the buttons (and scripted runs) ask of the generator.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DungeonCommand {
    /// Start a new run from the settings and play it.
    Start,
    /// Pause the animation.
    Pause,
    /// Resume a paused run.
    Resume,
    /// One tick (starts a paused run from the settings if none exists).
    Step,
    /// Forget the run.
    Reset,
}

/// Whether the run is playing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DungeonRunState {
    /// No run yet.
    #[default]
    Idle,
    /// Stepping every frame.
    Running,
    /// Stopped part way; Step or Resume continue.
    Paused,
    /// Every proposal is finished.
    Done,
}

/// Where one proposal is.
pub enum Stage {
    /// Stage one, the layout GA.
    Layout(Box<dyn Search<Solution = DungeonLayout> + Sync>),
    /// Stage two, the contents GA.
    Contents(Box<Furnishing>),
    /// Finished.
    Done(Box<Dungeon>),
    /// Only inside a step, while stage two's searches become the dungeon.
    Finishing,
}

/// One proposal of a run.
pub struct ProposalRun {
    /// Its index (proposal `index + 1` in the panel).
    pub index: usize,
    /// Its stage and searches.
    pub stage: Stage,
    /// Best and mean layout fitness per generation (generation 0 first).
    pub layout_history: Vec<[f64; 2]>,
    /// Best contents fitness per generation.
    pub contents_history: Vec<f64>,
}

impl ProposalRun {
    /// The finished dungeon, once done.
    pub fn dungeon(&self) -> Option<&Dungeon> {
        match &self.stage {
            Stage::Done(d) => Some(d),
            _ => None,
        }
    }

    /// Human-readable stage: "layout generation 4 of 10" etc.
    pub fn stage_label(&self, generations: usize) -> String {
        match &self.stage {
            Stage::Layout(s) => format!(
                "layout GA, generation {} of {generations}",
                s.progress().generation
            ),
            Stage::Contents(f) => format!(
                "contents GA, generation {} of {generations}",
                f.progress().generation
            ),
            Stage::Done(_) | Stage::Finishing => "finished".into(),
        }
    }

    /// Best layout fitness so far.
    pub fn layout_fitness(&self) -> f64 {
        self.layout_history.last().map_or(0.0, |h| h[0])
    }

    /// What to draw now: the best layout (rooms lettered, contents not yet
    /// decided), then the layout with the best contents so far, then the
    /// finished dungeon.
    pub fn map(&self) -> DungeonMap {
        match &self.stage {
            Stage::Layout(s) => layout_map(s.best().0, None),
            Stage::Contents(f) => layout_map(f.layout(), Some(f)),
            Stage::Done(d) => DungeonMap::from_dungeon(d),
            Stage::Finishing => unreachable!("a proposal is finishing only inside a step"),
        }
    }

    /// One unit of work; returns false when already finished.
    fn advance(&mut self, params: &DungeonParams, seed: u64) -> bool {
        let g = params.ga.generations as u64;
        match &mut self.stage {
            Stage::Layout(s) if s.progress().generation < g => {
                let p = s.step();
                self.layout_history.push([p.best, p.mean]);
            }
            Stage::Layout(s) => {
                let f = Furnishing::new(params, s.best().0, proposal_seed(seed, self.index));
                self.contents_history.push(f.progress().best);
                self.stage = Stage::Contents(Box::new(f));
            }
            Stage::Contents(f) if f.progress().generation < g => {
                self.contents_history.push(f.step().best);
            }
            Stage::Contents(_) => {
                // Finishing consumes the furnishing.
                if let Stage::Contents(f) = std::mem::replace(&mut self.stage, Stage::Finishing) {
                    self.stage = Stage::Done(Box::new(f.finish()));
                }
            }
            Stage::Done(_) | Stage::Finishing => return false,
        }
        true
    }
}

/// A layout drawn with letters in reading order (as the finished dungeon
/// letters them); with a furnishing, its entrance, final room and best
/// contents so far.
fn layout_map(layout: &DungeonLayout, furnishing: Option<&Furnishing>) -> DungeonMap {
    let mut rects = layout.rooms.clone();
    rects.sort_by_key(|r| (r.y, r.x));
    let flags = furnishing.map(|f| *f.best().0).unwrap_or_default();
    let rooms = DungeonRoom::lettered(&rects, &flags);
    DungeonMap {
        grid: layout.grid.clone(),
        rooms,
        entrance: furnishing.map(|f| f.entrance()),
        final_room: furnishing.map(|f| f.final_room()),
        show_contents: furnishing.is_some(),
    }
}

/// The run: every proposal's searches, the pacing and what is shown.
#[derive(Resource, Default)]
pub struct DungeonRun {
    /// Playing, paused, done or idle.
    pub state: DungeonRunState,
    /// The settings the run started with.
    pub params: Option<DungeonParams>,
    /// The seed the run started with.
    pub seed: u64,
    /// The proposals.
    pub proposals: Vec<ProposalRun>,
    /// The proposal shown.
    pub selected: usize,
    /// Ticks completed.
    pub ticks: usize,
    /// Why the last start failed.
    pub error: StatusLine,
    /// Whether the drawn map must be rebuilt.
    pub dirty: bool,
    /// Ticks owed by the pacing.
    owed: f32,
    /// The next proposal to advance within the current tick.
    cursor: usize,
}

impl DungeonRun {
    /// Start a run from `settings` (paused at generation 0); the error
    /// says what is allowed.
    pub fn start(&mut self, settings: &DungeonSettings) -> Result<(), String> {
        *self = DungeonRun::default();
        self.dirty = true;
        let params = settings.params.clone();
        let seed = settings.seed;
        let mut proposals = Vec::with_capacity(params.proposals);
        for index in 0..params.proposals {
            let search = dungeon::layout_search(&params, seed, index).map_err(|e| e.to_string())?;
            let p = search.progress();
            proposals.push(ProposalRun {
                index,
                stage: Stage::Layout(Box::new(search)),
                layout_history: vec![[p.best, p.mean]],
                contents_history: Vec::new(),
            });
        }
        self.proposals = proposals;
        self.params = Some(params);
        self.seed = seed;
        self.state = DungeonRunState::Paused;
        Ok(())
    }

    /// Ticks in a whole run.
    pub fn total_ticks(&self) -> usize {
        self.params.as_ref().map_or(0, |p| 2 * p.ga.generations + 2)
    }

    /// Advance until `budget` is spent or `ticks` whole ticks are done
    /// (a tick may be left half done when the budget runs out; the next
    /// call finishes it). Returns the ticks completed.
    pub fn advance(&mut self, mut ticks: f32, budget: Duration) -> usize {
        // Borrowed out of `self` for the loop and put back after it.
        let Some(params) = self.params.take() else {
            return 0;
        };
        let start = Instant::now();
        let mut done = 0;
        while !self.proposals.is_empty() && self.state != DungeonRunState::Done {
            if self.cursor == 0 {
                if ticks < 1.0 {
                    break;
                }
                ticks -= 1.0;
            }
            self.proposals[self.cursor].advance(&params, self.seed);
            if self.cursor == self.selected {
                self.dirty = true;
            }
            self.cursor = (self.cursor + 1) % self.proposals.len();
            if self.cursor == 0 {
                self.ticks += 1;
                done += 1;
                if self.proposals.iter().all(|p| p.dungeon().is_some()) {
                    self.state = DungeonRunState::Done;
                    self.selected = self.best().unwrap_or(0);
                    self.dirty = true;
                }
            }
            if start.elapsed() >= budget {
                break;
            }
        }
        self.params = Some(params);
        done
    }

    /// The level "Accept and save" writes for the shown proposal, once it
    /// is finished: the same as `evoboard dungeon --out` for the same
    /// settings and seed.
    pub fn shown_level(&self, name: &str) -> Option<Level> {
        let d = self.shown()?.dungeon()?;
        let params = self.params.as_ref()?;
        Some(Level::dungeon(name, d, params))
    }

    /// Run every remaining tick now (tests, "finish" requests).
    pub fn finish(&mut self) {
        while self.state != DungeonRunState::Done && !self.proposals.is_empty() {
            self.advance(f32::INFINITY, Duration::MAX);
        }
    }

    /// The finished dungeons, in proposal order (once done).
    pub fn dungeons(&self) -> Vec<&Dungeon> {
        self.proposals.iter().filter_map(|p| p.dungeon()).collect()
    }

    /// The best finished proposal (as the CLI picks it).
    pub fn best(&self) -> Option<usize> {
        let all: Vec<Dungeon> = self.dungeons().into_iter().cloned().collect();
        (all.len() == self.proposals.len() && !all.is_empty()).then(|| best_proposal(&all))
    }

    /// The proposal shown, if any.
    pub fn shown(&self) -> Option<&ProposalRun> {
        self.proposals.get(self.selected)
    }

    /// "layout GA, generation 4 of 10" for the run as a whole.
    pub fn stage_label(&self) -> String {
        match (&self.params, self.proposals.first()) {
            (Some(p), Some(first)) => first.stage_label(p.ga.generations),
            _ => "not started".into(),
        }
    }
}

/// Obey the commands.
pub fn apply_commands(
    mut commands: MessageReader<DungeonCommand>,
    settings: Res<DungeonSettings>,
    mut run: ResMut<DungeonRun>,
) {
    for c in commands.read() {
        match c {
            DungeonCommand::Start => match run.start(&settings) {
                Ok(()) => run.state = DungeonRunState::Running,
                Err(e) => {
                    *run = DungeonRun::default();
                    run.error = StatusLine::error(e);
                    run.dirty = true;
                }
            },
            DungeonCommand::Pause if run.state == DungeonRunState::Running => {
                run.state = DungeonRunState::Paused;
            }
            DungeonCommand::Resume if run.state == DungeonRunState::Paused => {
                run.state = DungeonRunState::Running;
            }
            DungeonCommand::Step => {
                if run.state == DungeonRunState::Idle
                    && let Err(e) = run.start(&settings)
                {
                    run.error = StatusLine::error(e);
                    continue;
                }
                if run.state != DungeonRunState::Done {
                    run.state = DungeonRunState::Paused;
                    run.advance(1.0, Duration::MAX);
                }
            }
            DungeonCommand::Reset => {
                *run = DungeonRun::default();
                run.dirty = true;
            }
            _ => {}
        }
    }
}

/// Step a running run: `steps_per_second` ticks per second (0 = as many
/// as fit), never more than [`FRAME_BUDGET`] of searching per frame.
pub fn step_run(time: Res<Time>, settings: Res<DungeonSettings>, mut run: ResMut<DungeonRun>) {
    if run.state != DungeonRunState::Running {
        return;
    }
    let ticks = if settings.steps_per_second <= 0.0 {
        f32::INFINITY
    } else {
        // At most two ticks of backlog, so a slow frame does not make the
        // animation jump.
        run.owed = (run.owed + time.delta_secs() * settings.steps_per_second).min(2.0);
        run.owed
    };
    let before = run.ticks;
    run.advance(ticks, FRAME_BUDGET);
    let done = (run.ticks - before) as f32;
    if ticks.is_finite() {
        run.owed = (run.owed - done).max(0.0);
    }
}
