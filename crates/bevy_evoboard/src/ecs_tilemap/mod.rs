//! Levels as `bevy_ecs_tilemap` maps (feature `ecs_tilemap`), for a game
//! that draws with that crate: a hex map (pointy rows) for a Terra
//! Mystica or Catan board, a square map for a dungeon or a puzzle, one
//! tile entity per hex or cell, its [`TileTextureIndex`] the terrain or
//! cell kind ([`tile_index`]). The textures are two small atlases painted
//! in code ([`EcsTileAtlas`]: the hex terrains and the square cells, the
//! entrance and final rooms' walls marked in their colours). A map takes
//! its hex or cell size from [`EvoboardSettings`] unless an
//! [`EcsTileLayout`] on its entity gives its own size, anchor or z.
//!
//! With the `ecs_tilemap` feature, [`EcsTilemapPlugin`] is part of
//! [`EvoboardPlugins`](super::EvoboardPlugins) (disable it there to leave it
//! out); add bevy_ecs_tilemap's own `TilemapPlugin` to draw.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_ecs_tilemap::{TilemapPlugin, anchor::TilemapAnchor};
//! use bevy_evoboard::prelude::*;
//!
//! fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
//!     let level = assets.load("levels/demo-catan.level.ron");
//!     // A Transform places (and scales) the map; it is kept.
//!     commands.spawn((LevelEcsTilemap(level), Transform::from_xyz(200.0, 0.0, 0.0)));
//!     // This map: hexes of 20 world units, its bottom-left corner on the
//!     // entity, drawn above the first.
//!     let small = assets.load("levels/demo-catan.level.ron");
//!     commands.spawn((
//!         LevelEcsTilemap(small),
//!         EcsTileLayout::default()
//!             .with_size(20.0)
//!             .with_anchor(TilemapAnchor::BottomLeft)
//!             .with_z(2.0),
//!         Transform::from_xyz(-400.0, -300.0, 0.0),
//!     ));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, TilemapPlugin, EvoboardPlugins::default()))
//!     .add_systems(Startup, spawn)
//!     .run();
//! ```

use super::dungeon_tilemap::WallMark;
use super::level_asset::LevelAsset;
use super::settings::{EvoboardSet, EvoboardSettings};
use atlas::{DUNGEON_CELLS, MARKED, hex_px, paint_atlas, square_px};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use evoboard_core::boards::BoardGame;
use evoboard_core::dungeon::DungeonTile;
use evoboard_core::level::{Level, LevelMap};

mod atlas;

pub use atlas::EcsTileAtlas;

/// Draw a level's map on this entity as a `bevy_ecs_tilemap` tilemap once
/// the level is loaded (or generated: a [`GeneratedLevel`](super::GeneratedLevel)'s
/// handle works the same).
#[derive(Component, Clone, Debug, Reflect)]
#[reflect(Component)]
pub struct LevelEcsTilemap(pub Handle<LevelAsset>);

/// How one [`LevelEcsTilemap`] map is laid out, where it should differ
/// from the plugin's settings: its tile size, its anchor and its z. Put it
/// on the map's entity (before the map is filled); a field left `None`
/// keeps the default.
///
/// ```
/// use bevy_ecs_tilemap::anchor::TilemapAnchor;
/// use bevy_evoboard::ecs_tilemap::EcsTileLayout;
/// let layout = EcsTileLayout::default()
///     .with_size(12.0)
///     .with_anchor(TilemapAnchor::TopLeft)
///     .with_z(3.0);
/// assert_eq!(layout.size, Some(12.0));
/// ```
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Reflect)]
#[reflect(Component, Default)]
pub struct EcsTileLayout {
    /// World units of a hex (centre to corner) on a board, of a cell on a
    /// dungeon or puzzle; `None`: [`EvoboardSettings::hex_size`] or
    /// [`EvoboardSettings::cell_size`]. The atlas is painted at this size
    /// (once per size), so tiles touch without gaps or overlap.
    pub size: Option<f32>,
    /// Where the map lies relative to its entity; `None`: every tile where
    /// the plugin's own maps put it ([`HexBoardMap::position`](super::HexBoardMap::position),
    /// [`DungeonMap::cell_centre`](super::DungeonMap::cell_centre)), which
    /// centres the map on the entity.
    pub anchor: Option<TilemapAnchor>,
    /// The map's z (its `Transform`'s translation z; bevy_ecs_tilemap
    /// draws higher z on top); `None`: the entity's `Transform` as given.
    pub z: Option<f32>,
}

