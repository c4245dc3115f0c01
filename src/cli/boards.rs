//! `evoboard generate` for the hex boards (its JSON is the core's
//! [`BoardReport`]), and the run and scoring helpers that `bench` and
//! `evaluate` share.

use super::catan::{self, CatanArgs};
use super::catan_play::PlayArgs;
use super::common::{CliError, CliResult, level_out, parse_time_limit, print_report, write_atomic};
use super::outline;
use super::pins::{PinArg, parse_pin, setup_from};
use crate::boards::catan::fairness::PlayTest;
use crate::boards::catan::{CatanBoard, CatanOptions, DesertPlacement};
use crate::boards::report::BoardReport;
use crate::boards::terra_mystica::{Rules, TerraMysticaBoard, Weights, grid_for_len};
use crate::boards::{self, Algorithm, BoardGame, BoardRun, BoardVariant, Params, Scoring, code};
use crate::level::{BoardDesign, EditSummary, Level};
use clap::Args;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

/// How boards are scored: shared by generate, evaluate and bench.
#[derive(Args, Debug, Clone)]
pub struct ScoringArgs {
    /// Rule set. Terra Mystica: table (default: strict plus a river shaped
    /// like the official maps' and fair to every home terrain), strict,
    /// published, thesis or thesis-per-hex (REQ4 on every land hex); Catan:
    /// table (default: every rule players use, see `crates/evoboard_core/src/boards/README.md`)
    /// or published (R1–R3 and the optional rules below, the papers' rules;
    /// strict and the thesis sets mean published too).
    #[arg(long)]
    pub rules: Option<String>,
    /// Weights of the requirements, comma-separated (TM: 4, Catan: 3),
    /// e.g. 100,1,10000,1 as in the BRKGA study. Default 1,1,1,1
    /// (thesis rules: 1,1,100,1).
    #[arg(long)]
    pub weights: Option<String>,
    /// Catan: no two neighbours with the same number.
    #[arg(long)]
    pub no_equal_neighbours: bool,
    /// Catan: no 2 or 12 next to a 2 or 12.
    #[arg(long = "no-2-12-neighbours")]
    pub no_2_12_neighbours: bool,
    /// Catan: where the desert goes (anywhere, centre, coast, inland).
    #[arg(long, default_value = "anywhere")]
    pub desert: String,
    /// Catan: most pips at a settlement corner (0 = no bound).
    #[arg(long, default_value_t = 0)]
    pub max_corner_pips: u8,
    /// Catan: a 2:1 harbour's corners touch no hex of its resource holding
    /// 5, 6, 8 or 9.
    #[arg(long)]
    pub harbour_rule: bool,
}

impl ScoringArgs {
    /// Catan's optional rules asked of a Terra Mystica board would do
    /// nothing: refused, naming the flag.
    fn refuse_catan_flags(&self, game: BoardGame) -> Result<(), CliError> {
        if game == BoardGame::Catan {
            return Ok(());
        }
        let asked = [
            ("--no-equal-neighbours", self.no_equal_neighbours),
            ("--no-2-12-neighbours", self.no_2_12_neighbours),
            ("--desert", self.desert != "anywhere"),
            ("--max-corner-pips", self.max_corner_pips != 0),
            ("--harbour-rule", self.harbour_rule),
        ];
        match asked.iter().find(|(_, on)| *on) {
            Some((flag, _)) => Err(CliError(format!(
                "{flag} applies to catan only, not {}; a Terra Mystica board's rules are \
                 chosen with --rules and --weights",
                game.name()
            ))),
            None => Ok(()),
        }
    }

    /// The Terra Mystica rule set `--rules` names (its default when
    /// absent; any rule set when `game` is Catan, which reads
    /// [`Self::catan_table`] instead).
    fn tm_rules(&self, game: BoardGame) -> Result<Rules, CliError> {
        match (&self.rules, game) {
            (Some(r), BoardGame::TerraMystica) => Ok(Rules::parse(r)?),
            _ => Ok(Rules::default()),
        }
    }

