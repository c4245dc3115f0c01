//! `evoboard generate terra-mystica|catan --gallery K [--axes A,B]`: K
//! perfect boards spread along two axes ([`crate::boards::gallery`]).

use super::boards::{GenerateArgs, board_json};
use super::common::{CliError, CliResult, print_json};
use crate::boards::gallery::{
    Budget, Descriptor, Gallery, GalleryBoard, GalleryConfig, min_pairwise_distance,
};
use crate::boards::{Algorithm, BoardGame, Params};
use serde_json::{Map, Value, json};
use std::time::{Duration, Instant};

/// Candidates tried per board asked for when `--gallery-candidates` is 0.
pub const CANDIDATES_PER_BOARD: u64 = 32;
/// The fewest candidates tried when `--gallery-candidates` is 0.
pub const MIN_CANDIDATES: u64 = 256;

/// The gallery `generate --gallery K` (and `--fair-by-play K`) builds
/// from `a`, and its boards.
pub(super) fn build(a: &GenerateArgs, k: usize) -> Result<(Gallery, Vec<GalleryBoard>), CliError> {
    let scoring = a.scoring.scoring(a.game)?;
    let params = Params::parse(
        Algorithm::Best.param_specs(a.game),
        &a.params,
        Algorithm::Best,
    )?;
    let axes = match &a.axes {
        Some(text) => Descriptor::parse_axes(text, a.game)?,
        None => Descriptor::default_axes(a.game),
    };
    let candidates = if a.gallery_candidates > 0 {
        a.gallery_candidates
    } else {
        (CANDIDATES_PER_BOARD * k as u64).max(MIN_CANDIDATES)
    };
    // The outline (`--outline`) or island (`--players`) the boards are on.
    let variant =
        super::outline::apply(a.game, a.outline.as_ref(), a.catan.setup(a.game)?)?.variant;
    let mut gallery = Gallery::new(a.game, scoring, axes, a.seed)?
        .with_variant(variant)?
        .with_config(GalleryConfig {
            params,
            ..GalleryConfig::for_game(a.game)
        });
    let boards = gallery.run(
        k,
        Budget {
            candidates,
            time_limit: Some(Duration::from_secs_f64(a.time_limit)),
        },
    );
    Ok((gallery, boards))
}

/// Run `generate … --gallery K`.
pub fn generate(a: &GenerateArgs, k: usize) -> CliResult {
    if k == 0 {
        return Err(CliError("--gallery takes a number of boards ≥ 1".into()));
    }
    if a.algorithm != Algorithm::Best {
        return Err(CliError(format!(
            "--gallery runs our search (--algorithm best), not {}",
            a.algorithm
        )));
    }
    if a.out.is_some() {
        return Err(CliError(
            "--out saves one board; a gallery prints its boards (save one with generate \
             --from once chosen)"
                .into(),
        ));
    }
    let start = Instant::now();
    let (gallery, boards) = build(a, k)?;
    let scoring = a.scoring.scoring(a.game)?;
    let axes = gallery.axes();
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let p = gallery.progress();
    let bins = gallery.archive().bins();
    let min_distance = min_pairwise_distance(&boards, axes);
    if a.json {
        let list: Vec<Value> = boards
            .iter()
            .map(|b| {
                json!({
                    "board": board_json(a.game, &b.tiles),
                    "score": b.score as f64,
                    "descriptors": descriptors_json(axes, b),
                    "cell": b.cell,
                })
            })
            .collect();
        return print_json(&json!({
            "game": a.game.name(),
            "algorithm": Algorithm::Best.name(),
            "seed": a.seed,
            "rules": scoring.rules_name(a.game),
            "axes": axes.map(|d| d.name()),
            "ranges": axes.map(|d| [d.range().0, d.range().1]),
            "bins": bins,
            "archive_cells": p.filled,
            "cells": p.cells,
            "candidates": p.candidates,
            "perfect": p.perfect,
            "min_distance": finite_or_null(min_distance),
            "elapsed_ms": elapsed_ms,
            "ms_per_candidate": elapsed_ms / p.candidates.max(1) as f64,
            "boards": list,
        }));
    }
    print_table(a.game, a.seed, axes, &boards, elapsed_ms, &gallery);
    Ok(())
}

fn descriptors_json(axes: [Descriptor; 2], b: &GalleryBoard) -> Value {
    Value::Object(
        axes.iter()
            .zip(b.descriptors)
            .map(|(d, v)| (d.name().to_string(), json!(v)))
            .collect::<Map<_, _>>(),
    )
}

fn finite_or_null(x: f64) -> Value {
    if x.is_finite() { json!(x) } else { Value::Null }
}

/// A descriptor value as a table shows it: whole numbers plain, others with
/// three decimals.
fn shown(d: Descriptor, v: f64) -> String {
    if d.is_integer() {
        format!("{v:.0}")
    } else {
        format!("{v:.3}")
    }
}

fn print_table(
    game: BoardGame,
    seed: u64,
    axes: [Descriptor; 2],
    boards: &[GalleryBoard],
    elapsed_ms: f64,
    gallery: &Gallery,
) {
    let p = gallery.progress();
    println!(
        "{} gallery (seed {seed}): {} boards from {} candidates ({} perfect), {} of {} cells \
         filled, {elapsed_ms:.1} ms",
        game.name(),
        boards.len(),
        p.candidates,
        p.perfect,
        p.filled,
        p.cells,
    );
    let w = [axes[0].name().len().max(6), axes[1].name().len().max(6)];
    println!(
        "{:>3}  {:>w0$}  {:>w1$}  score  cell",
        "#",
        axes[0].name(),
        axes[1].name(),
        w0 = w[0],
        w1 = w[1]
    );
    for (i, b) in boards.iter().enumerate() {
        println!(
            "{:>3}  {:>w0$}  {:>w1$}  {:>5}  {},{}",
            i + 1,
            shown(axes[0], b.descriptors[0]),
            shown(axes[1], b.descriptors[1]),
            b.score,
            b.cell[0],
            b.cell[1],
            w0 = w[0],
            w1 = w[1]
        );
    }
    if boards.len() > 1 {
        println!(
            "min distance between two boards (axes scaled to their ranges): {:.3}",
            min_pairwise_distance(boards, axes)
        );
    }
}
