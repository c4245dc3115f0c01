//! Levels as `bevy_ecs_tilemap` maps (feature `ecs_tilemap`), for a game
//! that draws with that crate: a hex map (pointy rows) for a Terra
//! Mystica or Catan board, a square map for a dungeon or a puzzle, one
//! tile entity per hex or cell, its [`TileTextureIndex`] the terrain or
//! cell kind ([`tile_index`]). The textures are two small atlases painted
//! in code ([`EcsTileAtlas`]: the hex terrains and the square cells).
//!
//! With the `ecs_tilemap` feature, [`EcsTilemapPlugin`] is part of
//! [`EvoboardPlugins`](super::EvoboardPlugins) (disable it there to leave it
//! out); add bevy_ecs_tilemap's own `TilemapPlugin` to draw.
//!
//! ```no_run
//! use bevy::prelude::*;
//! use bevy_ecs_tilemap::TilemapPlugin;
//! use bevy_evoboard::prelude::*;
//!
//! fn spawn(mut commands: Commands, assets: Res<AssetServer>) {
//!     let level = assets.load("levels/demo-catan.level.ron");
//!     // A Transform places (and scales) the map; it is kept.
//!     commands.spawn((LevelEcsTilemap(level), Transform::from_xyz(200.0, 0.0, 0.0)));
//! }
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, TilemapPlugin, EvoboardPlugins::default()))
//!     .add_systems(Startup, spawn)
//!     .run();
//! ```

use super::dungeon_tilemap::cell_pixel;
use super::hex_tilemap::tile_colour;
use super::level_asset::LevelAsset;
use super::settings::{EvoboardSet, EvoboardSettings};
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_ecs_tilemap::prelude::*;
use evoboard_core::boards::BoardGame;
use evoboard_core::dungeon::DungeonTile;
use evoboard_core::level::{Level, LevelMap};

/// Hex atlas: Terra Mystica's eight terrains, then Catan's six.
const HEX_TILES: u32 = 14;
/// Square atlas: the seven dungeon cells, then the puzzle's blocked,
/// empty, X and O.
const SQUARE_TILES: u32 = 11;
/// The dungeon cells in atlas order.
const DUNGEON_CELLS: [DungeonTile; 7] = [
    DungeonTile::Rock,
    DungeonTile::Wall,
    DungeonTile::Floor,
    DungeonTile::Corridor,
    DungeonTile::Door,
    DungeonTile::SecretDoor,
    DungeonTile::Trap,
];

/// Texture pixels of a hex tile at hexes of `hex_size` (centre to corner):
/// the pointy hex's width √3·size and height 2·size, rounded up so
/// neighbours touch.
fn hex_px(hex_size: f32) -> (u32, u32) {
    let size = hex_size.max(1.0);
    (
        (3f32.sqrt() * size).ceil() as u32,
        (2.0 * size).ceil() as u32,
    )
}

/// Texture pixels of a square tile at cells of `cell_size`.
fn square_px(cell_size: f32) -> u32 {
    cell_size.max(1.0).ceil() as u32
}

/// Draw a level's map on this entity as a `bevy_ecs_tilemap` tilemap once
/// the level is loaded (or generated: a [`GeneratedLevel`](super::GeneratedLevel)'s
/// handle works the same).
#[derive(Component, Clone, Debug, Reflect)]
#[reflect(Component)]
pub struct LevelEcsTilemap(pub Handle<LevelAsset>);

