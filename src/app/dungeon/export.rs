//! "Export as" for the edited dungeon: PNG (70 px per cell, the virtual
//! tabletop grid), SVG, Universal VTT (`.dd2vtt`) and the Markdown room key
//! (`.key.md`), written next to the levels under the save box's name, off
//! the main thread, atomically and never over an existing file.

use crate::app::shell::export_job::{ExportJob, ExportOutcome, format_button};
use crate::app::shell::jobs::{self, JobSlot, ScreenJob};
use crate::dungeon::Dungeon;
use crate::plugin::JobPanicked;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::{Path, PathBuf};

/// Pixels per cell of the PNG and the VTT image (the usual tabletop grid).
pub const PIXELS_PER_CELL: u32 = 70;

/// What a dungeon exports as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DungeonFormat {
    /// A PNG image.
    Png,
    /// An SVG drawing.
    Svg,
    /// Universal VTT JSON with walls, doors, lights and the image.
    Vtt,
    /// A Markdown room key.
    Key,
}

impl DungeonFormat {
    /// Every format, in the panel's order.
    pub const ALL: [DungeonFormat; 4] = [
        DungeonFormat::Png,
        DungeonFormat::Svg,
        DungeonFormat::Vtt,
        DungeonFormat::Key,
    ];

    /// Name in the panel and in scripts.
    pub fn name(self) -> &'static str {
        match self {
            DungeonFormat::Png => "png",
            DungeonFormat::Svg => "svg",
            DungeonFormat::Vtt => "vtt",
            DungeonFormat::Key => "key",
        }
    }

    /// The file name's ending.
    pub fn extension(self) -> &'static str {
        match self {
            DungeonFormat::Png => "png",
            DungeonFormat::Svg => "svg",
            DungeonFormat::Vtt => "dd2vtt",
            DungeonFormat::Key => "key.md",
        }
    }

    /// `png`, `svg`, `vtt` or `key`; the error says what is allowed.
    pub fn parse(s: &str) -> Result<DungeonFormat, String> {
        DungeonFormat::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("unknown dungeon export '{s}'; allowed: png, svg, vtt, key"))
    }

    /// `path` with this format's ending added (`out/x` → `out/x.dd2vtt`).
    pub fn path(self, path: &Path) -> PathBuf {
        let mut s = path.as_os_str().to_owned();
        s.push(".");
        s.push(self.extension());
        PathBuf::from(s)
    }
}

/// The bytes of `d` as `format` and a size note.
pub fn render(d: &Dungeon, format: DungeonFormat) -> Result<(Vec<u8>, String), String> {
    use crate::export::dungeon as ex;
    let ppc = PIXELS_PER_CELL;
    let bytes = match format {
        DungeonFormat::Png => ex::png(d, ppc).map_err(|e| e.to_string())?,
        DungeonFormat::Svg => ex::svg(d, ppc).map_err(|e| e.to_string())?.into_bytes(),
        DungeonFormat::Vtt => ex::vtt(d, ppc).map_err(|e| e.to_string())?.into_bytes(),
        DungeonFormat::Key => ex::room_key(d).into_bytes(),
    };
    let note = match format {
        DungeonFormat::Png => format!(
            "{}×{} px, {} bytes",
            d.width() as u32 * PIXELS_PER_CELL,
            d.height() as u32 * PIXELS_PER_CELL,
            bytes.len()
        ),
        _ => format!("{} bytes", bytes.len()),
    };
    Ok((bytes, note))
}

/// The dungeon screen's export box.
#[derive(Resource, Default)]
pub struct DungeonExport(pub ExportJob);

impl DungeonExport {
    /// Export `d` as `format` to `path` (the ending added).
    pub fn start(&mut self, d: &Dungeon, format: DungeonFormat, path: &Path) {
        let d = d.clone();
        self.0.start(format.path(path), move || render(&d, format));
    }
}

impl ScreenJob<ExportOutcome> for DungeonExport {
    fn slot(&mut self) -> &mut JobSlot<ExportOutcome> {
        &mut self.0.job
    }
    fn finished(&mut self, outcome: Result<ExportOutcome, JobPanicked>) {
        self.0.finished(outcome);
    }
}

/// Registers the export box.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DungeonExport>();
    jobs::add::<DungeonExport, ExportOutcome>(app);
}

/// The "Export as" buttons (named by the save box's `name`, written to
/// `dir`) and the last outcome.
pub fn export_ui(
    ui: &mut egui::Ui,
    exports: &mut DungeonExport,
    d: &Dungeon,
    name: &str,
    dir: &Path,
) {
    let name = name.trim();
    let ok = !exports.0.busy() && crate::app::shell::save_box::check_name(name).is_ok();
    ui.horizontal_wrapped(|ui| {
        ui.label("Export as");
        for format in DungeonFormat::ALL {
            if format_button(ui, ok, format.name(), format.extension(), dir) {
                exports.start(d, format, &dir.join(name));
            }
        }
    });
    exports.0.message.show(ui);
}
