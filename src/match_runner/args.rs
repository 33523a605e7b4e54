//! The command line of `sumito match`, as clap reads it. `--tc` and `--option` apply to every
//! engine, or with an `N:` prefix (`--tc 2:depth=4`, `--option 1:Hash=128`) to engine N only,
//! counted from 1 in the order of the `--engine` flags; the k-th `--name` names the k-th engine.

use crate::board::Layout;
use clap::{Args, FromArgMatches};
use std::path::PathBuf;

/// Command-line arguments of `sumito match`.
#[derive(Args, Clone, Debug, Default)]
pub struct MatchArgs {
    /// An engine's command line, quoted as one word ("path/engine --flag"); once per engine.
    #[arg(long = "engine", value_name = "COMMAND")]
    pub engine: Vec<String>,
    /// Names for the engines in records and tables, in the order of --engine (default: the
    /// engine's `id name`).
    #[arg(long, value_name = "NAME")]
    pub name: Vec<String>,
    /// A UAP option for every engine (Threads=2, Hash=64; a button without `=`), or with a
    /// prefix for engine N only (2:Threads=4).
    #[arg(long = "option", value_name = "[N:]NAME=VALUE")]
    pub option: Vec<String>,
    /// Time control for every engine, or with a prefix for engine N only (2:depth=4):
    /// movetime=MS, SECONDS+INC (10+0.1), MOVES/SECONDS (40/60), depth=N, nodes=N.
    #[arg(long, value_name = "[N:]TC")]
    pub tc: Vec<String>,
    /// Games per engine pair, played as colour-swapped pairs on the same opening.
    #[arg(long, default_value_t = 2)]
    pub games: u32,
    /// Games played at once, each with its own engine processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Starting layouts, used in turn by the pairs: standard, belgian-daisy, german-daisy.
    #[arg(long, value_delimiter = ',', value_name = "LAYOUT")]
    pub layout: Vec<Layout>,
    /// Openings: random:K (K random plies from the layout), a file (one position string or
    /// move list a line), or none (the bare layouts). Default: the shipped balanced suite
    /// openings/suite.txt, a different opening for every colour pair, in an order from --seed.
    #[arg(long, value_name = "random:K|FILE|none")]
    pub openings: Option<String>,
    /// Plies after which a game is adjudicated by marbles ejected (more wins, equal draws).
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Seed of the random openings and of the suite's order (default: from the clock; the
    /// header shows it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Append the game records to this file (format in GAMES.md).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Stop at a decision of the SPRT: elo0=A elo1=B [alpha=0.05] [beta=0.05].
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Milliseconds an answer may come after the clock or the move time runs out.
    #[arg(long, default_value_t = 50, value_name = "MS")]
    pub timemargin: u64,
    /// Seconds an engine may stay silent where no clock bounds it (handshake, isready, depth
    /// and node searches).
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub silence_timeout: f64,
    /// Play only shard K of N (K from 1): every N-th colour pair of the full schedule, with the
    /// full schedule's openings and Round tags, so that the N shards together are the match.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// The points game (Russian rules): each game ends when both sides' thinking time
    /// together reaches SECONDS, won by the side that ejected more marbles (equal counts draw).
    #[arg(long, value_name = "SECONDS")]
    pub game_time: Option<f64>,
    /// The Event tag of the records.
    #[arg(long, default_value = "Sumito match")]
    pub event: String,
    /// Replay a records file, report any illegal move or wrong result, and play nothing (no
    /// other flag goes with it).
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "engine", "name", "option", "tc", "games", "concurrency", "layout", "openings",
        "max_plies", "seed", "records", "sprt", "timemargin", "silence_timeout", "event", "shard",
        "game_time", "merge",
    ])]
    pub verify: Option<PathBuf>,
    /// Read record files (a file, a directory of them, or a wildcard pattern such as
    /// 'out/*.txt') and print the match table, with the missing and repeated rounds; plays
    /// nothing. Only --sprt goes with it.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = [
        "engine", "name", "option", "tc", "games", "concurrency", "layout", "openings",
        "max_plies", "seed", "records", "timemargin", "silence_timeout", "event", "shard",
        "game_time",
    ])]
    pub merge: Vec<PathBuf>,
}

impl MatchArgs {
    /// Reads the arguments that follow `match` (for tests and tools; the binary goes through
    /// clap's subcommand).
    pub fn try_parse_from<I, T>(args: I) -> Result<MatchArgs, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let command = MatchArgs::augment_args(clap::Command::new("match"));
        let matches = command.try_get_matches_from(args)?;
        MatchArgs::from_arg_matches(&matches)
    }
}

/// Splits `N:rest` into the engine number (from 1) and the rest; `None` without a prefix.
pub fn engine_prefix(text: &str) -> Option<(usize, &str)> {
    let (number, rest) = text.split_once(':')?;
    let number: usize = number.trim().parse().ok()?;
    Some((number, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_read() {
        let args = MatchArgs::try_parse_from([
            "match",
            "--tc",
            "depth=2",
            "--engine",
            "a",
            "--engine",
            "b --x",
            "--tc",
            "2:depth=4",
            "--games",
            "4",
            "--sprt",
            "elo0=0",
            "elo1=5",
            "alpha=0.1",
            "--layout",
            "standard,german-daisy",
        ])
        .unwrap();
        assert_eq!(args.engine, ["a", "b --x"]);
        assert_eq!(args.tc, ["depth=2", "2:depth=4"]);
        assert_eq!(args.games, 4);
        assert_eq!(args.sprt.unwrap(), ["elo0=0", "elo1=5", "alpha=0.1"]);
        assert_eq!(args.layout, [Layout::Standard, Layout::GermanDaisy]);
    }

    #[test]
    fn verify_takes_no_other_flag() {
        assert!(MatchArgs::try_parse_from(["match", "--verify", "f"]).is_ok());
        for flag in [["--engine", "x"], ["--tc", "depth=1"], ["--games", "4"]] {
            let args = ["match", "--verify", "f", flag[0], flag[1]];
            assert!(MatchArgs::try_parse_from(args).is_err(), "{flag:?}");
        }
    }

    #[test]
    fn merge_takes_files_and_the_sprt_only() {
        let args = MatchArgs::try_parse_from([
            "match", "--merge", "a.txt", "out/", "--sprt", "elo0=0", "elo1=5",
        ])
        .unwrap();
        assert_eq!(args.merge.len(), 2);
        assert!(args.sprt.is_some());
        for flag in [
            ["--engine", "x"],
            ["--games", "4"],
            ["--shard", "1/2"],
            ["--game-time", "20"],
            ["--verify", "f"],
        ] {
            let args = ["match", "--merge", "f", flag[0], flag[1]];
            assert!(MatchArgs::try_parse_from(args).is_err(), "{flag:?}");
        }
    }

    #[test]
    fn prefixes_name_an_engine() {
        assert_eq!(engine_prefix("2:depth=4"), Some((2, "depth=4")));
        assert_eq!(engine_prefix("depth=4"), None);
        assert_eq!(engine_prefix("Name=a:b"), None);
    }
}
