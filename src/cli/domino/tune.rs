//! `evoboard domino tune`: the GA that tunes a strategy's coefficients.

use super::super::common::{
    CliError, CliResult, print_json, progress_bar, refuse_existing, write_atomic,
};
use super::threads;
use crate::domino::{CoefficientFile, EvalSpec, GaTuner, TunerSettings, stage_opponents};
use crate::search::Search;
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// `evoboard domino tune --strategy 1|2|3|4 --stage 1|2|3 …`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// Strategy 1-4.
    #[arg(long)]
    pub strategy: u8,
    /// Stage 1 (against basic), 2 (against its stage-1 self), 3 (against
    /// the other strategies at stage 2).
    #[arg(long)]
    pub stage: u8,
    /// Population size.
    #[arg(long, default_value_t = 100)]
    pub population: usize,
    /// Generations.
    #[arg(long, default_value_t = 200)]
    pub generations: u64,
    /// Matches per fitness evaluation (per opponent).
    #[arg(long, default_value_t = 5000)]
    pub matches: u64,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Replace the stage's fixed opponents (repeatable; evaluation-function
    /// agents only: basic, hand, presets, coef:…, file:…). Default: stage 1
    /// basic; stage 2 the strategy's stage-1 preset (tK, else sK); stage 3
    /// the other three at stage 2 (tJ@2, else sJ@2).
    #[arg(long = "opponent")]
    pub opponents: Vec<EvalSpec>,
    /// Save the coefficients (RON), loadable as `file:PATH`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite an existing --out file.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn run(a: TuneArgs) -> CliResult {
    if !(1..=4).contains(&a.strategy) {
        return Err(format!("--strategy must be 1, 2, 3 or 4, got {}", a.strategy).into());
    }
    if !(1..=3).contains(&a.stage) {
        return Err(format!("--stage must be 1, 2 or 3, got {}", a.stage).into());
    }
    if a.population < 2 || a.generations == 0 || a.matches == 0 {
        return Err(
            "--population must be at least 2, --generations and --matches at least 1".into(),
        );
    }
    if let Some(p) = &a.out {
        refuse_existing(p, a.force)?;
    }
    let opponents = if a.opponents.is_empty() {
        stage_opponents(a.strategy, a.stage)?
    } else {
        // Read the coefficient files now, so that their errors name the flag.
        for o in &a.opponents {
            o.build()
                .map_err(|e| CliError(format!("--opponent: {e}")))?;
        }
        a.opponents
    };
    let opponent_names: Vec<String> = opponents.iter().map(EvalSpec::to_string).collect();
    let settings = TunerSettings {
        population: a.population,
        generations: a.generations,
        matches: a.matches,
        ..TunerSettings::default()
    };
    let mut ga = GaTuner::new(a.strategy, &opponents, settings, a.seed)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads(a.threads)?)
        .build()
        .map_err(|e| CliError(format!("cannot start threads: {e}")))?;
    let start = Instant::now();
    let bar = progress_bar(a.generations, "tune");
    pool.install(|| {
        for _ in 0..a.generations {
            let p = ga.step();
            bar.set_message(format!("tune best {:.0} mean {:.0}", p.best, p.mean));
            bar.inc(1);
        }
    });
    bar.finish_and_clear();
    let elapsed_ms = start.elapsed().as_millis() as u64;
    let (coef, fitness) = ga.best();
    let matches = ga.matches_per_evaluation();
    if let Some(p) = &a.out {
        let file = CoefficientFile {
            strategy: a.strategy,
            stage: a.stage,
            coefficients: *coef,
            fitness,
            matches: matches as u32,
            seed: a.seed,
        };
        write_atomic(p, file.to_ron().as_bytes(), a.force)?;
    }
    if a.json {
        let history: Vec<_> = ga
            .history()
            .iter()
            .map(|(b, m)| json!({"best": b, "mean": m}))
            .collect();
        print_json(&json!({
            "strategy": a.strategy,
            "stage": a.stage,
            "coefficients": coef,
            "fitness": fitness,
            "matches": matches,
            "history": history,
            "elapsed_ms": elapsed_ms,
            "seed": a.seed,
            "opponents": opponent_names,
            "population": a.population,
            "generations": a.generations,
        }))
    } else {
        let c: Vec<String> = coef.iter().map(|x| format!("{x:.4}")).collect();
        println!(
            "strategy {} stage {} against {}: coef:{} won {} of {} matches ({:.2} %) in its last evaluation; {:.1} s",
            a.strategy,
            a.stage,
            opponent_names.join(" + "),
            c.join(","),
            fitness,
            matches,
            100.0 * fitness / matches as f64,
            elapsed_ms as f64 / 1000.0
        );
        Ok(())
    }
}