    /// Whether `--rules` picks Catan's `table` (the default) rather than
    /// `published` (Terra Mystica's `strict` and `thesis` also name
    /// `published` there, as before `table` existed).
    fn catan_table(&self) -> Result<bool, CliError> {
        match self.rules.as_deref() {
            None | Some("table") => Ok(true),
            Some("published" | "strict" | "thesis" | "thesis-per-hex") => Ok(false),
            Some(r) => Err(CliError(format!(
                "unknown Catan rule set '{r}'; allowed: table, published"
            ))),
        }
    }

    /// The scoring these flags select for `game`. Catan under `table`
    /// takes [`CatanOptions::table`]; `--desert` and a non-zero
    /// `--max-corner-pips` still apply on top.
    pub fn scoring(&self, game: BoardGame) -> Result<Scoring, CliError> {
        self.refuse_catan_flags(game)?;
        let rules = self.tm_rules(game)?;
        let mut weights = Weights::for_rules(rules);
        if let Some(w) = &self.weights {
            let parts: Vec<u32> = w
                .split(',')
                .map(|p| p.trim().parse::<u32>())
                .collect::<Result<_, _>>()
                .map_err(|_| {
                    CliError(format!(
                        "--weights takes whole numbers ≥ 0 separated by commas, got '{w}'"
                    ))
                })?;
            let want = if game == BoardGame::TerraMystica {
                4
            } else {
                3
            };
            if parts.len() != want {
                return Err(CliError(format!(
                    "--weights for {} takes {want} numbers, got {}",
                    game.name(),
                    parts.len()
                )));
            }
            weights.0[..want].copy_from_slice(&parts);
            if game == BoardGame::Catan {
                return Err(CliError(
                    "--weights applies to terra-mystica only; Catan scores are plain counts".into(),
                ));
            }
        }
        let desert: DesertPlacement = self.desert.parse()?;
        let table = game == BoardGame::Catan && self.catan_table()?;
        let catan = if table {
            CatanOptions {
                desert,
                max_corner_pips: match self.max_corner_pips {
                    0 => CatanOptions::table().max_corner_pips,
                    n => n,
                },
                ..CatanOptions::table()
            }
        } else {
            CatanOptions {
                no_equal_neighbours: self.no_equal_neighbours,
                no_2_12_neighbours: self.no_2_12_neighbours,
                desert,
                max_corner_pips: self.max_corner_pips,
                harbour_rule: self.harbour_rule,
                ..CatanOptions::default()
            }
        };
        Ok(Scoring {
            rules,
            weights,
            catan,
        })
    }
}

