//! An N-player match as the runner plays it (its [`Plan`]): every combination of engines in
//! every seating; the table is the points per game.

use super::MultiMatch;
use super::openings::MultiOpening;
use super::seatings::{Unit, combinations, seatings};
use super::tally::MultiTally;
use crate::match_runner::MatchConfig;
use crate::match_runner::game::{self, GameSetup};
use crate::match_runner::runner::Plan;
use crate::uap_client::EngineProcess;
use crate::util::samples::Samples;
use std::sync::atomic::AtomicBool;
use sumito_games::clock::whole_ms;
use sumito_games::records::{GameInPlay, GameInfo, PlayedGame, format_record, seat_tag};

/// One game to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiJob {
    /// Its number in the match, from 1.
    pub round: u64,
    /// The engine in each seat.
    pub seats: Vec<usize>,
    pub opening: MultiOpening,
}

/// Every game of the match (of its shard). For each combination of units, games come in groups
/// of every seating, each group from one opening; group k of every combination plays opening
/// k. With `--shard K/N` only the groups numbered K − 1 modulo N (over the whole schedule) are
/// kept, with the full schedule's rounds.
pub fn schedule_multi(config: &MatchConfig, multi: &MultiMatch) -> Vec<MultiJob> {
    let seating = multi.layout.seating();
    let per = seating.teams();
    let mut jobs = Vec::new();
    let (mut round, mut group) = (0u64, 0u64);
    for combination in combinations(multi.units.len(), per) {
        let units: Vec<Unit> = combination
            .iter()
            .map(|&u| multi.units[u].clone())
            .collect();
        let orders = seatings(&units, seating);
        for game in 0..u64::from(config.games) {
            let k = game / orders.len() as u64;
            round += 1;
            group += u64::from(game % orders.len() as u64 == 0);
            if (group - 1) % config.shard.1 != config.shard.0 {
                continue;
            }
            jobs.push(MultiJob {
                round,
                seats: orders[(game % orders.len() as u64) as usize].clone(),
                opening: multi.book.opening(k, multi.layout, config.seed),
            });
        }
    }
    jobs
}

/// The N-player kind of match, with the match's settings.
pub(crate) struct Combinations<'a> {
    pub config: &'a MatchConfig,
    pub multi: &'a MultiMatch,
}

impl Plan for Combinations<'_> {
    type Job = MultiJob;
    type Game = PlayedGame;
    type Tally = MultiTally;

    fn tally(&self) -> MultiTally {
        let names = self.config.engines.iter().map(|e| e.name.clone()).collect();
        MultiTally::new(names, self.multi.layout.seating())
    }

    fn play(
        &self,
        slots: &mut [Option<EngineProcess>],
        job: &MultiJob,
        stop: &AtomicBool,
        lateness: &mut [Samples],
    ) -> Option<PlayedGame> {
        play_job(self.config, slots, job, stop, lateness)
    }

    fn add(
        &self,
        tally: &mut MultiTally,
        (done, total): (usize, usize),
        job: &MultiJob,
        game: &PlayedGame,
    ) -> (String, String) {
        tally.add(&job.seats, game, self.multi.layout.seating());
        let players = self.players(job);
        let line = progress_line(done, total, job, game, &players, self.multi);
        (line, tally.standing())
    }

    fn decided(&self, _: &MultiTally) -> bool {
        false
    }

    fn record(&self, job: &MultiJob, game: &PlayedGame, date: &str) -> String {
        let config = self.config;
        format_record(&GameInfo {
            event: &config.event,
            date,
            round: job.round,
            players: self.players(job),
            start: job.opening.start.any(),
            opening_plies: job.opening.turns.len(),
            controls: job.seats.iter().map(|&e| config.controls[e]).collect(),
            max_plies: config.max_plies,
            game_time_ms: config.game_time.map(whole_ms),
            game,
        })
    }

    fn table(&self, tally: &MultiTally) -> String {
        tally.table()
    }
}

impl Combinations<'_> {
    /// The names of a game's players, in seat order.
    fn players(&self, job: &MultiJob) -> Vec<&str> {
        job.seats
            .iter()
            .map(|&e| self.config.engines[e].name.as_str())
            .collect()
    }
}

/// Plays one job with the worker's engines, starting those that are not running: the seats of
/// an engine that cannot start or get ready leave at their turns.
fn play_job(
    config: &MatchConfig,
    slots: &mut [Option<EngineProcess>],
    job: &MultiJob,
    stop: &AtomicBool,
    lateness: &mut [Samples],
) -> Option<PlayedGame> {
    let mut players = job.seats.clone();
    players.sort_unstable();
    players.dedup();
    for (_, error) in game::start_engines(config, slots, &players) {
        log::warn!("{error}: its seats leave at their turns");
    }
    for (_, why) in game::new_game(config, slots, &players, job.round) {
        log::warn!("an engine failed before the game ({why}): its seats leave at their turns");
    }
    let opening = &job.opening;
    let start = opening.start.position().with_move_limit(config.max_plies);
    let setup = GameSetup {
        start_words: opening.start.command_words(),
        controls: job.seats.iter().map(|&e| config.controls[e]).collect(),
        margin: config.margin,
        silence: config.silence,
        game_time: config.game_time,
    };
    let game = GameInPlay::new(start, &opening.turns);
    game::play(game, slots, &job.seats, &setup, stop, lateness)
}

/// The line printed as a game ends: `game 5/36 (round 5): black depth3, white depth2, red
/// depth1: 1-3-2 (six marbles ejected); left: red crash`.
fn progress_line(
    done: usize,
    total: usize,
    job: &MultiJob,
    game: &PlayedGame,
    players: &[&str],
    multi: &MultiMatch,
) -> String {
    let seats: Vec<String> = multi
        .layout
        .seating()
        .all()
        .map(|seat| {
            format!(
                "{} {}",
                seat_tag(seat).to_lowercase(),
                players[seat.index()]
            )
        })
        .collect();
    let mut line = format!(
        "game {done}/{total} (round {}): {}: {} ({})",
        job.round,
        seats.join(", "),
        game.result(),
        game.termination
    );
    if !game.left.is_empty() {
        let left: Vec<String> = game
            .left
            .iter()
            .map(|l| format!("{} {}", l.seat.name(), l.why))
            .collect();
        line += &format!("; left: {}", left.join(", "));
    }
    line
}
