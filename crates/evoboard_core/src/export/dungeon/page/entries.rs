//! The room key as blocks of lines for the page.

use super::Book;
use super::flow::{Block, Line};
use crate::export::dungeon::key::KeyText;
use std::fmt::Write;

impl Book<'_> {
    /// The key as blocks of lines `cw` points wide at `size` points.
    pub(super) fn key_blocks(&self, key: &KeyText, cw: f64, size: f64) -> Vec<Block> {
        let f = self.fonts;
        let d = self.d;
        let text = |s: &str, indent: f64| -> Vec<Line> {
            f.wrap(s, cw - indent, size)
                .into_iter()
                .map(|text| Line::Text { text, indent, size })
                .collect()
        };
        let heading = |s: &str| Line::Heading {
            text: s.to_string(),
            size: size * 1.15,
        };
        let mut blocks = Vec::new();
        let letter = |k: usize| d.room_letter(k);
        let mut intro = format!(
            "Entrance: room {}. Final room: room {}.",
            letter(d.entrance),
            letter(d.final_room)
        );
        if !key.main_path.is_empty() {
            let path: Vec<String> = key.main_path.iter().map(char::to_string).collect();
            let _ = write!(intro, " Main path: {}.", path.join(" → "));
        }
        intro.push_str(" One square is 5 ft.");
        blocks.push(Block {
            lines: text(&intro, 0.0),
            keep: 1,
        });
        let hang = size * 0.8;
        for (title, notes) in [("Traps", &key.traps), ("Secret doors", &key.secret_doors)] {
            for (i, (head, rest)) in notes.iter().enumerate() {
                let mut lines = Vec::new();
                if i == 0 {
                    lines.extend([Line::Gap(size * 0.4), heading(title)]);
                }
                let mut body = text(&format!("{head} {rest}"), 0.0);
                // Hanging indent: the note's later lines set in.
                if body.len() > 1 {
                    let rest: String = body[1..]
                        .iter()
                        .filter_map(|l| match l {
                            Line::Text { text, .. } => Some(text.as_str()),
                            _ => None,
                        })
                        .collect::<Vec<_>>()
                        .join(" ");
                    body.truncate(1);
                    body.extend(text(&rest, hang));
                }
                let keep = lines.len() + 1;
                lines.extend(body);
                lines.push(Line::Gap(size * 0.25));
                blocks.push(Block { lines, keep });
            }
        }
        for (i, r) in key.rooms.iter().enumerate() {
            let mut lines = Vec::new();
            if i == 0 {
                lines.extend([Line::Gap(size * 0.4), heading("Rooms")]);
            }
            let mut head = r.purpose.clone();
            if let Some(first) = head.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            for role in &r.roles {
                let _ = write!(head, " · {role}");
            }
            let disc = size * 1.24 + size * 0.4;
            let mut heads = f.wrap(&head, cw - disc, size).into_iter();
            lines.push(Line::Room {
                letter: r.letter,
                text: heads.next().unwrap_or_default(),
                size,
            });
            for more in heads {
                lines.push(Line::Text {
                    text: more,
                    indent: disc,
                    size,
                });
            }
            let keep = lines.len() + 1;
            if !r.description.is_empty() {
                lines.extend(text(&r.description, 0.0));
            }
            // The description gives the size and light; the rest are the
            // GM's facts in short.
            let mut facts = String::new();
            if r.description.is_empty() {
                let area = r.size.split(" (").next().unwrap_or(&r.size);
                let _ = write!(facts, "{area}, {}. ", r.lighting);
            }
            if r.enemies != "none" {
                let _ = write!(facts, "Enemies: {}. ", r.enemies);
            }
            if r.treasure != "none" {
                let _ = write!(facts, "Treasure: {}. ", r.treasure);
            }
            // The description names every way out and the map shows the
            // doors: with a description only the locked and secret doors
            // are listed, with their cells.
            let told = !r.description.is_empty();
            let exits: Vec<String> = r
                .exits
                .iter()
                .filter(|e| !told || e.kind != "door")
                .map(|e| {
                    let to = e.to.replace("room ", "");
                    match e.kind {
                        "door" => format!("{} to {to} ({})", e.side, e.cells),
                        kind if told => {
                            let kind = kind.trim_end_matches(" door");
                            format!("{} to {to} ({}, {kind})", e.side, e.cells)
                        }
                        kind => format!("{} to {to} ({kind} {})", e.side, e.cells),
                    }
                })
                .collect();
            match (exits.is_empty(), told) {
                (true, false) => facts.push_str("No exits."),
                (true, true) => {}
                (false, false) => {
                    let _ = write!(facts, "Exits: {}.", exits.join("; "));
                }
                (false, true) => {
                    let _ = write!(facts, "Locked and secret doors: {}.", exits.join("; "));
                }
            }
            let facts = facts.trim_end();
            if !facts.is_empty() {
                lines.extend(text(facts, 0.0));
            }
            lines.push(Line::Gap(size * 0.5));
            blocks.push(Block { lines, keep });
        }
        let a = &d.adventure;
        if !a.wandering.is_empty() {
            let die = a.wandering_die();
            let rolls: Vec<String> = a
                .wandering
                .iter()
                .map(|w| {
                    if w.roll.0 == w.roll.1 {
                        w.roll.0.to_string()
                    } else {
                        format!("{}–{}", w.roll.0, w.roll.1)
                    }
                })
                .collect();
            let col = rolls.iter().map(|r| f.width(r, size)).fold(0.0, f64::max) + size * 0.8;
            for (i, (w, roll)) in a.wandering.iter().zip(&rolls).enumerate() {
                let mut lines = Vec::new();
                if i == 0 {
                    lines.extend([
                        Line::Gap(size * 0.4),
                        heading(&format!("Wandering monsters (d{die})")),
                    ]);
                }
                let keep = lines.len() + 1;
                let mut row = text(&w.text, col);
                if let Some(Line::Text { text, .. }) = row.first() {
                    // The roll in the first line's margin.
                    row[0] = Line::Row {
                        roll: roll.clone(),
                        text: text.clone(),
                        indent: col,
                        size,
                    };
                }
                lines.extend(row);
                lines.push(Line::Gap(size * 0.2));
                blocks.push(Block { lines, keep });
            }
        }
        blocks
    }
}
