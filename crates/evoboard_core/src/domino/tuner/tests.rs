//! The GA's options, repeated runs and the head-to-head table.

use super::operators::{crossover, two_cuts};
use super::*;
use crate::rng::seeded;
use crate::stats::TestResult;

fn small(population: usize, generations: u64, matches: u64) -> TunerSettings {
    TunerSettings {
        population,
        generations,
        matches,
        ..TunerSettings::default()
    }
}

fn run(strategy: u8, settings: TunerSettings, seed: u64) -> RunResult {
    let opponents = stage_opponents(strategy, 1).unwrap();
    run_ga(strategy, &opponents, settings, seed, &mut |_| {}).unwrap()
}

/// The default (scattered) operator gives exactly what the tuner gave
/// before the options existed (values recorded from that build's
/// `domino tune --json`).
#[test]
fn scattered_default_is_bit_identical_to_the_original_tuner() {
    let r = run(1, small(20, 6, 30), 3);
    assert_eq!(
        r.coefficients,
        [
            8.46958460598168,
            8.30784356032705,
            9.979959651104465,
            3.093775014918805,
            8.280385450730027,
            8.112739795987608,
            3.790604553571807
        ]
    );
    assert_eq!(r.fitness, 20.0);
    let best: Vec<f64> = r.history.iter().map(|h| h.0).collect();
    assert_eq!(best, [21.0, 18.0, 20.0, 22.0, 23.0, 20.0]);
    assert_eq!(r.history[5].1, 15.95);
    let r = run(3, small(8, 3, 40), 9);
    assert_eq!(
        r.coefficients,
        [
            0.0,
            0.0,
            0.0,
            -1.4582149370837492,
            0.0,
            -9.58780432848743,
            1.2030201464068302
        ]
    );
    assert_eq!(r.fitness, 16.0);
}

#[test]
fn two_point_changes_the_run_and_the_thread_count_does_not() {
    let scattered = run(1, small(12, 4, 20), 5);
    let two = TunerSettings {
        crossover_kind: Crossover::TwoPoint,
        ..small(12, 4, 20)
    };
    let two_point = run(1, two, 5);
    assert_ne!(scattered.coefficients, two_point.coefficients);
    // Same first generation (same initial population and deals).
    assert_eq!(scattered.history[0], two_point.history[0]);
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(1, two, 5))
    };
    assert_eq!(on(1), two_point);
    assert_eq!(on(3), two_point);
}

#[test]
fn two_point_takes_one_contiguous_run_of_free_genes_from_the_second_parent() {
    let mut rng = seeded(1);
    let mut seen = std::collections::HashSet::new();
    for strategy in 1..=4u8 {
        let free = crate::domino::free_coefficients(strategy).unwrap();
        let n = free.iter().filter(|&&f| f).count();
        for _ in 0..400 {
            let mut child = [1.0; 7];
            crossover(Crossover::TwoPoint, &free, &mut child, &[2.0; 7], &mut rng);
            let genes: Vec<f64> = (0..7).filter(|&i| free[i]).map(|i| child[i]).collect();
            let from = genes.iter().position(|&g| g == 2.0).unwrap();
            let to = from + genes[from..].iter().take_while(|&&g| g == 2.0).count();
            assert!(genes[to..].iter().all(|&g| g == 1.0), "{genes:?}");
            assert!(to - from < n, "never the whole second parent: {genes:?}");
            for i in 0..7 {
                assert!(free[i] || child[i] == 1.0, "fixed genes untouched");
            }
            if strategy == 1 {
                seen.insert((from, to));
            }
        }
    }
    // Strategy 1 (seven free genes): 8·7/2 − 1 = 27 segments, all drawn.
    assert_eq!(seen.len(), 27);
    for n in 2..=7 {
        for _ in 0..200 {
            let (a, b) = two_cuts(n, &mut rng);
            assert!(a < b && b <= n && (a, b) != (0, n));
        }
    }
    assert_eq!(two_cuts(1, &mut rng), (0, 0));
}

#[test]
fn the_elite_is_copied_unchanged_and_first() {
    let settings = TunerSettings {
        elite: Elite::Count(3),
        mutation: 1.0,
        ..small(10, 2, 20)
    };
    let mut ga = GaTuner::new(1, &stage_opponents(1, 1).unwrap(), settings, 4).unwrap();
    for _ in 0..2 {
        let before = ga.population().to_vec();
        let fitness = ga.evaluate(&before);
        let mut order: Vec<usize> = (0..before.len()).collect();
        order.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
        ga.step();
        let after = ga.population();
        for k in 0..3 {
            assert_eq!(after[k], before[order[k]], "elite {k}");
        }
        // With mutation 1 every bred child differs from every parent.
        for child in &after[3..] {
            assert!(!before.contains(child));
        }
    }
    assert_eq!(Elite::Share(0.1).count(8), 1);
    assert_eq!(Elite::Share(0.25).count(8), 2);
    assert_eq!(Elite::Count(0).count(8), 0);
}

#[test]
fn every_free_gene_stays_in_the_range() {
    for kind in [Crossover::Scattered, Crossover::TwoPoint] {
        let settings = TunerSettings {
            range: (2.0, 3.0),
            mutation: 0.5,
            crossover_kind: kind,
            ..small(10, 3, 10)
        };
        let mut ga = GaTuner::new(2, &stage_opponents(2, 1).unwrap(), settings, 8).unwrap();
        let free = crate::domino::free_coefficients(2).unwrap();
        for _ in 0..3 {
            for c in ga.population() {
                for i in 0..7 {
                    if free[i] {
                        assert!((2.0..3.0).contains(&c[i]), "{kind}: {c:?}");
                    } else {
                        assert_eq!(c[i], 0.0);
                    }
                }
            }
            ga.step();
        }
    }
}

