//! Square-grid dungeon tilemaps, shared by the dungeon screen and the
//! embeddable plugin: a [`DungeonMap`] component is drawn as one texture
//! (8 × 8 pixels per cell, nearest sampling, so every cell stays a crisp
//! square with a grid line; a cell is
//! [`EvoboardSettings::cell_size`](super::EvoboardSettings::cell_size)
//! world units) plus a text letter per room and simple shapes
//! for enemies (red disc) and treasure (gold diamond). The entrance room's
//! walls are green, the final room's orange. A [`LevelTilemap`] whose
//! level is a dungeon becomes a [`DungeonMap`].

use super::ViewExtent;
use super::hex_tilemap::LevelTilemap;
use super::level_asset::LevelAsset;
use super::settings::{EvoboardSet, EvoboardSettings};
use bevy::asset::RenderAssetUsages;
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use evoboard_core::dungeon::{Dungeon, DungeonRoom, DungeonTile, Grid};
use evoboard_core::level::LevelMap;

/// Texture pixels per cell.
pub const CELL_PX: usize = 8;

/// RGB of plain room floor (tests count these pixels in screenshots).
pub const FLOOR_RGB: [u8; 3] = [222, 204, 164];
const FLOOR_LINE: [u8; 3] = [196, 176, 136];
/// RGB of rock (outside the dungeon).
pub const ROCK_RGB: [u8; 3] = [34, 32, 30];
/// RGB of room walls.
pub const WALL_RGB: [u8; 3] = [116, 112, 108];
const WALL_LINE: [u8; 3] = [92, 88, 84];
/// RGB of corridors.
pub const CORRIDOR_RGB: [u8; 3] = [156, 136, 104];
const CORRIDOR_LINE: [u8; 3] = [134, 116, 88];
/// RGB of doors.
pub const DOOR_RGB: [u8; 3] = [150, 86, 34];
const DOOR_FRAME: [u8; 3] = [84, 46, 16];
/// RGB of the mark on a secret door.
pub const SECRET_RGB: [u8; 3] = [178, 70, 206];
/// RGB of the cross on a trapped corridor cell.
pub const TRAP_RGB: [u8; 3] = [214, 40, 30];
/// RGB of the entrance room's walls.
pub const ENTRANCE_RGB: [u8; 3] = [64, 176, 88];
/// RGB of the final room's walls.
pub const FINAL_RGB: [u8; 3] = [232, 128, 32];
/// Which special room a wall belongs to: its walls are drawn in
/// [`ENTRANCE_RGB`] or [`FINAL_RGB`] (on the [`DungeonMap`] texture and in
/// the bevy_ecs_tilemap atlas alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Reflect)]
pub enum WallMark {
    /// The entrance room's walls (green).
    Entrance,
    /// The final room's walls (orange).
    Final,
}

impl WallMark {
    /// The walls' colour.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            WallMark::Entrance => ENTRANCE_RGB,
            WallMark::Final => FINAL_RGB,
        }
    }
}

/// Colour of enemy icons.
pub const ENEMY_COLOUR: Color = Color::srgb(0.80, 0.10, 0.10);
/// Colour of treasure icons.
pub const TREASURE_COLOUR: Color = Color::srgb(0.96, 0.80, 0.12);

/// A dungeon to draw on this entity (centred on its transform): the grid,
/// the lettered rooms and what is known so far of their contents.
#[derive(Component, Clone, Debug, PartialEq, Reflect)]
#[reflect(Component)]
pub struct DungeonMap {
    /// The cells.
    pub grid: Grid,
    /// The rooms in letter order.
    pub rooms: Vec<DungeonRoom>,
    /// The entrance room, once chosen.
    pub entrance: Option<usize>,
    /// The final room, once chosen.
    pub final_room: Option<usize>,
    /// Whether the enemy and treasure flags are decided (icons shown).
    pub show_contents: bool,
}

impl DungeonMap {
    /// The map of a finished dungeon.
    pub fn from_dungeon(d: &Dungeon) -> DungeonMap {
        DungeonMap {
            grid: d.grid.clone(),
            rooms: d.rooms.clone(),
            entrance: Some(d.entrance),
            final_room: Some(d.final_room),
            show_contents: true,
        }
    }

