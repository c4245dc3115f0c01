//! The classic text rendering: `w` walls, `/` doors, `c` corridors, room
//! letters on the floors (and `s` secret doors, `t` traps when asked for),
//! with the legend "ROOM A - Has enemies and treasure".

use super::Dungeon;
use super::grid::DungeonTile;

impl Dungeon {
    /// The map as text, one line per row, floors shown as room letters.
    pub fn text_map(&self) -> String {
        let (w, h) = (self.width(), self.height());
        let mut letters = vec![None; w * h];
        for r in &self.rooms {
            let rect = r.rect();
            // Clipped to the grid (a hand-edited file may disagree).
            for y in rect.top()..rect.bottom().min(h) {
                for x in rect.left()..rect.right().min(w) {
                    letters[y * w + x] = Some(r.letter);
                }
            }
        }
        let mut out = String::with_capacity((w + 1) * h);
        for y in 0..h {
            for x in 0..w {
                let c = self.grid.get(x, y);
                out.push(match (c, letters[y * w + x]) {
                    (DungeonTile::Floor, Some(l)) => l,
                    _ => c.symbol(),
                });
            }
            out.push('\n');
        }
        out
    }

    /// One legend line per room: "ROOM A - Has enemies and treasure".
    pub fn legend(&self) -> Vec<String> {
        self.rooms
            .iter()
            .map(|r| format!("ROOM {} - {}", r.letter, r.contents()))
            .collect()
    }

    /// "Entrance: ROOM A, final room: ROOM F" (`?` for an index that
    /// names no room, as a hand-edited file may have).
    pub fn route(&self) -> String {
        let letter = |i: usize| self.rooms.get(i).map_or('?', |r| r.letter);
        format!(
            "Entrance: ROOM {}, final room: ROOM {}",
            letter(self.entrance),
            letter(self.final_room)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Dungeon, DungeonRoom, Grid, Metrics};

    fn tiny() -> Dungeon {
        // Two rooms joined by a corridor with a door at each end.
        let rows = [
            "           ",
            " wwww      ",
            " w..w  wwww",
            " w../cc/..w",
            " wwww  w..w",
            "       wwww",
            "           ",
        ];
        let g = Grid::from_rows(&rows).unwrap();
        Dungeon {
            grid: g,
            rooms: vec![
                DungeonRoom {
                    letter: 'A',
                    x: 2,
                    y: 2,
                    w: 2,
                    h: 2,
                    enemies: true,
                    treasure: true,
                    ..Default::default()
                },
                DungeonRoom {
                    letter: 'B',
                    x: 8,
                    y: 3,
                    w: 2,
                    h: 2,
                    enemies: false,
                    treasure: false,
                    ..Default::default()
                },
            ],
            entrance: 0,
            final_room: 1,
            fitness: 1.0,
            contents_fitness: 1.0,
            metrics: Metrics::default(),
            seed: 0,
            pacing: Default::default(),
            locks: Vec::new(),
            style: Default::default(),
            corridor_width: 1,
            traps: Vec::new(),
            secret_doors: Vec::new(),
            adventure: Default::default(),
        }
    }

    #[test]
    fn classic_text_rendering() {
        let d = tiny();
        let text = d.text_map();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], " wAAw  wwww");
        assert_eq!(lines[3], " wAA/cc/BBw");
        assert_eq!(lines[4], " wwww  wBBw");
        assert_eq!(lines.len(), 7);
        assert_eq!(
            d.legend(),
            vec!["ROOM A - Has enemies and treasure", "ROOM B - Empty"]
        );
        assert_eq!(d.route(), "Entrance: ROOM A, final room: ROOM B");
    }
}
