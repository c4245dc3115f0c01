//! The agents: evaluation function, presets and coefficient files, the search agent, the simulator.

use super::*;

#[test]
fn evaluation_predicts_points_and_the_hand_function_differs_from_basic() {
    // Spinner 5-5, seat 1 holds 5-0 and 5-3: 5-0 makes 0 + 10 = 10, 5-3
    // makes 3 + 10 = 13.
    let mut r = round(
        [
            &[(5, 5), (1, 1)],
            &[(5, 0), (5, 3), (2, 2)],
            &[(3, 3)],
            &[(4, 4)],
        ],
        0,
    );
    r.open_with(t(5, 5), &mut |_| {});
    let moves = [mv(5, 0, 0), mv(5, 3, 0)];
    let view = r.view(1);
    let f = EvalAgent::basic().scores(&view, &moves);
    assert_eq!(f, vec![10.0, 0.0]);
    let h = EvalAgent::new("hand", preset("hand").unwrap()).scores(&view, &moves);
    assert_ne!(h, f);
}

#[test]
fn agent_names_parse_and_bad_names_say_what_is_allowed() {
    for n in [
        "basic",
        "hand",
        "s1",
        "s4@2",
        "coef:1,2,3,4,5,6,7",
        "mc",
        "mc:8",
        "mc:20ms",
        "mc:8:hand",
    ] {
        assert!(parse_agent(n).is_ok(), "{n}");
    }
    let e = parse_agent("s9").err().unwrap();
    assert!(
        matches!(&e, DominoError::UnknownAgent { name } if name == "s9"),
        "{e}"
    );
    let text = e.to_string();
    assert!(text.contains("allowed") && text.contains("coef:"), "{text}");
    let e = parse_agent("coef:1,2,3").err().unwrap();
    assert!(matches!(e, DominoError::CoefCount { got: 3, .. }), "{e}");
    assert!(e.to_string().contains("7"));
    let e = parse_agent("coef:1,2,3,4,5,6,x").err().unwrap();
    assert!(
        matches!(&e, DominoError::CoefNotFinite { index: 7, text, .. } if text == "x"),
        "{e}"
    );
    assert!(e.to_string().contains("a7"));
    assert!(matches!(
        parse_agent("mc:0").err().unwrap(),
        DominoError::BadDeterminizations { .. }
    ));
    assert!(matches!(
        parse_agent("mc:0ms").err().unwrap(),
        DominoError::BadThinkTime { .. }
    ));
    assert!(matches!(
        parse_agent("mc:8:mc").err().unwrap(),
        DominoError::BadPlayoutPolicy { .. }
    ));
    let e = parse_agent("file:/nonexistent/x.ron").err().unwrap();
    assert!(
        matches!(e, DominoError::UnreadableCoefficientFile { .. }),
        "{e}"
    );
    assert!(e.to_string().contains("cannot read"));
}

#[test]
fn agent_specs_print_as_they_were_spelled() {
    for n in [
        "basic",
        "hand",
        "s1",
        "s4@2",
        "t1",
        "t1@3",
        "t1full",
        "coef:1,2,3,4,5,6,7",
        "coef:1.0, -2.5,3,4,5,6,7e-3",
        "file:/tmp/some where.ron",
        "mc",
        "mc:8",
        "mc:20ms",
        "mc:8:hand",
        "mc:20ms:coef:1,2,3,4,5,6,7",
    ] {
        let spec: AgentSpec = n.parse().unwrap();
        assert_eq!(spec.to_string(), n);
        if !n.contains("file:") {
            assert_eq!(spec.build().unwrap().name(), n);
            assert_eq!(parse_agent(n).unwrap().name(), n);
        }
    }
    assert_eq!(
        "s2".parse::<AgentSpec>().unwrap(),
        AgentSpec::Eval(super::super::spec::EvalSpec::Preset(
            super::super::spec::Preset::named("s2").unwrap()
        ))
    );
    let c = super::super::spec::CoefList::new([1.0, -2.5, 0.0, 0.1, 4.0, 5.0, 6.0]);
    let spec = AgentSpec::Eval(super::super::spec::EvalSpec::Coef(c.clone()));
    assert_eq!(spec.to_string(), "coef:1,-2.5,0,0.1,4,5,6");
    assert_eq!(
        spec.to_string().parse::<AgentSpec>().unwrap().to_string(),
        spec.to_string()
    );
    assert_eq!(c.values()[3], 0.1);
}

