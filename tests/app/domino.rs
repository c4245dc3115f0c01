//! The real app plays a domino match under Xvfb.

use crate::common::{Display, count_near, read_png, run_app, temp_dir};
use evoboard_core::domino::{Agent, AiKind, CoefSet, SeatAi, parse_agent, play_match};
use evoboard_core::rng::seeded;

#[test]
fn the_real_app_plays_a_whole_match_with_autoplay() {
    let display = Display::start();
    let dir = temp_dir("domino-shots");
    let seed = 5;
    // Mid-round: one move a frame.
    let mid = dir.join("round.png");
    let _ = run_app(
        &display,
        &[
            "app",
            "--game",
            "domino",
            "--autoplay",
            "--seed",
            "5",
            "--screenshot",
            mid.to_str().unwrap(),
            "--frames",
            "12",
        ],
    );
    let (w, h, rgb) = read_png(&mid);
    assert!(w >= 640 && h >= 400, "{w}x{h}");
    let felt = count_near(&rgb, [24, 90, 58], 6);
    assert!(felt > 100_000, "only {felt} pixels of the table's felt");
    let ivory = count_near(&rgb, [246, 241, 226], 6);
    assert!(ivory > 3_000, "only {ivory} pixels of tiles");
    // A whole match, fast.
    let end = dir.join("end.png");
    let out = run_app(
        &display,
        &[
            "app",
            "--game",
            "domino",
            "--autoplay",
            "--seed",
            "5",
            "--steps-per-second",
            "1000",
            "--screenshot",
            end.to_str().unwrap(),
            "--frames",
            "60",
        ],
    );
    let line = out
        .lines()
        .find(|l| l.starts_with("domino: match over"))
        .unwrap_or_else(|| panic!("no match result in {out}"));
    let t1 = SeatAi {
        kind: AiKind::Strategy(1),
        coefs: CoefSet::Tuned,
        strength: 3,
    };
    let agents: Vec<Box<dyn Agent>> = [SeatAi::basic(), t1, t1, t1]
        .iter()
        .map(|s| parse_agent(&s.agent_name()).unwrap())
        .collect();
    let refs: [&dyn Agent; 4] = std::array::from_fn(|i| agents[i].as_ref());
    let expected = play_match(&refs, &mut seeded(seed));
    assert!(
        line.contains(&format!(
            "score {}-{}, rounds {}",
            expected.score[0], expected.score[1], expected.rounds
        )),
        "{line} vs {expected:?}"
    );
    let (_, _, rgb) = read_png(&end);
    assert!(count_near(&rgb, [24, 90, 58], 6) > 50_000);
    std::fs::remove_dir_all(&dir).unwrap();
}
