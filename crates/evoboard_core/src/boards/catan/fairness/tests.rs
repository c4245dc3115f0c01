//! Play-test summaries, group figures, the chart's data, the verdict and
//! the fair-by-play request's checks.

use super::*;
use crate::boards::BoardGame;
use crate::boards::catan::CatanLayout;
use crate::boards::catan::fair_by_play::{Entrant, RaceReport};
use crate::boards::catan::play::{Advantage, Bot, FamilyReport, PlayReport, RobustReport, Share};
use crate::boards::gallery::GalleryRequest;

fn report(advantage: f64, pips: [f64; 4]) -> PlayReport {
    let share = Share {
        wins: 5,
        share: 0.25,
        low: 0.1,
        high: 0.4,
    };
    PlayReport {
        games: 20,
        draws: 0,
        seats: 4,
        bots: vec!["value"; 4],
        seat_win_share: vec![share; 4],
        seat_advantage: advantage,
        seat_advantage_interval: [0.0, advantage * 2.0],
        opening_pips: pips.to_vec(),
        mean_turns: 60.0,
        games_per_sec: 100.0,
        lineup_win_share: vec![share; 4],
        harbours_placed: false,
    }
}

fn adv(value: f64, low: f64, high: f64) -> Advantage {
    Advantage { value, low, high }
}