#[test]
fn coefficient_files_round_trip_and_bad_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("evoboard-dom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = CoefficientFile {
        strategy: 1,
        stage: 1,
        coefficients: [1.0, -2.0, 3.5, 0.0, 4.0, -5.0, 6.0],
        fitness: 123.0,
        matches: 500,
        seed: 7,
    };
    let p = dir.join("c.ron");
    std::fs::write(&p, f.to_ron()).unwrap();
    assert_eq!(CoefficientFile::load(&p).unwrap(), f);
    let a = parse_agent(&format!("file:{}", p.display())).unwrap();
    assert!(a.name().starts_with("file:"));
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, "(strategy: 1)").unwrap();
    let e = CoefficientFile::load(&bad).unwrap_err();
    assert!(matches!(e, DominoError::NotACoefficientFile { .. }), "{e}");
    assert!(e.to_string().contains("not a coefficient file"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn hidden_hands_respect_sizes_and_known_voids() {
    let basic = EvalAgent::basic();
    let agents: [&dyn Agent; 4] = [&basic; 4];
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (op, opening) = opener(&hands, None);
        let mut r = Round::new(hands, op, opening, [0, 0]);
        for _ in 0..(seed % 20) {
            if r.is_over() {
                break;
            }
            r.step(&agents, &mut rng, &mut |_| {});
        }
        if r.is_over() {
            continue;
        }
        let v = r.view(r.turn);
        for _ in 0..20 {
            let h = sample_hidden(&v, &mut rng);
            let mut all = r.table.tiles.0;
            for s in 0..4u8 {
                assert_eq!(h[s as usize].len(), r.hand(s).len());
                assert_eq!(all & h[s as usize].0, 0);
                all |= h[s as usize].0;
                for tile in h[s as usize].iter() {
                    assert_eq!(
                        NUMBERS_OF[tile.0 as usize] & r.voids[s as usize],
                        0,
                        "void broken"
                    );
                }
            }
            assert_eq!(all, ALL_TILES);
            assert_eq!(h[v.seat() as usize], r.hand(v.seat()));
            checked += 1;
        }
    }
    assert!(checked > 500);
}

#[test]
fn monte_carlo_agent_plays_legal_deterministic_matches() {
    let mc = "mc:4:hand"
        .parse::<super::super::spec::SearchSpec>()
        .unwrap()
        .build()
        .unwrap();
    assert_eq!(mc.determinizations, 4);
    let _: &MonteCarloAgent = &mc;
    let basic = EvalAgent::basic();
    let agents: [&dyn Agent; 4] = [&mc, &basic, &mc, &basic];
    let a = play_match(&agents, &mut seeded(3));
    let b = play_match(&agents, &mut seeded(3));
    assert_eq!(a, b);
    assert!(a.score[a.winner] >= MATCH_TARGET);
}

#[test]
fn shipped_tuned_presets_match_their_files() {
    for (name, file) in [
        ("t1", "t1.ron"),
        ("t2", "t2.ron"),
        ("t3", "t3.ron"),
        ("t4", "t4.ron"),
        ("t1@2", "t1-2.ron"),
        ("t2@2", "t2-2.ron"),
        ("t3@2", "t3-2.ron"),
        ("t4@2", "t4-2.ron"),
        ("t1@3", "t1-3.ron"),
        ("t1full", "t1-full.ron"),
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src/domino/tuned")
            .join(file);
        let f = CoefficientFile::load(&path).unwrap();
        assert_eq!(
            preset(name),
            Some(f.coefficients),
            "{name} differs from {file}"
        );
        let free = crate::domino::agents::free_coefficients(f.strategy).unwrap();
        for (i, (free, c)) in free.iter().zip(f.coefficients).enumerate() {
            assert!(*free || c == 0.0, "{name}: α{} must be 0", i + 1);
        }
    }
}

#[test]
fn ga_tuner_is_seeded_and_keeps_fixed_coefficients_zero() {
    use crate::domino::tuner::{GaTuner, TunerSettings, stage_opponents};
    use crate::search::{Objective, Search};
    let settings = TunerSettings {
        population: 8,
        generations: 3,
        matches: 40,
        ..TunerSettings::default()
    };
    let run = || {
        let mut ga = GaTuner::new(3, &stage_opponents(3, 1).unwrap(), settings, 9).unwrap();
        assert_eq!(ga.objective(), Objective::Maximize);
        for _ in 0..3 {
            ga.step();
        }
        (*ga.best().0, ga.best().1, ga.history().to_vec())
    };
    let (c, f, h) = run();
    assert_eq!(run(), (c, f, h.clone()));
    assert_eq!(h.len(), 3);
    assert!(f > 0.0 && f <= 40.0);
    assert_eq!((c[0], c[1], c[2], c[4]), (0.0, 0.0, 0.0, 0.0));
    assert!(c[3] != 0.0 && c[5] != 0.0 && c[6] != 0.0);
    assert_eq!(stage_opponents(2, 3).unwrap().len(), 3);
    assert!(matches!(
        stage_opponents(5, 1),
        Err(DominoError::BadStrategy { strategy: 5 })
    ));
    assert!(matches!(
        stage_opponents(1, 4),
        Err(DominoError::BadStage { stage: 4 })
    ));
}

#[test]
fn state_vectors_show_what_the_seat_has_seen() {
    use crate::domino::state::StateVectors;
    let mut r = round(
        [
            &[(5, 5), (2, 4), (0, 0)],
            &[(5, 2), (1, 1)],
            &[(3, 3), (1, 2)],
            &[(5, 6), (4, 4)],
        ],
        0,
    );
    r.open_with(t(5, 5), &mut |_| {});
    r.play(mv(5, 2, 0), &mut |_| {}); // ends: 2 on arm 0, spinner 5 on arm 1
    r.pass(&mut |_| {}); // seat 2 lacks 2 and 5
    r.play(mv(5, 6, 1), &mut |_| {}); // seat 3: ends 2, 6; arms 3/4 open on 5
    let v = StateVectors::from_view(&r.view(0));
    assert_eq!(v.on_table, [0, 0, 1, 0, 0, 3, 1]);
    assert_eq!(v.in_hand, [1, 0, 1, 0, 1, 0, 0]);
    assert_eq!(v.open_ends, [0, 0, 1, 0, 0, 2, 1]);
    assert_eq!(v.partner_played, [0; 7]);
    assert_eq!(v.next_void, [0; 7]);
    assert_eq!(v.prev_void, [0; 7]);
    assert_eq!(v.partner_void, [0, 0, 1, 0, 0, 1, 0]);
    // Seat 1 sees its partner's (seat 3) play and seat 2 as next opponent.
    let v1 = StateVectors::from_view(&r.view(1));
    assert_eq!(v1.partner_played, [0, 0, 0, 0, 0, 1, 1]);
    assert_eq!(v1.next_void, [0, 0, 1, 0, 0, 1, 0]);
    assert_eq!(v1.rows()[1], [0, 1, 0, 0, 0, 0, 0], "1-1 counts once");
}

#[test]
fn evaluation_predicts_pass_and_galo_points() {
    let mut r = round(
        [&[(6, 6), (6, 4), (0, 0)], &[(1, 1)], &[(2, 2)], &[(3, 3)]],
        0,
    );
    r.open_with(t(6, 6), &mut |_| {});
    let m = [mv(6, 4, 0)]; // leaves 4 and the spinner's 6 open: 4 + 12 = 16
    let basic = EvalAgent::basic();
    assert_eq!(basic.scores(&r.view(0), &m), vec![0.0]);
    r.voids[1] = 1 << 4 | 1 << 6; // the next player is known to lack 4 and 6
    assert_eq!(basic.scores(&r.view(0), &m), vec![20.0]);
    r.voids[2] = 1 << 4 | 1 << 6;
    assert_eq!(
        basic.scores(&r.view(0), &m),
        vec![20.0],
        "seat 3 may still play"
    );
    r.voids[3] = 1 << 4 | 1 << 6;
    assert_eq!(basic.scores(&r.view(0), &m), vec![50.0], "galo predicted");
    // A number is also dead when all seven of its tiles are seen.
    let mut r = round(
        [
            &[(6, 6), (6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (6, 5)],
            &[(1, 1)],
            &[(2, 2)],
            &[(3, 3)],
        ],
        0,
    );
    r.open_with(t(6, 6), &mut |_| {});
    r.voids[1] = 1 << 5;
    assert_eq!(basic.scores(&r.view(0), &[mv(6, 5, 0)]), vec![20.0]); // 5 + 12 = 17
}
