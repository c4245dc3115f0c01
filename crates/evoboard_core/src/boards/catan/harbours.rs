//! Harbours on the frame: the slots (a coastal hex and the side of it that
//! faces the sea), the harbour kinds, the optional harbour rule and the
//! seeded placement of the kinds on the slots.
//!
//! Sides of a (pointy) hex are numbered clockwise from the east, with row
//! 0 at the top: 0 east, 1 south-east, 2 south-west, 3 west, 4 north-west,
//! 5 north-east.
//!
//! The harbour rule: a 2:1 harbour's two corners touch no hex of its own
//! resource holding a number of at least [`HARBOUR_RULE_PIPS`] pips (5, 6,
//! 8 or 9). Harbours are placed after the land: the land's score counts
//! the 2:1 harbours that *no* arrangement on the frame can keep away from
//! their resource (a matching of 2:1 harbours to slots), and
//! [`assign_harbours`] then finds an arrangement that reaches that bound,
//! so a land score of 0 always gets harbours that keep the rule.

use super::board::CatanCode;
use super::layout::CatanLayout;
use super::rules::{CatanOptions, pips};
use crate::boards::{HexGrid, HexIndex, shuffle};
use crate::rng::seeded;
use serde::{Deserialize, Serialize};

/// A hex counts as "high" for the harbour rule from this many pips on
/// (5, 6, 8, 9).
pub const HARBOUR_RULE_PIPS: u8 = 4;

/// Doubled-x offsets of the six sides (row step, doubled-x step).
const SIDES: [(i32, i32); 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];

/// A harbour's trade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum HarbourKind {
    /// 3:1, any resource.
    Generic,
    /// 2:1 grain (fields).
    Grain,
    /// 2:1 lumber (forest).
    Lumber,
    /// 2:1 wool (pasture).
    Wool,
    /// 2:1 brick (hills).
    Brick,
    /// 2:1 ore (mountains).
    Ore,
}

impl HarbourKind {
    /// Name in the CLI's JSON.
    pub fn name(self) -> &'static str {
        match self {
            HarbourKind::Generic => "generic",
            HarbourKind::Grain => "grain",
            HarbourKind::Lumber => "lumber",
            HarbourKind::Wool => "wool",
            HarbourKind::Brick => "brick",
            HarbourKind::Ore => "ore",
        }
    }

    /// The terrain index (in [`super::TERRAINS`] order) of a 2:1
    /// harbour's resource; `None` for a generic harbour.
    pub fn resource(self) -> Option<u8> {
        match self {
            HarbourKind::Generic => None,
            HarbourKind::Grain => Some(0),
            HarbourKind::Lumber => Some(1),
            HarbourKind::Wool => Some(2),
            HarbourKind::Brick => Some(3),
            HarbourKind::Ore => Some(4),
        }
    }
}

/// A harbour placed on the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Harbour {
    /// Its trade.
    pub kind: HarbourKind,
    /// The coastal hex it faces, `(row, col)` as in the JSON `board`.
    pub hex: (usize, usize),
    /// The side of that hex facing the sea (0 east, clockwise to 5
    /// north-east).
    pub side: u8,
}

/// A place for a harbour on the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HarbourSlot {
    /// The coastal hex.
    pub hex: HexIndex,
    /// Its side that faces the sea.
    pub side: u8,
    /// The land hexes at each of the two corners the harbour serves: the
    /// hex itself and, when there is one, the land hex across the
    /// neighbouring side.
    pub corners: [[Option<HexIndex>; 2]; 2],
}

impl HarbourSlot {
    /// The distinct land hexes its corners touch (1 to 3).
    pub fn touches(&self) -> impl Iterator<Item = HexIndex> + '_ {
        std::iter::once(self.hex).chain(self.corners.iter().filter_map(|c| c[1]))
    }

    /// Bit `t` set when a touched hex of resource `t` holds a high number.
    #[inline]
    fn bad_resources(&self, codes: &[u8]) -> u8 {
        let mut m = 0u8;
        for i in self.touches() {
            let c = CatanCode::from_byte(codes[i as usize]);
            if c.terrain() < 5 && pips(c.token()) >= HARBOUR_RULE_PIPS {
                m |= 1 << c.terrain();
            }
        }
        m
    }
}

