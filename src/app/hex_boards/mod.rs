//! The hex-board screen: balanced Terra Mystica and Catan boards. A
//! generator entity owns an ask-and-tell search and the board it draws
//! (`runtime.rs`); the egui panels choose the game, algorithm and
//! parameters, show the run and save or load levels (`panels.rs`).
//!
//! The search steps only while this screen is shown. Leaving it despawns
//! what it drew; the generator entity (the run and the board data, nothing
//! drawn) stays for when the user comes back, and the board is redrawn.

mod balance_panel;
mod design;
mod design_panel;
mod export_box;
mod gallery_view;
mod input;
mod loading;
mod panels;
mod play_test;
mod runtime;
mod script;

use crate::app::shell::ScreenSet;
use crate::app::shell::scripted::{ScriptArgs, ScriptReport};
use crate::app::{AppArgs, Game, Screen};
use crate::boards::{self, BoardGame, Params};
use crate::plugin::HexBoardMap;
use bevy::prelude::*;
pub use panels::save_level;
pub use runtime::{
    BoardDrawing, BoardRunState, BoardSettings, GeneratorCommand, HexBoardGenerator, MainGenerator,
    ShownBoard,
};
// What only the screen's tests (src/app/tests) reach.
#[cfg(test)]
pub(crate) use design::{DesignCommand, HexDesign};
#[cfg(test)]
pub(crate) use play_test::{PlayOutcome, PlayTestView};

/// Registers the whole screen: the generator runtime and the panels.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, panels::plugin, input::plugin));
}

/// The generator alone (no egui): settings, the generator entity, its
/// commands and stepping, scripted flags. Headless tests add this alone.
pub fn logic_plugin(app: &mut App) {
    // The shell's level library (empty when the screen runs alone).
    crate::app::shell::sets::add(app);
    app.init_resource::<crate::app::shell::library::LevelLibrary>()
        .add_plugins((
            runtime::plugin,
            design::plugin,
            script::plugin,
            gallery_view::plugin,
            play_test::plugin,
            export_box::plugin,
        ))
        .add_systems(Startup, apply_script_args)
        .add_systems(
            Update,
            (
                // Input (mouse and keys) is in `input.rs`; the `--edit`
                // script plays its steps after the commands, like a user.
                (
                    // Before the commands: a reset keeps the old board.
                    design::keep_board_before_reset,
                    runtime::handle_commands,
                    loading::apply_loaded_level,
                )
                    .chain()
                    .in_set(ScreenSet::Commands),
                (
                    runtime::advance_generators,
                    // After the step: an edit lands on the board shown.
                    script::play_script,
                    design::apply_design,
                )
                    .chain()
                    .in_set(ScreenSet::Step),
                (draw_board, design::decorate_map)
                    .chain()
                    .in_set(ScreenSet::Draw),
            )
                .run_if(in_state(Screen::HexBoards)),
        )
        .add_systems(
            PostUpdate,
            report_search
                .run_if(scripted_run)
                .run_if(in_state(Screen::HexBoards)),
        );
}

/// The hex-board flags of `evoboard app`: the game, `--algorithm`,
/// `--param`, `--rules`; the error says what is allowed.
pub fn validate(args: &AppArgs) -> Result<(), String> {
    if let Some(steps) = args.edit.as_ref().filter(|_| opens_hex_boards(args)) {
        script::parse_steps(steps)?;
    }
    let game = board_game(args);
    let algorithm = args.algorithm.unwrap_or_default();
    Params::parse(
        boards::param_specs(game, algorithm),
        &args.params,
        algorithm,
    )?;
    Ok(())
}

/// Whether the flags open this screen (no `--game`, or a hex-board game).
pub(crate) fn opens_hex_boards(args: &AppArgs) -> bool {
    matches!(args.game, None | Some(Game::TerraMystica | Game::Catan))
}