    /// The map of a level, when it is a dungeon whose rooms lie on its
    /// grid (a hand-edited level with a room off the map is not drawn).
    pub fn from_level(map: &LevelMap) -> Option<DungeonMap> {
        let LevelMap::Dungeon(d) = map else {
            return None;
        };
        let (w, h) = (d.width(), d.height());
        let on_grid = d
            .rooms
            .iter()
            .all(|r| r.w > 0 && r.h > 0 && (r.x + r.w) as usize <= w && (r.y + r.h) as usize <= h);
        let roles = d.entrance < d.rooms.len() && d.final_room < d.rooms.len();
        if !(on_grid && roles) {
            warn_once!("dungeon level not drawn: a room or the entrance/final room is off the map");
            return None;
        }
        Some(DungeonMap::from_dungeon(d))
    }

    /// Half the map's extent in world units with cells of `cell` world
    /// units ([`EvoboardSettings::cell_size`]; for fitting the camera).
    pub fn half_extent(&self, cell: f32) -> Vec2 {
        Vec2::new(self.grid.width() as f32, self.grid.height() as f32) * cell / 2.0
    }

    /// Local position of a point given in cell units (0, 0 = the top-left
    /// corner of the map; y runs down the screen), cells of `cell` world
    /// units.
    pub fn local(&self, x: f32, y: f32, cell: f32) -> Vec2 {
        Vec2::new(x * cell, -y * cell) + Vec2::new(-1.0, 1.0) * self.half_extent(cell)
    }

    /// Local position (relative to the map entity) of the centre of cell
    /// (`x`, `y`): column `x`, row `y`, row 0 at the top, as in the
    /// level's grid and rooms, cells of `cell` world units. A game stands
    /// a character here.
    ///
    /// ```
    /// use evoboard_core::dungeon::{generate, DungeonParams, Size};
    /// use bevy_evoboard::{DungeonMap, EvoboardSettings};
    /// let cell = EvoboardSettings::default().cell_size;
    /// let d = generate(&DungeonParams::for_size(Size::Small), 7).unwrap().remove(0);
    /// let map = DungeonMap::from_dungeon(&d);
    /// let room = &d.rooms[d.entrance];
    /// let at = map.cell_centre(room.x as usize, room.y as usize, cell);
    /// assert_eq!(map.cell_at(at, cell), Some((room.x as usize, room.y as usize)));
    /// assert_eq!(map.room_at(at, cell), Some(d.entrance));
    /// ```
    pub fn cell_centre(&self, x: usize, y: usize, cell: f32) -> Vec2 {
        self.local(x as f32 + 0.5, y as f32 + 0.5, cell)
    }

    /// The cell under a local position, if on the map (cells of `cell`
    /// world units).
    pub fn cell_at(&self, local: Vec2, cell: f32) -> Option<(usize, usize)> {
        let h = self.half_extent(cell);
        let x = ((local.x + h.x) / cell).floor();
        let y = ((h.y - local.y) / cell).floor();
        let inside = x >= 0.0
            && y >= 0.0
            && (x as usize) < self.grid.width()
            && (y as usize) < self.grid.height();
        inside.then_some((x as usize, y as usize))
    }

    /// The room whose floor is under a local position (hovering; cells of
    /// `cell` world units).
    pub fn room_at(&self, local: Vec2, cell: f32) -> Option<usize> {
        let (x, y) = self.cell_at(local, cell)?;
        self.rooms.iter().position(|r| r.rect().contains(x, y))
    }

    /// Centre and size (local units) of room `i`'s floor (cells of `cell`
    /// world units).
    pub fn room_rect(&self, i: usize, cell: f32) -> (Vec2, Vec2) {
        let r = &self.rooms[i];
        let (w, h) = (r.w as f32, r.h as f32);
        (
            self.local(r.x as f32 + w / 2.0, r.y as f32 + h / 2.0, cell),
            Vec2::new(w, h) * cell,
        )
    }

    /// "ROOM C (entrance) - Has enemies and treasure" for room `i`.
    pub fn describe(&self, i: usize) -> String {
        let r = &self.rooms[i];
        let role = if self.entrance == Some(i) {
            " (entrance)"
        } else if self.final_room == Some(i) {
            " (final room)"
        } else {
            ""
        };
        let contents = if self.show_contents {
            r.contents()
        } else {
            "contents not decided yet"
        };
        format!("ROOM {}{role} - {contents}", r.letter)
    }

