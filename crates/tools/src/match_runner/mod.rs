//! `sumito match`: engine-vs-engine matches between UAP engines, with time controls, openings,
//! statistics (Elo, SPRT) and game records, and the table of record files (`--merge`, the
//! shards of a match). The command line is in the binary's `cli/match.rs`.
//!
//! The runner keeps the authoritative position with the rules core and checks every move the
//! engines send: an illegal move, a crash, an answer later than the clock allows or silence
//! loses the game. The pieces:
//!
//! - `config`: the checked settings, [`MatchConfig`];
//! - [`openings`]: where each pair of games starts;
//! - [`suite`]: making the balanced opening suite that is shipped (`sumito openings`);
//! - [`game`]: one game of any number of seats, move by move, with `ask`: one move asked of
//!   an engine;
//! - [`sumito_games::adjudication`] (of the games layer): ending a game early by the engines' scores
//!   (`--draw`, `--resign`);
//! - [`stats`]: Elo with its interval, and the SPRT;
//! - `report`: the progress line and the final table; `machine`: the warning before a match
//!   that the machine is too busy for its time control;
//! - `runner`: the worker threads and the collector, for either kind of match, and `pairs`:
//!   the two-player schedule, games and table it plays;
//! - `merge`: the table from record files (`--merge`), with `rounds` (missing and repeated
//!   rounds) and `glob` (wildcards the shell left unexpanded).
//!
//! - [`multi`]: matches of three to six players (`--players N`), the same way.
//!
//! What fails, from the settings to the merge, is a [`MatchError`].

mod ask;
mod config;
mod error;
pub mod game;
mod glob;
mod machine;
pub mod merge;
pub mod multi;
pub mod openings;
mod pairs;
mod report;
mod rounds;
mod runner;
pub mod stats;

pub mod suite;

pub use config::{MatchConfig, MatchKind, TwoPlayerMatch};
pub use error::MatchError;

use crate::uap_client::EngineProcess;
use std::sync::atomic::AtomicBool;
use sumito_games::clock::{ms_to_seconds, whole_ms};

/// Plays the match `config` describes: the header on stderr, the progress and the table as
/// the games end. Setting `stop` (the Ctrl-C flag) ends it early, with the table of the games
/// finished so far.
pub fn run(mut config: MatchConfig, stop: &AtomicBool) -> Result<(), MatchError> {
    let (shard, shards) = config.shard;
    if shards > 1 && scheduled_games(&config) == 0 {
        return Err(MatchError::EmptyShard {
            shard: shard + 1,
            shards,
            games: config.games,
        });
    }
    // Start every engine once before anything is played: a wrong command or a refused option
    // stops the match here, with a message. These processes then serve the first worker.
    let mut first = Vec::with_capacity(config.engines.len());
    for spec in &config.engines {
        first.push(EngineProcess::start(spec, config.silence)?);
    }
    for (index, engine) in first.iter().enumerate() {
        if let Some(id) = engine.id_name.as_ref().filter(|id| !id.trim().is_empty())
            && !config.named[index]
        {
            // The options it plays with belong to the name: two Sumitos at other `Skill`
            // levels are other players, and the records and the table must say which is which.
            let spec = &mut config.engines[index];
            spec.name = match spec.options_text() {
                Some(options) => format!("{} ({options})", id.trim()),
                None => id.trim().to_string(),
            };
        }
    }
    // Names must tell the engines apart in records and tables.
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    for (index, spec) in config.engines.iter_mut().enumerate() {
        if names.iter().filter(|&name| *name == spec.name).count() > 1 {
            spec.name = format!("{} #{}", spec.name, index + 1);
        }
    }
    let engines: Vec<String> = config
        .engines
        .iter()
        .zip(&config.controls)
        .map(|(e, tc)| format!("{} ({tc})", e.name))
        .collect();
    let points_game = config
        .game_time
        .map(|total| format!("; points game of {} s", ms_to_seconds(whole_ms(total))))
        .unwrap_or_default();
    match &config.kind {
        MatchKind::Multi(multi) => {
            eprintln!(
                "match: {}; {} players ({}); {} games per combination of {} ({} seatings \
                 each); openings {}; max plies {}{points_game}; concurrency {}; seed {}",
                engines.join(", "),
                multi.layout.seating().seats(),
                multi.layout.name(),
                config.games,
                multi.layout.seating().teams(),
                multi.seatings_per_combination(),
                multi.book.describe(),
                config.max_plies,
                config.concurrency,
                config.seed
            );
            let plan = multi::Combinations {
                config: &config,
                multi,
            };
            let jobs = multi::schedule_multi(&config, multi);
            warn_of_the_machine(&config, jobs.len());
            runner::run(&config, &plan, jobs, first, stop)
        }
        MatchKind::Two(two) => {
            let layouts: Vec<&str> = two.layouts.iter().map(|l| l.name()).collect();
            let draw = (two.adjudication.draw)
                .map(|rule| format!("; --draw {rule}"))
                .unwrap_or_default();
            let resign = (two.adjudication.resign)
                .map(|rule| format!("; --resign {rule}"))
                .unwrap_or_default();
            eprintln!(
                "match: {}; {} games per pair; layout {}; openings {}; max plies \
                 {}{points_game}{draw}{resign}; concurrency {}; seed {}",
                engines.join(" vs "),
                config.games,
                layouts.join(","),
                two.book.describe(),
                config.max_plies,
                config.concurrency,
                config.seed
            );
            if config.games % 2 == 1 {
                eprintln!(
                    "warning: {} per pair is odd: the last opening of each pair is played with \
                     one colour only, so colour and opening are not balanced",
                    crate::util::text::quantity(config.games.into(), "game")
                );
            }
            let plan = pairs::Pairs {
                config: &config,
                two,
            };
            let jobs = pairs::schedule(&config, two);
            warn_of_the_machine(&config, jobs.len());
            runner::run(&config, &plan, jobs, first, stop)
        }
    }
}

/// How many games the match (its shard) plays.
fn scheduled_games(config: &MatchConfig) -> usize {
    match &config.kind {
        MatchKind::Two(two) => pairs::schedule(config, two).len(),
        MatchKind::Multi(multi) => multi::schedule_multi(config, multi).len(),
    }
}

/// Says on stderr, before the first game, when the machine is too busy for the match's
/// shortest time control ([`machine::warning`]).
fn warn_of_the_machine(config: &MatchConfig, games: usize) {
    if let Some(text) = machine::warning(config, machine::Machine::now, games) {
        eprintln!("{text}");
    }
}
