//! Terra Mystica requirements REQ1..REQ4 under the two rule sets of
//! `shared/spec/hex-boards.md`, the BRKGA thesis's reading (`thesis`) and
//! `table` (strict REQ1..REQ4 plus the river shape and fairness bounds of
//! [`super::table`]), for maps of any shape and tile mix.
//!
//! Every requirement except REQ3 is a sum of *local terms*: a term per hex
//! that depends only on that hex and its neighbours. That is what makes
//! incremental scoring possible (see [`super::TmState`]).

use super::terrain::{RIVER, spades};
use crate::boards::{BoardError, HexGrid, HexIndex};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which reading of the requirements to score with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub enum Rules {
    /// The requirements as the papers state them in words.
    Strict,
    /// What the papers' reference implementation computes.
    Published,
    /// What the BRKGA thesis computed: REQ1 and REQ4 as [`Rules::Published`];
    /// REQ2 counts only a river hex with more than 3 river neighbours;
    /// REQ3 is [`Rules::Published`]'s REQ3 capped at 1 (1 when the river
    /// is in more than two pieces, else 0), and its default weight is 100
    /// ([`Weights::for_rules`]).
    Thesis,
    /// [`Rules::Thesis`] with REQ4 as the thesis's decoder section words it:
    /// every land hex with no land neighbour one spade away counts, not
    /// only those with 3 or more land neighbours (`thesis-per-hex`).
    ThesisPerHex,
    /// What a table accepts (default): [`Rules::Strict`]'s REQ1..REQ4,
    /// and a river shaped like the official maps' and fair to every home
    /// terrain ([`super::table::TABLE_BOUNDS`]); each figure's excess
    /// over its bound adds to the score ([`score`]).
    #[default]
    Table,
}

impl Rules {
    /// Name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Strict => "strict",
            Rules::Published => "published",
            Rules::Thesis => "thesis",
            Rules::ThesisPerHex => "thesis-per-hex",
            Rules::Table => "table",
        }
    }

    /// Every rule set, in the order the CLI and the app list them.
    pub const ALL: [Rules; 5] = [
        Rules::Table,
        Rules::Strict,
        Rules::Published,
        Rules::Thesis,
        Rules::ThesisPerHex,
    ];

    /// Whether this is one of the thesis's two readings (REQ3 weighing 100,
    /// capped at 1).
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::Rules;
    /// assert!(Rules::ThesisPerHex.is_thesis() && !Rules::Published.is_thesis());
    /// ```
    pub fn is_thesis(self) -> bool {
        matches!(self, Rules::Thesis | Rules::ThesisPerHex)
    }

    /// Parse `table`, `strict`, `published`, `thesis` or `thesis-per-hex`.
    pub fn parse(s: &str) -> Result<Rules, BoardError> {
        match s {
            "strict" => Ok(Rules::Strict),
            "published" => Ok(Rules::Published),
            "thesis" => Ok(Rules::Thesis),
            "thesis-per-hex" => Ok(Rules::ThesisPerHex),
            "table" => Ok(Rules::Table),
            _ => Err(BoardError::UnknownRules {
                name: s.to_string(),
            }),
        }
    }
}

impl FromStr for Rules {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::parse(s)
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Violation counts REQ1..REQ4 (index 0..3).
pub type Violations = [u32; 4];

/// Weights per requirement for the weighted score (all 1 = plain score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "bevy_reflect", derive(bevy_reflect::Reflect))]
pub struct Weights(pub [u32; 4]);

impl Default for Weights {
    fn default() -> Self {
        Weights([1; 4])
    }
}

impl Weights {
    /// The BRKGA study's weights: REQ1 × 100 and REQ3 × 10000.
    pub const BRKGA_STUDY: Weights = Weights([100, 1, 10000, 1]);

    /// The BRKGA thesis's "unweighted" runs: REQ3 × 100, the rest × 1.
    pub const THESIS: Weights = Weights([1, 1, 100, 1]);

    /// The weights a rule set scores with when none are given: all 1,
    /// except [`Rules::Thesis`], whose REQ3 weighs 100 ([`Weights::THESIS`])
    /// as in the thesis's unweighted runs. Given weights (`--weights`, the
    /// app's boxes) replace these whole.
    ///
    /// ```
    /// use evoboard_core::boards::terra_mystica::{Rules, Weights};
    /// assert_eq!(Weights::for_rules(Rules::Strict), Weights::default());
    /// assert_eq!(Weights::for_rules(Rules::Thesis).0, [1, 1, 100, 1]);
    /// ```
    pub fn for_rules(rules: Rules) -> Weights {
        match rules {
            Rules::Strict | Rules::Published | Rules::Table => Weights::default(),
            Rules::Thesis | Rules::ThesisPerHex => Weights::THESIS,
        }
    }

