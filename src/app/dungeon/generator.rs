//! The dungeon generator as ECS data: the [`DungeonSettings`] the panel
//! edits, the [`DungeonRun`] resource that owns every proposal's searches
//! (the core's layout GA through `crate::search::Search`, then its
//! [`Furnishing`]), and the systems that obey [`DungeonCommand`]s and play
//! the run through the plugin's [`SearchRun`] (which owns the pacing: a few
//! generations per second or as fast as it goes, on its own thread).
//!
//! One *tick* advances every proposal by one unit of work: a layout
//! generation, the start of stage two (loops, dead ends, entrance and
//! final room), a contents generation, or the finish (secret doors, traps,
//! figures). With G generations a run takes 2 G + 2 ticks, and each
//! proposal ends exactly as `dungeon::generate_proposal` (the CLI) makes
//! it for the same seed.

use crate::app::Screen;
use crate::app::shell::ScreenStatus;
use crate::app::shell::StatusLine;
use crate::dungeon::{
    self, Dungeon, DungeonLayout, DungeonParams, DungeonRoom, Furnishing, Size, best_proposal,
    proposal_seed,
};
use crate::plugin::{DungeonMap, JobFrameTime, SearchRun};
use crate::search::{Objective, Progress, Search};
use bevy::prelude::*;

/// Generations per second of the animation unless told otherwise.
pub const DEFAULT_SPEED: f32 = 8.0;

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
    /// Generations per second (0 = as fast as it goes).
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
    /// Pick a published size: its grid, room range and default loops (the
    /// other settings stay).
    pub fn set_size(&mut self, size: Size) {
        let p = DungeonParams::for_size(size);
        self.size = SizeChoice::Preset(size);
        (self.params.width, self.params.height) = (p.width, p.height);
        (self.params.min_rooms, self.params.max_rooms) = (p.min_rooms, p.max_rooms);
        // The size's own default loops (one on medium and large maps).
        self.params.loops = p.loops;
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

/// Where one proposal is, as the panels show it.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Stage one, the layout GA, at this generation.
    Layout(u64),
    /// Stage two, the contents GA, at this generation.
    Contents(u64),
    /// Finished.
    Done(Box<Dungeon>),
}

/// One proposal of a run, as the frame sees it (a snapshot of its
/// searches, which step on the run's own thread).
#[derive(Clone, Debug)]
pub struct ProposalRun {
    /// Its index (proposal `index + 1` in the panel).
    pub index: usize,
    /// Its stage.
    pub stage: Stage,
    /// Best and mean layout fitness per generation (generation 0 first).
    pub layout_history: Vec<[f64; 2]>,
    /// Best contents fitness per generation.
    pub contents_history: Vec<f64>,
    /// What it looks like while its searches run.
    live: Option<DungeonMap>,
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
            Stage::Layout(g) => format!("layout GA, generation {g} of {generations}"),
            Stage::Contents(g) => format!("contents GA, generation {g} of {generations}"),
            Stage::Done(_) => "finished".into(),
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
            Stage::Done(d) => DungeonMap::from_dungeon(d),
            _ => self.live.clone().expect("a running proposal has a map"),
        }
    }
}

/// Where one proposal's searches are (on the run's thread).
enum Work {
    /// Stage one, the layout GA.
    Layout(Box<dyn Search<Solution = DungeonLayout> + Sync>),
    /// Stage two, the contents GA.
    Contents(Box<Furnishing>),
    /// Finished.
    Done(Box<Dungeon>),
    /// Only inside a step, while stage two's searches become the dungeon.
    Finishing,
}

/// One proposal's searches and histories.
struct ProposalWork {
    index: usize,
    work: Work,
    layout_history: Vec<[f64; 2]>,
    contents_history: Vec<f64>,
}

