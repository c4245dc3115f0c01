//! A match played one turn at a time, for a table with people at it (the
//! app's domino screen).
//!
//! [`LocalMatch`] holds everything [`play_match`](super::game::play_match)
//! keeps in its loop: the score, the round in progress, the seeded RNG, and
//! the agent of each seat, or `None` for a person. The app asks
//! [`LocalMatch::next_actor`], lets an AI seat move with
//! [`LocalMatch::ai_step`] and a person with [`LocalMatch::human_play`] /
//! [`LocalMatch::human_open`] / [`LocalMatch::human_pass`]. Randomness is
//! consumed exactly as in `play_match` (the next round is dealt as soon as a
//! round ends, which is the next draw anyway), so a match between AI seats
//! gives the same [`MatchResult`] as `play_match` for the same seed.
//!
//! Every event is written to a log with the seat it concerns and a sentence
//! that says why points were scored.

use super::agents::{Agent, EvalAgent};
use super::game::{MAX_ROUNDS, MatchResult, deal, match_winner, opener};
use super::round::{Event, Opening, Round, RoundEnd, Rule, floor5, team_of};
use super::table::{Move, Table};
use super::tiles::{Hand, NUMBER_MASK, Tile};
use crate::rng::{Rng, seeded};

/// What a person calls the seats: seat 0 is the person at the bottom of the
/// screen, play goes clockwise (left, top, right).
pub const SEAT_NAMES: [&str; 4] = ["You", "West", "Partner", "East"];

/// The teams: A = seats 0 and 2, B = seats 1 and 3.
pub const TEAM_NAMES: [&str; 2] = ["Us", "Them"];

/// What the arms are called on screen (arm 0 grows right, 1 left, 2 up,
/// 3 down).
pub const ARM_NAMES: [&str; 4] = ["right", "left", "top", "bottom"];

/// Who is to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// A person's seat is to move.
    Human(u8),
    /// An AI seat is to move.
    Ai(u8),
    /// The round is over; [`LocalMatch::next_round`] starts the next one.
    RoundOver,
    /// The match is over.
    MatchOver,
}

/// What a person may do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HumanChoice {
    /// Open the round with one of these doubles.
    Open(Vec<Tile>),
    /// Play one of these moves (every open arm a tile fits, equivalent arms
    /// included).
    Play(Vec<Move>),
    /// No tile fits: pass.
    MustPass,
}

/// One line of the match log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The round (1-based).
    pub round: u32,
    /// The seat it is about: who played or passed, or whose play scored
    /// (`None` for a blocked round's points and round headers).
    pub seat: Option<u8>,
    /// The engine event (`None` for round headers).
    pub event: Option<Event>,
    /// A sentence for people.
    pub text: String,
}

/// The end of a round, for the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundSummary {
    /// The round (1-based).
    pub number: u32,
    /// Went out or blocked.
    pub end: RoundEnd,
    /// Points of the round (team A, team B).
    pub points: [u32; 2],
    /// Match score after the round.
    pub score: [u32; 2],
    /// Tiles left in each hand.
    pub hands_left: [Hand; 4],
    /// Garagem paid (0 if none or blocked).
    pub garagem: u32,
    /// Every scoring line of the round, in order (rule, team, points).
    pub scoring: Vec<(Rule, usize, u32)>,
    /// Who opens the next round and with what (`None` when the match is
    /// over).
    pub next_opener: Option<(u8, Opening)>,
}

/// A tile on the table, in the order it was laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The tile.
    pub tile: Tile,
    /// The arm, `None` for the spinner.
    pub arm: Option<u8>,
    /// The half that touches the previous tile of the arm (the spinner's
    /// number for the spinner).
    pub inner: u8,
    /// Who laid it.
    pub seat: u8,
}

/// A match to 200 played a turn at a time.
pub struct LocalMatch {
    agents: [Option<Box<dyn Agent>>; 4],
    fallback: EvalAgent,
    rng: Rng,
    seed: u64,
    score: [u32; 2],
    round: Round,
    next: Option<Round>,
    round_number: u32,
    placements: Vec<Placement>,
    passers: Vec<u8>,
    log: Vec<LogEntry>,
    summaries: Vec<RoundSummary>,
    result: Option<MatchResult>,
}

impl std::fmt::Debug for LocalMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LocalMatch")
            .field("seed", &self.seed)
            .field("score", &self.score)
            .field("round", &self.round_number)
            .field("result", &self.result)
            .finish()
    }
}

