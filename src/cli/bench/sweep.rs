//! `bench --param-sweep P1,P2,… [--sweep-values V1,V2,…]`: every
//! combination of the values for the one algorithm listed, `--runs` runs
//! each, and which set is best (lowest mean final score, ties by the
//! shorter mean time to best). For `pso` over inertia, cognitive and
//! social on the published grid, each set also gets the paper's number
//! ([`published_set`]).

use super::super::common::CliError;
use super::plot::{SweepPoint, scatter};
use super::stats::{Summary, mean_sd};
use super::{BenchArgs, Plan, Report, params_json};
use crate::boards::published::published_set;
use crate::boards::{self, Algorithm, Params};
use serde_json::{Value, json};
use std::fmt::Write as _;

/// Most parameter sets one sweep may run.
pub const MAX_SETS: usize = 10_000;

/// The parameter sets of a sweep: every combination of `values` for
/// `names`, the first name varying slowest, on top of `base`.
fn sets(
    algorithm: Algorithm,
    specs: &[boards::ParamSpec],
    base: &Params,
    names: &[&str],
    values: &[&str],
) -> Result<Vec<Params>, CliError> {
    let count = values
        .len()
        .checked_pow(names.len() as u32)
        .filter(|&n| n <= MAX_SETS)
        .ok_or_else(|| {
            CliError(format!(
                "--param-sweep: {} values for {} parameters make more than {MAX_SETS} sets",
                values.len(),
                names.len()
            ))
        })?;
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let mut p = base.clone();
        let mut rest = k;
        for (i, name) in names.iter().enumerate().rev() {
            let v = values[rest % values.len()];
            rest /= values.len();
            p.set(specs, name, v, algorithm)
                .map_err(|e| CliError(format!("--param-sweep {}: {e}", names[..=i].join(","))))?;
        }
        out.push(p);
    }
    Ok(out)
}

fn value(params: &Params, name: &str) -> f64 {
    params
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(f64::NAN, |(_, v)| v)
}

/// The published PSO set (1..=64) with `params`' inertia, cognitive and
/// social, if they are on the paper's grid.
fn pso_number(algorithm: Algorithm, params: &Params) -> Option<usize> {
    if algorithm != Algorithm::Pso {
        return None;
    }
    let w = (
        value(params, "inertia"),
        value(params, "cognitive"),
        value(params, "social"),
    );
    (1..=64).find(|&k| published_set(k) == Some(w))
}