#[test]
fn bad_settings_are_refused_with_what_is_allowed() {
    let d = TunerSettings::default();
    let refused = |s: TunerSettings, needle: &str| {
        let e = GaTuner::new(1, &[EvalSpec::Basic], s, 1)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains(needle), "{e}");
    };
    refused(TunerSettings { mutation: 1.5, ..d }, "from 0 to 1");
    refused(
        TunerSettings {
            crossover: -0.1,
            ..d
        },
        "from 0 to 1",
    );
    refused(
        TunerSettings {
            mutation: f64::NAN,
            ..d
        },
        "mutation",
    );
    refused(
        TunerSettings {
            elite: Elite::Count(100),
            ..d
        },
        "0 to 99",
    );
    refused(
        TunerSettings {
            range: (3.0, 3.0),
            ..d
        },
        "LO < HI",
    );
    refused(TunerSettings { population: 1, ..d }, "at least 2");
    assert!("two-point".parse::<Crossover>().is_ok());
    let e = "one-point".parse::<Crossover>().unwrap_err().to_string();
    assert!(e.contains("scattered, two-point"), "{e}");
}

#[test]
fn the_runs_summary_matches_a_hand_computation() {
    let r = |seed, fitness| RunResult {
        seed,
        coefficients: [0.0; 7],
        fitness,
        history: vec![],
        matches: 100,
    };
    let runs = [r(1, 60.0), r(2, 64.0), r(3, 62.0), r(4, 64.0)];
    let s = RunsSummary::of(&runs, &[50.0, 62.5]).unwrap();
    // mean 62.5; deviations -2.5, 1.5, -0.5, 1.5: squares 6.25 + 2.25 +
    // 0.25 + 2.25 = 11, sd = √(11/3) = 1.914854.
    assert_eq!(s.mean, 62.5);
    assert!((s.sd - (11.0f64 / 3.0).sqrt()).abs() < 1e-12);
    assert_eq!(s.best, 1, "the first of the tied 64s");
    // t = 12.5 / (1.914854 / 2) = 13.0558, df 3; two-sided p = 2·(1 − F(t))
    // with Student's F for 3 df in closed form, F(t) = ½ + (x / (1 + x²) +
    // atan x) / π, x = t / √3: p = 0.000970.
    let t = s.t_tests[0];
    assert_eq!(t.level, 50.0);
    assert!((t.test.statistic - 13.0558).abs() < 1e-3, "{t:?}");
    assert_eq!(t.test.df, 3.0);
    assert!((t.test.p_value - 0.000970).abs() < 1e-5, "{t:?}");
    // At the mean itself: t = 0, p = 1.
    assert_eq!(
        s.t_tests[1].test,
        TestResult {
            statistic: 0.0,
            df: 3.0,
            p_value: 1.0
        }
    );
    assert!(RunsSummary::of(&runs[..1], &[50.0]).is_err());
    assert!(RunsSummary::of(&runs[..1], &[]).is_ok());
    assert!(RunsSummary::of(&[], &[]).is_err());
}

#[test]
fn the_head_to_head_table_has_one_consistent_cell_per_pair() {
    let cells = head_to_head(&[1, 2, 3, 4], 1, false, 40, 2, 6, &|_| {}).unwrap();
    assert_eq!(cells.len(), 6);
    let pairs: Vec<(u8, u8)> = cells.iter().map(|c| (c.a, c.b)).collect();
    assert_eq!(pairs, [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]);
    for c in &cells {
        let (a, b) = (c.wins_a as f64, (c.matches - c.wins_a) as f64);
        assert!(((a - b).powi(2) / 40.0 - c.chi.statistic).abs() < 1e-9);
        assert_eq!(c.agent_a, format!("t{}", c.a));
    }
    let again = head_to_head(&[1, 2, 3, 4], 1, false, 40, 1, 6, &|_| {}).unwrap();
    let wins = |v: &[HeadToHeadCell]| v.iter().map(|c| c.wins_a).collect::<Vec<_>>();
    assert_eq!(wins(&cells), wins(&again), "threads do not matter");
    let published = head_to_head(&[4, 2], 2, true, 10, 1, 6, &|_| {}).unwrap();
    assert_eq!(
        (published[0].agent_a.as_str(), published[0].agent_b.as_str()),
        ("s4@2", "s2@2")
    );
    for bad in [&[1u8][..], &[1, 1], &[1, 5]] {
        assert!(head_to_head(bad, 1, false, 10, 1, 1, &|_| {}).is_err());
    }
    assert!(head_to_head(&[1, 2], 3, false, 10, 1, 1, &|_| {}).is_err());
}

#[test]
fn stage_presets_prefer_our_tuned_sets() {
    let names = |v: Vec<EvalSpec>| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(names(stage_opponents(2, 1).unwrap()), ["basic"]);
    assert_eq!(names(stage_opponents(2, 2).unwrap()), ["t2"]);
    assert_eq!(
        names(stage_opponents(2, 3).unwrap()),
        ["t1@2", "t3@2", "t4@2"]
    );
    assert!(strategy_preset(5, 1, false).is_err());
}
