//! `evoboard dungeon`: propose dungeon maps, print them, export one.

#![warn(missing_docs)]

mod from;

pub use from::read_contents;

use super::common::{CliError, CliResult, level_out, print_report, progress_bar, write_atomic};
use crate::dungeon::report::DungeonRunReport;
use crate::dungeon::{
    self, Dungeon, DungeonError, DungeonGaSettings, DungeonParams, DungeonStyle,
    MAX_CORRIDOR_WIDTH, MAX_KEYS, MAX_ROOMS, MIN_ROOMS, Size, best_proposal,
};
use clap::Args;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// A room count range on the command line: `MIN-MAX` or a single number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomRange {
    /// Fewest rooms.
    pub min: usize,
    /// Most rooms.
    pub max: usize,
}

/// Parse `MIN-MAX` (or `N`, meaning exactly N rooms).
pub fn parse_rooms(s: &str) -> Result<RoomRange, DungeonError> {
    let bad = || DungeonError::RoomRangeSyntax {
        text: s.to_string(),
    };
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (a, b),
        None => (s, s),
    };
    let min: usize = a.trim().parse().map_err(|_| bad())?;
    let max: usize = b.trim().parse().map_err(|_| bad())?;
    if min < MIN_ROOMS || min > max || max > MAX_ROOMS {
        return Err(bad());
    }
    Ok(RoomRange { min, max })
}

fn parse_size(s: &str) -> Result<Size, DungeonError> {
    s.parse::<Size>()
}

fn parse_style(s: &str) -> Result<DungeonStyle, String> {
    s.parse::<DungeonStyle>()
}

fn parse_corridor_width(s: &str) -> Result<u8, String> {
    match s.trim().parse::<u8>() {
        Ok(w) if (1..=MAX_CORRIDOR_WIDTH).contains(&w) => Ok(w),
        _ => Err(format!(
            "corridor width '{s}' is not allowed; allowed: 1 to {MAX_CORRIDOR_WIDTH} cells (1, 2 or 3)"
        )),
    }
}

/// A whole number within `lo..=hi` for `flag`, or an error naming the
/// range.
fn parse_in(flag: &str, s: &str, lo: u8, hi: u8) -> Result<u8, String> {
    match s.trim().parse::<u8>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(format!(
            "{flag} '{s}' is not allowed; allowed: a whole number from {lo} to {hi}"
        )),
    }
}

fn parse_party_level(s: &str) -> Result<u8, String> {
    let (lo, hi) = dungeon::PARTY_LEVELS;
    parse_in("--party-level", s, lo, hi)
}

fn parse_party_size(s: &str) -> Result<u8, String> {
    let (lo, hi) = dungeon::PARTY_SIZES;
    parse_in("--party-size", s, lo, hi)
}

fn parse_theme(s: &str) -> Result<String, String> {
    dungeon::Theme::named(s)
        .map(|t| t.name.clone())
        .map_err(|e| e.to_string())
}

impl From<DungeonError> for CliError {
    fn from(e: DungeonError) -> Self {
        CliError(e.to_string())
    }
}

