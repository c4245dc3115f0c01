//! One status line for every screen: the outcome of the last command
//! (information, success or error) and one way to draw it.

use crate::app::Screen;
use bevy_egui::egui;

/// What kind of message a [`StatusLine`] holds (its colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusKind {
    /// Something under way ("writing …", "loading …").
    Info,
    /// Something done.
    Ok,
    /// Something refused or failed; the text says why.
    Error,
}

/// The last message of a screen, box or job (empty: nothing to say).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatusLine(Option<(StatusKind, String)>);

impl StatusLine {
    /// A message of `kind`.
    pub fn new(kind: StatusKind, text: impl Into<String>) -> Self {
        StatusLine(Some((kind, text.into())))
    }

    /// Something under way.
    pub fn info(text: impl Into<String>) -> Self {
        Self::new(StatusKind::Info, text)
    }

    /// Something done.
    pub fn ok(text: impl Into<String>) -> Self {
        Self::new(StatusKind::Ok, text)
    }

    /// Something refused or failed.
    pub fn error(text: impl Into<String>) -> Self {
        Self::new(StatusKind::Error, text)
    }

    /// `Ok(text)` as done, `Err(text)` as an error.
    pub fn from_result(r: Result<String, String>) -> Self {
        match r {
            Ok(t) => Self::ok(t),
            Err(e) => Self::error(e),
        }
    }

    /// Say nothing.
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// The message, leaving the line empty.
    pub fn take(&mut self) -> StatusLine {
        StatusLine(self.0.take())
    }

    /// The kind, if there is a message.
    pub fn kind(&self) -> Option<StatusKind> {
        self.0.as_ref().map(|m| m.0)
    }

    /// The text, if there is a message.
    pub fn text(&self) -> Option<&str> {
        self.0.as_ref().map(|m| m.1.as_str())
    }

    /// Whether there is no message.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// Whether the message says something was done.
    #[cfg(test)]
    pub fn is_ok(&self) -> bool {
        self.kind() == Some(StatusKind::Ok)
    }

    /// Whether the message is an error.
    pub fn is_error(&self) -> bool {
        self.kind() == Some(StatusKind::Error)
    }

    /// The colour of a kind: neutral, green or red.
    pub fn colour(kind: StatusKind) -> egui::Color32 {
        match kind {
            StatusKind::Info => egui::Color32::LIGHT_GRAY,
            StatusKind::Ok => egui::Color32::LIGHT_GREEN,
            StatusKind::Error => egui::Color32::LIGHT_RED,
        }
    }

    /// Draw the message (nothing when empty); true if something was drawn.
    pub fn show(&self, ui: &mut egui::Ui) -> bool {
        match &self.0 {
            Some((kind, text)) => {
                ui.colored_label(Self::colour(*kind), text);
                true
            }
            None => false,
        }
    }
}

impl std::fmt::Display for StatusLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text().unwrap_or(""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_take() {
        let mut s = StatusLine::from_result(Err("no".into()));
        assert!(s.is_error() && !s.is_ok());
        assert_eq!(s.text(), Some("no"));
        let t = s.take();
        assert!(s.is_empty());
        assert_eq!(t.to_string(), "no");
        s = StatusLine::ok("saved");
        assert!(s.is_ok());
        s.clear();
        assert_eq!(s.kind(), None);
        assert_eq!(StatusLine::info("x").kind(), Some(StatusKind::Info));
    }
}

/// Every screen's status, in one resource: what the screen's run or game
/// last did (a refused setting, a crashed search, a network refusal, a
/// level that did not load), indexed by [`Screen`]. Each screen draws its
/// own line in its panel; a form's answer to its own button (the save box,
/// an export box, the records, the puzzle editor, the dungeon designer)
/// stays under that form as a [`StatusLine`] of its own.
///
/// ```ignore
/// fn refuse(mut status: ResMut<ScreenStatus>) {
///     status[Screen::Dungeon] = StatusLine::error("population must be 2 to 500");
/// }
/// ```
#[derive(bevy::prelude::Resource, Debug, Default)]
pub struct ScreenStatus([StatusLine; Screen::ALL.len()]);

impl ScreenStatus {
    fn slot(screen: Screen) -> usize {
        Screen::ALL
            .iter()
            .position(|&s| s == screen)
            .expect("every screen is in Screen::ALL")
    }
}

impl std::ops::Index<Screen> for ScreenStatus {
    type Output = StatusLine;
    fn index(&self, screen: Screen) -> &StatusLine {
        &self.0[Self::slot(screen)]
    }
}

impl std::ops::IndexMut<Screen> for ScreenStatus {
    fn index_mut(&mut self, screen: Screen) -> &mut StatusLine {
        &mut self.0[Self::slot(screen)]
    }
}
