//! `evoboard export FILE [--format png|svg|text|code|vtt|key|pdf] [--out
//! OUT]` (the format from OUT's extension when not given): a saved
//! hex board, dungeon or X/O puzzle as the files tables, tools and paper
//! use (see [`crate::export`]), and the map reading that `evaluate`
//! shares.

use super::common::{CliError, CliResult, check_out, print_report, write_atomic};
use crate::boards::BoardGame;
use crate::boards::terra_mystica::TerraMysticaBoard;
use crate::export::report::ExportReport;
use crate::export::{self, Format, text::parse_catan_text};
use crate::level::{Level, LevelMap};
use clap::Args;
use std::path::{Path, PathBuf};

/// `evoboard export FILE --format FORMAT [--out OUT] [--force] [--json]`
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// A level (`*.level.ron`, or an older plain `.ron`), a Terra Mystica
    /// text map or a Catan text board (the `text` export).
    pub file: PathBuf,
    /// Hex boards: png (3508 px on the long side, A4 at 300 dpi), svg,
    /// text or code. Dungeons: png, svg, vtt (Universal VTT, `.dd2vtt`),
    /// key (Markdown room key) or pdf (a printed page: title, hook, map,
    /// room key and wandering monsters; with --view players the players'
    /// handout). Puzzles: png or svg (an A4 page; the solution goes to
    /// `OUT`'s name with `.solution` before the extension) or pdf (puzzle
    /// page, then solution page).
    /// Without it, the format is the one `--out`'s extension says
    /// (`.png`, `.svg`, `.pdf`, `.dd2vtt`, `.md`, `.txt`, `.code.txt`).
    #[arg(long, value_parser = Format::parse)]
    pub format: Option<Format>,
    /// Dungeons only: pixels per cell of the png, svg and vtt image, 8 to
    /// 200 (default 70, the virtual-tabletop grid).
    #[arg(long)]
    pub pixels_per_cell: Option<u32>,
    /// Dungeons only: whose map, gm (every secret, trap, lock, key,
    /// enemy and treasure mark, coordinate labels) or players (rooms,
    /// corridors and ordinary doors the party reaches without finding a
    /// secret door; secret doors are walls, what lies behind them rock).
    /// Default: gm for png, svg and pdf, players for vtt.
    #[arg(long, value_parser = crate::export::dungeon::MapView::parse)]
    pub view: Option<crate::export::dungeon::MapView>,
    /// Dungeons only: colour (the default) or ink (black on white, greys
    /// between, for a black-and-white printer).
    #[arg(long, value_parser = crate::export::dungeon::PrintStyle::parse)]
    pub style_print: Option<crate::export::dungeon::PrintStyle>,
    /// A dungeon's pdf only: a4 (the default) or letter.
    #[arg(long, value_parser = crate::export::dungeon::Paper::parse)]
    pub paper: Option<crate::export::dungeon::Paper>,
    /// A dungeon's pdf only: 1 (the default: map and key on one page,
    /// the text shrunk down to 7 pt if need be; an error says when the key
    /// does not fit) or 2 (the map on the first page, the key on the
    /// second). The players' handout is one page.
    #[arg(long, value_parser = crate::export::dungeon::parse_pages)]
    pub pages: Option<u8>,
    /// Where to write (default: FILE's name without its extension, plus
    /// `.png`, `.svg`, `.txt`, `.code.txt`, `.dd2vtt`, `.key.md` or
    /// `.pdf`, beside FILE).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// A dungeon only: write the game master's whole set into this
    /// folder (made if missing): `NAME.gm.png`, `NAME.players.png`,
    /// `NAME.gm.svg`, `NAME.dd2vtt` (players' view), `NAME.key.md`,
    /// `NAME.gm.pdf` and `NAME.players.pdf`, every destination checked
    /// before any is written.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["format", "out", "view"])]
    pub pack: Option<PathBuf>,
    /// Overwrite OUT (and a puzzle's solution file) if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object: `out`, `bytes`, `format`, `elapsed_ms`
    /// (and `width`, `height` for png; `pixels_per_cell`, `view` and
    /// `style_print` for dungeons; `paper` and `pages` for a dungeon's
    /// pdf; `solution_out`, `solution_bytes` for a puzzle's png and svg).
    #[arg(long)]
    pub json: bool,
}

/// Where an export of `file` in `format` goes by default: `a.level.ron`
/// and `a.txt` both give `a.png`, `a.svg`, `a.txt`, `a.code.txt`.
pub fn default_out(file: &Path, format: Format) -> PathBuf {
    let stem = Level::name_for(file);
    file.with_file_name(format!("{stem}.{}", format.extension()))
}

