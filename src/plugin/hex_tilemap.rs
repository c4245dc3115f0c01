//! Hex tilemaps: a [`HexBoardMap`] component is drawn as one entity per
//! hex (laid out with `hexx`), recoloured when it changes; a
//! [`LevelTilemap`] turns a loaded level into a [`HexBoardMap`].

use super::level_asset::LevelAsset;
use crate::boards::catan::{CatanBoard, Harbour};
use crate::boards::terra_mystica::Terrain;
use crate::boards::{self, BoardGame, HexGrid};
use crate::level::LevelMap;
use bevy::prelude::*;
use hexx::{HexLayout, HexOrientation};

/// World size of a hex (centre to corner).
pub const HEX_SIZE: f32 = 32.0;

/// A hex board to draw on this entity: one child per hex.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component, from_reflect = false)]
pub struct HexBoardMap {
    /// Which game (colours, tokens).
    #[reflect(ignore)]
    pub game: BoardGame,
    /// The layout.
    #[reflect(ignore)]
    pub grid: HexGrid,
    /// Tile codes, row-major.
    pub tiles: Vec<u8>,
    /// Per-hex broken-requirement flags (non-zero = highlighted).
    pub broken: Vec<u8>,
    /// Whether broken hexes are highlighted.
    pub show_broken: bool,
    /// Pinned hexes (a pin is drawn on them); empty = none.
    pub pinned: Vec<bool>,
    /// The selected hex (drawn with a bright outline).
    pub selected: Option<usize>,
    /// Per-hex overlay shade in `0..=1` (darker adds more to the score);
    /// empty = no overlay.
    pub shade: Vec<f32>,
    /// Print each hex's terrain letter (the colour-blind view,
    /// [`crate::plugin::tile_letter`]).
    pub letters: bool,
    /// Catan's harbours on the frame (drawn beside their coastal hexes).
    #[reflect(ignore)]
    pub harbours: Vec<Harbour>,
}

impl HexBoardMap {
    /// A map of `game` with no highlights, on the board of that size
    /// (Catan: the base or the 5–6 player island).
    pub fn new(game: BoardGame, tiles: Vec<u8>) -> Self {
        let grid = boards::variant_of(game, tiles.len())
            .and_then(|v| boards::variant_grid(game, &v).ok())
            .unwrap_or_else(|| boards::grid(game))
            .clone();
        HexBoardMap {
            game,
            broken: vec![0; tiles.len()],
            grid,
            tiles,
            show_broken: false,
            pinned: Vec::new(),
            selected: None,
            shade: Vec::new(),
            letters: false,
            harbours: Vec::new(),
        }
    }

    /// The map of a level, when it is a hex board.
    pub fn from_level(map: &LevelMap) -> Option<Self> {
        match map {
            LevelMap::TerraMystica(b) => {
                let grid = b.grid().ok()?;
                let tiles = b.tiles();
                Some(HexBoardMap {
                    grid,
                    ..HexBoardMap::new(BoardGame::TerraMystica, tiles)
                })
            }
            LevelMap::Catan(b) => Some(HexBoardMap {
                harbours: b.harbours.clone(),
                ..HexBoardMap::new(BoardGame::Catan, b.encode())
            }),
            LevelMap::Dungeon(_) | LevelMap::Puzzle(_) => None,
        }
    }

    /// World position of hex `i` (row 0 at the top, board centred on 0).
    /// `hexx` lays out the axial coordinates of [`HexGrid::hex`]; rows run
    /// downwards on screen.
    pub fn position(&self, i: usize) -> Vec2 {
        self.position_at(i, &hex_layout(), self.x_centre())
    }

    /// [`HexBoardMap::position`] with the layout and the board's
    /// horizontal centre computed once (for loops over every hex).
    fn position_at(&self, i: usize, layout: &HexLayout, x_centre: f32) -> Vec2 {
        let rows = self.grid.rows() as f32;
        let row = self.grid.row_col(i as u16).0 as f32;
        Vec2::new(
            layout.hex_to_world_pos(self.grid.hex(i as u16)).x - x_centre,
            ((rows - 1.0) / 2.0 - row) * 1.5 * HEX_SIZE,
        )
    }

    /// The middle of the hexes' `hexx` x positions (what centres the board).
    fn x_centre(&self) -> f32 {
        let layout = hex_layout();
        let (lo, hi) = (0..self.tiles.len())
            .map(|j| layout.hex_to_world_pos(self.grid.hex(j as u16)).x)
            .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        (lo + hi) / 2.0
    }

    /// Local position (relative to the map entity) of the centre of `hex`,
    /// the `hexx` coordinate a level's typed access uses
    /// ([`crate::boards::terra_mystica::TerraMysticaBoard::terrain_at`]);
    /// `None` off the board.
    ///
    /// ```
    /// use evoboard::boards::BoardGame;
    /// use evoboard::boards::terra_mystica::standard_tiles;
    /// use evoboard::plugin::HexBoardMap;
    /// let map = HexBoardMap::new(BoardGame::TerraMystica, standard_tiles());
    /// let hex = map.grid.hex(40);
    /// let at = map.hex_position(hex).unwrap();
    /// assert_eq!(at, map.position(40));
    /// assert_eq!(map.hex_at(at + bevy::math::Vec2::new(5.0, -3.0)), Some(hex));
    /// ```
    pub fn hex_position(&self, hex: hexx::Hex) -> Option<Vec2> {
        self.index_of(hex).map(|i| self.position(i))
    }

