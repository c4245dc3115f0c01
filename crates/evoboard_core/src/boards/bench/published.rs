//! The published end points of the papers' curves (`shared/spec/hex-boards.md`
//! and issue 18), marked on a bench's chart and listed in its report
//! beside our figures, when the bench's game, rules, weights and
//! parameters match the published set-up.

use crate::boards::terra_mystica::{Rules, Weights};
use crate::boards::{Algorithm, BoardGame, Params, Scoring};

/// Which objective a published figure was measured on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Objective {
    /// Terra Mystica, `published` (or `thesis`) rules, plain counts.
    TmPlain,
    /// Terra Mystica, `published` (or `thesis`) rules, REQ1 × 100 and
    /// REQ3 × 10000.
    TmWeighted,
    /// Catan R1..R3, no optional rule.
    CatanPlain,
}

/// A parameter condition of a published figure.
#[derive(Clone, Copy, Debug, PartialEq)]
enum When {
    /// Any parameters.
    Always,
    /// BRKGA without restarts (`restart=0`).
    NoRestart,
    /// BRKGA with restarts (`restart>0`).
    Restart,
    /// BRKGA with a population nearer 1000 than 50000 (geometric middle
    /// ≈ 7071).
    SmallPopulation,
    /// BRKGA with a population nearer 50000.
    LargePopulation,
}

/// One published figure: a score at a time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PublishedPoint {
    objective: Objective,
    /// The algorithm it belongs to.
    pub algorithm: Algorithm,
    when: When,
    /// Seconds into the run.
    pub seconds: f64,
    /// The score (a mean over the paper's runs unless `what` says best).
    pub score: f64,
    /// The published standard deviation (0 when none was given).
    pub sd: f64,
    /// What the figure is, e.g. `mean of 30 runs`.
    pub what: &'static str,
    /// The label beside the marker.
    pub label: &'static str,
}

#[allow(clippy::too_many_arguments)]
const fn p(
    objective: Objective,
    algorithm: Algorithm,
    when: When,
    seconds: f64,
    score: f64,
    sd: f64,
    what: &'static str,
    label: &'static str,
) -> PublishedPoint {
    PublishedPoint {
        objective,
        algorithm,
        when,
        seconds,
        score,
        sd,
        what,
        label,
    }
}

use Algorithm::{Aco, Brkga, Pso, Sahc};
use Objective::{CatanPlain, TmPlain, TmWeighted};

/// Every published end point we mark.
pub const PUBLISHED: [PublishedPoint; 10] = [
    p(
        TmPlain,
        Brkga,
        When::NoRestart,
        300.0,
        30.0,
        0.0,
        "mean of 30 runs (pop 1000 or 50000)",
        "paper mean 30",
    ),
    p(
        TmPlain,
        Brkga,
        When::NoRestart,
        300.0,
        22.0,
        0.0,
        "best of 30 runs",
        "paper best 22",
    ),
    p(
        TmPlain,
        Brkga,
        When::Restart,
        300.0,
        32.5,
        0.0,
        "mean of 30 runs with restart (32-33)",
        "paper restart 32.5",
    ),
    p(
        TmPlain,
        Sahc,
        When::Always,
        270.0,
        24.9,
        2.05,
        "mean ± sd",
        "paper 24.9 ± 2.05",
    ),
    p(
        TmPlain,
        Pso,
        When::Always,
        100.0,
        10.0,
        0.0,
        "best set's mean (≈10 after ≈100 s)",
        "paper ≈10",
    ),
    p(
        TmPlain,
        Aco,
        When::Always,
        300.0,
        0.0,
        0.0,
        "0 within 5 minutes",
        "paper 0",
    ),
    p(
        TmWeighted,
        Brkga,
        When::SmallPopulation,
        300.0,
        1235.0,
        0.0,
        "weighted mean, pop 1000",
        "paper 1235",
    ),
    p(
        TmWeighted,
        Brkga,
        When::LargePopulation,
        300.0,
        1264.0,
        0.0,
        "weighted mean, pop 50000",
        "paper 1264",
    ),
    p(
        CatanPlain,
        Brkga,
        When::SmallPopulation,
        0.18,
        0.0,
        0.0,
        "mean time to 0, pop 1000",
        "paper 0 at 0.18 s",
    ),
    p(
        CatanPlain,
        Brkga,
        When::LargePopulation,
        4.9,
        0.0,
        0.0,
        "mean time to 0, pop 50000",
        "paper 0 at 4.9 s",
    ),
];