/// Read a map file: a level (a `.ron` file, or text starting `Level(`),
/// a Catan text board (words `TERRAIN:NUMBER`, or any text when `game`
/// is Catan) or a Terra Mystica text map. Errors name the file.
pub fn read_map(path: &Path, game: Option<BoardGame>) -> Result<LevelMap, CliError> {
    let text = crate::files::read_text(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let at = |e: String| CliError(format!("{}: {e}", path.display()));
    let is_ron =
        path.extension().is_some_and(|e| e == "ron") || text.trim_start().starts_with("Level(");
    if is_ron {
        return Ok(Level::from_ron(&text).map_err(|e| at(e.to_string()))?.map);
    }
    let catan_words = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .any(|l| l.contains(':'));
    if game == Some(BoardGame::Catan) || catan_words {
        return Ok(LevelMap::Catan(
            parse_catan_text(&text).map_err(|e| at(e.to_string()))?,
        ));
    }
    Ok(LevelMap::TerraMystica(
        TerraMysticaBoard::parse_text(&text).map_err(|e| at(e.to_string()))?,
    ))
}

/// The map `evaluate` scores, from `--map FILE` or `--code CODE`, and how
/// to name it in errors.
pub fn evaluate_source(
    map: Option<&Path>,
    share: Option<&str>,
    game: BoardGame,
) -> Result<(LevelMap, String), CliError> {
    match (map, share) {
        (_, Some(c)) => Ok((export::map_of_code(c)?, format!("code {}", c.trim()))),
        (Some(p), None) => Ok((read_map(p, Some(game))?, p.display().to_string())),
        (None, None) => Err(CliError(
            "evaluate needs --map FILE or --code CODE".to_string(),
        )),
    }
}

/// The format asked for, or the one `--out`'s extension says.
fn format_of(a: &ExportArgs) -> Result<Format, CliError> {
    if let Some(f) = a.format {
        return Ok(f);
    }
    let from_out = a.out.as_deref().and_then(Format::from_extension);
    from_out.ok_or_else(|| {
        let why = match &a.out {
            Some(out) => format!(
                "--out {} has no extension that names a format",
                out.display()
            ),
            None => "no --format and no --out".to_string(),
        };
        CliError(format!(
            "{why}: give --format (png, svg, text, code, vtt, key, pdf) or an --out ending \
             in .png, .svg, .pdf, .dd2vtt, .md, .txt or .code.txt"
        ))
    })
}

/// Run `export`.
pub fn run(a: ExportArgs) -> CliResult {
    if let Some(dir) = &a.pack {
        return super::export_pack::run(&a, dir);
    }
    let format = format_of(&a)?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_out(&a.file, format));
    check_out(&out, a.force, &[&a.file])?;
    let map = read_map(&a.file, None)?;
    let started = std::time::Instant::now();
    let at_file = |e: export::ExportError| CliError(format!("{}: {e}", a.file.display()));
    let options = export::DungeonOptions {
        pixels_per_cell: a.pixels_per_cell,
        view: a.view,
        style: a.style_print.unwrap_or_default(),
        paper: a.paper,
        pages: a.pages,
    };
    let done = export::export_map(&map, format, options).map_err(at_file)?;
    // A puzzle's png or svg: the solution page goes to a second file,
    // checked before either is written.
    let solution = match export::puzzle_solution(&map, format).map_err(at_file)? {
        Some(s) => {
            let path = solution_path(&out);
            check_out(&path, a.force, &[&a.file, &out])?;
            Some((path, s))
        }
        None => None,
    };
    write_atomic(&out, &done.bytes, a.force)?;
    if let Some((path, s)) = &solution {
        write_atomic(path, &s.bytes, a.force)?;
    }
    if a.json {
        let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
        let report = ExportReport::new(&out, &map, format, options, &done, elapsed_ms);
        return print_report(&match &solution {
            Some((path, s)) => report.with_solution(path, s),
            None => report,
        });
    }
    match done.pixels {
        Some((w, h)) => println!(
            "wrote {} ({} bytes, {w}×{h} px)",
            out.display(),
            done.bytes.len()
        ),
        None => println!("wrote {} ({} bytes)", out.display(), done.bytes.len()),
    }
    if let Some((path, s)) = &solution {
        println!(
            "wrote {} ({} bytes, the solution)",
            path.display(),
            s.bytes.len()
        );
    }
    Ok(())
}

/// Where a puzzle's solution page goes beside `out`: `a.png` gives
/// `a.solution.png`, `a` gives `a.solution`.
pub fn solution_path(out: &Path) -> PathBuf {
    let name = out
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let named = match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem}.solution.{ext}"),
        _ => format!("{name}.solution"),
    };
    out.with_file_name(named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_names() {
        let p = Path::new("levels/demo.level.ron");
        assert_eq!(default_out(p, Format::Png), Path::new("levels/demo.png"));
        assert_eq!(
            default_out(Path::new("old.ron"), Format::Code),
            Path::new("old.code.txt")
        );
        assert_eq!(
            default_out(Path::new("map.txt"), Format::Svg),
            Path::new("map.svg")
        );
        let d = Path::new("dir/cave.level.ron");
        assert_eq!(default_out(d, Format::Vtt), Path::new("dir/cave.dd2vtt"));
        assert_eq!(default_out(d, Format::Key), Path::new("dir/cave.key.md"));
        let p = Path::new("dir/x.level.ron");
        assert_eq!(default_out(p, Format::Pdf), Path::new("dir/x.pdf"));
        let png = default_out(p, Format::Png);
        assert_eq!(solution_path(&png), Path::new("dir/x.solution.png"));
        assert_eq!(
            solution_path(Path::new("plain")),
            Path::new("plain.solution")
        );
    }
}