/// `evoboard dungeon [--size small|medium|large] [--width W --height H]
/// [--rooms MIN-MAX] [--enemies PCT] [--treasure PCT] [--proposals K]
/// [--loops N] [--dead-ends N] [--secret-doors N] [--traps N]
/// [--corridor-width 1|2|3] [--style rooms|caves|labyrinth]
/// [--contents TABLE.ron | --theme NAME] [--party-level L] [--party-size N] [--keys N]
/// [--from FILE.level.ron [--entrance-room L] [--final-room L]]
/// [--seed N] [--out FILE.level.ron] [--force] [--json]`.
#[derive(Args, Debug, Clone)]
pub struct DungeonArgs {
    /// Published size: small (50x50, 5-10 rooms, the default), medium
    /// (75x75, 10-15 rooms) or large (100x100, 15-20 rooms).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<Size>,
    /// Custom grid width in cells (20 to 200; needs --height).
    #[arg(long, requires = "height")]
    pub width: Option<usize>,
    /// Custom grid height in cells (20 to 200; needs --width).
    #[arg(long, requires = "width")]
    pub height: Option<usize>,
    /// Room count range MIN-MAX (2 to 26, at most one room per 100 cells).
    #[arg(long, value_parser = parse_rooms, value_name = "MIN-MAX")]
    pub rooms: Option<RoomRange>,
    /// Percentage of rooms with enemies (0-100, rounded to whole rooms).
    #[arg(long, default_value_t = 50, value_name = "PCT")]
    pub enemies: u32,
    /// Percentage of rooms with treasure (0-100, rounded to whole rooms).
    #[arg(long, default_value_t = 50, value_name = "PCT")]
    pub treasure: u32,
    /// Number of dungeons to propose (1 to 16).
    #[arg(long, default_value_t = 3, value_name = "K")]
    pub proposals: usize,
    /// Extra loops to dig (0 to 20; 0 = corridors form a tree). Default:
    /// 0 on small maps, 1 on medium and large ones (custom grids: as the
    /// size nearest in area).
    #[arg(long, value_name = "N")]
    pub loops: Option<usize>,
    /// Dead-end passages to dig (0 to 20).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub dead_ends: usize,
    /// Doors to make secret (0 to 20; `s` on the map).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub secret_doors: usize,
    /// Traps to set in corridors (0 to 50; `t` on the map).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub traps: usize,
    /// Corridor width in cells: 1 (default), 2 or 3; doors where a
    /// corridor meets a room are as wide.
    #[arg(long, default_value_t = 1, value_name = "1|2|3", value_parser = parse_corridor_width)]
    pub corridor_width: u8,
    /// How the rock between rooms is carved: rooms (default), caves
    /// (irregular cave rooms) or labyrinth (a maze between the rooms).
    #[arg(long, default_value = "rooms", value_name = "rooms|caves|labyrinth", value_parser = parse_style)]
    pub style: DungeonStyle,
    /// Generations of each GA (published: 10).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub generations: usize,
    /// Individuals per generation (published: 10).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub population: usize,
    /// Mutation chance per child, 0 to 1 (published: 0.4).
    #[arg(long, default_value_t = 0.4, value_name = "P")]
    pub mutation: f64,
    /// Which proposal to export and report in JSON (1-based; default: the
    /// fittest).
    #[arg(long, value_name = "K")]
    pub choose: Option<usize>,
    /// Seed: the same seed gives the same dungeons.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Save the chosen dungeon as a level, `FILE.level.ron` (`.level.ron` replaces
    /// a plain `.ron` or is added).
    #[arg(long, value_name = "FILE.level.ron")]
    pub out: Option<PathBuf>,
    /// Overwrite --out if it exists.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead of the maps.
    #[arg(long)]
    pub json: bool,
    /// Print every proposal's map and key (default: the chosen one, with a
    /// line for each of the others).
    #[arg(long)]
    pub all: bool,
    /// Stock the rooms from this contents table (RON, like the shipped
    /// crates/evoboard_core/assets/dungeon/contents.ron) instead of a theme's.
    #[arg(long, value_name = "TABLE.ron", conflicts_with = "theme")]
    pub contents: Option<PathBuf>,
    /// The theme: crypt, goblin-warren, cultist-temple, bandit-hideout,
    /// flooded-ruin, dragons-lair or wizards-tower (default: the seed
    /// picks one per proposal).
    #[arg(long, value_name = "NAME", value_parser = parse_theme)]
    pub theme: Option<String>,
    /// The party's character level, 1 to 20: sizes the fights, the boss
    /// and the treasure.
    /// (Default 3; with --from, the saved dungeon's.)
    #[arg(long, value_name = "1-20", value_parser = parse_party_level)]
    pub party_level: Option<u8>,
    /// How many characters the party has, 1 to 8 (default 4; with
    /// --from, the saved dungeon's).
    #[arg(long, value_name = "1-8", value_parser = parse_party_size)]
    pub party_size: Option<u8>,
    /// Locked doors on the main path, each with its key in a room reached
    /// before it (0 to 5; fewer when the path has fewer doors). With
    /// --from: default the saved dungeon's number of locks.
    #[arg(long, value_name = "N")]
    pub keys: Option<usize>,
    /// Change a saved dungeon level (`FILE.level.ron`) instead of
    /// generating: apply --entrance-room, --final-room, --keys, --contents
    /// on the same grid (percentages and GA settings are the level's own).
    #[arg(long, value_name = "FILE.level.ron")]
    pub from: Option<PathBuf>,
    /// With --from: the room (letter) to make the entrance; contents,
    /// pacing and keys are re-run around it.
    #[arg(long, value_name = "LETTER")]
    pub entrance_room: Option<char>,
    /// With --from: the room (letter) to make the final room.
    #[arg(long, value_name = "LETTER")]
    pub final_room: Option<char>,
}

