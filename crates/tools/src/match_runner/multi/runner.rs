//! An N-player match: the schedule, the workers that play it (each with its own engine
//! processes) and the collector that tallies, writes records and reports progress.

use super::MultiMatch;
use super::game::{MultiSetup, new_game, play_multi};
use super::openings::MultiOpening;
use super::seatings::{Unit, combinations, seatings};
use super::tally::MultiTally;
use crate::match_runner::{MatchConfig, MatchError};
use crate::uap_client::EngineProcess;
use crate::util::progress::Progress;
use crate::util::samples::Samples;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use sumito_games::clock::whole_ms;
use sumito_games::records::multi::{MultiGame, MultiGameInfo, format_multi_record, seat_tag};
use sumito_games::records::{RecordsError, RecordsFile, today};
use sumito_rules::random::splitmix64;

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

/// What the workers share.
struct Shared<'a> {
    config: &'a MatchConfig,
    queue: Mutex<VecDeque<MultiJob>>,
    stop: &'a AtomicBool,
}

/// Plays one job with the worker's engines, starting those that are not running.
fn play_job(
    shared: &Shared,
    slots: &mut [Option<EngineProcess>],
    job: &MultiJob,
    lateness: &mut [Samples],
) -> Option<MultiGame> {
    let config = shared.config;
    let mut players = job.seats.clone();
    players.sort_unstable();
    players.dedup();
    for &index in &players {
        if slots[index].as_mut().is_some_and(EngineProcess::has_exited) {
            slots[index] = None;
        }
        if slots[index].is_none() {
            match EngineProcess::start(&config.engines[index], config.silence) {
                Ok(engine) => slots[index] = Some(engine),
                Err(error) => log::warn!("{error}: its seats leave at their turns"),
            }
        }
    }
    // The same seed for every engine and shard: from the match seed and the round alone.
    let seed = splitmix64(config.seed ^ splitmix64(job.round).1).1 >> 1;
    let commands = |index: usize, engine: &EngineProcess| {
        let runner_sets = |option: &str| {
            engine
                .option_names
                .iter()
                .any(|n| n.eq_ignore_ascii_case(option))
                && !config.engines[index].sets_option(option)
        };
        let mut commands = Vec::new();
        if runner_sets("MoveLimit") {
            commands.push(format!(
                "setoption name MoveLimit value {}",
                config.max_plies
            ));
        }
        if runner_sets("Seed") {
            commands.push(format!("setoption name Seed value {}", seed.max(1)));
        }
        commands
    };
    new_game(slots, &players, &commands, config.silence);
    let setup = MultiSetup {
        opening: &job.opening,
        max_plies: config.max_plies,
        controls: job.seats.iter().map(|&e| config.controls[e]).collect(),
        margin: config.margin,
        silence: config.silence,
        game_time: config.game_time,
    };
    let game = play_multi(slots, &job.seats, &setup, shared.stop, lateness)?;
    // The game time may have run out during a search: every engine back to rest, or it goes.
    let game_time = game.termination == sumito_rules::ending::Termination::GameTime;
    for &index in players.iter().filter(|_| game_time) {
        let rested = slots[index]
            .as_mut()
            .is_some_and(|engine| engine.recover(super::game::RECOVERY.min(config.silence)));
        if !rested {
            slots[index] = None;
        }
    }
    Some(game)
}

/// A finished game with how late each engine's timed answers came in it.
type Finished = (MultiJob, MultiGame, Vec<Samples>);

/// A worker: takes jobs until none are left or the match stops.
fn work(shared: &Shared, mut slots: Vec<Option<EngineProcess>>, results: Sender<Finished>) {
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            break;
        }
        let job = (shared.queue.lock())
            .unwrap_or_else(|p| p.into_inner())
            .pop_front();
        let Some(job) = job else { break };
        let mut lateness = vec![Samples::default(); slots.len()];
        let Some(game) = play_job(shared, &mut slots, &job, &mut lateness) else {
            break;
        };
        if results.send((job, game, lateness)).is_err() {
            break;
        }
    }
}

/// Plays the N-player match with the engines already started in `first`, printing the
/// progress and the table. Setting `stop` ends it early with the table of the finished games.
pub fn run_multi_match(
    config: &MatchConfig,
    multi: &MultiMatch,
    first: Vec<EngineProcess>,
    stop: &AtomicBool,
) -> Result<(), MatchError> {
    let jobs = schedule_multi(config, multi);
    let seating = multi.layout.seating();
    let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
    let mut records = config
        .records
        .as_deref()
        .map(RecordsFile::open)
        .transpose()?;
    let total = jobs.len();
    let mut tally = MultiTally::new(names.clone(), seating);
    let mut lateness = vec![Samples::default(); names.len()];
    let mut progress = Progress::new("match", total as u64);
    let shared = Shared {
        config,
        queue: Mutex::new(jobs.into_iter().collect()),
        stop,
    };
    let (date, mut done, mut failure) = (today(), 0, None::<RecordsError>);
    let workers = config.concurrency.min(total).max(1);
    let mut first: Vec<Option<EngineProcess>> = first.into_iter().map(Some).collect();
    std::thread::scope(|scope| {
        let (sender, results) = channel();
        for worker in 0..workers {
            let slots = match worker {
                0 => std::mem::take(&mut first),
                _ => (0..config.engines.len()).map(|_| None).collect(),
            };
            let (sender, shared) = (sender.clone(), &shared);
            scope.spawn(move || work(shared, slots, sender));
        }
        drop(sender);
        for (job, game, late) in results {
            done += 1;
            for (all, game) in lateness.iter_mut().zip(&late) {
                all.extend(game);
            }
            tally.add(&job.seats, &game, seating);
            let players: Vec<&str> = job.seats.iter().map(|&e| names[e].as_str()).collect();
            progress.println(&progress_line(done, total, &job, &game, &players, multi));
            progress.set(done as u64, &tally.standing());
            if let Some(file) = records.as_mut() {
                let record = format_multi_record(&MultiGameInfo {
                    event: &config.event,
                    date: &date,
                    round: job.round,
                    players,
                    start: job.opening.start,
                    opening_plies: job.opening.turns.len(),
                    controls: job.seats.iter().map(|&e| config.controls[e]).collect(),
                    max_plies: config.max_plies,
                    game_time_ms: config.game_time.map(whole_ms),
                    game: &game,
                });
                if let Err(error) = file.append(&record) {
                    failure = Some(error);
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    progress.finish();
    if let Some(error) = failure {
        return Err(error.into());
    }
    let interrupted = stop.load(Ordering::Relaxed);
    if done < total && !interrupted {
        eprintln!("stopped after {done} of {total} games");
    }
    let late = crate::match_runner::report::lateness(&names, &lateness, config.margin);
    crate::say!("{}", format!("{}{late}", tally.table()).trim_end());
    if interrupted {
        return Err(MatchError::Interrupted {
            done,
            total,
            records: config.records.clone(),
        });
    }
    Ok(())
}

/// The line printed as a game ends: `game 5/36 (round 5): black depth3, white depth2, red
/// depth1: 1-3-2 (six marbles ejected); left: red crash`.
fn progress_line(
    done: usize,
    total: usize,
    job: &MultiJob,
    game: &MultiGame,
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