    /// The mark of every cell, row by row from the top: [`WallMark::Entrance`]
    /// on and around the entrance room, [`WallMark::Final`] on and around
    /// the final room (a wall or secret door there is drawn in the room's
    /// colour), `None` elsewhere.
    ///
    /// ```
    /// use bevy_evoboard::{DungeonMap, WallMark};
    /// use evoboard_core::dungeon::{DungeonParams, Size, generate};
    /// let d = &generate(&DungeonParams::for_size(Size::Small), 3).unwrap()[0];
    /// let map = DungeonMap::from_dungeon(d);
    /// let r = &d.rooms[d.entrance];
    /// let w = d.width();
    /// let corner = (r.y as usize - 1) * w + r.x as usize - 1;
    /// assert_eq!(map.wall_marks()[corner], Some(WallMark::Entrance));
    /// ```
    pub fn wall_marks(&self) -> Vec<Option<WallMark>> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut marks = vec![None; w * h];
        for (room, mark) in [
            (self.entrance, WallMark::Entrance),
            (self.final_room, WallMark::Final),
        ] {
            let Some(r) = room.and_then(|i| self.rooms.get(i)) else {
                continue;
            };
            let (x0, y0) = (
                (r.x as usize).saturating_sub(1),
                (r.y as usize).saturating_sub(1),
            );
            for y in y0..=(r.y + r.h) as usize {
                for x in x0..=(r.x + r.w) as usize {
                    if x < w && y < h {
                        marks[y * w + x] = Some(mark);
                    }
                }
            }
        }
        marks
    }

    /// The texture: `CELL_PX × CELL_PX` RGBA pixels per cell, rows top
    /// first.
    pub fn paint(&self) -> Vec<u8> {
        let (w, h) = (self.grid.width(), self.grid.height());
        let stride = w * CELL_PX;
        let mut px = vec![255u8; stride * h * CELL_PX * 4];
        // Walls of the entrance and the final room are coloured.
        let wall_tint: Vec<Option<[u8; 3]>> = self
            .wall_marks()
            .into_iter()
            .map(|m| m.map(WallMark::rgb))
            .collect();
        for y in 0..h {
            for x in 0..w {
                let cell = self.grid.get(x, y);
                let tint = wall_tint[y * w + x];
                for py in 0..CELL_PX {
                    for px_x in 0..CELL_PX {
                        let rgb = cell_pixel(cell, tint, px_x, py);
                        let i = ((y * CELL_PX + py) * stride + x * CELL_PX + px_x) * 4;
                        px[i..i + 3].copy_from_slice(&rgb);
                    }
                }
            }
        }
        px
    }
}

/// The colour of pixel (`px`, `py`) of a cell (0..8 each): a grid line on
/// the right and bottom edge of walkable cells, a frame on doors, a mark
/// on secret doors, a cross on traps.
pub fn cell_pixel(cell: DungeonTile, wall_tint: Option<[u8; 3]>, px: usize, py: usize) -> [u8; 3] {
    let last = CELL_PX - 1;
    let edge = px == last || py == last;
    let border = px == 0 || py == 0 || edge;
    let centre = (2..=5).contains(&px) && (2..=5).contains(&py);
    match cell {
        DungeonTile::Rock => ROCK_RGB,
        DungeonTile::Wall => match wall_tint {
            Some(t) => t,
            None if edge => WALL_LINE,
            None => WALL_RGB,
        },
        DungeonTile::Floor if edge => FLOOR_LINE,
        DungeonTile::Floor => FLOOR_RGB,
        DungeonTile::Corridor if edge => CORRIDOR_LINE,
        DungeonTile::Corridor => CORRIDOR_RGB,
        DungeonTile::Trap if px == py || px + py == last => TRAP_RGB,
        DungeonTile::Trap if edge => CORRIDOR_LINE,
        DungeonTile::Trap => CORRIDOR_RGB,
        DungeonTile::Door if border => DOOR_FRAME,
        DungeonTile::Door => DOOR_RGB,
        DungeonTile::SecretDoor if centre => SECRET_RGB,
        DungeonTile::SecretDoor => wall_tint.unwrap_or(WALL_RGB),
    }
}

/// The texture and label children of a drawn [`DungeonMap`].
#[derive(Component, Reflect)]
#[reflect(Component)]
pub struct DungeonTexture(pub Handle<Image>);

/// A letter or icon drawn over a room (respawned when the map changes).
#[derive(Component, Reflect)]
#[reflect(Component)]
pub struct RoomLabel;

/// Shared meshes and materials for the icons.
#[derive(Resource)]
struct IconAssets {
    disc: Handle<Mesh>,
    diamond: Handle<Mesh>,
    enemy: Handle<ColorMaterial>,
    treasure: Handle<ColorMaterial>,
    outline: Handle<ColorMaterial>,
}

