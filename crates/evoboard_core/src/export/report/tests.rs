//! The export reports' JSON: a dungeon's view, style, paper and pages, a
//! puzzle's solution page, a hex board without either.

use super::*;
#[cfg(feature = "png")]
use crate::export::dungeon::{Paper, PrintStyle};
use crate::export::{export_map, puzzle_solution};
use crate::puzzle::{Difficulty, generate as generate_puzzle};

/// A small stocked dungeon (the PNG and PDF reports' map).
#[cfg(feature = "png")]
fn dungeon() -> LevelMap {
    use crate::dungeon::{DungeonParams, Size, generate};
    let mut p = DungeonParams::for_size(Size::Small);
    p.proposals = 1;
    LevelMap::Dungeon(generate(&p, 3).unwrap().remove(0))
}

fn json(r: ExportReport) -> serde_json::Value {
    serde_json::to_value(r).unwrap()
}

#[test]
#[cfg(feature = "png")]
fn a_dungeon_png_names_view_style_and_pixels() {
    let map = dungeon();
    let options = DungeonOptions {
        pixels_per_cell: Some(8),
        style: PrintStyle::Ink,
        ..DungeonOptions::default()
    };
    let done = export_map(&map, Format::Png, options).unwrap();
    let v = json(ExportReport::new(
        Path::new("d.png"),
        &map,
        Format::Png,
        options,
        &done,
        1.0,
    ));
    assert_eq!(v["view"], "gm");
    assert_eq!(v["style_print"], "ink");
    assert_eq!(v["pixels_per_cell"], 8);
    assert_eq!(v["width"], done.pixels.unwrap().0);
    assert_eq!(v["bytes"], done.bytes.len());
    assert!(
        v.get("paper").is_none() && v.get("solution_out").is_none(),
        "{v}"
    );
    // The virtual tabletop's default view is the players'; a key has none.
    let o = DungeonOptions {
        pixels_per_cell: Some(8),
        ..DungeonOptions::default()
    };
    let vtt = export_map(&map, Format::Vtt, o).unwrap();
    let v = json(ExportReport::new(
        Path::new("d.dd2vtt"),
        &map,
        Format::Vtt,
        o,
        &vtt,
        1.0,
    ));
    assert_eq!(v["view"], "players");
    let key = export_map(&map, Format::Key, o).unwrap();
    let v = json(ExportReport::new(
        Path::new("d.md"),
        &map,
        Format::Key,
        o,
        &key,
        1.0,
    ));
    assert!(v.get("view").is_none() && v["pixels_per_cell"] == 8, "{v}");
}

#[test]
#[cfg(feature = "pdf")]
fn a_dungeon_pdf_names_paper_and_pages() {
    let map = dungeon();
    let options = DungeonOptions {
        paper: Some(Paper::Letter),
        pages: Some(2),
        ..DungeonOptions::default()
    };
    let done = export_map(&map, Format::Pdf, options).unwrap();
    let v = json(ExportReport::new(
        Path::new("d.pdf"),
        &map,
        Format::Pdf,
        options,
        &done,
        1.0,
    ));
    assert_eq!(
        (v["paper"].as_str(), v["pages"].as_u64()),
        (Some("letter"), Some(2))
    );
    assert_eq!(
        v["pixels_per_cell"],
        crate::export::dungeon::DEFAULT_PIXELS_PER_CELL
    );
    assert!(v.get("width").is_none());
}

#[test]
fn a_puzzle_page_adds_its_solution_file() {
    let map = LevelMap::Puzzle(generate_puzzle(6, 6, Difficulty::Easy, 2).unwrap());
    let options = DungeonOptions::default();
    let done = export_map(&map, Format::Svg, options).unwrap();
    let solution = puzzle_solution(&map, Format::Svg).unwrap().unwrap();
    let r = ExportReport::new(Path::new("p.svg"), &map, Format::Svg, options, &done, 1.0)
        .with_solution(Path::new("p.solution.svg"), &solution);
    let v = json(r);
    assert_eq!(v["solution_out"], "p.solution.svg");
    assert_eq!(v["solution_bytes"], solution.bytes.len());
    assert!(v.get("view").is_none() && v.get("pixels_per_cell").is_none());
    assert_eq!(v.as_object().unwrap().len(), 6);
}

#[test]
fn a_pack_lists_its_files() {
    let done = Exported {
        bytes: vec![0; 5],
        pixels: None,
    };
    let file = PackFileReport::new(Path::new("p/x.key.md"), Format::Key, MapView::Gm, &done);
    let v = serde_json::to_value(PackReport::new(Path::new("p"), vec![file])).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"pack": "p", "files": [
            {"out": "p/x.key.md", "format": "key", "view": "gm", "bytes": 5}
        ]})
    );
}
