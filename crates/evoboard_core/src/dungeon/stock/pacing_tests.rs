//! A path that builds (issue 29, item 4) over many seeds: medium and
//! large main paths pass at least four rooms in every style, and no enemy
//! kind fills more than a quarter of the enemy rooms (at least one), and
//! no side room without enemies holds as much as the final room.

use crate::dungeon::{DungeonParams, DungeonStyle, Size, generate_proposal};

/// The pacing checks of `seeds` dungeons of each style at `size`.
fn sweep(
    size: Size,
    seeds: std::ops::Range<u64>,
    mut each: impl FnMut(&str, &super::PacingChecks),
) {
    for style in DungeonStyle::ALL {
        for seed in seeds.clone() {
            let mut p = DungeonParams::for_size(size);
            (p.proposals, p.style) = (1, style);
            if seed % 4 == 1 {
                (p.keys, p.loops) = (2, 2);
            }
            let d = generate_proposal(&p, seed, 0).expect("generates");
            let what = format!("{} {} seed {seed}", style.name(), size.name());
            each(&what, &d.pacing_checks());
        }
    }
}

#[test]
fn medium_and_large_main_paths_pass_four_rooms_in_every_style() {
    for size in [Size::Medium, Size::Large] {
        sweep(size, 1..21, |what, c| {
            assert!(c.main_path_rooms >= 4, "{what}: {c:?}");
            assert!(c.rising && c.final_is_peak, "{what}: {c:?}");
        });
    }
}

#[test]
fn the_first_fight_comes_early_and_the_boss_is_the_largest_step() {
    // Issue 40: a first encounter in one of the first two rooms after the
    // entrance, fights rising, no step larger than the boss's, the final
    // room's reward the best; every size and style, 40 seeds each.
    let mut checked = 0;
    for size in Size::ALL {
        sweep(size, 200..240, |what, c| {
            assert!(c.first_fight_early, "{what}: {c:?}");
            assert!(c.rising && c.final_is_peak, "{what}: {c:?}");
            assert!(c.boss_step_largest, "{what}: {c:?}");
            assert!(c.final_reward_best, "{what}: {c:?}");
            checked += 1;
        });
    }
    assert_eq!(checked, 3 * 3 * 40);
}

#[test]
fn no_enemy_kind_fills_more_than_a_quarter_of_the_enemy_rooms() {
    let mut capped = 0;
    for size in Size::ALL {
        sweep(size, 100..116, |what, c| {
            assert_eq!(c.kind_cap, (c.enemy_rooms / 4).max(1), "{what}");
            assert!(c.kinds_within_cap, "{what}: {c:?}");
            assert!(c.most_rooms_of_one_kind <= c.kind_cap, "{what}: {c:?}");
            capped += usize::from(c.enemy_rooms >= 8);
        });
    }
    assert!(
        capped > 20,
        "the sweep has dungeons where the cap bites: {capped}"
    );
}

#[test]
fn no_unguarded_side_room_matches_the_final_room() {
    // Every configuration of `benches/dungeon_gm/pacing.py` (each size in
    // every style, small with four loops, medium with two keys; the
    // published 50 % enemies and treasure), 30 seeds each, no exception:
    // every side room without enemies holds strictly less than the final
    // room, so the final room holds treasure.
    let mut unguarded = 0;
    let mut check = |what: &str, d: &crate::dungeon::Dungeon| {
        let c = d.pacing_checks();
        let fin = &d.rooms[d.final_room];
        assert!(fin.treasure && fin.reward > 0, "{what}: {c:?}");
        assert!(c.unguarded_side_below_final, "{what}: {:?}", d.pacing);
        unguarded += d
            .pacing
            .side_rooms
            .iter()
            .filter(|s| s.challenge == 0)
            .count();
    };
    for size in Size::ALL {
        for style in DungeonStyle::ALL {
            for seed in 1..31 {
                let mut p = DungeonParams::for_size(size);
                (p.proposals, p.style) = (1, style);
                let d = generate_proposal(&p, seed, 0).expect("generates");
                check(&format!("{} {} seed {seed}", style.name(), size.name()), &d);
            }
        }
    }
    for (size, loops, keys) in [(Size::Small, 4, 0), (Size::Medium, 0, 2)] {
        for seed in 1..31 {
            let mut p = DungeonParams::for_size(size);
            (p.proposals, p.loops, p.keys) = (1, loops, keys);
            let d = generate_proposal(&p, seed, 0).expect("generates");
            check(
                &format!("{} loops {loops} keys {keys} seed {seed}", size.name()),
                &d,
            );
        }
    }
    assert!(
        unguarded > 100,
        "the sweep meets side rooms without enemies: {unguarded}"
    );
}