/// The hex at doubled coordinates `(r, x2)` of `g`, if any.
fn at(g: &HexGrid, x2: &[i32], r: i32, x: i32) -> Option<HexIndex> {
    let r = usize::try_from(r).ok().filter(|&r| r < g.rows())?;
    let first = g.index(r, 0)?;
    let dx = x - x2[first as usize];
    if dx < 0 || dx % 2 != 0 {
        return None;
    }
    g.index(r, (dx / 2) as usize)
}

/// The coastal edges of `g` clockwise from the north, and slots spaced by
/// `gaps` along them (the first on the first edge).
pub(super) fn frame_slots(g: &HexGrid, gaps: &[usize]) -> Vec<HarbourSlot> {
    let widest = g.row_lengths().max().unwrap_or(0) as i32;
    let x2: Vec<i32> = g
        .indices()
        .map(|i| {
            let (r, c) = g.row_col(i);
            2 * c as i32 + widest - g.row_len(r) as i32
        })
        .collect();
    let nb = |i: HexIndex, side: usize| {
        let (r, _) = g.row_col(i);
        let (dr, dx) = SIDES[side % 6];
        at(g, &x2, r as i32 + dr, x2[i as usize] + dx)
    };
    let s3 = 3f64.sqrt() / 2.0;
    let centre = |i: HexIndex| (x2[i as usize] as f64 * s3, g.row_col(i).0 as f64 * 1.5);
    let n = g.len() as f64;
    let (cx, cy) = g
        .indices()
        .map(centre)
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let mut edges: Vec<(f64, HexIndex, u8)> = Vec::new();
    for i in g.indices() {
        for side in 0..6 {
            if nb(i, side).is_none() {
                let th = (side as f64) * std::f64::consts::FRAC_PI_3;
                let (x, y) = centre(i);
                let (mx, my) = (x + s3 * th.cos() - cx, y + s3 * th.sin() - cy);
                let a = (my.atan2(mx) + std::f64::consts::FRAC_PI_2)
                    .rem_euclid(2.0 * std::f64::consts::PI);
                edges.push((a, i, side as u8));
            }
        }
    }
    edges.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut slots = Vec::with_capacity(gaps.len());
    let mut e = 0;
    for &gap in gaps {
        let (_, hex, side) = edges[e % edges.len()];
        let s = side as usize;
        slots.push(HarbourSlot {
            hex,
            side,
            corners: [[Some(hex), nb(hex, s + 5)], [Some(hex), nb(hex, s + 1)]],
        });
        e += gap;
    }
    slots
}

const NONE: u8 = u8::MAX;

/// Kuhn's augmenting path for 2:1 harbour `u` over the slots in `order`.
fn augment(
    u: usize,
    wants: &[u8],
    bad: &[u8],
    order: &[u8],
    seen: &mut u32,
    owner: &mut [u8],
) -> bool {
    for &s in order {
        let s = s as usize;
        if bad[s] & (1 << wants[u]) != 0 || *seen & (1 << s) != 0 {
            continue;
        }
        *seen |= 1 << s;
        if owner[s] == NONE || augment(owner[s] as usize, wants, bad, order, seen, owner) {
            owner[s] = u as u8;
            return true;
        }
    }
    false
}

/// The most 2:1 harbours that can sit on slots away from their high
/// hexes; `owner[s]` gets the harbour (index into `wants`) at slot `s`.
fn matching(wants: &[u8], bad: &[u8], order: &[u8], owner: &mut [u8]) -> u32 {
    owner.fill(NONE);
    let mut matched = 0;
    for u in 0..wants.len() {
        let mut seen = 0u32;
        matched += augment(u, wants, bad, order, &mut seen, owner) as u32;
    }
    matched
}

