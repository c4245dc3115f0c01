//! The pieces of a [`DungeonReport`](super::DungeonReport): rooms,
//! pacing steps, locks, traps, secret doors, the adventure and the
//! one-line summary of each proposal.

use super::super::{
    Adventure, Dungeon, DungeonRoom, Lock, Metrics, PacingChecks, PacingStep, SecretNote, TrapNote,
    WanderingMonster,
};
use serde::Serialize;

/// One lettered room: where it is, what is in it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoomReport {
    /// The room's letter on the map (`"A"`).
    pub id: char,
    /// Column of the top-left floor cell.
    pub x: u16,
    /// Row of the top-left floor cell.
    pub y: u16,
    /// Floor width in cells.
    pub w: u16,
    /// Floor height in cells.
    pub h: u16,
    /// Whether enemies wait here.
    pub enemies: bool,
    /// Whether treasure lies here.
    pub treasure: bool,
    /// What the room is for (`"barracks"`).
    pub purpose: String,
    /// The paragraph the game master reads out.
    pub description: String,
    /// How the room is lit: `"dark"`, `"dim"` or `"bright"`.
    pub lighting: &'static str,
    /// Names of the enemy kinds here.
    pub enemy_kinds: Vec<String>,
    /// How many of each of `enemy_kinds` (same order).
    pub enemy_counts: Vec<u32>,
    /// Names of the treasure kinds here.
    pub treasure_kinds: Vec<String>,
    /// Total challenge of the enemies (0 = safe).
    pub challenge: u32,
    /// Total value of the treasure (0 = none).
    pub reward: u32,
}

impl From<&DungeonRoom> for RoomReport {
    fn from(r: &DungeonRoom) -> RoomReport {
        RoomReport {
            id: r.letter,
            x: r.x,
            y: r.y,
            w: r.w,
            h: r.h,
            enemies: r.enemies,
            treasure: r.treasure,
            purpose: r.purpose.clone(),
            description: r.description.clone(),
            lighting: r.lighting.name(),
            enemy_kinds: r.enemy_kinds.clone(),
            enemy_counts: r.enemy_counts.clone(),
            treasure_kinds: r.treasure_kinds.clone(),
            challenge: r.challenge,
            reward: r.reward,
        }
    }
}

/// One room on the route with its danger and reward.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PacingStepReport {
    /// The room's letter.
    pub room: char,
    /// Total challenge of its enemies.
    pub challenge: u32,
    /// Total value of its treasure.
    pub reward: u32,
    /// Main path: the room's position on it (0 = entrance). Side rooms:
    /// the position of the main-path room their branch leaves from.
    pub depth: usize,
}

impl PacingStepReport {
    fn new(d: &Dungeon, s: &PacingStep) -> PacingStepReport {
        PacingStepReport {
            room: d.room_letter(s.room),
            challenge: s.challenge,
            reward: s.reward,
            depth: s.depth,
        }
    }
}

/// How danger and reward follow the route, and the checks on it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PacingReport {
    /// The rooms from the entrance to the final room, in order.
    pub main_path: Vec<PacingStepReport>,
    /// The rooms off the main path.
    pub side_rooms: Vec<PacingStepReport>,
    /// The pacing rules and whether the dungeon keeps them
    /// ([`Dungeon::pacing_checks`]).
    pub checks: PacingChecks,
}

impl PacingReport {
    /// The pacing of `d`.
    pub fn new(d: &Dungeon) -> PacingReport {
        let steps = |list: &[PacingStep]| {
            list.iter()
                .map(|s| PacingStepReport::new(d, s))
                .collect::<Vec<_>>()
        };
        PacingReport {
            main_path: steps(&d.pacing.main_path),
            side_rooms: steps(&d.pacing.side_rooms),
            checks: d.pacing_checks(),
        }
    }
}

/// A locked door and the room that holds its key.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LockReport {
    /// The door cell, `[x, y]`.
    pub door: [u16; 2],
    /// The letter of the room that holds the key.
    pub key_room: char,
}

impl LockReport {
    /// `l` of dungeon `d`.
    pub fn new(d: &Dungeon, l: &Lock) -> LockReport {
        LockReport {
            door: [l.door.0, l.door.1],
            key_room: d.room_letter(l.key_room),
        }
    }
}

/// A trap in a corridor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrapReport {
    /// The trap's cell, `[x, y]`.
    pub cell: [u16; 2],
    /// The trap's name.
    pub name: String,
    /// What it does when sprung.
    pub effect: String,
    /// How to find it.
    pub find: String,
    /// How to disarm it.
    pub disarm: String,
    /// Whether it lies on the way from the entrance to the final room.
    pub on_main_path: bool,
}

impl From<&TrapNote> for TrapReport {
    fn from(t: &TrapNote) -> TrapReport {
        TrapReport {
            cell: [t.cell.0, t.cell.1],
            name: t.kind.name.clone(),
            effect: t.kind.effect.clone(),
            find: t.kind.find.clone(),
            disarm: t.kind.disarm.clone(),
            on_main_path: t.on_main_path,
        }
    }
}

/// A secret door and how to find it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SecretDoorReport {
    /// The door cell, `[x, y]`.
    pub door: [u16; 2],
    /// The hint that gives it away.
    pub find: String,
}

impl From<&SecretNote> for SecretDoorReport {
    fn from(s: &SecretNote) -> SecretDoorReport {
        SecretDoorReport {
            door: [s.door.0, s.door.1],
            find: s.find.clone(),
        }
    }
}

/// One line of the wandering-monster table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WanderingReport {
    /// The rolls it covers, `[from, to]`.
    pub roll: [u8; 2],
    /// What the party meets.
    pub text: String,
}

impl From<&WanderingMonster> for WanderingReport {
    fn from(w: &WanderingMonster) -> WanderingReport {
        WanderingReport {
            roll: [w.roll.0, w.roll.1],
            text: w.text.clone(),
        }
    }
}

/// The adventure around the map.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AdventureReport {
    /// The theme's name (`"crypt"`).
    pub theme: String,
    /// The adventure's title.
    pub title: String,
    /// The hook that brings the party here.
    pub hook: String,
    /// The party's character level.
    pub party_level: u8,
    /// How many characters the party has.
    pub party_size: u8,
    /// The die the wandering-monster table is rolled on (0: no table).
    pub wandering_die: u8,
    /// The wandering-monster table.
    pub wandering: Vec<WanderingReport>,
}

impl From<&Adventure> for AdventureReport {
    fn from(a: &Adventure) -> AdventureReport {
        AdventureReport {
            theme: a.theme.clone(),
            title: a.title.clone(),
            hook: a.hook.clone(),
            party_level: a.party_level,
            party_size: a.party_size,
            wandering_die: a.wandering_die(),
            wandering: a.wandering.iter().map(WanderingReport::from).collect(),
        }
    }
}

/// One proposal of a run in a line: its fitness, ends and figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProposalReport {
    /// Layout fitness.
    pub fitness: f64,
    /// Contents fitness.
    pub contents_fitness: f64,
    /// The entrance room's letter.
    pub entrance: char,
    /// The final room's letter.
    pub final_room: char,
    /// Quality figures.
    pub metrics: Metrics,
}

impl From<&Dungeon> for ProposalReport {
    fn from(d: &Dungeon) -> ProposalReport {
        ProposalReport {
            fitness: d.fitness,
            contents_fitness: d.contents_fitness,
            entrance: d.room_letter(d.entrance),
            final_room: d.room_letter(d.final_room),
            metrics: d.metrics.clone(),
        }
    }
}
