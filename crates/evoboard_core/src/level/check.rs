//! What a dungeon level must hold before anything uses it: a grid within
//! the sides generation makes, rooms inside it (as many as generation
//! makes), entrance, final and key rooms that exist, locks and route steps
//! that point at rooms and cells of the map, room letters A to Z each
//! once, traps and secret doors on the map, a corridor width generation
//! allows, and generator settings inside their flags' ranges
//! ([`check_dungeon_settings`]). [`Level::validate`](super::Level::validate) runs it
//! on every load, so no command meets a dungeon that could make it index
//! out of bounds or allocate past its budget.

use crate::dungeon::{Dungeon, MAX_CORRIDOR_WIDTH, MAX_KEYS, MAX_ROOMS, MAX_SIDE};
use crate::invalid::{Invalid, Part};

/// Largest challenge or reward one room (or route step) of a dungeon
/// level may hold: 26 rooms of it still sum inside `u32`.
pub const MAX_ROOM_FIGURE: u32 = 100_000_000;

/// `Ok` when `d` is a dungeon the program can use; the error
/// ([`Part::Dungeon`]) names the field and what is allowed.
///
/// ```
/// use evoboard_core::dungeon::{DungeonParams, Size, generate};
/// let mut d = generate(&DungeonParams::for_size(Size::Small), 1).unwrap().remove(0);
/// assert!(evoboard_core::level::check_dungeon(&d).is_ok());
/// d.entrance = 99;
/// let e = evoboard_core::level::check_dungeon(&d).unwrap_err();
/// assert_eq!(e.part, evoboard_core::invalid::Part::Dungeon);
/// assert!(e.message.contains("entrance 99"), "{e}");
/// ```
pub fn check_dungeon(d: &Dungeon) -> Result<(), Invalid> {
    dungeon_breaks(d).map_err(|m| Invalid::new(Part::Dungeon, m))
}

