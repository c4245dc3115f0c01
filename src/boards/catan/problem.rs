//! Settlers of Catan as a [`BoardProblem`].
//!
//! Encoding: the tile list is the 19 terrains followed by the 18 number
//! tokens, so genes come in two segments: genes `0..19` give each hex
//! (row-major) its terrain, genes `19..37` are the tokens dealt in
//! row-major order to the hexes that are not the desert. Every gene vector
//! is therefore a legal island. Local moves swap the terrains of two hexes
//! (when one is the desert, the whole hexes swap, so the desert never holds
//! a token) or the tokens of two non-desert hexes. Construction places the
//! 19 terrains hex by hex, then the tokens hex by hex (the desert's step
//! can only take "no token", value 0). The island has 19 hexes, so a full
//! evaluation is as cheap as a delta and every score is a full one.

use super::board::{CatanCode, TERRAIN_COUNTS, TOKENS, grid, swap_terrains, swap_tokens};
use super::rules::{CatanOptions, evaluate, hot, rare};
use crate::boards::HexIndex;
use crate::boards::published::{BoardProblem, Segment};

const DESERT: u8 = CatanCode::DESERT;
const NONE: u8 = 255;

/// Catan on the standard island with optional rules.
pub struct CatanProblem {
    opts: CatanOptions,
    segments: [Segment; 2],
    codes: Vec<u8>,
    score: u64,
    evaluations: u64,
    terrain: [u8; 19],
    number: [u8; 19],
    left_t: [u8; 6],
    left_n: [u8; 13],
}

impl CatanProblem {
    /// The standard island under `opts`.
    pub fn new(opts: CatanOptions) -> Self {
        let mut terrains = Vec::with_capacity(19);
        for (t, &k) in TERRAIN_COUNTS.iter().enumerate() {
            terrains.extend(std::iter::repeat_n(t as u8, k));
        }
        let mut p = CatanProblem {
            opts,
            segments: [
                Segment {
                    start: 0,
                    pool: terrains,
                },
                Segment {
                    start: 19,
                    pool: TOKENS.to_vec(),
                },
            ],
            codes: vec![0; 19],
            score: 0,
            evaluations: 0,
            terrain: [NONE; 19],
            number: [NONE; 19],
            left_t: [0; 6],
            left_n: [0; 13],
        };
        let mut genes = vec![0u8; 37];
        genes[..19].copy_from_slice(&p.segments[0].pool);
        genes[19..].copy_from_slice(&p.segments[1].pool);
        let mut board = vec![0u8; 19];
        p.build(&genes, &mut board);
        p.load(&board);
        p
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
        19
    }

    fn build(&self, genes: &[u8], board: &mut [u8]) {
        let mut tokens = genes[19..].iter();
        for (b, &t) in board.iter_mut().zip(&genes[..19]) {
            let token = if t == DESERT {
                0
            } else {
                *tokens.next().expect("18 tokens")
            };
            *b = CatanCode::new(t, token).byte();
        }
    }

    fn score(&mut self, board: &[u8]) -> u64 {
        self.evaluations += 1;
        evaluate(board, &self.opts).total() as u64
    }

    fn load(&mut self, board: &[u8]) -> u64 {
        self.codes.copy_from_slice(board);
        self.evaluations += 1;
        self.score = evaluate(&self.codes, &self.opts).total() as u64;
        self.score
    }

    fn current(&self) -> &[u8] {
        &self.codes
    }

    fn current_score(&self) -> u64 {
        self.score
    }

    fn neighbours(&self, i: usize) -> &[HexIndex] {
        grid().neighbours(i as HexIndex)
    }

    fn swap_kinds(&self) -> usize {
        2
    }

    fn swap(&mut self, kind: usize, a: usize, b: usize) -> Option<u64> {
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
        self.score = evaluate(&self.codes, &self.opts).total() as u64;
        Some(self.score)
    }

    fn steps(&self) -> usize {
        38
    }

    fn values(&self) -> usize {
        13
    }

    fn begin(&mut self) {
        self.terrain = [NONE; 19];
        self.number = [NONE; 19];
        self.left_t = [0; 6];
        for (l, &k) in self.left_t.iter_mut().zip(&TERRAIN_COUNTS) {
            *l = k as u8;
        }
        self.left_n = [0; 13];
        for &n in &TOKENS {
            self.left_n[n as usize] += 1;
        }
    }

    fn heuristic(&mut self, step: usize, eta: &mut [f64]) {
        eta.fill(0.0);
        let g = grid();
        if step < 19 {
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
        let h = step - 19;
        if self.terrain[h] == DESERT {
            eta[0] = 1.0;
            return;
        }
        for n in 2..13u8 {
            if self.left_n[n as usize] == 0 {
                continue;
            }
            let mut added = 0u32;
            for &j in g.neighbours(h as HexIndex) {
                let m = self.number[j as usize];
                if m == NONE {
                    continue;
                }
                added += 2 * (hot(n) && hot(m)) as u32;
                added += 2 * (self.opts.no_equal_neighbours && n == m) as u32;
                added += 2 * (self.opts.no_2_12_neighbours && rare(n) && rare(m)) as u32;
            }
            eta[n as usize] = 1.0 / (1.0 + added as f64);
        }
    }

    fn place(&mut self, step: usize, v: u8) {
        if step < 19 {
            self.terrain[step] = v;
            self.left_t[v as usize] -= 1;
        } else {
            self.number[step - 19] = v;
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
