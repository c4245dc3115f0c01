//! What `evoboard export --json` prints: [`ExportReport`] for one file
//! (and a puzzle's solution page), [`PackReport`] for a dungeon's
//! `--pack`. Every JSON key is the field's name; keys that do not apply
//! to the map or format are left out.
//!
//! ```
//! use evoboard_core::export::report::ExportReport;
//! use evoboard_core::export::{DungeonOptions, Format, export_map};
//! use evoboard_core::boards::terra_mystica::TerraMysticaBoard;
//! use evoboard_core::map::LevelMap;
//! use std::path::Path;
//! let map = LevelMap::TerraMystica(TerraMysticaBoard::base_map());
//! let done = export_map(&map, Format::Svg, DungeonOptions::default()).unwrap();
//! let r = ExportReport::new(Path::new("tm.svg"), &map, Format::Svg, DungeonOptions::default(), &done, 3.0);
//! let json = serde_json::to_value(r).unwrap();
//! assert_eq!(json["format"], "svg");
//! assert!(json.get("view").is_none() && json.get("width").is_none());
//! ```

use super::dungeon::MapView;
use super::{DungeonOptions, Exported, Format};
use crate::map::LevelMap;
use serde::Serialize;
use std::path::Path;

/// `export --json`: the file written, and what the map and format add.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExportReport {
    /// The file written.
    pub out: String,
    /// Its size in bytes.
    pub bytes: usize,
    /// The format (`png`, `svg`, `text`, `code`, `vtt`, `key`, `pdf`).
    pub format: &'static str,
    /// Wall time in milliseconds.
    pub elapsed_ms: f64,
    /// A dungeon's png, svg, vtt or pdf: whose map (`gm`, `players`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<&'static str>,
    /// A dungeon's png, svg, vtt or pdf: the colours (`colour`, `ink`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub style_print: Option<&'static str>,
    /// A dungeon's pdf: the paper (`a4`, `letter`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paper: Option<&'static str>,
    /// A dungeon's pdf: its pages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pages: Option<usize>,
    /// A dungeon: pixels per cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pixels_per_cell: Option<u32>,
    /// A png: width in pixels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// A png: height in pixels.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// A puzzle's png or svg: the solution page's file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_out: Option<String>,
    /// Its size in bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_bytes: Option<usize>,
}

/// Pages of a PDF made by [`super::pdf`] (`None` without the `pdf`
/// feature, where no PDF is made).
fn pdf_pages(bytes: &[u8]) -> Option<usize> {
    #[cfg(feature = "pdf")]
    {
        Some(super::pdf::page_count(bytes))
    }
    #[cfg(not(feature = "pdf"))]
    {
        let _ = bytes;
        None
    }
}

impl ExportReport {
    /// The report of `done`, `map` exported as `format` with `options`
    /// and written to `out`; add a puzzle's solution page with
    /// [`ExportReport::with_solution`].
    pub fn new(
        out: &Path,
        map: &LevelMap,
        format: Format,
        options: DungeonOptions,
        done: &Exported,
        elapsed_ms: f64,
    ) -> ExportReport {
        let mut r = ExportReport {
            out: out.display().to_string(),
            bytes: done.bytes.len(),
            format: format.name(),
            elapsed_ms,
            view: None,
            style_print: None,
            paper: None,
            pages: None,
            pixels_per_cell: None,
            width: done.pixels.map(|(w, _)| w),
            height: done.pixels.map(|(_, h)| h),
            solution_out: None,
            solution_bytes: None,
        };
        if let LevelMap::Dungeon(_) = map {
            let drawn = matches!(
                format,
                Format::Png | Format::Svg | Format::Vtt | Format::Pdf
            );
            if drawn {
                r.view = Some(options.view_for(format).name());
                r.style_print = Some(options.style.name());
            }
            if format == Format::Pdf {
                r.paper = Some(options.paper.unwrap_or_default().name());
                r.pages = pdf_pages(&done.bytes);
            }
            r.pixels_per_cell = Some(options.pixels_per_cell());
        }
        r
    }

    /// The report with a puzzle's solution page, written to `path`.
    pub fn with_solution(self, path: &Path, solution: &Exported) -> ExportReport {
        ExportReport {
            solution_out: Some(path.display().to_string()),
            solution_bytes: Some(solution.bytes.len()),
            ..self
        }
    }
}

/// One file of a dungeon's pack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackFileReport {
    /// The file written.
    pub out: String,
    /// Its format.
    pub format: &'static str,
    /// Whose map (`gm`, `players`).
    pub view: &'static str,
    /// Its size in bytes.
    pub bytes: usize,
}

impl PackFileReport {
    /// `done`, exported as `format` for `view` and written to `out`.
    pub fn new(out: &Path, format: Format, view: MapView, done: &Exported) -> PackFileReport {
        PackFileReport {
            out: out.display().to_string(),
            format: format.name(),
            view: view.name(),
            bytes: done.bytes.len(),
        }
    }
}

/// `export DUNGEON --pack DIR --json`: the folder and every file in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PackReport {
    /// The folder written to.
    pub pack: String,
    /// Every file, in the order written.
    pub files: Vec<PackFileReport>,
}

impl PackReport {
    /// The pack of `files` in `dir`.
    pub fn new(dir: &Path, files: Vec<PackFileReport>) -> PackReport {
        PackReport {
            pack: dir.display().to_string(),
            files,
        }
    }
}

#[cfg(test)]
mod tests;
