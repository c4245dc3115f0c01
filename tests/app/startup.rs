//! Starting the app where no window can open ends with a clear message,
//! exit code 2 and no panic.

use crate::common::Display;
use std::process::Command;

fn start_without(envs: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_evoboard"));
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", std::env::temp_dir());
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_clear(code: i32, stderr: &str, what: &str) {
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains(what), "{stderr}");
    assert!(
        stderr.contains("apt-get install"),
        "names the packages: {stderr}"
    );
    assert!(
        stderr.contains("evoboard --help"),
        "points to the CLI: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "no panic: {stderr}");
}

#[test]
fn without_a_display_the_app_says_what_is_missing() {
    let (code, stderr) = start_without(&[]);
    assert_clear(code, &stderr, "no display");
    let (code, stderr) = start_without(&[("WAYLAND_DISPLAY", "wayland-0")]);
    assert_clear(code, &stderr, "X11");
    let (code, stderr) = start_without(&[("DISPLAY", ":4987")]);
    assert_clear(code, &stderr, "does not answer");
}

#[test]
fn without_a_graphics_driver_the_app_says_so() {
    let display = Display::start();
    let (code, stderr) = start_without(&[
        ("DISPLAY", display.name.as_str()),
        ("WGPU_BACKEND", "vulkan"),
        ("VK_ICD_FILENAMES", "/nonexistent/icd.json"),
        ("VK_DRIVER_FILES", "/nonexistent/icd.json"),
    ]);
    assert_clear(code, &stderr, "no Vulkan or OpenGL driver");
}
