//! The gallery window: K perfect boards spread along two axes the designer
//! picks ([`crate::boards::gallery::GalleryRequest`], the command line's
//! `generate --gallery`: a quality-diversity search
//! over our own search), filled by a background job and shown as
//! thumbnails with their axis values; clicking one opens it on the board
//! (an edit that undo takes back).

use super::design::DesignCommand;
use super::runtime::BoardSettings;
use crate::app::shell::jobs::{JobSlot, ScreenJob, panicked};
use crate::boards::gallery::{Descriptor, GalleryBoard, GalleryRequest};
use crate::boards::{BoardGame, Scoring};
use crate::plugin::{HexBoardMap, JobPanicked, tile_colour};
use bevy::prelude::*;
use bevy_egui::egui;

/// Boards a gallery shows.
pub const GALLERY_SIZE: usize = 8;

/// The gallery window's state.
#[derive(Resource, Default)]
pub struct GalleryView {
    /// Whether the window is open.
    pub open: bool,
    /// The two axes (the game's defaults until the designer picks).
    pub axes: Option<[Descriptor; 2]>,
    /// The boards of the last gallery, for `game`.
    pub boards: Vec<GalleryBoard>,
    /// The game the boards are of.
    pub game: Option<BoardGame>,
    /// A line about the last run (or why it failed).
    pub status: String,
    job: JobSlot<GalleryOutcome>,
}

/// A filled gallery: its boards and a line about the run, or why there is
/// none.
pub type GalleryOutcome = Result<(Vec<GalleryBoard>, String), String>;

impl GalleryView {
    /// Whether a gallery is being filled.
    pub fn busy(&self) -> bool {
        self.job.busy()
    }

    /// Start filling a gallery for the current settings, off the main
    /// thread.
    pub fn start(&mut self, settings: &BoardSettings) {
        let game = settings.game;
        let axes = self
            .axes
            .filter(|a| a[0].game() == game)
            .unwrap_or_else(|| Descriptor::default_axes(game));
        self.axes = Some(axes);
        self.open = true;
        self.boards.clear();
        self.game = Some(game);
        self.status = "filling the gallery …".into();
        let (scoring, seed): (Scoring, u64) = (settings.scoring, settings.seed);
        let variant = settings.variant.clone();
        // The command line's gallery (`generate --gallery K`), with this
        // screen's board and a fixed budget.
        let request = GalleryRequest {
            scoring,
            axes,
            variant,
            candidates: 256,
            ..GalleryRequest::new(game, GALLERY_SIZE, seed)
        };
        self.job.start("gallery", move || {
            let run = request.run().map_err(|e| e.to_string())?;
            let p = run.gallery.progress();
            Ok((
                run.boards,
                format!(
                    "{} perfect boards from {} candidates fill {} of {} cells · {:.0} ms",
                    p.perfect,
                    p.candidates,
                    p.filled,
                    p.cells,
                    run.elapsed.as_secs_f64() * 1000.0
                ),
            ))
        });
    }
}

impl ScreenJob<GalleryOutcome> for GalleryView {
    fn slot(&mut self) -> &mut JobSlot<GalleryOutcome> {
        &mut self.job
    }
    fn finished(&mut self, outcome: Result<GalleryOutcome, JobPanicked>) {
        match outcome {
            Ok(Ok((boards, status))) => {
                self.boards = boards;
                self.status = status;
            }
            Ok(Err(e)) => self.status = format!("no gallery: {e}"),
            Err(why) => self.status = panicked("gallery", &why),
        }
    }
}

/// Registers the gallery.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GalleryView>();
    crate::app::shell::jobs::add::<GalleryView, GalleryOutcome>(app);
}

/// The gallery window.
pub fn gallery_window(
    ctx: &egui::Context,
    view: &mut GalleryView,
    settings: &BoardSettings,
    out: &mut MessageWriter<DesignCommand>,
) {
    let mut open = view.open;
    egui::Window::new("Gallery: perfect boards, spread out")
        .open(&mut open)
        .default_width(660.0)
        .show(ctx, |ui| {
            let game = settings.game;
            let mut axes = view
                .axes
                .filter(|a| a[0].game() == game)
                .unwrap_or_else(|| Descriptor::default_axes(game));
            ui.horizontal(|ui| {
                for (k, axis) in axes.iter_mut().enumerate() {
                    egui::ComboBox::from_id_salt(("axis", k))
                        .selected_text(axis.name())
                        .show_ui(ui, |ui| {
                            for d in Descriptor::for_game(game) {
                                ui.selectable_value(axis, d, d.name())
                                    .on_hover_text(d.help());
                            }
                        });
                }
                let distinct = axes[0] != axes[1];
                if ui
                    .add_enabled(distinct && !view.busy(), egui::Button::new("Fill"))
                    .clicked()
                {
                    view.axes = Some(axes);
                    view.start(settings);
                }
            });
            view.axes = Some(axes);
            ui.label(&view.status);
            if view.game != Some(game) {
                return;
            }
            egui::Grid::new("gallery").num_columns(4).show(ui, |ui| {
                let map = view
                    .boards
                    .first()
                    .map(|b| HexBoardMap::new(game, b.tiles.clone()));
                for (k, b) in view.boards.iter().enumerate() {
                    ui.vertical(|ui| {
                        let clicked = map.as_ref().is_some_and(|m| thumbnail(ui, m, &b.tiles));
                        ui.small(format!(
                            "{} {} · {} {}",
                            axes[0].name(),
                            value(axes[0], b.descriptors[0]),
                            axes[1].name(),
                            value(axes[1], b.descriptors[1])
                        ));
                        if clicked {
                            out.write(DesignCommand::Open(b.tiles.clone()));
                        }
                    });
                    if k % 4 == 3 {
                        ui.end_row();
                    }
                }
            });
        });
    view.open = open;
}

fn value(d: Descriptor, v: f64) -> String {
    if d.is_integer() {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}

/// Draw `tiles` in the layout of `map` as a small picture; whether it was
/// clicked.
fn thumbnail(ui: &mut egui::Ui, map: &HexBoardMap, tiles: &[u8]) -> bool {
    let (w, h) = (150.0, 108.0);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(w, h), egui::Sense::click());
    // The picture is scaled to fit: lay it out with hexes of unit size.
    let size = 1.0;
    let half = map.half_extent(size);
    let scale = (w / (2.0 * half.x)).min(h / (2.0 * half.y)) * 0.95;
    let painter = ui.painter_at(rect);
    let r = size * scale;
    for (i, &code) in tiles.iter().enumerate() {
        let p = map.position(i, size);
        let centre = rect.center() + egui::vec2(p.x * scale, -p.y * scale);
        let points = (0..6)
            .map(|k| {
                let a = std::f32::consts::PI / 6.0 + k as f32 * std::f32::consts::PI / 3.0;
                centre + egui::vec2(a.cos() * r * 0.95, a.sin() * r * 0.95)
            })
            .collect();
        let c = tile_colour(map.game, code).to_srgba();
        let fill = egui::Color32::from_rgb(
            (c.red * 255.0) as u8,
            (c.green * 255.0) as u8,
            (c.blue * 255.0) as u8,
        );
        painter.add(egui::Shape::convex_polygon(
            points,
            fill,
            egui::Stroke::NONE,
        ));
    }
    if response.hovered() {
        painter.rect_stroke(
            rect,
            4.0,
            egui::Stroke::new(2.0, egui::Color32::YELLOW),
            egui::StrokeKind::Inside,
        );
    }
    response.on_hover_text("open this board").clicked()
}