impl DungeonArgs {
    /// The party the flags ask for, `base`'s level and size where a flag
    /// is not given.
    pub fn party(&self, base: dungeon::Party) -> dungeon::Party {
        dungeon::Party {
            level: self.party_level.unwrap_or(base.level),
            size: self.party_size.unwrap_or(base.size),
        }
    }

    /// The generation parameters these flags ask for.
    pub fn params(&self) -> Result<DungeonParams, CliError> {
        let (width, height) = match (self.width, self.height) {
            (Some(w), Some(h)) => (w, h),
            _ => {
                let s = self.size.unwrap_or(Size::Small).side();
                (s, s)
            }
        };
        // The preset asked for, else the one nearest in area.
        let side = ((width * height) as f64).sqrt();
        let preset = self.size.unwrap_or_else(|| {
            Size::ALL
                .into_iter()
                .min_by(|a, b| {
                    (a.side() as f64 - side)
                        .abs()
                        .total_cmp(&(b.side() as f64 - side).abs())
                })
                .unwrap_or(Size::Small)
        });
        let (min_rooms, max_rooms) = match (self.rooms, self.size) {
            (Some(r), _) => (r.min, r.max),
            (None, Some(s)) => s.rooms(),
            (None, None) => {
                // The nearest preset's range, trimmed to what fits.
                let cap = DungeonParams::room_capacity(width, height).max(MIN_ROOMS);
                let (lo, hi) = preset.rooms();
                (lo.min(cap), hi.min(cap))
            }
        };
        for (name, v) in [("--enemies", self.enemies), ("--treasure", self.treasure)] {
            if v > 100 {
                return Err(CliError(format!(
                    "{name} {v} is out of range; allowed: 0 to 100 (percent of the rooms)"
                )));
            }
        }
        let params = DungeonParams {
            width,
            height,
            min_rooms,
            max_rooms,
            enemies_pct: self.enemies as u8,
            treasure_pct: self.treasure as u8,
            proposals: self.proposals,
            loops: self.loops.unwrap_or_else(|| preset.loops()),
            dead_ends: self.dead_ends,
            secret_doors: self.secret_doors,
            traps: self.traps,
            ga: DungeonGaSettings {
                generations: self.generations,
                population: self.population,
                mutation_rate: self.mutation,
            },
            keys: self.keys.unwrap_or(0),
            contents: self.contents.as_deref().map(read_contents).transpose()?,
            party: self.party(dungeon::Party::default()),
            theme: self.theme.clone(),
            style: self.style,
            corridor_width: self.corridor_width,
        };
        if self.keys.is_some_and(|k| k > MAX_KEYS) {
            return Err(DungeonError::TooManyKeys {
                keys: self.keys.unwrap_or(0),
            }
            .into());
        }
        params.validate()?;
        if let Some(c) = self.choose {
            params
                .check_choice(c)
                .map_err(|e| CliError(format!("--choose {c}: {e}")))?;
        }
        Ok(params)
    }
}

