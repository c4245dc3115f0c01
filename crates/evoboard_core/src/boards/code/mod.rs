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
//! | `H` | Catan base island with its 9 harbours | as `C`, then 3 bits per harbour slot: the kind (0 generic 3:1, 1 grain, 2 lumber, 3 wool, 4 brick, 5 ore) | 29 characters |
//! | `G` | Catan 5–6 player island with its 11 harbours | as `F`, then 3 bits per harbour slot, as `H` | 44 characters |
//!
//! Harbour slots are the island's fixed places on the frame
//! ([`crate::boards::catan::CatanLayout::slots`], clockwise from the
//! north), so a harbour code names only each slot's kind. [`encode_catan`]
//! writes `H`/`G` for a board with harbours and `C`/`F` for one without;
//! [`decode_board`] reads all of them.
//!
//! Bits are packed most significant first, hexes in row-major order (the
//! order of the JSON `board` arrays); the unused bits of the last byte are
//! zero. New variants take new letters, so every code written today keeps
//! its meaning. Any tile mix is encoded (a hand-edited board with 12 lakes
//! too): whether the counts are the game's is a question for the scorer.
//!
//! ```
//! use evoboard_core::boards::{BoardGame, code};
//! use evoboard_core::boards::catan::standard_codes;
//! let tiles = standard_codes();
//! let c = code::encode(BoardGame::Catan, &tiles).unwrap();
//! assert!(c.starts_with('C') && c.len() <= 40);
//! assert_eq!(code::decode(&c).unwrap(), (BoardGame::Catan, tiles));
//! assert!(code::decode("Xabc").is_err());
//! ```

use super::catan::{CatanBoard, CatanLayout, Harbour, HarbourKind};
use super::{BoardError, BoardGame};
mod bits;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bits::{BitReader, BitWriter, crc8, harbour_bits, harbour_kind, pack, unpack};

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
/// Letter of the Catan base island with its harbours.
pub const CATAN_HARBOURS: char = 'H';
/// Letter of the Catan 5–6 player island with its harbours.
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
    /// Harbour slots after the hexes, 3 bits each (0: no harbours).
    harbours: usize,
}

/// Bits of a harbour kind.
const HARBOUR_BITS: u32 = 3;

const VARIANTS: [Variant; 6] = [
    Variant {
        letter: TM_STANDARD,
        game: BoardGame::TerraMystica,
        hexes: TM_HEXES,
        bits: 3,
        harbours: 0,
    },
    Variant {
        letter: TM_OFFSET,
        game: BoardGame::TerraMystica,
        hexes: TM_OFFSET_HEXES,
        bits: 3,
        harbours: 0,
    },
    Variant {
        letter: CATAN_BASE,
        game: BoardGame::Catan,
        hexes: CATAN_HEXES,
        bits: 7,
        harbours: 0,
    },
    Variant {
        letter: CATAN_56,
        game: BoardGame::Catan,
        hexes: CATAN_56_HEXES,
        bits: 7,
        harbours: 0,
    },
    Variant {
        letter: CATAN_HARBOURS,
        game: BoardGame::Catan,
        hexes: CATAN_HEXES,
        bits: 7,
        harbours: 9,
    },
    Variant {
        letter: CATAN_56_HARBOURS,
        game: BoardGame::Catan,
        hexes: CATAN_56_HEXES,
        bits: 7,
        harbours: 11,
    },
];

/// The share code of a board: `tiles` are the game's row-major tile codes
/// (Terra Mystica terrain codes, Catan [`CatanCode`](super::catan::CatanCode) bytes). The variant
/// follows from the game and the number of hexes; an error when no
/// variant fits or a tile is not a code of the game. Harbours are not
/// coded: [`encode_catan`] codes a Catan board with them.
pub fn encode(game: BoardGame, tiles: &[u8]) -> Result<String, BoardError> {
    let v = variant_for(game, tiles.len(), 0)?;
    encode_variant(v, tiles, &[])
}

