//! The tile atlases a [`LevelEcsTilemap`] map draws from, painted in code:
//! the hex terrains and the square cells (dungeon, puzzle, and the entrance
//! and final rooms' marked walls), once for each tile size asked for.

use super::*;
use crate::dungeon_tilemap::cell_pixel;
use crate::hex_tilemap::tile_colour;
use bevy::asset::RenderAssetUsages;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use std::collections::HashMap;

/// Hex atlas: Terra Mystica's eight terrains, then Catan's six.
const HEX_TILES: u32 = 14;
/// Square atlas: the seven dungeon cells, the puzzle's blocked, empty, X
/// and O, then the entrance room's and the final room's wall and secret
/// door.
const SQUARE_TILES: u32 = 15;
/// Square atlas index of the first marked wall (entrance wall, final wall,
/// entrance secret door, final secret door).
pub(super) const MARKED: u32 = 11;
/// The dungeon cells in atlas order.
pub(super) const DUNGEON_CELLS: [DungeonTile; 7] = [
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
pub(super) fn hex_px(hex_size: f32) -> (u32, u32) {
    let size = hex_size.max(1.0);
    (
        (3f32.sqrt() * size).ceil() as u32,
        (2.0 * size).ceil() as u32,
    )
}

/// Texture pixels of a square tile at cells of `cell_size`.
pub(super) fn square_px(cell_size: f32) -> u32 {
    cell_size.max(1.0).ceil() as u32
}

/// The tile atlases of [`LevelEcsTilemap`] maps: painted at startup at the
/// settings' sizes, and once more for each other size an [`EcsTileLayout`]
/// asks for.
#[derive(Resource, Clone, Debug)]
pub struct EcsTileAtlas {
    /// Hex terrains at [`EvoboardSettings::hex_size`] (index =
    /// [`tile_index`] of a board's tile).
    pub hex: Handle<Image>,
    /// Square cells at [`EvoboardSettings::cell_size`] (index =
    /// [`tile_index`] of a dungeon or puzzle cell).
    pub square: Handle<Image>,
    /// Atlases painted for other sizes, by texture pixels (width, height;
    /// hexes and squares apart).
    painted: HashMap<(bool, u32, u32), Handle<Image>>,
}

impl EcsTileAtlas {
    /// The atlas for hexes (`hex`) or squares of `size` world units:
    /// painted into `images` the first time a size is asked for (without
    /// images, a default handle: the map is filled, nothing is drawn).
    pub fn at_size(
        &mut self,
        hex: bool,
        size: f32,
        images: Option<&mut Assets<Image>>,
    ) -> Handle<Image> {
        let (w, h) = if hex {
            hex_px(size)
        } else {
            let s = square_px(size);
            (s, s)
        };
        if let Some(handle) = self.painted.get(&(hex, w, h)) {
            return handle.clone();
        }
        let Some(images) = images else {
            return Handle::default();
        };
        let image = if hex {
            hex_atlas(w, h)
        } else {
            square_atlas(w)
        };
        let handle = images.add(image);
        self.painted.insert((hex, w, h), handle.clone());
        handle
    }
}

/// Paint both atlases at the settings' sizes (a game without images gets
/// default handles: the maps are still filled, nothing is drawn).
pub(super) fn paint_atlas(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    mut images: Option<ResMut<Assets<Image>>>,
) {
    let mut atlas = EcsTileAtlas {
        hex: Handle::default(),
        square: Handle::default(),
        painted: HashMap::new(),
    };
    atlas.hex = atlas.at_size(true, settings.hex_size, images.as_deref_mut());
    atlas.square = atlas.at_size(false, settings.cell_size, images.as_deref_mut());
    commands.insert_resource(atlas);
}

/// The hex atlas with tiles of `w` × `h` pixels: Terra Mystica's terrains,
/// then Catan's.
fn hex_atlas(w: u32, h: u32) -> Image {
    atlas_image(w, h, HEX_TILES, |k, x, y| {
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
    })
}

/// The square atlas with tiles of `side` pixels: the dungeon cells, the
/// puzzle's cells, then the marked walls and secret doors.
fn square_atlas(side: u32) -> Image {
    atlas_image(side, side, SQUARE_TILES, |k, x, y| {
        // The dungeon texture's 8 × 8 cell, scaled to the tile.
        let (px, py) = ((x * 8 / side) as usize, (y * 8 / side) as usize);
        Some(match k {
            0..7 => cell_pixel(DUNGEON_CELLS[k as usize], None, px, py),
            7 => [40, 40, 44],
            8 => [236, 232, 220],
            9 => [40, 90, 200],
            10 => [200, 60, 40],
            _ => {
                let marked = k - MARKED;
                let cell = if marked < 2 {
                    DungeonTile::Wall
                } else {
                    DungeonTile::SecretDoor
                };
                let mark = if marked.is_multiple_of(2) {
                    WallMark::Entrance
                } else {
                    WallMark::Final
                };
                cell_pixel(cell, Some(mark.rgb()), px, py)
            }
        })
    })
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
