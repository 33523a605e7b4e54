//! `sumito match`: the command line of engine-vs-engine matches, checked into a
//! [`MatchConfig`]; `--verify` replays a records file and `--merge` reads record files
//! instead of playing. `--tc` and `--option` apply to every
//! engine, or with an `N:` prefix (`--tc 2:depth=4`, `--option 1:Hash=128`) to engine N only,
//! counted from 1 in the order of the `--engine` flags; the k-th `--name` names the k-th engine.

use clap::Args;
use std::path::PathBuf;
use std::time::Duration;
use sumito_games::adjudication::Adjudication;
use sumito_games::clock::TimeControl;
use sumito_rules::board::Layout;
use sumito_tools::match_runner::openings::Book;
use sumito_tools::match_runner::stats::Sprt;
use sumito_tools::match_runner::{MatchConfig, MatchKind, TwoPlayerMatch};
use sumito_tools::uap_client::{EngineSpec, parse_option};

/// Most games in a match: the schedule of every game is held in memory (about 160 bytes a
/// game), and a million games at 25 ms a move take two weeks on two cores.
pub(super) const MAX_GAMES: u32 = 1_000_000;

/// Games per pair of an SPRT without --games: more than a test of a few Elo needs.
const SPRT_GAMES: u32 = 100_000;

/// The answer's lateness a clock or move time allows when --time-margin is not given.
const DEFAULT_TIME_MARGIN_MS: u64 = 50;

/// The Event tag of the records when --event is not given.
const DEFAULT_EVENT: &str = "Sumito match";

/// Most games at once.
const MAX_CONCURRENCY: usize = 256;

/// Largest `--max-plies`, the move limit of each game (Sumito's `MoveLimit` option goes to
/// 100000).
const MAX_MOVE_LIMIT: u32 = 50_000;

