//! Settlers of Catan as a [`BoardProblem`], on either island, with pins.
//!
//! Encoding: the tile list is the unpinned hexes' terrains followed by the
//! tokens of the unpinned hexes that are not deserts, so genes come in two
//! segments: the first gives each unpinned hex (row-major) its terrain,
//! the second deals the tokens in row-major order to the unpinned hexes
//! that are not deserts. Pinned hexes keep the start board's terrain and
//! token. Every gene vector is therefore a legal island that keeps the
//! pins. Local moves swap the terrains of two unpinned hexes (when one is
//! a desert, the whole hexes swap, so a desert never holds a token) or the
//! tokens of two unpinned non-desert hexes. Construction places the
//! terrains hex by hex, then the tokens hex by hex (a desert's step can
//! only take "no token", value 0; a pinned hex's step only its own
//! value). The islands are small enough that every score is a full one.
//!
//! Row crossover ([`BoardProblem::implant_rows`], the thesis's BRKGA): the
//! donor's first two rows (7 hexes on both islands) land on the board's
//! last two rows (7 hexes), hex `j` of the donor's rows on hex `j` of the
//! board's, terrains first, then numbers, each repaired by
//! [`implant_and_repair`] (the pushed-out values go, in order, to the
//! other hexes whose value is now in surplus, row-major). Between the two,
//! the board's token sequence is dealt again, row-major, to the hexes that
//! are not deserts (the desert may have moved). A number is copied only
//! between hexes that are neither deserts nor pinned.

use super::board::{CatanBoard, CatanCode, swap_terrains, swap_tokens};
use super::layout::CatanLayout;
use super::pins::pin_conflicts;
use super::rules::{CatanOptions, evaluate_on, hot, rare};
use crate::boards::published::{BoardProblem, ImplantScratch, Segment, implant_and_repair};
use crate::boards::{BoardError, BoardSetup, HexIndex};

const DESERT: u8 = CatanCode::DESERT;
const NONE: u8 = 255;

/// Catan on one island with optional rules, a start board and pins.
pub struct CatanProblem {
    layout: &'static CatanLayout,
    opts: CatanOptions,
    segments: [Segment; 2],
    /// `pinned[i]`: hex `i` keeps `start[i]`.
    pinned: Vec<bool>,
    /// The start board (or the sorted tile set when there is none).
    start: Vec<u8>,
    has_start: bool,
    codes: Vec<u8>,
    score: u64,
    evaluations: u64,
    terrain: Vec<u8>,
    number: Vec<u8>,
    left_t: [u8; 6],
    left_n: [u8; 13],
    pinned_t: [u8; 6],
    pinned_n: [u8; 13],
    // Row-crossover scratch: terrains, numbers, the token deal, eligibility.
    row_t: Vec<u8>,
    row_n: Vec<u8>,
    deal: Vec<u8>,
    eligible: Vec<bool>,
    implant: ImplantScratch,
}

/// Check a setup against `layout`: the start board's tiles are the
/// island's, pins need a start board and lie on the island, and the pins
/// leave a perfect board possible. Returns the start codes (the sorted
/// tile set when there is no start) and the pin mask.
pub(crate) fn checked_setup(
    layout: &'static CatanLayout,
    opts: &CatanOptions,
    setup: &BoardSetup,
) -> Result<(Option<Vec<u8>>, Vec<bool>), BoardError> {
    let n = layout.hexes();
    if let Some(&p) = setup.pinned.iter().find(|&&p| p as usize >= n) {
        return Err(BoardError::CatanPins {
            problem: format!("hex {p} is off the island; allowed: 0 to {}", n - 1),
        });
    }
    let start = match &setup.start {
        Some(codes) => {
            let board = CatanBoard::try_decode(codes)?;
            if codes.len() != n {
                return Err(BoardError::TileCount {
                    expected: n,
                    got: codes.len(),
                });
            }
            board.validate()?;
            Some(codes.clone())
        }
        None if !setup.pinned.is_empty() => {
            return Err(BoardError::CatanPins {
                problem: "pinned hexes need a start board to take their tiles from".into(),
            });
        }
        None => None,
    };
    let mask = setup.pin_mask(n);
    if let Some(codes) = &start {
        let conflicts = pin_conflicts(layout, codes, &mask, opts);
        if !conflicts.is_empty() {
            return Err(BoardError::CatanPinConflicts { conflicts });
        }
    }
    Ok((start, mask))
}