fn robust(families: &[(&'static str, f64)]) -> RobustReport {
    let families: Vec<FamilyReport> = families
        .iter()
        .map(|&(family, a)| FamilyReport {
            family,
            play: report(a, [8.0, 9.0, 10.0, 11.0]),
            seat_advantage: adv(a, a / 2.0, a * 2.0),
        })
        .collect();
    let worst = families
        .iter()
        .max_by(|a, b| a.seat_advantage.value.total_cmp(&b.seat_advantage.value))
        .unwrap();
    RobustReport {
        robust_seat_advantage: worst.seat_advantage,
        worst_family: worst.family,
        families,
    }
}

#[test]
fn the_pip_spread_is_the_largest_minus_the_smallest_seat() {
    assert_eq!(pip_spread(&report(0.1, [9.0, 7.5, 11.0, 10.0])), 3.5);
}

#[test]
fn a_play_summary_is_the_report_plus_its_pip_spread() {
    let r = report(0.1, [9.0, 7.5, 11.0, 10.0]);
    let plain = serde_json::to_value(&r).unwrap();
    let summary = serde_json::to_value(PlaySummary::new(&r)).unwrap();
    let have = summary.as_object().unwrap();
    assert_eq!(have.len(), plain.as_object().unwrap().len() + 1);
    for (k, v) in plain.as_object().unwrap() {
        assert_eq!(&have[k], v, "{k}");
    }
    assert_eq!(summary["opening_pip_spread"], 3.5);
}

#[test]
fn a_robust_summary_names_each_family_and_the_worst() {
    let r = robust(&[("value", 0.1), ("planner", 0.3)]);
    let s = RobustSummary::new(&r);
    assert_eq!((s.games, s.seats, s.worst_family), (20, 4, "planner"));
    assert_eq!(s.robust_seat_advantage, adv(0.3, 0.15, 0.6));
    let json = serde_json::to_value(PlayTestSummary::Families(s)).unwrap();
    assert_eq!(json["families"][1]["family"], "planner");
    assert_eq!(json["families"][1]["seat_advantage"], 0.3);
    assert!(json["families"][0]["opening_pip_spread"].is_f64());
    // No family: no games.
    let empty = RobustReport {
        families: Vec::new(),
        robust_seat_advantage: adv(0.0, 0.0, 0.0),
        worst_family: "",
    };
    assert_eq!(RobustSummary::new(&empty).games, 0);
    assert_eq!(r.worst().seat_advantage, 0.3);
}

#[test]
fn groups_and_families_are_summarised_by_mean_and_sd() {
    let a = report(0.1, [8.0, 9.0, 10.0, 11.0]);
    let b = report(0.3, [8.0, 9.0, 10.0, 14.0]);
    let g = GroupSummary::of(&[&a, &b]);
    assert_eq!(g.boards, 2);
    assert!((g.seat_advantage_mean - 0.2).abs() < 1e-12);
    assert!((g.seat_advantage_sd - 0.02f64.sqrt()).abs() < 1e-12);
    assert!((g.opening_pip_spread_mean - 4.5).abs() < 1e-12);
    let spreads = family_spreads(&[
        robust(&[("value", 0.1), ("planner", 0.2)]),
        robust(&[("value", 0.3), ("planner", 0.2)]),
    ]);
    assert_eq!(spreads.len(), 2);
    assert_eq!(spreads[0].family, "value");
    assert!((spreads[0].seat_advantage_mean - 0.2).abs() < 1e-12);
    assert_eq!(spreads[1].seat_advantage_sd, 0.0);
    assert!(family_spreads(&[]).is_empty());
    let chart = ChartGroup::new("two", &[&a, &b]);
    assert_eq!(chart.boards.len(), 2);
    assert_eq!(
        chart.boards[1],
        ChartPoint {
            pip_spread: 6.0,
            seat_advantage: 0.3
        }
    );
    assert!((chart.mean.pip_spread - 4.5).abs() < 1e-12);
    assert!((chart.seat_advantage_sd - g.seat_advantage_sd).abs() < 1e-12);
}

#[test]
fn random_islands_keep_the_tile_mix_and_get_harbours() {
    let layout = CatanLayout::base();
    let islands = random_islands(layout, 3, 5).unwrap();
    assert_eq!(islands.len(), 3);
    assert!(islands.iter().all(|b| !b.harbours.is_empty()));
    assert_ne!(islands[0].encode(), islands[1].encode());
    assert!(random_islands(layout, MAX_COMPARE + 1, 5).is_none());
    assert!(!beginner_island().harbours.is_empty());
}

fn race(beginner: Option<Advantage>, beats: Option<(bool, bool)>) -> RaceReport {
    let pick = robust(&[("value", 0.05)]);
    RaceReport {
        entrants: vec![Entrant {
            report: pick.clone(),
            games: 20,
            dropped_after: None,
        }],
        rounds: 1,
        race_games: 20,
        pick: 0,
        fresh_seed: 9,
        pick_fresh: pick,
        beginner: beginner.map(|a| RobustReport {
            robust_seat_advantage: a,
            ..robust(&[("value", a.value)])
        }),
        search_pick: None,
        search_beginner: None,
        beats_beginner: beats.map(|b| b.0),
        clearly_beats_beginner: beats.map(|b| b.1),
        race_ms: 0.0,
        recheck_ms: 0.0,
        search_ms: 0.0,
    }
}

#[test]
fn the_verdict_says_whether_the_pick_beats_the_beginner_board() {
    let clear = verdict(&race(Some(adv(0.2, 0.15, 0.25)), Some((true, true))));
    assert!(
        clear.contains("beats the beginner board clearly"),
        "{clear}"
    );
    assert!(clear.contains("0.200 [0.150, 0.250]"), "{clear}");
    let close = verdict(&race(Some(adv(0.06, 0.0, 0.1)), Some((true, false))));
    assert!(close.contains("not clearly fairer"), "{close}");
    let not = verdict(&race(Some(adv(0.01, 0.0, 0.1)), Some((false, false))));
    assert!(not.contains("does NOT beat"), "{not}");
    let none = verdict(&race(None, None));
    assert!(none.contains("no beginner board on this island"), "{none}");
}

#[test]
fn a_request_out_of_range_is_refused_before_any_game() {
    let ok = FairByPlayRequest::new(GalleryRequest::new(BoardGame::Catan, 3, 1));
    assert_eq!(ok.check(), Ok(()));
    let with = |f: &dyn Fn(&mut FairByPlayRequest)| {
        let mut r = ok.clone();
        f(&mut r);
        r.run(&|_| true).err().unwrap()
    };
    assert_eq!(
        with(&|r| r.gallery.boards = 0),
        FairnessError::Candidates(0)
    );
    assert_eq!(
        with(&|r| r.gallery.boards = MAX_CANDIDATES + 1),
        FairnessError::Candidates(257)
    );
    assert_eq!(with(&|r| r.precision = 0.0), FairnessError::Precision(0.0));
    assert_eq!(with(&|r| r.precision = 1.5), FairnessError::Precision(1.5));
    assert_eq!(
        with(&|r| r.compare = MAX_COMPARE + 1),
        FairnessError::Compare(257)
    );
    let tm = with(&|r| r.gallery.game = BoardGame::TerraMystica);
    assert_eq!(tm, FairnessError::NotCatan(BoardGame::TerraMystica));
    assert!(tm.to_string().contains("plays Catan"));
}

#[test]
fn the_race_plays_rounds_of_at_most_200_and_rechecks_in_batches() {
    let mut r = FairByPlayRequest::new(GalleryRequest::new(BoardGame::Catan, 3, 4));
    r.games = 30;
    r.families = vec![Bot::Random];
    let race = r.race_config();
    assert_eq!(
        (race.batch, race.max_games, race.recheck_batch),
        (30, 30, 30)
    );
    assert_eq!((race.seed, race.families.clone()), (4, vec![Bot::Random]));
    r.games = 5000;
    let race = r.race_config();
    assert_eq!(
        (race.batch, race.max_games, race.recheck_batch),
        (200, 5000, 2000)
    );
    assert_eq!((r.play().games, r.play().seed), (5000, 4));
}
