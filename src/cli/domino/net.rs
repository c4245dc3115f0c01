//! `evoboard domino host` and `evoboard domino join`: seats over the
//! network (`crate::domino::net`).

use super::super::Outcome;
use super::super::common::{CliError, CliResult, print_report};
use crate::domino::AgentSpec;
use crate::domino::net::{
    DEFAULT_PORT, Host, HostConfig, JOIN_CODE_LEN, JoinOptions, WRONG_CODES_PER_MINUTE,
    WRONG_CODES_PER_MINUTE_NEW_ADDRESSES, code_bits, new_join_code, parse_seats, run_bot_joined,
    sanitize_peer_text,
};
use crate::domino::records::{append, check as check_records, records_path};
use crate::domino::report::HostMatchReport;
use clap::Args;
use evoboard_core::text_safe::clean;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

/// `evoboard domino host [--port P] [--seats …] …`.
#[derive(Args, Debug)]
pub struct HostArgs {
    /// TCP port (0: any free port; the first line printed says which).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Address to listen on (0.0.0.0: every interface; 127.0.0.1: this
    /// machine only).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: String,
    /// The four seats, each `human` or `ai:AGENT` (any agent name).
    #[arg(long, default_value = "human,ai:t1,human,ai:t1")]
    pub seats: String,
    /// Seed of the deals.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How long an AI seat waits before it moves, in milliseconds
    /// (0..=60000).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub ai_delay_ms: u64,
    /// The AI that plays for a person who left.
    #[arg(long, default_value = "t1")]
    pub stand_in: AgentSpec,
    /// After a round, how long to wait for every person's Ready, in
    /// seconds (0..=86400).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub round_pause: u64,
    /// Start after this many seconds even if human seats are empty (AI
    /// stand-ins play them until someone joins; 0..=86400); default: wait.
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub start_after: Option<u64>,
    /// Seconds a person has for one turn before the stand-in plays it for
    /// them (0: no limit; 0..=86400).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub turn_seconds: u64,
    /// The join code clients must give (4 to 32 letters and digits;
    /// default: a fresh random 9-character code, about 44 bits, printed on
    /// the second line; a shorter code gets a warning).
    #[arg(long)]
    pub code: Option<String>,
    /// Append the finished match to this record file when a person played
    /// (default: `$EVOBOARD_RECORDS`, else the user's data folder; see
    /// `domino records`).
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Don't record the match.
    #[arg(long, conflicts_with = "records")]
    pub no_records: bool,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `evoboard domino join HOST:PORT [--seat K] [--name NAME] [--bot AGENT]`.
#[derive(Args, Debug)]
pub struct JoinArgs {
    /// The host's address, HOST:PORT.
    pub addr: String,
    /// The seat to take (0..4; default: the first free human seat).
    #[arg(long)]
    pub seat: Option<u8>,
    /// The host's join code (it prints it when it starts).
    #[arg(long)]
    pub code: Option<String>,
    /// The seat token from an earlier join of this seat (printed by
    /// `--bot` on stderr): needed to come back to a seat already taken.
    #[arg(long)]
    pub token: Option<String>,
    /// The name the others see.
    #[arg(long, default_value = "guest")]
    pub name: String,
    /// Play headless with this agent (any agent name) and print the
    /// result.
    #[arg(long)]
    pub bot: Option<AgentSpec>,
    /// Print the result as one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub(super) fn host(a: HostArgs) -> CliResult {
    let seats = parse_seats(&a.seats).map_err(|e| CliError(format!("--seats: {e}")))?;
    let cfg = HostConfig {
        seats,
        seed: a.seed,
        bind: a.bind,
        port: a.port,
        ai_delay: Duration::from_millis(a.ai_delay_ms),
        stand_in: a.stand_in,
        round_pause: Duration::from_secs(a.round_pause),
        start_after: a.start_after.map(Duration::from_secs),
        join_code: Some(a.code.clone().unwrap_or_else(new_join_code)),
        turn_time: (a.turn_seconds > 0).then(|| Duration::from_secs(a.turn_seconds)),
    };
    // The record file is checked before the match, not found out after.
    if !a.no_records {
        let path = a.records.clone().unwrap_or_else(records_path);
        check_records(&path).map_err(|e| {
            CliError(format!(
                "--records: {}; give another file or pass --no-records",
                clean(&e.to_string())
            ))
        })?;
    }
    let seat_names: Vec<String> = cfg.seats.iter().map(ToString::to_string).collect();
    let stand_in = cfg.stand_in.to_string();
    let handle = Host::start(cfg).map_err(|e| CliError(e.to_string()))?;
    if let Some(c) = a
        .code
        .as_deref()
        .filter(|c| c.chars().count() < JOIN_CODE_LEN)
    {
        eprintln!("{}", short_code_warning(c));
    }
    let code = handle.join_code().unwrap_or_default().to_string();
    println!("hosting on {}", handle.local_addr());
    println!("join code {code}");
    let _ = std::io::stdout().flush();
    if !a.json {
        eprintln!(
            "seats: {}; join with `evoboard domino join HOST:{} --code {code} [--seat K] [--bot AGENT]`",
            seat_names.join(", "),
            handle.local_addr().port()
        );
    }
    // Tell the person running the host when someone guesses the code.
    while !handle.has_ended() {
        for a in handle.alerts() {
            eprintln!("warning: {}", sanitize_peer_text(&a));
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    for a in handle.alerts() {
        eprintln!("warning: {}", sanitize_peer_text(&a));
    }
    let r = handle.wait();
    // A finished match with a person goes to the record file; a failure
    // to write it is reported but never hides the result.
    let (mut recorded, mut record_error) = (None, None);
    if let Some(rec) = r.record(a.seed, &stand_in).filter(|_| !a.no_records) {
        let path = a.records.clone().unwrap_or_else(records_path);
        match append(&path, rec) {
            Ok(n) => recorded = Some((path, n)),
            Err(e) => record_error = Some(e.to_string()),
        }
    }
    if let Some(e) = &record_error {
        eprintln!("the match was not recorded: {e}");
    }
    if a.json {
        return print_report(&HostMatchReport::new(
            r,
            recorded.as_ref().map(|(p, _)| p.as_path()),
            record_error,
        ));
    }
    println!("{}", r.ended);
    println!(
        "score {}-{} after {} rounds",
        r.scores[0], r.scores[1], r.rounds
    );
    for s in &r.stand_ins {
        println!(
            "seat {}: {} stood in for {} from round {} ({})",
            s.seat,
            s.agent,
            sanitize_peer_text(s.person.as_deref().unwrap_or("nobody")),
            s.round,
            sanitize_peer_text(&s.why)
        );
    }
    for (seat, n) in r.turn_timeouts.iter().enumerate().filter(|(_, n)| **n > 0) {
        println!("seat {seat}: the turn time ran out {n} times (the stand-in played those turns)");
    }
    // Peer text is cleaned by the host already; cleaned again here, so
    // nothing a guest sent can drive this terminal.
    for line in &r.refused {
        println!("refused: {}", sanitize_peer_text(line));
    }
    if r.refused_count > r.refused.len() as u64 {
        println!(
            "… {} refusals in all (the first {} shown)",
            r.refused_count,
            r.refused.len()
        );
    }
    for line in &r.dropped {
        println!("dropped: {}", sanitize_peer_text(line));
    }
    if r.dropped_count > r.dropped.len() as u64 {
        println!("… {} connections dropped in all", r.dropped_count);
    }
    if let Some((p, n)) = &recorded {
        println!("recorded in {} ({n} matches there)", p.display());
    }
    match r.winner_team {
        Some(_) => Ok(()),
        None => Err(CliError(format!("no result: {}", r.ended))),
    }
}

/// The warning for a host-chosen code shorter than the default: how many
/// bits it has and how long the host's own guess limit holds it.
fn short_code_warning(code: &str) -> String {
    let bits = code_bits(code);
    // Half the codes, at the host's ceiling of wrong codes looked at.
    let per_minute = WRONG_CODES_PER_MINUTE + WRONG_CODES_PER_MINUTE_NEW_ADDRESSES;
    let days = 2f64.powf(bits - 1.0) / f64::from(per_minute) / (60.0 * 24.0);
    format!(
        "warning: a join code of {} characters has at most {bits:.0} bits: at the host's \
         ceiling of {per_minute} wrong codes a minute, strangers from many addresses try half \
         of them in about {days:.0} days (a long match is safe, a table left open is not); \
         the default code has {JOIN_CODE_LEN} characters (44 bits)",
        code.chars().count()
    )
}

/// `evoboard domino join` without `--bot`: who joins where. The binary
/// opens the app's domino screen with it (the CLI does not import the app).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonJoin {
    /// The host's address, HOST:PORT.
    pub addr: String,
    /// The seat to ask for (0..4), if any.
    pub seat: Option<u8>,
    /// The name the others see.
    pub name: String,
    /// The host's join code.
    pub code: Option<String>,
    /// The seat token from an earlier join of this seat.
    pub token: Option<String>,
}

pub(super) fn join(a: JoinArgs) -> Result<Outcome, CliError> {
    if a.seat.is_some_and(|s| s >= 4) {
        return Err("--seat must be 0, 1, 2 or 3".into());
    }
    let Some(bot) = a.bot else {
        // A person's client is the app's domino screen: the binary opens it.
        return Ok(Outcome::JoinAsPerson(PersonJoin {
            addr: a.addr,
            seat: a.seat,
            name: a.name,
            code: a.code,
            token: a.token,
        }));
    };
    let agent = bot.build().map_err(|e| CliError(format!("--bot: {e}")))?;
    let join = JoinOptions {
        seat: a.seat,
        name: a.name.clone(),
        code: a.code.clone(),
        token: a.token.clone(),
    };
    let r = run_bot_joined(&a.addr, &join, agent.as_ref(), &mut |_| {})
        .map_err(|e| CliError(e.to_string()))?;
    eprintln!(
        "seat {}'s token (to come back to it with --token): {}",
        r.seat, r.token
    );
    if a.json {
        // The bot's result is the JSON object (`BotResult`'s keys).
        print_report(&r)?;
        return Ok(Outcome::Done);
    }
    println!(
        "seat {} ({}): team {} won {}-{} after {} rounds; {} messages received",
        r.seat,
        agent.name(),
        ["A (seats 0 and 2)", "B (seats 1 and 3)"][r.winner_team],
        r.scores[r.winner_team],
        r.scores[1 - r.winner_team],
        r.rounds,
        r.messages_received
    );
    Ok(Outcome::Done)
}