/// Command-line arguments of `sumito match`.
#[derive(Args, Clone, Debug, Default)]
pub struct MatchArgs {
    /// Not a flag of the match: refused with a word on `--option Threads=N` and `Hash=MB`,
    /// where clap would suggest `--records` for `--threads`.
    #[arg(long = "threads", hide = true, value_name = "N")]
    pub threads: Option<String>,
    #[arg(long = "hash", hide = true, value_name = "MB")]
    pub hash: Option<String>,
    /// An engine's command line, quoted as one word ("path/engine --flag"); once per engine.
    #[arg(long = "engine", value_name = "COMMAND")]
    pub engine: Vec<String>,
    /// Names for the engines in records and tables, in the order of --engine [default: the
    /// engine's `id name`, with the options it is given: "Sumito 0.1.0 (Skill=3)"].
    #[arg(long, value_name = "NAME")]
    pub name: Vec<String>,
    /// A UAP option for every engine (Threads=2, Hash=64; a button without `=`), or with a
    /// prefix for engine N only (2:Threads=4), which replaces the one for every engine.
    #[arg(long = "option", value_name = "[N:]NAME=VALUE")]
    pub option: Vec<String>,
    /// Time control for every engine, or with a prefix for engine N only (2:depth=4):
    /// movetime=MS, SECONDS+INC (10+0.1), MOVES/SECONDS (40/60), depth=N, nodes=N.
    #[arg(long, value_name = "[N:]TC")]
    pub tc: Vec<String>,
    /// Games per engine pair, played as colour-swapped pairs on the same opening; with
    /// --players, games per combination of engines, a multiple of its seatings, each group of
    /// seatings on one opening; at most 1000000 games in all [default: 2; with --sprt 100000,
    /// for the test to decide; with --players one game per seating].
    #[arg(long)]
    pub games: Option<u32>,
    /// Players at the table: 2, or 3 to 6 for the N-player layouts (RULES.md), every engine in
    /// every seat and place in the turn order; see docs/match.md, "Matches of three to six players".
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Team games (--players 4 or 6) of listed pairs of partners, engines counted from 1:
    /// 1+3,2+4 [default: each engine plays both seats of its team].
    #[arg(long, value_delimiter = ',', value_name = "A+B")]
    pub partners: Vec<String>,
    /// Games played at once, each with its own engine processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Starting layouts, used in turn by the pairs: standard, belgian-daisy, german-daisy
    /// [default: standard].
    #[arg(long, value_delimiter = ',', value_name = "LAYOUT")]
    pub layout: Vec<Layout>,
    /// Openings: random:K (K random plies from the layout), a file (one position string or
    /// move list a line), or none (the bare layouts) [default: the shipped balanced suite
    /// openings/suite.txt, a different opening for every colour pair, in an order from --seed;
    /// with --players N, the N-player suite openings/three-player.txt … six-player.txt].
    #[arg(long, value_name = "random:K|FILE|none")]
    pub openings: Option<String>,
    /// The move limit: the ply count, counted from the layout with the opening's plies, at which
    /// a game is adjudicated by marbles ejected (more wins, equal draws); 0 for none, as in
    /// records (a game may then go on for ever). The same default for every number of players.
    #[arg(long, default_value_t = 200)]
    pub max_plies: u32,
    /// Seed of the random openings and of the suite's order [default: from the clock, unlike the
    /// other tools' 1: a match is a sample, and the header shows the seed to replay it].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Append the game records to this file (format in GAMES.md).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Stop at a decision of the SPRT: elo0=A elo1=B [alpha=0.05] [beta=0.05].
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Option<Vec<String>>,
    /// Milliseconds an answer may come after the clock or the move time runs out
    /// (`--timemargin` is its old spelling); refused where every engine plays by depth or nodes
    /// [default: 50].
    #[arg(long = "time-margin", alias = "timemargin", value_name = "MS")]
    pub timemargin: Option<u64>,
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
    /// Adjudicate a draw when both engines' scores stay within SCORE centi-marbles of level
    /// for COUNT moves each, from full move NUMBER on (counted from the layout, as the move
    /// limit is), with no marble ejected in that span and equal counts ejected: movenumber=N
    /// movecount=M score=S, movenumber 0 if left out; see GAMES.md [default: off].
    #[arg(long, num_args = 1..=3, value_name = "KEY=VALUE")]
    pub draw: Option<Vec<String>>,
    /// Adjudicate a loss for the side whose engine scores -SCORE or worse for COUNT moves in a
    /// row (with twosided=true only if the other engine scores +SCORE or better for as many):
    /// movecount=M score=S [twosided=true]; see GAMES.md [default: off].
    #[arg(long, num_args = 1..=3, value_name = "KEY=VALUE")]
    pub resign: Option<Vec<String>>,
    /// The Event tag of the records; only with --records [default: "Sumito match"].
    #[arg(long)]
    pub event: Option<String>,
    /// Replay a records file, report any illegal move or wrong result, and play nothing (no
    /// other flag goes with it).
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "engine", "name", "option", "tc", "games", "concurrency", "layout", "openings",
        "max_plies", "seed", "records", "sprt", "timemargin", "silence_timeout", "event", "shard",
        "game_time", "merge", "draw", "resign", "partners", "players",
    ])]
    pub verify: Option<PathBuf>,
    /// Read record files (a file, a directory of them, or a wildcard pattern such as
    /// 'out/*.txt') and print the match table, with the missing and repeated rounds; plays
    /// nothing. Only --sprt goes with it.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = [
        "engine", "name", "option", "tc", "games", "concurrency", "layout", "openings",
        "max_plies", "seed", "records", "timemargin", "silence_timeout", "event", "shard",
        "game_time", "draw", "resign", "partners", "players",
    ])]
    pub merge: Vec<PathBuf>,
}

/// Runs a match, verifies a records file with `--verify`, or merges record files with
/// `--merge`.
pub fn run(args: &MatchArgs) -> super::Outcome {
    for (given, flag, option) in [
        (args.threads.is_some(), "--threads", "Threads=N"),
        (args.hash.is_some(), "--hash", "Hash=MB"),
    ] {
        if given {
            return Err(format!(
                "match takes no {flag}: each engine is given its own with --option {option} \
                 (or K:{option} for engine K alone)"
            )
            .into());
        }
    }
    if let Some(path) = &args.verify {
        let summary = sumito_games::records::verify_file(path)?;
        sumito_tools::say!("{summary}");
        return Ok(());
    }
    if !args.merge.is_empty() {
        let sprt = args
            .sprt
            .as_ref()
            .map(|words| words.join(" ").parse::<Sprt>())
            .transpose()?;
        return Ok(sumito_tools::match_runner::merge::run(
            &args.merge,
            sprt.as_ref(),
        )?);
    }
    let config = configure(args)?;
    let stop = sumito_tools::util::interrupt::watch(
        "the games in progress are dropped and the table of the finished ones follows",
    );
    Ok(sumito_tools::match_runner::run(config, stop)?)
}

