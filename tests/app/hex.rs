//! The real hex-board window under Xvfb.

use crate::common::{Display, count_near, read_png, run_app, temp_dir};

#[test]
fn the_real_app_runs_a_search_and_saves_a_screenshot() {
    let display = Display::start();
    let dir = temp_dir("shots");
    for (game, colour) in [
        ("terra-mystica", [168, 214, 245]),
        ("catan", [248, 237, 204]),
    ] {
        let shot = dir.join(format!("{game}.png"));
        let s = shot.to_str().unwrap();
        let stdout = run_app(
            &display,
            &[
                "app",
                "--game",
                game,
                "--seed",
                "3",
                "--run",
                "--screenshot",
                s,
                "--frames",
                "40",
            ],
        );
        // The search ran: the summary names the generation it reached.
        let generation: u64 = stdout
            .split("generation ")
            .nth(1)
            .and_then(|r| r.split(',').next())
            .and_then(|g| g.trim().parse().ok())
            .unwrap_or_else(|| panic!("{game}: no generation in the summary: {stdout}"));
        assert!(generation > 0, "{game}: the search did not step: {stdout}");
        let (w, h, rgb) = read_png(&shot);
        assert!(w >= 640 && h >= 400, "{w}x{h}");
        let mut colours: Vec<[u8; 3]> = rgb.chunks(3).map(|p| [p[0], p[1], p[2]]).collect();
        colours.sort_unstable();
        colours.dedup();
        assert!(
            colours.len() > 50,
            "{game}: only {} colours: a blank window?",
            colours.len()
        );
        // River hexes (TM) or number-token discs (Catan) are on screen.
        let n = count_near(&rgb, colour, 12);
        assert!(
            n > 500,
            "{game}: only {n} pixels of the expected board colour"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