fn summary(d: &Dungeon) -> String {
    let m = &d.metrics;
    let mut s = format!(
        "rooms {}, corridor cells {}, dead ends {}, loops {}, longest room-to-room path {} steps, \
         empty rooms {} ({:.0} %)",
        m.rooms,
        m.corridor_cells,
        m.dead_ends,
        m.loops,
        m.longest_path,
        m.empty_rooms,
        100.0 * m.empty_share
    );
    if m.secret_doors > 0 || m.traps > 0 {
        s += &format!(", secret doors {}, traps {}", m.secret_doors, m.traps);
    }
    s
}

/// Run `evoboard dungeon`.
pub fn run(args: &DungeonArgs) -> CliResult {
    if args.from.is_none() && (args.entrance_room.is_some() || args.final_room.is_some()) {
        return Err(CliError(
            "--entrance-room and --final-room change a saved dungeon: add --from FILE.level.ron \
             (to generate a new dungeon, leave them out)"
                .into(),
        ));
    }
    if let Some(from) = &args.from {
        return from::run_from(args, from);
    }
    let params = args.params()?;
    let out_path = level_out(args.out.as_deref(), args.force)?;
    let start = Instant::now();
    let bar = progress_bar(params.proposals as u64, "dungeons");
    let proposals: Vec<Dungeon> = (0..params.proposals)
        .into_par_iter()
        .map(|i| {
            let d = dungeon::generate_proposal(&params, args.seed, i);
            bar.inc(1);
            d
        })
        .collect::<Result<_, _>>()?;
    bar.finish_and_clear();
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    let best = best_proposal(&proposals);
    let chosen = args.choose.map_or(best, |c| c - 1);
    let d = &proposals[chosen];

    if let Some(path) = &out_path {
        let level = crate::level::Level::dungeon(&crate::level::Level::name_for(path), d, &params);
        write_atomic(path, level.to_ron().as_bytes(), args.force)?;
    }

    if args.json {
        return print_report(&DungeonRunReport::new(
            &proposals, chosen, args.seed, &params, elapsed_ms,
        ));
    }

    for (i, p) in proposals.iter().enumerate() {
        let tag = match (i == best, i == chosen) {
            (true, true) => " (best, chosen)",
            (true, false) => " (best)",
            (false, true) => " (chosen)",
            _ => "",
        };
        println!(
            "Proposal {} of {}{tag}: fitness {:.0}, contents fitness {:.0}",
            i + 1,
            proposals.len(),
            p.fitness,
            p.contents_fitness
        );
        if args.all || i == chosen {
            print_dungeon(p, params.keys, params.secret_doors);
            println!();
        }
    }
    if !args.all && proposals.len() > 1 {
        println!("(the other proposals' maps: --all; save another with --choose K)");
    }
    println!(
        "{} proposals of {}x{} in {:.0} ms (seed {}); best: proposal {}",
        proposals.len(),
        params.width,
        params.height,
        elapsed_ms,
        args.seed,
        best + 1
    );
    if let Some(path) = &out_path {
        println!("saved proposal {} to {}", chosen + 1, path.display());
    }
    Ok(())
}

