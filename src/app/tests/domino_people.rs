//! The domino screen with people: hot-seat (two people share the machine
//! and the hands are covered between their turns), records of finished
//! matches, the hint.

use super::common::{headless, temp_dir};
use crate::app::Screen;
use crate::app::domino::{self, DominoGame, DominoRecords, DominoSettings, SeatController};
use bevy::prelude::*;
use evoboard_core::domino::records::{self, MatchMode, SeatRecord};
use evoboard_core::domino::{Actor, HumanChoice};
use evoboard_core::domino::{AiKind, CoefSet, SeatAi};

pub fn t1() -> SeatController {
    SeatController::Ai(SeatAi {
        kind: AiKind::Strategy(1),
        coefs: CoefSet::Tuned,
        strength: 1,
    })
}

/// A headless app with the domino logic, the given seats and settings;
/// records go to `records.ron` in the test's folder.
pub fn people_app(name: &str, settings: DominoSettings) -> App {
    let root = temp_dir(name);
    let mut app = headless(&root);
    app.init_state::<Screen>();
    app.insert_resource(settings);
    app.insert_resource(DominoRecords::at(root.join("records.ron")));
    app.add_plugins(domino::logic_plugin);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Domino);
    app
}

/// Settings for a fast headless match.
pub fn fast(seats: [SeatController; 4], seed: u64) -> DominoSettings {
    DominoSettings {
        seats,
        seed,
        ai_delay: 0.0,
        auto_next_round: Some(0.0),
        start_paused: false,
        ..Default::default()
    }
}

/// The test driver's move for the person to move: the first legal choice.
pub fn play_first(g: &mut DominoGame) {
    match g.game.human_choice().unwrap() {
        HumanChoice::Open(d) => g.game.human_open(d[0]).unwrap(),
        HumanChoice::Play(m) => g.game.human_play(m[0]).unwrap(),
        HumanChoice::MustPass => g.game.human_pass().unwrap(),
    }
}

#[test]
fn hot_seat_covers_the_hands_between_two_people_s_turns() {
    let mut s = fast(
        [SeatController::Human, t1(), SeatController::Human, t1()],
        11,
    );
    s.names = ["Ana".into(), String::new(), "Bea".into(), String::new()];
    let mut app = people_app("domino-hotseat", s);
    let mut frames = 0;
    // The person who moved last, and whether a cover was seen since.
    let mut last_person: Option<u8> = None;
    let mut covered_since = false;
    let mut switches = 0;
    let mut covers_seen = 0;
    loop {
        app.update();
        frames += 1;
        assert!(frames < 20_000, "the match did not end");
        let g = app.world().resource::<DominoGame>();
        if let Some(p) = g.covered_for() {
            // Nothing is exposed while covered.
            assert_eq!(g.shown_hand(), None);
            assert!(domino::hand_tiles(g).is_empty());
            assert!([0, 2].contains(&p));
            covered_since = true;
            covers_seen += 1;
        }
        match g.game.next_actor() {
            Actor::Human(seat) => {
                if g.shown_hand() != Some(seat) {
                    // The hands are covered for exactly this person.
                    assert_eq!(g.covered_for(), Some(seat));
                    if last_person.is_some_and(|p| p != seat) {
                        assert!(covered_since, "no cover between two people's turns");
                    }
                    app.world_mut().resource_mut::<DominoGame>().reveal();
                    continue;
                }
                // Only this person's hand is shown, face up.
                let tiles = domino::hand_tiles(g);
                let hand: Vec<_> = g.game.round().hand(seat).iter().collect();
                assert_eq!(tiles.len(), hand.len());
                if last_person.is_some_and(|p| p != seat) {
                    switches += 1;
                    assert!(covered_since, "no cover between two people's turns");
                }
                covered_since = false;
                last_person = Some(seat);
                play_first(&mut app.world_mut().resource_mut::<DominoGame>());
                // Right after the move nothing is shown.
                app.update();
                let g = app.world().resource::<DominoGame>();
                if g.game.next_actor() != Actor::MatchOver {
                    assert_eq!(g.shown_hand(), None, "a hand stayed shown after the move");
                }
            }
            Actor::RoundOver => {
                app.world_mut()
                    .resource_mut::<DominoGame>()
                    .game
                    .next_round()
                    .unwrap();
            }
            Actor::MatchOver => break,
            Actor::Ai(_) => {}
        }
    }
    assert!(switches > 10, "{switches} switches between the two people");
    assert!(covers_seen > 10);
    let g = app.world().resource::<DominoGame>();
    assert!(g.game.result().is_some());
    assert_eq!(g.seat_name(2), "Bea");
}

#[test]
fn one_person_is_never_covered() {
    let mut app = people_app(
        "domino-one",
        fast([t1(), t1(), SeatController::Human, t1()], 3),
    );
    let mut turns = 0;
    for _ in 0..3000 {
        app.update();
        let g = app.world().resource::<DominoGame>();
        assert_eq!(g.covered_for(), None);
        assert_eq!(g.shown_hand(), Some(2));
        match g.game.next_actor() {
            Actor::Human(2) => {
                turns += 1;
                play_first(&mut app.world_mut().resource_mut::<DominoGame>());
            }
            Actor::RoundOver => {
                let _ = app
                    .world_mut()
                    .resource_mut::<DominoGame>()
                    .game
                    .next_round();
            }
            Actor::MatchOver => break,
            _ => {}
        }
    }
    assert!(turns > 5);
}

