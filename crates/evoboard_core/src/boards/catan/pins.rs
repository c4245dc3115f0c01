//! Pins that make a perfect Catan board impossible, named by requirement
//! and hexes, so a designer reads why rather than watching a search stall.

use super::board::CatanCode;
use super::layout::CatanLayout;
use super::rules::{CatanOptions, DesertPlacement, evaluate_on, hot, pips, rare};
use std::fmt;

/// One requirement the pinned hexes alone already break.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct CatanPinConflict {
    /// The requirement's name as in the JSON `violations` (`r1`, `r3`,
    /// `equal_neighbours`, `two_twelve`, `deserts_touching`, `desert`, `corners`,
    /// `poor_corners`, or any of
    /// them with every hex pinned).
    pub requirement: &'static str,
    /// The pinned hexes involved, `(row, col)`.
    pub hexes: Vec<(usize, usize)>,
    /// What they do, in words.
    pub why: String,
}

impl fmt::Display for CatanPinConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hexes: Vec<String> = self
            .hexes
            .iter()
            .map(|(r, c)| format!("({r}, {c})"))
            .collect();
        write!(
            f,
            "{}: pinned hexes {} {}; unpin or change one of them",
            self.requirement,
            hexes.join(" and "),
            self.why
        )
    }
}

