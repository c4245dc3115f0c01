//! Catan's side of `generate` and `evaluate`: the player count
//! (`--players 3-4|5-6`, the island) and the island as text (its JSON keys
//! are the core's [`CatanIsland`](crate::boards::report::CatanIsland)).

use super::common::CliError;
use crate::boards::catan::parse_players;
use crate::boards::catan::{CatanBoard, CatanLayout};
use crate::boards::{BoardGame, BoardSetup, BoardVariant};
use clap::Args;

/// Catan's flags on `generate` and `evaluate`.
#[derive(Args, Debug, Clone)]
pub struct CatanArgs {
    /// Catan: 3-4 (the base island, 19 hexes) or 5-6 (the extension, 30
    /// hexes in rows 3-4-5-6-5-4-3).
    #[arg(long, default_value = "3-4", value_parser = parse_players)]
    pub players: BoardVariant,
}

impl CatanArgs {
    /// The search setup for `game`: Catan's island; Terra Mystica takes no
    /// `--players`.
    pub fn setup(&self, game: BoardGame) -> Result<BoardSetup, CliError> {
        if game != BoardGame::Catan && self.players != BoardVariant::Standard {
            return Err(CliError(
                "--players applies to catan only; allowed there: 3-4, 5-6".into(),
            ));
        }
        Ok(BoardSetup {
            variant: self.players.clone(),
            ..BoardSetup::default()
        })
    }

    /// Check that a `--from` board's variant is the one `--players` names
    /// (the default 3-4 accepts a 5–6 board: the file says which it is).
    pub fn check_variant(&self, variant: &BoardVariant) -> Result<(), CliError> {
        if self.players == BoardVariant::Standard || &self.players == variant {
            return Ok(());
        }
        Err(CliError(format!(
            "the --from board is a {} board, not {}; allowed: --players {}",
            players_name(variant),
            players_name(&self.players),
            players_name(variant)
        )))
    }

    /// Check that a saved Catan board is on the island `--players` names
    /// (only when `--players` is not the default 3-4, so that 5–6 levels
    /// evaluate without it too).
    pub fn check_board(&self, board: &CatanBoard) -> Result<(), CliError> {
        let want = CatanLayout::for_variant(&self.players)?;
        match board.layout() {
            Some(l) if self.players == BoardVariant::Standard || l.players() == want.players() => {
                Ok(())
            }
            Some(l) => Err(CliError(format!(
                "the level holds a {}-player board, not {}; allowed: --players {}",
                l.players(),
                want.players(),
                l.players()
            ))),
            None => Ok(()),
        }
    }
}

/// `"3-4"` or `"5-6"`: the player count a Catan variant is for.
pub fn players_name(variant: &BoardVariant) -> String {
    match variant {
        BoardVariant::FiveSixPlayers => "5-6".into(),
        _ => "3-4".into(),
    }
}

/// The sides of a hex as a person names them, by side number (0 east,
/// clockwise).
const SIDES: [&str; 6] = [
    "east",
    "south-east",
    "south-west",
    "west",
    "north-west",
    "north-east",
];

/// The text lines of a Catan board: its rows, then its harbours.
pub fn text(board: &CatanBoard) -> String {
    let mut s = String::new();
    for row in &board.rows {
        let cells: Vec<String> = row.iter().map(crate::export::text::hex_label).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    if !board.harbours.is_empty() {
        let hs: Vec<String> = board
            .harbours
            .iter()
            .map(|h| {
                let trade = match h.kind.resource() {
                    None => "3:1 any".to_string(),
                    Some(_) => format!("2:1 {}", h.kind.name()),
                };
                format!(
                    "  {trade:<10} row {} hex {}, {} side",
                    h.hex.0 + 1,
                    h.hex.1 + 1,
                    SIDES[usize::from(h.side % 6)]
                )
            })
            .collect();
        s.push_str("harbours (rows and hexes counted from 1, top left):\n");
        s.push_str(&hs.join("\n"));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse() {
        assert_eq!(parse_players("5-6"), Ok(BoardVariant::FiveSixPlayers));
        assert_eq!(parse_players("3-4"), Ok(BoardVariant::Standard));
        assert!(
            parse_players("2")
                .unwrap_err()
                .to_string()
                .contains("allowed: 3-4, 5-6")
        );
    }
}
