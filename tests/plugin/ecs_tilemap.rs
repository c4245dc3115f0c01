//! A game drawing with bevy_ecs_tilemap (feature `ecs_tilemap`): a
//! generated board becomes a hex tilemap, a generated dungeon a square
//! one, with one tile per hex or cell whose texture index is its terrain
//! or cell kind.

use super::{game, run_until, temp_dir};
use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use bevy_evoboard::ecs_tilemap::{EcsTileAtlas, EcsTileLayout, TileKind, tile_index};
use bevy_evoboard::prelude::*;
use std::time::Duration;

/// Spawn a request and a tilemap of what it makes; the finished level.
fn generate_and_fill(app: &mut App, request: GenerateLevel) -> (Entity, Level) {
    generate_and_fill_at(app, request, Transform::default())
}

/// The texture index of the tile at `pos` of `map`.
fn index_at(app: &App, map: Entity, pos: TilePos) -> u32 {
    let storage = app.world().get::<TileStorage>(map).unwrap();
    let tile = storage.get(&pos).expect("a tile there");
    app.world().get::<TileTextureIndex>(tile).unwrap().0
}

#[test]
fn a_generated_board_and_dungeon_fill_bevy_ecs_tilemaps() {
    let root = temp_dir("ecs-tilemap");
    let mut app = game(&root);
    app.init_asset::<Image>();

    let request = GenerateLevel::hex_board(BoardGame::TerraMystica, Algorithm::Best, 4);
    let (map, level) = generate_and_fill(&mut app, request);
    let LevelMap::TerraMystica(board) = &level.map else {
        panic!("a Terra Mystica level")
    };
    let tiles = board.tiles();
    assert_eq!(
        app.world().get::<TilemapType>(map),
        Some(&TilemapType::Hexagon(HexCoordSystem::Row))
    );
    let mut q = app.world_mut().query::<(&TilemapId, &TileTextureIndex)>();
    let on_map: Vec<u32> = q
        .iter(app.world())
        .filter(|(id, _)| id.0 == map)
        .map(|(_, i)| i.0)
        .collect();
    assert_eq!(on_map.len(), tiles.len(), "one tile per hex");
    let mut want: Vec<u32> = tiles
        .iter()
        .map(|&c| tile_index(TileKind::Hex(BoardGame::TerraMystica, c)))
        .collect();
    let mut got = on_map.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want, "every terrain as often as on the board");
    // The top row's first hex is the tilemap's top row (rows run up).
    let grid = board.grid().unwrap();
    let top_left = grid.hex(0);
    let size = *app.world().get::<TilemapSize>(map).unwrap();
    let min_q = (0..tiles.len() as u16)
        .map(|i| grid.hex(i).x + grid.hex(i).y)
        .min()
        .unwrap();
    let pos = TilePos::new((top_left.x + top_left.y - min_q) as u32, size.y - 1);
    assert_eq!(index_at(&app, map, pos), u32::from(tiles[0]));

    let (map, level) = generate_and_fill(&mut app, GenerateLevel::dungeon(Size::Small, 4));
    let LevelMap::Dungeon(d) = &level.map else {
        panic!("a dungeon level")
    };
    assert_eq!(
        app.world().get::<TilemapType>(map),
        Some(&TilemapType::Square)
    );
    let size = *app.world().get::<TilemapSize>(map).unwrap();
    assert_eq!((size.x as usize, size.y as usize), (d.width(), d.height()));
    let storage = app.world().get::<TileStorage>(map).unwrap();
    assert_eq!(storage.iter().flatten().count(), d.width() * d.height());
    for (x, y) in [(0, 0), (d.width() / 2, d.height() / 2), (d.width() - 1, 3)] {
        let room = &d.rooms[d.entrance];
        for (cx, cy) in [(x, y), (room.x as usize, room.y as usize)] {
            let pos = TilePos::new(cx as u32, (d.height() - 1 - cy) as u32);
            let want = tile_index(TileKind::Dungeon(d.grid.get(cx, cy)));
            assert_eq!(index_at(&app, map, pos), want, "cell {cx},{cy}");
        }
    }
    let room = &d.rooms[d.entrance];
    let floor = TilePos::new(room.x as u32, (d.height() - 1 - room.y as usize) as u32);
    assert_eq!(
        index_at(&app, map, floor),
        tile_index(TileKind::Dungeon(
            evoboard_core::dungeon::DungeonTile::Floor
        )),
        "a room's corner cell is floor"
    );
    let atlas = app.world().resource::<EcsTileAtlas>().clone();
    let images = app.world().resource::<Assets<Image>>();
    assert!(images.get(&atlas.hex).is_some() && images.get(&atlas.square).is_some());
    std::fs::remove_dir_all(&root).unwrap();
}