fn objective(game: BoardGame, scoring: &Scoring) -> Option<Objective> {
    match game {
        BoardGame::TerraMystica => {
            // The papers' figures were made with these two readings.
            if !matches!(
                scoring.rules,
                Rules::Published | Rules::Thesis | Rules::ThesisPerHex
            ) {
                return None;
            }
            // Plain: the rule set's own default weights (`thesis`
            // weighs REQ3 100 even in its "unweighted" runs).
            if scoring.weights == Weights::for_rules(scoring.rules) {
                Some(TmPlain)
            } else if scoring.weights == Weights::BRKGA_STUDY {
                Some(TmWeighted)
            } else {
                None
            }
        }
        BoardGame::Catan => (scoring.catan == Default::default()).then_some(CatanPlain),
    }
}

fn param(params: &Params, name: &str) -> Option<f64> {
    params.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
}

/// The published figures matching a bench of `algorithm` with `params`.
///
/// ```
/// use evoboard_core::boards::bench::published::matching;
/// use evoboard_core::boards::terra_mystica::{Rules, Weights};
/// use evoboard_core::boards::{Algorithm, BoardGame, Params, Scoring, param_specs};
/// let scoring = Scoring { rules: Rules::Published, weights: Weights::default(), ..Scoring::default() };
/// let sahc = Params::defaults(param_specs(BoardGame::TerraMystica, Algorithm::Sahc));
/// let paper = matching(BoardGame::TerraMystica, &scoring, Algorithm::Sahc, &sahc);
/// assert_eq!((paper[0].seconds, paper[0].score), (270.0, 24.9));
/// ```
pub fn matching(
    game: BoardGame,
    scoring: &Scoring,
    algorithm: Algorithm,
    params: &Params,
) -> Vec<PublishedPoint> {
    let Some(objective) = objective(game, scoring) else {
        return Vec::new();
    };
    let restart = param(params, "restart").unwrap_or(0.0);
    let population = param(params, "population").unwrap_or(1000.0);
    let small = population < (1000.0f64 * 50000.0).sqrt();
    PUBLISHED
        .into_iter()
        .filter(|p| p.objective == objective && p.algorithm == algorithm)
        .filter(|p| match p.when {
            When::Always => true,
            When::NoRestart => restart == 0.0,
            When::Restart => restart > 0.0,
            When::SmallPopulation => small,
            When::LargePopulation => !small,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::param_specs;
    use crate::boards::terra_mystica::Rules;

    fn scoring(rules: Rules, weights: Weights) -> Scoring {
        Scoring {
            rules,
            weights,
            catan: Default::default(),
        }
    }

    fn brkga(pairs: &[&str]) -> Params {
        let pairs: Vec<String> = pairs.iter().map(|s| s.to_string()).collect();
        Params::parse(param_specs(BoardGame::TerraMystica, Brkga), &pairs, Brkga).unwrap()
    }

    #[test]
    fn figures_match_rules_weights_and_params() {
        let tm = BoardGame::TerraMystica;
        let plain = scoring(Rules::Published, Weights::default());
        let labels = |v: Vec<PublishedPoint>| v.iter().map(|p| p.label).collect::<Vec<_>>();
        assert_eq!(
            labels(matching(tm, &plain, Brkga, &brkga(&[]))),
            ["paper mean 30", "paper best 22"]
        );
        assert_eq!(
            labels(matching(tm, &plain, Brkga, &brkga(&["restart=20"]))),
            ["paper restart 32.5"]
        );
        let weighted = scoring(Rules::Published, Weights::BRKGA_STUDY);
        assert_eq!(
            labels(matching(
                tm,
                &weighted,
                Brkga,
                &brkga(&["population=50000"])
            )),
            ["paper 1264"]
        );
        // The thesis's "unweighted" runs weigh REQ3 100: its own default.
        let thesis = scoring(Rules::Thesis, Weights::THESIS);
        assert_eq!(
            labels(matching(tm, &thesis, Brkga, &brkga(&[]))),
            ["paper mean 30", "paper best 22"]
        );
        let thesis_all_ones = scoring(Rules::Thesis, Weights::default());
        assert!(matching(tm, &thesis_all_ones, Brkga, &brkga(&[])).is_empty());
        let strict = scoring(Rules::Strict, Weights::default());
        assert!(matching(tm, &strict, Brkga, &brkga(&[])).is_empty());
        let catan = matching(BoardGame::Catan, &plain, Brkga, &brkga(&[]));
        assert_eq!(catan.len(), 1);
        assert_eq!(catan[0].seconds, 0.18);
    }
}
