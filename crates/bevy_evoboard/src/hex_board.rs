//! A drawn hex board as components: the board itself ([`HexBoardMap`]:
//! game, layout, tiles, broken hexes, harbours) apart from what an editor
//! lays over it ([`HexOverlay`]: pins, score shade, letters) and the
//! selected hex ([`HexSelection`]), so changing the selection redraws one
//! hex, not the board. Also the board's geometry in world units (hexes of
//! [`EvoboardSettings::hex_size`](super::EvoboardSettings::hex_size)).

use bevy::prelude::*;
use evoboard_core::boards::catan::{CatanBoard, Harbour};
use evoboard_core::boards::{self, BoardGame, HexGrid};
use evoboard_core::level::LevelMap;
use hexx::{HexLayout, HexOrientation};

/// A hex board to draw on this entity: one child per hex. The board's
/// data only; pins, shade and letters are a [`HexOverlay`], the selected
/// hex a [`HexSelection`] (both added with it, empty).
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
#[require(HexOverlay, HexSelection)]
pub struct HexBoardMap {
    /// Which game (colours, tokens).
    pub game: BoardGame,
    /// The layout.
    pub grid: HexGrid,
    /// Tile codes, row-major.
    pub tiles: Vec<u8>,
    /// Per-hex broken-requirement flags (non-zero = highlighted).
    pub broken: Vec<u8>,
    /// Whether broken hexes are highlighted.
    pub show_broken: bool,
    /// Catan's harbours on the frame (drawn beside their coastal hexes).
    pub harbours: Vec<Harbour>,
}

/// What an editor lays over a [`HexBoardMap`]'s hexes; changing it
/// redraws the marks, never the tiles or the harbours.
#[derive(Component, Clone, Debug, Default, PartialEq, Reflect)]
#[reflect(Component)]
pub struct HexOverlay {
    /// Pinned hexes (a pin is drawn on them); empty = none.
    pub pinned: Vec<bool>,
    /// Per-hex overlay shade in `0..=1` (darker adds more to the score);
    /// empty = no overlay.
    pub shade: Vec<f32>,
    /// Print each hex's terrain letter (the colour-blind view,
    /// [`crate::tile_letter`]).
    pub letters: bool,
}

