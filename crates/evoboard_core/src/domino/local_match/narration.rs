//! The match log in words: every event with the seat it concerns and a
//! sentence that says why points were scored.

use super::*;

impl LocalMatch {
    pub(super) fn push(&mut self, seat: Option<u8>, event: Option<Event>, text: String) {
        self.log.push(LogEntry {
            round: self.round_number,
            seat,
            event,
            text,
        });
    }

    pub(super) fn log_round_start(&mut self, previous: Option<RoundEnd>) {
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
    pub(super) fn record(&mut self, actor: u8, last_placer_before: u8, events: Vec<Event>) {
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

    pub(super) fn explain(
        &mut self,
        actor: u8,
        last_placer_before: u8,
        rule: Rule,
    ) -> (Option<u8>, String) {
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

    pub(super) fn close_round(&mut self, end: RoundEnd) {
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
    match nums.split_last() {
        None => "the table".into(),
        Some((only, [])) => format!("the {only}"),
        Some((last, rest)) => format!("the {} or the {last}", rest.join(", ")),
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