/// Every legal move of `hand` on `table`, equivalent arms included (a
/// person may choose where the tile goes).
pub fn all_legal_moves(table: &Table, hand: Hand) -> Vec<Move> {
    let mut out = Vec::new();
    if table.spinner.is_none() {
        return out;
    }
    for arm in 0..4u8 {
        if table.open_arms() & (1 << arm) == 0 {
            continue;
        }
        let end = table.arm_end(arm as usize);
        for tile in Hand(hand.0 & NUMBER_MASK[end as usize]).iter() {
            out.push(Move { tile, arm });
        }
    }
    out
}

/// The terms of the table count, as a person adds them up: each arm end
/// that holds a tile (a crosswise double counts both halves), plus the
/// spinner's two halves while arm 1 or 2 is empty.
pub fn count_terms(table: &Table) -> Vec<u32> {
    let Some(s) = table.spinner else {
        return Vec::new();
    };
    let mut terms = Vec::new();
    for a in &table.arms {
        if a.len > 0 {
            terms.push((a.end as u32) << (a.double_end as u32));
        }
    }
    if !table.cross_open() {
        terms.push(2 * s as u32);
    }
    terms
}

impl LocalMatch {
    /// A new match with seed `seed`; `agents[s]` plays seat `s`, `None` is a
    /// person. The first round is dealt at once.
    pub fn new(agents: [Option<Box<dyn Agent>>; 4], seed: u64) -> LocalMatch {
        let mut rng = seeded(seed);
        let hands = deal(&mut rng);
        let (seat, opening) = opener(&hands, None);
        let round = Round::new(hands, seat, opening, [0, 0]);
        let mut m = LocalMatch {
            agents,
            fallback: EvalAgent::basic(),
            rng,
            seed,
            score: [0, 0],
            round,
            next: None,
            round_number: 1,
            placements: Vec::new(),
            passers: Vec::new(),
            log: Vec::new(),
            summaries: Vec::new(),
            result: None,
        };
        m.log_round_start(None);
        m
    }

    /// The seed the match was started with.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether seat `s` is played by a person.
    pub fn is_human(&self, s: u8) -> bool {
        self.agents[s as usize].is_none()
    }

    /// The name of the agent at seat `s` (`"human"` for a person).
    pub fn agent_name(&self, s: u8) -> String {
        self.agents[s as usize]
            .as_ref()
            .map_or_else(|| "human".to_string(), |a| a.name())
    }

    /// The round in progress, or the one just finished.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The round number (1-based).
    pub fn round_number(&self) -> u32 {
        self.round_number
    }

    /// Match score before the current round's points.
    pub fn score_before_round(&self) -> [u32; 2] {
        let s = self.score();
        [s[0] - self.round.points[0], s[1] - self.round.points[1]]
    }

    /// Match score including the current round's points so far.
    pub fn score(&self) -> [u32; 2] {
        if self.round.is_over() {
            // Already added when the round closed.
            self.score
        } else {
            [
                self.score[0] + self.round.points[0],
                self.score[1] + self.round.points[1],
            ]
        }
    }

    /// The tiles of the current round in the order they were laid.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }

    /// The log of the whole match.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The summaries of the finished rounds.
    pub fn summaries(&self) -> &[RoundSummary] {
        &self.summaries
    }

    /// The result, once the match is over.
    pub fn result(&self) -> Option<MatchResult> {
        self.result
    }

    /// Who acts next.
    pub fn next_actor(&self) -> Actor {
        if self.result.is_some() {
            Actor::MatchOver
        } else if self.round.is_over() {
            Actor::RoundOver
        } else if self.is_human(self.round.turn) {
            Actor::Human(self.round.turn)
        } else {
            Actor::Ai(self.round.turn)
        }
    }

    /// The choices of the person to move; `None` when no person is to move.
    pub fn human_choice(&self) -> Option<HumanChoice> {
        let Actor::Human(seat) = self.next_actor() else {
            return None;
        };
        let hand = self.round.hand(seat);
        if self.round.table.spinner.is_none() {
            let doubles = match self.round.opening {
                Opening::Forced(t) => vec![t],
                Opening::AnyDouble => hand.doubles().iter().collect(),
            };
            return Some(HumanChoice::Open(doubles));
        }
        let moves = all_legal_moves(&self.round.table, hand);
        Some(if moves.is_empty() {
            HumanChoice::MustPass
        } else {
            HumanChoice::Play(moves)
        })
    }

    /// The moves of the person to move (empty when it must pass, opens, or
    /// it is not a person's turn).
    pub fn human_moves(&self) -> Vec<Move> {
        match self.human_choice() {
            Some(HumanChoice::Play(m)) => m,
            _ => Vec::new(),
        }
    }

