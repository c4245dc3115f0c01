//! A full [`Round`] consistent with a [`PublicRound`]: the history checked
//! on the bare table (with the reason for any illegal turn), the hidden
//! tiles dealt so that no seat holds a number it passed on, then every turn
//! replayed by [`Round`] itself, which computes points and voids.

use super::{PublicRound, Turn};
use crate::domino::error::DominoError;
use crate::domino::round::{Opening, Round, RoundEnd};
use crate::domino::table::{Move, Table};
use crate::domino::tiles::{ALL_TILES, Hand, NUMBERS_OF, TILE_COUNT, Tile};
use crate::rng::{Rng, RngExt, seeded};

/// What the history shows to everyone.
#[derive(Default)]
struct Public {
    table: Table,
    played: [Hand; 4],
    voids: [u8; 4],
}

/// The round `state` describes, hidden hands dealt with `fill_seed`.
pub(super) fn reconstruct(state: &PublicRound, fill_seed: u64) -> Result<Round, DominoError> {
    for (role, seat) in [("seat", state.seat), ("opener", state.opener)] {
        if seat > 3 {
            return Err(DominoError::SeatOutOfRange { role, seat });
        }
    }
    check_tiles(state)?;
    let mut hand = Hand::EMPTY;
    for &t in &state.hand {
        if hand.contains(t) {
            return Err(DominoError::DuplicateTile { tile: t });
        }
        hand.insert(t);
    }
    let public = replay_public(state)?;
    let me = state.seat as usize;
    for t in hand.iter() {
        if let Some(by) = (0..4u8).find(|&s| public.played[s as usize].contains(t)) {
            return Err(DominoError::TileAlreadyPlayed { tile: t, by });
        }
    }
    let played = public.played[me].len() as usize;
    if state.hand.len() + played != 7 {
        return Err(DominoError::HandSizeForHistory {
            seat: state.seat,
            played,
            got: state.hand.len(),
        });
    }
    let hidden = deal_hidden(&public, state.seat, hand, fill_seed)?;
    let hands =
        std::array::from_fn(|s| public.played[s].0 | if s == me { hand.0 } else { hidden[s].0 });
    let mut round = Round::new(
        hands.map(Hand),
        state.opener,
        state.opening,
        state.match_score,
    );
    for (index, &turn) in state.history.iter().enumerate() {
        let seat = round.turn;
        let sink = &mut |_| {};
        let done = match turn {
            Turn::Open(t) => round.try_open_with(t, sink),
            Turn::Play(m) => round.try_play(m, sink),
            Turn::Pass => round.try_pass(sink),
        };
        done.map_err(|e| {
            let fits = Hand(round.hand(seat).0 & round.table.playable_tiles().0);
            let reason = match e {
                DominoError::CannotPass if !fits.is_empty() => format!(
                    "seat {seat} held {}, which fits an open end (a tile it plays later, \
                     or holds now): a seat passes only when no tile fits",
                    list(fits.iter())
                ),
                e => e.to_string(),
            };
            illegal(index, seat, turn, reason)
        })?;
    }
    Ok(round)
}

fn illegal(index: usize, seat: u8, turn: Turn, reason: String) -> DominoError {
    DominoError::IllegalHistoryTurn {
        index,
        seat,
        turn,
        reason,
    }
}

