//! [`TunerSettings`]: the GA's parameters, their published defaults and
//! the checks that refuse a bad value with what is allowed.

use super::super::error::DominoError;
use std::fmt;
use std::str::FromStr;

/// How two parents make a child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Crossover {
    /// Uniform ("scattered" in MATLAB's GA toolbox): each of the seven
    /// genes comes from either parent with probability ½ (the published
    /// operator; one coin per gene, fixed genes included, as before).
    #[default]
    Scattered,
    /// Two cut points among the strategy's free genes: the genes between
    /// them come from the second parent, the others from the first.
    TwoPoint,
}

impl Crossover {
    /// The command-line spelling of every operator.
    pub const NAMES: &'static str = "scattered, two-point";

    /// Its command-line spelling (`scattered`, `two-point`).
    pub fn name(self) -> &'static str {
        match self {
            Crossover::Scattered => "scattered",
            Crossover::TwoPoint => "two-point",
        }
    }
}

impl fmt::Display for Crossover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Crossover {
    type Err = DominoError;

    /// ```
    /// use evoboard_core::domino::Crossover;
    /// assert_eq!("two-point".parse::<Crossover>().unwrap(), Crossover::TwoPoint);
    /// assert!("one-point".parse::<Crossover>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Crossover, DominoError> {
        match s {
            "scattered" | "uniform" => Ok(Crossover::Scattered),
            "two-point" | "twopoint" => Ok(Crossover::TwoPoint),
            _ => Err(DominoError::BadTunerSetting {
                setting: "crossover",
                value: s.to_string(),
                allowed: format!("the operators are {}", Crossover::NAMES),
            }),
        }
    }
}

/// How many individuals are copied unchanged into the next generation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elite {
    /// A share of the population, rounded, at least one (published: 10 %).
    Share(f64),
    /// A fixed count (0 up to the population minus one).
    Count(usize),
}

impl Elite {
    /// The number of elites in a population of `population`.
    ///
    /// ```
    /// use evoboard_core::domino::Elite;
    /// assert_eq!(Elite::Share(0.1).count(100), 10);
    /// assert_eq!(Elite::Share(0.1).count(4), 1);
    /// assert_eq!(Elite::Count(3).count(100), 3);
    /// ```
    pub fn count(self, population: usize) -> usize {
        match self {
            Elite::Share(s) => ((population as f64 * s).round() as usize).clamp(1, population),
            Elite::Count(c) => c.min(population),
        }
    }
}

/// GA settings; [`Default`] is the published setup (population 100,
/// 200 generations, 5000 matches, elite 10 %, scattered crossover at 0.8,
/// mutation 0.05 per gene, genes in [-10, 10]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TunerSettings {
    /// Individuals per generation.
    pub population: usize,
    /// Generations.
    pub generations: u64,
    /// Matches per fitness evaluation (per opponent).
    pub matches: u64,
    /// Individuals copied unchanged.
    pub elite: Elite,
    /// Probability that a child is a crossover of two parents (else a copy
    /// of one, before mutation).
    pub crossover: f64,
    /// Probability that a (free) gene is redrawn uniformly in `range`.
    pub mutation: f64,
    /// Genes are drawn in [low, high): the initial population and every
    /// mutation.
    pub range: (f64, f64),
    /// The crossover operator.
    pub crossover_kind: Crossover,
}

impl Default for TunerSettings {
    fn default() -> Self {
        TunerSettings {
            population: 100,
            generations: 200,
            matches: 5000,
            elite: Elite::Share(0.10),
            crossover: 0.8,
            mutation: 0.05,
            range: (-10.0, 10.0),
            crossover_kind: Crossover::Scattered,
        }
    }
}

impl TunerSettings {
    /// Refuse settings the GA cannot run, saying what is allowed.
    ///
    /// ```
    /// use evoboard_core::domino::{Elite, TunerSettings};
    /// assert!(TunerSettings::default().check().is_ok());
    /// let bad = TunerSettings { elite: Elite::Count(100), ..TunerSettings::default() };
    /// assert!(bad.check().unwrap_err().to_string().contains("0 to 99"));
    /// ```
    pub fn check(&self) -> Result<(), DominoError> {
        let bad = |setting, value: String, allowed: String| {
            Err(DominoError::BadTunerSetting {
                setting,
                value,
                allowed,
            })
        };
        if self.population < 2 {
            return Err(DominoError::PopulationTooSmall {
                population: self.population,
            });
        }
        if self.matches == 0 {
            return Err(DominoError::NoMatches);
        }
        if self.generations == 0 {
            return bad("generations", "0".into(), "at least 1".into());
        }
        let probability = "a probability from 0 to 1".to_string();
        if !(0.0..=1.0).contains(&self.crossover) {
            return bad("crossover rate", self.crossover.to_string(), probability);
        }
        if !(0.0..=1.0).contains(&self.mutation) {
            return bad("mutation rate", self.mutation.to_string(), probability);
        }
        match self.elite {
            Elite::Share(s) if !(0.0..=1.0).contains(&s) => {
                return bad("elite share", s.to_string(), probability);
            }
            Elite::Count(c) if c >= self.population => {
                return bad(
                    "elite",
                    c.to_string(),
                    format!(
                        "0 to {} (fewer than the population of {})",
                        self.population - 1,
                        self.population
                    ),
                );
            }
            _ => {}
        }
        let (lo, hi) = self.range;
        if !(lo.is_finite() && hi.is_finite() && lo < hi) {
            return bad(
                "range",
                format!("{lo},{hi}"),
                "two finite numbers LO,HI with LO < HI (published: -10,10)".into(),
            );
        }
        Ok(())
    }
}