    /// The distinct places the person to move can put `tile`: one move per
    /// arm, arms in the same situation (same end, both crosswise doubles or
    /// not, both empty or not) merged, as in the engine's move list. Empty
    /// if the tile does not fit or it is not a person's turn.
    pub fn choices_for(&self, tile: Tile) -> Vec<Move> {
        let table = &self.round.table;
        let mut seen: Vec<(u8, bool, bool)> = Vec::new();
        let mut out = Vec::new();
        for m in self.human_moves().into_iter().filter(|m| m.tile == tile) {
            let a = table.arms[m.arm as usize];
            let key = (a.end, a.double_end, a.len == 0);
            if !seen.contains(&key) {
                seen.push(key);
                out.push(m);
            }
        }
        out
    }

    /// An AI seat takes its turn (opens, plays or passes). Errors when it
    /// is not an AI seat's turn.
    pub fn ai_step(&mut self) -> Result<(), String> {
        let Actor::Ai(seat) = self.next_actor() else {
            return Err(format!("not an AI seat's turn ({:?})", self.next_actor()));
        };
        let fallback: &dyn Agent = &self.fallback;
        let agents: [&dyn Agent; 4] =
            std::array::from_fn(|s| self.agents[s].as_deref().unwrap_or(fallback));
        let before = self.round.last_placer;
        let mut events = Vec::new();
        self.round
            .step(&agents, &mut self.rng, &mut |e| events.push(e));
        self.record(seat, before, events);
        Ok(())
    }

    /// The person to move opens with `tile`.
    pub fn human_open(&mut self, tile: Tile) -> Result<(), String> {
        match self.human_choice() {
            Some(HumanChoice::Open(d)) if d.contains(&tile) => {}
            Some(HumanChoice::Open(d)) => {
                let list: Vec<String> = d.iter().map(Tile::to_string).collect();
                return Err(format!(
                    "{tile} cannot open this round; allowed: {}",
                    list.join(", ")
                ));
            }
            _ => return Err("it is not a person's turn to open".into()),
        }
        let seat = self.round.turn;
        let before = self.round.last_placer;
        let mut events = Vec::new();
        self.round.open_with(tile, &mut |e| events.push(e));
        self.record(seat, before, events);
        Ok(())
    }

    /// The person to move plays `m`.
    pub fn human_play(&mut self, m: Move) -> Result<(), String> {
        if !self.human_moves().contains(&m) {
            return Err(format!(
                "{} on the {} arm is not a legal move now",
                m.tile,
                ARM_NAMES.get(m.arm as usize).unwrap_or(&"?")
            ));
        }
        let seat = self.round.turn;
        let before = self.round.last_placer;
        let mut events = Vec::new();
        self.round.play(m, &mut |e| events.push(e));
        self.record(seat, before, events);
        Ok(())
    }

    /// The person to move passes (only when no tile fits).
    pub fn human_pass(&mut self) -> Result<(), String> {
        if self.human_choice() != Some(HumanChoice::MustPass) {
            return Err("you can only pass when no tile fits".into());
        }
        let seat = self.round.turn;
        let before = self.round.last_placer;
        let mut events = Vec::new();
        self.round.pass(&mut |e| events.push(e));
        self.record(seat, before, events);
        Ok(())
    }

    /// Start the round dealt when the last one ended. Errors unless a
    /// round is over and the match is not.
    pub fn next_round(&mut self) -> Result<(), String> {
        if self.next_actor() != Actor::RoundOver {
            return Err("the round is not over yet".into());
        }
        let next = self.next.take().expect("dealt when the round ended");
        let previous = self.round.end;
        self.round = next;
        self.round_number += 1;
        self.placements.clear();
        self.passers.clear();
        self.log_round_start(previous);
        Ok(())
    }

    /// Play AI turns and start rounds until a person must act or the match
    /// is over.
    pub fn run_ai(&mut self) {
        loop {
            match self.next_actor() {
                Actor::Ai(_) => self.ai_step().expect("AI turn"),
                Actor::RoundOver => self.next_round().expect("round over"),
                Actor::Human(_) | Actor::MatchOver => return,
            }
        }
    }

    fn push(&mut self, seat: Option<u8>, event: Option<Event>, text: String) {
        self.log.push(LogEntry {
            round: self.round_number,
            seat,
            event,
            text,
        });
    }

