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
