//! The puzzle command line's parsing: sizes, grades, rules and defaults.

use super::*;
use crate::puzzle::{generate, technique_grade};

#[test]
fn loads_text_and_ron() {
    let dir = std::env::temp_dir().join(format!("evoboard-pz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let txt = dir.join("b.txt");
    std::fs::write(&txt, "XX.\n...\n").unwrap();
    assert_eq!(load_board(&txt).unwrap().to_string(), "XX.\n...");
    std::fs::write(&txt, "XX.\n.Z.\n").unwrap();
    let e = load_board(&txt).unwrap_err();
    assert!(e.0.contains("line 2") && e.0.contains("'Z'"), "{e}");
    let p = generate(5, 5, Difficulty::Easy, 3).unwrap();
    let ron_path = dir.join("p.ron");
    std::fs::write(&ron_path, p.to_ron().unwrap()).unwrap();
    assert_eq!(load_board(&ron_path).unwrap(), p.cells_board().unwrap());
    // Embedded in some other RON structure: read exactly, so refused
    // (no fallback takes unknown versions or field names).
    let wrapped = format!(
        "(version: 999, kind: \"puzzle\", puzzle: {})",
        p.to_ron().unwrap()
    );
    std::fs::write(&ron_path, wrapped).unwrap();
    let e = load_board(&ron_path).unwrap_err();
    assert!(e.0.contains("not a puzzle"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The sub-command as the CLI parses it.
#[derive(clap::Parser)]
struct Wrap {
    #[command(subcommand)]
    command: PuzzleSubcommand,
}

fn generate_args(args: &[&str]) -> PuzzleGenerateArgs {
    use clap::Parser;
    let all = [&["evoboard", "generate"], args].concat();
    match Wrap::try_parse_from(all).unwrap().command {
        PuzzleSubcommand::Generate(a) => a,
        _ => unreachable!(),
    }
}

/// `puzzle generate` with no flags: a 10 × 10 no-three puzzle of
/// grade 2; `--size` in both spellings; the published generator
/// only when asked for.
#[test]
fn generate_defaults_and_size() {
    let a = generate_args(&[]);
    assert_eq!(a.dims(), (10, 10));
    assert_eq!(a.grade_asked(), Ok(Some(2)));
    assert_eq!(a.rule_set(), Ok(RuleSet::NoThree));
    let g = generate_one(&a, a.seed).unwrap();
    assert_eq!((g.puzzle.width, g.puzzle.height), (10, 10));
    let b = g.puzzle.cells_board().unwrap();
    assert_eq!(technique_grade(&b), Some(2));
    assert_eq!(count_solutions(&b, 2).count, 1);
    assert_eq!(generate_args(&["--size", "8x6"]).dims(), (8, 6));
    assert_eq!(generate_args(&["--size", "12"]).dims(), (12, 12));
    assert_eq!(generate_args(&["--width", "6"]).dims(), (6, 10));
    assert_eq!(
        generate_args(&["--difficulty", "hard"]).grade_asked(),
        Ok(None)
    );
    assert_eq!(generate_args(&["--level", "3"]).grade_asked(), Ok(None));
    assert_eq!(
        generate_args(&["--grade", "4", "--difficulty", "hard"]).grade_asked(),
        Ok(Some(4))
    );
}

#[test]
fn levels_parse() {
    assert_eq!(parse_level("2"), Ok(2));
    assert_eq!(parse_level("3"), Ok(3));
    for bad in ["4", "0", "01", "x", ""] {
        let e = parse_level(bad).unwrap_err();
        assert!(matches!(e, PuzzleError::UnknownLevel { ref text } if text == bad));
        assert!(e.to_string().contains("1, 2 and 3"), "{e}");
    }
}
