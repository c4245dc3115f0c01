//! The import rules of the house (`docs/house.md`) that the compiler
//! cannot keep, because they hold inside one crate. Across crates the
//! compiler keeps them: `evoboard_core` has no Bevy and no plugin,
//! `bevy_evoboard` cannot name the binary's `cli` or `app`. Inside a
//! crate every `crate::…`, `evoboard_core::…`, `bevy_evoboard::…` and
//! `super::…` path is resolved to the module it names, by the file's place
//! under its crate's `src/`:
//!
//! - in `evoboard_core`, a domain (`boards`, `domino`, `dungeon`,
//!   `puzzle`, `export`, `search`) does not import `level`;
//! - in the binary, `cli` imports neither `app` nor the plugin nor Bevy;
//!   `app` does not import `cli`;
//! - one screen under `src/app/` imports no other (screens may import
//!   `app::shell` and the app root; the screens' tests in `src/app/tests`
//!   may name every screen);
//! - only the binary's root (`main.rs` and its test module
//!   `front_ends_agree.rs`) names both front ends.

use std::path::{Path, PathBuf};

const DOMAINS: [&str; 6] = ["boards", "domino", "dungeon", "puzzle", "export", "search"];

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under `src/` (`app/hex_boards/runner.rs` →
/// `[app, hex_boards, runner]`; a `mod.rs` is its folder).
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

/// The text without comments (`//` to the end of a line), line breaks kept.
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| l.split_once("//").map_or(l, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths named at `rest` (just after `root::`): one, or each item of
/// a `{…}` group (nested groups too), as segments (`app::shell::X` →
/// `[app, shell, X]`).
fn named(rest: &str) -> Vec<Vec<String>> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut items = vec![String::new()];
        for c in group.chars() {
            match c {
                '}' if depth == 0 => break,
                ',' if depth == 0 => {
                    items.push(String::new());
                    continue;
                }
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            items.last_mut().unwrap().push(c);
        }
        return items.iter().flat_map(|i| named(i)).collect();
    }
    let end = rest
        .find(|c: char| !(is_ident(c) || c == ':'))
        .unwrap_or(rest.len());
    let prefix: Vec<String> = rest[..end]
        .split("::")
        .take_while(|seg| !seg.is_empty())
        .map(String::from)
        .collect();
    if rest[..end].ends_with("::") && rest[end..].starts_with('{') {
        return named(&rest[end..])
            .into_iter()
            .map(|sub| prefix.iter().cloned().chain(sub).collect())
            .collect();
    }
    vec![prefix]
}

/// Every absolute module path (`[app, domino]`, `[bevy]`) a file names,
/// with its 1-based line.
fn imports(module: &[String], text: &str) -> Vec<(usize, Vec<String>)> {
    let code = code_only(text);
    let mut found = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let line_at = |i: usize| bytes[..i].iter().filter(|&&c| c == '\n').count() + 1;
    let mut i = 0;
    while i < bytes.len() {
        let boundary = i == 0 || !(is_ident(bytes[i - 1]) || bytes[i - 1] == ':');
        if !boundary || !is_ident(bytes[i]) {
            i += 1;
            continue;
        }
        let word: String = bytes[i..].iter().take_while(|&&c| is_ident(c)).collect();
        let mut j = i + word.len();
        let after: String = bytes[j..].iter().take(2).collect();
        if after != "::" {
            i = j;
            continue;
        }
        j += 2;
        let mut base: Vec<String> = match word.as_str() {
            "crate" | "evoboard_core" => Vec::new(),
            "bevy_evoboard" => {
                found.push((line_at(i), vec!["plugin".to_string()]));
                i = j;
                continue;
            }
            "super" => {
                let mut m = module.to_vec();
                m.pop();
                let mut k = j;
                while bytes[k..].iter().take(7).collect::<String>() == "super::" {
                    m.pop();
                    k += 7;
                }
                j = k;
                m
            }
            w if w == "bevy" || (w.starts_with("bevy_") && w != "bevy_reflect") => {
                found.push((line_at(i), vec!["bevy".to_string()]));
                i = j;
                continue;
            }
            _ => {
                i = j;
                continue;
            }
        };
        let rest: String = bytes[j..].iter().collect();
        for path in named(&rest) {
            let path: Vec<String> = path.into_iter().filter(|s| s != "self").collect();
            if path.is_empty() {
                continue;
            }
            let len = base.len();
            base.extend(path);
            found.push((line_at(i), base.clone()));
            base.truncate(len);
        }
        i = j;
    }
    found
}

/// What `module` may not name, or `None` when `target` is allowed.
fn broken_rule(module: &[String], target: &[String], screens: &[String]) -> Option<String> {
    let top = module.first().map(String::as_str).unwrap_or("");
    let to = target.first().map(String::as_str).unwrap_or("");
    let rule = match top {
        "cli" if to == "app" || to == "plugin" || to == "bevy" => {
            "cli imports neither app, plugin nor Bevy"
        }
        "app" if to == "cli" => "app does not import cli",
        "app" => {
            let own = module.get(1).filter(|s| screens.contains(s));
            let other = target.get(1).filter(|s| screens.contains(s));
            match (own, other) {
                (Some(a), Some(b)) if to == "app" && a != b => {
                    "a screen imports no other screen (only app::shell and the app root)"
                }
                _ => return None,
            }
        }
        t if DOMAINS.contains(&t) && to == "level" => "a domain does not import level",
        _ => return None,
    };
    Some(rule.to_string())
}

#[test]
fn no_import_runs_up_a_layer_and_screens_meet_only_in_the_shell() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let mut screens: Vec<String> = std::fs::read_dir(src.join("app"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
                .filter(|n| n != "shell" && n != "tests")
                .collect()
        })
        .unwrap_or_default();
    screens.sort();
    let mut broken = Vec::new();
    // The binary (`src/`) and the core crate, each from its own `src/`.
    for crate_src in [src.clone(), root.join("crates/evoboard_core/src")] {
        let mut files = Vec::new();
        sources(&crate_src, &mut files);
        files.sort();
        for file in &files {
            let rel = file.strip_prefix(&crate_src).unwrap();
            let module = module_of(rel);
            let text = std::fs::read_to_string(file).unwrap();
            for (line, target) in imports(&module, &text) {
                if let Some(rule) = broken_rule(&module, &target, &screens) {
                    broken.push(format!(
                        "{}:{line}: names {} ({rule})",
                        file.strip_prefix(root).unwrap().display(),
                        target.join("::")
                    ));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "imports against the house rules:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_checker_sees_each_kind_of_import() {
    let m = |s: &str| s.split('/').map(String::from).collect::<Vec<_>>();
    let screens = vec!["domino".to_string(), "dungeon".to_string()];
    let check = |module: &str, text: &str| -> Vec<String> {
        let module = m(module);
        imports(&module, text)
            .into_iter()
            .filter_map(|(_, t)| broken_rule(&module, &t, &screens))
            .collect()
    };
    assert_eq!(check("puzzle/editor", "use crate::level::Level;").len(), 1);
    assert_eq!(check("puzzle/editor", "use crate::{level, rng};").len(), 1);
    assert!(check("boards/hex", "// see crate::level").is_empty());
    assert!(check("boards/hex", "use crate::search::Search;").is_empty());
    assert_eq!(check("cli/domino/net", "crate::app::run(a)").len(), 1);
    assert_eq!(
        check("cli/domino/net", "use super::super::super::app;").len(),
        1
    );
    assert_eq!(check("app/args", "use evoboard_core::cli::catan;").len(), 1);
    assert_eq!(
        check("app/domino/hint", "use super::super::dungeon::X;").len(),
        1
    );
    assert_eq!(
        check("app/domino/hint", "use crate::app::dungeon::X;").len(),
        1
    );
    assert!(check("app/domino/hint", "use crate::app::shell::X;").is_empty());
    assert_eq!(
        check(
            "app/domino/hint",
            "use crate::app::{shell::X, dungeon::{Y, Z}};"
        )
        .len(),
        2
    );
    assert!(check("app/domino/hint", "use super::super::AppArgs;").is_empty());
    assert_eq!(check("cli/dungeon", "use bevy_evoboard::X;").len(), 1);
    assert!(check("app/dungeon", "use bevy_evoboard::X;").is_empty());
    assert!(check("level/build", "use crate::puzzle::Puzzle;").is_empty());
}
