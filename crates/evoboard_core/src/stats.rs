//! Statistics the domains and the front ends share: mean, standard
//! deviation and median (bench runs, GA runs, play-tests), the one-sample
//! t-test and the χ² test of win counts (domino duels and tuning), and the
//! Wilson score interval of a win rate (domino records, Catan play-tests'
//! seat shares and their comparisons).

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

/// Arithmetic mean (0 for an empty slice).
///
/// ```
/// use evoboard_core::stats::{mean, sd};
/// assert_eq!(mean(&[1.0, 2.0, 3.0]), 2.0);
/// assert_eq!(sd(&[1.0, 2.0, 3.0]), 1.0);
/// assert_eq!((mean(&[]), sd(&[5.0])), (0.0, 0.0));
/// ```
pub fn mean(x: &[f64]) -> f64 {
    if x.is_empty() {
        return 0.0;
    }
    x.iter().sum::<f64>() / x.len() as f64
}

/// Sample standard deviation (n − 1 in the denominator; 0 below 2 values).
pub fn sd(x: &[f64]) -> f64 {
    if x.len() < 2 {
        return 0.0;
    }
    let m = mean(x);
    (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (x.len() - 1) as f64).sqrt()
}

/// A test statistic and its two-sided p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TestResult {
    /// t or χ².
    pub statistic: f64,
    /// Degrees of freedom.
    pub df: f64,
    /// Two-sided p-value (upper tail for χ²).
    pub p_value: f64,
}

/// One-sample t-test of H0: the mean of `x` equals `mu0`.
pub fn t_test(x: &[f64], mu0: f64) -> TestResult {
    let n = x.len() as f64;
    let df = n - 1.0;
    let se = sd(x) / n.sqrt();
    t_result((mean(x) - mu0) / se, df)
}

/// The two-sided p-value of Student's `t` with `df` degrees of freedom.
fn t_result(t: f64, df: f64) -> TestResult {
    let p_value = if t.is_finite() && df > 0.0 {
        incomplete_beta(df / 2.0, 0.5, df / (df + t * t))
    } else if t.is_nan() {
        1.0
    } else {
        0.0
    };
    TestResult {
        statistic: t,
        df,
        p_value,
    }
}

/// One-sample t-test of a success rate: `successes` of `n` 0/1 outcomes
/// (e.g. matches won) against H0: rate = `rate0`.
pub fn t_test_rate(successes: u64, n: u64, rate0: f64) -> TestResult {
    let nf = n as f64;
    let p = successes as f64 / nf;
    let df = nf - 1.0;
    let var = if n > 1 { p * (1.0 - p) * nf / df } else { 0.0 };
    t_result((p - rate0) / (var / nf).sqrt(), df)
}

/// χ² goodness-of-fit of observed counts against equal expected counts
/// (e.g. head-to-head wins: are the two sides equally strong?).
pub fn chi_square_uniform(observed: &[u64]) -> TestResult {
    let n: u64 = observed.iter().sum();
    let k = observed.len() as f64;
    let e = n as f64 / k;
    let chi: f64 = observed.iter().map(|&o| (o as f64 - e).powi(2) / e).sum();
    let df = k - 1.0;
    TestResult {
        statistic: chi,
        df,
        p_value: upper_gamma(df / 2.0, chi / 2.0),
    }
}

fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 6] = [
        76.180_091_729_471_46,
        -86.505_320_329_416_77,
        24.014_098_240_830_91,
        -1.231_739_572_450_155,
        0.120_865_097_386_617_9e-2,
        -0.539_523_938_495_3e-5,
    ];
    let mut y = x;
    let tmp = x + 5.5;
    let tmp = tmp - (x + 0.5) * tmp.ln();
    let mut ser = 1.000_000_000_190_015;
    for g in G {
        y += 1.0;
        ser += g / y;
    }
    -tmp + (2.506_628_274_631_000_5 * ser / x).ln()
}

/// Regularized upper incomplete gamma Q(a, x) = 1 − P(a, x), computed
/// directly in the upper tail (a continued fraction) so that tiny p-values
/// (χ² in the hundreds) do not round to 0.
fn upper_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let log_front = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * log_front.exp()
    } else {
        let mut b = x + 1.0 - a;
        let mut c = 1e300;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < 1e-300 {
                d = 1e-300;
            }
            c = b + an / c;
            if c.abs() < 1e-300 {
                c = 1e-300;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        log_front.exp() * h
    }
}

/// Regularized incomplete beta I_x(a, b).
fn incomplete_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let bt = (ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln()).exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        bt * beta_cf(a, b, x) / a
    } else {
        1.0 - bt * beta_cf(b, a, 1.0 - x) / b
    }
}

fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < 1e-300 {
        d = 1e-300;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..1000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < 1e-300 { 1e-300 } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < 1e-300 { 1e-300 } else { c };
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < 1e-300 { 1e-300 } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < 1e-300 { 1e-300 } else { c };
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// The median of `v` (sorts it; NaN when empty).
///
/// ```
/// assert_eq!(evoboard_core::stats::median(&mut [3.0, 1.0, 2.0, 10.0]), 2.5);
/// ```
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The mean and the sample standard deviation of `x` ((0, 0) when empty).
pub fn mean_sd(x: &[f64]) -> (f64, f64) {
    (mean(x), sd(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        let x = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert!((mean(&x) - 3.0).abs() < 1e-12);
        assert!((sd(&x) - 2.5f64.sqrt()).abs() < 1e-12);
        // t = (3 - 2) / (sqrt(2.5)/sqrt(5)) = 1.4142, df 4: p = 0.2302
        let t = t_test(&x, 2.0);
        assert!((t.statistic - 2f64.sqrt()).abs() < 1e-9);
        assert!((t.p_value - 0.2302).abs() < 1e-3, "{}", t.p_value);
        // χ² of [60, 40]: 4.0, df 1, p = 0.0455
        let c = chi_square_uniform(&[60, 40]);
        assert!((c.statistic - 4.0).abs() < 1e-12);
        assert!((c.p_value - 0.0455).abs() < 1e-3, "{}", c.p_value);
        // The rate test equals the t-test on the 0/1 outcomes.
        let x01: Vec<f64> = (0..100).map(|i| if i < 60 { 1.0 } else { 0.0 }).collect();
        let a = t_test(&x01, 0.5);
        let b = t_test_rate(60, 100, 0.5);
        assert!((a.statistic - b.statistic).abs() < 1e-9 && (a.p_value - b.p_value).abs() < 1e-9);
        assert!(b.p_value < 0.05 && b.p_value > 0.04, "{}", b.p_value);
        // χ² large x branch: [700, 300] → 160, p = erfc(√80) = 1.13e-36
        // (df 1: Q(½, x) = erfc(√x)), not rounded to 0.
        let p = chi_square_uniform(&[700, 300]).p_value;
        assert!((p / 1.1315e-36 - 1.0).abs() < 1e-3, "{p}");
        // χ² = 349.0 (the t1-t2 cell of the README's table): p = 7.0e-78.
        let p = chi_square_uniform(&[11321, 8679]).p_value;
        assert!(p > 0.0 && (p.log10() + 77.2).abs() < 0.1, "{p}");
    }
}
