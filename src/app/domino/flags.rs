//! The flags of `evoboard app --game domino`: checked before a window
//! opens ([`validate`]) and turned into the settings of the first match
//! ([`settings_from_args`]).

use super::{DominoSettings, SeatController};
use crate::app::AppArgs;
use crate::domino::{AiKind, CoefSet, SeatAi};

/// The flags of the domino screen, for error messages.
const DOMINO_FLAGS: &str = "--seed N, --autoplay (an AI plays your seat), --steps-per-second S (AI moves per second), --seats human[:NAME]|AI,… (4 seats), --records FILE, --show records|hint, --join HOST:PORT [--seat K] [--name NAME], --host-port P, and --screenshot PATH --frames N";

/// Check the domino flags of `evoboard app --game domino` (see
/// `DOMINO_FLAGS`); the flags of the other screens are refused, and the
/// error says what is allowed.
pub fn validate(args: &AppArgs) -> Result<(), String> {
    if let Some(s) = args.steps_per_second
        && !(s.is_finite() && s >= 0.0)
    {
        return Err(format!(
            "--steps-per-second {s}: AI moves per second must be 0 (one a frame) or more"
        ));
    }
    let unused = [
        ("--algorithm", args.algorithm.is_some()),
        ("--rules", args.rules.is_some()),
        ("--param", !args.params.is_empty()),
        ("--size", args.size.is_some()),
        ("--difficulty", args.difficulty.is_some()),
        ("--puzzle-rules", args.puzzle_rules.is_some()),
        ("--grade", args.grade.is_some()),
        ("--run", args.run),
    ];
    if let Some((flag, _)) = unused.iter().find(|(_, set)| *set) {
        return Err(format!(
            "{flag} is not used by --game domino; its flags are {DOMINO_FLAGS}"
        ));
    }
    if let Some(seats) = &args.seats {
        parse_seats(seats)?;
    }
    if let Some(show) = &args.show
        && !["records", "hint"].contains(&show.as_str())
    {
        return Err(format!("--show {show}: it shows `records` or `hint`"));
    }
    if args.join.is_some() && args.host_port.is_some() {
        return Err("--join and --host-port: join a match or host one, not both".into());
    }
    if args.join.is_none() && (args.seat.is_some() || args.name.is_some()) {
        return Err("--seat and --name go with --join HOST:PORT".into());
    }
    if let Some(k) = args.seat
        && k > 3
    {
        return Err(format!("--seat {k}: seats are 0 to 3"));
    }
    if let Some(addr) = &args.join
        && !addr
            .rsplit_once(':')
            .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok())
    {
        return Err(format!(
            "--join {addr}: give HOST:PORT, e.g. 127.0.0.1:7878"
        ));
    }
    if args.host_port.is_some() {
        let seats = args
            .seats
            .as_deref()
            .map(parse_seats)
            .transpose()?
            .map(|(s, _)| s);
        if seats.is_some_and(|s| !s.contains(&SeatController::Human)) {
            return Err("--host-port: --seats needs a `human` seat for you".into());
        }
    }
    Ok(())
}

/// The AI of a seat by its agent's name (`basic`, `hand`, `s1`..`s4`,
/// `t1`..`t4` with `@2` for stage 2, `mc:16`, `mc:64`, `mc:256`,
/// `mc:1024`): the choices the settings offer.
pub fn seat_ai_named(name: &str) -> Option<SeatAi> {
    let mut all = Vec::new();
    for kind in AiKind::ALL {
        for coefs in CoefSet::ALL {
            for strength in 1..=4 {
                all.push(SeatAi {
                    kind,
                    coefs,
                    strength,
                });
            }
        }
    }
    all.into_iter().find(|a| a.agent_name() == name)
}

/// `--seats`: four comma-separated seats, `human` or `human:NAME` for a
/// person at this machine, or an AI by its agent name (see
/// `seat_ai_named`). Returns the seats and the people's names (empty
/// when not given).
pub fn parse_seats(list: &str) -> Result<([SeatController; 4], [String; 4]), String> {
    let parts: Vec<&str> = list.split(',').map(str::trim).collect();
    if parts.len() != 4 {
        return Err(format!(
            "--seats {list}: give 4 seats, e.g. human:Ana,t1,human:Bea,t1"
        ));
    }
    let mut seats = [SeatController::Human; 4];
    let mut names: [String; 4] = Default::default();
    for (i, p) in parts.iter().enumerate() {
        if *p == "human" {
            continue;
        }
        if let Some(name) = p.strip_prefix("human:") {
            names[i] = name.to_string();
            continue;
        }
        seats[i] = SeatController::Ai(seat_ai_named(p).ok_or_else(|| {
            format!(
                "--seats: `{p}` is not a seat; use human, human:NAME, basic, hand, s1..s4, t1..t4 (add @2 for stage 2), mc:16, mc:64, mc:256 or mc:1024"
            )
        })?);
    }
    Ok((seats, names))
}

/// The settings for the command-line flags: the seed, `--seats`,
/// `--autoplay` (seat 0 played by `basic`, rounds follow each other, one
/// move a frame unless `--steps-per-second` says otherwise), and
/// `--steps-per-second` (AI moves per second; 0 = one a frame). A scripted
/// run (`--screenshot`) starts at once instead of waiting in the settings.
pub fn settings_from_args(args: &AppArgs, base: &DominoSettings) -> DominoSettings {
    let mut s = base.clone();
    if let Some(seed) = args.seed {
        s.seed = seed;
    }
    if let Some(Ok((seats, names))) = args.seats.as_deref().map(parse_seats) {
        s.seats = seats;
        s.names = names;
    }
    if args.autoplay {
        s.autoplay = true;
        s.seats[0] = SeatController::Ai(SeatAi::basic());
        s.ai_delay = 0.0;
    }
    if args.screenshot.is_some() || args.autoplay {
        s.start_paused = false;
    }
    if let Some(sps) = args.steps_per_second {
        s.ai_delay = if sps > 0.0 { 1.0 / sps } else { 0.0 };
    }
    if args.autoplay {
        // Rounds follow each other at the pace of the moves: with the
        // default pace (one move a frame) a scripted run shows the same
        // position at the same frame every time.
        s.auto_next_round = Some((5.0 * s.ai_delay).min(0.5));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_name_people_and_ais() {
        let (seats, names) = parse_seats("human:Ana,t1,human:Bea,mc:256").unwrap();
        assert_eq!(seats[0], SeatController::Human);
        assert_eq!(names[2], "Bea");
        assert!(parse_seats("human,t1").is_err());
    }
}
