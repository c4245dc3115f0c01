//! Hex tilemaps: a [`HexBoardMap`] component is drawn as one entity per
//! hex (laid out with `hexx`), recoloured when it changes; a
//! [`HexSelection`] change recolours only the outlines of the hexes it
//! left and entered; a [`LevelTilemap`] turns a loaded level into a
//! [`HexBoardMap`].

use super::hex_board::{HexBoardMap, HexOverlay, HexSelection, hex_layout};
use super::level_asset::LevelAsset;
use super::settings::{EvoboardSet, EvoboardSettings};
use bevy::prelude::*;
use evoboard_core::boards::BoardGame;
use evoboard_core::boards::terra_mystica::Terrain;

/// Spawn a level's tilemap on this entity once the level is loaded.
#[derive(Component, Clone, Debug, Reflect)]
#[reflect(Component)]
pub struct LevelTilemap(pub Handle<LevelAsset>);

/// One hex of a drawn board.
#[derive(Component, Clone, Copy, Debug, Reflect)]
#[reflect(Component)]
pub struct HexTile {
    /// Row-major index.
    pub index: usize,
}

#[derive(Component)]
struct HexFill;
#[derive(Component)]
struct HexOutline;
#[derive(Component)]
struct TokenText;
#[derive(Component)]
struct TokenDisc;

/// Shared meshes and the palette: every hex of every board uses these
/// handles, so a board of 113 hexes adds no material of its own and a
/// repaint swaps handles instead of editing materials.
#[derive(Resource)]
struct HexMeshes {
    fill: Handle<Mesh>,
    outline: Handle<Mesh>,
    disc: Handle<Mesh>,
    /// Terra Mystica terrains by code, then Catan terrains by code.
    terrain: Vec<Handle<ColorMaterial>>,
    outline_plain: Handle<ColorMaterial>,
    outline_broken: Handle<ColorMaterial>,
    outline_selected: Handle<ColorMaterial>,
    token_disc: Handle<ColorMaterial>,
    /// The hex size the meshes were made for.
    hex_size: f32,
}

impl HexMeshes {
    /// The palette material of a tile.
    fn terrain(&self, game: BoardGame, code: u8) -> Handle<ColorMaterial> {
        self.terrain[palette_index(game, code)].clone()
    }

    /// The outline material of hex `i`.
    fn outline(
        &self,
        map: &HexBoardMap,
        selected: HexSelection,
        i: usize,
    ) -> Handle<ColorMaterial> {
        if selected.0 == Some(i) {
            self.outline_selected.clone()
        } else if is_broken(map, i) {
            self.outline_broken.clone()
        } else {
            self.outline_plain.clone()
        }
    }
}

/// The selection a board's outlines show (what [`draw_selection`]
/// changes from).
#[derive(Component)]
struct DrawnSelection(Option<usize>);

/// Registers tilemap drawing.
pub(super) fn plugin(app: &mut App) {
    let schedule = EvoboardSettings::of(app).schedule;
    app.register_type::<HexBoardMap>()
        .register_type::<HexOverlay>()
        .register_type::<HexSelection>()
        .register_type::<HexTile>()
        .register_type::<LevelTilemap>()
        .add_systems(Startup, setup_meshes)
        .add_systems(
            schedule,
            (
                level_to_board,
                draw_boards,
                draw_selection,
                super::hex_marks::draw_marks,
                super::hex_marks::draw_harbours,
            )
                .chain()
                .in_set(EvoboardSet::Draw),
        );
}

fn setup_meshes(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
) {
    // Without a renderer (a server, a test with MinimalPlugins) there is
    // nothing to draw with.
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    let terrain = (0..8)
        .map(|c| (BoardGame::TerraMystica, c))
        .chain((0..6).map(|c| (BoardGame::Catan, c << 4)))
        .map(|(game, code)| materials.add(tile_colour(game, code)))
        .collect();
    let size = settings.hex_size;
    commands.insert_resource(HexMeshes {
        fill: meshes.add(RegularPolygon::new(size * 0.9, 6)),
        outline: meshes.add(RegularPolygon::new(size * 1.0, 6)),
        disc: meshes.add(Circle::new(size * 0.42)),
        terrain,
        outline_plain: materials.add(OUTLINE),
        outline_broken: materials.add(BROKEN),
        outline_selected: materials.add(SELECTED),
        token_disc: materials.add(Color::srgb(0.97, 0.93, 0.80)),
        hex_size: size,
    });
}

