//! Marks drawn over a [`HexBoardMap`]'s hexes: a shade per hex (how much
//! it adds to the score), pins, terrain letters for colour-blind players
//! and the pip dots under Catan number tokens.

use super::hex_board::{HexBoardMap, HexOverlay};
use super::hex_tilemap::{HexTile, tile_colour};
use super::settings::EvoboardSettings;
use bevy::ecs::hierarchy::ChildSpawnerCommands;
use bevy::prelude::*;
use evoboard_core::boards::BoardGame;
use evoboard_core::boards::catan::{Harbour, pips};

/// Shades of the score overlay, from none to the darkest.
const SHADES: usize = 8;
/// Most pip dots under a token (6 and 8 have five).
const MAX_PIPS: usize = 5;

/// The letter a tile is printed with in the colour-blind view: Terra
/// Mystica's terrains by initial (`~` for river), Catan's by resource
/// (`G`rain, `L`umber, `W`ool, `B`rick, `O`re, `D`esert).
///
/// ```
/// use evoboard_core::boards::BoardGame;
/// use bevy_evoboard::tile_letter;
/// assert_eq!(tile_letter(BoardGame::TerraMystica, 3), "L");
/// assert_eq!(tile_letter(BoardGame::TerraMystica, 7), "~");
/// assert_eq!(tile_letter(BoardGame::Catan, 4 << 4 | 8), "O");
/// ```
pub fn tile_letter(game: BoardGame, code: u8) -> &'static str {
    const TM: [&str; 8] = ["D", "P", "S", "L", "F", "M", "W", "~"];
    const CATAN: [&str; 6] = ["G", "L", "W", "B", "O", "D"];
    match game {
        BoardGame::TerraMystica => TM[usize::from(code.min(7))],
        BoardGame::Catan => CATAN[usize::from((code >> 4).min(5))],
    }
}

#[derive(Component)]
pub(super) struct ShadeMark;
#[derive(Component)]
pub(super) struct PinMark;
#[derive(Component)]
pub(super) struct LetterMark;
#[derive(Component)]
pub(super) struct PipDot(usize);
/// A harbour drawn on the frame.
#[derive(Component)]
pub(super) struct HarbourMark;

/// Meshes and materials of the marks, shared by every hex.
#[derive(Resource)]
pub(super) struct MarkMeshes {
    shade: Handle<Mesh>,
    dot: Handle<Mesh>,
    pin: Handle<Mesh>,
    pin_rim: Handle<Mesh>,
    shades: Vec<Handle<ColorMaterial>>,
    dot_material: Handle<ColorMaterial>,
    pin_material: Handle<ColorMaterial>,
    rim_material: Handle<ColorMaterial>,
    harbour: Handle<Mesh>,
    harbour_generic: Handle<ColorMaterial>,
    /// 2:1 harbours by resource (fields, forest, pasture, hills, mountains).
    harbour_resource: Vec<Handle<ColorMaterial>>,
    /// The hex size the marks were made for.
    size: f32,
}

