//! `sumito datagen`: the command line of the training data maker, checked into the settings
//! the games are made with.

use std::path::PathBuf;
use sumito_engine::search::{Limits, MAX_THREADS, TableSizeError, TranspositionTable};
use sumito_tools::datagen::{DEFAULT_DEPTH, Encoding, GameRange, Job, PlyRange, Settings};
use sumito_tools::util::text::quantity;

/// The margin of `--margin` when none is given, in centi-marbles.
const DEFAULT_MARGIN: u32 = 10;

/// What is wrong with the flags of `sumito datagen`.
#[derive(Debug, thiserror::Error)]
pub enum DatagenFlagsError {
    /// Neither `--games` nor `--positions`.
    #[error("say how much to make: --games N, --positions N or both")]
    NoAmount,
    /// `--games 0` or `--positions 0`.
    #[error("--games and --positions must be at least 1")]
    ZeroAmount,
    /// `--margin` other than the default with one line, where there is nothing to draw among.
    #[error("--margin draws the move among the --multipv lines: it needs --multipv 2 or more")]
    MarginOfOneLine,
    /// `--threads` out of range.
    #[error("--threads must be from 1 to {max}", max = MAX_THREADS)]
    Threads,
    /// `--multipv` out of range.
    #[error("--multipv must be from 1 to 64")]
    Lines,
    /// `--margin` out of range.
    #[error("--margin must be from 0 to 10000 centi-marbles")]
    Margin,
    /// `--plies-after-opening` out of range.
    #[error("--plies-after-opening must be from 1 to 100000")]
    PliesAfterOpening,
    /// No table of `--hash` MB can be had.
    #[error("--hash: {0}")]
    Hash(#[source] TableSizeError),
    /// `--nodes 0`.
    #[error("--nodes must be at least 1")]
    Nodes,
    /// `--depth` out of range.
    #[error("--depth must be from 1 to 64")]
    Depth,
    /// `--shard` without `--games`, or with `--positions`.
    #[error("--shard splits a number of games: give --games N, and no --positions")]
    ShardAmount,
    /// `--shard K/N` with fewer games than shards.
    #[error("--shard {k}/{n}: {games} games leave this shard none; use fewer shards")]
    EmptyShard {
        /// The shard.
        k: u64,
        /// Shards in all.
        n: u64,
        /// Games of the whole run.
        games: u64,
    },
    /// `--players` out of range.
    #[error("--players must be from 2 to 6")]
    Players,
    /// `--shard` is not K/N.
    #[error("{0}")]
    Shard(String),
}

/// Arguments of `sumito datagen`.
#[derive(clap::Args, Clone, Debug)]
pub struct DatagenArgs {
    /// The data file. When it exists, made with the same settings, it is continued from its
    /// last complete game. With --merge, the merged file, which must not exist.
    #[arg(long)]
    pub output: PathBuf,
    /// How the file is written: binary (27 bytes a position) or text (a line each, about 68
    /// bytes); docs/datagen.md describes both.
    #[arg(long, default_value = "binary", value_name = "binary|text")]
    pub format: Encoding,
    /// Play only shard K of N (K from 1) of the --games games: an even share of them, in
    /// order, so that the N shard files merged (--merge) are the file of the whole run.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Merge shard files (in any order) into --output, checking that they are of one run and
    /// hold all its games; plays nothing. Only --format goes with it.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = [
        "games", "positions", "players", "seed", "depth", "nodes", "opening_plies", "plies_after_opening",
        "old_max_plies", "lines", "margin", "hash", "threads", "shard",
    ])]
    pub merge: Vec<PathBuf>,
    /// Games the file holds when done.
    #[arg(long)]
    pub games: Option<u64>,
    /// Positions the file holds when done, at least: the game that reaches the count is kept
    /// whole.
    #[arg(long)]
    pub positions: Option<u64>,
    /// Players: 2 (the three layouts in turn), or 3 to 6 on the layout of their number, every
    /// seat searched as the engine searches it (MultiSearch auto). N-player files are format
    /// version 2 (docs/datagen.md).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Seed: game i is made from seed + i alone.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Depth of the search of every move [default: 3, unless --nodes is given].
    #[arg(long, conflicts_with = "nodes")]
    pub depth: Option<u32>,
    /// Node budget of the search of every move, instead of a depth.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Random plies from the layout before the search plays, none ejecting a marble: a number,
    /// or a range such as 4-8 drawn from per game.
    #[arg(long, default_value = "4-8")]
    pub opening_plies: PlyRange,
    /// Plies after the random opening at which the game ends by the move limit (the side that
    /// ejected more wins). Unlike match's --max-plies, counted after the opening.
    #[arg(long, default_value_t = 200)]
    pub plies_after_opening: u32,
    /// The old name of --plies-after-opening, still read: older data files' headers and the
    /// commands in STRENGTH.md say it.
    #[arg(
        long = "max-plies",
        hide = true,
        conflicts_with = "plies_after_opening"
    )]
    pub old_max_plies: Option<u32>,
    /// Root lines searched per move (MultiPV, as `analyse --multipv`; `--lines` is its old
    /// name); the move is drawn among them (see --margin).
    #[arg(long = "multipv", alias = "lines", default_value_t = 2)]
    pub lines: usize,
    /// The move is drawn evenly among the lines scoring at most this many centi-marbles below
    /// the best one (0: always the best) [default: 10]. With --multipv 1 there is nothing to
    /// draw among: only the default is taken, which every file's header names.
    #[arg(long)]
    pub margin: Option<u32>,
    /// Table size in MB of each thread's search (the games depend on it).
    #[arg(long, default_value_t = 8)]
    pub hash: usize,
    /// Threads, each playing its own games [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
}

