//! The dungeon screen (tests follow with the screen).