/// Splits `N:rest` into the engine number (from 1) and the rest; `None` without a prefix.
fn engine_prefix(text: &str) -> Option<(usize, &str)> {
    let (number, rest) = text.split_once(':')?;
    let number: usize = number.trim().parse().ok()?;
    Some((number, rest))
}

/// The seed from the clock, when none is given: kept short, since the header prints it for
/// the match to be replayed.
fn clock_seed() -> u64 {
    sumito_rules::random::clock_seed() % 1_000_000_007
}

/// Which engine a flag value is for: `N:rest` for engine N (from 1), else every engine.
fn target<'a>(flag: &str, text: &'a str, count: usize) -> Result<(Option<usize>, &'a str), String> {
    match engine_prefix(text) {
        Some((number, rest)) if (1..=count).contains(&number) => Ok((Some(number - 1), rest)),
        Some((number, _)) => Err(format!(
            "{flag} {text}: there is no engine {number} (engines are counted from 1 to {count})"
        )),
        None => Ok((None, text)),
    }
}

/// Checks the arguments of a match (not `--verify`).
fn configure(raw: &MatchArgs) -> Result<MatchConfig, super::Error> {
    let count = raw.engine.len();
    if count < 2 {
        return Err(format!("a match needs at least two --engine commands (got {count})").into());
    }
    let (engines, named) = engine_specs(raw)?;
    let seed = raw.seed.unwrap_or_else(clock_seed);
    let multi = super::match_multi::multi_match(raw, seed)?;
    let controls = time_controls(raw)?;
    check_numbers(raw)?;
    super::flags::no_repeats("--layout", &raw.layout)?;
    let mut layouts = raw.layout.clone();
    if layouts.is_empty() {
        layouts.push(Layout::Standard);
    }
    // Without --openings the shipped suite, in an order drawn from the seed.
    let book = match (&multi, &raw.openings) {
        (Some(_), _) => Book::None,
        (None, Some(argument)) => Book::from_argument(argument, &layouts)?,
        (None, None) => Book::suite(&layouts, seed)?,
    };
    if !raw.layout.is_empty() && !book.uses_layouts() {
        return Err(
            "--layout: every line of the --openings file names its own start (a layout \
                    or a position string), so the games would not start from it"
                .into(),
        );
    }
    check_unused(raw, &controls)?;
    // The move limit counts from the start, openings included: one that ends inside an opening
    // would play the opening past the end of the game.
    let longest = match &multi {
        Some(multi) => multi.book.longest_opening(),
        None => book.longest_opening(),
    };
    if raw.max_plies != 0 && raw.max_plies as usize <= longest {
        return Err(format!(
            "--max-plies {} must be more than the longest opening ({longest} plies)",
            raw.max_plies
        )
        .into());
    }
    let sprt = match &raw.sprt {
        Some(_) if count != 2 => return Err("--sprt needs exactly two engines".into()),
        Some(words) => Some(words.join(" ").parse::<Sprt>()?),
        None => None,
    };
    let games = match &multi {
        Some(multi) => super::match_multi::games(raw.games, multi)?,
        None => two_player_games(raw, sprt.is_some())?,
    };
    let shard = (raw.shard.as_deref())
        .map(super::flags::shard)
        .transpose()?
        .unwrap_or((0, 1));
    let kind = match multi {
        Some(multi) => MatchKind::Multi(multi),
        None => {
            let adjudication = Adjudication {
                draw: raw.draw.as_ref().map(|w| w.join(" ").parse()).transpose()?,
                resign: (raw.resign.as_ref())
                    .map(|w| w.join(" ").parse())
                    .transpose()?,
            };
            let two = TwoPlayerMatch {
                layouts,
                book,
                sprt,
                adjudication,
            };
            MatchKind::Two(two)
        }
    };
    Ok(MatchConfig {
        engines,
        controls,
        named,
        games,
        concurrency: raw.concurrency,
        max_plies: raw.max_plies,
        seed,
        records: raw.records.clone(),
        margin: Duration::from_millis(raw.timemargin.unwrap_or(DEFAULT_TIME_MARGIN_MS)),
        silence: Duration::from_secs_f64(raw.silence_timeout),
        event: (raw.event.clone()).unwrap_or_else(|| DEFAULT_EVENT.to_string()),
        shard,
        game_time: raw.game_time.map(Duration::from_secs_f64),
        kind,
    })
}