    fn log_round_start(&mut self, previous: Option<RoundEnd>) {
        let seat = self.round.turn;
        let who = SEAT_NAMES[seat as usize];
        let (holds, opens) = (verb(seat, "holds", "hold"), verb(seat, "opens", "open"));
        let how = match (self.round.opening, previous) {
            (Opening::Forced(t), None) => format!("{who} {holds} {t} and {opens} with it"),
            (Opening::Forced(t), _) => {
                format!("after a blocked round, {who} {holds} {t} and {opens} with it")
            }
            (Opening::AnyDouble, Some(RoundEnd::Out { seat: s })) if s == seat => {
                format!("{who} went out last round and {opens} with a double")
            }
            (Opening::AnyDouble, Some(RoundEnd::Out { seat: s })) => format!(
                "{} went out last round but {} no double; {who}, next with one, {opens}",
                SEAT_NAMES[s as usize],
                verb(s, "holds", "hold")
            ),
            (Opening::AnyDouble, _) => format!("{who} {opens} with a double"),
        };
        let text = format!("Round {}: {how}.", self.round_number);
        self.push(None, None, text);
    }

    /// Turn the engine's events of one turn into log lines, keep the
    /// placements, and close the round when it ends.
    fn record(&mut self, actor: u8, last_placer_before: u8, events: Vec<Event>) {
        for e in events {
            match e {
                Event::Placed { seat, tile, arm } => {
                    let inner = match arm {
                        None => tile.low(),
                        Some(a) => {
                            // Events are read after the turn: the arm now
                            // ends in the other half.
                            let end = self.round.table.arm_end(a as usize);
                            tile.other(end)
                        }
                    };
                    self.placements.push(Placement {
                        tile,
                        arm,
                        inner,
                        seat,
                    });
                    let who = SEAT_NAMES[seat as usize];
                    let text = match arm {
                        None => format!(
                            "{who} {} with {tile} (the spinner).",
                            verb(seat, "opens", "open")
                        ),
                        Some(a) => format!(
                            "{who} {} {tile} on the {} arm.",
                            verb(seat, "plays", "play"),
                            ARM_NAMES[a as usize]
                        ),
                    };
                    self.push(Some(seat), Some(e), text);
                }
                Event::Passed { seat } => {
                    if team_of(seat) != team_of(self.round.last_placer) {
                        self.passers.push(seat);
                    }
                    let text = format!(
                        "{} {} (passou): nothing fits {}.",
                        SEAT_NAMES[seat as usize],
                        verb(seat, "passes", "pass"),
                        open_numbers_text(self.round.table.open_numbers())
                    );
                    self.push(Some(seat), Some(e), text);
                }
                Event::Scored { team, points, rule } => {
                    let (seat, why) = self.explain(actor, last_placer_before, rule);
                    let text = format!("+{points} {}: {why}.", TEAM_NAMES[team]);
                    self.push(seat, Some(e), text);
                }
                Event::RoundOver(end) => {
                    let text = match end {
                        RoundEnd::Out { seat } => {
                            format!(
                                "{} {} out (bateu).",
                                SEAT_NAMES[seat as usize],
                                verb(seat, "is", "are")
                            )
                        }
                        RoundEnd::Blocked => {
                            "Nobody can play: the round is blocked (trancado).".to_string()
                        }
                    };
                    self.push(None, Some(e), text);
                    self.close_round(end);
                }
            }
        }
    }

    fn explain(&mut self, actor: u8, last_placer_before: u8, rule: Rule) -> (Option<u8>, String) {
        let name = |s: u8| SEAT_NAMES[s as usize];
        match rule {
            Rule::TableCount => {
                let terms = count_terms(&self.round.table);
                let sum: u32 = terms.iter().sum();
                let list: Vec<String> = terms.iter().map(u32::to_string).collect();
                let text = if terms.len() > 1 {
                    format!("table count {} = {sum}", list.join(" + "))
                } else {
                    format!("table count {sum}")
                };
                (Some(actor), text)
            }
            Rule::Pass => {
                let passer = if self.passers.is_empty() {
                    None
                } else {
                    Some(self.passers.remove(0))
                };
                let by = passer.map_or("an opponent".to_string(), |p| name(p).to_string());
                (
                    Some(last_placer_before),
                    format!(
                        "{by} passed after {} play (20 a pass)",
                        possessive(last_placer_before)
                    ),
                )
            }
            Rule::Galo => {
                self.passers.clear();
                let s = self.round.last_placer;
                (
                    Some(s),
                    format!(
                        "galo! all three others passed after {} play (50 instead of the 20s)",
                        possessive(s)
                    ),
                )
            }
            Rule::DoubleOut => (
                Some(actor),
                format!("{} went out with a double (20)", name(actor)),
            ),
            Rule::Garagem => {
                let o1 = (actor + 1) % 4;
                let o3 = (actor + 3) % 4;
                let pips = self.round.hand(o1).pips() + self.round.hand(o3).pips();
                (
                    Some(actor),
                    format!(
                        "garagem, {} and {} hold {pips} pips (rounded down to {})",
                        name(o1),
                        name(o3),
                        floor5(pips)
                    ),
                )
            }
            Rule::Blocked => {
                let pips = [
                    self.round.hand(0).pips() + self.round.hand(2).pips(),
                    self.round.hand(1).pips() + self.round.hand(3).pips(),
                ];
                (
                    None,
                    format!(
                        "blocked round, {} hold {} pips and {} hold {}; the lighter team scores the other's pips rounded down",
                        TEAM_NAMES[0], pips[0], TEAM_NAMES[1], pips[1]
                    ),
                )
            }
        }
    }

