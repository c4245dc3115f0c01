//! The game master's choice of entrance and final room, and re-stocking a
//! dungeon on the same grid (after a table change or moved rooms).

use super::keys::MAX_KEYS;
use super::stocking::stock;
use crate::dungeon::contents_ga::{ContentsGoal, ContentsSearch};
use crate::dungeon::{Dungeon, DungeonError, DungeonParams, Room, metrics};
use crate::rng::derive_seed;
use crate::search::Search;

/// The contents GA's random stream (as in stage two).
const CONTENTS_STREAM: u64 = 2;

impl Dungeon {
    /// Make room `entrance` the entrance and room `final_room` the final
    /// room (letters, either case), then re-run the contents GA, stocking,
    /// pacing and keys around that choice on the same grid
    /// ([`Dungeon::restock`]). An unknown letter or the same room for
    /// both is refused with the letters allowed.
    ///
    /// ```
    /// use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let params = DungeonParams::for_size(Size::Small);
    /// let mut d = generate_proposal(&params, 7, 0).unwrap();
    /// d.choose_ends('b', 'A', &params).unwrap();
    /// assert_eq!((d.entrance, d.final_room), (1, 0));
    /// assert_eq!(d.pacing.main_path.last().map(|s| s.room), Some(0));
    /// assert!(d.choose_ends('A', 'A', &params).unwrap_err().to_string().contains("allowed"));
    /// ```
    pub fn choose_ends(
        &mut self,
        entrance: char,
        final_room: char,
        params: &DungeonParams,
    ) -> Result<(), DungeonError> {
        let (e, f) = (self.index_of(entrance)?, self.index_of(final_room)?);
        if e == f {
            return Err(DungeonError::SameEnds {
                letter: self.rooms[e].letter,
                allowed: self.letter_list(),
            });
        }
        if params.keys > MAX_KEYS {
            return Err(DungeonError::TooManyKeys { keys: params.keys });
        }
        if let Some(t) = &params.contents {
            t.check()?;
        }
        self.entrance = e;
        self.final_room = f;
        self.restock(params);
        Ok(())
    }

    /// Re-run the contents GA (flags from `params`' percentages, seeded
    /// from `self.seed` as stage two is), stocking, pacing and keys with
    /// the same entrance and final room. When they no longer name two
    /// different rooms (rooms were deleted), the two rooms farthest apart
    /// on foot are taken again. On a freshly generated dungeon with the
    /// same `params` this gives the same dungeon back. Keys beyond
    /// [`MAX_KEYS`] are capped; a table that fails its checks falls back
    /// to the shipped one.
    pub fn restock(&mut self, params: &DungeonParams) {
        let n = self.rooms.len();
        if !(2..=32).contains(&n) {
            return;
        }
        let rects: Vec<Room> = self.rooms.iter().map(|r| r.rect()).collect();
        if self.entrance >= n || self.final_room >= n || self.entrance == self.final_room {
            let dist = metrics::room_distances(&self.grid, &rects);
            let (e, f) = metrics::entrance_and_final(&dist, &rects, self.width(), self.height());
            (self.entrance, self.final_room) = (e, f);
        }
        let goal = ContentsGoal::new(
            n,
            params.enemies_pct.min(100),
            params.treasure_pct.min(100),
            self.entrance,
            self.final_room,
        );
        let mut ga = params.ga;
        ga.population = ga.population.max(2);
        let mut search = ContentsSearch::new(goal, ga, derive_seed(self.seed, CONTENTS_STREAM));
        for _ in 0..ga.generations {
            search.step();
        }
        let flags = *search.best().0;
        let (table, themed) = super::theme::stocking_source(params, self.seed);
        stock(self, flags, &goal, &table, params.keys, themed);
    }
}