/// The share code of a Catan board with its harbours (`H`, `G`), or
/// without (`C`, `F`) when it has none; an error when the harbours are
/// not one on each of the island's frame slots.
///
/// ```
/// use evoboard_core::boards::catan::{CatanBoard, CatanOptions, standard_codes};
/// use evoboard_core::boards::code;
/// let board = CatanBoard::with_placed_harbours(&standard_codes(), &CatanOptions::table(), 7);
/// let c = code::encode_catan(&board).unwrap();
/// assert!(c.starts_with('H') && c.len() == 29);
/// assert_eq!(code::decode_board(&c).unwrap().catan().unwrap(), board);
/// ```
pub fn encode_catan(board: &CatanBoard) -> Result<String, BoardError> {
    let tiles = board.encode();
    if board.harbours.is_empty() {
        return encode(BoardGame::Catan, &tiles);
    }
    let layout = board.layout().ok_or(BoardError::TileCount {
        expected: CATAN_HEXES,
        got: tiles.len(),
    })?;
    let g = layout.grid();
    let not_on_slots = || BoardError::ShareCode {
        reason: format!(
            "a share code holds harbours on the island's {} frame slots, one each",
            layout.slots().len()
        ),
    };
    if board.harbours.len() != layout.slots().len() {
        return Err(not_on_slots());
    }
    let mut kinds = Vec::with_capacity(layout.slots().len());
    for slot in layout.slots() {
        let h = board
            .harbours
            .iter()
            .find(|h| g.index(h.hex.0, h.hex.1) == Some(slot.hex) && h.side == slot.side)
            .ok_or_else(not_on_slots)?;
        kinds.push(h.kind);
    }
    let v = variant_for(BoardGame::Catan, tiles.len(), kinds.len())?;
    encode_variant(v, &tiles, &kinds)
}

/// The variant of `game` with `hexes` hexes and `harbours` harbour slots.
fn variant_for(
    game: BoardGame,
    hexes: usize,
    harbours: usize,
) -> Result<&'static Variant, BoardError> {
    VARIANTS
        .iter()
        .find(|v| v.game == game && v.hexes == hexes && v.harbours == harbours)
        .ok_or_else(|| {
            let expected = if game == BoardGame::Catan {
                CATAN_HEXES
            } else {
                TM_HEXES
            };
            BoardError::TileCount {
                expected,
                got: hexes,
            }
        })
}

fn encode_variant(
    v: &Variant,
    tiles: &[u8],
    harbours: &[HarbourKind],
) -> Result<String, BoardError> {
    let bits = v.hexes * v.bits as usize + v.harbours * HARBOUR_BITS as usize;
    let mut w = BitWriter::with_capacity(bits.div_ceil(8) + 1);
    for &t in tiles {
        w.push(pack(v.game, t)?, v.bits);
    }
    for &k in harbours {
        w.push(harbour_bits(k), HARBOUR_BITS);
    }
    let mut bytes = w.finish();
    bytes.push(crc8(&bytes));
    Ok(format!("{}{}", v.letter, URL_SAFE_NO_PAD.encode(&bytes)))
}

/// A board read from a share code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedBoard {
    /// The game.
    pub game: BoardGame,
    /// Row-major tile codes.
    pub tiles: Vec<u8>,
    /// The harbour kind on each of the island's frame slots, in slot
    /// order (`H` and `G` codes); `None` for codes without harbours.
    pub harbours: Option<Vec<HarbourKind>>,
}

impl SharedBoard {
    /// The Catan board with its harbours (none for `C`/`F` codes); an
    /// error for a Terra Mystica code.
    pub fn catan(&self) -> Result<CatanBoard, BoardError> {
        if self.game != BoardGame::Catan {
            return Err(BoardError::ShareCode {
                reason: "it is a Terra Mystica code, not a Catan one".into(),
            });
        }
        let board = CatanBoard::try_decode(&self.tiles)?;
        let (Some(kinds), Some(layout)) =
            (&self.harbours, CatanLayout::for_hexes(self.tiles.len()))
        else {
            return Ok(board);
        };
        let g = layout.grid();
        let harbours = layout
            .slots()
            .iter()
            .zip(kinds)
            .map(|(s, &kind)| Harbour {
                kind,
                hex: g.row_col(s.hex),
                side: s.side,
            })
            .collect();
        Ok(board.with_harbours(harbours))
    }
}

/// The game and row-major tile codes of a share code, or an error that
/// says what a code looks like. Harbours in `H`/`G` codes are dropped:
/// [`decode_board`] keeps them.
pub fn decode(code: &str) -> Result<(BoardGame, Vec<u8>), BoardError> {
    decode_board(code).map(|b| (b.game, b.tiles))
}

/// The board of a share code, harbours included, or an error that says
/// what a code looks like.
pub fn decode_board(code: &str) -> Result<SharedBoard, BoardError> {
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
            let reserved = [TM_CUSTOM];
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
    let payload_bits = v.hexes * v.bits as usize + v.harbours * HARBOUR_BITS as usize;
    let want = 1 + payload_bits.div_ceil(8) + 1;
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
    let mut r = BitReader::new(payload.iter());
    let mut tiles = Vec::with_capacity(v.hexes);
    for _ in 0..v.hexes {
        tiles.push(unpack(v.game, r.take(v.bits))?);
    }
    let harbours = (v.harbours > 0)
        .then(|| {
            (0..v.harbours)
                .map(|_| harbour_kind(r.take(HARBOUR_BITS)))
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?;
    if !r.rest_is_zero() {
        return Err(bad("its last bits are not zero".into()));
    }
    Ok(SharedBoard {
        game: v.game,
        tiles,
        harbours,
    })
}

#[cfg(test)]
mod tests;