/// The board game the flags ask for (Terra Mystica unless `--game catan`).
fn board_game(args: &AppArgs) -> BoardGame {
    if args.opens(Game::Catan) {
        BoardGame::Catan
    } else {
        BoardGame::TerraMystica
    }
}

/// Apply the flags (checked by [`validate`] before the window opened)
/// when the app starts on this screen.
fn apply_script_args(
    args: Option<Res<ScriptArgs>>,
    mut settings: ResMut<BoardSettings>,
    mut out: MessageWriter<GeneratorCommand>,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(args) = args else { return };
    let a = &args.0;
    if let Some(game) = a.game {
        screen.set(Screen::for_game(game));
    }
    if !matches!(a.game, None | Some(Game::TerraMystica | Game::Catan)) {
        return;
    }
    let game = board_game(a);
    let algorithm = a.algorithm.unwrap_or(settings.algorithm);
    settings.select(game, algorithm);
    if let Some(seed) = a.seed {
        settings.seed = seed;
    }
    if let Some(r) = a.rules {
        if settings.scoring.weights
            == crate::boards::terra_mystica::Weights::for_rules(settings.scoring.rules)
        {
            settings.scoring.weights = crate::boards::terra_mystica::Weights::for_rules(r);
        }
        settings.scoring.rules = r;
        if game == BoardGame::Catan {
            settings.scoring.catan = if r == crate::boards::terra_mystica::Rules::Table {
                crate::boards::catan::CatanOptions::table()
            } else {
                crate::boards::catan::CatanOptions::default()
            };
        }
    }
    if let Some(v) = a.players.clone().filter(|_| game == BoardGame::Catan) {
        settings.variant = v;
    }
    if let Some(s) = a.steps_per_second {
        settings.steps_per_second = s;
    }
    // Checked by `validate` before the window opened.
    match Params::parse(boards::param_specs(game, algorithm), &a.params, algorithm) {
        Ok(p) => settings.params = p,
        Err(e) => error!("{e}"),
    }
    out.write(GeneratorCommand::Reset);
    if a.run {
        out.write(GeneratorCommand::Start);
    }
}

/// The screen draws the shown board: a [`BoardDrawing`] entity with its
/// map (the plugin draws the tiles, tokens and marks as its children),
/// spawned in the screen's first frame and scoped to the screen: leaving
/// despawns it and all it drew. The generator entity stays, holding the
/// run (rested by `rest_searches`) and the board, so the user finds their
/// board when they come back. Then the drawing follows the shown board
/// (copied only when it differs, so an idle board is not redrawn).
fn draw_board(
    mut commands: Commands,
    boards: Query<Ref<ShownBoard>, With<MainGenerator>>,
    mut drawings: Query<&mut HexBoardMap, With<BoardDrawing>>,
) {
    let Ok(board) = boards.single() else { return };
    match drawings.single_mut() {
        Ok(mut drawn) => {
            if board.is_changed() {
                drawn.set_if_neq(board.0.clone());
            }
        }
        Err(_) => {
            commands.spawn((
                Name::new("board drawing"),
                BoardDrawing,
                board.0.clone(),
                Transform::default(),
                Visibility::default(),
                DespawnOnExit(Screen::HexBoards),
            ));
        }
    }
}

/// Only a scripted run (`--screenshot`) reads the report: an ordinary
/// session does not format it every frame.
fn scripted_run(args: Option<Res<ScriptArgs>>, report: Option<Res<ScriptReport>>) -> bool {
    report.is_some() && args.is_some_and(|a| a.0.screenshot.is_some())
}

/// Tell a scripted run whether a search is running and where it stands.
fn report_search(
    generators: Query<&HexBoardGenerator, With<MainGenerator>>,
    mut report: ResMut<ScriptReport>,
) {
    let Ok(g) = generators.single() else { return };
    let r = report.bypass_change_detection();
    r.searching = g.state == BoardRunState::Running;
    r.summary = format!(
        "; generation {}, score {}",
        g.progress.generation, g.shown_score
    );
}