/// The selected hex of a [`HexBoardMap`] (drawn with a bright outline);
/// changing it redraws the outlines of the hex left and the hex selected.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Reflect)]
#[reflect(Component)]
pub struct HexSelection(pub Option<usize>);

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
            LevelMap::Catan(b) => Some(catan_map(b)),
            LevelMap::Dungeon(_) | LevelMap::Puzzle(_) => None,
        }
    }

    /// World position of hex `i` on a board of hexes of `hex_size`
    /// ([`EvoboardSettings::hex_size`](super::EvoboardSettings::hex_size);
    /// row 0 at the top, board centred on 0). `hexx` lays out the axial
    /// coordinates of [`HexGrid::hex`]; rows run downwards on screen.
    pub fn position(&self, i: usize, hex_size: f32) -> Vec2 {
        let layout = hex_layout(hex_size);
        self.position_at(i, &layout, self.x_centre(&layout))
    }

    /// [`HexBoardMap::position`] with the layout and the board's
    /// horizontal centre computed once (for loops over every hex).
    pub(super) fn position_at(&self, i: usize, layout: &HexLayout, x_centre: f32) -> Vec2 {
        let rows = self.grid.rows() as f32;
        let row = self.grid.row_col(i as u16).0 as f32;
        Vec2::new(
            layout.hex_to_world_pos(self.grid.hex(i as u16)).x - x_centre,
            ((rows - 1.0) / 2.0 - row) * 1.5 * layout.scale.y,
        )
    }

    /// The middle of the hexes' `hexx` x positions (what centres the board).
    pub(super) fn x_centre(&self, layout: &HexLayout) -> f32 {
        let (lo, hi) = (0..self.tiles.len())
            .map(|j| layout.hex_to_world_pos(self.grid.hex(j as u16)).x)
            .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        (lo + hi) / 2.0
    }

    /// Local position (relative to the map entity) of the centre of `hex`,
    /// the `hexx` coordinate a level's typed access uses
    /// ([`evoboard_core::boards::terra_mystica::TerraMysticaBoard::terrain_at`]),
    /// with hexes of `hex_size`; `None` off the board.
    ///
    /// ```
    /// use evoboard_core::boards::BoardGame;
    /// use evoboard_core::boards::terra_mystica::standard_tiles;
    /// use bevy_evoboard::{EvoboardSettings, HexBoardMap};
    /// let size = EvoboardSettings::default().hex_size;
    /// let map = HexBoardMap::new(BoardGame::TerraMystica, standard_tiles());
    /// let hex = map.grid.hex(40);
    /// let at = map.hex_position(hex, size).unwrap();
    /// assert_eq!(at, map.position(40, size));
    /// assert_eq!(map.hex_at(at + bevy::math::Vec2::new(5.0, -3.0), size), Some(hex));
    /// ```
    pub fn hex_position(&self, hex: hexx::Hex, hex_size: f32) -> Option<Vec2> {
        self.index_of(hex).map(|i| self.position(i, hex_size))
    }

    /// The hex under a local position, if on the board (clicks, a
    /// character standing on the board), with hexes of `hex_size`.
    pub fn hex_at(&self, local: Vec2, hex_size: f32) -> Option<hexx::Hex> {
        // In a regular hex tiling the hex holding a point is the one with
        // the nearest centre; off the board means farther than a corner.
        let layout = hex_layout(hex_size);
        let x_centre = self.x_centre(&layout);
        (0..self.tiles.len())
            .map(|i| {
                (
                    i,
                    self.position_at(i, &layout, x_centre)
                        .distance_squared(local),
                )
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .filter(|&(_, d)| d <= hex_size * hex_size)
            .map(|(i, _)| self.grid.hex(i as u16))
    }

    fn index_of(&self, hex: hexx::Hex) -> Option<usize> {
        self.grid
            .hex_index(hex)
            .map(usize::from)
            .filter(|&i| i < self.tiles.len())
    }

    /// The rectangle the board draws in, relative to the map entity, in
    /// world units with hexes of `hex_size`: every hex's corners and every
    /// harbour token's edge (for fitting the camera). Measured on the
    /// hexes and harbours themselves, so an island whose harbours stick
    /// out more on one side is not fitted as if they did on both.
    ///
    /// ```
    /// use evoboard_core::boards::BoardGame;
    /// use evoboard_core::boards::terra_mystica::standard_tiles;
    /// use bevy_evoboard::HexBoardMap;
    /// let map = HexBoardMap::new(BoardGame::TerraMystica, standard_tiles());
    /// // 13 hexes across (the rows of 12 sit between them), 9 rows.
    /// let r = map.drawn_rect(1.0);
    /// assert!((r.width() - 13.0 * 3f32.sqrt()).abs() < 1e-4);
    /// assert!((r.height() - (8.0 * 1.5 + 2.0)).abs() < 1e-4);
    /// assert!(r.center().length() < 1e-4);
    /// ```
    pub fn drawn_rect(&self, hex_size: f32) -> Rect {
        if self.tiles.is_empty() {
            return Rect::default();
        }
        let layout = hex_layout(hex_size);
        let x_centre = self.x_centre(&layout);
        // A pointy hex reaches half its width sideways, its size up.
        let hex = Vec2::new(3f32.sqrt() / 2.0 * hex_size, hex_size);
        let hexes = (0..self.tiles.len()).map(|i| (self.position_at(i, &layout, x_centre), hex));
        let token = Vec2::splat(super::hex_marks::HARBOUR_RADIUS * hex_size);
        let harbours = self
            .harbours
            .iter()
            .filter_map(|h| super::hex_marks::harbour_position(self, h, hex_size))
            .map(|p| (p, token));
        let (min, max) = hexes.chain(harbours).fold(
            (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
            |(min, max), (at, half)| (min.min(at - half), max.max(at + half)),
        );
        Rect { min, max }
    }

    /// Half the extent of what the board draws around the map entity (the
    /// farthest edge of [`HexBoardMap::drawn_rect`] from its origin, each
    /// way): what a view centred on the map must show.
    pub fn half_extent(&self, hex_size: f32) -> Vec2 {
        let r = self.drawn_rect(hex_size);
        r.min.abs().max(r.max.abs())
    }
}

/// The `hexx` layout of every drawn board: pointy hexes of `hex_size`.
pub(super) fn hex_layout(hex_size: f32) -> HexLayout {
    HexLayout::new(HexOrientation::Pointy).with_hex_size(hex_size)
}

/// A Catan board as a map, with its harbours (used by tests and
/// examples).
pub fn catan_map(board: &CatanBoard) -> HexBoardMap {
    HexBoardMap {
        harbours: board.harbours.clone(),
        ..HexBoardMap::new(BoardGame::Catan, board.encode())
    }
}
