//! The JSON of one dungeon: the keys of `shared/spec/cli.md` and the
//! game master's additions (stocking, pacing, locks, style).

use crate::dungeon::{Dungeon, PacingStep};
use serde_json::{Value, json};

/// The JSON description of one dungeon (the keys of `shared/spec/cli.md`
/// plus `entrance`, `final_room`, `contents_fitness`, `metrics`).
pub fn dungeon_json(d: &Dungeon) -> Value {
    let rooms: Vec<Value> = d
        .rooms
        .iter()
        .map(|r| {
            json!({
                "id": r.letter.to_string(),
                "x": r.x, "y": r.y, "w": r.w, "h": r.h,
                "enemies": r.enemies, "treasure": r.treasure,
                "purpose": r.purpose,
                "description": r.description,
                "lighting": r.lighting.name(),
                "enemy_kinds": r.enemy_kinds,
                "enemy_counts": r.enemy_counts,
                "treasure_kinds": r.treasure_kinds,
                "challenge": r.challenge,
                "reward": r.reward,
            })
        })
        .collect();
    let letter = |i: usize| {
        d.rooms
            .get(i)
            .map_or("?".to_string(), |r| r.letter.to_string())
    };
    let steps = |steps: &[PacingStep]| -> Vec<Value> {
        steps
            .iter()
            .map(|s| {
                json!({
                    "room": letter(s.room),
                    "challenge": s.challenge,
                    "reward": s.reward,
                    "depth": s.depth,
                })
            })
            .collect()
    };
    let locks: Vec<Value> = d
        .locks
        .iter()
        .map(|l| json!({"door": [l.door.0, l.door.1], "key_room": letter(l.key_room)}))
        .collect();
    json!({
        "width": d.width(),
        "height": d.height(),
        "fitness": d.fitness,
        "contents_fitness": d.contents_fitness,
        "rooms": rooms,
        "grid": d.grid.rows(),
        "entrance": d.rooms[d.entrance].letter.to_string(),
        "final_room": d.rooms[d.final_room].letter.to_string(),
        "metrics": d.metrics,
        "seed": d.seed,
        "pacing": {
            "main_path": steps(&d.pacing.main_path),
            "side_rooms": steps(&d.pacing.side_rooms),
            "checks": d.pacing_checks(),
        },
        "locks": locks,
        "secret_doors_placed": d.metrics.secret_doors,
        "traps": d.traps.iter().map(|t| json!({
            "cell": [t.cell.0, t.cell.1],
            "name": t.kind.name,
            "effect": t.kind.effect,
            "find": t.kind.find,
            "disarm": t.kind.disarm,
            "on_main_path": t.on_main_path,
        })).collect::<Vec<Value>>(),
        "secret_doors": d.secret_doors.iter().map(|s| json!({
            "door": [s.door.0, s.door.1],
            "find": s.find,
        })).collect::<Vec<Value>>(),
        "style": d.style.name(),
        "corridor_width": d.corridor_width,
        "adventure": {
            "theme": d.adventure.theme,
            "title": d.adventure.title,
            "hook": d.adventure.hook,
            "party_level": d.adventure.party_level,
            "party_size": d.adventure.party_size,
            "wandering_die": d.adventure.wandering_die(),
            "wandering": d.adventure.wandering.iter().map(|w| json!({
                "roll": [w.roll.0, w.roll.1],
                "text": w.text,
            })).collect::<Vec<Value>>(),
        },
    })
}
