//! Catan fairness by play on the command line: the play-test flags of
//! `evaluate catan --play N` and `generate catan --play N`, their games
//! ([`crate::boards::catan::fairness::PlayTest`]) and their text; the
//! `play` JSON is the core's
//! [`PlayTestSummary`](crate::boards::catan::fairness::PlayTestSummary).

use super::common::CliError;
use crate::boards::catan::CatanBoard;
use crate::boards::catan::fairness::{PlayTest, pip_spread};
use crate::boards::catan::play::{
    Bot, FAST_FAMILIES, MAX_GAMES, MAX_SEATS, PlayConfig, PlayReport, RobustReport, Rules,
};
use clap::Args;

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

/// Play-test `board` as the flags ask ([`PlayTest::run`], with a progress
/// bar on a terminal), `None` without `--play` (the same games for
/// `evaluate` and `generate`).
pub fn play_if_asked(
    args: &PlayArgs,
    board: &CatanBoard,
    seed: u64,
) -> Result<Option<PlayTest>, CliError> {
    let Some(n) = args.play else {
        return Ok(None);
    };
    let cfg = args.config(n, seed)?;
    let families = args.bots.families();
    let bar = super::common::progress_bar(PlayTest::games_in_all(&cfg, families), "games");
    let played = PlayTest::run(board, &cfg, families, &|k| {
        if k % 64 == 0 {
            bar.set_position(k as u64);
        }
        true
    });
    bar.finish_and_clear();
    Ok(Some(played.map_err(|e| CliError(e.to_string()))?))
}

/// A play-test as text: a line per seat, or a line per family.
pub fn print_play(played: &PlayTest) {
    match played {
        PlayTest::Lineup(r) => print_report(r),
        PlayTest::Families(r) => print_robust(r),
    }
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