impl MarkMeshes {
    fn shade(&self, overlay: &HexOverlay, i: usize) -> (Handle<ColorMaterial>, Visibility) {
        let s = overlay.shade.get(i).copied().unwrap_or(0.0).clamp(0.0, 1.0);
        let k = (s * (SHADES - 1) as f32).round() as usize;
        let vis = if k == 0 {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        (self.shades[k].clone(), vis)
    }
}

/// Registers the marks.
pub(super) fn plugin(app: &mut App) {
    // `draw_marks` runs right after the tiles are drawn (see the tilemap's
    // plugin).
    app.add_systems(Startup, setup_marks);
}

fn setup_marks(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let shades = (0..SHADES)
        .map(|k| {
            materials.add(Color::srgba(
                0.05,
                0.0,
                0.1,
                0.68 * k as f32 / (SHADES - 1) as f32,
            ))
        })
        .collect();
    let size = settings.hex_size;
    commands.insert_resource(MarkMeshes {
        shade: meshes.add(RegularPolygon::new(size * 0.9, 6)),
        dot: meshes.add(Circle::new(1.7)),
        pin: meshes.add(Circle::new(size * 0.14)),
        pin_rim: meshes.add(Circle::new(size * 0.2)),
        shades,
        dot_material: materials.add(Color::srgb(0.1, 0.1, 0.1)),
        pin_material: materials.add(Color::srgb(0.92, 0.1, 0.12)),
        rim_material: materials.add(Color::WHITE),
        harbour: meshes.add(Circle::new(size * HARBOUR_RADIUS)),
        harbour_generic: materials.add(Color::srgb(0.95, 0.95, 0.92)),
        harbour_resource: (0..5u8)
            .map(|t| materials.add(tile_colour(BoardGame::Catan, t << 4)))
            .collect(),
        size,
    });
}

/// The marks of hex `i`, spawned with the hex.
pub(super) fn spawn_marks(
    c: &mut ChildSpawnerCommands,
    map: &HexBoardMap,
    overlay: &HexOverlay,
    i: usize,
    marks: Option<&MarkMeshes>,
) {
    let Some(m) = marks else { return };
    let (shade, vis) = m.shade(overlay, i);
    c.spawn((
        ShadeMark,
        Name::new("score shade"),
        Mesh2d(m.shade.clone()),
        MeshMaterial2d(shade),
        Transform::from_xyz(0.0, 0.0, 0.15),
        vis,
    ));
    let pinned = pin_visibility(overlay, i);
    c.spawn((
        PinMark,
        Name::new("pin"),
        Mesh2d(m.pin_rim.clone()),
        MeshMaterial2d(m.rim_material.clone()),
        Transform::from_xyz(m.size * 0.42, m.size * 0.42, 0.4),
        pinned,
    ))
    .with_children(|p| {
        p.spawn((
            Mesh2d(m.pin.clone()),
            MeshMaterial2d(m.pin_material.clone()),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
    });
    let (text, colour, vis, at) = letter(map, overlay, i, m.size);
    c.spawn((
        LetterMark,
        Name::new("letter"),
        Text2d::new(text),
        TextFont {
            font_size: FontSize::Px(15.0),
            ..default()
        },
        TextColor(colour),
        Transform::from_translation(at.extend(0.35)),
        vis,
    ));
    for k in 0..MAX_PIPS {
        c.spawn((
            PipDot(k),
            Name::new("pip"),
            Mesh2d(m.dot.clone()),
            MeshMaterial2d(m.dot_material.clone()),
            Transform::from_translation(dot_position(map, i, k, m.size).extend(0.3)),
            dot_visibility(map, i, k),
        ));
    }
}

fn pin_visibility(overlay: &HexOverlay, i: usize) -> Visibility {
    if overlay.pinned.get(i).copied().unwrap_or(false) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

/// The letter of hex `i`, its colour (readable on the terrain), whether
/// shown and where (the centre; above the token on Catan; hexes of
/// `size`).
fn letter(
    map: &HexBoardMap,
    overlay: &HexOverlay,
    i: usize,
    size: f32,
) -> (String, Color, Visibility, Vec2) {
    let code = map.tiles[i];
    let light = tile_colour(map.game, code).to_linear().luminance() > 0.18;
    let colour = if light { Color::BLACK } else { Color::WHITE };
    let vis = if overlay.letters {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    let at = if map.game == BoardGame::Catan && code & 15 != 0 {
        Vec2::new(0.0, size * 0.6)
    } else {
        Vec2::ZERO
    };
    (tile_letter(map.game, code).to_string(), colour, vis, at)
}

fn pip_count(map: &HexBoardMap, i: usize) -> usize {
    if map.game != BoardGame::Catan {
        return 0;
    }
    usize::from(pips(map.tiles[i] & 15))
}

fn dot_visibility(map: &HexBoardMap, i: usize, k: usize) -> Visibility {
    if k < pip_count(map, i) {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

/// Dot `k` of hex `i`: a centred row under the number (hexes of `size`).
fn dot_position(map: &HexBoardMap, i: usize, k: usize, size: f32) -> Vec2 {
    let n = pip_count(map, i).max(1) as f32;
    Vec2::new((k as f32 - (n - 1.0) / 2.0) * 4.6, -size * 0.25)
}

/// Redraw the marks of boards whose tiles or overlay changed (the marks
/// whose look changed; a selection touches none).
#[allow(clippy::type_complexity)]
pub(super) fn draw_marks(
    marks: Option<Res<MarkMeshes>>,
    boards: Query<
        (&HexBoardMap, &HexOverlay, &Children),
        Or<(Changed<HexBoardMap>, Changed<HexOverlay>)>,
    >,
    tiles: Query<(&HexTile, &Children)>,
    mut shades: Query<(&mut MeshMaterial2d<ColorMaterial>, &mut Visibility), With<ShadeMark>>,
    mut pins: Query<&mut Visibility, (With<PinMark>, Without<ShadeMark>)>,
    mut letters: Query<
        (&mut Text2d, &mut TextColor, &mut Visibility, &mut Transform),
        (With<LetterMark>, Without<ShadeMark>, Without<PinMark>),
    >,
    mut dots: Query<
        (&PipDot, &mut Visibility, &mut Transform),
        (Without<LetterMark>, Without<ShadeMark>, Without<PinMark>),
    >,
) {
    let Some(m) = marks else { return };
    for (map, overlay, children) in &boards {
        for (tile, kids) in children.iter().filter_map(|e| tiles.get(e).ok()) {
            let i = tile.index;
            if i >= map.tiles.len() {
                continue;
            }
            for k in kids.iter() {
                if let Ok((mut mat, mut vis)) = shades.get_mut(k) {
                    let (h, v) = m.shade(overlay, i);
                    mat.set_if_neq(MeshMaterial2d(h));
                    vis.set_if_neq(v);
                } else if let Ok(mut vis) = pins.get_mut(k) {
                    vis.set_if_neq(pin_visibility(overlay, i));
                } else if let Ok((mut text, mut colour, mut vis, mut tf)) = letters.get_mut(k) {
                    let (t, c, v, at) = letter(map, overlay, i, m.size);
                    if text.0 != t {
                        text.0 = t;
                    }
                    colour.set_if_neq(TextColor(c));
                    vis.set_if_neq(v);
                    if tf.translation.truncate() != at {
                        tf.translation = at.extend(0.35);
                    }
                } else if let Ok((dot, mut vis, mut tf)) = dots.get_mut(k) {
                    vis.set_if_neq(dot_visibility(map, i, dot.0));
                    let at = dot_position(map, i, dot.0, m.size);
                    if tf.translation.truncate() != at {
                        tf.translation = at.extend(0.3);
                    }
                }
            }
        }
    }
}

/// A harbour token's radius, in hexes.
pub(super) const HARBOUR_RADIUS: f32 = 0.48;

/// Where harbour `h` is drawn: beyond the middle of its hex's sea side
/// (sides from 0 east, clockwise; hexes of `size`).
pub(super) fn harbour_position(map: &HexBoardMap, h: &Harbour, size: f32) -> Option<Vec2> {
    let i = map.grid.index(h.hex.0, h.hex.1)?;
    let angle = -(f32::from(h.side) * 60.0).to_radians();
    let out = 3f32.sqrt() / 2.0 * size * 1.6;
    Some(map.position(usize::from(i), size) + Vec2::new(angle.cos(), angle.sin()) * out)
}

/// The harbours a board's marks show, on a board of that many hexes.
#[derive(Component, PartialEq)]
pub(super) struct DrawnHarbours(usize, Vec<Harbour>);

/// Redraw the harbours of maps whose harbours (or board size) changed (a
/// few entities: despawned and spawned anew); an edit of the tiles or the
/// overlay leaves them be.
#[allow(clippy::type_complexity)]
pub(super) fn draw_harbours(
    mut commands: Commands,
    marks: Option<Res<MarkMeshes>>,
    boards: Query<
        (
            Entity,
            &HexBoardMap,
            Option<&DrawnHarbours>,
            Option<&Children>,
        ),
        Changed<HexBoardMap>,
    >,
    old: Query<(), With<HarbourMark>>,
) {
    let Some(m) = marks else { return };
    for (entity, map, drawn, children) in &boards {
        let now = DrawnHarbours(map.tiles.len(), map.harbours.clone());
        if drawn == Some(&now) {
            continue;
        }
        commands.entity(entity).insert(now);
        for c in children.into_iter().flatten() {
            if old.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        for h in &map.harbours {
            let Some(at) = harbour_position(map, h, m.size) else {
                continue;
            };
            let (material, label) = match h.kind.resource() {
                None => (m.harbour_generic.clone(), "3:1".to_string()),
                Some(t) => (
                    m.harbour_resource[usize::from(t)].clone(),
                    format!("2:1\n{}", tile_letter(BoardGame::Catan, t << 4)),
                ),
            };
            let light = h.kind.resource().is_none_or(|t| {
                tile_colour(BoardGame::Catan, t << 4)
                    .to_linear()
                    .luminance()
                    > 0.18
            });
            let id = commands
                .spawn((
                    HarbourMark,
                    Name::new(format!("{} harbour", h.kind.name())),
                    Mesh2d(m.harbour.clone()),
                    MeshMaterial2d(material),
                    Transform::from_translation(at.extend(0.5)),
                ))
                .with_children(|c| {
                    c.spawn((
                        Text2d::new(label),
                        TextFont {
                            font_size: FontSize::Px(10.0),
                            ..default()
                        },
                        TextColor(if light { Color::BLACK } else { Color::WHITE }),
                        Transform::from_xyz(0.0, 0.0, 0.01),
                    ));
                })
                .id();
            commands.entity(entity).add_child(id);
        }
    }
}
