//! What a click or a key does for the person whose hand is shown (any
//! seat; see `hotseat.rs`). Only legal
//! choices are ever offered, so every action here either plays or does
//! nothing.

use super::{DominoGame, DominoHint, DominoNet, hint};
use crate::domino::{Actor, HumanChoice};
use crate::domino::{Move, Tile};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

/// The shown hand (see [`DominoGame::shown_hand`]), in the order it is
/// shown (by the higher half, then the lower); empty while covered.
pub fn hand_tiles(g: &DominoGame) -> Vec<Tile> {
    let Some(seat) = g.shown_hand() else {
        return Vec::new();
    };
    let mut tiles: Vec<Tile> = g.game.round().hand(seat).iter().collect();
    tiles.sort_by_key(|t| (t.high(), t.low()));
    tiles
}

/// Whether the person whose hand is shown is to move.
pub fn shown_to_move(g: &DominoGame) -> bool {
    matches!((g.game.next_actor(), g.shown_hand()), (Actor::Human(a), Some(s)) if a == s)
}

/// Whether `tile` can be played now by the person whose hand is shown.
pub fn is_playable(g: &DominoGame, tile: Tile) -> bool {
    if !shown_to_move(g) {
        return false;
    }
    match g.game.human_choice() {
        Some(HumanChoice::Open(d)) => d.contains(&tile),
        Some(HumanChoice::Play(moves)) => moves.iter().any(|m| m.tile == tile),
        _ => false,
    }
}

/// Where the tile being placed may go (one move per distinct end).
pub fn end_choices(g: &DominoGame) -> Vec<Move> {
    g.choosing_end
        .map(|t| g.game.choices_for(t))
        .unwrap_or_default()
}

/// The person clicked (or pressed Enter on) a hand tile: open with it,
/// play it where it fits, or ask which end when it fits several.
pub fn pick_tile(g: &mut DominoGame, tile: Tile) {
    if let Some(i) = hand_tiles(g).iter().position(|t| *t == tile) {
        g.selected = Some(i);
    }
    match g.game.human_choice() {
        Some(HumanChoice::Open(d)) if d.contains(&tile) && shown_to_move(g) => {
            let _ = g.game.human_open(tile);
            g.clear_choice();
            g.update_cover();
        }
        Some(HumanChoice::Play(_)) if shown_to_move(g) => {
            let choices = g.game.choices_for(tile);
            match choices.len() {
                0 => {}
                1 => {
                    let _ = g.game.human_play(choices[0]);
                    g.clear_choice();
                    g.update_cover();
                }
                _ => {
                    g.choosing_end = Some(tile);
                    g.end_cursor = 0;
                }
            }
        }
        _ => {}
    }
}

/// The person clicked an open end on the table: play the tile being placed
/// (or the selected one) there if it fits.
pub fn pick_end(g: &mut DominoGame, arm: u8) {
    let tile = g.choosing_end.or_else(|| {
        g.selected
            .and_then(|i| hand_tiles(g).get(i).copied())
            .filter(|t| is_playable(g, *t))
    });
    let Some(tile) = tile else { return };
    let m = Move { tile, arm };
    if shown_to_move(g) && g.game.human_moves().contains(&m) {
        let _ = g.game.human_play(m);
        g.clear_choice();
        g.update_cover();
    }
}

/// The open ends `tile` fits exactly (every arm, equivalent ones too): the
/// ends highlighted on the table.
pub fn ends_for(g: &DominoGame, tile: Tile) -> Vec<u8> {
    g.game
        .human_moves()
        .iter()
        .filter(|m| m.tile == tile)
        .map(|m| m.arm)
        .collect()
}

/// The person passes (only offered when nothing fits).
pub fn pass(g: &mut DominoGame) {
    if shown_to_move(g) && g.game.human_pass().is_ok() {
        g.clear_choice();
        g.update_cover();
    }
}