impl EcsTileLayout {
    /// This map's hex or cell size in world units (at least 1).
    pub fn with_size(mut self, size: f32) -> Self {
        self.size = Some(size.max(1.0));
        self
    }

    /// This map's anchor (bevy_ecs_tilemap's own: `TopLeft`, `Center`, …).
    pub fn with_anchor(mut self, anchor: TilemapAnchor) -> Self {
        self.anchor = Some(anchor);
        self
    }

    /// This map's z.
    pub fn with_z(mut self, z: f32) -> Self {
        self.z = Some(z);
        self
    }
}

/// A level's map as tilemap data: its type and size and every tile's
/// position and texture index (what [`spawn_tiles`] spawns).
#[derive(Clone, Debug, PartialEq)]
pub struct LevelTiles {
    /// Hexagon (pointy rows, axial) for boards, square otherwise.
    pub map_type: TilemapType,
    /// Columns and rows of the tile storage.
    pub size: TilemapSize,
    /// Each tile (boards: in the board's row-major order; grids: row by
    /// row from the top).
    pub tiles: Vec<(TilePos, TileTextureIndex)>,
    /// Where the first tile's centre lies relative to the map's centre,
    /// for a size of 1 (hexes: [`HexBoardMap::position`](super::HexBoardMap::position)
    /// of hex 0; cells: [`DungeonMap::cell_centre`](super::DungeonMap::cell_centre)
    /// of the top-left cell): the tilemap is anchored so every tile sits
    /// where the plugin's own maps put it.
    pub first_centre: Vec2,
}

/// The atlas index of a tile: a board's tile code, or a dungeon or puzzle
/// cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileKind {
    /// A hex of a board, by its code.
    Hex(BoardGame, u8),
    /// A dungeon cell.
    Dungeon(DungeonTile),
    /// A dungeon cell on or around the entrance or final room: a wall or
    /// secret door there has its own tile, in the room's colour (any other
    /// cell is the plain [`TileKind::Dungeon`] tile).
    MarkedDungeon(DungeonTile, WallMark),
    /// A puzzle cell as saved (`#`, `.`, `X`, `O`).
    Puzzle(char),
}

/// The texture index of a tile in its atlas ([`EcsTileAtlas`]).
///
/// ```
/// use evoboard_core::boards::BoardGame;
/// use evoboard_core::dungeon::DungeonTile;
/// use bevy_evoboard::ecs_tilemap::{TileKind, tile_index};
/// assert_eq!(tile_index(TileKind::Hex(BoardGame::TerraMystica, 3)), 3);
/// assert_eq!(tile_index(TileKind::Hex(BoardGame::Catan, 2 << 4 | 5)), 10);
/// assert_eq!(tile_index(TileKind::Dungeon(DungeonTile::Floor)), 2);
/// assert_eq!(tile_index(TileKind::Puzzle('X')), 9);
/// // The entrance room's walls have a tile of their own.
/// use bevy_evoboard::WallMark;
/// assert_eq!(tile_index(TileKind::MarkedDungeon(DungeonTile::Wall, WallMark::Entrance)), 11);
/// assert_eq!(tile_index(TileKind::MarkedDungeon(DungeonTile::Floor, WallMark::Final)), 2);
/// ```
pub fn tile_index(kind: TileKind) -> u32 {
    match kind {
        TileKind::Hex(BoardGame::TerraMystica, code) => u32::from(code.min(7)),
        TileKind::Hex(BoardGame::Catan, code) => 8 + u32::from((code >> 4).min(5)),
        TileKind::Dungeon(cell) => {
            DUNGEON_CELLS.iter().position(|&c| c == cell).unwrap_or(0) as u32
        }
        TileKind::MarkedDungeon(cell, mark) => {
            let secret = match cell {
                DungeonTile::Wall => 0,
                DungeonTile::SecretDoor => 2,
                _ => return tile_index(TileKind::Dungeon(cell)),
            };
            MARKED + secret + u32::from(mark == WallMark::Final)
        }
        TileKind::Puzzle(c) => match c {
            '#' => 7,
            'X' => 9,
            'O' => 10,
            _ => 8,
        },
    }
}

/// The tile of a dungeon or puzzle cell (`x` across, `y` down from the
/// top, as the level stores it) on a square map of `height` rows: the
/// tilemap's rows run up, so row `y` is tile row `height - 1 - y`. (A
/// board's hex `i` is at `LevelTiles::of(&level).tiles[i].0`.)
///
/// ```
/// use bevy_evoboard::ecs_tilemap::cell_tile_pos;
/// let p = cell_tile_pos(10, 3, 0);
/// assert_eq!((p.x, p.y), (3, 9));
/// ```
pub fn cell_tile_pos(height: usize, x: usize, y: usize) -> TilePos {
    TilePos::new(x as u32, height.saturating_sub(1 + y) as u32)
}