/// Each engine's time control: its own `--tc N:TC`, else the `--tc` for all.
fn time_controls(raw: &MatchArgs) -> Result<Vec<TimeControl>, super::Error> {
    let count = raw.engine.len();
    let mut global_tc = None;
    let mut tcs: Vec<Option<TimeControl>> = vec![None; count];
    for text in &raw.tc {
        let (owner, tc) = target("--tc", text, count)?;
        let tc: TimeControl = tc.parse()?;
        let slot = match owner {
            Some(engine) => &mut tcs[engine],
            None => &mut global_tc,
        };
        if slot.replace(tc).is_some() {
            let message = match owner {
                Some(engine) => format!("two --tc for engine {}", engine + 1),
                None => "two --tc for every engine (use --tc N:TC for engine N)".into(),
            };
            return Err(message.into());
        }
    }
    if let Some(tc) = global_tc
        && tcs.iter().all(Option::is_some)
    {
        return Err(format!("--tc {tc} is used by no engine: each has its own --tc N:TC").into());
    }
    (0..count)
        .map(|index| {
            tcs[index].or(global_tc).ok_or_else(|| {
                let command = &raw.engine[index];
                let number = index + 1;
                format!("no time control for engine {number} ('{command}'): give --tc").into()
            })
        })
        .collect()
}

/// The engines with their names and options, and whether each name was given with `--name`.
fn engine_specs(raw: &MatchArgs) -> Result<(Vec<EngineSpec>, Vec<bool>), super::Error> {
    let count = raw.engine.len();
    if raw.name.len() > count {
        return Err(format!(
            "{} --name for {count} engines (the k-th --name names the k-th engine)",
            raw.name.len()
        )
        .into());
    }
    for name in &raw.name {
        if name.trim().is_empty() || name.contains(['\n', '\r']) {
            return Err(format!("bad --name '{name}'").into());
        }
    }
    let mut options = engine_options(raw)?;
    let mut engines = Vec::with_capacity(count);
    for (index, command) in raw.engine.iter().enumerate() {
        let spec = EngineSpec::from_command_line(command)?;
        let name = raw.name.get(index).map(|name| name.trim().to_string());
        engines.push(EngineSpec {
            name: name.unwrap_or(spec.name),
            options: std::mem::take(&mut options[index]),
            ..spec
        });
    }
    let named = (0..count).map(|index| index < raw.name.len()).collect();
    Ok((engines, named))
}

/// An option: its name and value (none for a button).
type EngineOption = (String, Option<String>);

/// Each engine's options: the `--option`s for every engine, an engine's own `--option N:…`
/// replacing one of the same name (UAP names are not case-sensitive). An option named twice for
/// the same engines, or replaced for every engine, is refused: one of the two would be unused.
fn engine_options(raw: &MatchArgs) -> Result<Vec<Vec<EngineOption>>, super::Error> {
    let count = raw.engine.len();
    let mut own: Vec<Vec<EngineOption>> = vec![Vec::new(); count];
    let mut every = Vec::new();
    let same = |a: &EngineOption, b: &EngineOption| a.0.eq_ignore_ascii_case(&b.0);
    for text in &raw.option {
        let (owner, option) = target("--option", text, count)?;
        let option = parse_option(option)?;
        let list = match owner {
            Some(engine) => &mut own[engine],
            None => &mut every,
        };
        if list.iter().any(|seen| same(seen, &option)) {
            let whose = match owner {
                Some(engine) => format!("engine {}", engine + 1),
                None => "every engine".into(),
            };
            return Err(format!("two --option {} for {whose}", option.0).into());
        }
        list.push(option);
    }
    for option in &every {
        if own
            .iter()
            .all(|list| list.iter().any(|mine| same(mine, option)))
        {
            let name = &option.0;
            return Err(format!("--option {name} is used by no engine: each has its own").into());
        }
    }
    Ok(own
        .into_iter()
        .map(|mine| {
            let kept = every.iter().filter(|o| !mine.iter().any(|m| same(m, o)));
            let mut options: Vec<EngineOption> = kept.cloned().collect();
            options.extend(mine);
            options
        })
        .collect())
}

