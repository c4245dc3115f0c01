//! `evoboard export DUNGEON --pack DIR`: a game master's whole set in one
//! command — both maps as PNG, the SVG, the virtual-tabletop file, the
//! room key, the printed page and the players' handout — every
//! destination checked before any is written.

use super::common::{CliError, CliResult, check_out, print_report, write_atomic};
use super::export::{ExportArgs, read_map};
use crate::export::dungeon::MapView;
use crate::export::report::{PackFileReport, PackReport};
use crate::export::{self, DungeonOptions, Format};
use crate::level::{Level, LevelMap};
use std::path::Path;

/// The files of a pack: name suffix, format, whose map.
const PACK: [(&str, Format, MapView); 7] = [
    ("gm.png", Format::Png, MapView::Gm),
    ("players.png", Format::Png, MapView::Players),
    ("gm.svg", Format::Svg, MapView::Gm),
    ("dd2vtt", Format::Vtt, MapView::Players),
    ("key.md", Format::Key, MapView::Gm),
    ("gm.pdf", Format::Pdf, MapView::Gm),
    ("players.pdf", Format::Pdf, MapView::Players),
];

/// Write a dungeon level's pack into `dir` (made if missing).
pub(super) fn run(a: &ExportArgs, dir: &Path) -> CliResult {
    let map = read_map(&a.file, None)?;
    if !matches!(map, LevelMap::Dungeon(_)) {
        return Err(CliError(format!(
            "{}: --pack writes a dungeon's set of files; this is a {} map — export it with \
             --format or --out",
            a.file.display(),
            map.game()
        )));
    }
    if dir.exists() && !dir.is_dir() {
        return Err(CliError(format!(
            "--pack {}: not a folder; give a folder (it is made if missing)",
            dir.display()
        )));
    }
    let stem = Level::name_for(&a.file);
    let paths: Vec<_> = PACK
        .iter()
        .map(|(suffix, ..)| dir.join(format!("{stem}.{suffix}")))
        .collect();
    if dir.is_dir() {
        for p in &paths {
            check_out(p, a.force, &[&a.file])?;
        }
    }
    let at_file = |e: export::ExportError| CliError(format!("{}: {e}", a.file.display()));
    let mut made = Vec::new();
    for (_, format, view) in &PACK {
        let options = DungeonOptions {
            pixels_per_cell: a.pixels_per_cell,
            view: Some(*view),
            style: a.style_print.unwrap_or_default(),
            paper: a.paper,
            pages: a.pages.filter(|_| *view == MapView::Gm),
        };
        made.push(export::export_map(&map, *format, options).map_err(at_file)?);
    }
    std::fs::create_dir_all(dir).map_err(|e| {
        CliError(format!(
            "--pack {}: cannot make the folder: {e}",
            dir.display()
        ))
    })?;
    for p in &paths {
        check_out(p, a.force, &[&a.file])?;
    }
    for (path, done) in paths.iter().zip(&made) {
        write_atomic(path, &done.bytes, a.force)?;
    }
    if a.json {
        let files = PACK
            .iter()
            .zip(paths.iter().zip(&made))
            .map(|((_, format, view), (path, done))| {
                PackFileReport::new(path, *format, *view, done)
            })
            .collect();
        return print_report(&PackReport::new(dir, files));
    }
    println!("wrote the game master's set to {}:", dir.display());
    for ((_, format, view), (path, done)) in PACK.iter().zip(paths.iter().zip(&made)) {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        println!(
            "  {:<28} {:<4} {:<8} {} bytes",
            name.unwrap_or_default(),
            format.name(),
            view.name(),
            done.bytes.len()
        );
    }
    Ok(())
}
