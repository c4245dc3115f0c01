//! A scripted run of the real app under Xvfb that chooses the ends,
//! moves a room, evolves the rest, saves and exports.

use crate::common::*;
use crate::shared::valid_move;
use evoboard_core::dungeon::{self, DungeonParams, Size};
use evoboard_core::level::{Level, LevelMap};

#[test]
fn a_scripted_game_master_chooses_the_ends_moves_a_room_evolves_and_exports() {
    let seed = 7;
    let params = DungeonParams::for_size(Size::Small);
    let all = dungeon::generate(&params, seed).unwrap();
    let mut d = all[dungeon::best_proposal(&all)].clone();
    d.choose_ends('B', 'A', &params).unwrap();
    let (x, y) = valid_move(&d, 'C', &params);

    let display = crate::common::Display::start();
    let dir = temp_dir("dungeon-gm-shot");
    let shot = dir.join("gm.png");
    let out = dir.join("out");
    let level = out.join("gm");
    let steps = format!(
        "wait; entrance B; final A; move C {x},{y}; select C; pin A; pin B; pin C; evolve; wait; \
         save {0}; export vtt {0}; export key {0}; export png {0}",
        level.display()
    );
    let stdout = run_app(
        &display,
        &[
            "app",
            "--game",
            "dungeon",
            "--seed",
            &seed.to_string(),
            "--run",
            "--steps-per-second",
            "0",
            "--edit",
            &steps,
            "--screenshot",
            shot.to_str().unwrap(),
            "--frames",
            "20",
        ],
    );
    for step in ["entrance B", "final A", "move C", "evolve", "export vtt"] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("edit: {step}")))
            .unwrap_or_else(|| panic!("no line for {step}: {stdout}"));
        assert!(line.contains("→ ok"), "{line}");
    }
    assert!(stdout.contains("edit script done"), "{stdout}");

    // The saved level keeps the ends, the moved room and the pins.
    let saved = Level::load(&out.join("gm.level.ron")).unwrap();
    let LevelMap::Dungeon(saved) = saved.map else {
        panic!("not a dungeon level")
    };
    assert_eq!(saved.rooms[saved.entrance].letter, 'B');
    assert_eq!(saved.rooms[saved.final_room].letter, 'A');
    let c = saved.room('C').unwrap();
    assert_eq!((c.x, c.y), (x, y));
    assert!(c.pinned);

    // The VTT file: walls, one portal per door, an image of the map's size.
    let vtt: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("gm.dd2vtt")).unwrap()).unwrap();
    let size = &vtt["resolution"]["map_size"];
    // The players' VTT is cropped to the dungeon plus a margin (issue 40).
    let (sx, sy) = (
        size["x"].as_f64().unwrap() as usize,
        size["y"].as_f64().unwrap() as usize,
    );
    assert!(sx > 0 && sx <= saved.width(), "{size}");
    assert!(sy > 0 && sy <= saved.height(), "{size}");
    assert!(!vtt["line_of_sight"].as_array().unwrap().is_empty());
    assert!(!vtt["portals"].as_array().unwrap().is_empty());
    assert!(vtt["image"].as_str().unwrap().len() > 1000);

    // The room key: one `#` section per room.
    let key = std::fs::read_to_string(out.join("gm.key.md")).unwrap();
    for r in &saved.rooms {
        let sections = key
            .lines()
            .filter(|l| {
                let words: Vec<String> = l.split_whitespace().map(str::to_uppercase).collect();
                let room = r.letter.to_string();
                l.starts_with('#') && words.windows(2).any(|w| w[0] == "ROOM" && w[1] == room)
            })
            .count();
        assert_eq!(sections, 1, "room {} in the key:\n{key}", r.letter);
    }
    let (w, h, _) = read_png(&out.join("gm.png"));
    assert_eq!(
        (w as usize, h as usize),
        (saved.width() * 70, saved.height() * 70)
    );
    let (w, h, _) = read_png(&shot);
    assert_eq!((w, h), (1280, 800));
    std::fs::remove_dir_all(&dir).unwrap();
}
