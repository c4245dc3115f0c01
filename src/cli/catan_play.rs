//! Catan fairness by play on the command line: `evaluate catan --play N`
//! (the `play` JSON key) and `generate catan --fair-by-play K`.

use super::common::CliError;
use crate::boards::catan::CatanBoard;
use crate::boards::catan::play::{
    Bot, FAST_FAMILIES, MAX_GAMES, MAX_SEATS, PlayConfig, PlayReport, RobustReport, Rules,
    play_families, play_test,
};
use clap::Args;
use serde_json::{Value, json};

/// The play-test flags of `evaluate` and `generate`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Catan: play N games with bots at every seat and report each seat's
    /// win share (`play` in the JSON); 1 to 1000000.
    #[arg(long, value_name = "N", value_parser = parse_games)]
    pub play: Option<u32>,
    /// The bots of a play-test: value (one-ply greedy, default), planner
    /// (deterministic weighted evaluation), search (Monte Carlo over the
    /// planner) or random (weighted random) at every seat; or one per
    /// seat comma-separated (e.g. search,planner,planner,planner), then
    /// rotated one seat per game and tallied per lineup position too
    /// (`lineup_win_share`); or `families` (value and planner) or
    /// `families:LIST` (e.g. families:value,planner,search): each family
    /// at every seat of its own play-test, and the worst family's seat
    /// advantage as `robust_seat_advantage`.
    #[arg(long, default_value = "value", value_parser = parse_bots)]
    pub bots: Lineup,
    /// Trades between players: once a turn a bot offers 1 for 1 or 2 for
    /// 1 for what its next build lacks; the others accept when it raises
    /// their own evaluation.
    #[arg(long)]
    pub trades: bool,
    /// Worker threads of a play-test (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Seats of a play-test: 3 or 4 on the base island (default 4), 5 or 6
    /// on the 5–6 island (default 6).
    #[arg(long, value_parser = clap::value_parser!(u8).range(3..=6))]
    pub seats: Option<u8>,
}

fn parse_games(s: &str) -> Result<u32, String> {
    let n: u64 = s
        .parse()
        .map_err(|_| format!("'{s}' is not a number of games; allowed: 1..={MAX_GAMES}"))?;
    if n == 0 || n > MAX_GAMES as u64 {
        return Err(format!(
            "{n} games is out of range; allowed: 1..={MAX_GAMES}"
        ));
    }
    Ok(n as u32)
}

/// The bots of `--bots`: one for every seat, one per seat, or families
/// each played at every seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup(pub Vec<Bot>, pub Families);

/// Whether `--bots` named families (each at every seat of its own games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Families(pub bool);

fn parse_bots(s: &str) -> Result<Lineup, String> {
    let s = s.trim();
    if s == "families" {
        return Ok(Lineup(FAST_FAMILIES.to_vec(), Families(true)));
    }
    let (list, families) = match s.strip_prefix("families:") {
        Some(list) => (list, true),
        None => (s, false),
    };
    let bots: Vec<Bot> = list
        .split(',')
        .map(|b| b.trim().parse::<Bot>())
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    if families {
        if bots
            .iter()
            .any(|b| bots.iter().filter(|&c| c == b).count() > 1)
        {
            return Err(format!(
                "'{s}' names a family twice; allowed: each of {} once",
                Bot::ALLOWED
            ));
        }
        return Ok(Lineup(bots, Families(true)));
    }
    if bots.len() > MAX_SEATS {
        return Err(format!(
            "{} bots; allowed: one for every seat or one per seat (3 to 6)",
            bots.len()
        ));
    }
    Ok(Lineup(bots, Families(false)))
}

impl Lineup {
    /// The name `--bots` was given as (`value`, `random`, the list, or
    /// `families:LIST`).
    pub fn name(&self) -> String {
        let list = self
            .0
            .iter()
            .map(|b| b.name())
            .collect::<Vec<_>>()
            .join(",");
        if self.1.0 {
            format!("families:{list}")
        } else {
            list
        }
    }

    /// The families to play each at every seat, if `--bots` named them.
    pub fn families(&self) -> Option<&[Bot]> {
        self.1.0.then_some(&self.0[..])
    }

