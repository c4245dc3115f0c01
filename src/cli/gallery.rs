//! `evoboard generate terra-mystica|catan --gallery K [--axes A,B]`: K
//! perfect boards spread along two axes. The core runs it
//! ([`GalleryRequest::run`]) and writes its JSON ([`GalleryReport`]); this
//! file parses the flags into the request and prints the table.

use super::boards::GenerateArgs;
use super::common::{CliError, CliResult, print_report};
use crate::boards::gallery::{Descriptor, GalleryReport, GalleryRequest, GalleryRun};
use crate::boards::{Algorithm, BoardGame, Params};
use std::time::Duration;

/// The gallery `generate --gallery K` (and `--fair-by-play K`) asks for
/// with `a`'s flags.
pub(super) fn request(a: &GenerateArgs, k: usize) -> Result<GalleryRequest, CliError> {
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
    // The outline (`--outline`) or island (`--players`) the boards are on.
    let variant =
        super::outline::apply(a.game, a.outline.as_ref(), a.catan.setup(a.game)?)?.variant;
    Ok(GalleryRequest {
        scoring,
        axes,
        variant,
        params,
        candidates: a.gallery_candidates,
        time_limit: Some(Duration::from_secs_f64(a.time_limit)),
        ..GalleryRequest::new(a.game, k, a.seed)
    })
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
    let request = request(a, k)?;
    let run = request.run()?;
    let report = GalleryReport::new(&request, &run);
    if a.json {
        return print_report(&report);
    }
    print_table(a.game, &report, &run);
    Ok(())
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

fn print_table(game: BoardGame, report: &GalleryReport, run: &GalleryRun) {
    let axes = run.gallery.axes();
    let boards = &run.boards;
    println!(
        "{} gallery (seed {}): {} boards from {} candidates ({} perfect), {} of {} cells \
         filled, {:.1} ms",
        game.name(),
        report.seed,
        boards.len(),
        report.candidates,
        report.perfect,
        report.archive_cells,
        report.cells,
        report.elapsed_ms,
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
    if let (true, Some(d)) = (boards.len() > 1, report.min_distance) {
        println!("min distance between two boards (axes scaled to their ranges): {d:.3}");
    }
}
