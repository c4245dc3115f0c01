//! `evoboard completions SHELL` and `evoboard man`: made from the command
//! line's definition, so every sub-command and flag is in them.

use std::process::Command;

/// What the command printed (it must succeed).
fn run(args: &[&str]) -> String {
    super::human_output::plain(args)
}

#[test]
fn completions_for_each_shell_name_the_sub_commands_and_their_flags() {
    let bash = run(&["completions", "bash"]);
    assert!(
        bash.contains("_evoboard()"),
        "{}",
        &bash[..200.min(bash.len())]
    );
    for word in [
        "generate",
        "dungeon",
        "domino",
        "puzzle",
        "--harbour-rule",
        "--records",
    ] {
        assert!(bash.contains(word), "bash completion lacks {word}");
    }
    let zsh = run(&["completions", "zsh"]);
    assert!(
        zsh.starts_with("#compdef evoboard"),
        "{}",
        &zsh[..80.min(zsh.len())]
    );
    let fish = run(&["completions", "fish"]);
    assert!(fish.contains("complete -c evoboard"), "fish");
    let refused = Command::new(env!("CARGO_BIN_EXE_evoboard"))
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("bash") && err.contains("zsh"), "{err}");
}

#[test]
fn the_man_page_is_roff_with_every_sub_command() {
    let man = run(&["man"]);
    assert!(
        man.starts_with(".ie") || man.starts_with(".TH"),
        "{}",
        &man[..80.min(man.len())]
    );
    assert!(man.contains(".TH evoboard 1"), "no title header");
    for sub in [
        "generate", "evaluate", "export", "bench", "puzzle", "dungeon", "domino",
    ] {
        assert!(man.contains(sub), "the man page lacks {sub}");
    }
}
