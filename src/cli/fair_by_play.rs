//! `evoboard generate catan --fair-by-play K [--play N]`: K perfect boards
//! from a gallery raced by play under every fast bot family, the pick
//! re-measured on fresh seeds beside the rulebook's beginner board. The
//! core runs it ([`FairByPlayRequest::run`]) and writes its JSON
//! ([`FairByPlayReport`]); this file parses, calls and prints.

use super::boards::GenerateArgs;
use super::catan_play;
use super::common::{CliError, CliResult, print_report};
use crate::boards::catan::fair_by_play::RaceProgress;
use crate::boards::catan::fairness::{
    FairByPlay, FairByPlayReport, FairByPlayRequest, FairnessError, MAX_CANDIDATES, MAX_COMPARE,
};
use crate::boards::catan::play::{Bot, FAST_FAMILIES};
use crate::boards::code::encode_catan;
use crate::boards::{Algorithm, BoardGame};

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

/// The flags' errors first, each naming its flag.
fn check(a: &GenerateArgs, k: usize) -> CliResult {
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
    let r = a.compare.unwrap_or(0);
    if r > MAX_COMPARE {
        return Err(CliError(format!(
            "--compare {r} is out of range; allowed: 0..={MAX_COMPARE}"
        )));
    }
    Ok(())
}

/// Run `generate catan --fair-by-play K`.
pub fn generate(a: &GenerateArgs, k: usize) -> CliResult {
    check(a, k)?;
    let families = families(a)?;
    let games = a
        .play
        .play
        .unwrap_or(crate::boards::catan::fairness::DEFAULT_GAMES);
    let play = a.play.config(games, a.seed)?;
    let request = FairByPlayRequest {
        families,
        games,
        seats: play.seats,
        threads: play.threads,
        rules: play.rules,
        precision: a.precision,
        search_games: a.search_games,
        compare: a.compare.unwrap_or(0),
        ..FairByPlayRequest::new(super::gallery::request(a, k)?)
    };
    let bar = super::common::progress_bar(0, "games");
    let found = request.run(&|p: RaceProgress| {
        if p.games.is_multiple_of(64) || p.games == p.of {
            bar.set_message(p.stage);
            bar.set_length(p.of as u64);
            bar.set_position(p.games as u64);
        }
        true
    });
    bar.finish_and_clear();
    let found = found.map_err(|e| match e {
        FairnessError::NoPerfectBoard => CliError(
            "the gallery found no perfect board to play-test; give it more --time-limit".into(),
        ),
        e => CliError(e.to_string()),
    })?;
    if let Some(path) = &a.plot {
        let note = format!(
            "evoboard generate catan --fair-by-play {k} --play {games} --compare {} --seed {}",
            a.compare.unwrap_or(0),
            a.seed
        );
        super::fair_compare::plot(path, a.force, &found.chart(), &note)?;
    }
    if a.json {
        return print_report(&FairByPlayReport::new(&found, a.play.bots.name()));
    }
    print_text(k, &found);
    Ok(())
}

fn print_text(k: usize, found: &FairByPlay) {
    let r = &found.race;
    println!(
        "catan --fair-by-play {k} (seed {}): {} candidates raced over {} rounds ({} games), \
         gallery {:.0} ms, race {:.0} ms, re-measure {:.0} ms",
        found.request.seed(),
        r.entrants.len(),
        r.rounds,
        r.race_games,
        found.gallery_ms,
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
    println!("  (again: {})", found.recheck_command());
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
    if !found.random.is_empty() {
        let adv: Vec<f64> = found
            .random
            .iter()
            .map(|r| r.robust_seat_advantage.value)
            .collect();
        let (m, sd) = crate::stats::mean_sd(&adv);
        let per_family: Vec<String> = found
            .random_spreads()
            .iter()
            .map(|f| {
                format!(
                    "{} {:.3} ± {:.3}",
                    f.family, f.seat_advantage_mean, f.seat_advantage_sd
                )
            })
            .collect();
        println!(
            "uniformly random boards: {}, robust seat advantage {m:.3} ± {sd:.3} ({})",
            found.random.len(),
            per_family.join(", ")
        );
    }
    println!("{}", found.verdict());
    if let Ok(c) = encode_catan(found.pick_island()) {
        println!("code {c}");
    }
    print!("{}", super::catan::text(found.pick_island()));
}