fn list(tiles: impl Iterator<Item = Tile>) -> String {
    tiles.map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// Every tile named anywhere in `state` is one of the 28, and a forced
/// opening names a double.
fn check_tiles(state: &PublicRound) -> Result<(), DominoError> {
    let turns = state.history.iter().filter_map(|t| match t {
        Turn::Open(t) => Some(*t),
        Turn::Play(m) => Some(m.tile),
        Turn::Pass => None,
    });
    let forced = match state.opening {
        Opening::Forced(t) => Some(t),
        Opening::AnyDouble => None,
    };
    for t in state.hand.iter().copied().chain(turns).chain(forced) {
        if t.0 as usize >= TILE_COUNT {
            return Err(DominoError::NoSuchTile { index: t.0 });
        }
    }
    match forced {
        Some(t) if !t.is_double() => Err(DominoError::BadOpening { tile: t }),
        _ => Ok(()),
    }
}

/// The history on the bare table: who played what, who passed on which
/// numbers; an illegal turn is refused with the reason.
fn replay_public(state: &PublicRound) -> Result<Public, DominoError> {
    let mut p = Public::default();
    let mut seat = state.opener;
    let mut passes = 0;
    let mut ended: Option<(usize, RoundEnd)> = None;
    let opens_with = match state.opening {
        Opening::Forced(t) => t.to_string(),
        Opening::AnyDouble => "a double".to_string(),
    };
    let not_open = format!(
        "the round is not open yet: the first turn is the opener's (seat {}) \
         Open with {opens_with}",
        state.opener
    );
    for (index, &turn) in state.history.iter().enumerate() {
        let fail = |reason: String| Err(illegal(index, seat, turn, reason));
        if let Some((at, end)) = ended {
            let how = match end {
                RoundEnd::Out { seat } => format!("seat {seat} went out"),
                RoundEnd::Blocked => "blocked, four passes in a row".to_string(),
            };
            return fail(format!(
                "the round ended at turn {at} ({how}): no turn may follow"
            ));
        }
        match turn {
            Turn::Open(t) => {
                if p.table.spinner.is_some() {
                    return fail("the spinner is already down: only the first turn opens".into());
                }
                if !t.is_double() {
                    return fail(format!(
                        "{t} is not a double: the round opens with a double"
                    ));
                }
                if let Opening::Forced(f) = state.opening
                    && f != t
                {
                    return fail(format!("this round must open with {f}"));
                }
                p.table.place_spinner(t);
                p.played[seat as usize].insert(t);
                passes = 0;
            }
            Turn::Play(m) => {
                if p.table.spinner.is_none() {
                    return fail(not_open.clone());
                }
                if let Some(reason) = why_not(&p.table, m) {
                    return fail(reason);
                }
                p.table.play(m);
                p.played[seat as usize].insert(m.tile);
                passes = 0;
            }
            Turn::Pass => {
                if p.table.spinner.is_none() {
                    return fail(not_open.clone());
                }
                p.voids[seat as usize] |= p.table.open_numbers();
                passes += 1;
            }
        }
        if p.played[seat as usize].len() == 7 {
            ended = Some((index, RoundEnd::Out { seat }));
        } else if passes == 4 {
            ended = Some((index, RoundEnd::Blocked));
        }
        seat = (seat + 1) % 4;
    }
    Ok(p)
}

/// Why `m` cannot go on `table`, if it cannot.
fn why_not(table: &Table, m: Move) -> Option<String> {
    let (tile, arm) = (m.tile, m.arm);
    if arm > 3 {
        Some(format!("arm {arm} does not exist: arms are 0, 1, 2 and 3"))
    } else if table.tiles.contains(tile) {
        Some(format!("{tile} is already on the table"))
    } else if table.open_arms() & (1 << arm) == 0 {
        Some(format!(
            "arm {arm} is not open yet: arms 2 and 3 open once arms 0 and 1 both hold a tile"
        ))
    } else if !tile.has(table.arm_end(arm as usize)) {
        let end = table.arm_end(arm as usize);
        Some(format!(
            "{tile} does not show {end}, the number at the end of arm {arm}"
        ))
    } else {
        None
    }
}

/// Deal the unseen tiles to the other seats: each gets 7 minus what it
/// played, none a tile showing a number it passed on (a bipartite matching
/// in random order, so it finds a deal whenever one exists).
fn deal_hidden(p: &Public, me: u8, hand: Hand, seed: u64) -> Result<[Hand; 4], DominoError> {
    let mut rng = seeded(seed);
    let mut tiles: Vec<Tile> = Hand(ALL_TILES & !p.table.tiles.0 & !hand.0)
        .iter()
        .collect();
    let mut slots: Vec<u8> = (0..4u8)
        .filter(|&s| s != me)
        .flat_map(|s| std::iter::repeat_n(s, 7 - p.played[s as usize].len() as usize))
        .collect();
    shuffle(&mut tiles, &mut rng);
    shuffle(&mut slots, &mut rng);
    let fits: Vec<Vec<bool>> = tiles
        .iter()
        .map(|t| {
            let numbers = NUMBERS_OF[t.0 as usize];
            slots
                .iter()
                .map(|&s| numbers & p.voids[s as usize] == 0)
                .collect()
        })
        .collect();
    let mut holder = vec![None; slots.len()];
    for i in 0..tiles.len() {
        let mut seen = vec![false; slots.len()];
        if !augment(i, &fits, &mut holder, &mut seen) {
            return Err(DominoError::NoConsistentDeal { voids: p.voids });
        }
    }
    let mut hands = [Hand::EMPTY; 4];
    for (k, i) in holder.iter().enumerate() {
        if let Some(i) = i {
            hands[slots[k] as usize].insert(tiles[*i]);
        }
    }
    Ok(hands)
}

/// Kuhn's augmenting path: give tile `i` a slot, moving others if needed.
fn augment(i: usize, fits: &[Vec<bool>], holder: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for k in 0..holder.len() {
        if seen[k] || !fits[i][k] {
            continue;
        }
        seen[k] = true;
        let free = match holder[k] {
            None => true,
            Some(j) => augment(j, fits, holder, seen),
        };
        if free {
            holder[k] = Some(i);
            return true;
        }
    }
    false
}

fn shuffle<T>(v: &mut [T], rng: &mut Rng) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i as u32) as usize;
        v.swap(i, j);
    }
}