    /// The weighted score of `v`.
    pub fn score(&self, v: &Violations) -> u64 {
        v.iter()
            .zip(self.0)
            .map(|(&c, w)| c as u64 * w as u64)
            .sum()
    }
}

/// The local terms of hex `i`: `[req1, req2, 0, req4]` contributions.
#[inline]
pub fn local_terms(grid: &HexGrid, tiles: &[u8], rules: Rules, i: HexIndex) -> [u8; 4] {
    let t = tiles[i as usize];
    let nb = grid.neighbours(i);
    if t == RIVER {
        let mut rn = 0u8;
        let mut border_rn = 0u8;
        for &j in nb {
            if tiles[j as usize] == RIVER {
                rn += 1;
                border_rn += grid.is_border(j) as u8;
            }
        }
        let bad = match rules {
            Rules::Strict | Rules::Table => !(1..=3).contains(&rn),
            Rules::Published => {
                rn == 0 || (rn == 1 && !grid.is_border(i)) || (rn == 2 && border_rn == 2) || rn > 3
            }
            Rules::Thesis | Rules::ThesisPerHex => rn > 3,
        };
        return [0, bad as u8, 0, 0];
    }
    let mut same = 0u8;
    let mut land = 0u8;
    let mut one_spade = false;
    for &j in nb {
        let u = tiles[j as usize];
        if u == RIVER {
            continue;
        }
        land += 1;
        same += (u == t) as u8;
        one_spade |= spades(t, u) == Some(1);
    }
    match rules {
        Rules::Strict | Rules::Table => [(same > 0) as u8, 0, 0, !one_spade as u8],
        Rules::Published => [
            same,
            (land == 0 && !nb.is_empty()) as u8,
            0,
            (land >= 3 && !one_spade) as u8,
        ],
        // REQ2 is about river hexes only.
        Rules::Thesis => [same, 0, 0, (land >= 3 && !one_spade) as u8],
        Rules::ThesisPerHex => [same, 0, 0, !one_spade as u8],
    }
}

/// Number of connected river components (`scratch` is reused to avoid
/// allocation; it is resized as needed).
pub fn river_components(
    grid: &HexGrid,
    tiles: &[u8],
    scratch: &mut Vec<HexIndex>,
    seen: &mut Vec<bool>,
) -> u32 {
    seen.clear();
    seen.resize(tiles.len(), false);
    let mut comps = 0;
    for s in 0..tiles.len() {
        if tiles[s] != RIVER || seen[s] {
            continue;
        }
        comps += 1;
        seen[s] = true;
        scratch.clear();
        scratch.push(s as HexIndex);
        while let Some(i) = scratch.pop() {
            for &j in grid.neighbours(i) {
                if tiles[j as usize] == RIVER && !seen[j as usize] {
                    seen[j as usize] = true;
                    scratch.push(j);
                }
            }
        }
    }
    comps
}

/// REQ3 from a component count.
#[inline]
pub fn req3(rules: Rules, components: u32) -> u32 {
    match rules {
        Rules::Strict | Rules::Table => components.saturating_sub(1),
        Rules::Published => components.saturating_sub(2),
        Rules::Thesis | Rules::ThesisPerHex => (components > 2) as u32,
    }
}

/// Full evaluation: REQ1..REQ4.
pub fn evaluate(grid: &HexGrid, tiles: &[u8], rules: Rules) -> Violations {
    let mut v = [0u32; 4];
    for i in grid.indices() {
        let t = local_terms(grid, tiles, rules, i);
        for k in 0..4 {
            v[k] += t[k] as u32;
        }
    }
    let comps = river_components(grid, tiles, &mut Vec::new(), &mut Vec::new());
    v[2] = req3(rules, comps);
    v
}

/// The weighted score of `tiles` under `rules`: `weights` times REQ1..REQ4,
/// plus under [`Rules::Table`] the weighted excesses of the `table`
/// figures over their bounds ([`super::table::penalty`]). What the
/// searches minimise.
pub fn score(grid: &HexGrid, tiles: &[u8], rules: Rules, weights: Weights) -> u64 {
    let req = weights.score(&evaluate(grid, tiles, rules));
    if rules != Rules::Table {
        return req;
    }
    req + super::table::penalty(&super::table::table_figures(grid, tiles).excess())
}

/// Hexes that break a local requirement (for highlighting), one bit per
/// requirement (bit 0 = REQ1, bit 1 = REQ2, bit 3 = REQ4); under
/// [`Rules::Table`] bit 4 marks a hex behind a `table` excess
/// ([`super::table::table_hexes`]).
pub fn broken_hexes(grid: &HexGrid, tiles: &[u8], rules: Rules) -> Vec<u8> {
    let table = (rules == Rules::Table).then(|| super::table::table_hexes(grid, tiles));
    grid.indices()
        .map(|i| {
            let t = local_terms(grid, tiles, rules, i);
            let m = (0..4).fold(0u8, |m, k| if t[k] > 0 { m | 1 << k } else { m });
            let shape = table.as_ref().is_some_and(|s| s[i as usize] != 0);
            m | (shape as u8) << 4
        })
        .collect()
}
