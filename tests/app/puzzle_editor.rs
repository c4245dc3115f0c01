//! A scripted `--edit` run of the real binary under Xvfb.

use crate::common::{Display, count_near, read_png, temp_dir};
use crate::shared::{GIVENS, check_level};
use std::path::Path;
use std::process::Command;

/// Run the binary in `dir` (levels go to `dir/levels`).
fn run_in(display: &Display, dir: &Path, args: &[&str]) -> String {
    use std::os::unix::fs::PermissionsExt;
    let runtime = temp_dir("xdg-runtime-editor");
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(args)
        .current_dir(dir)
        .env("XDG_RUNTIME_DIR", &runtime)
        .env("DISPLAY", &display.name)
        .env("WGPU_BACKEND", "vulkan")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?} exited with {}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_scripted_editor_run_saves_a_unique_puzzle() {
    let display = Display::start();
    let dir = temp_dir("puzzle-editor-shot");
    let shot = dir.join("editor.png");
    let steps = "x:0,0;o:0,1;block:2,2;x:3,4;unique;save:by-hand";
    let args = [
        "app",
        "--game",
        "puzzle",
        "--size",
        "6x6",
        "--seed",
        "3",
        "--edit",
        steps,
        "--screenshot",
        shot.to_str().unwrap(),
        "--frames",
        "90",
    ];
    let out = run_in(&display, &dir, &args);
    assert!(
        out.contains("puzzle editor: solutions: 1;") && out.contains("saved"),
        "{out}"
    );
    check_level(&dir.join("levels/by-hand.level.ron"), &GIVENS);
    // The editor is on screen: givens on grey, blocked cells, paper.
    let (w, h, rgb) = read_png(&shot);
    assert!(w >= 640 && h >= 400, "{w}x{h}");
    for (what, colour, at_least) in [
        ("paper", [0xf4, 0xf1, 0xea], 20_000),
        ("givens", [0xc4, 0xc8, 0xd0], 5_000),
        ("blocked", [0x1c, 0x1c, 0x22], 1_000),
    ] {
        let n = count_near(&rgb, colour, 6);
        assert!(n >= at_least, "{what}: only {n} pixels");
    }
    // Again: the file is kept, not overwritten.
    let before = std::fs::read(dir.join("levels/by-hand.level.ron")).unwrap();
    let out = run_in(&display, &dir, &args);
    assert!(out.contains("not overwritten"), "{out}");
    assert_eq!(
        std::fs::read(dir.join("levels/by-hand.level.ron")).unwrap(),
        before
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