/// Every tile's centre in the world, by bevy_ecs_tilemap's own projection
/// and the map entity's `Transform`, in storage order of `tiles`.
fn tile_centres(app: &App, map: Entity, tiles: &[TilePos]) -> Vec<Vec2> {
    let w = app.world();
    let at = w.get::<Transform>(map).unwrap().translation.truncate();
    let (size, grid) = (
        w.get::<TilemapSize>(map).unwrap(),
        w.get::<TilemapGridSize>(map).unwrap(),
    );
    let (tile, ty) = (
        w.get::<TilemapTileSize>(map).unwrap(),
        w.get::<TilemapType>(map).unwrap(),
    );
    let anchor = w.get::<TilemapAnchor>(map).unwrap();
    tiles
        .iter()
        .map(|p| at + p.center_in_world(size, grid, tile, ty, anchor))
        .collect()
}

#[test]
fn tiles_sit_where_the_plugins_maps_put_them_at_any_size_and_place() {
    let root = temp_dir("ecs-tilemap-place");
    for (hex_size, cell_size) in [(48.0, 8.0), (20.0, 24.0)] {
        let mut app = App::new();
        let settings = EvoboardSettings::default()
            .with_hex_size(hex_size)
            .with_cell_size(cell_size);
        app.add_plugins((
            MinimalPlugins,
            AssetPlugin {
                file_path: root.to_string_lossy().into_owned(),
                ..default()
            },
            EvoboardPlugins::new(settings),
        ))
        .init_asset::<Image>();
        let place = Transform::from_xyz(300.0, -120.0, 5.0);
        for request in [
            GenerateLevel::hex_board(BoardGame::Catan, Algorithm::Best, 4),
            GenerateLevel::dungeon(Size::Small, 4),
        ] {
            let (map, level) = generate_and_fill_at(&mut app, request, place);
            let w = app.world();
            assert_eq!(
                w.get::<Transform>(map),
                Some(&place),
                "the game's Transform stays"
            );
            let got = centres_of(&app, map, &level);
            let want = plugin_centres(&level, place.translation.truncate(), hex_size, cell_size);
            assert_eq!(got.len(), want.len());
            for (i, (g, e)) in got.iter().zip(&want).enumerate() {
                assert!(
                    g.distance(*e) < 0.01,
                    "tile {i}: {g} but the plugin's map puts it at {e}"
                );
            }
            // Tiles as large as their grid step (no gaps), less than a
            // pixel more (no overlap).
            let grid = *app.world().get::<TilemapGridSize>(map).unwrap();
            let tile = *app.world().get::<TilemapTileSize>(map).unwrap();
            let step = if matches!(level.map, LevelMap::Dungeon(_)) {
                Vec2::splat(cell_size)
            } else {
                Vec2::new(3f32.sqrt() * hex_size, 2.0 * hex_size)
            };
            assert_eq!((grid.x, grid.y), (step.x, step.y));
            for (t, s) in [(tile.x, step.x), (tile.y, step.y)] {
                assert!(t >= s && t < s + 1.0, "tile {t} for a step of {s}");
            }
        }
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// Every tile's centre in the world (bevy_ecs_tilemap's projection), in
/// the order of [`LevelTiles::of`](bevy_evoboard::ecs_tilemap::LevelTiles::of).
fn centres_of(app: &App, map: Entity, level: &Level) -> Vec<Vec2> {
    let tiles = bevy_evoboard::ecs_tilemap::LevelTiles::of(level);
    let positions: Vec<TilePos> = tiles.tiles.iter().map(|t| t.0).collect();
    tile_centres(app, map, &positions)
}

/// Where the plugin's own maps put every hex or cell of `level` at `at`,
/// in the same order as [`centres_of`].
fn plugin_centres(level: &Level, at: Vec2, hex_size: f32, cell_size: f32) -> Vec<Vec2> {
    match &level.map {
        LevelMap::Dungeon(_) => {
            let d = DungeonMap::from_level(&level.map).unwrap();
            let (width, height) = (d.grid.width(), d.grid.height());
            (0..height)
                .flat_map(|y| (0..width).map(move |x| (x, y)))
                .map(|(x, y)| at + d.cell_centre(x, y, cell_size))
                .collect()
        }
        _ => {
            let b = HexBoardMap::from_level(&level.map).unwrap();
            (0..b.tiles.len())
                .map(|i| at + b.position(i, hex_size))
                .collect()
        }
    }
}

#[test]
fn a_map_takes_its_own_size_anchor_and_z_and_marks_the_special_rooms() {
    let root = temp_dir("ecs-tilemap-layout");
    let mut app = game(&root);
    app.init_asset::<Image>();
    let settings = app.world().resource::<EvoboardSettings>().clone();
    let place = Transform::from_xyz(-40.0, 75.0, 1.0);
    // Sizes unlike the settings' on both maps, each with its own z.
    for (request, size, z) in [
        (GenerateLevel::dungeon(Size::Small, 5), 10.0, 7.0),
        (
            GenerateLevel::hex_board(BoardGame::Catan, Algorithm::Best, 5),
            21.0,
            -2.0,
        ),
    ] {
        let layout = EcsTileLayout::default().with_size(size).with_z(z);
        let (map, level) = generate_and_fill_with(&mut app, request, (layout, place));
        let is_dungeon = matches!(level.map, LevelMap::Dungeon(_));
        assert_ne!(
            size,
            if is_dungeon {
                settings.cell_size
            } else {
                settings.hex_size
            },
            "a size the settings do not give"
        );
        let at = place.translation.truncate();
        let want = plugin_centres(&level, at, size, size);
        let got = centres_of(&app, map, &level);
        assert_eq!(got.len(), want.len());
        for (i, (g, e)) in got.iter().zip(&want).enumerate() {
            assert!(
                g.distance(*e) < 0.01,
                "tile {i}: {g}, the plugin's map at {e}"
            );
        }
        let t = app.world().get::<Transform>(map).unwrap();
        assert_eq!(
            t.translation,
            place.translation.truncate().extend(z),
            "z from the layout"
        );
        // The texture is an atlas painted at this size.
        let tile = *app.world().get::<TilemapTileSize>(map).unwrap();
        let TilemapTexture::Single(texture) = app.world().get::<TilemapTexture>(map).unwrap()
        else {
            panic!("one atlas image")
        };
        let image = app
            .world()
            .resource::<Assets<Image>>()
            .get(texture)
            .unwrap();
        assert_eq!(
            image.height() as f32,
            tile.y,
            "atlas tiles as tall as the map's"
        );
        let step = if is_dungeon { size } else { 2.0 * size };
        assert!(
            tile.y >= step && tile.y < step + 1.0,
            "tile {} for {step}",
            tile.y
        );

        if let LevelMap::Dungeon(d) = &level.map {
            // The entrance and the final room's corner walls carry their marks.
            for (room, mark) in [
                (d.entrance, WallMark::Entrance),
                (d.final_room, WallMark::Final),
            ] {
                let r = &d.rooms[room];
                let (x, y) = (r.x as usize - 1, r.y as usize - 1);
                let cell = d.grid.get(x, y);
                assert_eq!(
                    cell,
                    evoboard_core::dungeon::DungeonTile::Wall,
                    "corner of {}",
                    r.letter
                );
                let pos = TilePos::new(x as u32, (d.height() - 1 - y) as u32);
                assert_eq!(
                    index_at(&app, map, pos),
                    tile_index(TileKind::MarkedDungeon(cell, mark)),
                    "room {}'s corner",
                    r.letter
                );
                assert_ne!(
                    tile_index(TileKind::MarkedDungeon(cell, mark)),
                    tile_index(TileKind::Dungeon(cell))
                );
            }
        }
    }
    // An anchor of the game's choosing is kept as given.
    let request = GenerateLevel::dungeon(Size::Small, 6);
    let layout = EcsTileLayout::default().with_anchor(TilemapAnchor::BottomLeft);
    let (map, level) = generate_and_fill_with(&mut app, request, (layout, place));
    assert_eq!(
        app.world().get::<TilemapAnchor>(map),
        Some(&TilemapAnchor::BottomLeft)
    );
    let LevelMap::Dungeon(d) = &level.map else {
        panic!("a dungeon")
    };
    // The bottom-left cell's centre is half a cell inside the entity's corner.
    let corner = tile_centres(&app, map, &[TilePos::new(0, 0)])[0];
    let half = settings.cell_size / 2.0;
    assert!(
        corner.distance(place.translation.truncate() + Vec2::splat(half)) < 0.01,
        "{corner}"
    );
    assert_eq!(
        app.world().get::<TilemapSize>(map).unwrap().y as usize,
        d.height()
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// [`generate_and_fill`] with the map spawned at `place`.
fn generate_and_fill_at(
    app: &mut App,
    request: GenerateLevel,
    place: Transform,
) -> (Entity, Level) {
    generate_and_fill_with(app, request, place)
}

/// [`generate_and_fill`] with `extra` components on the map's entity.
fn generate_and_fill_with(
    app: &mut App,
    request: GenerateLevel,
    extra: impl Bundle,
) -> (Entity, Level) {
    let e = app.world_mut().spawn(request).id();
    assert!(run_until(app, Duration::from_secs(120), |app| {
        app.world().get::<GeneratedLevel>(e).is_some()
    }));
    let handle = app.world().get::<GeneratedLevel>(e).unwrap().0.clone();
    let level = app
        .world()
        .resource::<Assets<LevelAsset>>()
        .get(&handle)
        .unwrap()
        .0
        .clone();
    let map = app.world_mut().spawn((LevelEcsTilemap(handle), extra)).id();
    assert!(run_until(app, Duration::from_secs(5), |app| {
        app.world().get::<TileStorage>(map).is_some()
    }));
    (map, level)
}
