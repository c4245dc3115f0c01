//! The Bevy layer, one test binary (each binary links Bevy): headless ECS
//! tests per screen and the real app in a window under Xvfb with Mesa's
//! software Vulkan.
// Tests may unwrap: a failure is the report (the lint table exempts tests).
#![allow(clippy::unwrap_used)]
#![cfg(feature = "app")]

mod common;
mod design;
mod domino;
mod domino_people;
mod dungeon;
mod dungeon_gm;
mod hex;
mod levels;
mod puzzle;
mod puzzle_editor;
mod runs;
mod startup;
