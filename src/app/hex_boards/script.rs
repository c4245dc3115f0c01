//! Scripted design runs (`evoboard app --edit "STEPS"`): a test or a
//! screenshot clicks through the design tools as a person would. Each step
//! sends the same [`DesignCommand`] the mouse, keys and panels send; the
//! script waits while a search runs, and holds the screenshot until it is
//! done. Each step prints one line (`edit: STEP → score S, N pinned`).

use super::design::{DesignCommand, HexDesign};
use super::runtime::{BoardRunState, HexBoardGenerator, MainGenerator, ShownBoard};
use crate::app::shell::library::LevelLibrary;
use crate::app::shell::scripted::{ScriptArgs, ScriptReport};
use crate::boards::BoardGame;
use crate::boards::catan::CatanTerrain;
use crate::boards::terra_mystica::Terrain;
use bevy::prelude::*;
use std::collections::VecDeque;
use std::path::PathBuf;

/// One step of a design script.
#[derive(Clone, Debug, PartialEq)]
pub enum DesignStep {
    /// Wait until no search runs.
    Wait,
    /// Select hex (row, position in the row).
    Select(usize, usize),
    /// Give the selected hex a tile: a terrain name (Catan: `TERRAIN`,
    /// `TERRAIN:NUMBER` or a number).
    Set(String),
    /// Pin or unpin a hex (the selected one when `None`).
    Pin(Option<(usize, usize)>),
    /// Swap two hexes.
    Swap((usize, usize), (usize, usize)),
    /// Unpin every hex.
    ClearPins,
    /// Evolve the rest, then wait for the search.
    Evolve,
    /// Rebalance the tile counts.
    Rebalance,
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Show or hide the score overlay.
    Overlay(bool),
    /// Show or hide the terrain letters.
    Letters(bool),
    /// Save the board as a level (never overwriting).
    Save(PathBuf),
    /// Export the board as `FORMAT` to `PATH` plus the format's extension.
    Export(crate::export::Format, PathBuf),
    /// Fill the gallery (and wait for it).
    Gallery,
    /// Open gallery board `k` (from 1).
    OpenGallery(usize),
    /// Play-test the board with `n` games of value bots (and wait for it).
    PlayTest(u32),
}

/// Parse `STEP; STEP; …`; the error names the step and what is allowed.
pub fn parse_steps(text: &str) -> Result<Vec<DesignStep>, String> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(parse_step)
        .collect()
}

fn parse_step(step: &str) -> Result<DesignStep, String> {
    let words: Vec<&str> = step.split_whitespace().collect();
    let cell = |w: &str| -> Result<(usize, usize), String> {
        let (r, c) = w
            .split_once(',')
            .ok_or_else(|| format!("'{w}' in '{step}' is not a hex: write ROW,COL"))?;
        let n = |v: &str| {
            v.trim()
                .parse::<usize>()
                .map_err(|_| format!("'{w}' in '{step}' is not a hex: write ROW,COL"))
        };
        Ok((n(r)?, n(c)?))
    };
    let on_off = |w: Option<&&str>| match w.copied() {
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        _ => Err(format!("'{step}': write on or off")),
    };
    Ok(match (words.first().copied().unwrap_or(""), words.len()) {
        ("wait", 1) => DesignStep::Wait,
        ("select", 2) => {
            let (r, c) = cell(words[1])?;
            DesignStep::Select(r, c)
        }
        ("set", 2) => DesignStep::Set(words[1].to_string()),
        ("pin", 1) => DesignStep::Pin(None),
        ("pin", 2) => DesignStep::Pin(Some(cell(words[1])?)),
        ("swap", 3) => DesignStep::Swap(cell(words[1])?, cell(words[2])?),
        ("clear-pins", 1) => DesignStep::ClearPins,
        ("evolve", 1) => DesignStep::Evolve,
        ("rebalance", 1) => DesignStep::Rebalance,
        ("undo", 1) => DesignStep::Undo,
        ("redo", 1) => DesignStep::Redo,
        ("overlay", 2) => DesignStep::Overlay(on_off(words.get(1))?),
        ("letters", 2) => DesignStep::Letters(on_off(words.get(1))?),
        ("save", 2) => DesignStep::Save(PathBuf::from(words[1])),
        ("export", 3) => DesignStep::Export(
            crate::export::Format::parse(words[1]).map_err(|e| format!("'{step}': {e}"))?,
            PathBuf::from(words[2]),
        ),
        ("gallery", 1) => DesignStep::Gallery,
        ("open-gallery", 2) => DesignStep::OpenGallery(
            words[1]
                .parse()
                .ok()
                .filter(|&k| k >= 1)
                .ok_or_else(|| format!("'{step}': write open-gallery K with K from 1"))?,
        ),
        ("play-test", 2) => DesignStep::PlayTest(
            words[1]
                .parse()
                .ok()
                .filter(|n| (1..=crate::boards::catan::play::MAX_GAMES).contains(n))
                .ok_or_else(|| {
                    format!(
                        "'{step}': write play-test N with N from 1 to {}",
                        crate::boards::catan::play::MAX_GAMES
                    )
                })?,
        ),
        _ => {
            return Err(format!(
                "unknown design step '{step}'; allowed: wait, select R,C, set TILE, pin [R,C], \
                 swap R,C R,C, clear-pins, evolve, rebalance, undo, redo, overlay on|off, \
                 letters on|off, save PATH, export FORMAT PATH, gallery, open-gallery K, \
                 play-test N"
            ));
        }
    })
}

