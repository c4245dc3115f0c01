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
