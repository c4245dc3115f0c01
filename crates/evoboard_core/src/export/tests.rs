//! Export tests: formats, refusals and the pictures of each map kind.

use super::*;
use crate::boards::catan::{CatanBoard, standard_codes};

#[test]
fn formats_parse_and_say_what_is_allowed() {
    for f in Format::ALL {
        assert_eq!(f.name().parse::<Format>(), Ok(f));
    }
    let e = "jpg".parse::<Format>().unwrap_err().to_string();
    assert_eq!(
        e,
        "unknown format 'jpg'; allowed: png, svg, text, code, vtt, key, pdf"
    );
}

#[test]
fn codes_and_text_of_both_games() {
    let tm = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
    let c = String::from_utf8(export(&tm, Format::Code).unwrap().bytes).unwrap();
    assert_eq!(map_of_code(c.trim()).unwrap(), tm);
    let t = export(&tm, Format::Text).unwrap().bytes;
    assert_eq!(
        TerraMysticaBoard::parse_text(std::str::from_utf8(&t).unwrap()).unwrap(),
        TerraMysticaBoard::base_map()
    );
    let ca = LevelMap::Catan(CatanBoard::decode(&standard_codes()));
    let c = String::from_utf8(export(&ca, Format::Code).unwrap().bytes).unwrap();
    assert!(c.trim().len() <= 40);
    assert_eq!(map_of_code(c.trim()).unwrap(), ca);
    let t = String::from_utf8(export(&ca, Format::Text).unwrap().bytes).unwrap();
    assert_eq!(
        text::parse_catan_text(&t).unwrap(),
        CatanBoard::decode(&standard_codes())
    );
}

#[test]
fn formats_fit_their_maps() {
    let tm = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
    for f in [Format::Vtt, Format::Key] {
        let e = export(&tm, f).unwrap_err().to_string();
        assert!(e.contains("dungeons as png, svg, vtt, key or pdf"), "{e}");
    }
    assert_eq!(
        export_with(&tm, Format::Svg, Some(70)),
        Err(ExportError::NoCells {
            kind: "terra-mystica"
        })
    );
    let mut p = crate::dungeon::DungeonParams::for_size(crate::dungeon::Size::Small);
    p.proposals = 1;
    let d = LevelMap::Dungeon(crate::dungeon::generate_proposal(&p, 1, 0).unwrap());
    for f in [Format::Text, Format::Code] {
        let e = export(&d, f).unwrap_err().to_string();
        assert!(e.contains("does not fit a dungeon map"), "{e}");
    }
    let e = export_with(&d, Format::Key, Some(5))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "5 pixels per cell is out of range; allowed: 8 to 200");
    let key = export(&d, Format::Key).unwrap();
    assert!(String::from_utf8(key.bytes).unwrap().contains("# ROOM A"));
}

#[test]
#[cfg(feature = "pdf")]
fn puzzles_export_as_pages_and_refuse_the_rest() {
    let p = LevelMap::Puzzle(
        crate::puzzle::generate(6, 6, crate::puzzle::Difficulty::Easy, 1).unwrap(),
    );
    for f in Format::ALL {
        let done = export(&p, f);
        if Format::PUZZLE.contains(&f) {
            assert!(!done.unwrap().bytes.is_empty(), "{f}");
        } else {
            let e = done.unwrap_err().to_string();
            assert!(e.contains("puzzles as png, svg or pdf"), "{f}: {e}");
        }
    }
    let png = export(&p, Format::Png).unwrap();
    assert_eq!(png.pixels, Some((2480, 3508)));
    assert!(puzzle_solution(&p, Format::Png).unwrap().is_some());
    assert!(puzzle_solution(&p, Format::Pdf).unwrap().is_none());
    let pdf = export(&p, Format::Pdf).unwrap().bytes;
    assert_eq!(pdf::page_count(&pdf), 2);
    assert_eq!(
        export_with(&p, Format::Png, Some(70)),
        Err(ExportError::NoCells { kind: "puzzle" })
    );
    let tm = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
    assert!(export(&tm, Format::Pdf).is_err());
}

#[test]
fn harbours_are_drawn_with_dock_lines_to_the_two_corners_they_serve() {
    let codes = standard_codes();
    let opts = crate::boards::catan::CatanOptions::default();
    let board = CatanBoard::with_placed_harbours(&codes, &opts, 3);
    assert_eq!(board.harbours.len(), 9);
    let svg =
        String::from_utf8(export(&LevelMap::Catan(board), Format::Svg).unwrap().bytes).unwrap();
    let groups: Vec<&str> = svg
        .split(r#"<g class="harbour""#)
        .skip(1)
        .map(|g| &g[..g.find("</g>").unwrap()])
        .collect();
    assert_eq!(groups.len(), 9);
    let attr = |s: &str, k: &str| -> f64 {
        let at = s.find(&format!(r#" {k}=""#)).unwrap() + k.len() + 3;
        s[at..at + s[at..].find('"').unwrap()].parse().unwrap()
    };
    for g in groups {
        let docks: Vec<&str> = g.split("<line class=\"dock\"").skip(1).collect();
        assert_eq!(docks.len(), 2, "two dock lines: {g}");
        let ends: Vec<(f64, f64)> = docks
            .iter()
            .map(|d| (attr(d, "x2"), attr(d, "y2")))
            .collect();
        // Two neighbouring corners of one hex: one side length apart.
        let side = ((ends[0].0 - ends[1].0).powi(2) + (ends[0].1 - ends[1].1).powi(2)).sqrt();
        assert!(
            (side - 50.0).abs() < 0.5,
            "corners {ends:?} are {side} apart"
        );
        // Both lines start at the token.
        let (tx, ty) = (attr(g, "cx"), attr(g, "cy"));
        for d in &docks {
            assert_eq!((attr(d, "x1"), attr(d, "y1")), (tx, ty));
        }
    }
}

#[cfg(feature = "png")]
#[test]
fn board_pngs_record_300_dpi() {
    let ca = LevelMap::Catan(CatanBoard::decode(&standard_codes()));
    let bytes = export(&ca, Format::Png).unwrap().bytes;
    let reader = ::png::Decoder::new(std::io::Cursor::new(bytes))
        .read_info()
        .unwrap();
    let dims = reader.info().pixel_dims.expect("a pHYs chunk");
    // 300 dpi = 11,811 pixels a metre.
    assert_eq!((dims.xppu, dims.yppu), (11_811, 11_811));
    assert_eq!(dims.unit, ::png::Unit::Meter);
}
