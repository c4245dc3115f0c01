//! `evoboard generate catan --fair-by-play K [--play N]`: K perfect boards
//! from a gallery, each play-tested, and the one whose seats win most
//! evenly (smallest seat advantage), re-measured with fresh seeds.

use super::boards::{GenerateArgs, board_json};
use super::catan_play::{self, print_report, report_json};
use super::common::{CliError, CliResult, print_json};
use super::fair_compare::{self, Group, group_json};
use crate::boards::catan::play::PlayReport;
use crate::boards::{Algorithm, BoardGame};
use crate::rng::derive_seed;
use serde_json::{Value, json};
use std::time::Instant;

/// Games per candidate when `--play` is not given.
pub const DEFAULT_GAMES: u32 = 1000;
/// Most candidates `--fair-by-play` takes.
pub const MAX_CANDIDATES: usize = 256;

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
    let games = a.play.play.unwrap_or(DEFAULT_GAMES);
    let scoring = a.scoring.scoring(a.game)?;
    let start = Instant::now();
    let (_, boards) = super::gallery::build(a, k)?;
    let gallery_ms = start.elapsed().as_secs_f64() * 1000.0;
    let cfg = a.play.config(games, a.seed)?;
    let mut reports: Vec<PlayReport> = Vec::with_capacity(boards.len());
    let islands: Vec<_> = boards
        .iter()
        .map(|b| super::catan::with_harbours(&b.tiles, &scoring.catan, a.seed))
        .collect();
    for island in &islands {
        reports.push(catan_play::run(island, &cfg)?);
    }
    let play_ms = start.elapsed().as_secs_f64() * 1000.0 - gallery_ms;
    let Some(pick) = (0..reports.len()).min_by(|&i, &j| {
        reports[i]
            .seat_advantage
            .total_cmp(&reports[j].seat_advantage)
    }) else {
        return Err(CliError(
            "the gallery found no perfect board to play-test; give it more --time-limit".into(),
        ));
    };
    // The pick's advantage is the smallest of K noisy figures: measure it
    // again on fresh games for an unbiased figure.
    let recheck_cfg = a.play.config(games, derive_seed(a.seed, 0x5eed))?;
    let recheck = catan_play::run(&islands[pick], &recheck_cfg)?;
    let mean_advantage =
        reports.iter().map(|r| r.seat_advantage).sum::<f64>() / reports.len() as f64;
    // Reference boards, played the same way.
    let layout = islands[pick]
        .layout()
        .unwrap_or_else(crate::boards::catan::CatanLayout::base);
    let refs = fair_compare::boards(layout, a.compare.unwrap_or(0), a.seed)?;
    let mut ref_reports: Vec<(String, PlayReport)> = Vec::with_capacity(refs.len());
    for (kind, codes) in &refs {
        let island = fair_compare::island(codes, a.seed);
        ref_reports.push((kind.clone(), catan_play::run(&island, &cfg)?));
    }
    let of_kind = |k: &str| -> Vec<&PlayReport> {
        ref_reports
            .iter()
            .filter(|(kind, _)| kind == k)
            .map(|(_, r)| r)
            .collect()
    };
    if let Some(path) = &a.plot {
        let mut groups = vec![Group {
            label: format!("{} rules (the candidates)", scoring.rules_name(a.game)),
            reports: reports.iter().collect(),
        }];
        if !of_kind("random").is_empty() {
            groups.push(Group {
                label: "uniformly random".into(),
                reports: of_kind("random"),
            });
        }
        if !of_kind("official").is_empty() {
            groups.push(Group {
                label: "official beginner".into(),
                reports: of_kind("official"),
            });
        }
        let note = format!(
            "evoboard generate catan --fair-by-play {k} --play {games} --compare {} --seed {}",
            a.compare.unwrap_or(0),
            a.seed
        );
        fair_compare::plot(path, a.force, &groups, &recheck, note)?;
    }
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    if a.json {
        let list: Vec<Value> = boards
            .iter()
            .zip(&reports)
            .zip(&islands)
            .map(|((b, r), island)| {
                json!({
                    "board": board_json(a.game, &b.tiles),
                    "code": super::export::code_json(a.game, &b.tiles),
                    "score": b.score as f64,
                    "harbours": island.harbours_json(),
                    "play": report_json(r),
                })
            })
            .collect();
        return print_json(&json!({
            "game": a.game.name(),
            "seed": a.seed,
            "rules": scoring.rules_name(a.game),
            "bots": a.play.bots.name(),
            "games_per_candidate": games,
            "candidates": list,
            "pick": pick,
            "board": board_json(a.game, &boards[pick].tiles),
            "code": super::export::code_json(a.game, &boards[pick].tiles),
            "harbours": islands[pick].harbours_json(),
            "seat_advantage": reports[pick].seat_advantage,
            "mean_seat_advantage": mean_advantage,
            "recheck": report_json(&recheck),
            "compare": {
                "candidates": group_json(&reports.iter().collect::<Vec<_>>()),
                "random": group_json(&of_kind("random")),
                "official": of_kind("official").first().map(|r| report_json(r)),
            },
            "gallery_ms": gallery_ms,
            "play_ms": play_ms,
            "elapsed_ms": elapsed_ms,
        }));
    }
    println!(
        "catan --fair-by-play {k} (seed {}): {} candidates × {games} games, gallery {:.0} ms, \
         play {:.0} ms",
        a.seed,
        boards.len(),
        gallery_ms,
        play_ms
    );
    println!("  #  seat advantage  opening pip spread");
    for (i, r) in reports.iter().enumerate() {
        println!(
            "{:>3}  {:.3}           {:.2}{}",
            i + 1,
            r.seat_advantage,
            catan_play::pip_spread(r),
            if i == pick { "  <- pick" } else { "" }
        );
    }
    println!("mean seat advantage {mean_advantage:.3}; the pick re-measured on fresh games:");
    print_report(&recheck);
    for (label, group) in [
        ("random", of_kind("random")),
        ("official", of_kind("official")),
    ] {
        if group.is_empty() {
            continue;
        }
        let adv: Vec<f64> = group.iter().map(|r| r.seat_advantage).collect();
        let pip: Vec<f64> = group.iter().map(|r| catan_play::pip_spread(r)).collect();
        let ((am, asd), (pm, _)) = (fair_compare::mean_sd(&adv), fair_compare::mean_sd(&pip));
        println!(
            "{label}: {} boards, seat advantage {am:.3} ± {asd:.3}, opening pip spread {pm:.2}",
            group.len()
        );
    }
    print!("{}", super::catan::text(&islands[pick]));
    Ok(())
}
