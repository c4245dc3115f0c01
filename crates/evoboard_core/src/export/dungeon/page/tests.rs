//! The printed dungeon's tests.

use super::*;
use crate::dungeon::{DungeonParams, Size, WanderingMonster, generate_proposal};
use crate::export::dungeon::Look;
use crate::export::dungeon::key::key_text;
use crate::export::dungeon::look::players_copy;

/// A medium dungeon with secrets, traps, keys and a filled-in
/// adventure.
fn told(size: Size, seed: u64) -> Dungeon {
    let mut p = DungeonParams::for_size(size);
    (p.proposals, p.keys, p.secret_doors, p.traps) = (1, 2, 2, 2);
    let mut d = generate_proposal(&p, seed, 0).unwrap();
    d.adventure.title = "The Crypt of the Weeping Saint".into();
    d.adventure.hook = "The abbot's bell rang at midnight, though the tower has been empty for a hundred years. Someone must go down and see.".into();
    (d.adventure.party_level, d.adventure.party_size) = (3, 4);
    d.adventure.wandering = (1..=6)
        .map(|i| WanderingMonster {
            roll: (i, i),
            text: format!("{i} lost wanderers"),
        })
        .collect();
    d
}

#[test]
fn the_gm_page_has_title_hook_map_key_and_table() {
    let d = told(Size::Small, 3);
    let pages = dungeon_pages(&d, PageSetup::default()).unwrap();
    assert_eq!(pages.len(), 1);
    let p = &pages[0];
    assert!(p.contains(r#"width="595.28" height="841.89""#));
    for want in [
        "The Crypt of the Weeping Saint",
        "For 4 characters of level 3",
        "Wandering monsters (d6)",
        "6 lost wanderers",
        ">Rooms<",
        r#"class="coordinates""#,
        r#"class="scale-bar""#,
        r#"class="legend""#,
    ] {
        assert!(p.contains(want), "{want}");
    }
    for r in &d.rooms {
        assert_eq!(
            p.matches(&format!(r#"data-room="{}""#, r.letter)).count(),
            1,
            "{} on the map",
            r.letter
        );
    }
    // One disc per room in the key, each fact once.
    assert_eq!(p.matches(r#"class="key-letter""#).count(), d.rooms.len());
    let key = key_text(&d);
    let fought = key.rooms.iter().filter(|r| r.enemies != "none").count();
    assert!(fought > 0);
    assert_eq!(p.matches("Enemies:").count(), fought);
    // The map draws no patterns (the PDF writer fills solid colours).
    assert!(!p.contains("url(#"));
}

#[test]
fn older_levels_get_a_plain_title_and_no_table() {
    let mut d = told(Size::Small, 3);
    d.adventure = Default::default();
    let p = &dungeon_pages(&d, PageSetup::default()).unwrap()[0];
    assert!(p.contains(&format!("Dungeon, seed {}", d.seed)));
    assert!(!p.contains("Wandering") && !p.contains("characters of level"));
    assert!(!p.contains(r#"class="hook""#));
}

#[test]
fn two_pages_put_the_key_on_the_second_and_letter_paper_is_letter_sized() {
    let d = told(Size::Medium, 11);
    let setup = PageSetup {
        pages: 2,
        paper: super::super::Paper::Letter,
        ..PageSetup::default()
    };
    let pages = dungeon_pages(&d, setup).unwrap();
    assert_eq!(pages.len(), 2);
    for p in &pages {
        assert!(p.contains(r#"width="612" height="792""#));
    }
    assert!(pages[0].contains(r#"class="map""#));
    assert!(pages[1].contains(r#"class="key""#) && pages[1].contains("Wandering monsters"));
    assert!(pages[1].contains("page 2 of 2"));
}

#[test]
fn a_long_key_starts_under_the_map_on_the_first_of_two_pages() {
    let mut d = told(Size::Large, 5);
    for r in &mut d.rooms {
        r.description = "Dust lies thick on the floor and on every shelf. ".repeat(8);
    }
    let two = PageSetup {
        pages: 2,
        ..PageSetup::default()
    };
    let pages = dungeon_pages(&d, two).unwrap();
    assert!(pages[0].contains(r#"class="key""#) && pages[1].contains(r#"class="key""#));
    assert_eq!(
        pages[0].matches(r#"class="key-letter""#).count()
            + pages[1].matches(r#"class="key-letter""#).count(),
        d.rooms.len()
    );
}

#[test]
fn a_key_too_long_for_one_page_says_to_ask_for_two() {
    let mut d = told(Size::Small, 3);
    for r in &mut d.rooms {
        r.description = "A very long description that goes on and on. ".repeat(40);
    }
    let e = dungeon_pages(&d, PageSetup::default()).unwrap_err();
    assert!(e.to_string().contains("--pages 2"), "{e}");
}

#[test]
fn the_handout_keeps_the_secrets() {
    let d = told(Size::Medium, 11);
    let setup = PageSetup {
        look: Look::PLAYERS,
        ..PageSetup::default()
    };
    let pages = dungeon_pages(&d, setup).unwrap();
    assert_eq!(pages.len(), 1);
    let p = &pages[0];
    assert!(p.contains("The Crypt of the Weeping Saint") && p.contains("abbot's bell"));
    for hidden in [
        "Wandering",
        r#"class="key""#,
        "secret-door",
        "coordinates",
        r#"class="trap""#,
    ] {
        assert!(!p.contains(hidden), "{hidden}");
    }
    let shown = players_copy(&d);
    assert_eq!(
        p.matches(r#"class="room-letter""#).count(),
        shown.rooms.len()
    );
    let two = PageSetup { pages: 2, ..setup };
    assert!(
        dungeon_pages(&d, two)
            .unwrap_err()
            .to_string()
            .contains("one page")
    );
}

/// The `(x, y)` of every `<text>` in `svg` (the attributes as written).
fn text_points(svg: &str) -> Vec<(f64, f64)> {
    let at = |el: &str, name: &str| -> f64 {
        let from = el.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        el[from..].split('"').next().unwrap().parse().unwrap()
    };
    svg.split("<text")
        .skip(1)
        .map(|el| (at(el, "x"), at(el, "y")))
        .collect()
}

#[test]
fn the_key_starts_beside_a_narrow_map_and_its_text_is_7_pt_or_more() {
    for paper in super::super::Paper::ALL {
        let d = told(Size::Medium, 11);
        let setup = PageSetup {
            paper,
            ..PageSetup::default()
        };
        let p = &dungeon_pages(&d, setup).unwrap()[0];
        let map = p
            .split(r#"<g class="map" transform="translate("#)
            .nth(1)
            .unwrap();
        let xy: Vec<f64> = map
            .split(')')
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let (mx, my) = (xy[0], xy[1]);
        let key = p.split(r#"<g class="key">"#).nth(1).unwrap();
        let points = text_points(key.split("</g>").next().unwrap());
        // Text left of the map, level with it: the columns beside the
        // map start at the top.
        let beside = points
            .iter()
            .filter(|&&(x, y)| x < mx && y < my + 50.0)
            .count();
        assert!(beside > 10, "{paper:?}: {beside} lines beside the map");
        // Every word 7 pt or more (the letter in a room's white-on-black
        // disc is smaller).
        for el in key.split("<text").skip(1) {
            let size: f64 = el
                .split(r#"font-size=""#)
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                size >= 7.0 || el.contains(r##"fill="#ffffff""##),
                "{paper:?}: text of {size} pt"
            );
        }
    }
}
