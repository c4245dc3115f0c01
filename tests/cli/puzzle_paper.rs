//! Puzzles on paper: `export PUZZLE.level.ron --format png|svg|pdf` and
//! `puzzle book`.

use super::{fails_with, json, temp_dir};
use evoboard_core::level::{Level, LevelMap};
use evoboard_core::puzzle::{Board, RuleSet, Square, count_solutions, technique_grade};
use std::collections::HashSet;
use std::path::Path;

/// `/Type /Page` objects of a PDF.
fn pdf_pages(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

/// A generated 8 × 7 puzzle level in `dir`, and its puzzle board.
fn puzzle_level(dir: &Path) -> (String, Board) {
    let out = dir.join("pz");
    let o = out.to_str().unwrap();
    let args = [
        "puzzle",
        "generate",
        "--width",
        "8",
        "--height",
        "7",
        "--difficulty",
        "hard",
        "--grade",
        "2",
        "--seed",
        "5",
        "--out",
        o,
        "--json",
    ];
    json(&args);
    let file = dir.join("pz.level.ron");
    let level = Level::from_ron(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let LevelMap::Puzzle(p) = level.map else {
        panic!("not a puzzle level")
    };
    (file.to_str().unwrap().to_string(), p.cells_board().unwrap())
}

#[test]
fn a_puzzle_exports_as_svg_png_and_pdf_with_its_solution_apart() {
    let dir = temp_dir("puzzle-paper");
    let (file, cells) = puzzle_level(&dir);
    let givens = cells.count(Square::X) + cells.count(Square::O);
    let empty = cells.count(Square::Empty);

    let svg = json(&["export", &file, "--format", "svg", "--json"]);
    let page = std::fs::read_to_string(dir.join("pz.svg")).unwrap();
    assert_eq!(svg["bytes"], page.len());
    for n in 1..=8 {
        assert!(page.contains(&format!(">{n}</text>")), "number {n}");
    }
    assert_eq!(page.matches(r#"class="symbol""#).count(), givens);
    assert_eq!(page.matches(r#"data-given="true""#).count(), givens);
    assert!(
        !page.contains(r#"data-given="false""#),
        "no solution on the puzzle page"
    );
    assert_eq!(
        page.matches(r#"class="blocked""#).count(),
        cells.count(Square::Blocked)
    );
    assert!(page.contains("grade 2 · seed 5"), "footer");
    let sol_path = dir.join("pz.solution.svg");
    assert_eq!(svg["solution_out"], sol_path.to_str().unwrap());
    let sol = std::fs::read_to_string(&sol_path).unwrap();
    assert_eq!(sol.matches(r#"data-given="false""#).count(), empty);

    let png = json(&["export", &file, "--format", "png", "--json"]);
    assert_eq!(
        (png["width"].as_u64(), png["height"].as_u64()),
        (Some(2480), Some(3508))
    );
    for name in ["pz.png", "pz.solution.png"] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        let reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        assert_eq!((reader.info().width, reader.info().height), (2480, 3508));
    }

    let pdf = json(&["export", &file, "--format", "pdf", "--json"]);
    let bytes = std::fs::read(dir.join("pz.pdf")).unwrap();
    assert_eq!(pdf["bytes"], bytes.len());
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(pdf_pages(&bytes), 2, "puzzle page and solution page");
    assert!(pdf.get("solution_out").is_none());
}

#[test]
fn puzzle_exports_refuse_to_overwrite_either_file() {
    let dir = temp_dir("puzzle-paper-keep");
    let (file, _) = puzzle_level(&dir);
    json(&["export", &file, "--format", "png", "--json"]);
    fails_with(&["export", &file, "--format", "png"], "already exists");
    // Only the solution is in the way: nothing is written.
    let main = dir.join("pz.png");
    std::fs::remove_file(&main).unwrap();
    fails_with(
        &["export", &file, "--format", "png"],
        "pz.solution.png already exists",
    );
    assert!(!main.exists(), "the puzzle page is not written either");
    json(&["export", &file, "--format", "png", "--force", "--json"]);
    assert!(main.exists());
    json(&["export", &file, "--format", "pdf", "--json"]);
    fails_with(&["export", &file, "--format", "pdf"], "already exists");
    fails_with(
        &["export", &file, "--format", "vtt"],
        "puzzles as png, svg or pdf",
    );
}

#[test]
fn a_book_of_twelve_has_its_pages_and_twelve_different_unique_puzzles() {
    let dir = temp_dir("puzzle-book");
    let out = dir.join("book.pdf");
    let o = out.to_str().unwrap();
    let args = [
        "puzzle", "book", "--count", "12", "--grade", "2", "--size", "8x8", "--seed", "3", "--out",
        o, "--json",
    ];
    let v = json(&args);
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert_eq!(v["bytes"], bytes.len());
    // 8 × 8: six puzzles a page (2 pages), twelve solutions a page (1).
    assert_eq!(
        (v["puzzle_pages"].as_u64(), v["solution_pages"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(pdf_pages(&bytes), 3);
    let puzzles = v["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 12);
    let mut seen = HashSet::new();
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(p["number"], i + 1);
        let rows = cell_rows(p);
        let board = Board::from_strings(&rows).unwrap();
        assert_eq!((board.width(), board.height()), (8, 8));
        assert_eq!(count_solutions(&board, 2).count, 1, "puzzle {}", i + 1);
        assert_eq!(technique_grade(&board), Some(2), "puzzle {}", i + 1);
        assert_eq!(p["grade"], 2);
        assert!(seen.insert(rows), "puzzle {} repeats an earlier one", i + 1);
    }
    fails_with(&args, "already exists");
    fails_with(
        &["puzzle", "book", "--grade", "5", "--out", o, "--force"],
        "grades are 1..=4",
    );
    fails_with(
        &[
            "puzzle", "book", "--grade", "2", "--size", "30x8", "--out", o, "--force",
        ],
        "width",
    );
}

#[test]
fn a_takuzu_book_prints_balanced_unique_puzzles_of_its_grade() {
    let dir = temp_dir("puzzle-book-takuzu");
    let out = dir.join("takuzu.pdf");
    let o = out.to_str().unwrap();
    let v = json(&[
        "puzzle", "book", "--rules", "takuzu", "--count", "4", "--grade", "2", "--size", "8x8",
        "--seed", "11", "--out", o, "--json",
    ]);
    assert!(std::fs::read(&out).unwrap().starts_with(b"%PDF"));
    let puzzles = v["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 4);
    for p in puzzles {
        let rows = cell_rows(p);
        let board = Board::from_strings(&rows)
            .unwrap()
            .with_rules(RuleSet::Takuzu);
        assert_eq!(count_solutions(&board, 2).count, 1);
        assert_eq!(technique_grade(&board), Some(2));
        assert_eq!(p["grade"], 2);
    }
    fails_with(
        &[
            "puzzle", "book", "--rules", "takuzu", "--grade", "2", "--size", "7x8", "--out", o,
            "--force",
        ],
        "even",
    );
}

/// A book puzzle's rows from its JSON `cells`.
fn cell_rows(p: &serde_json::Value) -> Vec<String> {
    p["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// `book --grades 1,2,3,4` (issue 41): a page of instructions, then one
/// section per grade, rising; every puzzle of its section's grade, no
/// guessing, no two sharing a solution up to shift, rotation and
/// reflection, none striped with period 4 both ways.
#[test]
fn a_book_rises_through_the_grades() {
    use evoboard_core::puzzle::{is_striped, same_solution};
    let dir = temp_dir("puzzle-grades");
    let out = dir.join("grades.pdf");
    let o = out.to_str().unwrap();
    let v = json(&[
        "puzzle", "book", "--grades", "1,2,3,4", "--count", "3", "--out", o, "--json",
    ]);
    let bytes = std::fs::read(&out).unwrap();
    // Instructions, one page per section of 3, 12 solutions on one page.
    assert_eq!(
        (v["puzzle_pages"].as_u64(), v["solution_pages"].as_u64()),
        (Some(5), Some(1))
    );
    assert_eq!(pdf_pages(&bytes), 6);
    let puzzles = v["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 12);
    let mut solutions: Vec<Board> = Vec::new();
    for (i, p) in puzzles.iter().enumerate() {
        let want = i as u64 / 3 + 1;
        assert_eq!(p["grade"].as_u64(), Some(want), "puzzle {}", i + 1);
        assert_eq!(p["number"].as_u64(), Some(i as u64 + 1));
        let board = Board::from_strings(&cell_rows(p)).unwrap();
        assert_eq!(technique_grade(&board), Some(want as u8));
        let solved = evoboard_core::puzzle::count_solutions(&board, 2);
        assert_eq!(solved.count, 1);
        let s = solved.solution.unwrap();
        assert!(!is_striped(&s), "puzzle {} is one stripe", i + 1);
        assert!(
            solutions.iter().all(|t| !same_solution(t, &s)),
            "puzzle {} shares a solution",
            i + 1
        );
        solutions.push(s);
    }
}
