//! Terra Mystica's outline on `generate`: `--outline standard|offset`
//! (rows 13-12-13…, 113 hexes, or 12-13-12…, 112 hexes), checked against
//! a `--from` board and Catan.

use super::common::CliError;
use crate::boards::terra_mystica::outline_name;
use crate::boards::{BoardGame, BoardSetup, BoardVariant};

/// The outlines `--outline` takes, for messages.
pub const OUTLINES: &str =
    "standard (rows 13-12-13…, 113 hexes), offset (rows 12-13-12…, 112 hexes)";

/// Parse `standard` or `offset` (clap's value parser for `--outline`).
pub fn parse_outline(s: &str) -> Result<BoardVariant, CliError> {
    match s {
        "standard" => Ok(BoardVariant::Standard),
        "offset" => Ok(BoardVariant::Offset),
        _ => Err(CliError(format!(
            "'{s}' is not an outline; allowed: {OUTLINES}"
        ))),
    }
}

/// The name of a Terra Mystica outline (`standard`, `offset`), as the JSON
/// `outline` key writes it.
pub fn name(variant: &BoardVariant) -> &'static str {
    outline_name(variant).unwrap_or("standard")
}

/// Apply `--outline` to the setup `generate` starts with (no `--from`):
/// Terra Mystica takes the outline; Catan takes no `--outline`.
pub fn apply(
    game: BoardGame,
    outline: Option<&BoardVariant>,
    setup: BoardSetup,
) -> Result<BoardSetup, CliError> {
    match (game, outline) {
        (_, None) => Ok(setup),
        (BoardGame::Catan, Some(_)) => Err(CliError(
            "--outline applies to terra-mystica only (Catan's island: --players 3-4|5-6)".into(),
        )),
        (BoardGame::TerraMystica, Some(v)) => Ok(BoardSetup {
            variant: v.clone(),
            ..setup
        }),
    }
}

/// Check that a `--from` board's outline is the one `--outline` names
/// (when given): the file decides, a different `--outline` is an error.
pub fn check_from(outline: Option<&BoardVariant>, from: &BoardVariant) -> Result<(), CliError> {
    match outline {
        Some(want) if want != from => Err(CliError(format!(
            "the --from board is on the {} outline, not {}; allowed: --outline {} (or leave \
             --outline out: the file decides)",
            name(from),
            name(want),
            name(from)
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outlines_parse_by_name() {
        assert_eq!(parse_outline("offset"), Ok(BoardVariant::Offset));
        assert!(
            parse_outline("oval")
                .unwrap_err()
                .0
                .contains("allowed: standard")
        );
    }

    #[test]
    fn outlines_parse_apply_and_check() {
        assert_eq!(parse_outline("standard"), Ok(BoardVariant::Standard));
        let e = parse_outline("oval").unwrap_err().0;
        assert!(e.contains("'oval'") && e.contains("standard") && e.contains("offset"));
        let tm = BoardGame::TerraMystica;
        let s = apply(tm, Some(&BoardVariant::Offset), BoardSetup::default()).unwrap();
        assert_eq!(s.variant, BoardVariant::Offset);
        assert_eq!(
            apply(tm, None, BoardSetup::default()).unwrap().variant,
            BoardVariant::Standard
        );
        let e = apply(
            BoardGame::Catan,
            Some(&BoardVariant::Offset),
            BoardSetup::default(),
        );
        assert!(e.unwrap_err().0.contains("terra-mystica only"));
        assert!(check_from(None, &BoardVariant::Offset).is_ok());
        assert!(check_from(Some(&BoardVariant::Offset), &BoardVariant::Offset).is_ok());
        let e = check_from(Some(&BoardVariant::Standard), &BoardVariant::Offset).unwrap_err();
        assert!(e.0.contains("offset outline, not standard") && e.0.contains("--outline offset"));
    }
}