    fn close_round(&mut self, end: RoundEnd) {
        let points = self.round.points;
        self.score[0] += points[0];
        self.score[1] += points[1];
        let number = self.round_number;
        let round_log = self.log.iter().filter(|l| l.round == number);
        let scoring: Vec<(Rule, usize, u32)> = round_log
            .filter_map(|l| match l.event {
                Some(Event::Scored { team, points, rule }) => Some((rule, team, points)),
                _ => None,
            })
            .collect();
        let garagem = scoring
            .iter()
            .filter(|s| s.0 == Rule::Garagem)
            .map(|s| s.2)
            .sum();
        let winner = match match_winner(self.score) {
            Some(w) => Some(w),
            None if number >= MAX_ROUNDS => Some((self.score[1] > self.score[0]) as usize),
            None => None,
        };
        let next_opener = if let Some(winner) = winner {
            self.result = Some(MatchResult {
                winner,
                score: self.score,
                rounds: number,
            });
            None
        } else {
            // The next round is dealt now: it is the next draw from the
            // match's RNG in `play_match` too.
            let hands = deal(&mut self.rng);
            let (seat, opening) = opener(&hands, Some(end));
            self.next = Some(Round::new(hands, seat, opening, self.score));
            Some((seat, opening))
        };
        self.summaries.push(RoundSummary {
            number,
            end,
            points,
            score: self.score,
            hands_left: std::array::from_fn(|s| self.round.hand(s as u8)),
            garagem,
            scoring,
            next_opener,
        });
        if let Some(r) = self.result {
            let text = format!(
                "Match over after {} rounds: {} win {}-{}.",
                r.rounds,
                TEAM_NAMES[r.winner],
                r.score[r.winner],
                r.score[1 - r.winner]
            );
            self.push(None, None, text);
        }
    }
}

/// "the 3 and the 5" for an open-numbers mask.
fn open_numbers_text(mask: u8) -> String {
    let nums: Vec<String> = (0..7)
        .filter(|n| mask & (1 << n) != 0)
        .map(|n| n.to_string())
        .collect();
    match nums.len() {
        0 => "the table".into(),
        1 => format!("the {}", nums[0]),
        _ => {
            let (last, rest) = nums.split_last().unwrap();
            format!("the {} or the {last}", rest.join(", "))
        }
    }
}

/// A short description of a round's end, e.g. "Partner went out" or
/// "blocked".
pub fn end_text(end: RoundEnd) -> String {
    match end {
        RoundEnd::Out { seat } => format!("{} went out (bateu)", SEAT_NAMES[seat as usize]),
        RoundEnd::Blocked => "blocked (trancado)".into(),
    }
}

/// Who opens and how, in words.
pub fn opener_text(seat: u8, opening: Opening) -> String {
    match opening {
        Opening::Forced(t) => format!(
            "{} {} with {t}",
            SEAT_NAMES[seat as usize],
            verb(seat, "opens", "open")
        ),
        Opening::AnyDouble if seat == 0 => "You open with a double of your choice".into(),
        Opening::AnyDouble => format!(
            "{} opens with a double of their choice",
            SEAT_NAMES[seat as usize]
        ),
    }
}

/// The verb for a seat: "You play", "West plays".
fn verb(seat: u8, third: &'static str, second: &'static str) -> &'static str {
    if seat == 0 { second } else { third }
}

/// "your" for seat 0, else "West's".
fn possessive(seat: u8) -> String {
    if seat == 0 {
        "your".into()
    } else {
        format!("{}'s", SEAT_NAMES[seat as usize])
    }
}

/// The team of a seat, by name.
pub fn team_name_of(seat: u8) -> &'static str {
    TEAM_NAMES[team_of(seat)]
}
