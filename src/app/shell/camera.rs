//! The board camera: it draws into the area the panels leave free, fits
//! the board on start and on resize, and pans (drag, arrow keys) and zooms
//! (wheel, +/-) on request. A second camera draws only egui.

use crate::app::Screen;
use crate::plugin::{EvoboardSettings, HexBoardMap, ViewExtent};
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, Viewport};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiGlobalSettings, PrimaryEguiContext};

/// Space taken by panels, in logical pixels (written by the panels).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct PanelInsets {
    /// Left panel width.
    pub left: f32,
    /// Right panel width.
    pub right: f32,
    /// Top bar height.
    pub top: f32,
    /// Bottom bar height.
    pub bottom: f32,
}

/// Set by a screen while it uses the left mouse button on its content
/// (dragging a hex onto another): the camera does not pan with it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerClaim(pub bool);

/// The camera that shows boards.
#[derive(Component)]
pub struct BoardCamera {
    /// User zoom on top of the fit (1 = fit).
    pub zoom: f32,
    /// User pan in world units.
    pub pan: Vec2,
}

/// Registers the cameras and their controls.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelInsets>()
        .init_resource::<PointerClaim>()
        .add_systems(Startup, spawn_cameras)
        .add_systems(
            Update,
            (
                pan_and_zoom
                    .run_if(not(bevy_egui::input::egui_wants_any_pointer_input))
                    .run_if(world_view_screen),
                keyboard_pan_zoom
                    .run_if(not(bevy_egui::input::egui_wants_any_keyboard_input))
                    .run_if(world_view_screen),
                fit_camera,
            )
                .chain(),
        );
}

/// Pan and zoom belong to the screens whose content is a map in the world
/// (hex boards, dungeons); the domino and puzzle screens use the mouse and
/// the keys for play.
fn world_view_screen(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::HexBoards | Screen::Dungeon)
}

fn spawn_cameras(mut commands: Commands, mut egui: ResMut<EguiGlobalSettings>) {
    egui.auto_create_primary_context = false;
    commands.spawn((
        Camera2d,
        BoardCamera {
            zoom: 1.0,
            pan: Vec2::ZERO,
        },
        Camera {
            clear_color: ClearColorConfig::Custom(Color::srgb(0.09, 0.10, 0.12)),
            ..default()
        },
    ));
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

fn pan_and_zoom(
    claim: Res<PointerClaim>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut cams: Query<(&mut BoardCamera, &Projection)>,
) {
    for (mut cam, proj) in &mut cams {
        let scale = match proj {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        let left = buttons.pressed(MouseButton::Left) && !claim.0;
        if left || buttons.any_pressed([MouseButton::Right, MouseButton::Middle]) {
            let d = motion.delta;
            cam.pan += Vec2::new(-d.x, d.y) * scale;
        }
        if scroll.delta.y != 0.0 {
            cam.zoom = (cam.zoom * 1.1f32.powf(scroll.delta.y.clamp(-5.0, 5.0))).clamp(0.2, 8.0);
        }
    }
}

fn keyboard_pan_zoom(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    time: Res<Time>,
    mut cams: Query<&mut BoardCamera>,
) {
    for mut cam in &mut cams {
        let step = 400.0 * time.delta_secs() / cam.zoom;
        for (k, d) in [
            (KeyCode::ArrowLeft, Vec2::NEG_X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::ArrowDown, Vec2::NEG_Y),
        ] {
            if keys.pressed(k) {
                cam.pan += d * step;
            }
        }
        if keys.pressed(KeyCode::Equal) || keys.pressed(KeyCode::NumpadAdd) {
            cam.zoom = (cam.zoom * (1.0 + time.delta_secs())).min(8.0);
        }
        if keys.pressed(KeyCode::Minus) || keys.pressed(KeyCode::NumpadSubtract) {
            cam.zoom = (cam.zoom / (1.0 + time.delta_secs())).max(0.2);
        }
        // On the dungeon screen F makes the selected room the final room.
        let fit_key = keys.just_pressed(KeyCode::KeyF) && *screen.get() != Screen::Dungeon;
        if keys.just_pressed(KeyCode::Home) || fit_key {
            cam.zoom = 1.0;
            cam.pan = Vec2::ZERO;
        }
    }
}

/// Keep the board camera's viewport on the free area and the board fitted
/// to it (times the user's zoom), every frame: resizing stays clean. The
/// view is centred on what the visible maps draw (a Catan island's
/// harbours may stick out more on one side), panned by the user from there.
pub(crate) fn fit_camera(
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    boards: Query<(&HexBoardMap, Option<&GlobalTransform>, &InheritedVisibility)>,
    settings: Res<EvoboardSettings>,
    extents: Query<(&ViewExtent, Option<&GlobalTransform>, &InheritedVisibility)>,
    mut cams: Query<(&BoardCamera, &mut Camera, &mut Projection, &mut Transform)>,
) {
    let sf = window.scale_factor();
    let (w, h) = (
        window.physical_width() as f32,
        window.physical_height() as f32,
    );
    let left = (insets.left * sf).clamp(0.0, w - 2.0);
    let top = (insets.top * sf).clamp(0.0, h - 2.0);
    let vw = (w - left - insets.right * sf).max(2.0);
    let vh = (h - top - insets.bottom * sf).max(2.0);
    let at = |t: Option<&GlobalTransform>| t.map_or(Vec2::ZERO, |t| t.translation().truncate());
    let visible_boards = boards.iter().filter(|(.., v)| v.get()).map(|(b, t, _)| {
        let r = b.drawn_rect(settings.hex_size);
        Rect {
            min: r.min + at(t),
            max: r.max + at(t),
        }
    });
    let visible_extents = extents
        .iter()
        .filter(|(.., v)| v.get())
        .map(|(e, t, _)| Rect::from_center_half_size(at(t), e.0));
    let view = fit_rect(visible_boards.chain(visible_extents));
    let half = view.half_size();
    for (bc, mut cam, mut proj, mut tf) in &mut cams {
        cam.viewport = Some(Viewport {
            physical_position: UVec2::new(left as u32, top as u32),
            physical_size: UVec2::new(vw as u32, vh as u32),
            ..default()
        });
        // World units per logical pixel so that the board fills ~95 %.
        let fit = (2.0 * half.x / (vw / sf)).max(2.0 * half.y / (vh / sf)) / 0.95;
        if let Projection::Orthographic(o) = proj.as_mut() {
            o.scale = fit / bc.zoom;
        }
        tf.translation = (view.center() + bc.pan).extend(tf.translation.z);
    }
}

/// The world rectangle the board camera fits: the union of what the
/// visible maps draw. Only with nothing shown does it fall back on a
/// default area around the origin: a floor under real extents (the fit
/// used to keep at least 400 x 300 world units) fits a small map, such as
/// a Catan island, as if it were that big and leaves the rest of the free
/// area empty.
fn fit_rect(rects: impl IntoIterator<Item = Rect>) -> Rect {
    match rects.into_iter().reduce(|a, b| a.union(b)) {
        Some(r) if r.width() > 0.0 && r.height() > 0.0 => r,
        _ => Rect::from_center_half_size(Vec2::ZERO, Vec2::new(200.0, 150.0)),
    }
}
