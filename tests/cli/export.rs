//! export, and the share codes and analysis of generate and evaluate.

use super::{evoboard, fails_with, json, temp_dir};
use std::path::{Path, PathBuf};

fn level(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(format!("{name}.level.ron"))
}

/// Copy a shipped level into `dir` so default outputs land there.
fn copy_level(dir: &Path, name: &str) -> String {
    let to = dir.join(format!("{name}.level.ron"));
    std::fs::copy(level(name), &to).unwrap();
    to.to_str().unwrap().to_string()
}

fn score_of(game: &str, source: &[&str]) -> serde_json::Value {
    let mut args = vec!["evaluate", game];
    args.extend_from_slice(source);
    args.push("--json");
    json(&args)
}

#[test]
fn terra_mystica_exports_to_every_format() {
    let dir = temp_dir("export-tm");
    let f = copy_level(&dir, "demo-terra-mystica");
    let original = score_of("terra-mystica", &["--map", &f]);

    let png = json(&["export", &f, "--format", "png", "--json"]);
    assert_eq!(png["format"], "png");
    let out = dir.join("demo-terra-mystica.png");
    assert_eq!(png["out"], out.to_str().unwrap());
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(png["bytes"], bytes.len());
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let reader = decoder.read_info().unwrap();
    let (w, h) = (reader.info().width, reader.info().height);
    assert_eq!(
        (png["width"].as_u64(), png["height"].as_u64()),
        (Some(w as u64), Some(h as u64))
    );
    assert!(w.max(h) >= 2400, "{w}×{h}");

    let svg = json(&["export", &f, "--format", "svg", "--json"]);
    let text = std::fs::read_to_string(dir.join("demo-terra-mystica.svg")).unwrap();
    assert_eq!(svg["bytes"], text.len());
    assert_eq!(text.matches("<polygon").count(), 113);
    assert_eq!(text.matches("data-terrain=\"").count(), 113);
    assert!(text.contains("data-terrain=\"lake\"") && text.contains("<title>river</title>"));

    json(&["export", &f, "--format", "text", "--json"]);
    let map = dir.join("demo-terra-mystica.txt");
    let again = score_of("terra-mystica", &["--map", map.to_str().unwrap()]);
    assert_eq!(again["violations"], original["violations"]);
    assert_eq!(again["score"], original["score"]);

    let out = dir.join("share.txt");
    json(&[
        "export",
        &f,
        "--format",
        "code",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let code = std::fs::read_to_string(&out).unwrap();
    let by_code = score_of("terra-mystica", &["--code", code.trim()]);
    assert_eq!(by_code["violations"], original["violations"]);
    assert_eq!(by_code["code"], original["code"]);
    assert_eq!(original["code"], code.trim());
    // Weighted scores too.
    let w = ["--weights", "100,1,10000,1", "--rules", "published"];
    let mut a = vec!["--map", f.as_str()];
    a.extend(w);
    let mut b = vec!["--code", code.trim()];
    b.extend(w);
    assert_eq!(
        score_of("terra-mystica", &a)["score"],
        score_of("terra-mystica", &b)["score"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn catan_exports_to_every_format() {
    let dir = temp_dir("export-catan");
    let f = copy_level(&dir, "demo-catan");
    let original = score_of("catan", &["--map", &f, "--no-equal-neighbours"]);
    for fmt in ["png", "svg", "text", "code"] {
        let v = json(&["export", &f, "--format", fmt, "--json"]);
        assert!(v["bytes"].as_u64().unwrap() > 0, "{fmt}: {v}");
    }
    let svg = std::fs::read_to_string(dir.join("demo-catan.svg")).unwrap();
    assert_eq!(svg.matches("<polygon").count(), 19);
    assert_eq!(svg.matches("data-number=").count(), 18);
    let code = std::fs::read_to_string(dir.join("demo-catan.code.txt")).unwrap();
    assert!(code.trim().len() <= 40, "{code}");
    let by_code = score_of("catan", &["--code", code.trim(), "--no-equal-neighbours"]);
    assert_eq!(by_code["violations"], original["violations"]);
    assert_eq!(by_code["score"], original["score"]);
    let text = dir.join("demo-catan.txt");
    let by_text = score_of(
        "catan",
        &["--map", text.to_str().unwrap(), "--no-equal-neighbours"],
    );
    assert_eq!(by_text["violations"], original["violations"]);
    let png = std::fs::read(dir.join("demo-catan.png")).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    assert!(reader.info().width.max(reader.info().height) >= 2400);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn export_refuses_to_overwrite_without_force() {
    let dir = temp_dir("export-force");
    let f = copy_level(&dir, "demo-catan");
    let out = dir.join("demo-catan.svg");
    std::fs::write(&out, "mine").unwrap();
    fails_with(&["export", &f, "--format", "svg"], "--force");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    let o = evoboard(&["export", &f, "--format", "svg", "--force"]);
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("wrote"));
    assert!(std::fs::read_to_string(&out).unwrap().starts_with("<svg"));
    fails_with(
        &["export", &f, "--format", "jpg"],
        "allowed: png, svg, text, code",
    );
    let dungeon = level("demo-dungeon");
    let o = dir.join("d.txt");
    fails_with(
        &[
            "export",
            dungeon.to_str().unwrap(),
            "--format",
            "text",
            "--out",
            o.to_str().unwrap(),
        ],
        "does not fit a dungeon map",
    );
    assert!(!o.exists());
    let leftovers = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(leftovers, 2, "no temporary files left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_and_evaluate_carry_code_and_analysis() {
    let g = json(&["generate", "catan", "--seed", "3", "--json"]);
    let code = g["code"].as_str().unwrap();
    // The board comes with its harbours, and so does its code.
    assert!(code.starts_with('H') && code.len() == 29, "{code}");
    let e = json(&["evaluate", "catan", "--code", code, "--json"]);
    assert_eq!(e["score"], g["score"]);
    assert_eq!(e["code"], g["code"]);
    let a = &e["analysis"];
    // The code holds what the saved level holds: both evaluate alike.
    let dir = std::env::temp_dir().join(format!("evoboard-code-h-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let level = dir.join("h.level.ron");
    let level = level.to_str().unwrap();
    json(&["generate", "catan", "--seed", "3", "--json", "--out", level]);
    let m = json(&["evaluate", "catan", "--map", level, "--json"]);
    assert_eq!(m["analysis"], e["analysis"]);
    assert_eq!(m["code"], e["code"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(a["game"], "catan");
    assert_eq!(a["total_pips"], 58);
    assert_eq!(a["intersections"]["count"], 54);
    assert_eq!(a["best_starts"].as_array().unwrap().len(), 3);
    let p = &a["pips_per_resource"];
    let sum: u64 = ["fields", "forest", "pasture", "hills", "mountains"]
        .iter()
        .map(|k| p[k].as_u64().unwrap())
        .sum();
    assert_eq!(sum, 58);
    let t = json(&["generate", "terra-mystica", "--seed", "2", "--json"]);
    let code = t["code"].as_str().unwrap();
    let e = json(&["evaluate", "terra-mystica", "--code", code, "--json"]);
    assert_eq!(e["score"], t["score"]);
    let a = &e["analysis"];
    assert_eq!(a["terrains"].as_array().unwrap().len(), 7);
    assert!(a["unfairness"].is_u64());
    assert_eq!(a["hex_contributions"].as_array().unwrap().len(), 113);
    fails_with(&["evaluate", "catan", "--code", "Zzz"], "not a share code");
    fails_with(
        &["evaluate", "catan", "--code", code],
        "holds a terra-mystica map",
    );
    fails_with(&["evaluate", "catan"], "--map");
}

#[test]
fn the_five_six_island_exports_with_its_harbours() {
    let dir = std::env::temp_dir().join(format!("evoboard-export-56-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_evoboard");
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    let out = run(&[
        "generate",
        "catan",
        "--players",
        "5-6",
        "--seed",
        "4",
        "--out",
        "big",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["export", "big.level.ron", "--format", "svg"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(dir.join("big.svg")).unwrap();
    assert_eq!(svg.matches("<polygon").count(), 30);
    assert_eq!(svg.matches("class=\"harbour\"").count(), 11);
    // Its share code holds the 30 hexes and the 11 harbours (`G`), and
    // reads back as the same board.
    let out = run(&["export", "big.level.ron", "--format", "code"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let code = std::fs::read_to_string(dir.join("big.code.txt")).unwrap();
    let code = code.trim();
    assert!(code.starts_with('G') && code.len() == 44, "{code}");
    let level = std::fs::read_to_string(dir.join("big.level.ron")).unwrap();
    let level = ::evoboard_core::level::Level::from_ron(&level).unwrap();
    assert_eq!(
        ::evoboard_core::export::map_of_code(code).unwrap(),
        level.map
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
