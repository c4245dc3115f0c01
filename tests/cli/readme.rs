//! The README a newcomer reads: at most 250 lines, every command of its
//! tour runs as written, its game snippet is the example CI runs, and
//! every link of it, of `docs/` and of every crate's and domain's README
//! stays inside the repository and leads
//! to a file that exists.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(p: &str) -> String {
    std::fs::read_to_string(root().join(p)).unwrap()
}

#[test]
fn the_readme_is_short_and_its_snippet_is_the_quickstart_example() {
    let readme = read("README.md");
    let n = readme.lines().count();
    assert!(n <= 250, "README.md has {n} lines");
    let example = read("examples/quickstart.rs");
    assert!(
        readme.contains(example.trim_end()),
        "the README's game snippet differs from examples/quickstart.rs"
    );
}

#[test]
fn every_command_of_the_tour_runs_as_written() {
    let readme = read("README.md");
    let start = readme.find("<!-- tour -->").expect("a tour");
    let end = readme.find("<!-- /tour -->").expect("the tour's end");
    let commands: Vec<&str> = readme[start..end]
        .lines()
        .filter_map(|l| l.trim().strip_prefix("evoboard "))
        .collect();
    assert!(commands.len() >= 5, "{commands:?}");
    let dir = std::env::temp_dir().join(format!("evoboard-tour-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for c in &commands {
        let out = Command::new(env!("CARGO_BIN_EXE_evoboard"))
            .args(c.split_whitespace())
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "evoboard {c}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The relative link targets of a Markdown text (`](target)`, anchors cut).
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(j) = rest.find(')') else { break };
        let target = rest[..j].split('#').next().unwrap_or("").trim();
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            out.push(target.to_string());
        }
        rest = &rest[j..];
    }
    out
}

/// Every `README.md` under `dir`, at any depth.
fn readmes_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            readmes_under(&p, out);
        } else if p.file_name().is_some_and(|n| n == "README.md") {
            out.push(p);
        }
    }
}

#[test]
fn every_link_of_the_readme_and_docs_stays_inside_and_leads_somewhere() {
    let root = root();
    let mut files = vec![root.join("README.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "md") {
            files.push(p);
        }
    }
    // The crates' and the domains' READMEs (they moved with the crates).
    for dir in ["src", "crates"] {
        readmes_under(&root.join(dir), &mut files);
    }
    let inside = std::fs::canonicalize(&root).unwrap();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(
            !text.contains("shared/spec"),
            "{} points at shared/spec",
            f.display()
        );
        for l in links(&text) {
            let target = f.parent().unwrap_or(Path::new(".")).join(&l);
            let real = std::fs::canonicalize(&target)
                .unwrap_or_else(|_| panic!("{}: the link {l} leads nowhere", f.display()));
            assert!(real.starts_with(&inside), "{}: {l} is outside", f.display());
        }
    }
}