/// Games per pair of a two-player match: --games, else 2, or [`SPRT_GAMES`] for an SPRT; the
/// pairs together play at most [`MAX_GAMES`].
fn two_player_games(raw: &MatchArgs, sprt: bool) -> Result<u32, String> {
    let games = raw.games.unwrap_or(if sprt { SPRT_GAMES } else { 2 });
    let count = raw.engine.len() as u64;
    let pairs = count * (count - 1) / 2;
    if pairs.saturating_mul(u64::from(games)) > u64::from(MAX_GAMES) {
        return Err(format!(
            "{pairs} pairs of engines, {games} games each: more than {MAX_GAMES} games in all"
        ));
    }
    Ok(games)
}

/// Refuses the flags that would change nothing in this match.
fn check_unused(raw: &MatchArgs, controls: &[TimeControl]) -> Result<(), String> {
    if raw.event.is_some() && raw.records.is_none() {
        return Err("--event is the Event tag of the records: it goes with --records".into());
    }
    // A tag value is one line of text, as a name is.
    if let Some(event) = &raw.event
        && event.chars().any(char::is_control)
    {
        return Err(format!("bad --event {event:?}: a control character"));
    }
    let on_time =
        |tc: &TimeControl| matches!(tc, TimeControl::MoveTime { .. } | TimeControl::Clock { .. });
    if raw.timemargin.is_some() && !controls.iter().any(on_time) {
        return Err(
            "--time-margin allows lateness on a clock or a move time, and every engine \
                    here plays by depth or nodes"
                .into(),
        );
    }
    Ok(())
}

