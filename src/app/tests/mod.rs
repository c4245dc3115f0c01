//! The screens' headless ECS tests (one module per screen): the plugin's
//! logic systems stepped by hand in an app without a window. The real app
//! in a window is tested from `tests/app/`, through the binary.
// Tests may unwrap: a failure is the report (the lint table exempts tests).
#![allow(clippy::unwrap_used)]

pub(crate) mod common;
mod design;
mod domino;
mod domino_net;
mod domino_people;
mod dungeon;
mod dungeon_gm;
mod hex;
mod puzzle;
mod puzzle_editor;
mod runs;
pub(crate) mod shared;
