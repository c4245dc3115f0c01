//! The AI a seat can be given in the app's settings, as a person would pick
//! it: a kind (basic, hand, strategy 1-4, search), a coefficient set for
//! the strategies, a strength for the search agent. Each choice maps to an
//! [`AgentSpec`].

use super::error::DominoError;
use super::spec::AgentSpec;

/// Which coefficients a strategy plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoefSet {
    /// The published stage-1 table (`sK`).
    Published,
    /// The published stage-2 table (`sK@2`).
    PublishedStage2,
    /// Our GA, stage 1 (`tK`).
    Tuned,
    /// Our GA, stage 2 (`tK@2`).
    TunedStage2,
}

impl CoefSet {
    /// Every set, in menu order.
    pub const ALL: [CoefSet; 4] = [
        CoefSet::Tuned,
        CoefSet::TunedStage2,
        CoefSet::Published,
        CoefSet::PublishedStage2,
    ];

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            CoefSet::Published => "published, stage 1",
            CoefSet::PublishedStage2 => "published, stage 2",
            CoefSet::Tuned => "tuned here, stage 1",
            CoefSet::TunedStage2 => "tuned here, stage 2",
        }
    }
}

/// The kind of AI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiKind {
    /// Points only (beginners).
    Basic,
    /// The earlier hand-tuned function.
    Hand,
    /// Strategy 1-4 of the evaluation function.
    Strategy(u8),
    /// Determinized Monte Carlo search.
    Search,
}

impl AiKind {
    /// Every kind, in menu order.
    pub const ALL: [AiKind; 7] = [
        AiKind::Basic,
        AiKind::Hand,
        AiKind::Strategy(1),
        AiKind::Strategy(2),
        AiKind::Strategy(3),
        AiKind::Strategy(4),
        AiKind::Search,
    ];

    /// The menu label.
    pub fn label(self) -> String {
        match self {
            AiKind::Basic => "Basic (points only)".into(),
            AiKind::Hand => "Hand-tuned function".into(),
            AiKind::Strategy(1) => "Strategy 1 (all terms)".into(),
            AiKind::Strategy(2) => "Strategy 2 (own game)".into(),
            AiKind::Strategy(3) => "Strategy 3 (partner)".into(),
            AiKind::Strategy(4) => "Strategy 4 (blocking)".into(),
            AiKind::Strategy(k) => format!("Strategy {k}"),
            AiKind::Search => "Search (Monte Carlo)".into(),
        }
    }
}

/// Search strength levels: determinizations per decision.
pub const SEARCH_LEVELS: [u32; 4] = [16, 64, 256, 1024];

/// An AI choice for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeatAi {
    /// The kind.
    pub kind: AiKind,
    /// Coefficients of a strategy.
    pub coefs: CoefSet,
    /// Search strength 1..=4 (see [`SEARCH_LEVELS`]).
    pub strength: u8,
}

impl Default for SeatAi {
    fn default() -> Self {
        SeatAi {
            kind: AiKind::Strategy(1),
            coefs: CoefSet::Tuned,
            strength: 3,
        }
    }
}

impl SeatAi {
    /// The AI called `basic`.
    pub fn basic() -> SeatAi {
        SeatAi {
            kind: AiKind::Basic,
            ..SeatAi::default()
        }
    }

    /// The agent, as a typed spec (errors only for a strategy outside 1-4).
    pub fn agent_spec(&self) -> Result<AgentSpec, DominoError> {
        self.agent_name().parse()
    }

    /// The agent's name, the spelling of [`SeatAi::agent_spec`].
    pub fn agent_name(&self) -> String {
        match self.kind {
            AiKind::Basic => "basic".into(),
            AiKind::Hand => "hand".into(),
            AiKind::Strategy(k) => match self.coefs {
                CoefSet::Published => format!("s{k}"),
                CoefSet::PublishedStage2 => format!("s{k}@2"),
                CoefSet::Tuned => format!("t{k}"),
                CoefSet::TunedStage2 => format!("t{k}@2"),
            },
            AiKind::Search => {
                let i = (self.strength.clamp(1, 4) - 1) as usize;
                format!("mc:{}", SEARCH_LEVELS[i])
            }
        }
    }

    /// A short label for the seat list, e.g. "strategy 1 (t1)".
    pub fn short_label(&self) -> String {
        match self.kind {
            AiKind::Basic => "basic".into(),
            AiKind::Hand => "hand-tuned".into(),
            AiKind::Strategy(k) => format!("strategy {k} ({})", self.agent_name()),
            AiKind::Search => format!("search, level {}", self.strength.clamp(1, 4)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domino::parse_agent;

    #[test]
    fn every_menu_choice_is_a_known_agent() {
        for kind in AiKind::ALL {
            for coefs in CoefSet::ALL {
                for strength in 1..=4 {
                    let ai = SeatAi {
                        kind,
                        coefs,
                        strength,
                    };
                    let name = ai.agent_name();
                    let agent = parse_agent(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
                    assert_eq!(agent.name(), name);
                    assert_eq!(ai.agent_spec().unwrap().to_string(), name);
                }
            }
        }
        assert_eq!(
            SeatAi {
                kind: AiKind::Search,
                coefs: CoefSet::Tuned,
                strength: 3
            }
            .agent_name(),
            "mc:256"
        );
    }
}