impl LevelTiles {
    /// The tiles of a level's map.
    pub fn of(level: &Level) -> LevelTiles {
        match &level.map {
            LevelMap::TerraMystica(_) | LevelMap::Catan(_) => {
                let map = super::HexBoardMap::from_level(&level.map).unwrap_or_else(|| {
                    super::HexBoardMap::new(BoardGame::TerraMystica, Vec::new())
                });
                // Axial (q, r) with rows running down become the tilemap's
                // axial row system with rows running up: r' = -r and
                // q' = q + r keep every hex's x (q + r/2), then both shift
                // to start at 0.
                let hexes: Vec<(i32, i32)> = (0..map.tiles.len())
                    .map(|i| {
                        let h = map.grid.hex(i as u16);
                        (h.x + h.y, -h.y)
                    })
                    .collect();
                let min = |f: fn(&(i32, i32)) -> i32| hexes.iter().map(f).min().unwrap_or(0);
                let max = |f: fn(&(i32, i32)) -> i32| hexes.iter().map(f).max().unwrap_or(0);
                let (q0, r0) = (min(|h| h.0), min(|h| h.1));
                let tiles = hexes
                    .iter()
                    .zip(&map.tiles)
                    .map(|(&(q, r), &code)| {
                        let pos = TilePos::new((q - q0) as u32, (r - r0) as u32);
                        let index = tile_index(TileKind::Hex(map.game, code));
                        (pos, TileTextureIndex(index))
                    })
                    .collect();
                let size = TilemapSize::new(
                    (max(|h| h.0) - q0 + 1) as u32,
                    (max(|h| h.1) - r0 + 1) as u32,
                );
                LevelTiles {
                    map_type: TilemapType::Hexagon(HexCoordSystem::Row),
                    size,
                    tiles,
                    first_centre: if map.tiles.is_empty() {
                        Vec2::ZERO
                    } else {
                        map.position(0, 1.0)
                    },
                }
            }
            LevelMap::Dungeon(d) => {
                let w = d.width();
                let marks = super::DungeonMap::from_level(&level.map)
                    .map(|m| m.wall_marks())
                    .unwrap_or_default();
                LevelTiles::grid(w, d.height(), |x, y| {
                    let cell = d.grid.get(x, y);
                    match marks.get(y * w + x).copied().flatten() {
                        Some(mark) => TileKind::MarkedDungeon(cell, mark),
                        None => TileKind::Dungeon(cell),
                    }
                })
            }
            LevelMap::Puzzle(p) => LevelTiles::grid(p.width, p.height, |x, y| {
                TileKind::Puzzle(p.cells[y].chars().nth(x).unwrap_or('.'))
            }),
        }
    }

    /// A square grid (row 0 at the top, as the level stores it; the
    /// tilemap's y runs up).
    fn grid(w: usize, h: usize, kind: impl Fn(usize, usize) -> TileKind) -> LevelTiles {
        let tiles = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .map(|(x, y)| {
                let pos = cell_tile_pos(h, x, y);
                (pos, TileTextureIndex(tile_index(kind(x, y))))
            })
            .collect();
        LevelTiles {
            map_type: TilemapType::Square,
            size: TilemapSize::new(w as u32, h as u32),
            tiles,
            first_centre: Vec2::new(0.5 - w as f32 / 2.0, h as f32 / 2.0 - 0.5),
        }
    }

    /// Whether the tiles are hexes.
    pub fn is_hex(&self) -> bool {
        matches!(self.map_type, TilemapType::Hexagon(_))
    }
}