/// Start the next round from the summary.
pub fn next_round(g: &mut DominoGame) {
    if g.game.next_round().is_ok() {
        g.clear_choice();
        g.selected = None;
        g.wait = 0.0;
        g.update_cover();
    }
}

/// The screen's keys, in [`ScreenSet::Input`](crate::app::shell::ScreenSet)
/// (not while an egui text field has the keyboard): the person's moves
/// ([`keys`]) and H for a hint, in a local or a networked match.
pub fn keyboard(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    egui: Option<Res<EguiWantsInput>>,
    game: Option<ResMut<DominoGame>>,
    net: Option<Res<DominoNet>>,
    mut hints: ResMut<DominoHint>,
) {
    let Some(keys) = keys else { return };
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let pressed = |k: KeyCode| keys.just_pressed(k);
    if let Some(n) = net {
        if pressed(KeyCode::KeyH)
            && let Some(s) = &n.snapshot
        {
            hint::request_remote(s, 0, &mut hints);
        }
        return;
    }
    let Some(mut g) = game else { return };
    self::keys(&pressed, &mut g);
    if pressed(KeyCode::KeyH) {
        hint::request_local(&g, &mut hints);
    }
}

/// Keys: ←/→ (or 1-7) pick a hand tile, Enter plays it; while choosing
/// an end ←/→ (or 1-4) pick the end, Enter places, Esc cancels; Enter (or
/// P) passes when nothing fits; Enter starts the next round; while the
/// hands are covered (hot-seat) Enter shows the next person's hand.
pub fn keys(pressed: &impl Fn(KeyCode) -> bool, g: &mut DominoGame) {
    if g.covered_for().is_some() && g.game.next_actor() != Actor::RoundOver {
        if pressed(KeyCode::Enter) {
            g.reveal();
        }
        return;
    }
    let enter = pressed(KeyCode::Enter) || pressed(KeyCode::Space);
    let number = crate::app::shell::DIGIT_KEYS[..7]
        .iter()
        .position(|k| pressed(*k));
    let left = pressed(KeyCode::ArrowLeft) || pressed(KeyCode::ArrowUp);
    let right = pressed(KeyCode::ArrowRight) || pressed(KeyCode::ArrowDown);
    match g.game.next_actor() {
        Actor::RoundOver if enter => next_round(g),
        Actor::Human(_) if shown_to_move(g) => {
            if g.choosing_end.is_some() {
                let ends = end_choices(g);
                if pressed(KeyCode::Escape) {
                    g.clear_choice();
                    return;
                }
                if ends.is_empty() {
                    g.clear_choice();
                    return;
                }
                if left {
                    g.end_cursor = (g.end_cursor + ends.len() - 1) % ends.len();
                }
                if right {
                    g.end_cursor = (g.end_cursor + 1) % ends.len();
                }
                if let Some(n) = number.filter(|n| *n < ends.len()) {
                    g.end_cursor = n;
                }
                if enter || number.is_some_and(|n| n < ends.len()) {
                    let m = ends[g.end_cursor.min(ends.len() - 1)];
                    pick_end(g, m.arm);
                }
                return;
            }
            if g.game.human_choice() == Some(HumanChoice::MustPass) {
                if enter || pressed(KeyCode::KeyP) {
                    pass(g);
                }
                return;
            }
            let hand = hand_tiles(g);
            if hand.is_empty() {
                return;
            }
            let n = hand.len();
            if left {
                g.selected = Some(g.selected.map_or(n - 1, |i| (i + n - 1) % n));
            }
            if right {
                g.selected = Some(g.selected.map_or(0, |i| (i + 1) % n));
            }
            if let Some(k) = number.filter(|k| *k < n) {
                g.selected = Some(k);
            }
            if enter && let Some(t) = g.selected.and_then(|i| hand.get(i).copied()) {
                pick_tile(g, t);
            }
        }
        _ => {}
    }
}
