//! [`AgentSpec`]: a typed agent name, as the command line, the app's seats,
//! duels and the tuner give them. It parses from the command-line spelling
//! (`t1`, `coef:…`, `file:PATH`, `mc:64:hand`, …) and prints back the same
//! spelling; [`AgentSpec::build`] makes the agent.

use super::agents::{Agent, Coefficients, EvalAgent, PRESETS};
use super::error::DominoError;
use super::search_agent::{DEFAULT_DETERMINIZATIONS, MonteCarloAgent};
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// A named coefficient set: `hand`, the published `s1`..`s4` and
/// `s1@2`..`s4@2`, and our GA results `t1`..`t4`, `t1@2`..`t4@2`, `t1@3`,
/// `t1full`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Preset(u8);

impl Preset {
    /// The preset called `name`, if there is one.
    pub fn named(name: &str) -> Option<Preset> {
        PRESETS
            .iter()
            .position(|(n, _)| *n == name)
            .map(|i| Preset(i as u8))
    }

    /// Every preset, in table order.
    pub fn all() -> impl Iterator<Item = Preset> {
        (0..PRESETS.len() as u8).map(Preset)
    }

    /// Its name (`"t1"`, `"s2@2"`, …).
    pub fn name(self) -> &'static str {
        PRESETS[self.0 as usize].0
    }

    /// Its coefficients α1..α7.
    pub fn coefficients(self) -> Coefficients {
        PRESETS[self.0 as usize].1
    }
}

/// Seven coefficients given on the command line (`coef:a1,..,a7`), with
/// the spelling they were given in (so the agent keeps that name).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct CoefList {
    values: Coefficients,
    text: String,
}

impl CoefList {
    /// These coefficients, spelled as Rust prints the numbers (the
    /// shortest text that reads back the same).
    pub fn new(values: Coefficients) -> CoefList {
        let text: Vec<String> = values.iter().map(f64::to_string).collect();
        CoefList {
            values,
            text: text.join(","),
        }
    }

    /// α1..α7.
    pub fn values(&self) -> Coefficients {
        self.values
    }

    /// Parse the part after `coef:`; `name` is the whole name, for errors.
    fn parse(list: &str, name: &str) -> Result<CoefList, DominoError> {
        let v: Vec<&str> = list.split(',').collect();
        if v.len() != 7 {
            return Err(DominoError::CoefCount {
                name: name.to_string(),
                got: v.len(),
            });
        }
        let mut values = [0.0; 7];
        for (i, s) in v.iter().enumerate() {
            values[i] = s
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| DominoError::CoefNotFinite {
                    name: name.to_string(),
                    index: i + 1,
                    text: s.to_string(),
                })?;
        }
        Ok(CoefList {
            values,
            text: list.to_string(),
        })
    }
}

/// An evaluation-function agent: `basic`, a preset, `coef:…` or
/// `file:PATH`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum EvalSpec {
    /// `basic`: points only.
    Basic,
    /// A named coefficient set.
    Preset(Preset),
    /// `coef:a1,..,a7`.
    Coef(CoefList),
    /// `file:PATH`: coefficients saved by `evoboard domino tune --out`
    /// (read by [`EvalSpec::build`]).
    File(PathBuf),
}

impl EvalSpec {
    /// The agent (reads the file of `file:PATH`).
    pub fn build(&self) -> Result<EvalAgent, DominoError> {
        let label = self.to_string();
        Ok(match self {
            EvalSpec::Basic => EvalAgent::basic(),
            EvalSpec::Preset(p) => EvalAgent::new(label, p.coefficients()),
            EvalSpec::Coef(c) => EvalAgent::new(label, c.values()),
            EvalSpec::File(path) => {
                let f = super::agents::CoefficientFile::load(path)?;
                EvalAgent::new(label, f.coefficients)
            }
        })
    }
}

impl FromStr for EvalSpec {
    type Err = DominoError;

    fn from_str(name: &str) -> Result<EvalSpec, DominoError> {
        if name == "basic" {
            return Ok(EvalSpec::Basic);
        }
        if let Some(p) = Preset::named(name) {
            return Ok(EvalSpec::Preset(p));
        }
        if let Some(list) = name.strip_prefix("coef:") {
            return Ok(EvalSpec::Coef(CoefList::parse(list, name)?));
        }
        if let Some(path) = name.strip_prefix("file:") {
            return Ok(EvalSpec::File(PathBuf::from(path)));
        }
        Err(DominoError::UnknownAgent {
            name: name.to_string(),
        })
    }
}

impl fmt::Display for EvalSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalSpec::Basic => f.write_str("basic"),
            EvalSpec::Preset(p) => f.write_str(p.name()),
            EvalSpec::Coef(c) => write!(f, "coef:{}", c.text),
            EvalSpec::File(path) => write!(f, "file:{}", path.display()),
        }
    }
}

/// How long the search agent thinks per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum SearchBudget {
    /// `mc:N`: N determinizations per move (N ≥ 1).
    Determinizations(u32),
    /// `mc:Nms`: sample for N milliseconds per move (results then depend on
    /// the machine's speed).
    ThinkMillis(u64),
}

