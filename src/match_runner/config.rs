//! The match settings: the command line checked and turned into a [`MatchConfig`].

use super::args::{MatchArgs, engine_prefix};
use super::openings::Book;
use super::stats::Sprt;
use crate::board::Layout;
use crate::clock::TimeControl;
use crate::uap_client::{EngineSpec, parse_option};
use std::path::PathBuf;
use std::time::Duration;

/// Most games per pair.
const MAX_GAMES: u32 = 10_000_000;

/// Most games at once.
const MAX_CONCURRENCY: usize = 256;

/// Largest `--max-plies`, the move limit of each game (Sumito's `MoveLimit` option goes to
/// 100000).
const MAX_MOVE_LIMIT: u32 = 50_000;

/// Everything a match needs, checked.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub engines: Vec<EngineSpec>,
    /// Each engine's time control, indexed like `engines`.
    pub controls: Vec<TimeControl>,
    /// Whether each engine's name was given with `--name` (else it comes from `id name`).
    pub named: Vec<bool>,
    pub games: u32,
    pub concurrency: usize,
    pub layouts: Vec<Layout>,
    pub book: Book,
    pub max_plies: u32,
    pub seed: u64,
    pub records: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub margin: Duration,
    pub silence: Duration,
    pub event: String,
    /// `--shard K/N` as (K − 1, N); `(0, 1)` plays the whole match.
    pub shard: (u64, u64),
    /// The points game's total thinking time per game (`--game-time`).
    pub game_time: Option<Duration>,
}

/// Reads `--shard K/N` (1 <= K <= N) as (K − 1, N).
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("bad --shard '{text}': expected K/N with 1 <= K <= N, as in 2/8");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: u64 = k.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

/// The seed from the clock, when none is given: kept short, since the header prints it for
/// the match to be replayed.
fn clock_seed() -> u64 {
    crate::util::random::clock_seed() % 1_000_000_007
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
pub fn configure(raw: &MatchArgs) -> Result<MatchConfig, String> {
    let count = raw.engine.len();
    if count < 2 {
        return Err(format!(
            "a match needs at least two --engine commands (got {count})"
        ));
    }
    let (engines, named) = engine_specs(raw)?;
    let controls = time_controls(raw)?;
    check_numbers(raw)?;
    let mut layouts = raw.layout.clone();
    if layouts.is_empty() {
        layouts.push(Layout::Standard);
    }
    layouts.dedup();
    let seed = raw.seed.unwrap_or_else(clock_seed);
    // Without --openings the shipped suite, in an order drawn from the seed.
    let book = match &raw.openings {
        Some(argument) => Book::from_argument(argument, &layouts),
        None => Book::suite(&layouts, seed),
    }
    .map_err(|e| e.0)?;
    let sprt = match &raw.sprt {
        Some(_) if count != 2 => return Err("--sprt needs exactly two engines".into()),
        Some(words) => Some(words.join(" ").parse::<Sprt>()?),
        None => None,
    };
    Ok(MatchConfig {
        engines,
        controls,
        named,
        games: raw.games,
        concurrency: raw.concurrency,
        layouts,
        book,
        max_plies: raw.max_plies,
        seed,
        records: raw.records.clone(),
        sprt,
        margin: Duration::from_millis(raw.timemargin),
        silence: Duration::from_secs_f64(raw.silence_timeout),
        event: raw.event.clone(),
        shard: raw
            .shard
            .as_deref()
            .map(parse_shard)
            .transpose()?
            .unwrap_or((0, 1)),
        game_time: raw.game_time.map(Duration::from_secs_f64),
    })
}

/// Each engine's time control: its own `--tc N:TC`, else the `--tc` for all.
fn time_controls(raw: &MatchArgs) -> Result<Vec<TimeControl>, String> {
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
            return Err(match owner {
                Some(engine) => format!("two --tc for engine {}", engine + 1),
                None => "two --tc for every engine (use --tc N:TC for engine N)".into(),
            });
        }
    }
    (0..count)
        .map(|index| {
            tcs[index].or(global_tc).ok_or_else(|| {
                let command = &raw.engine[index];
                let number = index + 1;
                format!("no time control for engine {number} ('{command}'): give --tc")
            })
        })
        .collect()
}