/// The numeric flags within their bounds.
fn check_numbers(raw: &MatchArgs) -> Result<(), String> {
    if raw
        .games
        .is_some_and(|games| !(1..=MAX_GAMES).contains(&games))
    {
        return Err(format!("--games must be from 1 to {MAX_GAMES}"));
    }
    if !(1..=MAX_CONCURRENCY).contains(&raw.concurrency) {
        return Err(format!("--concurrency must be from 1 to {MAX_CONCURRENCY}"));
    }
    if raw.max_plies > MAX_MOVE_LIMIT {
        return Err(format!(
            "--max-plies must be from 0 (none) to {MAX_MOVE_LIMIT}"
        ));
    }
    if raw.timemargin.is_some_and(|ms| ms > 60_000) {
        return Err("--time-margin is at most 60000 ms".into());
    }
    if let Some(seconds) = raw.game_time
        && !(0.001..=86_400.0).contains(&seconds)
    {
        return Err("--game-time must be from 0.001 to 86400 seconds".into());
    }
    super::flags::silence_timeout(raw.silence_timeout)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::FromArgMatches;

    impl MatchArgs {
        /// Reads the arguments that follow `match`, as the binary's clap subcommand does.
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
        assert_eq!(args.games, Some(4));
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

    fn parse(args: &[&str]) -> Result<MatchConfig, String> {
        let mut all = vec!["match"];
        all.extend_from_slice(args);
        let args = MatchArgs::try_parse_from(all).map_err(|e| e.to_string())?;
        configure(&args).map_err(|e| e.to_string())
    }

    #[test]
    fn a_full_command_line_is_configured() {
        let config = parse(&[
            "--tc",
            "movetime=100",
            "--option",
            "Hash=16",
            "--engine",
            "./sumito",
            "--name",
            "base",
            "--engine",
            "/usr/bin/sumito --threads 1",
            "--tc",
            "2:depth=4",
            "--option",
            "2:Hash=32",
            "--games",
            "10",
            "--layout",
            "standard,belgian-daisy",
            "--openings",
            "random:4",
            "--sprt",
            "elo0=0",
            "elo1=10",
            "--seed",
            "7",
        ])
        .unwrap();
        assert_eq!(config.engines.len(), 2);
        let (a, b) = (&config.engines[0], &config.engines[1]);
        assert_eq!((a.name.as_str(), b.name.as_str()), ("base", "sumito"));
        assert_eq!(config.named, [true, false]);
        assert_eq!(b.args, ["--threads", "1"]);
        assert_eq!(config.controls[0].to_string(), "movetime=100");
        assert_eq!(config.controls[1].to_string(), "depth=4");
        assert_eq!(a.options, [("Hash".to_string(), Some("16".to_string()))]);
        // Engine 2's own Hash replaces the one for every engine.
        assert_eq!(b.options, [("Hash".to_string(), Some("32".to_string()))]);
        let MatchKind::Two(two) = &config.kind else {
            panic!("a two-player match")
        };
        assert_eq!(two.layouts, [Layout::Standard, Layout::BelgianDaisy]);
        assert_eq!(two.book, Book::Random { plies: 4 });
        assert_eq!(config.seed, 7);
        assert!(two.sprt.is_some());
        assert_eq!(config.max_plies, 200);
    }

    #[test]
    fn an_sprt_without_games_plays_until_the_test_decides() {
        let two = ["--engine", "a", "--engine", "b", "--tc", "depth=1"];
        let config = parse(&[&two[..], &["--sprt", "elo0=0", "elo1=5"]].concat()).unwrap();
        assert_eq!(config.games, SPRT_GAMES);
        assert_eq!(parse(&two).unwrap().games, 2);
    }

    #[test]
    fn an_event_is_one_line_of_text() {
        let args = ["--tc", "depth=1", "--engine", "a", "--engine", "b"];
        let with = |event: &str| {
            let records = ["--records", "r.txt", "--event", event];
            parse(&[&args[..], &records].concat())
        };
        let refused = with("ev\nx").expect_err("refused");
        assert!(refused.contains("a control character"), "{refused}");
        assert!(with("Club final, round 2").is_ok());
    }

    #[test]
    fn bad_command_lines_give_messages() {
        let two = "--engine a --engine b";
        let cases = [
            ("--engine a --tc depth=1".to_string(), "at least two"),
            (two.to_string(), "no time control"),
            (format!("--tc fast {two}"), "bad time control"),
            (format!("--tc depth=1 {two} --games 0"), "--games"),
            (
                format!("--tc depth=1 {two} --engine c --games 400000"),
                "3 pairs of engines, 400000 games each",
            ),
            (
                format!("--name x --name y --name z --tc depth=1 {two}"),
                "3 --name for 2 engines",
            ),
            (format!("--tc 3:depth=1 {two}"), "no engine 3"),
            (
                format!("--tc depth=1 {two} --tc depth=2"),
                "two --tc for every engine",
            ),
            (
                format!("--tc 1:depth=1 {two} --tc 1:depth=3"),
                "two --tc for engine 1",
            ),
            (
                format!("--tc depth=1 {two} --tc 1:depth=2 --tc 2:depth=3"),
                "--tc depth=1 is used by no engine",
            ),
            (format!("--tc depth=1 {two} --option =3"), "bad --option"),
            (
                format!("--tc depth=1 {two} --option Hash=1 --option hash=2"),
                "two --option hash for every engine",
            ),
            (
                format!("--tc depth=1 {two} --option 2:Ponder --option 2:Ponder"),
                "two --option Ponder for engine 2",
            ),
            (
                format!("--tc depth=1 {two} --option Hash=1 --option 1:Hash=2 --option 2:Hash=3"),
                "--option Hash is used by no engine",
            ),
            (
                format!("--tc depth=1 {two} --option 0:Hash=1"),
                "no engine 0",
            ),
            (
                format!("--tc depth=1 {two} --openings random:z"),
                "random:K",
            ),
            (
                format!("--tc depth=1 {two} --silence-timeout 0"),
                "--silence-timeout",
            ),
            (
                format!("--tc depth=1 {two} --engine c --sprt elo0=0 elo1=5"),
                "exactly two",
            ),
            (format!("--tc depth=1 {two} --sprt elo0=5 elo1=0"), "below"),
            (format!("--tc depth=1 {two} --game-time 0"), "--game-time"),
            (format!("--tc depth=1 {two} --game-time=-3"), "--game-time"),
            (format!("--tc depth=1 {two} --game-time nan"), "--game-time"),
            (
                format!("--tc depth=1 {two} --max-plies 4"),
                "longest opening (8 plies)",
            ),
            (
                format!("--tc depth=1 {two} --openings random:6 --max-plies 6"),
                "--max-plies 6 must be more than the longest opening (6 plies)",
            ),
        ];
        for (args, expected) in cases {
            let words: Vec<&str> = args.split(' ').collect();
            let error = parse(&words).unwrap_err();
            assert!(error.contains(expected), "{args}: {error}");
        }
    }
}
