//! `evoboard dungeon --from FILE`: change a saved dungeon's entrance,
//! final room, keys or contents table, and read contents tables.

use super::{DungeonArgs, print_dungeon};
use crate::cli::common::{CliError, CliResult, level_out_from, print_report, write_atomic};
use crate::dungeon::report::DungeonChangeReport;
use crate::dungeon::{ContentsTable, Dungeon, DungeonError, DungeonParams, MAX_KEYS, Size};
use crate::level::{Level, LevelMap};
use std::path::Path;
use std::time::Instant;

/// Read a contents table; errors name the file (and line and column).
pub fn read_contents(path: &Path) -> Result<ContentsTable, CliError> {
    let text = crate::files::read_text(path).map_err(|e| {
        CliError(format!(
            "--contents {}: cannot read it: {e}",
            path.display()
        ))
    })?;
    ContentsTable::from_ron(&text).map_err(|e| match e {
        DungeonError::ContentsSyntax { line, column, .. } => CliError(format!(
            "--contents {}:{line}:{column}: {e}",
            path.display()
        )),
        e => CliError(format!("--contents {}: {e}", path.display())),
    })
}

/// The settings a saved dungeon level was made with (its generator's
/// parameters; its own style and corridor width), with --keys and
/// --contents from the command line.
fn params_of(level: &Level, d: &Dungeon, args: &DungeonArgs) -> Result<DungeonParams, CliError> {
    let mut p = DungeonParams::for_size(Size::Small);
    let get = |k: &str| {
        level
            .generator
            .params
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, v)| *v)
    };
    if let Some(v) = get("enemies_pct") {
        p.enemies_pct = v.clamp(0.0, 100.0) as u8;
    }
    if let Some(v) = get("treasure_pct") {
        p.treasure_pct = v.clamp(0.0, 100.0) as u8;
    }
    if let Some(v) = get("generations") {
        p.ga.generations = (v as usize).max(1);
    }
    if let Some(v) = get("population") {
        p.ga.population = (v as usize).max(2);
    }
    if let Some(v) = get("mutation") {
        p.ga.mutation_rate = v.clamp(0.0, 1.0);
    }
    (p.style, p.corridor_width) = (d.style, d.corridor_width);
    p.keys = args.keys.unwrap_or(d.locks.len());
    if p.keys > MAX_KEYS {
        return Err(DungeonError::TooManyKeys { keys: p.keys }.into());
    }
    p.contents = args.contents.as_deref().map(read_contents).transpose()?;
    let a = &d.adventure;
    let saved = if a.party_level > 0 {
        crate::dungeon::Party {
            level: a.party_level,
            size: a.party_size,
        }
    } else {
        crate::dungeon::Party::default()
    };
    p.party = args.party(saved);
    p.theme = args
        .theme
        .clone()
        .or_else(|| (!a.theme.is_empty()).then(|| a.theme.clone()));
    p.validate()?;
    Ok(p)
}

/// `--from FILE`: change a saved dungeon's ends, keys or table.
pub(super) fn run_from(args: &DungeonArgs, from: &Path) -> CliResult {
    let out_path = level_out_from(args.out.as_deref(), args.force, from)?;
    let level = Level::load(from).map_err(|e| CliError(e.to_string()))?;
    let LevelMap::Dungeon(mut d) = level.map.clone() else {
        return Err(CliError(format!(
            "--from {}: a {} level; --from needs a dungeon level",
            from.display(),
            level.map.game()
        )));
    };
    let params = params_of(&level, &d, args)?;
    let start = Instant::now();
    if args.entrance_room.is_some() || args.final_room.is_some() {
        let current = |i: usize, what: &str| {
            d.rooms.get(i).map(|r| r.letter).ok_or_else(|| {
                CliError(format!(
                    "--from {}: the saved {what} is no room; give --entrance-room and --final-room",
                    from.display()
                ))
            })
        };
        let e = match args.entrance_room {
            Some(e) => e,
            None => current(d.entrance, "entrance")?,
        };
        let f = match args.final_room {
            Some(f) => f,
            None => current(d.final_room, "final room")?,
        };
        d.choose_ends(e, f, &params)?;
    } else if args.keys.is_some()
        || args.contents.is_some()
        || args.theme.is_some()
        || args.party_level.is_some()
        || args.party_size.is_some()
    {
        d.restock(&params);
    }
    let elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    if let Some(path) = &out_path {
        let level = Level::dungeon(&Level::name_for(path), &d, &params);
        write_atomic(path, level.to_ron().as_bytes(), args.force)?;
    }
    if args.json {
        return print_report(&DungeonChangeReport::new(&d, from, &params, elapsed_ms));
    }
    println!("{} (seed {})", from.display(), d.seed);
    print_dungeon(&d, params.keys, params.secret_doors);
    if let Some(path) = &out_path {
        println!("saved to {}", path.display());
    }
    Ok(())
}