/// The first rule `d` breaks, in words.
fn dungeon_breaks(d: &Dungeon) -> Result<(), String> {
    let (w, h) = (d.width(), d.height());
    if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
        return Err(format!(
            "dungeon grid is {w}×{h}; allowed: 1 to {MAX_SIDE} cells a side"
        ));
    }
    let n = d.rooms.len();
    if !(1..=MAX_ROOMS).contains(&n) {
        return Err(format!(
            "dungeon has {n} rooms; allowed: 1 to {MAX_ROOMS} (one letter each)"
        ));
    }
    for (k, r) in d.rooms.iter().enumerate() {
        let (x, y, rw, rh) = (
            usize::from(r.x),
            usize::from(r.y),
            usize::from(r.w),
            usize::from(r.h),
        );
        if rw == 0 || rh == 0 || x + rw > w || y + rh > h {
            return Err(format!(
                "room {k} ({}) at x {x}, y {y}, {rw}×{rh} does not lie inside the {w}×{h} grid \
                 (a room is at least 1×1 and ends by column {w} and row {h})",
                r.letter.escape_debug()
            ));
        }
    }
    let room = |what: &str, i: usize| {
        if i < n {
            Ok(())
        } else {
            Err(format!(
                "{what} {i} is not a room: rooms are numbered 0 to {}",
                n - 1
            ))
        }
    };
    let mut seen = [false; 26];
    for (k, r) in d.rooms.iter().enumerate() {
        if !r.letter.is_ascii_uppercase() {
            return Err(format!(
                "room {k} has the letter '{}'; allowed: A to Z",
                r.letter.escape_debug()
            ));
        }
        let i = usize::from(r.letter as u8 - b'A');
        if std::mem::replace(&mut seen[i], true) {
            return Err(format!(
                "room letter {} is used twice; each room needs its own letter",
                r.letter
            ));
        }
    }
    let figure = |what: &str, v: u32| {
        if v <= MAX_ROOM_FIGURE {
            Ok(())
        } else {
            Err(format!(
                "{what} {v} is not allowed: 0 to {MAX_ROOM_FIGURE} (so a route's sums stay inside 32 bits)"
            ))
        }
    };
    let inside = |what: &str, (x, y): (u16, u16)| {
        let (x, y) = (usize::from(x), usize::from(y));
        if x < w && y < h {
            Ok(())
        } else {
            Err(format!(
                "{what} at ({x}, {y}) lies outside the {w}×{h} grid (columns 0 to {}, rows 0 to {})",
                w - 1,
                h - 1
            ))
        }
    };
    for t in &d.traps {
        inside("a trap", t.cell)?;
    }
    for s in &d.secret_doors {
        inside("a secret door", s.door)?;
    }
    room("entrance", d.entrance)?;
    room("final_room", d.final_room)?;
    if d.locks.len() > MAX_KEYS {
        return Err(format!(
            "dungeon has {} locks; allowed: at most {MAX_KEYS}",
            d.locks.len()
        ));
    }
    for l in &d.locks {
        room("key_room", l.key_room)?;
        let (x, y) = (usize::from(l.door.0), usize::from(l.door.1));
        if x >= w || y >= h {
            return Err(format!(
                "a locked door at ({x}, {y}) lies outside the {w}×{h} grid"
            ));
        }
    }
    for s in d.pacing.main_path.iter().chain(&d.pacing.side_rooms) {
        room("a route step's room", s.room)?;
        figure("a route step's challenge", s.challenge)?;
        figure("a route step's reward", s.reward)?;
    }
    for r in &d.rooms {
        figure("a room's challenge", r.challenge)?;
        figure("a room's reward", r.reward)?;
    }
    let a = &d.adventure;
    let older = a.party_level == 0 && a.party_size == 0;
    if !older && !(1..=20).contains(&a.party_level) {
        return Err(format!(
            "party_level {} is not allowed: 1 to 20 (0 together with party_size 0 in older levels)",
            a.party_level
        ));
    }
    if !older && !(1..=8).contains(&a.party_size) {
        return Err(format!(
            "party_size {} is not allowed: 1 to 8 (0 together with party_level 0 in older levels)",
            a.party_size
        ));
    }
    if !(1..=MAX_CORRIDOR_WIDTH).contains(&d.corridor_width) {
        return Err(format!(
            "corridor_width {} is not allowed: 1 to {MAX_CORRIDOR_WIDTH}",
            d.corridor_width
        ));
    }
    Ok(())
}

/// `Ok` when a hex-board level's stored generator settings are finite and
/// inside the ranges their `--param` flags allow for the level's
/// algorithm (an algorithm this build does not know: finite only); the
/// error names the setting and its range.
///
/// ```
/// use evoboard_core::boards::BoardGame;
/// let ok = [("noise".to_string(), 0.1)];
/// assert!(evoboard_core::level::check_board_settings(BoardGame::Catan, "best", &ok).is_ok());
/// let bad = [("noise".to_string(), f64::NAN)];
/// let e = evoboard_core::level::check_board_settings(BoardGame::Catan, "best", &bad).unwrap_err();
/// assert_eq!(e.part, evoboard_core::invalid::Part::Settings);
/// assert!(e.message.contains("generator setting noise"), "{e}");
/// ```
pub fn check_board_settings(
    game: crate::boards::BoardGame,
    algorithm: &str,
    params: &[(String, f64)],
) -> Result<(), Invalid> {
    let specs = algorithm
        .parse::<crate::boards::Algorithm>()
        .map_or(&[][..], |a| a.param_specs(game));
    for (name, v) in params {
        let range = specs
            .iter()
            .find(|s| s.name == name.as_str())
            .map(|s| (s.min, s.max));
        let (lo, hi) = range.unwrap_or((f64::MIN, f64::MAX));
        if !v.is_finite() || *v < lo || *v > hi {
            let allowed = match range {
                Some((lo, hi)) => format!("{lo} to {hi} (the range of its --param flag)"),
                None => "a finite number".to_string(),
            };
            return Err(Invalid::new(
                Part::Settings,
                format!(
                    "generator setting {} = {v} is not allowed: {allowed}",
                    name.escape_debug()
                ),
            ));
        }
    }
    Ok(())
}