/// Where a tile's colour sits in the palette: Terra Mystica's eight
/// terrains, then Catan's six.
fn palette_index(game: BoardGame, code: u8) -> usize {
    match game {
        BoardGame::TerraMystica => usize::from(code.min(7)),
        BoardGame::Catan => 8 + usize::from((code >> 4).min(5)),
    }
}

fn level_to_board(
    mut commands: Commands,
    levels: Res<Assets<LevelAsset>>,
    query: Query<(Entity, &LevelTilemap), Without<HexBoardMap>>,
) {
    for (e, tm) in &query {
        if let Some(level) = levels.get(&tm.0)
            && let Some(map) = HexBoardMap::from_level(&level.0.map)
        {
            commands.entity(e).insert(map);
        }
    }
}

/// Terrain colours as in the games.
pub fn tile_colour(game: BoardGame, code: u8) -> Color {
    match game {
        BoardGame::TerraMystica => match Terrain::from_code(code.min(7)) {
            Terrain::Desert => Color::srgb(0.95, 0.85, 0.30),
            Terrain::Plains => Color::srgb(0.58, 0.40, 0.22),
            Terrain::Swamp => Color::srgb(0.16, 0.16, 0.17),
            Terrain::Lake => Color::srgb(0.20, 0.45, 0.85),
            Terrain::Forest => Color::srgb(0.15, 0.52, 0.22),
            Terrain::Mountain => Color::srgb(0.58, 0.58, 0.60),
            Terrain::Wasteland => Color::srgb(0.82, 0.20, 0.16),
            Terrain::River => Color::srgb(0.66, 0.84, 0.96),
        },
        BoardGame::Catan => match code >> 4 {
            0 => Color::srgb(0.96, 0.80, 0.28),
            1 => Color::srgb(0.10, 0.42, 0.16),
            2 => Color::srgb(0.55, 0.82, 0.35),
            3 => Color::srgb(0.76, 0.38, 0.20),
            4 => Color::srgb(0.52, 0.52, 0.57),
            _ => Color::srgb(0.90, 0.84, 0.62),
        },
    }
}

const OUTLINE: Color = Color::srgb(0.12, 0.12, 0.14);
const BROKEN: Color = Color::srgb(1.0, 0.0, 0.85);
const SELECTED: Color = Color::srgb(1.0, 0.95, 0.1);

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn draw_boards(
    mut commands: Commands,
    meshes: Option<Res<HexMeshes>>,
    marks: Option<Res<super::hex_marks::MarkMeshes>>,
    boards: Query<
        (
            Entity,
            &HexBoardMap,
            &HexOverlay,
            &HexSelection,
            Option<&Children>,
        ),
        Changed<HexBoardMap>,
    >,
    tiles: Query<(&HexTile, &Children)>,
    mut fills: Query<&mut MeshMaterial2d<ColorMaterial>, With<HexFill>>,
    mut outlines: Query<&mut MeshMaterial2d<ColorMaterial>, (With<HexOutline>, Without<HexFill>)>,
    mut texts: Query<(&mut Text2d, &mut TextColor, &mut Visibility), With<TokenText>>,
    mut discs: Query<&mut Visibility, (With<TokenDisc>, Without<TokenText>)>,
) {
    let Some(meshes) = meshes else { return };
    for (entity, map, overlay, &selected, children) in &boards {
        commands.entity(entity).insert(DrawnSelection(selected.0));
        let existing: Vec<Entity> = children
            .map(|c| c.iter().filter(|e| tiles.contains(*e)).collect())
            .unwrap_or_default();
        if existing.len() != map.tiles.len() {
            for e in existing {
                commands.entity(e).despawn();
            }
            let look = (overlay, selected);
            spawn_tiles(&mut commands, entity, map, look, &meshes, marks.as_deref());
            continue;
        }
        for e in existing {
            let Ok((tile, kids)) = tiles.get(e) else {
                continue;
            };
            let i = tile.index;
            for k in kids.iter() {
                if let Ok(mut m) = fills.get_mut(k) {
                    m.set_if_neq(MeshMaterial2d(meshes.terrain(map.game, map.tiles[i])));
                }
                if let Ok(mut m) = outlines.get_mut(k) {
                    m.set_if_neq(MeshMaterial2d(meshes.outline(map, selected, i)));
                }
                if let Ok((mut text, mut colour, mut vis)) = texts.get_mut(k) {
                    let (label, c, v) = token(map, i);
                    if text.0 != label {
                        text.0 = label;
                    }
                    colour.set_if_neq(TextColor(c));
                    vis.set_if_neq(v);
                }
                if let Ok(mut vis) = discs.get_mut(k) {
                    vis.set_if_neq(token(map, i).2);
                }
            }
        }
    }
}