impl DatagenArgs {
    /// The checked settings, or what is wrong with the flags.
    fn settings(&self) -> Result<Settings, DatagenFlagsError> {
        if self.games.is_none() && self.positions.is_none() {
            return Err(DatagenFlagsError::NoAmount);
        }
        if self.games == Some(0) || self.positions == Some(0) {
            return Err(DatagenFlagsError::ZeroAmount);
        }
        if self
            .threads
            .is_some_and(|n| !(1..=MAX_THREADS).contains(&n))
        {
            return Err(DatagenFlagsError::Threads);
        }
        if !(2..=6).contains(&self.players) {
            return Err(DatagenFlagsError::Players);
        }
        if !(1..=64).contains(&self.lines) {
            return Err(DatagenFlagsError::Lines);
        }
        // The default is taken, since every file's header (and so the command that makes it
        // again) names it.
        if self.lines == 1 && self.margin.is_some_and(|m| m != DEFAULT_MARGIN) {
            return Err(DatagenFlagsError::MarginOfOneLine);
        }
        let margin = self.margin.unwrap_or(DEFAULT_MARGIN);
        if margin > 10_000 {
            return Err(DatagenFlagsError::Margin);
        }
        let plies_after_opening = self.old_max_plies.unwrap_or(self.plies_after_opening);
        if !(1..=100_000).contains(&plies_after_opening) {
            return Err(DatagenFlagsError::PliesAfterOpening);
        }
        // Each thread makes a table of this size: found out now rather than in every thread.
        let threads = self.threads.unwrap_or_else(rayon::current_num_threads);
        TranspositionTable::check_per_thread(self.hash, threads)
            .map_err(DatagenFlagsError::Hash)?;
        let limits = match (self.depth, self.nodes) {
            (_, Some(0)) => return Err(DatagenFlagsError::Nodes),
            (_, Some(nodes)) => Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            (Some(depth), None) if !(1..=64).contains(&depth) => {
                return Err(DatagenFlagsError::Depth);
            }
            (depth, None) => Limits::depth(depth.unwrap_or(DEFAULT_DEPTH)),
        };
        Ok(Settings {
            seed: self.seed,
            players: self.players,
            limits,
            opening_plies: self.opening_plies,
            plies_after_opening,
            lines: self.lines,
            margin,
            hash: self.hash,
        })
    }

