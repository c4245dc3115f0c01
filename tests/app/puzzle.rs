//! The puzzle screen (tests follow with the screen).
