//! `evoboard generate catan --fair-by-play K [--play N]`: K perfect boards
//! from a gallery raced by play under every fast bot family, the pick
//! re-measured on fresh seeds beside the rulebook's beginner board
//! ([`crate::boards::catan::fair_by_play`] does the search; this file
//! parses, builds the candidates and prints).

use super::boards::{GenerateArgs, board_json};
use super::catan_play::{self, report_json, robust_json};
use super::common::{CliError, CliResult, print_json};
use super::fair_compare::{self, Group, group_json};
use crate::boards::analysis::catan_table::official_beginner;
use crate::boards::catan::fair_by_play::{RaceConfig, RaceProgress, RaceReport, race};
use crate::boards::catan::play::{Bot, FAST_FAMILIES, FamilyReport, PlayReport, RobustReport};
use crate::boards::catan::{CatanBoard, CatanLayout};
use crate::boards::code::encode_catan;
use crate::boards::{Algorithm, BoardGame};
use serde_json::{Value, json};
use std::time::Instant;

/// Most games per family a candidate plays in the race when `--play` is
/// not given.
pub const DEFAULT_GAMES: u32 = 800;
/// The seed of the beginner island's harbours (the same island for every
/// `--seed`).
pub const BEGINNER_HARBOURS: u64 = 1;
/// Most candidates `--fair-by-play` takes.
pub const MAX_CANDIDATES: usize = 256;

/// The share code of a board with its harbours (`H`, `G`).
fn code(board: &CatanBoard) -> Value {
    encode_catan(board).map_or(Value::Null, Value::from)
}

/// The worst family's play-test of a robust report (for the chart).
fn worst(r: &RobustReport) -> &PlayReport {
    r.families
        .iter()
        .find(|f| f.family == r.worst_family)
        .map_or(&r.families[0].play, |f| &f.play)
}

/// The families `--bots` names for the race: `families[:LIST]`, one bot
/// (that family alone), or the fast families by default.
fn families(a: &GenerateArgs) -> Result<Vec<Bot>, CliError> {
    let lineup = &a.play.bots;
    match (lineup.families(), lineup.0.as_slice()) {
        (Some(f), _) => Ok(f.to_vec()),
        (None, [Bot::Value]) => Ok(FAST_FAMILIES.to_vec()),
        (None, [one]) => Ok(vec![*one]),
        (None, _) => Err(CliError(
            "--fair-by-play plays each family at every seat: give --bots families or \
             families:LIST (e.g. families:value,planner), not one bot per seat"
                .into(),
        )),
    }
}

