//! A path that builds (issue 29, item 4) over many seeds: medium and
//! large main paths pass at least four rooms in every style, and no enemy
//! kind fills more than a quarter of the enemy rooms (at least one).

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