/// `evoboard generate terra-mystica|catan …`
#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// terra-mystica or catan.
    #[arg(value_parser = BoardGame::parse)]
    pub game: BoardGame,
    /// Algorithm: best (default), brkga, pso, sahc, aco.
    #[arg(long, default_value = "best", value_parser = Algorithm::from_str)]
    pub algorithm: Algorithm,
    /// Stop after this many seconds.
    #[arg(long, default_value = "60", value_parser = parse_time_limit, allow_hyphen_values = true)]
    pub time_limit: f64,
    /// Stop once the score is at most this.
    #[arg(long, default_value_t = 0.0)]
    pub target: f64,
    /// Algorithm parameter NAME=VALUE (repeatable).
    #[arg(long = "param")]
    pub params: Vec<String>,
    /// The seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Save the board as a level, `FILE.level.ron` (`.level.ron` replaces a
    /// plain `.ron` or is added).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite --out if it exists.
    #[arg(long)]
    pub force: bool,
    /// The level's name (default: the file name).
    #[arg(long)]
    pub name: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// A gallery: K perfect boards (1..=1000) spread along two axes,
    /// instead of one board (see `--axes`).
    #[arg(long, value_name = "K", value_parser = super::bounds::usize_in(1, 1_000))]
    pub gallery: Option<usize>,
    /// The gallery's axes `A,B`. Terra Mystica: river-branching,
    /// river-length, terrain-clustering, coast (default
    /// river-branching,terrain-clustering); Catan: production-spread,
    /// high-pips-centre, desert-distance, number-spread, best-corner
    /// (default production-spread,high-pips-centre).
    #[arg(long, value_name = "A,B", requires = "gallery")]
    pub axes: Option<String>,
    /// Candidates a gallery tries (0..=1000000; 0: 32 per board, at least 256); it goes
    /// on up to four times as many while fewer than K cells are filled.
    #[arg(long, default_value_t = 0, requires = "gallery", value_parser = super::bounds::u64_in(0, 1_000_000))]
    pub gallery_candidates: u64,
    /// Start from this board: a level (`.level.ron`, or an older plain
    /// `.ron`) or, for Terra Mystica, a plain text map.
    #[arg(long)]
    pub from: Option<PathBuf>,
    /// Pin a hex of the --from board: R,C (row, position in the row of the
    /// JSON `board`, from 0), or R,C=TERRAIN to set it first (Catan:
    /// R,C=TERRAIN:NUMBER). Repeatable.
    #[arg(long = "pin", value_parser = parse_pin)]
    pub pins: Vec<PinArg>,
    /// Terra Mystica's outline: standard (rows 13-12-13…, 113 hexes, the
    /// default) or offset (rows 12-13-12…, 112 hexes, the Fire & Ice
    /// side-1 and Loon Lakes outline). With --from the file decides; a
    /// different --outline is an error.
    #[arg(long, value_parser = super::outline::parse_outline)]
    pub outline: Option<BoardVariant>,
    /// Restore the game's tile counts first by changing the fewest
    /// unpinned hexes (needed when --from or a --pin made them off).
    #[arg(long)]
    pub rebalance: bool,
    /// The scoring flags every hex-board command shares.
    #[command(flatten)]
    pub scoring: ScoringArgs,
    /// Catan's player count.
    #[command(flatten)]
    pub catan: CatanArgs,
    /// Catan: play-test K perfect boards of a gallery and keep the one
    /// whose seats win most evenly (`--play N` games each, default 1000).
    #[arg(long, value_name = "K", conflicts_with = "gallery")]
    pub fair_by_play: Option<usize>,
    /// With --fair-by-play: also play-test R uniformly random boards and
    /// the official beginner board, the same way (`compare` in the JSON).
    #[arg(long, value_name = "R", requires = "fair_by_play")]
    pub compare: Option<usize>,
    /// With --fair-by-play: re-measure the pick (and the beginner board)
    /// on fresh games until its robust seat advantage's 95 % interval is
    /// at most this far from the figure on each side.
    #[arg(
        long,
        value_name = "H",
        default_value_t = 0.01,
        requires = "fair_by_play"
    )]
    pub precision: f64,
    /// With --fair-by-play: games of the search bot at every seat of the
    /// pick and of the beginner board (0 skips this slow step).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 2000,
        requires = "fair_by_play"
    )]
    pub search_games: u32,
    /// With --fair-by-play: draw each board's seat advantage against its
    /// opening-pip spread (.svg or .png).
    #[arg(long, value_name = "FILE", requires = "fair_by_play")]
    pub plot: Option<PathBuf>,
    /// Catan's play-test flags.
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Run `generate`.
pub fn generate(a: GenerateArgs) -> CliResult {
    if let Some(k) = a.gallery {
        a.play.check_alone("generate --gallery plays no games")?;
        return super::gallery::generate(&a, k);
    }
    if let Some(k) = a.fair_by_play {
        return super::fair_by_play::generate(&a, k);
    }
    a.play.check_alone("or --fair-by-play K")?;
    if a.play.play.is_some() && a.game != BoardGame::Catan {
        return Err(CliError(format!(
            "--play applies to catan only, not {}",
            a.game.name()
        )));
    }
    let scoring = a.scoring.scoring(a.game)?;
    let specs = boards::param_specs(a.game, a.algorithm);
    let params = Params::parse(specs, &a.params, a.algorithm)?;
    let out_path = match &a.from {
        Some(from) => super::common::level_out_from(a.out.as_deref(), a.force, from)?,
        None => level_out(a.out.as_deref(), a.force)?,
    };
    let players = outline::apply(a.game, a.outline.as_ref(), a.catan.setup(a.game)?)?;
    let setup = match &a.from {
        Some(from) => {
            let setup = setup_from(a.game, from, &a.pins, a.rebalance, a.seed)?;
            if a.game == BoardGame::TerraMystica {
                outline::check_from(a.outline.as_ref(), &setup.variant)?;
            } else {
                a.catan.check_variant(&setup.variant)?;
            }
            setup
        }
        None if !a.pins.is_empty() || a.rebalance => {
            return Err(CliError(
                "--pin and --rebalance need --from FILE (the board to start from)".into(),
            ));
        }
        None => players,
    };
    let board_run = BoardRun {
        params: params.clone(),
        scoring,
        setup: setup.clone(),
        target: a.target,
        time_limit: Duration::from_secs_f64(a.time_limit),
        ..BoardRun::new(a.game, a.algorithm, a.seed)
    };
    let run = board_run.run_to_end()?;
    let pinned = setup.pinned_cells(a.game);
    let island = (a.game == BoardGame::Catan)
        .then(|| CatanBoard::with_placed_harbours(&run.tiles, &scoring.catan, a.seed));
    // `--play N`: the generated board (with its harbours) play-tested as
    // `evaluate --code <its code> --play N` would.
    let play = match &island {
        Some(b) => super::catan_play::play_if_asked(&a.play, b, a.seed)?,
        None => None,
    };
    if let Some(out) = &out_path {
        let name = a.name.clone().unwrap_or_else(|| Level::name_for(out));
        let level = Level::hex_board(
            &name,
            a.game,
            &run.tiles,
            a.algorithm,
            &params,
            scoring,
            a.seed,
        );
        let level = level.with_design(BoardDesign {
            pinned: pinned.iter().map(|&[r, c]| (r, c)).collect(),
            players: None,
            edits: EditSummary::default(),
        });
        write_atomic(out, level.to_ron().as_bytes(), a.force)?;
    }
    if a.json {
        let mut report = BoardReport::new(&board_run, &run, island.as_ref());
        report.play = play.as_ref().map(PlayTest::summary);
        return print_report(&report);
    }
    let violations = boards::violations(a.game, &run.tiles, scoring);
    println!(
        "{} with {} (seed {}): score {}{} in {:.1} ms ({} generations, {} evaluations)",
        a.game.name(),
        a.algorithm,
        a.seed,
        run.score,
        if run.score == 0.0 {
            ", every rule met,"
        } else {
            ""
        },
        run.elapsed.as_secs_f64() * 1000.0,
        run.progress.generation,
        run.progress.evaluations
    );
    print!("{}", crate::boards::violation_lines(&violations));
    match a.game {
        BoardGame::TerraMystica => print!(
            "{}",
            TerraMysticaBoard::from_tiles(grid_for_len(run.tiles.len()), &run.tiles).to_text()
        ),
        BoardGame::Catan => {
            if let Some(b) = &island {
                print!("{}", catan::text(b));
                // The code with the harbours: `evaluate --code` plays
                // this very board.
                if let Ok(c) = code::encode_catan(b) {
                    println!("code {c}");
                }
            }
        }
    }
    if let Some(p) = &play {
        super::catan_play::print_play(p);
    }
    if let Some(out) = &out_path {
        println!("saved {}", out.display());
    }
    Ok(())
}