/// Run `generate catan --fair-by-play K`.
pub fn generate(a: &GenerateArgs, k: usize) -> CliResult {
    if a.game != BoardGame::Catan {
        return Err(CliError(format!(
            "--fair-by-play plays Catan; not {}",
            a.game.name()
        )));
    }
    if k == 0 || k > MAX_CANDIDATES {
        return Err(CliError(format!(
            "--fair-by-play {k} is out of range; allowed: 1..={MAX_CANDIDATES}"
        )));
    }
    if let Some(path) = &a.plot {
        super::plot::PlotFormat::of(path)?;
        super::common::refuse_existing(path, a.force)?;
    }
    if a.algorithm != Algorithm::Best || a.out.is_some() || a.from.is_some() {
        return Err(CliError(
            "--fair-by-play takes its candidates from a gallery of our search: no --algorithm \
             other than best, no --from, no --out (save the pick with generate --from)"
                .into(),
        ));
    }
    if !(a.precision > 0.0 && a.precision <= 1.0) {
        return Err(CliError(format!(
            "--precision {} is out of range; allowed: above 0 up to 1",
            a.precision
        )));
    }
    let families = families(a)?;
    let games = a.play.play.unwrap_or(DEFAULT_GAMES);
    let scoring = a.scoring.scoring(a.game)?;
    let start = Instant::now();
    let (_, boards) = super::gallery::build(a, k)?;
    let gallery_ms = start.elapsed().as_secs_f64() * 1000.0;
    if boards.is_empty() {
        return Err(CliError(
            "the gallery found no perfect board to play-test; give it more --time-limit".into(),
        ));
    }
    let islands: Vec<CatanBoard> = boards
        .iter()
        .map(|b| super::catan::with_harbours(&b.tiles, &scoring.catan, a.seed))
        .collect();
    let layout = islands[0].layout().unwrap_or_else(CatanLayout::base);
    // The same beginner island whatever the seed: the rulebook's tiles,
    // harbours placed by seed 1 (the frame's harbour positions are not in
    // the reference data).
    let beginner = (layout.hexes() == 19)
        .then(|| fair_compare::island(&official_beginner().encode(), BEGINNER_HARBOURS));
    let play = a.play.config(games, a.seed)?;
    let batch = games.min(RaceConfig::new(a.seed).batch);
    let cfg = RaceConfig {
        families: families.clone(),
        batch,
        max_games: games,
        precision: a.precision,
        recheck_batch: games.clamp(batch, 2000),
        search_games: a.search_games,
        seats: play.seats,
        threads: play.threads,
        rules: play.rules,
        ..RaceConfig::new(a.seed)
    };
    let bar = super::common::progress_bar(0, "games");
    let report = race(&islands, beginner.as_ref(), &cfg, &|p: RaceProgress| {
        if p.games.is_multiple_of(64) || p.games == p.of {
            bar.set_message(p.stage);
            bar.set_length(p.of as u64);
            bar.set_position(p.games as u64);
        }
        true
    });
    bar.finish_and_clear();
    let report = report.map_err(|e| CliError(e.to_string()))?;
    // Uniformly random boards, played the same way as the race.
    let refs = fair_compare::boards(layout, a.compare.unwrap_or(0), a.seed)?;
    let mut random: Vec<RobustReport> = Vec::new();
    for (_, codes) in refs.iter().filter(|(kind, _)| kind == "random") {
        let island = fair_compare::island(codes, a.seed);
        random.push(catan_play::run_families(&island, &families, &play)?);
    }
    if let Some(path) = &a.plot {
        let mut groups = vec![Group {
            label: format!("{} rules (the candidates)", scoring.rules_name(a.game)),
            reports: report.entrants.iter().map(|e| worst(&e.report)).collect(),
        }];
        if !random.is_empty() {
            groups.push(Group {
                label: "uniformly random".into(),
                reports: random.iter().map(worst).collect(),
            });
        }
        if let Some(b) = &report.beginner {
            groups.push(Group {
                label: "official beginner".into(),
                reports: vec![worst(b)],
            });
        }
        let note = format!(
            "evoboard generate catan --fair-by-play {k} --play {games} --compare {} --seed {}",
            a.compare.unwrap_or(0),
            a.seed
        );
        fair_compare::plot(path, a.force, &groups, worst(&report.pick_fresh), note)?;
    }
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let pick = report.pick;
    if a.json {
        let list: Vec<Value> = boards
            .iter()
            .zip(&report.entrants)
            .zip(&islands)
            .map(|((b, e), island)| {
                json!({
                    "board": board_json(a.game, &b.tiles),
                    "code": code(island),
                    "score": b.score as f64,
                    "harbours": island.harbours_json(),
                    "play": robust_json(&e.report),
                    "games": e.games,
                    "dropped_after": e.dropped_after,
                })
            })
            .collect();
        let robust = |r: &RobustReport| r.robust_seat_advantage.value;
        let mean = report
            .entrants
            .iter()
            .map(|e| robust(&e.report))
            .sum::<f64>()
            / report.entrants.len() as f64;
        let search = |f: &Option<FamilyReport>| f.as_ref().map(|f| report_json(&f.play));
        return print_json(&json!({
            "game": a.game.name(),
            "seed": a.seed,
            "rules": scoring.rules_name(a.game),
            "bots": a.play.bots.name(),
            "families": families.iter().map(|f| f.name()).collect::<Vec<_>>(),
            "trades": play.rules.trades,
            "games_per_candidate": games,
            "rounds": report.rounds,
            "race_games": report.race_games,
            "candidates": list,
            "pick": pick,
            "board": board_json(a.game, &boards[pick].tiles),
            "code": code(&islands[pick]),
            "harbours": islands[pick].harbours_json(),
            "seat_advantage": robust(&report.entrants[pick].report),
            "mean_seat_advantage": mean,
            "robust_seat_advantage": report.pick_fresh.robust_seat_advantage,
            "recheck": robust_json(&report.pick_fresh),
            "recheck_seed": report.fresh_seed,
            "recheck_command": recheck_command(a, &report, &islands[pick]),
            "beginner": report.beginner.as_ref().map(robust_json),
            "search": {
                "pick": search(&report.search_pick),
                "beginner": search(&report.search_beginner),
            },
            "beats_beginner": report.beats_beginner,
            "clearly_beats_beginner": report.clearly_beats_beginner,
            "verdict": verdict(&report),
            "compare": {
                "candidates": group_json(&report.entrants.iter().map(|e| worst(&e.report)).collect::<Vec<_>>()),
                "random": group_json(&random.iter().map(worst).collect::<Vec<_>>()),
                "random_families": families_spread(&random)
                    .iter()
                    .map(|(f, m, sd)| json!({"family": f, "seat_advantage_mean": m, "seat_advantage_sd": sd}))
                    .collect::<Vec<_>>(),
                "official": report.beginner.as_ref().map(|b| report_json(worst(b))),
            },
            "gallery_ms": gallery_ms,
            "race_ms": report.race_ms,
            "recheck_ms": report.recheck_ms,
            "search_ms": report.search_ms,
            "elapsed_ms": elapsed_ms,
        }));
    }
    print_text(a, k, &report, &islands, gallery_ms, &random);
    Ok(())
}

