//! The match settings, checked: what `sumito match` makes of its command line
//! (`cli/match.rs` in the binary).

use super::openings::Book;
use super::stats::Sprt;
use crate::uap_client::EngineSpec;
use std::path::PathBuf;
use std::time::Duration;
use sumito_games::adjudication::Adjudication;
use sumito_games::clock::TimeControl;
use sumito_rules::board::Layout;

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
    /// `--draw` and `--resign` (both off by default).
    pub adjudication: Adjudication,
    /// A match of three to six players (`--players N`); `None` for two.
    pub multi: Option<super::multi::MultiMatch>,
}
