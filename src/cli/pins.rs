//! `generate --from FILE --pin R,C[=TILE] --rebalance`: read a start
//! board, set and pin hexes, check or restore the tile counts.

use super::common::CliError;
use crate::boards::catan::{CatanCode, CatanTerrain, TERRAINS};
use crate::boards::terra_mystica::{
    OFFSET_ROWS, ROWS, TerraMysticaBoard, Terrain, outline_of_rows,
};
use crate::boards::{
    self, BoardGame, BoardSetup, BoardVariant, HexIndex, count_differences, rebalance,
};
use crate::level::{Level, LevelMap};
use std::path::Path;

/// The allowed form of `--pin`, for messages.
const PIN_FORM: &str = "--pin takes R,C or R,C=TERRAIN (Catan: R,C=TERRAIN:NUMBER, or \
     R,C=desert), with R the row and C the position in the row of the JSON `board`, from 0";

/// One `--pin`: a hex by row and position, and optionally a tile to set
/// first (a TM terrain, or Catan `TERRAIN:NUMBER`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PinArg {
    /// Row, from 0.
    pub row: usize,
    /// Position in the row, from 0.
    pub col: usize,
    /// The tile to set before pinning, as written.
    pub set: Option<String>,
}

/// Parse `R,C` or `R,C=TILE` (clap's value parser for `--pin`).
pub fn parse_pin(s: &str) -> Result<PinArg, CliError> {
    let bad = || CliError(format!("{PIN_FORM}; got '{s}'"));
    let (cell, set) = match s.split_once('=') {
        Some((c, t)) if !t.trim().is_empty() => (c, Some(t.trim().to_string())),
        Some(_) => return Err(bad()),
        None => (s, None),
    };
    let (r, c) = cell.split_once(',').ok_or_else(bad)?;
    let row = r.trim().parse().map_err(|_| bad())?;
    let col = c.trim().parse().map_err(|_| bad())?;
    Ok(PinArg { row, col, set })
}

