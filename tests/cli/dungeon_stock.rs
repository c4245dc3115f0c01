//! `evoboard dungeon`: stocked rooms, pacing, keys, a custom contents
//! table and the game master's choice of ends on a saved dungeon.

use super::{evoboard, fails_with, json, temp_dir};
use serde_json::Value;
use std::collections::HashSet;

fn letter_index(v: &Value, letter: &str) -> usize {
    v["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r["id"] == letter)
        .unwrap()
}

#[test]
fn rooms_carry_kinds_consistent_with_the_booleans() {
    let v = json(&["dungeon", "--seed", "5", "--proposals", "1", "--json"]);
    let rooms = v["rooms"].as_array().unwrap();
    for r in rooms {
        for k in [
            "purpose",
            "description",
            "enemy_kinds",
            "treasure_kinds",
            "lighting",
            "challenge",
            "reward",
            "enemies",
            "treasure",
        ] {
            assert!(r.get(k).is_some(), "{k} in {r}");
        }
        let enemies = r["enemies"].as_bool().unwrap();
        let treasure = r["treasure"].as_bool().unwrap();
        assert_eq!(
            enemies,
            !r["enemy_kinds"].as_array().unwrap().is_empty(),
            "{r}"
        );
        assert_eq!(
            treasure,
            !r["treasure_kinds"].as_array().unwrap().is_empty(),
            "{r}"
        );
        assert_eq!(enemies, r["challenge"].as_u64().unwrap() > 0);
        assert!(!r["purpose"].as_str().unwrap().is_empty());
        assert!(r["description"].as_str().unwrap().contains("feet"));
        assert!(["dark", "dim", "bright"].contains(&r["lighting"].as_str().unwrap()));
    }
    let main = v["pacing"]["main_path"].as_array().unwrap();
    assert_eq!(main[0]["room"], v["entrance"]);
    assert_eq!(main.last().unwrap()["room"], v["final_room"]);
    let side = v["pacing"]["side_rooms"].as_array().unwrap();
    assert_eq!(main.len() + side.len(), rooms.len());
    // Fights rise along the main path (rooms without enemies are rests),
    // the first right after the entrance (issue 40).
    let ch: Vec<u64> = main
        .iter()
        .map(|s| s["challenge"].as_u64().unwrap())
        .collect();
    let fights: Vec<u64> = ch.iter().copied().filter(|&c| c > 0).collect();
    assert!(fights.windows(2).all(|w| w[0] <= w[1]), "{ch:?}");
    assert!(ch.len() < 3 || ch[1] > 0 || ch[2] > 0, "{ch:?}");
    let checks = &v["pacing"]["checks"];
    for k in [
        "first_fight_early",
        "boss_step_largest",
        "final_reward_best",
    ] {
        assert_eq!(checks[k], true, "{k}: {checks}");
    }
    assert!(v["locks"].as_array().unwrap().is_empty());
    // The human output shows purposes and kinds in the legend.
    let out = evoboard(&["dungeon", "--seed", "5", "--proposals", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for r in rooms {
        let id = r["id"].as_str().unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("ROOM {id} - ")))
            .unwrap();
        assert!(line.contains(r["purpose"].as_str().unwrap()), "{line}");
        for k in r["enemy_kinds"].as_array().unwrap() {
            assert!(line.contains(k.as_str().unwrap()), "{line}");
        }
    }
    assert!(text.contains("Main path (challenge): "), "{text}");
}

const TABLE: &str = r#"// a tiny table
(
    enemies: [
        (name: "Mudling", challenge: 1, group: (2, 3)),
        (name: "Bog witch", challenge: 9, group: (1, 1), boss: true),
    ],
    treasures: [(name: "Frog idol", value: 2), (name: "Swamp pearl", value: 7)],
    dressings: [
        (purpose: "reed hut", lighting: [Dim], furniture: ["a reed mat"], senses: ["Frogs croak"]),
        (purpose: "peat cellar", lighting: [Dark], furniture: ["peat stacks"], senses: ["It smells of smoke"]),
    ],
)
"#;

#[test]
fn a_custom_table_changes_the_names_and_a_bad_one_says_where() {
    let dir = temp_dir("dungeon-stock-table");
    let table = dir.join("swamp.ron");
    std::fs::write(&table, TABLE).unwrap();
    let t = table.to_str().unwrap();
    let v = json(&[
        "dungeon",
        "--seed",
        "3",
        "--proposals",
        "1",
        "--contents",
        t,
        "--json",
    ]);
    let mut names = HashSet::new();
    for r in v["rooms"].as_array().unwrap() {
        assert!(
            ["reed hut", "peat cellar"].contains(&r["purpose"].as_str().unwrap()),
            "{r}"
        );
        for k in r["enemy_kinds"]
            .as_array()
            .unwrap()
            .iter()
            .chain(r["treasure_kinds"].as_array().unwrap())
        {
            names.insert(k.as_str().unwrap().to_string());
        }
    }
    assert!(names.contains("Bog witch"), "{names:?}");
    assert!(
        names
            .iter()
            .all(|n| ["Mudling", "Bog witch", "Frog idol", "Swamp pearl"].contains(&n.as_str()))
    );
    let fin = letter_index(&v, v["final_room"].as_str().unwrap());
    assert!(
        v["rooms"][fin]["enemy_kinds"]
            .as_array()
            .unwrap()
            .contains(&Value::from("Bog witch"))
    );

    let bad = dir.join("bad.ron");
    std::fs::write(&bad, TABLE.replace("value: 7", "value: seven")).unwrap();
    let b = bad.to_str().unwrap();
    // Line 7 of the file, after the `value: ` of the second treasure.
    fails_with(&["dungeon", "--contents", b], &format!("{b}:7:"));
    fails_with(&["dungeon", "--contents", b], "line 7, column");
    let zero = dir.join("zero.ron");
    std::fs::write(&zero, TABLE.replace("challenge: 1,", "challenge: 0,")).unwrap();
    fails_with(
        &["dungeon", "--contents", zero.to_str().unwrap()],
        "allowed: 1 to 1000000",
    );
    fails_with(
        &["dungeon", "--contents", "/nonexistent/t.ron"],
        "/nonexistent/t.ron",
    );
}

#[test]
fn from_a_saved_dungeon_the_gm_moves_the_ends() {
    let dir = temp_dir("dungeon-stock-from");
    let file = dir.join("crypt.level.ron");
    let f = file.to_str().unwrap();
    let v0 = json(&[
        "dungeon",
        "--seed",
        "8",
        "--proposals",
        "1",
        "--json",
        "--out",
        f,
    ]);
    let n = v0["rooms"].as_array().unwrap().len();
    let letters: Vec<String> = (0..n)
        .map(|i| ((b'A' + i as u8) as char).to_string())
        .collect();
    let (old_e, old_f) = (
        v0["entrance"].as_str().unwrap(),
        v0["final_room"].as_str().unwrap(),
    );
    let e = letters
        .iter()
        .find(|l| *l != old_e && *l != old_f)
        .unwrap()
        .clone();
    let fin = letters
        .iter()
        .rev()
        .find(|l| **l != e && *l != old_f)
        .unwrap()
        .clone();
    let v = json(&[
        "dungeon",
        "--from",
        f,
        "--entrance-room",
        &e,
        "--final-room",
        &fin.to_lowercase(),
        "--json",
    ]);
    assert_eq!(v["entrance"], e.as_str());
    assert_eq!(v["final_room"], fin.as_str());
    assert_eq!(v["grid"], v0["grid"], "same grid");
    let main = v["pacing"]["main_path"].as_array().unwrap();
    assert_eq!(main[0]["room"], e.as_str());
    assert_eq!(main.last().unwrap()["room"], fin.as_str());
    let ei = letter_index(&v, &e);
    assert!(
        !v["rooms"][ei]["enemies"].as_bool().unwrap(),
        "the entrance is safe"
    );
    // Either alone keeps the other end.
    let v = json(&["dungeon", "--from", f, "--entrance-room", &e, "--json"]);
    assert_eq!(
        (
            v["entrance"].as_str().unwrap(),
            v["final_room"].as_str().unwrap()
        ),
        (e.as_str(), old_f)
    );
    let v = json(&["dungeon", "--from", f, "--final-room", &e, "--json"]);
    assert_eq!(
        (
            v["entrance"].as_str().unwrap(),
            v["final_room"].as_str().unwrap()
        ),
        (old_e, e.as_str())
    );
    // Refusals.
    fails_with(
        &["dungeon", "--from", f, "--entrance-room", "Z"],
        "allowed: A to",
    );
    fails_with(
        &["dungeon", "--from", f, "--entrance-room", old_f],
        "two different letters",
    );
    fails_with(&["dungeon", "--entrance-room", "A"], "--from");
    fails_with(&["dungeon", "--final-room", "A"], "--from");
    fails_with(&["dungeon", "--keys", "9"], "allowed: 0 to 5");
}

/// Rooms reachable from the entrance over the JSON grid, doors in `walls`
/// closed.
fn reachable(v: &Value, walls: &[(usize, usize)]) -> Vec<bool> {
    let grid: Vec<Vec<char>> = v["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect();
    let (w, h) = (grid[0].len(), grid.len());
    let ent = letter_index(v, v["entrance"].as_str().unwrap());
    let room = &v["rooms"][ent];
    let start = (
        room["x"].as_u64().unwrap() as usize,
        room["y"].as_u64().unwrap() as usize,
    );
    let mut seen = vec![vec![false; w]; h];
    seen[start.1][start.0] = true;
    let mut stack = vec![start];
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in [
            (x + 1, y),
            (x.wrapping_sub(1), y),
            (x, y + 1),
            (x, y.wrapping_sub(1)),
        ] {
            if nx < w
                && ny < h
                && !seen[ny][nx]
                && ".c/st".contains(grid[ny][nx])
                && !walls.contains(&(nx, ny))
            {
                seen[ny][nx] = true;
                stack.push((nx, ny));
            }
        }
    }
    v["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| seen[r["y"].as_u64().unwrap() as usize][r["x"].as_u64().unwrap() as usize])
        .collect()
}

#[test]
fn keys_are_reachable_before_their_locks() {
    let mut full = 0;
    for seed in 1..=6 {
        let s = seed.to_string();
        let v = json(&[
            "dungeon",
            "--size",
            "medium",
            "--seed",
            &s,
            "--proposals",
            "1",
            "--keys",
            "2",
            "--json",
        ]);
        assert_eq!(v["keys_asked"], 2);
        let locks = v["locks"].as_array().unwrap();
        assert!(locks.len() <= 2);
        if locks.len() == 2 {
            full += 1;
        }
        let doors: Vec<(usize, usize)> = locks
            .iter()
            .map(|l| {
                (
                    l["door"][0].as_u64().unwrap() as usize,
                    l["door"][1].as_u64().unwrap() as usize,
                )
            })
            .collect();
        for (j, l) in locks.iter().enumerate() {
            let (x, y) = doors[j];
            let row: Vec<char> = v["grid"][y].as_str().unwrap().chars().collect();
            assert_eq!(row[x], '/', "a lock sits on a door");
            let key = letter_index(&v, l["key_room"].as_str().unwrap());
            assert!(
                reachable(&v, &doors[j..])[key],
                "seed {seed}: key {j} behind its own lock"
            );
        }
        // With every key in hand the final room is reachable.
        let fin = letter_index(&v, v["final_room"].as_str().unwrap());
        assert!(reachable(&v, &[])[fin]);
    }
    assert!(full >= 4, "most medium dungeons have room for two locks");
}

#[test]
fn party_and_theme_flags_shape_the_dungeon_and_refuse_bad_values() {
    // Issue 40: --theme, --party-level, --party-size; every bad value
    // names what is allowed.
    let low = json(&[
        "dungeon",
        "--seed",
        "3",
        "--proposals",
        "1",
        "--theme",
        "crypt",
        "--party-level",
        "1",
        "--party-size",
        "3",
        "--json",
    ]);
    let high = json(&[
        "dungeon",
        "--seed",
        "3",
        "--proposals",
        "1",
        "--theme",
        "crypt",
        "--party-level",
        "15",
        "--party-size",
        "6",
        "--json",
    ]);
    for (v, level, size) in [(&low, 1, 3), (&high, 15, 6)] {
        let a = &v["adventure"];
        assert_eq!(a["theme"], "crypt", "{a}");
        assert_eq!(a["party_level"], level);
        assert_eq!(a["party_size"], size);
        assert!(!a["title"].as_str().unwrap().is_empty());
        assert!(a["hook"].as_str().unwrap().len() > 40, "{a}");
        let die = a["wandering_die"].as_u64().unwrap();
        assert!(die == 6 || die == 8, "{a}");
        assert_eq!(a["wandering"].as_array().unwrap().len() as u64, die);
    }
    let peak = |v: &Value| {
        v["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["challenge"].as_u64().unwrap())
            .max()
            .unwrap()
    };
    assert!(
        peak(&high) > 10 * peak(&low),
        "{} vs {}",
        peak(&high),
        peak(&low)
    );
    for (flag, value, allowed) in [
        ("--party-level", "0", "from 1 to 20"),
        ("--party-level", "21", "from 1 to 20"),
        ("--party-level", "1e308", "from 1 to 20"),
        ("--party-size", "9", "from 1 to 8"),
        ("--party-size=-1", "", "from 1 to 8"),
        ("--theme", "moon-base", "crypt, goblin-warren"),
    ] {
        let args: Vec<&str> = ["dungeon", flag, value]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        fails_with(&args, allowed);
    }
}
