//! Side panels that collapse and resize the same way on every screen: a
//! resizable left or right panel with a « / » button that folds it to a
//! narrow strip (and back), so the map can take the window.

use bevy::prelude::*;
use bevy_egui::egui;
use std::collections::HashSet;

/// The width of a folded panel's strip, in logical pixels.
pub const STRIP: f32 = 26.0;

/// The narrowest a panel can be dragged to.
pub const MIN_WIDTH: f32 = 180.0;

/// Which edge of the window a panel sits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The left edge.
    Left,
    /// The right edge.
    Right,
}

/// Which side panels are folded (kept across screen switches).
#[derive(Resource, Default, Debug)]
pub struct SidePanels {
    /// Panels folded to a strip, by id.
    pub collapsed: HashSet<&'static str>,
    /// Every panel starts folded (`evoboard app --collapse-panels`).
    pub start_collapsed: bool,
    seen: HashSet<&'static str>,
}

impl SidePanels {
    /// Whether panel `id` is folded.
    pub fn is_collapsed(&self, id: &'static str) -> bool {
        self.collapsed.contains(id)
    }

    /// Fold panel `id` or open it again.
    pub fn toggle(&mut self, id: &'static str) {
        if !self.collapsed.remove(id) {
            self.collapsed.insert(id);
        }
    }
}

/// Show side panel `id` on `side` of `root` (`default_width` wide, at most;
/// the user may drag it narrower), with `add` inside when it is open; returns the
/// width it takes (the strip's when folded), for the panel insets.
pub fn side_panel<R>(
    root: &mut egui::Ui,
    panels: &mut SidePanels,
    side: Side,
    id: &'static str,
    default_width: f32,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> f32 {
    if panels.seen.insert(id) && panels.start_collapsed {
        panels.collapsed.insert(id);
    }
    let panel = |id: egui::Id| match side {
        Side::Left => egui::Panel::left(id),
        Side::Right => egui::Panel::right(id),
    };
    // The arrow points where the panel goes.
    let (fold, unfold) = match side {
        Side::Left => ("«", "»"),
        Side::Right => ("»", "«"),
    };
    let mut toggle = false;
    let width = if panels.is_collapsed(id) {
        panel(egui::Id::new(("side_panel", id, "folded")))
            .exact_size(STRIP)
            .resizable(false)
            .show(root, |ui| {
                toggle = ui
                    .small_button(unfold)
                    .on_hover_text("show the panel")
                    .clicked();
            })
    } else {
        // At most its default width, so at 1280 × 800 the board keeps at
        // least half of the window on every screen (narrower by dragging;
        // folded, the map takes the room).
        panel(egui::Id::new(("side_panel", id)))
            .default_size(default_width)
            .min_size(MIN_WIDTH)
            .max_size(default_width)
            .resizable(true)
            .show(root, |ui| {
                let layout = match side {
                    Side::Left => egui::Layout::right_to_left(egui::Align::Min),
                    Side::Right => egui::Layout::left_to_right(egui::Align::Min),
                };
                // Shorter sliders: a label, a slider and its value fit
                // the narrower panel.
                ui.spacing_mut().slider_width = 80.0;
                ui.with_layout(layout, |ui| {
                    toggle = ui
                        .small_button(fold)
                        .on_hover_text("fold the panel: the map takes its room")
                        .clicked();
                });
                add(ui);
            })
    }
    .response
    .rect
    .width();
    if toggle {
        panels.toggle(id);
    }
    width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggle_and_start_collapsed() {
        let mut p = SidePanels::default();
        p.toggle("a");
        assert!(p.is_collapsed("a"));
        p.toggle("a");
        assert!(!p.is_collapsed("a"));
        let mut p = SidePanels {
            start_collapsed: true,
            ..default()
        };
        let ctx = egui::Context::default();
        let mut out = ctx.run_ui(egui::RawInput::default(), |root| {
            let w = side_panel(root, &mut p, Side::Left, "a", 300.0, |_| {});
            assert!(w <= STRIP + 2.0, "{w}");
        });
        out.textures_delta.clear();
        assert!(p.is_collapsed("a"));
    }
}
