//! The domino screen (tests follow with the screen).
