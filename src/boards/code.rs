//! Share codes: a hex board as a short URL-safe string a designer can paste
//! into a chat, a link or `evoboard evaluate … --code CODE`.
//!
//! A code is one *variant letter* followed by base64url (RFC 4648 §5, no
//! padding: `A-Z a-z 0-9 - _`) of a bit-packed payload and a one-byte
//! CRC-8 check (polynomial 0x07) of the payload, so a mistyped or cut
//! code is refused instead of read as another board.
//!
//! | letter | board | payload | length |
//! |---|---|---|---|
//! | `T` | Terra Mystica, standard outline (rows 13-12-13…, 113 hexes) | 3 bits per hex, the terrain code (0 desert … 6 wasteland, 7 river) | 60 characters |
//! | `C` | Catan base island (rows 3-4-5-4-3, 19 hexes) | 7 bits per hex: terrain index (3 bits, 0 fields … 5 desert) then token (4 bits, 0 = none) | 25 characters |
//! | `O` | Terra Mystica offset outline (rows 12-13-12…, 112 hexes) | 3 bits per hex, as `T` | 59 characters |
//! | `U` | *reserved*: Terra Mystica custom outline (row lengths, then tiles) | | |
//! | `F` | Catan 5–6 player island (rows 3-4-5-6-5-4-3, 30 hexes) | 7 bits per hex, as `C` | 39 characters |
//! | `H` | *reserved*: Catan base island with harbours | | |
//! | `G` | *reserved*: Catan 5–6 player board with harbours | | |
//!
//! Bits are packed most significant first, hexes in row-major order (the
//! order of the JSON `board` arrays); the unused bits of the last byte are
//! zero. New variants take new letters, so every code written today keeps
//! its meaning. Any tile mix is encoded (a hand-edited board with 12 lakes
//! too): whether the counts are the game's is a question for the scorer.
//!
//! ```
//! use evoboard::boards::{BoardGame, code};
//! use evoboard::boards::catan::standard_codes;
//! let tiles = standard_codes();
//! let c = code::encode(BoardGame::Catan, &tiles).unwrap();
//! assert!(c.starts_with('C') && c.len() <= 40);
//! assert_eq!(code::decode(&c).unwrap(), (BoardGame::Catan, tiles));
//! assert!(code::decode("Xabc").is_err());
//! ```

use super::catan::CatanCode;
use super::{BoardError, BoardGame};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Letter of a Terra Mystica board on the standard outline.
pub const TM_STANDARD: char = 'T';
/// Letter of a Terra Mystica board on the offset outline (12-13-12…).
pub const TM_OFFSET: char = 'O';
/// Letter reserved for a custom Terra Mystica outline.
pub const TM_CUSTOM: char = 'U';
/// Letter of the Catan base island.
pub const CATAN_BASE: char = 'C';
/// Letter of the Catan 5–6 player island.
pub const CATAN_56: char = 'F';
/// Letter reserved for the Catan base island with harbours.
pub const CATAN_HARBOURS: char = 'H';
/// Letter reserved for the Catan 5–6 player board with harbours.
pub const CATAN_56_HARBOURS: char = 'G';

/// Hexes of the standard Terra Mystica outline.
const TM_HEXES: usize = 113;
/// Hexes of the offset Terra Mystica outline.
const TM_OFFSET_HEXES: usize = 112;
/// Hexes of the Catan base island.
const CATAN_HEXES: usize = 19;
/// Hexes of the Catan 5–6 player island.
const CATAN_56_HEXES: usize = 30;

/// A variant this build reads and writes.
struct Variant {
    letter: char,
    game: BoardGame,
    hexes: usize,
    bits: u32,
}

const VARIANTS: [Variant; 4] = [
    Variant {
        letter: TM_STANDARD,
        game: BoardGame::TerraMystica,
        hexes: TM_HEXES,
        bits: 3,
    },
    Variant {
        letter: TM_OFFSET,
        game: BoardGame::TerraMystica,
        hexes: TM_OFFSET_HEXES,
        bits: 3,
    },
    Variant {
        letter: CATAN_BASE,
        game: BoardGame::Catan,
        hexes: CATAN_HEXES,
        bits: 7,
    },
    Variant {
        letter: CATAN_56,
        game: BoardGame::Catan,
        hexes: CATAN_56_HEXES,
        bits: 7,
    },
];