/// The board of `path`: a level (`*.level.ron`, or an older plain `.ron`)
/// holding a `game` map, or a Terra Mystica plain-text map (as `evaluate
/// --map` reads it).
pub fn load_board(game: BoardGame, path: &Path) -> Result<Vec<u8>, CliError> {
    let text = crate::files::read_text(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let is_ron =
        path.extension().is_some_and(|e| e == "ron") || text.trim_start().starts_with("Level(");
    let in_file = |e: &dyn std::fmt::Display| CliError(format!("{}: {e}", path.display()));
    let tm = |b: &TerraMysticaBoard| {
        let lens: Vec<usize> = b.rows.iter().map(Vec::len).collect();
        if outline_of_rows(&lens).is_none() {
            return Err(in_file(&format!(
                "rows of {lens:?} hexes; allowed: the standard outline {ROWS:?} or the \
                 offset outline {OFFSET_ROWS:?}"
            )));
        }
        Ok(b.tiles())
    };
    if is_ron {
        let level = Level::from_ron(&text).map_err(|e| in_file(&e))?;
        return match (&level.map, game) {
            (LevelMap::TerraMystica(b), BoardGame::TerraMystica) => tm(b),
            (LevelMap::Catan(b), BoardGame::Catan) => Ok(b.encode()),
            (m, g) => Err(in_file(&format!(
                "holds a {} map, not {}",
                m.game(),
                g.name()
            ))),
        };
    }
    if game == BoardGame::Catan {
        return Err(in_file(&"Catan boards are read from .ron levels only"));
    }
    tm(&TerraMysticaBoard::parse_text(&text).map_err(|e| in_file(&e))?)
}

/// The tile code `word` sets on `game` (TM: a terrain name or colour;
/// Catan: `TERRAIN:NUMBER` or `desert`).
fn tile_code(game: BoardGame, word: &str) -> Result<u8, CliError> {
    match game {
        BoardGame::TerraMystica => Terrain::parse(word).map(|t| t as u8).ok_or_else(|| {
            CliError(format!(
                "--pin ...={word}: not a terrain; allowed: desert plains swamp lake forest \
                 mountain wasteland river (or the colours yellow brown black blue green gray \
                 red x)"
            ))
        }),
        BoardGame::Catan => {
            let names: Vec<&str> = TERRAINS.iter().map(|t| t.name()).collect();
            let bad = || {
                CliError(format!(
                    "--pin ...={word}: allowed: TERRAIN:NUMBER with TERRAIN one of {} and \
                     NUMBER 2-6 or 8-12, or desert",
                    names.join(", ")
                ))
            };
            let (t, n) = word.split_once(':').unwrap_or((word, ""));
            let terrain = TERRAINS
                .iter()
                .position(|x| x.name() == t)
                .ok_or_else(bad)? as u8;
            let desert = terrain == CatanTerrain::Desert as u8;
            let number: u8 = match (desert, n) {
                (true, "") => 0,
                (false, n) => n.parse().map_err(|_| bad())?,
                _ => return Err(bad()),
            };
            if !desert && !matches!(number, 2..=6 | 8..=12) {
                return Err(bad());
            }
            Ok(CatanCode::new(terrain, number).byte())
        }
    }
}

/// Set the tiles of `pins` that name one on `tiles`, and return the pinned
/// hexes (row-major indices, sorted, no duplicates).
pub fn apply_pins(
    game: BoardGame,
    variant: &BoardVariant,
    tiles: &mut [u8],
    pins: &[PinArg],
) -> Result<Vec<HexIndex>, CliError> {
    let grid = boards::variant_grid(game, variant)?;
    let mut out = Vec::with_capacity(pins.len());
    for p in pins {
        let i = grid.index(p.row, p.col).ok_or_else(|| {
            let lens: Vec<usize> = grid.row_lengths().collect();
            CliError(format!(
                "--pin {},{}: no such hex; rows 0 to {}, of {lens:?} hexes, positions from 0",
                p.row,
                p.col,
                lens.len() - 1
            ))
        })?;
        if let Some(word) = &p.set {
            tiles[i as usize] = tile_code(game, word)?;
        }
        out.push(i);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The setup of `generate --from FILE --pin … [--rebalance]`: the board of
/// `from` with the pins' tiles set, its counts checked (or restored with
/// the fewest unpinned changes when `rebalance`, drawn with `seed`).
pub fn setup_from(
    game: BoardGame,
    from: &Path,
    pins: &[PinArg],
    rebalance_counts: bool,
    seed: u64,
) -> Result<BoardSetup, CliError> {
    let mut tiles = load_board(game, from)?;
    let variant = boards::variant_of(game, tiles.len()).ok_or_else(|| {
        CliError(format!(
            "{}: a {} board of {} hexes is not one evoboard knows",
            from.display(),
            game.name(),
            tiles.len()
        ))
    })?;
    let pinned = apply_pins(game, &variant, &mut tiles, pins)?;
    let differences = count_differences(game, &variant, &tiles);
    if !differences.is_empty() {
        if !rebalance_counts {
            let parts: Vec<String> = differences.iter().map(|d| d.to_string()).collect();
            return Err(CliError(format!(
                "the tile counts are off the game's: {}; add --rebalance to change the fewest \
                 unpinned hexes to fix them",
                parts.join("; ")
            )));
        }
        let mut mask = vec![false; tiles.len()];
        for &p in &pinned {
            mask[p as usize] = true;
        }
        tiles = rebalance(game, &variant, &tiles, &mask, seed)?;
    }
    Ok(BoardSetup::from_board(variant, tiles, pinned))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_parse_and_bad_ones_say_the_form() {
        assert_eq!(
            parse_pin("2,5"),
            Ok(PinArg {
                row: 2,
                col: 5,
                set: None
            })
        );
        assert_eq!(parse_pin("0,1=lake").unwrap().set.as_deref(), Some("lake"));
        for bad in ["2", "a,b", "1,2=", "1;2", "-1,2"] {
            let e = parse_pin(bad).unwrap_err();
            assert!(
                e.0.contains("R,C or R,C=TERRAIN") && e.0.contains(bad),
                "{e}"
            );
        }
        assert_eq!(
            tile_code(BoardGame::Catan, "hills:6").unwrap(),
            CatanCode::new(3, 6).byte()
        );
        assert!(tile_code(BoardGame::Catan, "hills:7").is_err());
        assert!(tile_code(BoardGame::Catan, "desert").is_ok());
        assert_eq!(tile_code(BoardGame::TerraMystica, "x").unwrap(), 7);
    }
}
