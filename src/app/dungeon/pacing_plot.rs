//! The pacing plot: challenge and reward room by room along the main path
//! (entrance first, final room last; the x axis is lettered with the
//! rooms), then the side rooms as separate points after a gap.

use crate::dungeon::Dungeon;
use bevy_egui::egui;
use egui_plot::{Corner, GridMark, Legend, Line, MarkerShape, Plot, PlotPoints, Points};

const CHALLENGE: egui::Color32 = egui::Color32::from_rgb(230, 70, 60);
const REWARD: egui::Color32 = egui::Color32::from_rgb(245, 200, 40);

/// Room letters along the plot's x axis: the main path at 0, 1, …, the
/// side rooms after one empty step. `(x, letter)`.
pub fn axis_letters(d: &Dungeon) -> Vec<(f64, char)> {
    let n = d.pacing.main_path.len();
    let letter = |i: usize| d.rooms.get(i).map_or('?', |r| r.letter);
    let main = d.pacing.main_path.iter().enumerate();
    let side = d.pacing.side_rooms.iter().enumerate();
    main.map(|(k, s)| (k as f64, letter(s.room)))
        .chain(side.map(|(k, s)| ((n + 1 + k) as f64, letter(s.room))))
        .collect()
}

/// Draw the plot (nothing when the dungeon has no pacing yet).
pub fn pacing_ui(ui: &mut egui::Ui, d: &Dungeon) {
    let p = &d.pacing;
    if p.main_path.is_empty() {
        return;
    }
    ui.label("Pacing: challenge and reward along the main path, then side rooms")
        .on_hover_text(
            "the main path runs from the entrance to the final room (the boss); \
             side rooms are optional risk for better loot",
        );
    let letters = axis_letters(d);
    let n = p.main_path.len();
    let along = |f: fn(&crate::dungeon::PacingStep) -> u32| -> PlotPoints {
        p.main_path
            .iter()
            .enumerate()
            .map(|(k, s)| [k as f64, f(s) as f64])
            .collect()
    };
    let side = |f: fn(&crate::dungeon::PacingStep) -> u32| -> PlotPoints {
        p.side_rooms
            .iter()
            .enumerate()
            .map(|(k, s)| [(n + 1 + k) as f64, f(s) as f64])
            .collect()
    };
    // Headroom above the highest point for the legend.
    let top = p
        .main_path
        .iter()
        .chain(&p.side_rooms)
        .map(|s| s.challenge.max(s.reward))
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    // The legend goes in the top corner over the lower half of the data.
    let points = p.main_path.iter().enumerate();
    let sides = p.side_rooms.iter().enumerate().map(|(k, s)| (n + 1 + k, s));
    let half = (n + p.side_rooms.len()) as f64 / 2.0;
    let (mut left, mut right) = (0, 0);
    for (x, s) in points.chain(sides) {
        let v = s.challenge.max(s.reward);
        if (x as f64) < half {
            left = left.max(v);
        } else {
            right = right.max(v);
        }
    }
    let corner = if left <= right {
        Corner::LeftTop
    } else {
        Corner::RightTop
    };
    let labels = letters.clone();
    let marks = letters.clone();
    Plot::new("dungeon_pacing")
        .height(170.0)
        .legend(Legend::default().position(corner))
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .include_y(0.0)
        .include_y(top * 1.8)
        // One mark per room, each labelled with its letter.
        .x_grid_spacer(move |_| {
            marks
                .iter()
                .map(|&(value, _)| GridMark {
                    value,
                    step_size: 10.0,
                })
                .collect()
        })
        .x_axis_formatter(move |mark, _| {
            labels
                .iter()
                .find(|(x, _)| (x - mark.value).abs() < 0.01)
                .map(|(_, l)| l.to_string())
                .unwrap_or_default()
        })
        .show(ui, |plot| {
            plot.line(Line::new("challenge", along(|s| s.challenge)).color(CHALLENGE));
            plot.line(Line::new("reward", along(|s| s.reward)).color(REWARD));
            plot.points(
                Points::new("challenge", along(|s| s.challenge))
                    .color(CHALLENGE)
                    .radius(3.0),
            );
            plot.points(
                Points::new("reward", along(|s| s.reward))
                    .color(REWARD)
                    .shape(MarkerShape::Diamond)
                    .radius(3.5),
            );
            if !p.side_rooms.is_empty() {
                plot.points(
                    Points::new("side: challenge", side(|s| s.challenge))
                        .color(CHALLENGE)
                        .shape(MarkerShape::Square)
                        .filled(false)
                        .radius(4.0),
                );
                plot.points(
                    Points::new("side: reward", side(|s| s.reward))
                        .color(REWARD)
                        .shape(MarkerShape::Diamond)
                        .filled(false)
                        .radius(5.0),
                );
            }
        });
    let path: Vec<String> = letters[..n].iter().map(|(_, l)| l.to_string()).collect();
    ui.weak(format!("main path {}", path.join(" > ")));
    checks_ui(ui, d);
}

/// The pacing rules the contents GA keeps ([`Dungeon::pacing_checks`],
/// JSON `pacing.checks`), each marked kept or not.
fn checks_ui(ui: &mut egui::Ui, d: &Dungeon) {
    let c = d.pacing_checks();
    let mark = |ok: bool| if ok { "✔" } else { "✘" };
    ui.horizontal_wrapped(|ui| {
        ui.weak(format!(
            "{} challenge rises · {} final room the peak · {} unguarded side rooms below it · \
             {} rooms on the main path · {} one enemy kind in at most {} of {} enemy rooms \
             (cap {})",
            mark(c.rising),
            mark(c.final_is_peak),
            mark(c.unguarded_side_below_final),
            c.main_path_rooms,
            mark(c.kinds_within_cap),
            c.most_rooms_of_one_kind,
            c.enemy_rooms,
            c.kind_cap
        ));
    });
}
