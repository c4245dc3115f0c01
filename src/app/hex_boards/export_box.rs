//! Export from the app: the board shown as PNG (print-ready), SVG, text or
//! a share code, written next to the levels under the save box's name
//! (atomic, never overwriting), the code shown to copy, and a code pasted
//! by a friend opened on the board. Exports run off the main thread (a
//! print-size PNG takes a moment to render).

use super::design::DesignCommand;
use crate::app::shell::StatusLine;
use crate::app::shell::export_job::{ExportJob, ExportOutcome, format_button};
use crate::app::shell::jobs::{self, JobSlot, ScreenJob};
use crate::boards::{BoardGame, code};
use crate::export::{self, Format};
use crate::level::Level;
use crate::plugin::JobPanicked;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::Path;

/// The export box's state.
#[derive(Resource, Default)]
pub struct ExportBox {
    /// A code typed or pasted by the user.
    pub paste: String,
    /// The export being written and the last outcome.
    pub job: ExportJob,
}

impl ExportBox {
    /// Whether an export is being written.
    pub fn busy(&self) -> bool {
        self.job.busy()
    }

    /// Write `level`'s board as `format` to `dir/NAME.EXT` on a background
    /// thread, refusing to replace a file.
    pub fn start(&mut self, level: Level, format: Format, dir: &Path) {
        let path = dir.join(format!("{}.{}", level.name, format.extension()));
        self.job.start(path, move || {
            let out = export::export(&level.map, format).map_err(|e| e.to_string())?;
            let size = match out.pixels {
                Some((w, h)) => format!("{w}×{h} px, {} bytes", out.bytes.len()),
                None => format!("{} bytes", out.bytes.len()),
            };
            Ok((out.bytes, size))
        });
    }
}

impl ScreenJob<ExportOutcome> for ExportBox {
    fn slot(&mut self) -> &mut JobSlot<ExportOutcome> {
        &mut self.job.job
    }
    fn finished(&mut self, outcome: Result<ExportOutcome, JobPanicked>) {
        self.job.finished(outcome);
    }
}

/// Registers the export box.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ExportBox>();
    jobs::add::<ExportBox, ExportOutcome>(app);
}

#[allow(clippy::too_many_arguments)]
/// Draw the export box: format buttons (named by the save box's name),
/// the share code and the paste field.
pub fn export_ui(
    ui: &mut egui::Ui,
    exports: &mut ExportBox,
    name: &str,
    game: BoardGame,
    tiles: &[u8],
    make: impl Fn(&str) -> Level,
    dir: &Path,
    out: &mut MessageWriter<DesignCommand>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Export as");
        for format in Format::HEX {
            let ok =
                !exports.busy() && crate::app::shell::save_box::check_name(name.trim()).is_ok();
            if format_button(ui, ok, format.name(), format.extension(), dir) {
                exports.start(make(name.trim()), format, dir);
            }
        }
    });
    if let Ok(c) = code::encode(game, tiles) {
        ui.horizontal(|ui| {
            ui.label("code");
            ui.monospace(&c);
            if ui.small_button("copy").clicked() {
                ui.ctx().copy_text(c.clone());
            }
        });
    }
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut exports.paste)
                .hint_text("paste a code")
                .desired_width(200.0),
        );
        if ui.button("Open").clicked() {
            match code::decode(exports.paste.trim()) {
                Ok((g, board)) if g == game && board.len() == tiles.len() => {
                    out.write(DesignCommand::Open(board));
                    exports.job.message = StatusLine::ok("opened the code's board");
                }
                Ok((g, _)) => {
                    exports.job.message = StatusLine::error(format!(
                        "that is a {} board: switch the game (and players) to it first",
                        g.name()
                    ));
                }
                Err(e) => exports.job.message = StatusLine::error(e.to_string()),
            }
        }
    });
    exports.job.message.show(ui);
}
