//! The strategies' coefficient sets by stage ([`strategy_preset`]) and
//! the head-to-head table between them ([`head_to_head`]), with a χ² test
//! per pair as the dissertation reported it.

use super::super::agents::free_coefficients;
use super::super::error::DominoError;
use super::super::simulator::duel;
use super::super::spec::{EvalSpec, Preset};
use crate::stats::{TestResult, chi_square_uniform};

/// Strategy `strategy`'s coefficient set at `stage` (1 or 2): our GA's
/// preset (`tK`, `tK@2`), or with `published` the dissertation's table
/// (`sK`, `sK@2`; also where we have no preset of our own).
///
/// ```
/// use evoboard_core::domino::strategy_preset;
/// assert_eq!(strategy_preset(3, 2, false).unwrap().to_string(), "t3@2");
/// assert_eq!(strategy_preset(3, 1, true).unwrap().to_string(), "s3");
/// ```
pub fn strategy_preset(strategy: u8, stage: u8, published: bool) -> Result<EvalSpec, DominoError> {
    free_coefficients(strategy)?;
    let suffix = match stage {
        1 => "",
        2 => "@2",
        _ => {
            return Err(DominoError::BadTunerSetting {
                setting: "stage of a strategy's coefficient set",
                value: stage.to_string(),
                allowed: "1 or 2 (presets exist for stages 1 and 2 of every strategy)".into(),
            });
        }
    };
    let ours = Preset::named(&format!("t{strategy}{suffix}"));
    let theirs = Preset::named(&format!("s{strategy}{suffix}"));
    let preset = if published { theirs } else { ours.or(theirs) };
    preset
        .map(EvalSpec::Preset)
        .ok_or(DominoError::BadStrategy { strategy })
}

/// One cell of the head-to-head table: strategy `a` (team A, seats 0 and
/// 2) against strategy `b`.
#[derive(Clone, Debug, PartialEq)]
pub struct HeadToHeadCell {
    /// The row strategy (team A).
    pub a: u8,
    /// The column strategy (team B).
    pub b: u8,
    /// Team A's agent name.
    pub agent_a: String,
    /// Team B's agent name.
    pub agent_b: String,
    /// Matches played.
    pub matches: u64,
    /// Matches team A won.
    pub wins_a: u64,
    /// χ² of (wins A, wins B) against equal strength (df 1).
    pub chi: TestResult,
    /// Wall time of this cell in milliseconds.
    pub elapsed_ms: f64,
}

impl HeadToHeadCell {
    /// Team A's share of wins.
    pub fn win_rate_a(&self) -> f64 {
        self.wins_a as f64 / self.matches.max(1) as f64
    }
}

/// Play every unordered pair of `strategies` once, `matches` matches each,
/// the earlier strategy in the list as team A, with the coefficient sets
/// of `stage` ([`strategy_preset`]). Every pair uses the same `seed`, so
/// every pair is played on the same deals; the result does not depend on
/// `threads`. `on_progress` gets the matches finished.
pub fn head_to_head(
    strategies: &[u8],
    stage: u8,
    published: bool,
    matches: u64,
    threads: usize,
    seed: u64,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<HeadToHeadCell>, DominoError> {
    let bad = |value: String, allowed: &str| DominoError::BadTunerSetting {
        setting: "strategies",
        value,
        allowed: allowed.into(),
    };
    let list: Vec<String> = strategies.iter().map(u8::to_string).collect();
    if strategies.len() < 2 {
        return Err(bad(list.join(","), "at least two of 1, 2, 3, 4"));
    }
    for (i, s) in strategies.iter().enumerate() {
        if !(1..=4).contains(s) || strategies[..i].contains(s) {
            return Err(bad(list.join(","), "distinct strategies among 1, 2, 3, 4"));
        }
    }
    if matches == 0 {
        return Err(DominoError::NoMatches);
    }
    let agents = strategies
        .iter()
        .map(|&s| {
            let spec = strategy_preset(s, stage, published)?;
            Ok((spec.to_string(), spec.build()?))
        })
        .collect::<Result<Vec<_>, DominoError>>()?;
    let mut cells = Vec::new();
    for i in 0..strategies.len() {
        for j in i + 1..strategies.len() {
            let r = duel(
                &agents[i].1,
                &agents[j].1,
                matches,
                threads,
                seed,
                on_progress,
            )?;
            cells.push(HeadToHeadCell {
                a: strategies[i],
                b: strategies[j],
                agent_a: agents[i].0.clone(),
                agent_b: agents[j].0.clone(),
                matches,
                wins_a: r.wins_a,
                chi: chi_square_uniform(&[r.wins_a, r.wins_b]),
                elapsed_ms: r.elapsed.as_secs_f64() * 1000.0,
            });
        }
    }
    Ok(cells)
}
