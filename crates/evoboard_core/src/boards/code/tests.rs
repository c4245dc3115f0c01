//! Share code tests: round trips, lengths, refusals.

use super::*;
use crate::boards::catan::{CatanCode, CatanLayout, standard_codes};
use crate::boards::shuffle;
use crate::boards::terra_mystica::{TerraMysticaBoard, standard_tiles};
use crate::rng::seeded;

#[test]
fn random_boards_round_trip() {
    let mut rng = seeded(7);
    for _ in 0..200 {
        let mut tm = standard_tiles();
        shuffle(&mut tm, &mut rng);
        let c = encode(BoardGame::TerraMystica, &tm).unwrap();
        assert_eq!(c.len(), 60, "{c}");
        assert_eq!(decode(&c).unwrap(), (BoardGame::TerraMystica, tm));
        let mut ca = standard_codes();
        shuffle(&mut ca, &mut rng);
        let c = encode(BoardGame::Catan, &ca).unwrap();
        assert!(c.len() <= 40, "{c}");
        assert_eq!(c.len(), 25);
        assert!(
            c.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '-' || ch == '_')
        );
        assert_eq!(decode(&c).unwrap(), (BoardGame::Catan, ca));
    }
    // The offset outline: its own letter and length, the same tiles back.
    let mut off =
        crate::boards::terra_mystica::tiles_for(crate::boards::terra_mystica::offset_grid());
    shuffle(&mut off, &mut rng);
    let c = encode(BoardGame::TerraMystica, &off).unwrap();
    assert!(c.starts_with(TM_OFFSET), "{c}");
    assert_eq!(c.len(), 59, "{c}");
    assert_eq!(decode(&c).unwrap(), (BoardGame::TerraMystica, off.clone()));
    // Read with the standard letter it is the wrong length, not a board.
    assert!(decode(&format!("T{}", &c[1..])).is_err());
    // The 5–6 player island: its own letter and length.
    let mut five_six = CatanLayout::five_six().standard_codes();
    shuffle(&mut five_six, &mut rng);
    let c = encode(BoardGame::Catan, &five_six).unwrap();
    assert!(c.starts_with(CATAN_56), "{c}");
    assert_eq!(c.len(), 39, "{c}");
    assert_eq!(decode(&c).unwrap(), (BoardGame::Catan, five_six));
    let base = TerraMysticaBoard::base_map().tiles();
    let c = encode(BoardGame::TerraMystica, &base).unwrap();
    assert_eq!(decode(&format!("  {c}\n")).unwrap().1, base);
}

#[test]
fn malformed_codes_say_what_is_wrong() {
    let c = encode(BoardGame::Catan, &standard_codes()).unwrap();
    let msg = |s: &str| decode(s).unwrap_err().to_string();
    assert!(msg("").contains("empty"));
    let m = msg(&format!("Z{}", &c[1..]));
    assert!(
        m.contains("starts with 'Z'") && m.contains("T ") && m.contains("C "),
        "{m}"
    );
    // `U` is still reserved; `F` is the 5–6 island now, and a base
    // island's payload is the wrong length for it, as for `H`.
    assert!(msg(&format!("U{}", &c[1..])).contains("reserved"));
    assert!(msg(&format!("H{}", &c[1..])).contains("has 29 characters"));
    assert!(msg(&format!("F{}", &c[1..])).contains("has 39 characters"));
    assert!(
        msg(&c[..20]).contains("has 25 characters"),
        "{}",
        msg(&c[..20])
    );
    assert!(msg(&format!("{}!", &c[..24])).contains("'!'"));
    // One changed character: the check catches it.
    let mut typo: Vec<char> = c.chars().collect();
    typo[5] = if typo[5] == 'A' { 'B' } else { 'A' };
    let typo: String = typo.into_iter().collect();
    assert!(msg(&typo).contains("mistyped"), "{}", msg(&typo));
    // A TM code read as Catan has the wrong length.
    let tm = encode(BoardGame::TerraMystica, &standard_tiles()).unwrap();
    assert!(msg(&format!("C{}", &tm[1..])).contains("25 characters"));
    // Encoding errors: wrong length, code out of range.
    assert!(encode(BoardGame::Catan, &[0; 5]).is_err());
    assert!(encode(BoardGame::TerraMystica, &[8; 113]).is_err());
    assert!(encode(BoardGame::Catan, &[CatanCode::new(6, 2).byte(); 19]).is_err());
}

#[test]
fn bad_terrain_bits_are_refused() {
    // A Catan payload whose first hex has terrain 7: build it by hand.
    let mut bytes = vec![0u8; 17];
    bytes[0] = 0b1110_0000;
    bytes.push(crc8(&bytes));
    let code = format!("C{}", URL_SAFE_NO_PAD.encode(&bytes));
    let err = decode(&code).unwrap_err().to_string();
    assert!(err.contains("not a Catan terrain"), "{err}");
}

#[test]
fn harbour_codes_round_trip_on_both_islands() {
    use crate::boards::catan::CatanOptions;
    let mut rng = seeded(11);
    for (layout, letter, len) in [
        (CatanLayout::base(), CATAN_HARBOURS, 29),
        (CatanLayout::five_six(), CATAN_56_HARBOURS, 44),
    ] {
        for seed in 0..50 {
            let mut tiles = layout.standard_codes();
            shuffle(&mut tiles, &mut rng);
            let board = CatanBoard::with_placed_harbours(&tiles, &CatanOptions::table(), seed);
            assert_eq!(board.harbours.len(), layout.slots().len());
            let c = encode_catan(&board).unwrap();
            assert!(c.starts_with(letter), "{c}");
            assert_eq!(c.chars().count(), len, "{c}");
            let back = decode_board(&c).unwrap();
            assert_eq!(back.tiles, tiles);
            assert_eq!(back.catan().unwrap(), board);
            // The plain decoder reads the land of a harbour code.
            assert_eq!(decode(&c).unwrap(), (BoardGame::Catan, tiles.clone()));
            // Without harbours a board gets its plain letter.
            let bare = CatanBoard::try_decode(&tiles).unwrap();
            let plain = encode_catan(&bare).unwrap();
            assert_eq!(plain, encode(BoardGame::Catan, &tiles).unwrap());
            assert_eq!(decode_board(&plain).unwrap().harbours, None);
        }
    }
    // Harbours off the frame slots have no code, and say why.
    let mut board = CatanBoard::with_placed_harbours(&standard_codes(), &CatanOptions::table(), 1);
    board.harbours.pop();
    let e = encode_catan(&board).unwrap_err().to_string();
    assert!(e.contains("9 frame slots"), "{e}");
    // A harbour kind outside 0..=5 is refused: kind 7 in the last slot.
    let mut w = BitWriter::with_capacity(32);
    for &t in &standard_codes() {
        w.push(t, 7);
    }
    for k in 0..9 {
        w.push(if k == 8 { 7 } else { 0 }, HARBOUR_BITS);
    }
    let mut bytes = w.finish();
    bytes.push(crc8(&bytes));
    let e = decode(&format!("H{}", URL_SAFE_NO_PAD.encode(&bytes)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("harbour kind 7"), "{e}");
}
