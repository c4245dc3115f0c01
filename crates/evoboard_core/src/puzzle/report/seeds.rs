//! `puzzle generate --seeds A..B|--count N --json`: one puzzle per seed,
//! gathered in a [`SeedsTally`] and summed up in a [`SeedsReport`].

use crate::puzzle::{
    Generated, MAX_GRADE, PuzzleError, Settings, Technique, technique_grade, technique_steps,
};
use serde::Serialize;
use std::collections::BTreeMap;

/// The figures of many generated puzzles, one [`SeedsTally::add`] per
/// puzzle and one [`SeedsTally::miss`] per seed that found none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeedsTally {
    stripped: Vec<f64>,
    empty: Vec<f64>,
    given: Vec<f64>,
    blocked: Vec<f64>,
    ms: Vec<f64>,
    depths: Vec<f64>,
    nodes: Vec<f64>,
    /// Published levels 0..=3 and beyond (index 4).
    levels: [u64; 5],
    /// Technique grades 0..=MAX_GRADE and beyond (last index).
    grades: [u64; MAX_GRADE as usize + 2],
    /// Steps of each technique, one list per technique.
    steps: [Vec<u32>; Technique::ALL.len()],
    /// Puzzles using each technique.
    techniques: BTreeMap<&'static str, u64>,
    not_reached: u64,
    total_ms: f64,
}

impl SeedsTally {
    /// An empty tally.
    pub fn new() -> Self {
        SeedsTally::default()
    }

    /// Count puzzle `g`, generated in `ms` milliseconds; its grade and
    /// technique steps are measured here. Fails only when its cells are
    /// not a board.
    pub fn add(&mut self, g: &Generated, ms: f64) -> Result<(), PuzzleError> {
        let cells = g.puzzle.cells_board().map_err(PuzzleError::Cells)?;
        let beyond = self.grades.len() - 1;
        self.grades[technique_grade(&cells).map_or(beyond, usize::from)] += 1;
        for (k, n) in technique_steps(&cells).into_iter().enumerate() {
            self.steps[k].push(n);
            if n > 0 {
                *self.techniques.entry(Technique::ALL[k].name()).or_insert(0) += 1;
            }
        }
        self.total_ms += ms;
        self.ms.push(ms);
        self.stripped.push(g.stripped_empty_share);
        self.empty.push(g.puzzle.empty_share);
        self.given.push(g.puzzle.given_share);
        self.blocked.push(g.puzzle.blocked_share);
        self.levels[g.puzzle.level.map_or(4, usize::from).min(4)] += 1;
        self.nodes.push(g.trail_nodes as f64);
        if let Some(d) = g.trail_depth {
            self.depths.push(d as f64);
        }
        Ok(())
    }

    /// Count a seed whose attempts all missed the asked grade, after `ms`
    /// milliseconds.
    pub fn miss(&mut self, ms: f64) {
        self.total_ms += ms;
        self.not_reached += 1;
    }

    /// Puzzles counted (misses left out).
    pub fn puzzles(&self) -> usize {
        self.ms.len()
    }
}

/// What the seeds summary was asked: the puzzle settings (their `seed`
/// is the first seed), the last seed and the trail search's options.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeedsAsked {
    /// Size, difficulty, level, rules and grade; `seed` is the first seed.
    pub settings: Settings,
    /// The last seed (included).
    pub last_seed: u64,
    /// `--prefer-trails`.
    pub prefer_trails: bool,
    /// The trail search's node budget.
    pub trail_nodes: u64,
}

/// What `puzzle generate --seeds A..B --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeedsReport {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// The published difficulty (`easy`, `hard`).
    pub difficulty: &'static str,
    /// `--level`, if asked.
    pub level: Option<u8>,
    /// The rule set's name.
    pub rules: &'static str,
    /// The technique grade asked, if any.
    pub grade: Option<u8>,
    /// Puzzles per measured grade: keys `0`..`4` and `beyond`.
    pub grades: BTreeMap<String, u64>,
    /// Puzzles of the asked grade (with a grade asked).
    pub grade_hits: Option<u64>,
    /// `grade_hits` over all seeds tried (misses included).
    pub hit_rate: Option<f64>,
    /// Median steps of each technique, by technique name.
    pub steps_median: BTreeMap<&'static str, StepMedian>,
    /// Seeds that found no puzzle of the asked grade.
    pub not_reached: u64,
    /// Puzzles using each technique, by technique name.
    pub techniques: BTreeMap<&'static str, u64>,
    /// Generation time per seed tried (misses included), in milliseconds.
    pub ms_per_puzzle: f64,
    /// The first and last seed, `[A, B]`.
    pub seeds: [u64; 2],
    /// Puzzles generated.
    pub puzzles: usize,
    /// Whether `--prefer-trails` was asked.
    pub prefer_trails: bool,
    /// The difficulty's target share of empty cells.
    pub target_empty_share: f64,
    /// Share of cells empty after stripping.
    pub stripped_empty_share: Spread,
    /// Share of cells empty in the final puzzles.
    pub empty_share: Spread,
    /// Mean share of cells given.
    pub given_share: f64,
    /// Mean share of cells blocked.
    pub blocked_share: f64,
    /// The trail searches (`None`, printed as null, without
    /// `--prefer-trails`).
    pub trail: Option<TrailSummary>,
    /// Puzzles per published level.
    pub levels: LevelCounts,
    /// Time per puzzle, in milliseconds: median, mean and largest.
    pub elapsed_ms: TimeSpread,
}

