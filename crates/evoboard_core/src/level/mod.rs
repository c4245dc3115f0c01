//! The versioned RON level format (`levels/NAME.level.ron`), the builders that make
//! a level of each kind ([`Level::hex_board`], [`Level::dungeon`],
//! [`Level::puzzle`]); they are saved with [`crate::files::write_atomic`]
//! (re-exported here).
//!
//! A level is self-describing: the format version, the game kind (the
//! variant of [`LevelMap`]), the map itself, the generator that made it
//! (algorithm, parameters, seed, rules) and its scores. Other Bevy games
//! load it through the plugin's asset loader; the CLI and the app write it
//! with [`write_atomic`], which never overwrites silently.
//!
//! ```ron
//! Level(
//!     version: 2,
//!     name: "river-delta",
//!     map: TerraMystica((rows: [[Plains, River, …], …])),
//!     generator: (algorithm: "best", seed: 7, rules: Some(Strict), params: [("noise", 0.05)]),
//!     scores: (total: 0, violations: [("req1", 0), …]),
//! )
//! ```
//!
//! A game asks a loaded map questions in its own terms: hex boards by
//! `hexx` coordinates (the plugin's tilemap layout), dungeons by cell
//! (`x` column, `y` row, row 0 at the top), puzzles by (row, column).
//!
//! ```
//! use evoboard_core::boards::terra_mystica::{TerraMysticaBoard, Terrain};
//! use evoboard_core::level::{Level, LevelMap, LevelOrigin, Scores};
//! let map = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
//! let saved = Level::new("base", map, LevelOrigin::default(), Scores::default()).to_ron();
//! let level = Level::from_ron(&saved).unwrap();
//! match &level.map {
//!     LevelMap::TerraMystica(board) => {
//!         let hex = board.hex(1, 1).unwrap();
//!         assert_eq!(board.terrain_at(hex), Some(Terrain::River));
//!         let by_water = board.neighbours(hex).filter(|&(_, t)| t == Terrain::River);
//!         assert_eq!(by_water.count(), 2);
//!     }
//!     LevelMap::Catan(island) => println!("{:?}", island.number_at(hexx::Hex::ZERO)),
//!     LevelMap::Dungeon(dungeon) => println!("{:?}", dungeon.entrance_room()),
//!     LevelMap::Puzzle(puzzle) => println!("{:?}", puzzle.cell(0, 0)),
//! }
//! ```

use crate::boards::BoardGame;
use crate::boards::terra_mystica::Rules;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::Path;

mod build;
mod check;
mod design;
#[cfg(test)]
mod domain_tests;
mod recipe;

pub use crate::files::{SaveError, write_atomic};
use crate::invalid::{Invalid, Part};
pub use crate::map::LevelMap;
pub use build::{DUNGEON_ALGORITHM, hand_level};
pub use check::{
    check_board_settings, check_dungeon, check_dungeon_settings, check_puzzle_settings,
};
pub use design::{BoardDesign, EditSummary};
pub use recipe::{
    DungeonRecipe, HexBoardRecipe, PuzzleRecipe, Recipe, RecipeError, RecipeProgress, RecipeStage,
};

/// The extension level files carry (`NAME.level.ron`): the plugin's asset
/// loader claims only this one, so other RON assets of a game keep theirs.
pub const LEVEL_EXTENSION: &str = "level.ron";

/// [`LEVEL_EXTENSION`] with its leading dot.
pub const LEVEL_SUFFIX: &str = ".level.ron";

/// Whether `path` names a level file (`*.level.ron`).
pub fn is_level_file(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().ends_with(LEVEL_SUFFIX))
}

/// Where a level asked to be written at `path` goes: `path` itself when it
/// ends in `.level.ron`; otherwise `.level.ron` replaces a plain `.ron`
/// extension or is added (`mine` and `mine.ron` both become
/// `mine.level.ron`), so every level evoboard writes is one a game's asset
/// loader picks up.
///
/// ```
/// use evoboard_core::level::level_path;
/// use std::path::{Path, PathBuf};
/// assert_eq!(level_path(Path::new("levels/a.level.ron")), PathBuf::from("levels/a.level.ron"));
/// assert_eq!(level_path(Path::new("levels/a.ron")), PathBuf::from("levels/a.level.ron"));
/// assert_eq!(level_path(Path::new("a")), PathBuf::from("a.level.ron"));
/// ```
pub fn level_path(path: &Path) -> std::path::PathBuf {
    if is_level_file(path) {
        return path.to_path_buf();
    }
    let name = Level::name_for(path);
    path.with_file_name(format!("{name}{LEVEL_SUFFIX}"))
}