/// The 2:1 harbours that break the harbour rule however the harbours are
/// arranged on the frame (0 = some arrangement keeps it). No allocation.
pub(crate) fn unavoidable_breaks(layout: &CatanLayout, codes: &[u8]) -> u32 {
    let mut bad = [0u8; 16];
    let mut order = [0u8; 16];
    let slots = layout.slots();
    for (s, slot) in slots.iter().enumerate() {
        bad[s] = slot.bad_resources(codes);
        order[s] = s as u8;
    }
    let mut wants = [0u8; 16];
    let mut n = 0;
    for r in layout.harbour_kinds().iter().filter_map(|k| k.resource()) {
        wants[n] = r;
        n += 1;
    }
    let mut owner = [NONE; 16];
    n as u32
        - matching(
            &wants[..n],
            &bad[..slots.len()],
            &order[..slots.len()],
            &mut owner[..slots.len()],
        )
}

/// The 2:1 harbours of `harbours` that break the harbour rule on `codes`.
pub fn harbour_breaks(layout: &CatanLayout, codes: &[u8], harbours: &[Harbour]) -> u32 {
    let g = layout.grid();
    harbours
        .iter()
        .filter(|h| {
            let Some(r) = h.kind.resource() else {
                return false;
            };
            let i = g.index(h.hex.0, h.hex.1);
            layout
                .slots()
                .iter()
                .find(|s| Some(s.hex) == i && s.side == h.side)
                .is_some_and(|s| s.bad_resources(codes) & (1 << r) != 0)
        })
        .count() as u32
}