impl CatanProblem {
    /// The standard island under `opts`, from a random start.
    pub fn new(opts: CatanOptions) -> Self {
        Self::from_parts(CatanLayout::base(), opts, None, vec![false; 19])
    }

    /// The island of `setup.variant` (Standard: base, FiveSixPlayers: 5–6
    /// players; Offset is an error) under `opts`, starting from
    /// `setup.start` and keeping `setup.pinned`. Errors when the start
    /// board is not a legal island of the variant, pins lack a start or
    /// lie off the island, or the pins make a perfect board impossible.
    pub fn with_setup(opts: CatanOptions, setup: &BoardSetup) -> Result<Self, BoardError> {
        let layout = CatanLayout::for_variant(&setup.variant)?;
        let (start, mask) = checked_setup(layout, &opts, setup)?;
        Ok(Self::from_parts(layout, opts, start, mask))
    }

    fn from_parts(
        layout: &'static CatanLayout,
        opts: CatanOptions,
        start: Option<Vec<u8>>,
        pinned: Vec<bool>,
    ) -> Self {
        let n = layout.hexes();
        let has_start = start.is_some();
        let start = start.unwrap_or_else(|| layout.standard_codes());
        let mut terrains = Vec::with_capacity(n);
        for (t, &k) in layout.terrain_counts().iter().enumerate() {
            terrains.extend(std::iter::repeat_n(t as u8, k));
        }
        let mut tokens = layout.tokens().to_vec();
        let mut pinned_t = [0u8; 6];
        let mut pinned_n = [0u8; 13];
        for (_, &c) in start.iter().enumerate().filter(|&(i, _)| pinned[i]) {
            let c = CatanCode::from_byte(c);
            pinned_t[c.terrain() as usize] += 1;
            pinned_n[c.token() as usize] += 1;
            if let Some(k) = terrains.iter().position(|&t| t == c.terrain()) {
                terrains.remove(k);
            }
            if let Some(k) = tokens.iter().position(|&t| t == c.token()) {
                tokens.remove(k);
            }
        }
        let nt = terrains.len();
        let mut p = CatanProblem {
            layout,
            opts,
            segments: [
                Segment {
                    start: 0,
                    pool: terrains,
                },
                Segment {
                    start: nt,
                    pool: tokens,
                },
            ],
            pinned,
            start,
            has_start,
            codes: vec![0; n],
            score: 0,
            evaluations: 0,
            terrain: vec![NONE; n],
            number: vec![NONE; n],
            left_t: [0; 6],
            left_n: [0; 13],
            pinned_t,
            pinned_n,
            row_t: vec![0; n],
            row_n: vec![0; n],
            deal: Vec::with_capacity(n),
            eligible: vec![false; n],
            implant: ImplantScratch::new(n),
        };
        let mut genes = vec![0u8; p.genes()];
        if !p.start_genes(&mut genes) {
            genes[..nt].copy_from_slice(&p.segments[0].pool);
            genes[nt..].copy_from_slice(&p.segments[1].pool);
        }
        let mut board = vec![0u8; n];
        p.build(&genes, &mut board);
        p.load(&board);
        p
    }

    /// The island this problem is on.
    pub fn layout(&self) -> &'static CatanLayout {
        self.layout
    }
}