    /// The hex under a local position, if on the board (clicks, a
    /// character standing on the board).
    pub fn hex_at(&self, local: Vec2) -> Option<hexx::Hex> {
        // In a regular hex tiling the hex holding a point is the one with
        // the nearest centre; off the board means farther than a corner.
        let (layout, x_centre) = (hex_layout(), self.x_centre());
        (0..self.tiles.len())
            .map(|i| {
                (
                    i,
                    self.position_at(i, &layout, x_centre)
                        .distance_squared(local),
                )
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .filter(|&(_, d)| d <= HEX_SIZE * HEX_SIZE)
            .map(|(i, _)| self.grid.hex(i as u16))
    }

    fn index_of(&self, hex: hexx::Hex) -> Option<usize> {
        self.grid
            .hex_index(hex)
            .map(usize::from)
            .filter(|&i| i < self.tiles.len())
    }

    /// Half the board's extent in world units (for fitting the camera).
    pub fn half_extent(&self) -> Vec2 {
        let w = 3f32.sqrt() * HEX_SIZE;
        let widest = self.grid.row_lengths().max().unwrap_or(1) as f32;
        let rows = self.grid.rows() as f32;
        // Harbours sit on the frame, beyond the coast.
        let frame = if self.harbours.is_empty() {
            0.0
        } else {
            1.2 * HEX_SIZE
        };
        Vec2::new(
            (widest + 0.5) * w / 2.0 + frame,
            ((rows - 1.0) * 1.5 + 2.0) * HEX_SIZE / 2.0 + frame,
        )
    }
}

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
}

impl HexMeshes {
    /// The palette material of a tile.
    fn terrain(&self, game: BoardGame, code: u8) -> Handle<ColorMaterial> {
        self.terrain[palette_index(game, code)].clone()
    }

    /// The outline material of hex `i`.
    fn outline(&self, map: &HexBoardMap, i: usize) -> Handle<ColorMaterial> {
        if map.selected == Some(i) {
            self.outline_selected.clone()
        } else if is_broken(map, i) {
            self.outline_broken.clone()
        } else {
            self.outline_plain.clone()
        }
    }
}

/// Registers tilemap drawing.
pub(super) fn plugin(app: &mut App) {
    app.register_type::<HexBoardMap>()
        .register_type::<HexTile>()
        .register_type::<LevelTilemap>()
        .add_systems(Startup, setup_meshes)
        .add_systems(
            Update,
            (
                level_to_board,
                draw_boards,
                super::hex_marks::draw_marks,
                super::hex_marks::draw_harbours,
            )
                .chain()
                .in_set(super::EvoboardSet::Draw),
        );
}

fn setup_meshes(
    mut commands: Commands,
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
    commands.insert_resource(HexMeshes {
        fill: meshes.add(RegularPolygon::new(HEX_SIZE * 0.9, 6)),
        outline: meshes.add(RegularPolygon::new(HEX_SIZE * 1.0, 6)),
        disc: meshes.add(Circle::new(HEX_SIZE * 0.42)),
        terrain,
        outline_plain: materials.add(OUTLINE),
        outline_broken: materials.add(BROKEN),
        outline_selected: materials.add(SELECTED),
        token_disc: materials.add(Color::srgb(0.97, 0.93, 0.80)),
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
    boards: Query<(Entity, &HexBoardMap, Option<&Children>), Changed<HexBoardMap>>,
    tiles: Query<(&HexTile, &Children)>,
    mut fills: Query<&mut MeshMaterial2d<ColorMaterial>, With<HexFill>>,
    mut outlines: Query<&mut MeshMaterial2d<ColorMaterial>, (With<HexOutline>, Without<HexFill>)>,
    mut texts: Query<(&mut Text2d, &mut TextColor, &mut Visibility), With<TokenText>>,
    mut discs: Query<&mut Visibility, (With<TokenDisc>, Without<TokenText>)>,
) {
    let Some(meshes) = meshes else { return };
    for (entity, map, children) in &boards {
        let existing: Vec<Entity> = children
            .map(|c| c.iter().filter(|e| tiles.contains(*e)).collect())
            .unwrap_or_default();
        if existing.len() != map.tiles.len() {
            for e in existing {
                commands.entity(e).despawn();
            }
            spawn_tiles(&mut commands, entity, map, &meshes, marks.as_deref());
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
                    m.set_if_neq(MeshMaterial2d(meshes.outline(map, i)));
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
    meshes: &HexMeshes,
    marks: Option<&super::hex_marks::MarkMeshes>,
) {
    commands
        .entity(parent)
        .insert_if_new((Transform::default(), Visibility::default()));
    let (layout, x_centre) = (hex_layout(), map.x_centre());
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
                    MeshMaterial2d(meshes.outline(map, i)),
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
                    Transform::from_xyz(0.0, HEX_SIZE * 0.08, 0.3),
                    vis,
                ));
                super::hex_marks::spawn_marks(c, map, i, marks);
            })
            .id();
        commands.entity(parent).add_child(tile);
    }
}

/// The `hexx` layout of every drawn board: pointy hexes of [`HEX_SIZE`].
fn hex_layout() -> HexLayout {
    HexLayout::new(HexOrientation::Pointy).with_hex_size(HEX_SIZE)
}

/// "hex 3,4": row and position in the row, as the JSON `board` arrays.
fn hex_name(map: &HexBoardMap, i: usize) -> String {
    let (r, c) = map.grid.row_col(i as u16);
    format!("hex {r},{c}")
}

/// A Catan board as a map, with its harbours (used by tests and
/// examples).
pub fn catan_map(board: &CatanBoard) -> HexBoardMap {
    HexBoardMap {
        harbours: board.harbours.clone(),
        ..HexBoardMap::new(BoardGame::Catan, board.encode())
    }
}