/// Recolour the outlines of the hex a selection left and the hex it
/// entered (nothing else of the board is touched).
#[allow(clippy::type_complexity)]
fn draw_selection(
    meshes: Option<Res<HexMeshes>>,
    mut boards: Query<
        (&HexBoardMap, &HexSelection, &mut DrawnSelection, &Children),
        Changed<HexSelection>,
    >,
    tiles: Query<(&HexTile, &Children)>,
    mut outlines: Query<&mut MeshMaterial2d<ColorMaterial>, With<HexOutline>>,
) {
    let Some(meshes) = meshes else { return };
    for (map, &selected, mut drawn, children) in &mut boards {
        if drawn.0 == selected.0 {
            continue;
        }
        let touched = [drawn.0, selected.0];
        drawn.0 = selected.0;
        for (tile, kids) in children.iter().filter_map(|e| tiles.get(e).ok()) {
            if !touched.contains(&Some(tile.index)) || tile.index >= map.tiles.len() {
                continue;
            }
            for k in kids.iter() {
                if let Ok(mut m) = outlines.get_mut(k) {
                    m.set_if_neq(MeshMaterial2d(meshes.outline(map, selected, tile.index)));
                }
            }
        }
    }
}

fn is_broken(map: &HexBoardMap, i: usize) -> bool {
    map.show_broken && map.broken.get(i).copied().unwrap_or(0) != 0
}

fn token(map: &HexBoardMap, i: usize) -> (String, Color, Visibility) {
    if map.game != BoardGame::Catan || map.tiles[i] & 15 == 0 {
        return (String::new(), Color::BLACK, Visibility::Hidden);
    }
    let n = map.tiles[i] & 15;
    let c = if n == 6 || n == 8 {
        Color::srgb(0.8, 0.05, 0.05)
    } else {
        Color::BLACK
    };
    (n.to_string(), c, Visibility::Inherited)
}

fn spawn_tiles(
    commands: &mut Commands,
    parent: Entity,
    map: &HexBoardMap,
    (overlay, selected): (&HexOverlay, HexSelection),
    meshes: &HexMeshes,
    marks: Option<&super::hex_marks::MarkMeshes>,
) {
    commands
        .entity(parent)
        .insert_if_new((Transform::default(), Visibility::default()));
    let layout = hex_layout(meshes.hex_size);
    let x_centre = map.x_centre(&layout);
    for i in 0..map.tiles.len() {
        let pos = map.position_at(i, &layout, x_centre);
        let (label, colour, vis) = token(map, i);
        let tile = commands
            .spawn((
                HexTile { index: i },
                Name::new(hex_name(map, i)),
                Transform::from_translation(pos.extend(0.0)),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn((
                    HexOutline,
                    Name::new("outline"),
                    Mesh2d(meshes.outline.clone()),
                    MeshMaterial2d(meshes.outline(map, selected, i)),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                c.spawn((
                    HexFill,
                    Name::new("terrain"),
                    Mesh2d(meshes.fill.clone()),
                    MeshMaterial2d(meshes.terrain(map.game, map.tiles[i])),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
                c.spawn((
                    TokenDisc,
                    Name::new("number token"),
                    Mesh2d(meshes.disc.clone()),
                    MeshMaterial2d(meshes.token_disc.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.2),
                    vis,
                ));
                c.spawn((
                    TokenText,
                    Name::new("number"),
                    Text2d::new(label),
                    TextFont {
                        font_size: FontSize::Px(20.0),
                        ..default()
                    },
                    TextColor(colour),
                    Transform::from_xyz(0.0, meshes.hex_size * 0.08, 0.3),
                    vis,
                ));
                super::hex_marks::spawn_marks(c, map, overlay, i, marks);
            })
            .id();
        commands.entity(parent).add_child(tile);
    }
}

/// "hex 3,4": row and position in the row, as the JSON `board` arrays.
fn hex_name(map: &HexBoardMap, i: usize) -> String {
    let (r, c) = map.grid.row_col(i as u16);
    format!("hex {r},{c}")
}