/// The engines with their names and options, and whether each name was given with `--name`.
fn engine_specs(raw: &MatchArgs) -> Result<(Vec<EngineSpec>, Vec<bool>), String> {
    let count = raw.engine.len();
    if raw.name.len() > count {
        return Err(format!(
            "{} --name for {count} engines (the k-th --name names the k-th engine)",
            raw.name.len()
        ));
    }
    for name in &raw.name {
        if name.trim().is_empty() || name.contains(['\n', '\r']) {
            return Err(format!("bad --name '{name}'"));
        }
    }
    let mut options: Vec<Vec<(String, Option<String>)>> = vec![Vec::new(); count];
    let mut global_options = Vec::new();
    for text in &raw.option {
        let (owner, option) = target("--option", text, count)?;
        let option = parse_option(option)?;
        match owner {
            Some(engine) => options[engine].push(option),
            None => global_options.push(option),
        }
    }
    let mut engines = Vec::with_capacity(count);
    for (index, command) in raw.engine.iter().enumerate() {
        let spec = EngineSpec::from_command_line(command)?;
        let name = raw.name.get(index).map(|name| name.trim().to_string());
        // Options for all engines first, so that an engine's own ones override them.
        let mut engine_options = global_options.clone();
        engine_options.extend(options[index].iter().cloned());
        engines.push(EngineSpec {
            name: name.unwrap_or(spec.name),
            options: engine_options,
            ..spec
        });
    }
    let named = (0..count).map(|index| index < raw.name.len()).collect();
    Ok((engines, named))
}

/// The numeric flags within their bounds.
fn check_numbers(raw: &MatchArgs) -> Result<(), String> {
    if !(1..=MAX_GAMES).contains(&raw.games) {
        return Err(format!("--games must be from 1 to {MAX_GAMES}"));
    }
    if !(1..=MAX_CONCURRENCY).contains(&raw.concurrency) {
        return Err(format!("--concurrency must be from 1 to {MAX_CONCURRENCY}"));
    }
    if !(1..=MAX_MOVE_LIMIT).contains(&raw.max_plies) {
        return Err(format!("--max-plies must be from 1 to {MAX_MOVE_LIMIT}"));
    }
    if raw.timemargin > 60_000 {
        return Err("--timemargin is at most 60000 ms".into());
    }
    if let Some(seconds) = raw.game_time
        && !(0.001..=86_400.0).contains(&seconds)
    {
        return Err("--game-time must be from 0.001 to 86400 seconds".into());
    }
    let silence = raw.silence_timeout;
    if !(silence.is_finite() && silence > 0.0 && silence <= 86_400.0) {
        return Err("--silence-timeout must be more than 0 and at most 86400 seconds".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<MatchConfig, String> {
        let mut all = vec!["match"];
        all.extend_from_slice(args);
        configure(&MatchArgs::try_parse_from(all).map_err(|e| e.to_string())?)
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
        assert_eq!(b.options.len(), 2);
        assert_eq!(config.layouts, [Layout::Standard, Layout::BelgianDaisy]);
        assert_eq!(config.book, Book::Random { plies: 4 });
        assert_eq!(config.seed, 7);
        assert!(config.sprt.is_some());
        assert_eq!(config.max_plies, 200);
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
            (format!("--tc depth=1 {two} --option =3"), "bad --option"),
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
        ];
        for (args, expected) in cases {
            let words: Vec<&str> = args.split(' ').collect();
            let error = parse(&words).unwrap_err();
            assert!(error.contains(expected), "{args}: {error}");
        }
    }
}