/// The version this build writes. Version 2 added the hex-board design
/// ([`Level::design`]: pins, player count, edit summary).
pub const LEVEL_VERSION: u32 = 2;

/// The versions this build reads: version-1 files (no design) still load.
pub const READABLE_VERSIONS: std::ops::RangeInclusive<u32> = 1..=LEVEL_VERSION;

/// A saved map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Level {
    /// Format version ([`LEVEL_VERSION`]).
    pub version: u32,
    /// The name the user gave it.
    pub name: String,
    /// The map, tagged with its game.
    pub map: LevelMap,
    /// What made it.
    pub generator: LevelOrigin,
    /// Its scores.
    pub scores: Scores,
    /// How a designer shaped it (hex boards; absent in version-1 files and
    /// in generated levels without pins or edits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<BoardDesign>,
}

/// The generator settings that made a level (written as `Generator(…)` in
/// the file).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename = "Generator")]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct LevelOrigin {
    /// Algorithm name (`best`, `brkga`, …).
    pub algorithm: String,
    /// The seed.
    pub seed: u64,
    /// The rule set (hex boards).
    #[serde(default)]
    pub rules: Option<Rules>,
    /// Parameter values by name.
    #[serde(default)]
    pub params: Vec<(String, f64)>,
}

/// A level's scores.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Scores {
    /// Total score (violations: 0 is perfect).
    pub total: f64,
    /// Counts per requirement by name (`req1`…, `r1`…).
    #[serde(default)]
    pub violations: Vec<(String, u32)>,
}

/// Why a level could not be read: where (file, line, column) and what.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelError {
    /// The file, when the level was read from one.
    pub file: Option<std::path::PathBuf>,
    /// 1-based line of the problem (0 when not tied to a line).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What was wrong and what was expected.
    pub message: String,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", file.display())?;
        }
        if self.line > 0 {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.message
            )
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for LevelError {}

#[derive(Deserialize)]
#[serde(rename = "Level")]
struct VersionProbe {
    version: u32,
}

fn ron_error(text: &str, e: ron::error::SpannedError) -> LevelError {
    let field = field_at(text, e.span.start.line, e.span.start.col)
        .map(|f| format!("field `{f}`: "))
        .unwrap_or_default();
    LevelError {
        file: None,
        line: e.span.start.line,
        column: e.span.start.col,
        message: format!(
            "{field}{}; expected a level: Level(version: {LEVEL_VERSION}, name: \"…\", map: TerraMystica(…), Catan(…), Dungeon(…) or Puzzle(…), generator: (…), scores: (…))",
            escape_shown(&e.code.to_string())
        ),
    }
}