    fn is_default(&self) -> bool {
        self.0 == [Bot::Value] && !self.1.0
    }
}

impl PlayArgs {
    /// The play-test of `games` games these flags ask for, seeded by
    /// `seed`; a lineup of several bots sets the seats to its length
    /// (`--seats` must agree) and rotates.
    pub fn config(&self, games: u32, seed: u64) -> Result<PlayConfig, CliError> {
        let list = &self.bots.0;
        let mut bots = [list[0]; MAX_SEATS];
        let mut seats = self.seats.unwrap_or(0);
        if list.len() > 1 && !self.bots.1.0 {
            if seats != 0 && seats as usize != list.len() {
                return Err(CliError(format!(
                    "--bots names {} seats, --seats {seats}; allowed: the same number",
                    list.len()
                )));
            }
            seats = list.len() as u8;
            bots[..list.len()].copy_from_slice(list);
        }
        Ok(PlayConfig {
            games,
            seats,
            bots,
            rotate: list.len() > 1 && !self.bots.1.0,
            seed,
            threads: self.threads,
            rules: Rules {
                trades: self.trades,
            },
        })
    }

    /// Whether any play-test flag other than `--play` was given without it.
    pub fn check_alone(&self, what: &str) -> Result<(), CliError> {
        if self.play.is_none()
            && (!self.bots.is_default() || self.threads != 0 || self.seats.is_some() || self.trades)
        {
            return Err(CliError(format!(
                "--bots, --threads, --seats and --trades set up a play-test: add --play N ({what})"
            )));
        }
        Ok(())
    }
}

/// Play-test `board` as `cfg` says, with a progress bar on a terminal.
pub fn run(board: &CatanBoard, cfg: &PlayConfig) -> Result<PlayReport, CliError> {
    let bar = super::common::progress_bar(cfg.games as u64, "games");
    let report = play_test(board, cfg, &|k| {
        if k % 64 == 0 {
            bar.set_position(k as u64);
        }
        true
    });
    bar.finish_and_clear();
    report.map_err(|e| CliError(e.to_string()))
}

/// A play-test's result: one lineup's, or each family's with the robust
/// figure (`--bots families…`).
pub enum Played {
    /// One lineup.
    One(PlayReport),
    /// Each family at every seat.
    Families(RobustReport),
}

impl Played {
    /// The `play` JSON ([`report_json`] or [`robust_json`]).
    pub fn json(&self) -> Value {
        match self {
            Played::One(r) => report_json(r),
            Played::Families(r) => robust_json(r),
        }
    }

    /// Print it for a person.
    pub fn print(&self) {
        match self {
            Played::One(r) => print_report(r),
            Played::Families(r) => print_robust(r),
        }
    }
}

/// Play-test `board` as the flags ask, `None` without `--play` (the same
/// games for `evaluate` and `generate`).
pub fn play_if_asked(
    args: &PlayArgs,
    board: &CatanBoard,
    seed: u64,
) -> Result<Option<Played>, CliError> {
    let Some(n) = args.play else {
        return Ok(None);
    };
    let cfg = args.config(n, seed)?;
    Ok(Some(match args.bots.families() {
        Some(families) => Played::Families(run_families(board, families, &cfg)?),
        None => Played::One(run(board, &cfg)?),
    }))
}

/// Play-test `board` with each of `families` at every seat, with a
/// progress bar on a terminal.
pub fn run_families(
    board: &CatanBoard,
    families: &[Bot],
    cfg: &PlayConfig,
) -> Result<RobustReport, CliError> {
    let total = cfg.games as u64 * families.len() as u64;
    let bar = super::common::progress_bar(total, "games");
    let report = play_families(board, families, cfg, &|k| {
        if k % 64 == 0 {
            bar.set_position(k as u64);
        }
        true
    });
    bar.finish_and_clear();
    report.map_err(|e| CliError(e.to_string()))
}