/// The share code of a board: `tiles` are the game's row-major tile codes
/// (Terra Mystica terrain codes, Catan [`CatanCode`] bytes). The variant
/// follows from the game and the number of hexes; an error when no
/// variant fits or a tile is not a code of the game.
pub fn encode(game: BoardGame, tiles: &[u8]) -> Result<String, BoardError> {
    let v = VARIANTS
        .iter()
        .find(|v| v.game == game && v.hexes == tiles.len())
        .ok_or_else(|| {
            let hexes = if game == BoardGame::Catan {
                CATAN_HEXES
            } else {
                TM_HEXES
            };
            BoardError::TileCount {
                expected: hexes,
                got: tiles.len(),
            }
        })?;
    let mut bytes = Vec::with_capacity((v.hexes * v.bits as usize).div_ceil(8) + 1);
    let mut acc: u32 = 0;
    let mut n = 0u32;
    for &t in tiles {
        let value = pack(game, t)?;
        acc = (acc << v.bits) | value as u32;
        n += v.bits;
        while n >= 8 {
            n -= 8;
            bytes.push((acc >> n) as u8);
            acc &= (1 << n) - 1;
        }
    }
    if n > 0 {
        bytes.push((acc << (8 - n)) as u8);
    }
    bytes.push(crc8(&bytes));
    Ok(format!("{}{}", v.letter, URL_SAFE_NO_PAD.encode(&bytes)))
}

/// The game and row-major tile codes of a share code, or an error that
/// says what a code looks like.
pub fn decode(code: &str) -> Result<(BoardGame, Vec<u8>), BoardError> {
    let bad = |reason: String| BoardError::ShareCode { reason };
    let code = code.trim();
    let mut chars = code.chars();
    let letter = chars
        .next()
        .ok_or_else(|| bad("the code is empty".into()))?;
    let v = VARIANTS
        .iter()
        .find(|v| v.letter == letter)
        .ok_or_else(|| {
            let reserved = [TM_CUSTOM, CATAN_HARBOURS, CATAN_56_HARBOURS];
            bad(if reserved.contains(&letter) {
                format!("variant '{letter}' is reserved for a later version of evoboard")
            } else {
                format!("it starts with '{letter}'")
            })
        })?;
    let body = chars.as_str();
    if let Some(c) = body
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
    {
        return Err(bad(format!("'{c}' is not a base64url character")));
    }
    let want = 1 + (v.hexes * v.bits as usize).div_ceil(8) + 1;
    let want_chars = (want - 1) * 8;
    let want_chars = want_chars.div_ceil(6) + 1;
    let bytes = URL_SAFE_NO_PAD
        .decode(body)
        .ok()
        .filter(|b| b.len() + 1 == want)
        .ok_or_else(|| {
            bad(format!(
                "a {letter} code has {want_chars} characters, this one {}",
                code.chars().count()
            ))
        })?;
    let (payload, check) = bytes.split_at(bytes.len() - 1);
    if crc8(payload) != check[0] {
        return Err(bad(
            "its check character does not match: it was mistyped or cut".into(),
        ));
    }
    let mut tiles = Vec::with_capacity(v.hexes);
    let mask = (1u32 << v.bits) - 1;
    let mut acc: u32 = 0;
    let mut n = 0u32;
    let mut bytes = payload.iter();
    for _ in 0..v.hexes {
        while n < v.bits {
            let b = bytes.next().copied().unwrap_or(0);
            acc = (acc << 8) | b as u32;
            n += 8;
        }
        n -= v.bits;
        tiles.push(unpack(v.game, ((acc >> n) & mask) as u8)?);
        acc &= (1 << n) - 1;
    }
    if acc != 0 {
        return Err(bad("its last bits are not zero".into()));
    }
    Ok((v.game, tiles))
}

/// A tile code as the payload's bits.
fn pack(game: BoardGame, tile: u8) -> Result<u8, BoardError> {
    match game {
        BoardGame::TerraMystica if tile <= 7 => Ok(tile),
        BoardGame::Catan => {
            let c = CatanCode::from_byte(tile);
            // terrain << 4 | token: 7 bits while the terrain is 0..=5.
            if c.terrain() <= CatanCode::DESERT {
                Ok(tile)
            } else {
                Err(BoardError::BadTileCode { code: tile })
            }
        }
        BoardGame::TerraMystica => Err(BoardError::BadTileCode { code: tile }),
    }
}

/// The payload's bits as a tile code.
fn unpack(game: BoardGame, bits: u8) -> Result<u8, BoardError> {
    match game {
        BoardGame::TerraMystica => Ok(bits),
        BoardGame::Catan => {
            let (terrain, token) = (bits >> 4, bits & 15);
            if terrain > CatanCode::DESERT {
                return Err(BoardError::ShareCode {
                    reason: format!("hex terrain {terrain} is not a Catan terrain (0 to 5)"),
                });
            }
            Ok(CatanCode::new(terrain, token).byte())
        }
    }
}

/// CRC-8 with polynomial 0x07 (CRC-8/SMBUS).
fn crc8(bytes: &[u8]) -> u8 {
    let mut crc = 0u8;
    for &b in bytes {
        crc ^= b;
        for _ in 0..8 {
            crc = if crc & 0x80 != 0 {
                (crc << 1) ^ 0x07
            } else {
                crc << 1
            };
        }
    }
    crc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanLayout, standard_codes};
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
        // Harbours are still reserved; `F` is the 5–6 island now, and a base
        // island's payload is the wrong length for it.
        assert!(msg(&format!("H{}", &c[1..])).contains("reserved"));
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
}
