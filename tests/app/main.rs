//! The real app in a window under Xvfb with Mesa's software Vulkan (the
//! binary, as a person starts it). The screens' headless ECS tests are unit
//! tests of the binary, in `src/app/tests/` (the app is not library API).
// Tests may unwrap: a failure is the report (the lint table exempts tests).
#![allow(clippy::unwrap_used)]
#![cfg(feature = "app")]

mod common;
mod design;
mod domino;
mod dungeon;
mod dungeon_gm;
mod hex;
mod puzzle;
mod puzzle_editor;
#[path = "../../src/app/tests/shared.rs"]
mod shared;
mod startup;