/// The `play` JSON of a families play-test: `games`, `seats`,
/// `families` (per family: `family` and the keys of [`report_json`]),
/// `robust_seat_advantage` (`value`, `low`, `high`) and `worst_family`.
pub fn robust_json(r: &RobustReport) -> Value {
    let families: Vec<Value> = r
        .families
        .iter()
        .map(|f| {
            let mut v = report_json(&f.play);
            v["family"] = json!(f.family);
            v
        })
        .collect();
    let first = r.families.first().map(|f| &f.play);
    json!({
        "games": first.map_or(0, |p| p.games),
        "seats": first.map_or(0, |p| p.seats),
        "families": families,
        "robust_seat_advantage": r.robust_seat_advantage,
        "worst_family": r.worst_family,
    })
}

/// A families play-test as text: a line per family, then the robust
/// figure.
pub fn print_robust(r: &RobustReport) {
    let Some(first) = r.families.first().map(|f| &f.play) else {
        return;
    };
    println!(
        "play: {} games per family, {} seats, each family at every seat",
        first.games, first.seats
    );
    let header: String = (1..=first.seats as usize)
        .map(|k| format!("  seat {k}"))
        .collect();
    println!("family    {header}  seat advantage (95% interval)");
    for f in &r.families {
        let shares: String = f
            .play
            .seat_win_share
            .iter()
            .map(|s| format!("  {:.3} ", s.share))
            .collect();
        let a = f.seat_advantage;
        println!(
            "{:<8}  {shares}  {:.3} [{:.3}, {:.3}]",
            f.family, a.value, a.low, a.high
        );
    }
    let a = r.robust_seat_advantage;
    println!(
        "robust seat advantage (the worst family, {}): {:.3} [{:.3}, {:.3}]",
        r.worst_family, a.value, a.low, a.high
    );
}

/// The `play` JSON of a report: `games`, `draws`, `seats`, `bots`,
/// `seat_win_share` (per seat: `wins`, `share`, `low`, `high`),
/// `seat_advantage`, `seat_advantage_interval`, `opening_pips`, `mean_turns`, `games_per_sec`,
/// `harbours_placed`.
pub fn report_json(r: &PlayReport) -> Value {
    json!({
        "games": r.games,
        "draws": r.draws,
        "seats": r.seats,
        "bots": r.bots,
        "seat_win_share": r.seat_win_share,
        "seat_advantage": r.seat_advantage,
        "seat_advantage_interval": r.seat_advantage_interval,
        "opening_pips": r.opening_pips,
        "opening_pip_spread": pip_spread(r),
        "mean_turns": r.mean_turns,
        "games_per_sec": r.games_per_sec,
        "harbours_placed": r.harbours_placed,
        "lineup_win_share": r.lineup_win_share,
    })
}

/// Largest minus smallest seat's mean opening pips.
pub fn pip_spread(r: &PlayReport) -> f64 {
    let lo = r.opening_pips.iter().copied().fold(f64::MAX, f64::min);
    let hi = r.opening_pips.iter().copied().fold(f64::MIN, f64::max);
    hi - lo
}

/// The report as text: one line per seat.
pub fn print_report(r: &PlayReport) {
    println!(
        "play: {} games ({} draws), {} seats, bots {}, {:.1} turns a game, {:.0} games/s",
        r.games,
        r.draws,
        r.seats,
        r.bots.join(","),
        r.mean_turns,
        r.games_per_sec
    );
    println!("seat  wins  share   95% interval    opening pips");
    for (k, s) in r.seat_win_share.iter().enumerate().take(MAX_SEATS) {
        println!(
            "{:>4}  {:>4}  {:.3}  [{:.3}, {:.3}]  {:.2}",
            k + 1,
            s.wins,
            s.share,
            s.low,
            s.high,
            r.opening_pips[k]
        );
    }
    let [low, high] = r.seat_advantage_interval;
    println!(
        "seat advantage (max - min share) {:.3} [{low:.3}, {high:.3}], opening pip spread {:.2}",
        r.seat_advantage,
        pip_spread(r)
    );
    if r.bots.iter().any(|&b| b != r.bots[0]) {
        println!("by lineup position (rotated over the seats):");
        for (b, s) in r.bots.iter().zip(&r.lineup_win_share) {
            println!(
                "  {b:<6}  {:>4}  {:.3}  [{:.3}, {:.3}]",
                s.wins, s.share, s.low, s.high
            );
        }
    }
}