impl BoardProblem for CatanProblem {
    fn game(&self) -> &'static str {
        "catan"
    }

    fn segments(&self) -> &[Segment] {
        &self.segments
    }

    fn hexes(&self) -> usize {
        self.layout.hexes()
    }

    fn build(&self, genes: &[u8], board: &mut [u8]) {
        let nt = self.segments[0].pool.len();
        let mut terrains = genes[..nt].iter();
        let mut tokens = genes[nt..].iter();
        for (i, b) in board.iter_mut().enumerate() {
            if self.pinned[i] {
                *b = self.start[i];
                continue;
            }
            let t = terrains.next().copied().unwrap_or(DESERT);
            let token = if t == DESERT {
                0
            } else {
                tokens.next().copied().unwrap_or(0)
            };
            *b = CatanCode::new(t, token).byte();
        }
    }

    fn start_genes(&self, genes: &mut [u8]) -> bool {
        self.has_start && self.genes_of(&self.start, genes)
    }

    fn implant_rows(&mut self, donor: &[u8], board: &mut [u8]) -> bool {
        let n = self.layout.hexes();
        let rows = self.layout.rows();
        let first = rows[0] + rows[1];
        let last = rows[rows.len() - 2] + rows[rows.len() - 1];
        if first != last {
            return false;
        }
        let at = n - last;
        self.deal.clear();
        for (i, &c) in board.iter().enumerate() {
            let c = CatanCode::from_byte(c);
            self.row_t[i] = c.terrain();
            self.row_n[i] = c.token();
            if !self.pinned[i] && !c.is_desert() {
                self.deal.push(c.token());
            }
            self.eligible[i] = !self.pinned[i];
        }
        let pinned = &self.pinned;
        let from = |j: usize| (!pinned[j]).then(|| CatanCode::from_byte(donor[j]));
        implant_and_repair(
            &mut self.row_t,
            &self.eligible,
            (0..first).filter_map(|j| from(j).map(|c| (at + j, c.terrain()))),
            &mut self.implant,
        );
        // Deal the token sequence again to the unpinned non-deserts.
        let mut deal = self.deal.iter();
        for i in 0..n {
            if self.pinned[i] {
                continue;
            }
            self.row_n[i] = if self.row_t[i] == DESERT {
                0
            } else {
                deal.next().copied().unwrap_or(0)
            };
            self.eligible[i] = self.row_t[i] != DESERT;
        }
        implant_and_repair(
            &mut self.row_n,
            &self.eligible,
            (0..first).filter_map(|j| {
                from(j)
                    .filter(|c| !c.is_desert())
                    .map(|c| (at + j, c.token()))
            }),
            &mut self.implant,
        );
        for (b, (&t, &k)) in board.iter_mut().zip(self.row_t.iter().zip(&self.row_n)) {
            *b = CatanCode::new(t, k).byte();
        }
        true
    }

    fn genes_of(&self, board: &[u8], genes: &mut [u8]) -> bool {
        let nt = self.segments[0].pool.len();
        let (mut a, mut b) = (0, nt);
        for (i, &c) in board.iter().enumerate() {
            if self.pinned[i] {
                continue;
            }
            let c = CatanCode::from_byte(c);
            genes[a] = c.terrain();
            a += 1;
            if !c.is_desert() {
                genes[b] = c.token();
                b += 1;
            }
        }
        true
    }

    fn score(&mut self, board: &[u8]) -> u64 {
        self.evaluations += 1;
        evaluate_on(self.layout, board, &self.opts).total() as u64
    }

    fn load(&mut self, board: &[u8]) -> u64 {
        self.codes.copy_from_slice(board);
        self.evaluations += 1;
        self.score = evaluate_on(self.layout, &self.codes, &self.opts).total() as u64;
        self.score
    }

    fn current(&self) -> &[u8] {
        &self.codes
    }

    fn current_score(&self) -> u64 {
        self.score
    }

    fn neighbours(&self, i: usize) -> &[HexIndex] {
        self.layout.grid().neighbours(i as HexIndex)
    }

    fn swap_kinds(&self) -> usize {
        2
    }

    fn swap(&mut self, kind: usize, a: usize, b: usize) -> Option<u64> {
        if self.pinned[a] || self.pinned[b] {
            return None;
        }
        let (ca, cb) = (
            CatanCode::from_byte(self.codes[a]),
            CatanCode::from_byte(self.codes[b]),
        );
        if kind == 0 {
            if ca.terrain() == cb.terrain() {
                return None;
            }
            swap_terrains(&mut self.codes, a, b);
        } else {
            if ca.is_desert() || cb.is_desert() || ca.token() == cb.token() {
                return None;
            }
            swap_tokens(&mut self.codes, a, b);
        }
        self.evaluations += 1;
        self.score = evaluate_on(self.layout, &self.codes, &self.opts).total() as u64;
        Some(self.score)
    }

    fn steps(&self) -> usize {
        2 * self.layout.hexes()
    }

    fn values(&self) -> usize {
        13
    }

    fn begin(&mut self) {
        let n = self.layout.hexes();
        self.terrain.fill(NONE);
        self.number.fill(NONE);
        for (l, (&k, &p)) in self
            .left_t
            .iter_mut()
            .zip(self.layout.terrain_counts().iter().zip(&self.pinned_t))
        {
            *l = k as u8 - p;
        }
        self.left_n = [0; 13];
        for &t in self.layout.tokens() {
            self.left_n[t as usize] += 1;
        }
        for (l, &p) in self.left_n.iter_mut().zip(&self.pinned_n) {
            *l = l.saturating_sub(p);
        }
        for i in 0..n {
            if self.pinned[i] {
                let c = CatanCode::from_byte(self.start[i]);
                self.terrain[i] = c.terrain();
                self.number[i] = c.token();
            }
        }
    }

    fn heuristic(&mut self, step: usize, eta: &mut [f64]) {
        eta.fill(0.0);
        let n = self.layout.hexes();
        let g = self.layout.grid();
        let h = step % n;
        if self.pinned[h] {
            let c = CatanCode::from_byte(self.start[h]);
            eta[if step < n { c.terrain() } else { c.token() } as usize] = 1.0;
            return;
        }
        if step < n {
            for t in 0..6u8 {
                if self.left_t[t as usize] > 0 {
                    let same = g
                        .neighbours(step as HexIndex)
                        .iter()
                        .filter(|&&j| self.terrain[j as usize] == t)
                        .count();
                    // Both hexes of a same-terrain pair count in R1.
                    eta[t as usize] = 1.0 / (1.0 + 2.0 * same as f64);
                }
            }
            return;
        }
        if self.terrain[h] == DESERT {
            eta[0] = 1.0;
            return;
        }
        for v in 2..13u8 {
            if self.left_n[v as usize] == 0 {
                continue;
            }
            let mut added = 0u32;
            for &j in g.neighbours(h as HexIndex) {
                let m = self.number[j as usize];
                if m == NONE {
                    continue;
                }
                added += 2 * (hot(v) && hot(m)) as u32;
                added += 2 * (self.opts.no_equal_neighbours && v == m) as u32;
                added += 2 * (self.opts.no_2_12_neighbours && rare(v) && rare(m)) as u32;
            }
            eta[v as usize] = 1.0 / (1.0 + added as f64);
        }
    }

    fn place(&mut self, step: usize, v: u8) {
        let n = self.layout.hexes();
        let h = step % n;
        if self.pinned[h] {
            return;
        }
        if step < n {
            self.terrain[h] = v;
            self.left_t[v as usize] -= 1;
        } else {
            self.number[h] = v;
            if v != 0 {
                self.left_n[v as usize] -= 1;
            }
        }
    }

    fn finish(&mut self, board: &mut [u8]) -> u64 {
        for (b, (&t, &n)) in board.iter_mut().zip(self.terrain.iter().zip(&self.number)) {
            *b = CatanCode::new(t, n).byte();
        }
        self.score(board)
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::boards::catan::CatanBoard;
    use crate::boards::published::random_genes;
    use crate::rng::seeded;

    #[test]
    fn genes_build_legal_islands() {
        let p = CatanProblem::new(CatanOptions::default());
        let mut rng = seeded(3);
        let mut genes = vec![0u8; 37];
        let mut board = vec![0u8; 19];
        for _ in 0..50 {
            random_genes(&p, &mut rng, &mut genes);
            p.build(&genes, &mut board);
            CatanBoard::decode(&board).validate().unwrap();
        }
    }
}