/// The map, the stocked legend, the route, pacing, locks and figures.
pub(super) fn print_dungeon(d: &Dungeon, keys_asked: usize, secrets_asked: usize) {
    let a = &d.adventure;
    if !a.title.is_empty() {
        println!(
            "{} ({} for {} characters of level {})",
            a.title, a.theme, a.party_size, a.party_level
        );
        println!("{}", a.hook);
    }
    print!("{}", d.text_map());
    for line in d.stocked_legend() {
        println!("{line}");
    }
    println!("{}", d.route());
    println!("{}", d.pacing_line());
    let letter = |i: usize| d.rooms.get(i).map_or('?', |r| r.letter);
    for l in &d.locks {
        println!(
            "Locked door at {} ({}, {}): key in ROOM {}",
            crate::dungeon::cell_name(usize::from(l.door.0), usize::from(l.door.1)),
            l.door.0,
            l.door.1,
            letter(l.key_room)
        );
    }
    if d.locks.len() < keys_asked {
        println!(
            "Locks: {} of {keys_asked} asked for (the main path has no more doors that can be locked)",
            d.locks.len()
        );
    }
    if d.metrics.secret_doors < secrets_asked {
        println!(
            "Secret doors: {} of {secrets_asked} asked for (the others would have hidden the only way to the final room)",
            d.metrics.secret_doors
        );
    }
    if !a.wandering.is_empty() {
        println!("Wandering monsters (d{}):", a.wandering_die());
        for w in &a.wandering {
            println!("  {}  {}", w.roll.0, w.text);
        }
    }
    println!("{}", summary(d));
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct T {
        #[command(flatten)]
        a: DungeonArgs,
    }

    fn args(line: &str) -> Result<DungeonArgs, String> {
        let it = std::iter::once("t").chain(line.split_whitespace());
        T::try_parse_from(it)
            .map(|t| t.a)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn room_ranges() {
        assert_eq!(parse_rooms("5-10"), Ok(RoomRange { min: 5, max: 10 }));
        assert_eq!(parse_rooms("7"), Ok(RoomRange { min: 7, max: 7 }));
        for bad in ["10-5", "1-3", "3-27", "a-b", "", "5-"] {
            let e = parse_rooms(bad).unwrap_err();
            assert!(matches!(e, DungeonError::RoomRangeSyntax { ref text } if text == bad));
            let e = e.to_string();
            assert!(e.contains("MIN-MAX") && e.contains("26"), "{e}");
        }
    }

    #[test]
    fn flags_to_params() {
        let p = args("").unwrap().params().unwrap();
        assert_eq!(
            (p.width, p.min_rooms, p.max_rooms, p.proposals),
            (50, 5, 10, 3)
        );
        let p = args("--size large --rooms 16-18 --enemies 25")
            .unwrap()
            .params()
            .unwrap();
        assert_eq!(
            (p.width, p.height, p.min_rooms, p.max_rooms),
            (100, 100, 16, 18)
        );
        assert_eq!(p.enemies_pct, 25);
        let p = args("--width 30 --height 30").unwrap().params().unwrap();
        assert_eq!((p.min_rooms, p.max_rooms), (5, 9));
        let p = args("--width 120 --height 90").unwrap().params().unwrap();
        assert_eq!((p.min_rooms, p.max_rooms), (15, 20));
    }

    #[test]
    fn bad_flags_say_what_is_allowed() {
        assert!(args("--width 50").unwrap_err().contains("--height"));
        assert!(
            args("--size huge")
                .unwrap_err()
                .contains("small, medium, large")
        );
        let e = |l: &str| args(l).unwrap().params().unwrap_err().0;
        assert!(e("--width 10 --height 50").contains("20 to 200"));
        assert!(e("--enemies 120").contains("0 to 100"));
        assert!(e("--size small --rooms 20-26").contains("at most 25 rooms"));
        assert!(e("--proposals 0").contains("1 to 16"));
        assert!(e("--choose 4").contains("1 to 3"));
        assert!(e("--mutation 1.5").contains("0 to 1"));
        for bad in ["0", "4", "wide"] {
            let e = args(&format!("--corridor-width {bad}")).unwrap_err();
            assert!(e.contains("allowed: 1 to 3"), "{e}");
        }
        let e = args("--style dungeon").unwrap_err();
        assert!(e.contains("allowed: rooms, caves, labyrinth"), "{e}");
        let p = args("--corridor-width 3 --style caves")
            .unwrap()
            .params()
            .unwrap();
        assert_eq!((p.corridor_width, p.style), (3, DungeonStyle::Caves));
    }
}
