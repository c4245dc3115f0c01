//! The pacing properties a game master can check at a glance (issue 29):
//! how many rooms the main path passes, whether challenge rises along it
//! to the final room, whether an unguarded side room out-rewards the
//! final room, and how spread the enemy kinds are.

use serde::{Deserialize, Serialize};

/// What [`crate::dungeon::Dungeon::pacing_checks`] measures.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PacingChecks {
    /// Rooms on the main path, entrance and final room included.
    pub main_path_rooms: usize,
    /// Challenge never falls from one fight to the next along the main
    /// path (rooms without enemies are rests between fights).
    pub rising: bool,
    /// A fight in one of the first two rooms after the entrance (or no
    /// room between the entrance and the final room).
    #[serde(default)]
    pub first_fight_early: bool,
    /// The step up to the final room's challenge is the largest step of
    /// the main path's fights (the first step counted from nothing).
    #[serde(default)]
    pub boss_step_largest: bool,
    /// No other room holds as much reward as the final room.
    #[serde(default)]
    pub final_reward_best: bool,
    /// The final room's challenge is the highest of the dungeon.
    pub final_is_peak: bool,
    /// No side room without enemies holds as much reward as the final
    /// room: each holds strictly less (so when the final room holds no
    /// treasure, any side room without enemies breaks it, even an empty
    /// one).
    pub unguarded_side_below_final: bool,
    /// Rooms with enemies.
    pub enemy_rooms: usize,
    /// Most rooms any one enemy kind appears in.
    pub most_rooms_of_one_kind: usize,
    /// The most rooms one kind may fill: a quarter of `enemy_rooms`, at
    /// least one (issue 29).
    #[serde(default)]
    pub kind_cap: usize,
    /// `most_rooms_of_one_kind <= kind_cap`: no enemy kind fills more than
    /// a quarter of the enemy rooms (guaranteed by the stocking step for
    /// tables with enough kinds).
    #[serde(default)]
    pub kinds_within_cap: bool,
}

impl crate::dungeon::Dungeon {
    /// The pacing properties of the stocked dungeon (see [`PacingChecks`]).
    ///
    /// ```
    /// use evoboard_core::dungeon::{generate_proposal, DungeonParams, Size};
    /// let d = generate_proposal(&DungeonParams::for_size(Size::Medium), 3, 0).unwrap();
    /// let c = d.pacing_checks();
    /// assert!(c.rising && c.final_is_peak && c.unguarded_side_below_final);
    /// assert!(c.kinds_within_cap && c.most_rooms_of_one_kind <= c.kind_cap);
    /// ```
    pub fn pacing_checks(&self) -> PacingChecks {
        let main = &self.pacing.main_path;
        let fin = main.last();
        let final_reward = fin.map_or(0, |s| s.reward);
        let peak = fin.map_or(0, |s| s.challenge);
        let mut kinds: std::collections::HashMap<&str, usize> = Default::default();
        for r in &self.rooms {
            let mut seen: Vec<&str> = r.enemy_kinds.iter().map(String::as_str).collect();
            seen.sort_unstable();
            seen.dedup();
            for k in seen {
                *kinds.entry(k).or_default() += 1;
            }
        }
        let enemy_rooms = self
            .rooms
            .iter()
            .filter(|r| !r.enemy_kinds.is_empty())
            .count();
        let most = kinds.values().copied().max().unwrap_or(0);
        let kind_cap = super::pacing::kind_cap(enemy_rooms);
        let fights: Vec<u32> = main
            .iter()
            .map(|s| s.challenge)
            .filter(|&c| c > 0)
            .collect();
        let steps: Vec<i64> = std::iter::once(0)
            .chain(fights.iter().copied())
            .collect::<Vec<u32>>()
            .windows(2)
            .map(|w| i64::from(w[1]) - i64::from(w[0]))
            .collect();
        let boss_step = if fin.is_some_and(|s| s.challenge > 0) {
            steps.last().copied()
        } else {
            None
        };
        let early = main.len() <= 2
            || fights.is_empty()
            || main.iter().skip(1).take(2).any(|s| s.challenge > 0);
        PacingChecks {
            main_path_rooms: main.len(),
            rising: fights.windows(2).all(|w| w[1] >= w[0]),
            first_fight_early: early,
            boss_step_largest: boss_step.is_none_or(|b| steps.iter().all(|&s| s <= b)),
            final_reward_best: final_reward == 0
                || self
                    .rooms
                    .iter()
                    .enumerate()
                    .all(|(i, r)| fin.is_some_and(|f| f.room == i) || r.reward < final_reward),
            final_is_peak: self.rooms.iter().all(|r| r.challenge <= peak),
            unguarded_side_below_final: self
                .pacing
                .side_rooms
                .iter()
                .all(|s| s.challenge > 0 || s.reward < final_reward),
            enemy_rooms,
            most_rooms_of_one_kind: most,
            kind_cap,
            kinds_within_cap: most <= kind_cap,
        }
    }
}