/// Registers the dungeon tilemap drawing and the level → map conversion
/// (part of the embeddable plugin).
pub(super) fn plugin(app: &mut App) {
    let schedule = EvoboardSettings::of(app).schedule;
    app.register_type::<DungeonMap>()
        .register_type::<DungeonTexture>()
        .register_type::<RoomLabel>()
        .add_systems(Startup, setup_icons)
        .add_systems(
            schedule,
            (level_to_dungeon, draw_dungeons)
                .chain()
                .in_set(EvoboardSet::Draw),
        );
}

fn setup_icons(
    mut commands: Commands,
    meshes: Option<ResMut<Assets<Mesh>>>,
    materials: Option<ResMut<Assets<ColorMaterial>>>,
) {
    let (Some(mut meshes), Some(mut materials)) = (meshes, materials) else {
        return;
    };
    commands.insert_resource(IconAssets {
        disc: meshes.add(Circle::new(1.0)),
        diamond: meshes.add(Rhombus::new(2.0, 2.0)),
        enemy: materials.add(ENEMY_COLOUR),
        treasure: materials.add(TREASURE_COLOUR),
        outline: materials.add(Color::srgb(0.1, 0.07, 0.04)),
    });
}

/// Turn loaded dungeon levels into [`DungeonMap`]s.
fn level_to_dungeon(
    mut commands: Commands,
    levels: Res<Assets<LevelAsset>>,
    query: Query<(Entity, &LevelTilemap), Without<DungeonMap>>,
) {
    for (e, tm) in &query {
        if let Some(level) = levels.get(&tm.0)
            && let Some(map) = DungeonMap::from_level(&level.0.map)
        {
            commands.entity(e).insert(map);
        }
    }
}

#[allow(clippy::type_complexity)]
fn draw_dungeons(
    mut commands: Commands,
    settings: Res<EvoboardSettings>,
    images: Option<ResMut<Assets<Image>>>,
    icons: Option<Res<IconAssets>>,
    maps: Query<
        (
            Entity,
            &DungeonMap,
            Option<&DungeonTexture>,
            Option<&Children>,
        ),
        Changed<DungeonMap>,
    >,
    labels: Query<(), With<RoomLabel>>,
) {
    let Some(mut images) = images else { return };
    let cell = settings.cell_size;
    for (entity, map, texture, children) in &maps {
        let size = Extent3d {
            width: (map.grid.width() * CELL_PX) as u32,
            height: (map.grid.height() * CELL_PX) as u32,
            depth_or_array_layers: 1,
        };
        let data = map.paint();
        let reuse = texture.and_then(|t| {
            let mut img = images.get_mut(&t.0)?;
            (img.texture_descriptor.size == size).then(|| {
                img.data = Some(data.clone());
                t.0.clone()
            })
        });
        let handle = reuse.unwrap_or_else(|| {
            let mut img = Image::new_fill(
                size,
                TextureDimension::D2,
                &[0, 0, 0, 255],
                TextureFormat::Rgba8UnormSrgb,
                RenderAssetUsages::default(),
            );
            img.data = Some(data);
            img.sampler = ImageSampler::nearest();
            images.add(img)
        });
        commands.entity(entity).insert((
            DungeonTexture(handle.clone()),
            Sprite {
                image: handle,
                custom_size: Some(map.half_extent(cell) * 2.0),
                ..default()
            },
            ViewExtent(map.half_extent(cell)),
        ));
        commands
            .entity(entity)
            .insert_if_new((Transform::default(), Visibility::default()));
        for e in children.into_iter().flatten() {
            if labels.contains(*e) {
                commands.entity(*e).despawn();
            }
        }
        spawn_labels(&mut commands, entity, map, cell, icons.as_deref());
    }
}