/// Check a dungeon level's generator settings (what `dungeon --from`
/// reuses): every figure a number inside the range its flag allows.
///
/// ```
/// use evoboard_core::level::check_dungeon_settings;
/// assert!(check_dungeon_settings(&[("generations".into(), 10.0)]).is_ok());
/// assert!(check_dungeon_settings(&[("generations".into(), 1e9)]).is_err());
/// assert!(check_dungeon_settings(&[("mutation".into(), f64::NAN)]).is_err());
/// ```
pub fn check_dungeon_settings(params: &[(String, f64)]) -> Result<(), Invalid> {
    use crate::dungeon::{
        MAX_EXTRAS, MAX_GENERATIONS, MAX_POPULATION, MAX_TRAPS, MIN_POPULATION, MIN_ROOMS, MIN_SIDE,
    };
    check_settings(params, |name| match name {
        "width" | "height" => whole(MIN_SIDE, MAX_SIDE),
        "min_rooms" | "max_rooms" => whole(MIN_ROOMS, MAX_ROOMS),
        "enemies_pct" | "treasure_pct" => whole(0, 100),
        "loops" | "dead_ends" | "secret_doors" => whole(0, MAX_EXTRAS),
        "traps" => whole(0, MAX_TRAPS),
        "generations" => whole(1, MAX_GENERATIONS),
        "population" => whole(MIN_POPULATION, MAX_POPULATION),
        "mutation" => (0.0, 1.0, false),
        _ => ANY,
    })
}

/// A puzzle level's stored generator settings inside what the generator
/// takes: sides 1 to 20, shares 0 to 1, level and grade whole numbers 1 to
/// 4, anything else finite.
///
/// ```
/// use evoboard_core::level::check_puzzle_settings;
/// assert!(check_puzzle_settings(&[("width".into(), 10.0), ("blocked_p".into(), 0.1)]).is_ok());
/// let e = check_puzzle_settings(&[("height".into(), f64::NAN)]).unwrap_err();
/// assert!(e.message.contains("height") && e.message.contains("1 to 20"), "{e}");
/// ```
pub fn check_puzzle_settings(params: &[(String, f64)]) -> Result<(), Invalid> {
    let side = crate::puzzle::MAX_SIDE;
    let grades = usize::from(crate::puzzle::MAX_GRADE);
    check_settings(params, |name| match name {
        "width" | "height" => whole(1, side),
        "blocked_p" | "empty_share" => (0.0, 1.0, false),
        "level" | "grade" => whole(1, grades),
        _ => ANY,
    })
}

/// Any finite number (a setting this build does not bound).
const ANY: (f64, f64, bool) = (f64::MIN, f64::MAX, false);

/// Whole numbers from `lo` to `hi`.
fn whole(lo: usize, hi: usize) -> (f64, f64, bool) {
    (lo as f64, hi as f64, true)
}

/// Each `(name, value)` finite and inside `range(name)`: `(lo, hi, whole)`.
fn check_settings(
    params: &[(String, f64)],
    range: impl Fn(&str) -> (f64, f64, bool),
) -> Result<(), Invalid> {
    for (name, v) in params {
        let (lo, hi, integer) = range(name.as_str());
        if !v.is_finite() || *v < lo || *v > hi || (integer && v.fract() != 0.0) {
            let allowed = if lo == f64::MIN {
                "a finite number".to_string()
            } else if integer {
                format!("a whole number from {lo} to {hi}")
            } else {
                format!("{lo} to {hi}")
            };
            return Err(Invalid::new(
                Part::Settings,
                format!(
                    "generator setting {} = {v} is not allowed: {allowed}",
                    name.escape_debug()
                ),
            ));
        }
    }
    Ok(())
}
