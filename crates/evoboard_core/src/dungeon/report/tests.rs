//! The dungeon report's JSON: the contract keys, letters for room
//! indices, the run's and the change's additions.

use super::*;
use crate::dungeon::{Size, generate};

fn one(seed: u64, keys: usize) -> (DungeonParams, Vec<Dungeon>) {
    let mut p = DungeonParams::for_size(Size::Small);
    (p.proposals, p.keys, p.traps, p.secret_doors) = (2, keys, 2, 1);
    let d = generate(&p, seed).unwrap();
    (p, d)
}

#[test]
fn json_has_the_contract_keys() {
    let (_, mut d) = one(9, 0);
    let d = d.remove(0);
    let v = serde_json::to_value(DungeonReport::new(&d)).unwrap();
    for k in ["width", "height", "fitness", "rooms", "grid"] {
        assert!(v.get(k).is_some(), "{k}");
    }
    let r = &v["rooms"][0];
    for k in ["id", "x", "y", "w", "h", "enemies", "treasure"] {
        assert!(r.get(k).is_some(), "{k}");
    }
    assert_eq!(r["id"], "A");
    let grid = v["grid"].as_array().unwrap();
    assert_eq!(grid.len(), 50);
    assert!(
        grid.iter()
            .all(|row| row.as_str().unwrap().chars().count() == 50)
    );
    // Floats stay floats, counts integers.
    assert!(v["fitness"].is_f64() && v["corridor_width"].is_u64());
}

#[test]
fn room_indices_become_letters() {
    let (_, d) = one(4, 2);
    let d = &d[0];
    let v = serde_json::to_value(DungeonReport::new(d)).unwrap();
    assert_eq!(v["entrance"], d.rooms[d.entrance].letter.to_string());
    assert_eq!(v["final_room"], d.rooms[d.final_room].letter.to_string());
    let main = v["pacing"]["main_path"].as_array().unwrap();
    assert_eq!(main.len(), d.pacing.main_path.len());
    assert_eq!(main[0]["room"], v["entrance"]);
    for (l, lock) in v["locks"].as_array().unwrap().iter().zip(&d.locks) {
        assert_eq!(l["door"], serde_json::json!([lock.door.0, lock.door.1]));
        assert_eq!(l["key_room"], d.rooms[lock.key_room].letter.to_string());
    }
    assert_eq!(v["traps"].as_array().unwrap().len(), d.traps.len());
    assert_eq!(v["secret_doors_placed"], d.metrics.secret_doors);
    assert_eq!(v["adventure"]["wandering_die"], d.adventure.wandering_die());
}

#[test]
fn a_run_reports_its_seed_choice_and_proposals() {
    let (p, d) = one(5, 1);
    let best = best_proposal(&d);
    let chosen = 1 - best;
    let v = serde_json::to_value(DungeonRunReport::new(&d, chosen, 5, &p, 1.5)).unwrap();
    assert_eq!(v["seed"], 5);
    assert_ne!(d[chosen].seed, 5, "proposal seeds derive from the run's");
    assert_eq!(v["proposal"], chosen + 1);
    assert_eq!(v["best_proposal"], best + 1);
    assert_eq!(v["fitness"], d[chosen].fitness);
    assert_eq!(v["proposals"].as_array().unwrap().len(), 2);
    assert_eq!(v["proposals"][1]["fitness"], d[1].fitness);
    assert_eq!(
        (v["keys_asked"].as_u64(), v["secret_doors_asked"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(v["elapsed_ms"], 1.5);
    // Flattened: one `seed` key, the dungeon's keys at the top level.
    let text = serde_json::to_string(&DungeonRunReport::new(&d, chosen, 5, &p, 1.5)).unwrap();
    assert_eq!(text.matches("\"seed\"").count(), 1, "{text}");
}

#[test]
fn a_change_names_its_file_and_keeps_the_seed() {
    let (p, d) = one(6, 0);
    let r = DungeonChangeReport::new(&d[0], Path::new("levels/x.level.ron"), &p, 2.0);
    let v = serde_json::to_value(r).unwrap();
    assert_eq!(v["from"], "levels/x.level.ron");
    assert_eq!(v["seed"], d[0].seed);
    assert!(v.get("proposals").is_none() && v.get("width").is_some());
}
