//! The match settings, checked: what `sumito match` makes of its command line
//! (`cli/match.rs` in the binary).

use super::multi::MultiMatch;
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
    pub max_plies: u32,
    pub seed: u64,
    pub records: Option<PathBuf>,
    pub margin: Duration,
    pub silence: Duration,
    pub event: String,
    /// `--shard K/N` as (K − 1, N); `(0, 1)` plays the whole match.
    pub shard: (u64, u64),
    /// The points game's total thinking time per game (`--game-time`).
    pub game_time: Option<Duration>,
    /// Two players, or three to six: what the kind of game adds.
    pub kind: MatchKind,
}

/// The kind of match, with the settings only that kind has.
#[derive(Clone, Debug)]
pub enum MatchKind {
    /// Two players: every pair of engines plays each opening with either colour.
    Two(TwoPlayerMatch),
    /// Three to six players (`--players N`): every combination of engines in every seating.
    Multi(MultiMatch),
}

/// What a two-player match adds to the match's settings.
#[derive(Clone, Debug)]
pub struct TwoPlayerMatch {
    /// The layouts the openings take turns in.
    pub layouts: Vec<Layout>,
    pub book: Book,
    pub sprt: Option<Sprt>,
    /// `--draw` and `--resign` (both off by default).
    pub adjudication: Adjudication,
}
