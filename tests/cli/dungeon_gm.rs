//! Issue 29 through the binary: secret doors that never hide the only
//! way on (`secret_doors_placed`), the GM's and players' maps, the room
//! key a game master reads aloud.

use super::{evoboard, json};
use serde_json::Value;

/// The JSON grid as rows of characters.
fn grid(v: &Value) -> Vec<Vec<char>> {
    v["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect()
}

/// Groups of 4-connected `s` cells: secret doors as the JSON counts them
/// (corridor width 1).
fn secret_groups(g: &[Vec<char>]) -> usize {
    let (h, w) = (g.len(), g[0].len());
    let mut seen = vec![vec![false; w]; h];
    let mut groups = 0;
    for y in 0..h {
        for x in 0..w {
            if g[y][x] != 's' || seen[y][x] {
                continue;
            }
            groups += 1;
            let mut stack = vec![(x, y)];
            seen[y][x] = true;
            while let Some((cx, cy)) = stack.pop() {
                for (nx, ny) in [(cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)] {
                    if g[ny][nx] == 's' && !seen[ny][nx] {
                        seen[ny][nx] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
    }
    groups
}

#[test]
fn secret_doors_placed_are_counted_and_fewer_are_said() {
    let args = [
        "dungeon",
        "--size",
        "small",
        "--seed",
        "3",
        "--secret-doors",
        "20",
        "--proposals",
        "1",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let placed = v["secret_doors_placed"].as_u64().unwrap() as usize;
    assert_eq!(v["secret_doors_asked"], 20);
    assert_eq!(placed, secret_groups(&grid(&v)));
    assert_eq!(
        placed,
        v["metrics"]["secret_doors"].as_u64().unwrap() as usize
    );
    // A tree of 5-10 rooms cannot hide 20 doors off the only way on.
    assert!((1..20).contains(&placed), "{placed}");
    let out = evoboard(&args);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("Secret doors: {placed} of 20 asked for")),
        "{text}"
    );
}

#[test]
fn export_views_default_by_format_and_refuse_bad_names() {
    let dir = super::temp_dir("views");
    let level = dir.join("v.level.ron");
    let level_s = level.to_str().unwrap();
    json(&[
        "dungeon",
        "--size",
        "small",
        "--seed",
        "3",
        "--secret-doors",
        "1",
        "--traps",
        "2",
        "--keys",
        "1",
        "--out",
        level_s,
        "--json",
    ]);
    for (format, view) in [("png", "gm"), ("svg", "gm"), ("vtt", "players")] {
        let out = dir.join(format!("v.{format}"));
        let v = json(&[
            "export",
            level_s,
            "--format",
            format,
            "--pixels-per-cell",
            "10",
            "--out",
            out.to_str().unwrap(),
            "--json",
        ]);
        assert_eq!(v["view"], view, "{format}");
        assert_eq!(v["style_print"], "colour");
    }
    let out = dir.join("p.svg");
    let v = json(&[
        "export",
        level_s,
        "--format",
        "svg",
        "--view",
        "players",
        "--style-print",
        "ink",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(
        (v["view"].as_str(), v["style_print"].as_str()),
        (Some("players"), Some("ink"))
    );
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(!svg.contains("secret-door") && !svg.contains(r#"class="trap""#));
    super::fails_with(
        &["export", level_s, "--format", "png", "--view", "dm"],
        "allowed: gm, players",
    );
    super::fails_with(
        &[
            "export",
            level_s,
            "--format",
            "png",
            "--style-print",
            "sepia",
        ],
        "allowed: colour, ink",
    );
}