/// The tile atlases of [`LevelEcsTilemap`] maps, painted at startup.
#[derive(Resource, Clone, Debug)]
pub struct EcsTileAtlas {
    /// Hex terrains (index = [`tile_index`] of a board's tile).
    pub hex: Handle<Image>,
    /// Square cells (index = [`tile_index`] of a dungeon or puzzle cell).
    pub square: Handle<Image>,
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
/// ```
pub fn tile_index(kind: TileKind) -> u32 {
    match kind {
        TileKind::Hex(BoardGame::TerraMystica, code) => u32::from(code.min(7)),
        TileKind::Hex(BoardGame::Catan, code) => 8 + u32::from((code >> 4).min(5)),
        TileKind::Dungeon(cell) => {
            DUNGEON_CELLS.iter().position(|&c| c == cell).unwrap_or(0) as u32
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
            LevelMap::Dungeon(d) => LevelTiles::grid(d.width(), d.height(), |x, y| {
                TileKind::Dungeon(d.grid.get(x, y))
            }),
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
/// [`TilemapBundle`]: hexes of [`EvoboardSettings::hex_size`] and cells of
/// [`EvoboardSettings::cell_size`] (the atlas is painted at those sizes),
/// each tile where [`HexBoardMap::position`](super::HexBoardMap::position)
/// or [`DungeonMap::cell_centre`](super::DungeonMap::cell_centre) puts it
/// relative to the entity. Components the entity has already keep their
/// values: a `Transform` given at spawn places and scales the map.
pub fn spawn_tiles(
    commands: &mut Commands,
    tilemap: Entity,
    level: &LevelTiles,
    atlas: &EcsTileAtlas,
    settings: &EvoboardSettings,
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
    let (texture, tile_size, grid_size, unit) = if level.is_hex() {
        let s = settings.hex_size;
        let (w, h) = hex_px(s);
        let grid = TilemapGridSize::new(3f32.sqrt() * s, 2.0 * s);
        (
            &atlas.hex,
            TilemapTileSize::new(w as f32, h as f32),
            grid,
            s,
        )
    } else {
        let s = settings.cell_size;
        let px = square_px(s) as f32;
        let grid = TilemapGridSize::new(s, s);
        (&atlas.square, TilemapTileSize::new(px, px), grid, s)
    };
    let anchor = level
        .tiles
        .first()
        .map_or(TilemapAnchor::Center, |(pos, _)| {
            let want = level.first_centre * unit;
            anchor_placing(*pos, want, level, &grid_size, &tile_size)
        });
    // `insert_if_new`: the game's own `Transform` (and visibility) stay.
    commands.entity(tilemap).insert_if_new(TilemapBundle {
        grid_size,
        map_type: level.map_type,
        size: level.size,
        storage,
        texture: TilemapTexture::Single(texture.clone()),
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
            .add_systems(Startup, paint_atlas)
            .add_systems(schedule, fill_tilemaps.in_set(EvoboardSet::Draw));
    }
}

/// A filled map (not filled again).
#[derive(Component)]
struct Filled;

fn fill_tilemaps(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    atlas: Option<Res<EcsTileAtlas>>,
    levels: Res<Assets<LevelAsset>>,
    maps: Query<(Entity, &LevelEcsTilemap), Without<Filled>>,
) {
    let Some(atlas) = atlas else { return };
    for (e, map) in &maps {
        if let Some(LevelAsset(level)) = levels.get(&map.0) {
            spawn_tiles(&mut commands, e, &LevelTiles::of(level), &atlas, &settings);
            commands.entity(e).insert(Filled);
        }
    }
}

/// Paint both atlases (a game without images gets default handles: the
/// maps are still filled, nothing is drawn).
fn paint_atlas(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    images: Option<ResMut<Assets<Image>>>,
) {
    let Some(mut images) = images else {
        commands.insert_resource(EcsTileAtlas {
            hex: Handle::default(),
            square: Handle::default(),
        });
        return;
    };
    let (w, h) = hex_px(settings.hex_size);
    let hex = atlas_image(w, h, HEX_TILES, |k, x, y| {
        let game = if k < 8 {
            BoardGame::TerraMystica
        } else {
            BoardGame::Catan
        };
        let code = if k < 8 { k as u8 } else { ((k - 8) as u8) << 4 };
        inside_hex(x, y, w, h).then(|| {
            let c = tile_colour(game, code).to_srgba();
            [c.red, c.green, c.blue].map(|v| (v * 255.0) as u8)
        })
    });
    let side = square_px(settings.cell_size);
    let square = atlas_image(side, side, SQUARE_TILES, |k, x, y| {
        // The dungeon texture's 8 × 8 cell, scaled to the tile.
        let (px, py) = ((x * 8 / side) as usize, (y * 8 / side) as usize);
        Some(match k {
            0..7 => cell_pixel(DUNGEON_CELLS[k as usize], None, px, py),
            7 => [40, 40, 44],
            8 => [236, 232, 220],
            9 => [40, 90, 200],
            _ => [200, 60, 40],
        })
    });
    commands.insert_resource(EcsTileAtlas {
        hex: images.add(hex),
        square: images.add(square),
    });
}

/// Whether pixel (`x`, `y`) of a `w` × `h` hex tile lies in its pointy hex.
fn inside_hex(x: u32, y: u32, w: u32, h: u32) -> bool {
    let (w, h) = (w as f32, h as f32);
    let (dx, dy) = (
        (x as f32 + 0.5 - w / 2.0).abs(),
        (y as f32 + 0.5 - h / 2.0).abs(),
    );
    dx <= w / 2.0 && dy <= h / 2.0 - dx * (h / 4.0) / (w / 2.0)
}

/// `count` tiles of `w` × `h` pixels side by side; `rgb(tile, x, y)` or
/// transparent.
fn atlas_image(
    w: u32,
    h: u32,
    count: u32,
    rgb: impl Fn(u32, u32, u32) -> Option<[u8; 3]>,
) -> Image {
    let mut data = vec![0u8; (w * count * h * 4) as usize];
    for k in 0..count {
        for y in 0..h {
            for x in 0..w {
                if let Some(c) = rgb(k, x, y) {
                    let i = ((y * w * count + k * w + x) * 4) as usize;
                    data[i..i + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
                }
            }
        }
    }
    Image::new(
        Extent3d {
            width: w * count,
            height: h,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}