/// The tile code `name` gives on `game` for the hex now holding `current`.
fn tile_code(game: BoardGame, name: &str, current: u8) -> Result<u8, String> {
    match game {
        BoardGame::TerraMystica => (0..8u8)
            .find(|&c| Terrain::from_code(c).name() == name)
            .ok_or_else(|| {
                format!("'{name}' is not a terrain; allowed: desert, plains, swamp, lake, forest, mountain, wasteland, river")
            }),
        BoardGame::Catan => {
            let (terrain, number) = match name.split_once(':') {
                Some((t, n)) => (Some(t), Some(n)),
                None if name.parse::<u8>().is_ok() => (None, Some(name)),
                None => (Some(name), None),
            };
            let t = match terrain {
                Some(t) => (0..6u8)
                    .find(|&i| CatanTerrain::from_index(i).is_some_and(|c| c.name() == t))
                    .ok_or_else(|| format!("'{t}' is not a Catan terrain; allowed: fields, forest, pasture, hills, mountains, desert"))?,
                None => current >> 4,
            };
            let n = match number {
                Some(n) => n
                    .parse::<u8>()
                    .ok()
                    .filter(|n| matches!(n, 2..=6 | 8..=12))
                    .ok_or_else(|| format!("'{n}' is not a number token; allowed: 2-6, 8-12"))?,
                None if t == 5 => 0,
                None => current & 15,
            };
            Ok((t << 4) | n)
        }
    }
}

/// The steps still to play.
#[derive(Resource, Default)]
pub(super) struct EditScript(VecDeque<DesignStep>);

/// Registers scripted design runs.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EditScript>()
        .add_systems(Startup, load_script);
}

fn load_script(args: Option<Res<ScriptArgs>>, mut script: ResMut<EditScript>) {
    let Some(text) = args
        .as_ref()
        .filter(|a| super::opens_hex_boards(&a.0))
        .and_then(|a| a.0.edit.as_ref())
    else {
        return;
    };
    match parse_steps(text) {
        Ok(steps) => script.0 = steps.into(),
        Err(e) => error!("{e}"),
    }
}

