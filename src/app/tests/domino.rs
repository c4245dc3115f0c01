//! The domino screen: the plugin's logic systems play whole matches
//! headless (same result as the engine alone), a person's seat waits for
//! the person, and the real app plays a match under Xvfb.

use super::common::{headless, temp_dir};
use crate::app::AppArgs;
use crate::app::Screen;
use crate::app::domino::{
    self, DominoGame, DominoSettings, NewMatch, SeatController, settings_from_args,
};
use bevy::prelude::*;
use evoboard_core::domino::{Actor, HumanChoice};
use evoboard_core::domino::{Agent, parse_agent};
use evoboard_core::domino::{AiKind, CoefSet, SeatAi};
use evoboard_core::domino::{MatchResult, play_match};
use evoboard_core::rng::seeded;

fn ai(kind: AiKind, coefs: CoefSet, strength: u8) -> SeatController {
    SeatController::Ai(SeatAi {
        kind,
        coefs,
        strength,
    })
}

/// A headless app with the domino logic, the given seats, on the domino
/// screen.
fn domino_app(name: &str, seats: [SeatController; 4], seed: u64) -> App {
    let root = temp_dir(name);
    let mut app = headless(&root);
    app.init_state::<Screen>();
    app.insert_resource(DominoSettings {
        seats,
        seed,
        ai_delay: 0.0,
        auto_next_round: Some(0.0),
        autoplay: false,
        start_paused: false,
        ..Default::default()
    });
    app.insert_resource(domino::DominoRecords::at(root.join("records.ron")));
    app.add_plugins(domino::logic_plugin);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Domino);
    app
}

fn engine_result(seats: &[SeatController; 4], seed: u64) -> MatchResult {
    let agents: Vec<Box<dyn Agent>> = seats
        .iter()
        .map(|s| parse_agent(&s.agent_name().unwrap()).unwrap())
        .collect();
    let refs: [&dyn Agent; 4] = std::array::from_fn(|i| agents[i].as_ref());
    play_match(&refs, &mut seeded(seed))
}

#[test]
fn a_match_between_ai_seats_through_the_plugin_equals_the_engine() {
    let seats = [
        ai(AiKind::Strategy(1), CoefSet::Tuned, 1),
        ai(AiKind::Basic, CoefSet::Tuned, 1),
        ai(AiKind::Search, CoefSet::Tuned, 1),
        ai(AiKind::Strategy(2), CoefSet::Published, 1),
    ];
    for seed in [17, 2026] {
        let mut app = domino_app("domino-ecs", seats, seed);
        let (mut frames, mut waiting) = (0, 0);
        loop {
            app.update();
            frames += 1;
            let g = app.world().resource::<DominoGame>();
            if g.game.result().is_some() {
                break;
            }
            // The AI seats think off the frame: frames go on meanwhile.
            if g.ai_thinking() {
                waiting += 1;
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            assert!(frames - waiting < 5000, "the match did not end");
            assert!(waiting < 100_000, "the AI seats never answered");
        }
        let g = app.world().resource::<DominoGame>();
        let expected = engine_result(&seats, seed);
        assert_eq!(g.game.result(), Some(expected), "seed {seed}");
        // One AI move a frame: at least as many frames as moves.
        let moves = g.game.log().iter().filter(|l| l.seat.is_some()).count();
        assert!(
            frames as usize >= expected.rounds as usize,
            "{frames} frames"
        );
        assert!(moves > 20);
        // Every point shows up as a floating label when it is scored.
        let labelled_points: u32 = g
            .labels
            .iter()
            .filter_map(|l| l.text.strip_prefix('+'))
            .filter_map(|t| t.split(' ').next()?.parse::<u32>().ok())
            .sum();
        assert!(labelled_points <= expected.score[0] + expected.score[1]);
        assert!(g.reported, "the result line is printed");
    }
}

#[test]
fn a_person_s_seat_waits_for_the_person_and_rounds_wait_for_next_round() {
    let t1 = ai(AiKind::Strategy(1), CoefSet::Tuned, 1);
    let mut app = domino_app("domino-human", [SeatController::Human, t1, t1, t1], 9);
    let mut human_turns = 0;
    let mut frames = 0;
    loop {
        app.update();
        frames += 1;
        assert!(frames < 20_000, "the match did not end");
        let actor = app.world().resource::<DominoGame>().game.next_actor();
        match actor {
            Actor::Human(0) => {
                human_turns += 1;
                if human_turns == 1 {
                    // Nothing moves while the person thinks.
                    let before = app.world().resource::<DominoGame>().game.log().len();
                    for _ in 0..5 {
                        app.update();
                    }
                    let g = app.world().resource::<DominoGame>();
                    assert_eq!(g.game.log().len(), before);
                    assert_eq!(g.game.next_actor(), Actor::Human(0));
                    continue;
                }
                let mut g = app.world_mut().resource_mut::<DominoGame>();
                match g.game.human_choice().unwrap() {
                    HumanChoice::Open(d) => g.game.human_open(d[0]).unwrap(),
                    HumanChoice::Play(m) => g.game.human_play(m[0]).unwrap(),
                    HumanChoice::MustPass => g.game.human_pass().unwrap(),
                }
            }
            Actor::RoundOver => {
                for _ in 0..3 {
                    app.update();
                }
                let mut g = app.world_mut().resource_mut::<DominoGame>();
                assert_eq!(
                    g.game.next_actor(),
                    Actor::RoundOver,
                    "with a person at the table the summary waits for Next round"
                );
                g.game.next_round().unwrap();
            }
            Actor::MatchOver => break,
            // The AI seats think off the frame.
            Actor::Ai(_) => std::thread::sleep(std::time::Duration::from_micros(200)),
            Actor::Human(_) => {}
        }
    }
    assert!(human_turns > 5);
    // New match: a fresh round 1 with the settings' seed.
    app.world_mut().write_message(NewMatch);
    app.update();
    app.update();
    let g = app.world().resource::<DominoGame>();
    assert!(g.game.result().is_none());
    assert_eq!(g.game.round_number(), 1);
}

#[test]
fn flags_are_checked_and_applied() {
    let ok = AppArgs {
        game: Some(crate::app::Game::Domino),
        seed: Some(4),
        autoplay: true,
        steps_per_second: Some(20.0),
        ..Default::default()
    };
    domino::validate(&ok).unwrap();
    let s = settings_from_args(&ok, &DominoSettings::default());
    assert_eq!(s.seed, 4);
    assert_eq!(s.seats[0], SeatController::Ai(SeatAi::basic()));
    assert!((s.ai_delay - 0.05).abs() < 1e-6);
    assert!(!s.start_paused);
    for bad in [
        AppArgs {
            size: Some("9".into()),
            ..ok.clone()
        },
        AppArgs {
            run: true,
            ..ok.clone()
        },
        AppArgs {
            steps_per_second: Some(f32::NAN),
            ..ok.clone()
        },
    ] {
        let e = domino::validate(&bad).unwrap_err();
        assert!(e.contains("--seed") || e.contains("per second"), "{e}");
    }
    // Without flags a person plays seat 0 and the first match waits.
    let d = DominoSettings::default();
    assert_eq!(d.seats[0], SeatController::Human);
    assert!(d.start_paused);
}
