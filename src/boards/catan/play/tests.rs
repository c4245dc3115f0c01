//! Rule tests of the game engine.

use super::*;
use crate::boards::catan::{CatanBoard, CatanLayout, assign_harbours, standard_codes};

fn base_topo() -> Topology {
    let codes = standard_codes();
    let board = CatanBoard::decode(&codes).with_harbours(assign_harbours(
        CatanLayout::base(),
        &codes,
        &Default::default(),
        1,
    ));
    Topology::new(&board).unwrap()
}

#[test]
fn smoke_games_finish() {
    let t = base_topo();
    let mut buf = Vec::new();
    for (bots, label) in [([Bot::Random; 4], "random"), ([Bot::Value; 4], "value")] {
        let mut draws = 0;
        let mut turns = 0u32;
        for g in 0..50 {
            let (r, _) = play_game(&t, &bots, g, &mut buf, None);
            draws += u32::from(r.winner.is_none());
            turns += r.turns as u32;
        }
        eprintln!("{label}: draws {draws} mean turns {}", turns / 50);
    }
}
