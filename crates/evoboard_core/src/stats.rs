//! Statistics the domains share: the Wilson score interval of a win rate
//! (domino records, Catan play-tests' seat shares and their comparisons).

/// The normal quantile for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95 % Wilson score interval of `wins` successes in `n` trials
/// (`[0, 1]` for no trials). Unlike the normal approximation it stays
/// inside [0, 1] and is sound for small samples such as 50 matches.
///
/// ```
/// let [lo, hi] = evoboard_core::stats::wilson_interval(30, 50);
/// assert!((lo - 0.4618).abs() < 1e-4 && (hi - 0.7239).abs() < 1e-4);
/// ```
pub fn wilson_interval(wins: u32, n: u32) -> [f64; 2] {
    wilson_interval_z(wins, n, Z95)
}

/// [`wilson_interval`] for the normal quantile `z` (1.96 for 95 %; a
/// larger `z` for intervals that must hold together, as the seats of a
/// play-test's seat advantage).
pub fn wilson_interval_z(wins: u32, n: u32, z: f64) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = n as f64;
    let p = wins as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    [(center - half).max(0.0), (center + half).min(1.0)]
}