/// Run the sweep and report it.
pub(super) fn run(
    a: &BenchArgs,
    plan: &Plan,
    groups: &[(Algorithm, Params)],
    names: &str,
) -> Result<Report, CliError> {
    let [(algorithm, base)] = groups else {
        return Err(CliError(format!(
            "--param-sweep needs exactly one algorithm in --algorithms, got {}",
            groups.len()
        )));
    };
    let algorithm = *algorithm;
    let specs = boards::param_specs(a.game, algorithm);
    let names: Vec<&str> = names
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if names.is_empty() {
        return Err("--param-sweep takes parameter names separated by commas".into());
    }
    for (i, n) in names.iter().enumerate() {
        if !specs.iter().any(|s| s.name == *n) {
            return Err(CliError(format!(
                "--param-sweep: {} has no parameter '{n}'; allowed: {}",
                algorithm.name(),
                specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
            )));
        }
        if names[..i].contains(n) {
            return Err(CliError(format!("--param-sweep names '{n}' twice")));
        }
    }
    if algorithm == Algorithm::Pso && value(base, "set") != 0.0 {
        return Err(
            "--param-sweep with pso: leave --param set at 0 (a set overrides inertia, \
             cognitive and social)"
                .into(),
        );
    }
    let values: Vec<&str> = a
        .sweep_values
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if values.is_empty() {
        return Err("--sweep-values takes numbers separated by commas".into());
    }
    let sets = sets(algorithm, specs, base, &names, &values)?;
    let groups: Vec<(Algorithm, Params)> = sets.into_iter().map(|p| (algorithm, p)).collect();
    let outcomes = plan.run_all(&groups, a.threads)?;
    let summaries: Vec<Summary> = outcomes.iter().map(|runs| plan.summary(runs)).collect();
    let best = (0..summaries.len())
        .min_by(|&i, &j| {
            let (si, sj) = (&summaries[i], &summaries[j]);
            si.mean
                .total_cmp(&sj.mean)
                .then(si.mean_ms.total_cmp(&sj.mean_ms))
        })
        .unwrap_or(0);
    let entries: Vec<Value> = groups
        .iter()
        .zip(&summaries)
        .enumerate()
        .map(|(i, ((_, params), s))| {
            let mut e = json!({
                "set": i + 1,
                "published_set": pso_number(algorithm, params),
                "params": params_json(params),
                "mean_score": s.mean,
                "sd_score": s.sd,
                "best_score": s.best,
                "solved": s.solved,
                "mean_ms_to_best": s.mean_ms,
                "scores": s.scores,
            });
            if !plan.checkpoints.is_empty() {
                e["checkpoints"] = s.checkpoints_json();
            }
            e
        })
        .collect();
    let swept = |p: &Params| -> String {
        names
            .iter()
            .map(|n| format!("{n} {}", value(p, n)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let number = |i: usize| pso_number(algorithm, &groups[i].1).unwrap_or(i + 1);
    if let Some(path) = &a.plot {
        let points: Vec<SweepPoint> = summaries
            .iter()
            .enumerate()
            .map(|(i, s)| SweepPoint {
                tag: number(i).to_string(),
                mean_ms: s.mean_ms,
                mean: s.mean,
            })
            .collect();
        let label = format!(
            "best: set {} ({}): {:.1}",
            number(best),
            swept(&groups[best].1),
            summaries[best].mean
        );
        scatter(plan, algorithm, &points, best, label, &names.join(",")).write(path, a.force)?;
    }
    let json = json!({
        "game": a.game.name(),
        "rules": plan.scoring.rules_name(a.game),
        "algorithm": algorithm.name(),
        "runs": a.runs,
        "time_limit": a.time_limit,
        "sweep_params": names,
        "sweep_values": values,
        "sweep": entries,
        "best_set": entries[best],
    });
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({} rules), {} sweep of {}: {} sets × {} runs of at most {} s",
        a.game.name(),
        plan.scoring.rules_name(a.game),
        algorithm.name(),
        names.join(","),
        groups.len(),
        a.runs,
        a.time_limit
    );
    let mut head = format!("{:>5} {:>5}", "set", "paper");
    for n in &names {
        head.push_str(&format!(" {n:>10}"));
    }
    let _ = writeln!(
        out,
        "{head} {:>18} {:>8} {:>14}",
        "mean ± sd", "best", "mean ms to best"
    );
    for (i, ((_, p), s)) in groups.iter().zip(&summaries).enumerate() {
        let paper = pso_number(algorithm, p).map_or("-".to_string(), |k| k.to_string());
        let mut row = format!("{:>5} {paper:>5}", i + 1);
        for n in &names {
            row.push_str(&format!(" {:>10}", value(p, n)));
        }
        let _ = writeln!(
            out,
            "{row} {:>18} {:>8} {:>14.1}",
            mean_sd(&s.scores),
            s.best,
            s.mean_ms
        );
    }
    let paper = pso_number(algorithm, &groups[best].1)
        .map_or(String::new(), |k| format!(", the paper's set {k}"));
    let _ = writeln!(
        out,
        "best: set {}{paper} ({}), mean {:.2}, mean {:.1} ms to best",
        best + 1,
        swept(&groups[best].1),
        summaries[best].mean,
        summaries[best].mean_ms
    );
    Ok(Report { json, text: out })
}