impl ProposalWork {
    /// One unit of work; returns false when already finished.
    fn advance(&mut self, params: &DungeonParams, seed: u64) -> bool {
        let g = params.ga.generations as u64;
        match &mut self.work {
            Work::Layout(s) if s.progress().generation < g => {
                let p = s.step();
                self.layout_history.push([p.best, p.mean]);
            }
            Work::Layout(s) => {
                let f = Furnishing::new(params, s.best().0, proposal_seed(seed, self.index));
                self.contents_history.push(f.progress().best);
                self.work = Work::Contents(Box::new(f));
            }
            Work::Contents(f) if f.progress().generation < g => {
                self.contents_history.push(f.step().best);
            }
            Work::Contents(_) => {
                // Finishing consumes the furnishing.
                if let Work::Contents(f) = std::mem::replace(&mut self.work, Work::Finishing) {
                    self.work = Work::Done(Box::new(f.finish()));
                }
            }
            Work::Done(_) | Work::Finishing => return false,
        }
        true
    }

    /// The frame's copy.
    fn view(&self) -> ProposalRun {
        let (stage, live) = match &self.work {
            Work::Layout(s) => (
                Stage::Layout(s.progress().generation),
                Some(layout_map(s.best().0, None)),
            ),
            Work::Contents(f) => (
                Stage::Contents(f.progress().generation),
                Some(layout_map(f.layout(), Some(f))),
            ),
            Work::Done(d) => (Stage::Done(d.clone()), None),
            Work::Finishing => unreachable!("a proposal is finishing only inside a step"),
        };
        ProposalRun {
            index: self.index,
            stage,
            layout_history: self.layout_history.clone(),
            contents_history: self.contents_history.clone(),
            live,
        }
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

/// Every proposal's searches as one [`Search`]: a step is a *tick*, one
/// unit of work for every proposal in order; solved when all are done.
struct Ticks {
    params: DungeonParams,
    seed: u64,
    proposals: Vec<ProposalWork>,
    progress: Progress,
}

impl Search for Ticks {
    type Solution = Vec<ProposalWork>;

    fn name(&self) -> &'static str {
        "dungeon"
    }

    fn objective(&self) -> Objective {
        Objective::Maximize
    }

    fn step(&mut self) -> Progress {
        for p in &mut self.proposals {
            p.advance(&self.params, self.seed);
        }
        let best = self.best().1;
        self.progress = self.progress.next(0, best, best, true);
        self.progress
    }

    fn best(&self) -> (&Vec<ProposalWork>, f64) {
        let fitness = |p: &ProposalWork| p.layout_history.last().map_or(0.0, |h| h[0]);
        let best = self.proposals.iter().map(fitness).fold(0.0, f64::max);
        (&self.proposals, best)
    }

    fn progress(&self) -> Progress {
        self.progress
    }

    fn is_solved(&self) -> bool {
        self.proposals
            .iter()
            .all(|p| matches!(p.work, Work::Done(_)))
    }
}

/// What the frame gets of a run: every proposal and the ticks done.
struct RunView {
    proposals: Vec<ProposalRun>,
    ticks: usize,
}

fn view(t: &Ticks) -> RunView {
    RunView {
        proposals: t.proposals.iter().map(ProposalWork::view).collect(),
        ticks: t.progress.generation as usize,
    }
}

/// The run: the frame's copy of every proposal and what is shown. The
/// searches are the plugin's [`SearchRun`]: they step on their own thread
/// while the run plays, paced or not, and come home when it pauses, ends
/// or the screen goes away.
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
    /// Whether the drawn map must be rebuilt.
    pub dirty: bool,
    /// The searches and their pacing.
    run: Option<SearchRun<Ticks, RunView>>,
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
            proposals.push(ProposalWork {
                index,
                work: Work::Layout(Box::new(search)),
                layout_history: vec![[p.best, p.mean]],
                contents_history: Vec::new(),
            });
        }
        let ticks = Ticks {
            params: params.clone(),
            seed,
            proposals,
            progress: Progress::start(0, 0.0),
        };
        self.show(view(&ticks));
        // At most two ticks owed: a person sees every stage.
        self.run = Some(
            SearchRun::new(Box::new(ticks), view)
                .every_step()
                .with_backlog(2),
        );
        self.params = Some(params);
        self.seed = seed;
        self.state = DungeonRunState::Paused;
        Ok(())
    }

    /// Ticks in a whole run.
    pub fn total_ticks(&self) -> usize {
        self.params.as_ref().map_or(0, |p| 2 * p.ga.generations + 2)
    }

    /// Take in a snapshot of the searches.
    fn show(&mut self, v: RunView) {
        self.proposals = v.proposals;
        self.ticks = v.ticks;
        self.dirty = true;
        if !self.proposals.is_empty() && self.proposals.iter().all(|p| p.dungeon().is_some()) {
            self.state = DungeonRunState::Done;
            self.selected = self.best().unwrap_or(0);
        }
    }

    /// The searches, home from their thread (which stops after its
    /// current tick).
    fn home(&mut self) -> Option<&mut Ticks> {
        self.stop_runner();
        self.run.as_mut()?.search_mut()
    }

    /// Bring the searches home, taking in their last snapshot.
    pub fn stop_runner(&mut self) {
        let last = self.run.as_mut().map(|r| r.rest());
        if let Some(v) = last.and_then(|r| r.snapshot) {
            self.show(v);
        }
    }

    /// One tick now (Step).
    pub fn step_once(&mut self) {
        let Some(t) = self.home() else { return };
        if !t.is_solved() {
            t.step();
        }
        let v = view(t);
        self.show(v);
    }

    /// The level "Accept and save" writes for the shown proposal, once it
    /// is finished: the same as `evoboard dungeon --out` for the same
    /// settings and seed (the tests compare them).
    #[cfg(test)]
    pub fn shown_level(&self, name: &str) -> Option<crate::level::Level> {
        let d = self.shown()?.dungeon()?;
        let params = self.params.as_ref()?;
        Some(crate::level::Level::dungeon(name, d, params))
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
    mut status: ResMut<ScreenStatus>,
) {
    let status = &mut status[Screen::Dungeon];
    for c in commands.read() {
        match c {
            DungeonCommand::Start => match run.start(&settings) {
                Ok(()) => {
                    run.state = DungeonRunState::Running;
                    status.clear();
                }
                Err(e) => {
                    *run = DungeonRun::default();
                    *status = StatusLine::error(e);
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
                    *status = StatusLine::error(e);
                    continue;
                }
                status.clear();
                if run.state != DungeonRunState::Done {
                    run.state = DungeonRunState::Paused;
                    run.step_once();
                }
            }
            DungeonCommand::Reset => {
                *run = DungeonRun::default();
                status.clear();
                run.dirty = true;
            }
            _ => {}
        }
    }
}

/// Play a running run through the plugin's [`SearchRun`] at the settings'
/// speed (`steps_per_second` ticks a second, or as fast as it goes at 0);
/// take in its snapshots. A paused run's searches come home.
pub fn step_run(
    time: Res<Time>,
    settings: Res<DungeonSettings>,
    mut frame_time: ResMut<JobFrameTime>,
    mut run: ResMut<DungeonRun>,
    mut status: ResMut<ScreenStatus>,
) {
    let playing = run.state == DungeonRunState::Running;
    let Some(searches) = run.run.as_mut() else {
        return;
    };
    searches.set_speed(settings.steps_per_second);
    if playing {
        searches.play();
    } else {
        searches.pause();
    }
    let report = searches.tick(time.delta(), &mut frame_time);
    let crashed = searches.crashed().map(|why| why.0.clone());
    if let Some(v) = report.snapshot {
        run.show(v);
    }
    if let Some(why) = crashed {
        status[Screen::Dungeon] = StatusLine::error(format!("the generator stopped: {why}"));
        run.state = DungeonRunState::Paused;
    }
}