/// The requirements that the pinned hexes of `codes` (`pinned[i]` true)
/// break whatever the other hexes hold: two adjacent pinned hexes of the
/// same terrain (R1), holding 6/8 both (R3), the same number or 2/12
/// both (optional rules), two pinned deserts side by side (`table`), a
/// pinned desert where `--desert` forbids it, a corner of three pinned
/// hexes above the pip bound or below the floor, and, when every hex
/// is pinned, any requirement the board breaks. Empty when a perfect
/// board may still exist (R2 and the harbour rule are not checked with
/// free hexes left).
///
/// ```
/// use evoboard_core::boards::catan::{CatanCode, CatanLayout, CatanOptions, pin_conflicts};
/// let l = CatanLayout::base();
/// let mut codes = l.standard_codes();
/// // Hexes 0 and 1 are neighbours and both fields in the sorted set.
/// let mut pinned = vec![false; 19];
/// pinned[0] = true;
/// pinned[1] = true;
/// let c = pin_conflicts(l, &codes, &pinned, &CatanOptions::default());
/// assert_eq!(c[0].requirement, "r1");
/// assert_eq!(c[0].hexes, vec![(0, 0), (0, 1)]);
/// codes.swap(1, 5); // a forest at (0, 1)
/// let c = pin_conflicts(l, &codes, &pinned, &CatanOptions::default());
/// assert!(c.iter().all(|c| c.requirement != "r1"));
/// ```
pub fn pin_conflicts(
    layout: &CatanLayout,
    codes: &[u8],
    pinned: &[bool],
    opts: &CatanOptions,
) -> Vec<CatanPinConflict> {
    let g = layout.grid();
    let is_pinned = |i: u16| pinned.get(i as usize).copied().unwrap_or(false);
    let code = |i: u16| CatanCode::from_byte(codes[i as usize]);
    let rc = |i: u16| g.row_col(i);
    let mut out = Vec::new();
    if pinned.len() >= g.len() && pinned.iter().take(g.len()).all(|&p| p) {
        let v = evaluate_on(layout, codes, opts);
        for (name, n) in v.named_with(opts) {
            if n > 0 {
                out.push(CatanPinConflict {
                    requirement: name,
                    hexes: Vec::new(),
                    why: format!("are all the hexes, and the board breaks it {n} times"),
                });
            }
        }
        return out;
    }
    for i in g.indices().filter(|&i| is_pinned(i)) {
        let a = code(i);
        for &j in g.neighbours(i).iter().filter(|&&j| j > i && is_pinned(j)) {
            let b = code(j);
            let pair = vec![rc(i), rc(j)];
            if a.terrain() == b.terrain() {
                let name = super::TERRAINS
                    .get(a.terrain() as usize)
                    .map_or("?", |t| t.name());
                out.push(CatanPinConflict {
                    requirement: "r1",
                    hexes: pair.clone(),
                    why: format!("are neighbours of the same terrain ({name})"),
                });
            }
            if hot(a.token()) && hot(b.token()) {
                out.push(CatanPinConflict {
                    requirement: "r3",
                    hexes: pair.clone(),
                    why: format!("are neighbours holding {} and {}", a.token(), b.token()),
                });
            }
            if opts.no_equal_neighbours && a.token() != 0 && a.token() == b.token() {
                out.push(CatanPinConflict {
                    requirement: "equal_neighbours",
                    hexes: pair.clone(),
                    why: format!("are neighbours both holding {}", a.token()),
                });
            }
            if opts.deserts_apart && a.is_desert() && b.is_desert() {
                out.push(CatanPinConflict {
                    requirement: "deserts_touching",
                    hexes: pair.clone(),
                    why: "are neighbouring deserts".into(),
                });
            }
            if opts.no_2_12_neighbours && rare(a.token()) && rare(b.token()) {
                out.push(CatanPinConflict {
                    requirement: "two_twelve",
                    hexes: pair,
                    why: format!("are neighbours holding {} and {}", a.token(), b.token()),
                });
            }
        }
        if a.is_desert() {
            let coast = g.neighbours(i).len() < 6;
            let bad = match opts.desert {
                DesertPlacement::Anywhere => false,
                DesertPlacement::Centre => !layout.is_centre(i),
                DesertPlacement::Coast => !coast,
                DesertPlacement::Inland => coast,
            };
            if bad {
                out.push(CatanPinConflict {
                    requirement: "desert",
                    hexes: vec![rc(i)],
                    why: format!("is a desert, and --desert wants {}", opts.desert.name()),
                });
            }
        }
    }
    if opts.max_corner_pips > 0 || opts.min_corner_pips > 0 {
        for k in layout.corners() {
            if k.iter().all(|&i| is_pinned(i)) {
                let p: u32 = k.iter().map(|&i| pips(code(i).token()) as u32).sum();
                if p < opts.min_corner_pips as u32 {
                    out.push(CatanPinConflict {
                        requirement: "poor_corners",
                        hexes: k.iter().map(|&i| rc(i)).collect(),
                        why: format!(
                            "meet at a corner of {p} pips, below the floor {}",
                            opts.min_corner_pips
                        ),
                    });
                }
                if opts.max_corner_pips > 0 && p > opts.max_corner_pips as u32 {
                    out.push(CatanPinConflict {
                        requirement: "corners",
                        hexes: k.iter().map(|&i| rc(i)).collect(),
                        why: format!(
                            "meet at a corner of {p} pips, above the bound {}",
                            opts.max_corner_pips
                        ),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_requirement_and_hexes() {
        let l = CatanLayout::five_six();
        let g = l.grid();
        let mut codes = l.standard_codes();
        let a = g.index(3, 2).unwrap() as usize;
        let b = g.index(3, 3).unwrap() as usize;
        codes[a] = CatanCode::new(0, 6).byte();
        codes[b] = CatanCode::new(1, 8).byte();
        let mut pinned = vec![false; 30];
        pinned[a] = true;
        pinned[b] = true;
        let c = pin_conflicts(l, &codes, &pinned, &CatanOptions::default());
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].requirement, "r3");
        assert_eq!(c[0].hexes, vec![(3, 2), (3, 3)]);
        let text = c[0].to_string();
        assert!(
            text.contains("r3") && text.contains("(3, 2) and (3, 3)"),
            "{text}"
        );
        // A pinned desert off the centre with --desert centre.
        let opts = CatanOptions {
            desert: DesertPlacement::Centre,
            ..CatanOptions::default()
        };
        codes[0] = CatanCode::new(5, 0).byte();
        pinned[0] = true;
        let c = pin_conflicts(l, &codes, &pinned, &opts);
        assert!(
            c.iter()
                .any(|c| c.requirement == "desert" && c.hexes == [(0, 0)])
        );
        // Unpinned hexes never conflict.
        assert!(pin_conflicts(l, &codes, &[false; 30], &opts).is_empty());
    }
}