/// The island's harbours on its frame slots, the kinds shuffled by `seed`;
/// with the harbour rule on, arranged so that as few 2:1 harbours as
/// possible (0 when the land's `harbour` count is 0) touch their own
/// resource's high hexes.
pub fn assign_harbours(
    layout: &CatanLayout,
    codes: &[u8],
    opts: &CatanOptions,
    seed: u64,
) -> Vec<Harbour> {
    let mut rng = seeded(seed ^ 0x4841_5242_4f55_5253);
    let slots = layout.slots();
    let mut kinds = layout.harbour_kinds().to_vec();
    shuffle(&mut kinds, &mut rng);
    if opts.harbour_rule {
        let bad: Vec<u8> = slots.iter().map(|s| s.bad_resources(codes)).collect();
        let mut special: Vec<HarbourKind> = kinds
            .iter()
            .copied()
            .filter(|k| k.resource().is_some())
            .collect();
        shuffle(&mut special, &mut rng);
        let wants: Vec<u8> = special.iter().filter_map(|k| k.resource()).collect();
        let mut order: Vec<u8> = (0..slots.len() as u8).collect();
        shuffle(&mut order, &mut rng);
        let mut owner = vec![NONE; slots.len()];
        matching(&wants, &bad, &order, &mut owner);
        let mut placed = vec![false; special.len()];
        let mut out: Vec<Option<HarbourKind>> = owner
            .iter()
            .map(|&o| {
                (o != NONE).then(|| {
                    placed[o as usize] = true;
                    special[o as usize]
                })
            })
            .collect();
        let mut rest: Vec<HarbourKind> = special
            .iter()
            .zip(&placed)
            .filter(|&(_, &p)| !p)
            .map(|(&k, _)| k)
            .chain(kinds.iter().copied().filter(|k| k.resource().is_none()))
            .collect();
        shuffle(&mut rest, &mut rng);
        let mut rest = rest.into_iter();
        for o in out.iter_mut().filter(|o| o.is_none()) {
            *o = rest.next();
        }
        kinds = out
            .into_iter()
            .map(|k| k.unwrap_or(HarbourKind::Generic))
            .collect();
    }
    let g = layout.grid();
    slots
        .iter()
        .zip(kinds)
        .map(|(s, kind)| Harbour {
            kind,
            hex: g.row_col(s.hex),
            side: s.side,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::BalancedCatan;
    use crate::boards::{BoardSetup, BoardVariant, Params};
    use crate::search::Search;

    fn count(h: &[Harbour], k: HarbourKind) -> usize {
        h.iter().filter(|x| x.kind == k).count()
    }

    #[test]
    fn slots_are_on_coastal_hexes_facing_the_sea() {
        for l in [CatanLayout::base(), CatanLayout::five_six()] {
            let g = l.grid();
            assert_eq!(l.slots().len(), l.harbour_kinds().len());
            let mut seen = std::collections::HashSet::new();
            for s in l.slots() {
                assert!(g.neighbours(s.hex).len() < 6, "slot on an inland hex");
                assert!(seen.insert((s.hex, s.side)));
                // The side faces the sea: no land hex lies that way.
                let (r, c) = g.row_col(s.hex);
                let hx = g.hex(s.hex);
                let dir = [
                    hexx::Hex::new(1, 0),
                    hexx::Hex::new(0, 1),
                    hexx::Hex::new(-1, 1),
                    hexx::Hex::new(-1, 0),
                    hexx::Hex::new(0, -1),
                    hexx::Hex::new(1, -1),
                ][s.side as usize];
                assert_eq!(g.hex_index(hx + dir), None, "({r},{c}) side {}", s.side);
                // The corner hexes are neighbours of the slot's hex.
                for c in s.corners.iter().filter_map(|c| c[1]) {
                    assert!(g.neighbours(s.hex).contains(&c));
                }
            }
            // Every slot is a distinct coastal edge.
            assert_eq!(seen.len(), l.slots().len());
        }
    }

    #[test]
    fn kinds_per_game() {
        let codes = CatanLayout::base().standard_codes();
        let h = assign_harbours(CatanLayout::base(), &codes, &CatanOptions::default(), 1);
        assert_eq!(h.len(), 9);
        assert_eq!(count(&h, HarbourKind::Generic), 4);
        for k in [
            HarbourKind::Grain,
            HarbourKind::Lumber,
            HarbourKind::Wool,
            HarbourKind::Brick,
            HarbourKind::Ore,
        ] {
            assert_eq!(count(&h, k), 1);
        }
        let f = CatanLayout::five_six();
        let h = assign_harbours(f, &f.standard_codes(), &CatanOptions::default(), 1);
        assert_eq!(h.len(), 11);
        assert_eq!(count(&h, HarbourKind::Generic), 5);
        assert_eq!(count(&h, HarbourKind::Wool), 2);
        assert_eq!(count(&h, HarbourKind::Ore), 1);
        // Different seeds shuffle the kinds.
        let h2 = assign_harbours(f, &f.standard_codes(), &CatanOptions::default(), 2);
        assert_ne!(h, h2);
    }

    #[test]
    fn placement_reaches_the_unavoidable_bound() {
        let opts = CatanOptions {
            harbour_rule: true,
            ..CatanOptions::default()
        };
        for (variant, l) in [
            (BoardVariant::Standard, CatanLayout::base()),
            (BoardVariant::FiveSixPlayers, CatanLayout::five_six()),
        ] {
            let setup = BoardSetup {
                variant,
                ..BoardSetup::default()
            };
            let p = Params::defaults(BalancedCatan::PARAMS);
            for seed in 1..=4 {
                let s = BalancedCatan::with_setup(seed, opts, &p, &setup).unwrap();
                let codes = s.best().0.clone();
                let bound = unavoidable_breaks(l, &codes);
                let h = assign_harbours(l, &codes, &opts, seed);
                assert_eq!(harbour_breaks(l, &codes, &h), bound);
                let mut kinds: Vec<HarbourKind> = h.iter().map(|x| x.kind).collect();
                kinds.sort();
                assert_eq!(kinds, l.harbour_kinds());
            }
        }
        // The sorted tile set (every resource in a block) as well.
        let l = CatanLayout::base();
        let codes = l.standard_codes();
        let bound = unavoidable_breaks(l, &codes);
        let h = assign_harbours(l, &codes, &opts, 9);
        assert_eq!(harbour_breaks(l, &codes, &h), bound);
    }
}