fn spawn_labels(
    commands: &mut Commands,
    parent: Entity,
    map: &DungeonMap,
    cell: f32,
    icons: Option<&IconAssets>,
) {
    for (i, room) in map.rooms.iter().enumerate() {
        let (centre, size) = map.room_rect(i, cell);
        let side = size.x.min(size.y);
        let font = (side * 0.55).clamp(18.0, 44.0);
        let icons_shown = map.show_contents && (room.enemies || room.treasure);
        let letter_at = if icons_shown {
            centre + Vec2::new(0.0, size.y * 0.16)
        } else {
            centre
        };
        commands.entity(parent).with_child((
            RoomLabel,
            Name::new(format!("room {}", room.letter)),
            Text2d::new(room.letter.to_string()),
            TextFont {
                font_size: bevy::text::FontSize::Px(font),
                ..default()
            },
            TextColor(Color::srgb(0.16, 0.11, 0.06)),
            Transform::from_translation(letter_at.extend(1.0)),
        ));
        let Some(icons) = icons.filter(|_| icons_shown) else {
            continue;
        };
        let r = (side * 0.12).clamp(5.0, 10.0);
        let y = centre.y - size.y * 0.27;
        let kinds: Vec<(&str, Handle<Mesh>, Handle<ColorMaterial>)> = [
            (room.enemies, "enemies", &icons.disc, &icons.enemy),
            (room.treasure, "treasure", &icons.diamond, &icons.treasure),
        ]
        .into_iter()
        .filter(|k| k.0)
        .map(|k| (k.1, k.2.clone(), k.3.clone()))
        .collect();
        let n = kinds.len() as f32;
        for (k, (what, mesh, material)) in kinds.into_iter().enumerate() {
            let x = centre.x + (k as f32 - (n - 1.0) / 2.0) * r * 2.6;
            commands.entity(parent).with_child((
                RoomLabel,
                Name::new(format!("room {} {what}", room.letter)),
                Mesh2d(mesh.clone()),
                MeshMaterial2d(icons.outline.clone()),
                Transform::from_xyz(x, y, 1.0).with_scale(Vec3::splat(r * 1.25)),
            ));
            commands.entity(parent).with_child((
                RoomLabel,
                Mesh2d(mesh),
                MeshMaterial2d(material),
                Transform::from_xyz(x, y, 1.1).with_scale(Vec3::splat(r)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evoboard_core::dungeon::{DungeonParams, Size, generate};

    fn map() -> DungeonMap {
        let mut p = DungeonParams::for_size(Size::Small);
        p.proposals = 1;
        DungeonMap::from_dungeon(&generate(&p, 3).unwrap()[0])
    }

    #[test]
    fn cells_and_rooms_under_positions() {
        const CELL: f32 = crate::DEFAULT_CELL_SIZE;
        let m = map();
        assert_eq!(m.cell_at(m.local(0.5, 0.5, CELL), CELL), Some((0, 0)));
        assert_eq!(m.cell_at(m.local(49.5, 49.5, CELL), CELL), Some((49, 49)));
        assert_eq!(m.cell_at(m.local(50.5, 1.0, CELL), CELL), None);
        for (i, r) in m.rooms.iter().enumerate() {
            let (c, size) = m.room_rect(i, CELL);
            assert_eq!(m.room_at(c, CELL), Some(i));
            assert_eq!(size, Vec2::new(r.w as f32, r.h as f32) * CELL);
            assert_eq!(
                m.room_at(m.local(r.x as f32 + 0.5, r.y as f32 + 0.5, CELL), CELL),
                Some(i)
            );
            assert_eq!(
                m.room_at(m.local(r.x as f32 - 0.5, r.y as f32 + 0.5, CELL), CELL),
                None
            );
        }
    }

    #[test]
    fn texture_shows_every_cell_kind() {
        let m = map();
        let px = m.paint();
        assert_eq!(px.len(), 50 * 8 * 50 * 8 * 4);
        let count = |rgb: [u8; 3]| px.chunks(4).filter(|p| p[..3] == rgb).count();
        let floor = m.grid.count(DungeonTile::Floor);
        // 7 × 7 plain pixels per floor cell.
        assert_eq!(count(FLOOR_RGB), floor * 49);
        assert!(count(ENTRANCE_RGB) > 0 && count(FINAL_RGB) > 0);
        assert!(count(DOOR_RGB) > 0);
        let kinds = [
            DungeonTile::Rock,
            DungeonTile::Wall,
            DungeonTile::Floor,
            DungeonTile::Corridor,
            DungeonTile::Door,
        ];
        let mut seen = std::collections::HashSet::new();
        for cell in kinds
            .into_iter()
            .chain([DungeonTile::SecretDoor, DungeonTile::Trap])
        {
            let pixels: Vec<[u8; 3]> = (0..64)
                .map(|k| cell_pixel(cell, None, k % 8, k / 8))
                .collect();
            assert!(seen.insert(pixels), "{cell:?} looks like another cell");
        }
        assert!(m.describe(m.entrance.unwrap()).contains("(entrance)"));
    }
}