/// The determinized Monte Carlo agent: `mc`, `mc:N`, `mc:Nms` or
/// `mc:N:POLICY`.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct SearchSpec {
    /// The budget; `None` is plain `mc` ([`DEFAULT_DETERMINIZATIONS`]).
    pub budget: Option<SearchBudget>,
    /// The playout policy; `None` is the default (`t1`).
    pub policy: Option<EvalSpec>,
}

impl SearchSpec {
    /// The agent (reads the policy's coefficient file, if any).
    pub fn build(&self) -> Result<MonteCarloAgent, DominoError> {
        let policy = match &self.policy {
            Some(p) => Some(p.build().map_err(|e| DominoError::BadPlayoutPolicy {
                name: self.to_string(),
                cause: Box::new(e),
            })?),
            None => None,
        };
        let mut agent = MonteCarloAgent::with_default_policy(DEFAULT_DETERMINIZATIONS, policy);
        match self.budget {
            None => {}
            Some(SearchBudget::Determinizations(n)) => agent.determinizations = n.max(1),
            Some(SearchBudget::ThinkMillis(ms)) => {
                agent.think_time = Some(Duration::from_millis(ms));
            }
        }
        agent.set_label(self.to_string());
        Ok(agent)
    }
}

/// Most determinizations per move a Monte Carlo agent may ask for
/// (`mc:N`): bounded work per move.
pub const MAX_DETERMINIZATIONS: u32 = 10_000;
/// Most thinking time per move (`mc:Nms`): one minute.
pub const MAX_THINK_MS: u64 = 60_000;

impl FromStr for SearchSpec {
    type Err = DominoError;

    fn from_str(name: &str) -> Result<SearchSpec, DominoError> {
        let mut parts = name.splitn(3, ':');
        if parts.next() != Some("mc") {
            return Err(DominoError::UnknownAgent {
                name: name.to_string(),
            });
        }
        let strength = parts.next();
        let policy = match parts.next() {
            Some(p) => Some(
                p.parse::<EvalSpec>()
                    .map_err(|e| DominoError::BadPlayoutPolicy {
                        name: name.to_string(),
                        cause: Box::new(e),
                    })?,
            ),
            None => None,
        };
        let budget = match strength {
            None => None,
            Some(s) if s.ends_with("ms") => Some(SearchBudget::ThinkMillis(
                s[..s.len() - 2]
                    .parse()
                    .ok()
                    .filter(|&v| v > 0 && v <= MAX_THINK_MS)
                    .ok_or_else(|| DominoError::BadThinkTime {
                        name: name.to_string(),
                    })?,
            )),
            Some(s) => Some(SearchBudget::Determinizations(
                s.parse()
                    .ok()
                    .filter(|&v| v > 0 && v <= MAX_DETERMINIZATIONS)
                    .ok_or_else(|| DominoError::BadDeterminizations {
                        name: name.to_string(),
                    })?,
            )),
        };
        Ok(SearchSpec { budget, policy })
    }
}

impl fmt::Display for SearchSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("mc")?;
        match (self.budget, &self.policy) {
            (None, None) => {}
            (None, Some(_)) => write!(f, ":{DEFAULT_DETERMINIZATIONS}")?,
            (Some(SearchBudget::Determinizations(n)), _) => write!(f, ":{n}")?,
            (Some(SearchBudget::ThinkMillis(ms)), _) => write!(f, ":{ms}ms")?,
        }
        if let Some(p) = &self.policy {
            write!(f, ":{p}")?;
        }
        Ok(())
    }
}

/// Any agent, by its command-line name (see
/// [`AGENT_NAMES_HELP`](super::AGENT_NAMES_HELP)): an evaluation-function
/// agent or the search agent.
///
/// ```
/// use evoboard_core::domino::{Agent, AgentSpec};
/// let spec: AgentSpec = "mc:64:hand".parse().unwrap();
/// assert_eq!(spec.to_string(), "mc:64:hand");
/// assert_eq!(spec.build().unwrap().name(), "mc:64:hand");
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum AgentSpec {
    /// `basic`, a preset, `coef:…` or `file:PATH`.
    Eval(EvalSpec),
    /// `mc…`.
    Search(SearchSpec),
}

impl AgentSpec {
    /// The agent (reads coefficient files).
    pub fn build(&self) -> Result<Box<dyn Agent>, DominoError> {
        Ok(match self {
            AgentSpec::Eval(e) => Box::new(e.build()?),
            AgentSpec::Search(s) => Box::new(s.build()?),
        })
    }
}

impl FromStr for AgentSpec {
    type Err = DominoError;

    fn from_str(name: &str) -> Result<AgentSpec, DominoError> {
        if name == "mc" || name.starts_with("mc:") {
            Ok(AgentSpec::Search(name.parse()?))
        } else {
            Ok(AgentSpec::Eval(name.parse()?))
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Eval(e) => e.fmt(f),
            AgentSpec::Search(s) => s.fmt(f),
        }
    }
}

impl From<EvalSpec> for AgentSpec {
    fn from(e: EvalSpec) -> AgentSpec {
        AgentSpec::Eval(e)
    }
}

impl From<SearchSpec> for AgentSpec {
    fn from(s: SearchSpec) -> AgentSpec {
        AgentSpec::Search(s)
    }
}

/// Any agent from its command-line name: [`AgentSpec`] parsed, then built.
pub fn parse_agent(name: &str) -> Result<Box<dyn Agent>, DominoError> {
    name.parse::<AgentSpec>()?.build()
}
