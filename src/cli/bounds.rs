//! The ranges of the CLI's numeric flags, checked by clap when it parses
//! (an out-of-range value is refused before any work, with the range in the
//! error), and the time-limit parser shared by `generate` and `bench`.

use clap::builder::RangedU64ValueParser;

/// The longest `--time-limit` (one day), in seconds.
pub const MAX_TIME_LIMIT_SECS: f64 = 86_400.0;

/// Most worker threads a `--threads` flag takes.
pub const MAX_THREADS: u64 = 256;

/// `--threads N`: 1..=[`MAX_THREADS`].
pub fn threads() -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS)
}

/// A `usize` flag within `lo..=hi`.
pub fn usize_in(lo: u64, hi: u64) -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::<usize>::new().range(lo..=hi)
}

/// A `u64` flag within `lo..=hi`.
pub fn u64_in(lo: u64, hi: u64) -> RangedU64ValueParser<u64> {
    RangedU64ValueParser::<u64>::new().range(lo..=hi)
}

/// `--time-limit SECONDS`: a number above 0 and at most one day.
pub fn parse_time_limit(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !v.is_finite() || v <= 0.0 || v > MAX_TIME_LIMIT_SECS {
        return Err(format!(
            "a time limit is a number of seconds above 0 and at most {MAX_TIME_LIMIT_SECS} \
             (one day), got {s}"
        ));
    }
    Ok(v)
}