/// The `evaluate` command that plays the pick's fresh games again.
fn recheck_command(a: &GenerateArgs, r: &RaceReport, pick: &CatanBoard) -> String {
    let families: Vec<&str> = r.pick_fresh.families.iter().map(|f| f.family).collect();
    let games = r.pick_fresh.families.first().map_or(0, |f| f.play.games);
    let seats = r.pick_fresh.families.first().map_or(0, |f| f.play.seats);
    format!(
        "evoboard evaluate catan --code {} --play {games} --bots families:{} --seats {seats} --seed {}{}",
        encode_catan(pick).unwrap_or_default(),
        families.join(","),
        r.fresh_seed,
        if a.play.trades { " --trades" } else { "" }
    )
}

/// Each family's mean seat advantage over `boards` and its standard
/// deviation, in the families' order.
fn families_spread(boards: &[RobustReport]) -> Vec<(&'static str, f64, f64)> {
    let Some(first) = boards.first() else {
        return Vec::new();
    };
    (0..first.families.len())
        .map(|k| {
            let adv: Vec<f64> = boards
                .iter()
                .map(|r| r.families[k].seat_advantage.value)
                .collect();
            let (m, sd) = crate::stats::mean_sd(&adv);
            (first.families[k].family, m, sd)
        })
        .collect()
}

/// One plain sentence on the pick against the beginner board.
fn verdict(r: &RaceReport) -> String {
    let p = r.pick_fresh.robust_seat_advantage;
    let Some(b) = r.beginner.as_ref().map(|b| b.robust_seat_advantage) else {
        return format!(
            "the pick's robust seat advantage is {:.3} [{:.3}, {:.3}] (no beginner board on this island)",
            p.value, p.low, p.high
        );
    };
    let how = match (r.beats_beginner, r.clearly_beats_beginner) {
        (Some(true), Some(true)) => "beats the beginner board clearly (the intervals are apart)",
        (Some(true), _) => {
            "is at or below the beginner board's, but the intervals overlap: not clearly fairer"
        }
        _ => "does NOT beat the beginner board",
    };
    format!(
        "the pick's robust seat advantage {:.3} [{:.3}, {:.3}] against the beginner board's \
         {:.3} [{:.3}, {:.3}]: the pick {how}",
        p.value, p.low, p.high, b.value, b.low, b.high
    )
}

fn print_text(
    a: &GenerateArgs,
    k: usize,
    r: &RaceReport,
    islands: &[CatanBoard],
    gallery_ms: f64,
    random: &[RobustReport],
) {
    println!(
        "catan --fair-by-play {k} (seed {}): {} candidates raced over {} rounds ({} games), \
         gallery {:.0} ms, race {:.0} ms, re-measure {:.0} ms",
        a.seed,
        r.entrants.len(),
        r.rounds,
        r.race_games,
        gallery_ms,
        r.race_ms,
        r.recheck_ms
    );
    println!("  #  games  robust seat advantage (95% interval)  worst family");
    for (i, e) in r.entrants.iter().enumerate() {
        let v = e.report.robust_seat_advantage;
        let note = match (i == r.pick, e.dropped_after) {
            (true, _) => "  <- pick".to_string(),
            (_, Some(round)) => format!("  dropped after round {round}"),
            _ => String::new(),
        };
        println!(
            "{:>3}  {:>5}  {:.3} [{:.3}, {:.3}]                   {}{note}",
            i + 1,
            e.games,
            v.value,
            v.low,
            v.high,
            e.report.worst_family
        );
    }
    println!("the pick re-measured on fresh games:");
    catan_play::print_robust(&r.pick_fresh);
    println!("  (again: {})", recheck_command(a, r, &islands[r.pick]));
    if let Some(b) = &r.beginner {
        println!("the rulebook's beginner board on the same games:");
        catan_play::print_robust(b);
    }
    for (label, f) in [
        ("the pick", &r.search_pick),
        ("the beginner board", &r.search_beginner),
    ] {
        if let Some(f) = f {
            let s = f.seat_advantage;
            println!(
                "search bot at every seat of {label}: {} games, seat advantage {:.3} [{:.3}, {:.3}]",
                f.play.games, s.value, s.low, s.high
            );
        }
    }
    if !random.is_empty() {
        let adv: Vec<f64> = random
            .iter()
            .map(|r| r.robust_seat_advantage.value)
            .collect();
        let (m, sd) = crate::stats::mean_sd(&adv);
        let per_family: Vec<String> = families_spread(random)
            .iter()
            .map(|(f, m, sd)| format!("{f} {m:.3} ± {sd:.3}"))
            .collect();
        println!(
            "uniformly random boards: {}, robust seat advantage {m:.3} ± {sd:.3} ({})",
            random.len(),
            per_family.join(", ")
        );
    }
    println!("{}", verdict(r));
    if let Value::String(c) = code(&islands[r.pick]) {
        println!("code {c}");
    }
    print!("{}", super::catan::text(&islands[r.pick]));
}