/// `s` with every control, bidi, line-separator or invisible character
/// written as `\u{…}`, so a parse error that quotes a file's character
/// cannot drive or disguise the terminal.
fn escape_shown(s: &str) -> String {
    s.chars()
        .map(|c| {
            let hidden = c.is_control()
                || matches!(c, '\u{61c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
                    | '\u{2060}'..='\u{2069}' | '\u{3164}' | '\u{2800}' | '\u{feff}');
            if hidden {
                format!("\\u{{{:x}}}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// The name of the last `field:` that starts before 1-based `line` and
/// `column` of `text`, so a parse error can say which field it is in.
fn field_at(text: &str, line: usize, column: usize) -> Option<String> {
    let mut end = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            end += l
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(l.len(), |(b, _)| b);
            break;
        }
        end += l.len();
    }
    let before = &text[..end.min(text.len())];
    let bytes = before.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    for (i, _) in before.rmatch_indices(':') {
        let Some(start) = (0..i).rev().take_while(|&k| ident(bytes[k])).last() else {
            continue;
        };
        if bytes[start].is_ascii_alphabetic() && bytes.get(i + 1) != Some(&b':') {
            return Some(before[start..i].to_string());
        }
    }
    None
}

impl Level {
    /// A level of the current version.
    pub fn new(name: &str, map: LevelMap, generator: LevelOrigin, scores: Scores) -> Level {
        Level {
            version: LEVEL_VERSION,
            name: name.to_string(),
            map,
            generator,
            scores,
            design: None,
        }
    }

    /// This level with `design` (`None` when the design is empty: no pins,
    /// no player count, no edits). A design without a player count keeps
    /// the one the level has (Catan levels record theirs).
    pub fn with_design(mut self, mut design: BoardDesign) -> Level {
        if design.players.is_none() {
            design.players = self.design.as_ref().and_then(|d| d.players.clone());
        }
        self.design = (design != BoardDesign::default()).then_some(design);
        self
    }

    /// The level name for a file: its name without `.level.ron` (or
    /// without its last extension, for other names).
    ///
    /// ```
    /// use evoboard_core::level::Level;
    /// use std::path::Path;
    /// assert_eq!(Level::name_for(Path::new("levels/crypt.level.ron")), "crypt");
    /// assert_eq!(Level::name_for(Path::new("old.ron")), "old");
    /// ```
    pub fn name_for(path: &Path) -> String {
        let file = path
            .file_name()
            .map_or_else(|| "level".into(), |s| s.to_string_lossy().into_owned());
        if let Some(stem) = file.strip_suffix(LEVEL_SUFFIX) {
            return stem.to_string();
        }
        path.file_stem()
            .map_or_else(|| "level".into(), |s| s.to_string_lossy().into_owned())
    }

    /// Parse RON text, checking the version first; then validate the map.
    pub fn from_ron(text: &str) -> Result<Level, LevelError> {
        let probe: VersionProbe = ron::from_str(text).map_err(|e| ron_error(text, e))?;
        if !READABLE_VERSIONS.contains(&probe.version) {
            let line = text
                .lines()
                .position(|l| l.contains("version"))
                .map_or(0, |p| p + 1);
            return Err(LevelError {
                file: None,
                line,
                column: 1,
                message: format!(
                    "level format version {} is not supported; this evoboard reads versions {} to {}",
                    probe.version,
                    READABLE_VERSIONS.start(),
                    READABLE_VERSIONS.end()
                ),
            });
        }
        let level: Level = ron::from_str(text).map_err(|e| ron_error(text, e))?;
        level.validate().map_err(|e| LevelError {
            file: None,
            line: 0,
            column: 0,
            message: e.message,
        })?;
        Ok(level)
    }

    /// Check the map's shape and tile set (a puzzle: every field,
    /// [`crate::puzzle::Puzzle::validate`]).
    pub fn validate(&self) -> Result<(), Invalid> {
        let board = |e| Invalid::new(Part::Board, String::from(e));
        match &self.map {
            LevelMap::TerraMystica(b) => {
                b.map_grid().map(|_| ()).map_err(board)?;
                check_board_settings(
                    BoardGame::TerraMystica,
                    &self.generator.algorithm,
                    &self.generator.params,
                )
            }
            LevelMap::Catan(b) => {
                b.validate().map_err(board)?;
                check_board_settings(
                    BoardGame::Catan,
                    &self.generator.algorithm,
                    &self.generator.params,
                )
            }
            LevelMap::Dungeon(d) => {
                check_dungeon(d)?;
                check_dungeon_settings(&self.generator.params)
            }
            LevelMap::Puzzle(p) => {
                p.validate()?;
                check_puzzle_settings(&self.generator.params)
            }
        }
    }

    /// Pretty RON text.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(3)
            .struct_names(true);
        ron::ser::to_string_pretty(self, cfg).expect("levels serialise")
    }

    /// Read and parse a file; errors name the file.
    pub fn load(path: &Path) -> Result<Level, LevelError> {
        let text = crate::files::read_text(path).map_err(|e| LevelError {
            file: Some(path.to_path_buf()),
            line: 0,
            column: 0,
            message: format!("cannot read it: {e}"),
        })?;
        Level::from_ron(&text).map_err(|e| LevelError {
            file: Some(path.to_path_buf()),
            ..e
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::{CatanBoard, standard_codes};
    use crate::boards::terra_mystica::TerraMysticaBoard;

    fn tm_level() -> Level {
        Level {
            version: LEVEL_VERSION,
            name: "base".into(),
            map: LevelMap::TerraMystica(TerraMysticaBoard::base_map()),
            generator: LevelOrigin {
                algorithm: "best".into(),
                seed: 3,
                rules: Some(Rules::Published),
                params: vec![("noise".into(), 0.05)],
            },
            scores: Scores {
                total: 9.0,
                violations: vec![("req2".into(), 3), ("req4".into(), 6)],
            },
            design: None,
        }
    }

    #[test]
    fn round_trip() {
        for level in [
            tm_level(),
            Level {
                map: LevelMap::Catan(CatanBoard::decode(&standard_codes())),
                ..tm_level()
            },
        ] {
            let text = level.to_ron();
            assert_eq!(Level::from_ron(&text).unwrap(), level);
        }
    }

    #[test]
    fn malformed_files_name_the_line() {
        let text = tm_level().to_ron();
        let broken = text.replacen("Plains", "Plainz", 1);
        let err = Level::from_ron(&broken).unwrap_err();
        let bad_line = broken.lines().position(|l| l.contains("Plainz")).unwrap() + 1;
        assert_eq!(err.line, bad_line, "{err}");
        assert!(err.to_string().contains("Plainz"), "{err}");
        let err = Level::from_ron("Level(version: 1, name: \"x\"").unwrap_err();
        assert!(err.line >= 1, "{err}");
        let err = Level::from_ron(&text.replacen("version: 2", "version: 7", 1)).unwrap_err();
        assert!(
            err.message.contains("version 7") && err.message.contains("versions 1 to 2"),
            "{err}"
        );
        assert_eq!(err.line, 2);
    }

    #[test]
    fn designs_round_trip_and_version_1_files_still_load() {
        let designed = tm_level().with_design(BoardDesign {
            pinned: vec![(0, 1), (8, 12)],
            players: None,
            edits: EditSummary {
                tiles_set: 3,
                swaps: 2,
                pin_changes: 2,
                searches: 1,
                undos: 1,
            },
        });
        let text = designed.to_ron();
        assert!(
            text.contains("version: 2") && text.contains("pinned"),
            "{text}"
        );
        assert_eq!(Level::from_ron(&text).unwrap(), designed);
        // An empty design is not written.
        assert_eq!(tm_level().with_design(BoardDesign::default()).design, None);
        // The shipped demo levels are version-1 files.
        for demo in ["terra-mystica", "catan", "dungeon"] {
            let path = format!(
                "{}/../../levels/demo-{demo}.level.ron",
                env!("CARGO_MANIFEST_DIR")
            );
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                text.contains("version: 1"),
                "{path} is no longer a version-1 file"
            );
            let level = Level::from_ron(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(level.version, 1);
            assert_eq!(level.design, None);
        }
    }

    #[test]
    fn dungeons_and_puzzles_round_trip_as_levels() {
        let params = crate::dungeon::DungeonParams::for_size(crate::dungeon::Size::Small);
        let d = crate::dungeon::generate(&params, 3).unwrap().remove(0);
        let p = crate::puzzle::generate(6, 6, crate::puzzle::Difficulty::Easy, 3).unwrap();
        for map in [LevelMap::Dungeon(d), LevelMap::Puzzle(p)] {
            let level = Level::new("x", map, LevelOrigin::default(), Scores::default());
            assert_eq!(Level::from_ron(&level.to_ron()).unwrap(), level);
        }
    }

    #[test]
    fn invalid_maps_are_rejected() {
        let mut level = Level {
            map: LevelMap::Catan(CatanBoard::decode(&standard_codes())),
            ..tm_level()
        };
        if let LevelMap::Catan(b) = &mut level.map {
            b.rows[1].pop();
        }
        let err = Level::from_ron(&level.to_ron()).unwrap_err();
        assert!(err.message.contains("3, 4, 5, 4, 3"), "{err}");
    }
}