/// Mean, least and largest of a list of figures.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The least.
    pub min: f64,
    /// The largest.
    pub max: f64,
}

impl Spread {
    /// The spread of `v`, `None` when it is empty.
    ///
    /// ```
    /// use evoboard_core::puzzle::report::Spread;
    /// let s = Spread::of(&[1.0, 2.0, 6.0]).unwrap();
    /// assert_eq!((s.mean, s.min, s.max), (3.0, 1.0, 6.0));
    /// assert!(Spread::of(&[]).is_none());
    /// ```
    pub fn of(v: &[f64]) -> Option<Spread> {
        (!v.is_empty()).then(|| Spread {
            mean: crate::stats::mean(v),
            min: v.iter().copied().fold(f64::INFINITY, f64::min),
            max: v.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        })
    }
}

/// Median, mean and largest time per puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TimeSpread {
    /// The median (the upper one for an even count).
    pub median: f64,
    /// The mean.
    pub mean: f64,
    /// The largest.
    pub max: f64,
}

/// Median steps (cells filled) of one technique.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StepMedian {
    /// Over every puzzle (0 where it is not used).
    pub all: u32,
    /// Over the puzzles that use it.
    pub when_used: u32,
    /// Puzzles that use it.
    pub puzzles: usize,
}

/// The trail searches of `--prefer-trails` over all seeds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TrailSummary {
    /// Puzzles whose solution lies below a trail.
    pub found: usize,
    /// Puzzles whose search ran out of nodes (solution picked the
    /// published way).
    pub fallbacks: usize,
    /// The trails' depths (`None` when none was found).
    pub depth: Option<Spread>,
    /// Search nodes used per puzzle.
    pub nodes: Spread,
    /// The node budget.
    pub budget: u64,
}

/// Puzzles per published deduction level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LevelCounts {
    /// Level 1.
    #[serde(rename = "1")]
    pub level_1: u64,
    /// Level 2.
    #[serde(rename = "2")]
    pub level_2: u64,
    /// Level 3.
    #[serde(rename = "3")]
    pub level_3: u64,
    /// Beyond look-ahead.
    pub beyond: u64,
}

impl SeedsReport {
    /// The summary of `tally` for `asked`; `None` when the tally has no
    /// puzzle.
    pub fn new(tally: &SeedsTally, asked: &SeedsAsked) -> Option<Self> {
        let n = tally.puzzles();
        let ms = Spread::of(&tally.ms)?;
        let tried = n as u64 + tally.not_reached;
        let set = &asked.settings;
        let hits = set.grade.map(|g| tally.grades[usize::from(g)]);
        let median_u = |v: &mut Vec<u32>| {
            v.sort_unstable();
            v.get(v.len() / 2).copied().unwrap_or(0)
        };
        let steps_median = tally
            .steps
            .iter()
            .zip(Technique::ALL)
            .map(|(v, t)| {
                let mut used: Vec<u32> = v.iter().copied().filter(|&x| x > 0).collect();
                let median = StepMedian {
                    all: median_u(&mut v.clone()),
                    when_used: median_u(&mut used),
                    puzzles: used.len(),
                };
                (t.name(), median)
            })
            .collect();
        let beyond = tally.grades.len() - 1;
        let grades = (0..beyond)
            .map(|g| (g.to_string(), tally.grades[g]))
            .chain([("beyond".to_string(), tally.grades[beyond])])
            .collect();
        let mut sorted = tally.ms.clone();
        sorted.sort_by(f64::total_cmp);
        let spread = |v: &[f64]| Spread::of(v).expect("one figure per puzzle");
        Some(SeedsReport {
            width: set.width,
            height: set.height,
            difficulty: set.difficulty.name(),
            level: set.level,
            rules: set.rules.name(),
            grade: set.grade,
            grades,
            grade_hits: hits,
            hit_rate: hits.map(|h| h as f64 / tried as f64),
            steps_median,
            not_reached: tally.not_reached,
            techniques: tally.techniques.clone(),
            ms_per_puzzle: tally.total_ms / tried as f64,
            seeds: [set.seed, asked.last_seed],
            puzzles: n,
            prefer_trails: asked.prefer_trails,
            target_empty_share: set.difficulty.empty_share(),
            stripped_empty_share: spread(&tally.stripped),
            empty_share: spread(&tally.empty),
            given_share: crate::stats::mean(&tally.given),
            blocked_share: crate::stats::mean(&tally.blocked),
            trail: asked.prefer_trails.then(|| TrailSummary {
                found: tally.depths.len(),
                fallbacks: n - tally.depths.len(),
                depth: Spread::of(&tally.depths),
                nodes: spread(&tally.nodes),
                budget: asked.trail_nodes,
            }),
            levels: LevelCounts {
                level_1: tally.levels[1],
                level_2: tally.levels[2],
                level_3: tally.levels[3],
                beyond: tally.levels[4],
            },
            elapsed_ms: TimeSpread {
                median: sorted[n / 2],
                mean: ms.mean,
                max: ms.max,
            },
        })
    }
}