/// Play the match to its end: the driver plays every person's turn
/// (showing the hand first when covered) and starts every round.
pub fn play_to_end(app: &mut App) {
    for _ in 0..20_000 {
        app.update();
        let mut g = app.world_mut().resource_mut::<DominoGame>();
        match g.game.next_actor() {
            Actor::Human(s) => {
                if g.shown_hand() != Some(s) {
                    g.reveal();
                } else {
                    play_first(&mut g);
                }
            }
            Actor::RoundOver => g.game.next_round().unwrap(),
            Actor::MatchOver => return,
            // The AI seats think off the frame.
            Actor::Ai(_) => std::thread::sleep(std::time::Duration::from_micros(200)),
        }
    }
    panic!("the match did not end");
}

/// Frames until the records' background job is done (it runs on a thread:
/// the frames go on meanwhile).
pub fn settle_records(app: &mut App) -> u32 {
    let mut frames = 0;
    while app.world().resource::<DominoRecords>().busy() {
        app.update();
        frames += 1;
        assert!(frames < 5_000, "the records job did not finish");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    frames
}

#[test]
fn a_finished_match_with_a_person_is_recorded_once_and_the_panel_summarizes_the_file() {
    let mut app = people_app(
        "domino-records",
        fast([SeatController::Human, t1(), t1(), t1()], 21),
    );
    let path = app.world().resource::<DominoRecords>().path.clone();
    let _ = std::fs::remove_file(&path);
    play_to_end(&mut app);
    app.update();
    settle_records(&mut app);
    for _ in 0..20 {
        app.update();
    }
    settle_records(&mut app);
    let file = records::load(&path).unwrap();
    assert_eq!(file.matches.len(), 1, "exactly one record");
    let g = app.world().resource::<DominoGame>();
    let result = g.game.result().unwrap();
    let r = &file.matches[0];
    assert_eq!(r.scores, result.score);
    assert_eq!(r.rounds, result.rounds);
    assert_eq!(r.winner_team as usize, result.winner);
    assert_eq!(r.seed, 21);
    assert_eq!(r.mode, MatchMode::Local);
    assert_eq!(r.seats[0], SeatRecord::Person { name: "You".into() });
    assert_eq!(r.seats[1], SeatRecord::Ai { agent: "t1".into() });
    let recs = app.world().resource::<DominoRecords>();
    assert_eq!(recs.appended, 1);
    assert_eq!(recs.matches, 1);
    assert_eq!(recs.stats.as_ref(), Some(&records::summarize(&file)));
    assert!(recs.message.is_ok());
    // A second match (hot-seat) adds one more, recorded as hot-seat.
    let mut s = fast(
        [SeatController::Human, t1(), SeatController::Human, t1()],
        22,
    );
    s.names[2] = "Bea".into();
    *app.world_mut().resource_mut::<DominoSettings>() = s;
    app.world_mut().write_message(domino::NewMatch);
    app.update();
    play_to_end(&mut app);
    app.update();
    settle_records(&mut app);
    let file = records::load(&path).unwrap();
    assert_eq!(file.matches.len(), 2);
    assert_eq!(file.matches[1].mode, MatchMode::HotSeat);
    assert_eq!(
        file.matches[1].seats[2],
        SeatRecord::Person { name: "Bea".into() }
    );
    let recs = app.world().resource::<DominoRecords>();
    assert_eq!(recs.stats.as_ref(), Some(&records::summarize(&file)));
}

#[test]
fn a_record_that_cannot_be_written_is_reported_not_lost() {
    let mut app = people_app(
        "domino-records-bad",
        fast([SeatController::Human, t1(), t1(), t1()], 4),
    );
    let dir = app
        .world()
        .resource::<DominoRecords>()
        .path
        .parent()
        .unwrap()
        .to_path_buf();
    // The record file's folder is a file: the append fails.
    std::fs::write(dir.join("blocker"), "not a folder").unwrap();
    app.world_mut().resource_mut::<DominoRecords>().path = dir.join("blocker").join("r.ron");
    play_to_end(&mut app);
    app.update();
    settle_records(&mut app);
    let recs = app.world().resource::<DominoRecords>();
    assert!(recs.message.is_error(), "{}", recs.message);
    let text = recs.message.text().unwrap();
    assert!(text.starts_with("records:"), "{text}");
    assert_eq!(recs.appended, 0);
}

/// An engine-free host with seats human (this app), t1, t1, t1 on
/// 127.0.0.1, port 0.
#[test]
fn the_hint_is_computed_off_the_frame_loop_and_matches_the_engine() {
    use crate::app::domino::{DominoHint, HINT_DETERMINIZATIONS, hint_seed, request_local};
    let mut app = people_app(
        "domino-hint",
        fast([SeatController::Human, t1(), t1(), t1()], 7),
    );
    let mut turns_checked = 0;
    let mut frames = 0;
    while turns_checked < 2 {
        app.update();
        frames += 1;
        assert!(frames < 20_000);
        let actor = app.world().resource::<DominoGame>().game.next_actor();
        match actor {
            Actor::Human(0) => {}
            Actor::RoundOver => {
                let mut g = app.world_mut().resource_mut::<DominoGame>();
                g.game.next_round().unwrap();
                continue;
            }
            Actor::MatchOver => break,
            _ => continue,
        }
        let must_pass =
            app.world().resource::<DominoGame>().game.human_choice() == Some(HumanChoice::MustPass);
        if must_pass {
            play_first(&mut app.world_mut().resource_mut::<DominoGame>());
            continue;
        }
        // Ask, as the button does.
        app.world_mut()
            .resource_scope(|world, mut hint: Mut<DominoHint>| {
                request_local(world.resource::<DominoGame>(), &mut hint);
            });
        {
            let hint = app.world().resource::<DominoHint>();
            assert!(hint.pending(), "the search runs on a thread");
            assert!(hint.result.is_none(), "not computed inside the request");
        }
        // Frames go on while the search runs.
        let mut waited = 0;
        while app.world().resource::<DominoHint>().result.is_none() {
            app.update();
            waited += 1;
            assert!(waited < 100_000, "the hint never came");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert!(waited >= 1);
        let hint = app.world().resource::<DominoHint>();
        let got = hint.result.clone().unwrap().unwrap();
        let g = app.world().resource::<DominoGame>();
        let key = (0, g.game.round_number(), g.game.log().len());
        assert_eq!(hint.key, Some(key));
        assert_eq!(hint.seed, hint_seed(7, key));
        // The partner (seat 2) is t1: the engine's hint (default policy t1)
        // for the same seed is the same.
        let expected = g.game.hint(0, HINT_DETERMINIZATIONS, hint.seed).unwrap();
        assert_eq!(got, expected);
        assert!(!got.options.is_empty());
        assert!(got.options.iter().all(|o| !o.text.is_empty()));
        assert!(hint.best_tile().is_some());
        turns_checked += 1;
        // Playing on drops the hint of the old position.
        play_first(&mut app.world_mut().resource_mut::<DominoGame>());
        app.update();
        assert!(app.world().resource::<DominoHint>().key != Some(key));
    }
    assert_eq!(turns_checked, 2);
}

#[test]
fn the_people_flags_are_checked_and_refused_by_other_screens() {
    use crate::app::{AppArgs, Game};
    let base = AppArgs {
        game: Some(Game::Domino),
        ..Default::default()
    };
    let ok = AppArgs {
        seats: Some("human:Ana,t1,human:Bea,mc:256".into()),
        records: Some("/tmp/r.ron".into()),
        show: Some("hint".into()),
        ..base.clone()
    };
    crate::app::validate(&ok).unwrap();
    let s = domino::settings_from_args(&ok, &DominoSettings::default());
    assert_eq!(s.seats[2], SeatController::Human);
    assert_eq!(s.names[0], "Ana");
    assert_eq!(s.seats[3].agent_name().as_deref(), Some("mc:256"));
    crate::app::validate(&AppArgs {
        join: Some("127.0.0.1:7878".into()),
        seat: Some(2),
        name: Some("Ana".into()),
        ..base.clone()
    })
    .unwrap();
    let bad = [
        (
            AppArgs {
                seats: Some("human,t1".into()),
                ..base.clone()
            },
            "4 seats",
        ),
        (
            AppArgs {
                seats: Some("human,robot,t1,t1".into()),
                ..base.clone()
            },
            "is not a seat",
        ),
        (
            AppArgs {
                show: Some("everything".into()),
                ..base.clone()
            },
            "records",
        ),
        (
            AppArgs {
                join: Some("nowhere".into()),
                ..base.clone()
            },
            "HOST:PORT",
        ),
        (
            AppArgs {
                seat: Some(1),
                ..base.clone()
            },
            "--join",
        ),
        (
            AppArgs {
                join: Some("127.0.0.1:1".into()),
                host_port: Some(0),
                ..base.clone()
            },
            "not both",
        ),
        (
            AppArgs {
                host_port: Some(0),
                seats: Some("t1,t1,t1,t1".into()),
                ..base.clone()
            },
            "human",
        ),
        (
            AppArgs {
                game: Some(Game::Dungeon),
                records: Some("/tmp/r.ron".into()),
                ..Default::default()
            },
            "--records is a domino flag",
        ),
        (
            AppArgs {
                game: Some(Game::Puzzle),
                join: Some("127.0.0.1:7878".into()),
                ..Default::default()
            },
            "--join is a domino flag",
        ),
    ];
    for (args, want) in bad {
        let e = crate::app::validate(&args).unwrap_err();
        assert!(e.contains(want), "{e} (wanted {want})");
    }
}
