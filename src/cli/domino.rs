//! `evoboard domino duel` and `evoboard domino tune` (see
//! `shared/spec/cli.md`, section Domino).

use super::common::{CliError, CliResult, print_json, progress_bar, refuse_existing, write_atomic};
use crate::domino::stats::{chi_square_uniform, t_test_rate};
use crate::domino::{
    Agent, AgentSpec, CoefficientFile, EvalSpec, GaTuner, TunerSettings, duel, stage_opponents,
};
use crate::search::Search;
use clap::{Args, Subcommand};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;

/// `evoboard domino …`.
#[derive(Args, Debug)]
pub struct DominoArgs {
    /// What to run.
    #[command(subcommand)]
    pub command: DominoCommand,
}

/// The domino sub-commands.
#[derive(Subcommand, Debug)]
pub enum DominoCommand {
    /// Play many matches between two AI teams.
    Duel(DuelArgs),
    /// Tune a strategy's coefficients with the published GA.
    Tune(TuneArgs),
}

/// `evoboard domino duel --team-a AGENT --team-b AGENT --matches N …`.
#[derive(Args, Debug)]
pub struct DuelArgs {
    /// Team A (seats 0 and 2): basic, hand, s1..s4, s1@2..s4@2, t1..t4,
    /// t1@2..t4@2, t1@3, t1full, coef:a1,..,a7, file:PATH, mc, mc:N, mc:Nms, mc:N:POLICY.
    #[arg(long)]
    pub team_a: AgentSpec,
    /// Team B (seats 1 and 3), same names as team A.
    #[arg(long)]
    pub team_b: AgentSpec,
    /// Matches to play.
    #[arg(long)]
    pub matches: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

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

/// Run a domino sub-command.
pub fn run(args: DominoArgs) -> CliResult {
    match args.command {
        DominoCommand::Duel(a) => run_duel(a),
        DominoCommand::Tune(a) => run_tune(a),
    }
}

fn threads(t: Option<usize>) -> Result<usize, CliError> {
    match t {
        Some(0) => Err("--threads must be at least 1 (omit it to use all cores)".into()),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// The agent of a team (reads a coefficient file); errors name the flag.
fn team(flag: &str, spec: &AgentSpec) -> Result<Box<dyn Agent>, CliError> {
    spec.build().map_err(|e| CliError(format!("{flag}: {e}")))
}

fn run_duel(a: DuelArgs) -> CliResult {
    let team_a = team("--team-a", &a.team_a)?;
    let team_b = team("--team-b", &a.team_b)?;
    if a.matches == 0 {
        return Err("--matches must be at least 1".into());
    }
    let threads = threads(a.threads)?;
    let bar = progress_bar(a.matches, "duel");
    let r = duel(
        team_a.as_ref(),
        team_b.as_ref(),
        a.matches,
        threads,
        a.seed,
        &|n| bar.inc(n),
    )?;
    bar.finish_and_clear();
    let chi = chi_square_uniform(&[r.wins_a, r.wins_b]);
    let t50 = t_test_rate(r.wins_a, r.matches, 0.50);
    let t66 = t_test_rate(r.wins_a, r.matches, 0.66);
    let think = |a: &dyn Agent| {
        a.think_stats()
            .map(|(n, t)| t.as_secs_f64() * 1000.0 / n.max(1) as f64)
    };
    let (think_a, think_b) = (think(team_a.as_ref()), think(team_b.as_ref()));
    let elapsed_ms = r.elapsed.as_secs_f64() * 1000.0;
    if a.json {
        print_json(&json!({
            "team_a": team_a.name(),
            "team_b": team_b.name(),
            "seed": a.seed,
            "threads": threads,
            "matches": r.matches,
            "wins_a": r.wins_a,
            "wins_b": r.wins_b,
            "win_rate_a": r.win_rate_a(),
            "elapsed_ms": elapsed_ms.round() as u64,
            "matches_per_sec": r.matches_per_sec(),
            "rounds": r.rounds,
            "chi_square": chi.statistic,
            "p_value": chi.p_value,
            "t_vs_50": t50.statistic,
            "p_vs_50": t50.p_value,
            "t_vs_66": t66.statistic,
            "p_vs_66": t66.p_value,
            "think_ms_per_move_a": think_a,
            "think_ms_per_move_b": think_b,
        }))
    } else {
        println!(
            "{} vs {}: {} of {} matches won by team A ({:.2} %), {} by team B; \
             χ² = {:.2} (p = {:.3e}); {:.1} s, {:.0} matches/s on {threads} threads",
            team_a.name(),
            team_b.name(),
            r.wins_a,
            r.matches,
            100.0 * r.win_rate_a(),
            r.wins_b,
            chi.statistic,
            chi.p_value,
            r.elapsed.as_secs_f64(),
            r.matches_per_sec()
        );
        for (team, t) in [("A", think_a), ("B", think_b)] {
            if let Some(ms) = t {
                println!("team {team} thought {ms:.2} ms per move (moves with a choice)");
            }
        }
        Ok(())
    }
}

fn run_tune(a: TuneArgs) -> CliResult {
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