    /// The games of `--shard`, if given.
    fn shard(&self) -> Result<Option<GameRange>, DatagenFlagsError> {
        let Some(text) = &self.shard else {
            return Ok(None);
        };
        let (k, n) = super::flags::shard(text).map_err(DatagenFlagsError::Shard)?;
        let games = match (self.games, self.positions) {
            (Some(games), None) => games,
            _ => return Err(DatagenFlagsError::ShardAmount),
        };
        let range = GameRange::shard(k + 1, n, games);
        if range.is_empty() {
            return Err(DatagenFlagsError::EmptyShard { k: k + 1, n, games });
        }
        Ok(Some(range))
    }
}

/// Runs `sumito datagen`: games appended to the output file, progress on stderr; or with
/// `--merge`, shard files merged into it.
pub fn run(args: &DatagenArgs) -> super::Outcome {
    if !args.merge.is_empty() {
        let merged = sumito_tools::datagen::merge(&args.merge, &args.output, args.format)?;
        eprintln!(
            "datagen: {} holds {}, {}, merged from {}",
            args.output.display(),
            quantity(merged.games, "game"),
            quantity(merged.positions, "position"),
            quantity(args.merge.len() as u64, "file")
        );
        return Ok(());
    }
    if args.old_max_plies.is_some() {
        eprintln!(
            "warning: datagen's --max-plies is the old name of --plies-after-opening (counted \
             after the random opening, unlike match's --max-plies)"
        );
    }
    Ok(sumito_tools::datagen::run(&Job {
        output: args.output.clone(),
        settings: args.settings()?,
        games: args.games,
        positions: args.positions,
        threads: args.threads,
        encoding: args.format,
        shard: args.shard()?,
    })?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: DatagenArgs,
    }

    fn parse(extra: &[&str]) -> Result<DatagenArgs, clap::Error> {
        let mut all = vec!["datagen", "--output", "x.txt"];
        all.extend_from_slice(extra);
        Wrapper::try_parse_from(all).map(|w| w.args)
    }

    #[test]
    fn the_header_names_every_setting_that_shapes_the_games() {
        let settings = parse(&["--games", "5"]).unwrap().settings().unwrap();
        assert_eq!(
            settings.header(336966, None),
            "# sumito datagen 1: --seed 1 --depth 3 --opening-plies 4-8 \
             --plies-after-opening 200 --multipv 2 --margin 10 --hash 8; bench 336966\n"
        );
        // The old name gives the same settings.
        let old = parse(&["--games", "5", "--max-plies", "150"]).unwrap();
        let new = parse(&["--games", "5", "--plies-after-opening", "150"]).unwrap();
        assert_eq!(old.settings().unwrap(), new.settings().unwrap());
        assert!(
            parse(&[
                "--games",
                "5",
                "--max-plies",
                "1",
                "--plies-after-opening",
                "1"
            ])
            .is_err()
        );
        let by_nodes = parse(&[
            "--positions",
            "9",
            "--nodes",
            "5000",
            "--opening-plies",
            "6",
        ]);
        let settings = by_nodes.unwrap().settings().unwrap();
        assert!(
            settings
                .flags()
                .contains("--nodes 5000 --opening-plies 6-6")
        );
    }

    #[test]
    fn bad_flags_are_refused_with_a_reason() {
        assert!(parse(&["--games", "1", "--opening-plies", "8-4"]).is_err());
        assert!(parse(&["--games", "1", "--opening-plies", "x"]).is_err());
        assert!(parse(&["--games", "1", "--depth", "3", "--nodes", "9"]).is_err());
        for flags in [
            &["--depth", "3"][..],
            &["--games", "1", "--threads", "0"],
            &["--games", "1", "--lines", "0"],
            &["--games", "1", "--multipv", "65"],
            &["--games", "1", "--depth", "0"],
            &["--games", "1", "--nodes", "0"],
            &["--games", "1", "--hash", "0"],
            &["--games", "1", "--margin", "10001"],
            &["--games", "1", "--plies-after-opening", "0"],
        ] {
            let error = parse(flags).unwrap().settings().unwrap_err().to_string();
            assert!(error.contains("--"), "{flags:?}: {error}");
        }
    }
}