/// Play the next step unless a search is running.
#[allow(clippy::too_many_arguments)]
pub(super) fn play_script(
    mut script: ResMut<EditScript>,
    mut design: ResMut<HexDesign>,
    mut lib: ResMut<LevelLibrary>,
    report: Option<ResMut<ScriptReport>>,
    mut generators: Query<(&mut HexBoardGenerator, &ShownBoard), With<MainGenerator>>,
    mut out: MessageWriter<DesignCommand>,
    mut last: Local<Option<String>>,
    mut gallery: ResMut<super::gallery_view::GalleryView>,
    settings: Res<super::runtime::BoardSettings>,
    mut exports: ResMut<super::export_box::ExportBox>,
    mut play: ResMut<super::play_test::PlayTestView>,
) {
    let Ok((mut g, map)) = generators.single_mut() else {
        return;
    };
    if let Some(mut r) = report {
        r.bypass_change_detection().busy = !script.0.is_empty() || last.is_some();
    }
    if g.state == BoardRunState::Running || gallery.busy() || exports.busy() || play.busy() {
        return;
    }
    if let Some(msg) = exports.job.message.take().text() {
        crate::app::shell::scripted::say(format_args!("edit: {msg}"));
    }
    // The previous step's outcome, once its edit has been applied.
    if let Some(step) = last.take() {
        let pins = design.pinned.iter().filter(|&&p| p).count();
        crate::app::shell::scripted::say(format_args!(
            "edit: {step} → score {}, {pins} pinned",
            g.shown_score
        ));
        if script.0.is_empty() {
            crate::app::shell::scripted::say(format_args!(
                "edit script done: score {}",
                g.shown_score
            ));
        }
    }
    let Some(step) = script.0.pop_front() else {
        return;
    };
    let index = |(r, c): (usize, usize)| map.grid.index(r, c).map(usize::from);
    let fail = |e: String| error!("design step {step:?}: {e}");
    match &step {
        DesignStep::Wait => {}
        DesignStep::Select(r, c) => match index((*r, *c)) {
            Some(i) => {
                out.write(DesignCommand::Select(Some(i)));
            }
            None => fail(format!("no hex {r},{c}")),
        },
        DesignStep::Set(name) => match design.selected {
            Some(hex) => match tile_code(map.game, name, map.tiles[hex]) {
                Ok(code) => {
                    out.write(DesignCommand::SetTile { hex, code });
                }
                Err(e) => fail(e),
            },
            None => fail("select a hex first".into()),
        },
        DesignStep::Pin(at) => match at.map_or(design.selected, index) {
            Some(i) => {
                out.write(DesignCommand::TogglePin(i));
            }
            None => fail("no hex to pin".into()),
        },
        DesignStep::Swap(a, b) => match (index(*a), index(*b)) {
            (Some(a), Some(b)) => {
                out.write(DesignCommand::Swap(a, b));
            }
            _ => fail("no such hex".into()),
        },
        DesignStep::ClearPins => {
            out.write(DesignCommand::ClearPins);
        }
        DesignStep::Evolve => {
            out.write(DesignCommand::EvolveRest);
        }
        DesignStep::Rebalance => {
            out.write(DesignCommand::Rebalance);
        }
        DesignStep::Undo => {
            out.write(DesignCommand::Undo);
        }
        DesignStep::Redo => {
            out.write(DesignCommand::Redo);
        }
        DesignStep::Overlay(on) => design.overlay = *on,
        DesignStep::Letters(on) => design.letters = *on,
        DesignStep::Export(format, path) => {
            let name = crate::level::Level::name_for(path);
            let dir = path.parent().map(PathBuf::from).unwrap_or_default();
            let level = g.level(&name).with_design(design.level_design(map));
            exports.start(level, *format, &dir);
        }
        DesignStep::Gallery => gallery.start(&settings),
        DesignStep::OpenGallery(k) => match gallery.boards.get(k - 1) {
            Some(b) => {
                out.write(DesignCommand::Open(b.tiles.clone()));
            }
            None => fail(format!("the gallery has {} boards", gallery.boards.len())),
        },
        DesignStep::PlayTest(n) => {
            if map.game == BoardGame::Catan {
                play.games = *n;
                play.bot = crate::boards::catan::play::Bot::Value;
                play.start(&map.tiles, &map.harbours, &settings);
            } else {
                fail("play-tests are for Catan boards".into());
            }
        }
        DesignStep::Save(path) => {
            let path = crate::level::level_path(path);
            super::save_level(&mut g, &design, &mut lib, path, false);
            if let Some(msg) = lib.save.message.text() {
                crate::app::shell::scripted::say(format_args!("edit: save: {msg}"));
                if lib.save.message.is_error() {
                    fail(msg.to_string());
                }
            }
        }
    }
    *last = Some(format!("{step:?}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_parse_and_bad_ones_say_what_is_allowed() {
        let steps = parse_steps(
            "wait; select 0,3; set lake; pin; pin 4,5; swap 1,1 2,2; evolve; undo; save x",
        )
        .unwrap();
        assert_eq!(steps.len(), 9);
        assert_eq!(steps[1], DesignStep::Select(0, 3));
        assert_eq!(steps[4], DesignStep::Pin(Some((4, 5))));
        assert_eq!(steps[5], DesignStep::Swap((1, 1), (2, 2)));
        let e = parse_steps("select 0;3").unwrap_err();
        assert!(e.contains("ROW,COL"), "{e}");
        assert_eq!(
            parse_steps("play-test 200").unwrap(),
            [DesignStep::PlayTest(200)]
        );
        let e = parse_steps("play-test 0").unwrap_err();
        assert!(e.contains("N from 1"), "{e}");
        let e = parse_steps("paint it").unwrap_err();
        assert!(e.contains("allowed: wait"), "{e}");
    }

    #[test]
    fn tile_names_give_codes() {
        assert_eq!(tile_code(BoardGame::TerraMystica, "lake", 0), Ok(3));
        assert!(tile_code(BoardGame::TerraMystica, "lava", 0).is_err());
        assert_eq!(tile_code(BoardGame::Catan, "hills:6", 0x08), Ok(0x36));
        assert_eq!(tile_code(BoardGame::Catan, "9", 0x36), Ok(0x39));
        assert_eq!(tile_code(BoardGame::Catan, "desert", 0x36), Ok(0x50));
        assert!(tile_code(BoardGame::Catan, "7", 0x36).is_err());
    }
}
