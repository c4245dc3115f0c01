//! Drawing a hex board with meshes (the mesh and material assets without a
//! renderer): a selection redraws one hex's outline and nothing else, the
//! harbours stay; the core types inside the plugin's components reflect.

use super::{game, temp_dir};
use bevy::prelude::*;
use bevy::reflect::ReflectRef;
use bevy_evoboard::catan_map;
use bevy_evoboard::prelude::*;
use evoboard_core::boards::catan::{CatanBoard, CatanOptions, standard_codes};

/// What changed in the last frame.
#[derive(Resource, Default, Debug)]
struct Changes {
    /// Mesh entities whose material was set.
    materials: usize,
    /// Entities whose visibility was set.
    visibility: usize,
    /// Texts set.
    texts: usize,
}

fn count(
    mut changes: ResMut<Changes>,
    materials: Query<(), Changed<MeshMaterial2d<ColorMaterial>>>,
    visibility: Query<(), Changed<Visibility>>,
    texts: Query<(), Changed<Text2d>>,
) {
    *changes = Changes {
        materials: materials.iter().count(),
        visibility: visibility.iter().count(),
        texts: texts.iter().count(),
    };
}

fn harbours(app: &mut App) -> Vec<Entity> {
    let mut q = app.world_mut().query::<(Entity, &Name)>();
    let mut v: Vec<Entity> = q
        .iter(app.world())
        .filter(|(_, n)| n.as_str().ends_with("harbour"))
        .map(|(e, _)| e)
        .collect();
    v.sort();
    v
}

#[test]
fn a_selection_redraws_one_hex_and_keeps_the_harbours() {
    let root = temp_dir("select");
    let mut app = game(&root);
    app.init_asset::<Mesh>()
        .init_asset::<ColorMaterial>()
        .init_resource::<Changes>()
        .add_systems(PostUpdate, count);
    let board = CatanBoard::with_placed_harbours(&standard_codes(), &CatanOptions::default(), 1);
    let map = app.world_mut().spawn(catan_map(&board)).id();
    for _ in 0..3 {
        app.update();
    }
    let before = harbours(&mut app);
    assert_eq!(before.len(), board.harbours.len(), "the harbours are drawn");
    assert_eq!(
        app.world().resource::<Changes>().materials,
        0,
        "an idle board"
    );

    app.world_mut().get_mut::<HexSelection>(map).unwrap().0 = Some(7);
    app.update();
    let c = app.world().resource::<Changes>();
    assert_eq!(c.materials, 1, "only the selected hex's outline: {c:?}");
    assert_eq!((c.visibility, c.texts), (0, 0), "no mark touched: {c:?}");
    assert_eq!(harbours(&mut app), before, "the harbours are not respawned");

    app.world_mut().get_mut::<HexSelection>(map).unwrap().0 = Some(8);
    app.update();
    let c = app.world().resource::<Changes>();
    assert_eq!(c.materials, 2, "the hex left and the hex selected: {c:?}");

    app.world_mut().get_mut::<HexOverlay>(map).unwrap().letters = true;
    app.update();
    let c = app.world().resource::<Changes>();
    assert_eq!(c.materials, 0, "letters touch no tile: {c:?}");
    assert_eq!(c.visibility, 19, "one letter per hex: {c:?}");
    assert_eq!(harbours(&mut app), before, "the harbours are not respawned");
    std::fs::remove_dir_all(&root).unwrap();
}

#[test]
fn board_and_dungeon_maps_reflect_their_core_types() {
    let board = CatanBoard::with_placed_harbours(&standard_codes(), &CatanOptions::default(), 1);
    let map = catan_map(&board);
    let ReflectRef::Struct(s) = map.reflect_ref() else {
        panic!("a struct")
    };
    for field in ["game", "grid", "tiles", "harbours"] {
        assert!(s.field(field).is_some(), "HexBoardMap.{field} reflects");
    }
    let game = s.field("game").unwrap();
    assert_eq!(
        game.try_downcast_ref::<BoardGame>(),
        Some(&BoardGame::Catan)
    );
    let d = evoboard_core::dungeon::generate(
        &evoboard_core::dungeon::DungeonParams::for_size(Size::Small),
        2,
    )
    .unwrap()
    .remove(0);
    let dm = DungeonMap::from_dungeon(&d);
    let ReflectRef::Struct(s) = dm.reflect_ref() else {
        panic!("a struct")
    };
    assert!(s.field("grid").is_some() && s.field("rooms").is_some());
}

/// The rectangle, around the map's origin, of every mesh a map entity
/// draws (hex outlines, fills, tokens, harbours): what a camera fitting
/// the map must show, measured on the drawing itself.
fn drawn_rect(app: &mut App, map: Entity) -> Rect {
    let mut q = app.world_mut().query::<(Entity, &Mesh2d)>();
    let drawn: Vec<(Entity, Handle<Mesh>)> =
        q.iter(app.world()).map(|(e, m)| (e, m.0.clone())).collect();
    let world = app.world();
    let meshes = world.resource::<Assets<Mesh>>();
    let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for (e, handle) in drawn {
        // Offset from the map (the drawing only translates).
        let (mut at, mut up, mut under_map) = (Vec2::ZERO, Some(e), false);
        while let Some(x) = up {
            if x == map {
                under_map = true;
                break;
            }
            at += world.get::<Transform>(x).unwrap().translation.truncate();
            up = world.get::<ChildOf>(x).map(|c| c.parent());
        }
        if !under_map {
            continue;
        }
        let mesh = meshes.get(&handle).unwrap();
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(points)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("2D meshes have 3D positions")
        };
        for p in points {
            min = min.min(at + Vec2::new(p[0], p[1]));
            max = max.max(at + Vec2::new(p[0], p[1]));
        }
    }
    Rect { min, max }
}

#[test]
fn a_maps_drawn_rect_is_what_it_draws_harbours_and_all() {
    let size = EvoboardSettings::default().hex_size;
    let five_six = evoboard_core::boards::catan::CatanLayout::five_six().standard_codes();
    let maps = [
        (
            "Catan",
            catan_map(&CatanBoard::with_placed_harbours(
                &standard_codes(),
                &CatanOptions::default(),
                1,
            )),
        ),
        (
            "Catan 5-6",
            catan_map(&CatanBoard::with_placed_harbours(
                &five_six,
                &CatanOptions::default(),
                4,
            )),
        ),
        (
            "Terra Mystica",
            HexBoardMap::new(
                BoardGame::TerraMystica,
                evoboard_core::boards::terra_mystica::standard_tiles(),
            ),
        ),
    ];
    for (name, map) in maps {
        let root = temp_dir("extent");
        let mut app = game(&root);
        app.init_asset::<Mesh>().init_asset::<ColorMaterial>();
        let rect = map.drawn_rect(size);
        let half = map.half_extent(size);
        let entity = app.world_mut().spawn(map).id();
        for _ in 0..3 {
            app.update();
        }
        let drawn = drawn_rect(&mut app, entity);
        // All of the drawing fits, and no more: the camera fit (95 % of
        // the free area) leaves no margin of its own around an island.
        let slack = 0.01 * drawn.size();
        let fits = |a: Vec2, b: Vec2| a.cmpge(b - 0.01).all() && a.cmple(b + slack).all();
        assert!(
            fits(-rect.min, -drawn.min) && fits(rect.max, drawn.max),
            "{name}: drawn rect {rect:?} for a drawing of {drawn:?}"
        );
        let far = (-drawn.min).max(drawn.max);
        assert!(fits(half, far), "{name}: half extent {half} for {far}");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