/// Fill `tilemap` with a level's tiles: one tile entity per hex or cell
/// (children of the map), a [`TileStorage`] and the rest of a
/// [`TilemapBundle`], with hexes (centre to corner) or cells of `size`
/// world units drawn from `texture` (an atlas painted at that size:
/// [`EcsTileAtlas::at_size`]). With `anchor` `None`, each tile sits where
/// [`HexBoardMap::position`](super::HexBoardMap::position) or
/// [`DungeonMap::cell_centre`](super::DungeonMap::cell_centre) puts it
/// relative to the entity. Components the entity has already keep their
/// values: a `Transform` given at spawn places and scales the map.
pub fn spawn_tiles(
    commands: &mut Commands,
    tilemap: Entity,
    level: &LevelTiles,
    texture: Handle<Image>,
    size: f32,
    anchor: Option<TilemapAnchor>,
) {
    let mut storage = TileStorage::empty(level.size);
    let tilemap_id = TilemapId(tilemap);
    commands.entity(tilemap).with_children(|c| {
        for &(position, texture_index) in &level.tiles {
            let tile = c
                .spawn(TileBundle {
                    position,
                    tilemap_id,
                    texture_index,
                    ..default()
                })
                .id();
            storage.set(&position, tile);
        }
    });
    let s = size.max(1.0);
    let (tile_size, grid_size) = if level.is_hex() {
        let (w, h) = hex_px(s);
        (
            TilemapTileSize::new(w as f32, h as f32),
            TilemapGridSize::new(3f32.sqrt() * s, 2.0 * s),
        )
    } else {
        let px = square_px(s) as f32;
        (TilemapTileSize::new(px, px), TilemapGridSize::new(s, s))
    };
    let anchor = anchor.unwrap_or_else(|| {
        level
            .tiles
            .first()
            .map_or(TilemapAnchor::Center, |(pos, _)| {
                let want = level.first_centre * s;
                anchor_placing(*pos, want, level, &grid_size, &tile_size)
            })
    });
    // `insert_if_new`: the game's own `Transform` (and visibility) stay.
    commands.entity(tilemap).insert_if_new(TilemapBundle {
        grid_size,
        map_type: level.map_type,
        size: level.size,
        storage,
        texture: TilemapTexture::Single(texture),
        tile_size,
        anchor,
        ..default()
    });
}

/// The anchor that puts the centre of the tile at `pos` at `want`
/// (relative to the map entity).
fn anchor_placing(
    pos: TilePos,
    want: Vec2,
    level: &LevelTiles,
    grid: &TilemapGridSize,
    tile: &TilemapTileSize,
) -> TilemapAnchor {
    let unanchored = pos.center_in_world(
        &level.size,
        grid,
        tile,
        &level.map_type,
        &TilemapAnchor::None,
    );
    let offset = want - unanchored;
    // `Custom(v)` gives the offset (-0.5 - v) * (max - min) - min, with the
    // map's box from the bottom-left and top-right anchors' offsets.
    let min = -TilemapAnchor::BottomLeft.as_offset(&level.size, grid, tile, &level.map_type);
    let max = -TilemapAnchor::TopRight.as_offset(&level.size, grid, tile, &level.map_type);
    let span = (max - min).max(Vec2::splat(f32::EPSILON));
    TilemapAnchor::Custom(Vec2::splat(-0.5) - (offset + min) / span)
}

/// Fills [`LevelEcsTilemap`] entities with tilemaps (add bevy_ecs_tilemap's
/// `TilemapPlugin` to draw them).
pub struct EcsTilemapPlugin;

impl Plugin for EcsTilemapPlugin {
    fn build(&self, app: &mut App) {
        let schedule = EvoboardSettings::of(app).schedule;
        app.register_type::<LevelEcsTilemap>()
            .register_type::<EcsTileLayout>()
            .add_systems(Startup, paint_atlas)
            .add_systems(schedule, fill_tilemaps.in_set(EvoboardSet::Draw));
    }
}

/// A filled map (not filled again).
#[derive(Component)]
struct Filled;

#[allow(clippy::type_complexity)]
fn fill_tilemaps(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    atlas: Option<ResMut<EcsTileAtlas>>,
    mut images: Option<ResMut<Assets<Image>>>,
    levels: Res<Assets<LevelAsset>>,
    maps: Query<
        (
            Entity,
            &LevelEcsTilemap,
            Option<&EcsTileLayout>,
            Option<&Transform>,
        ),
        Without<Filled>,
    >,
) {
    let Some(mut atlas) = atlas else { return };
    for (e, map, layout, place) in &maps {
        let Some(LevelAsset(level)) = levels.get(&map.0) else {
            continue;
        };
        let tiles = LevelTiles::of(level);
        let layout = layout.copied().unwrap_or_default();
        let size = layout.size.unwrap_or(if tiles.is_hex() {
            settings.hex_size
        } else {
            settings.cell_size
        });
        let texture = atlas.at_size(tiles.is_hex(), size, images.as_deref_mut());
        spawn_tiles(&mut commands, e, &tiles, texture, size, layout.anchor);
        if let Some(z) = layout.z {
            let mut place = place.copied().unwrap_or_default();
            place.translation.z = z;
            commands.entity(e).insert(place);
        }
        commands.entity(e).insert(Filled);
    }
}
