//! `sumito datagen`: training positions for `sumito train` from fast self-play.
//!
//! Games are numbered from 0 and game `i` depends only on the settings and `i` (its random
//! stream comes from seed + `i`, and it is searched on one thread from a cleared table), so
//! the threads can play any games in any order: a writer puts them into the file in their
//! order, whole, as they come. The file is thus the same for every `--threads`, and an
//! interrupted run continues from its last complete game (`resume.rs`), and a run can be split
//! into shards of games that merge into the same file (`shard.rs`). docs/datagen.md describes
//! the formats, text and binary.

mod binary;
mod error;
pub mod format;
mod game;
mod reader;
mod resume;
mod seats_game;
mod seats_sample;
mod settings;
mod shard;

pub use error::{DatagenError, LineError, Place};
pub use game::{GameRecord, is_quiet, play};
pub use reader::{Encoding, GameOrder, Item, Reader, Start};
pub use resume::{Held, scan};
pub use seats_sample::SeatsSample;
pub use settings::{DEFAULT_DEPTH, PlyRange, Settings};
pub use shard::{GameRange, Merged, SHARD_MARK, merge, shard_header, split_header};

use crate::util::progress::Progress;
use crate::util::text::quantity;
use std::collections::BTreeMap;
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Instant;
use sumito_engine::search::Engine;

/// How much the file holds when done.
#[derive(Clone, Copy, Debug)]
struct Target {
    games: u64,
    positions: u64,
}

impl Target {
    fn reached(&self, games: u64, positions: u64) -> bool {
        games >= self.games || positions >= self.positions
    }
}

/// What a run added.
#[derive(Clone, Copy, Debug, Default)]
struct Added {
    games: u64,
    positions: u64,
}

/// One run of `sumito datagen`: what to make, and where.
#[derive(Clone, Debug)]
pub struct Job {
    /// The data file, continued when it holds games made with the same settings.
    pub output: PathBuf,
    /// The settings that decide the games.
    pub settings: Settings,
    /// Games the file holds when done (no bound if `None`).
    pub games: Option<u64>,
    /// Positions the file holds when done, at least (no bound if `None`).
    pub positions: Option<u64>,
    /// Threads, each playing its own games; every core if `None`.
    pub threads: Option<usize>,
    /// How the file is written.
    pub encoding: Encoding,
    /// The games of this shard, `None` for a whole run (games from 0). A shard's file holds
    /// them when done, whatever `games` and `positions` say.
    pub shard: Option<GameRange>,
}

/// Runs `sumito datagen`: games appended to the output file, progress on stderr.
pub fn run(job: &Job) -> Result<(), DatagenError> {
    let settings = &job.settings;
    let mut target = Target {
        games: job.games.unwrap_or(u64::MAX),
        positions: job.positions.unwrap_or(u64::MAX),
    };
    let seats_bench = (settings.players > 2)
        .then(sumito_engine::multi_search::seats_signature)
        .transpose()?;
    let mut header = settings.header(sumito_engine::search::bench_signature(), seats_bench);
    if let Some(range) = job.shard {
        header = shard_header(&header, range);
        target = Target {
            games: range.len(),
            positions: u64::MAX,
        };
    }
    let first = job.shard.map_or(0, |range| range.first);
    let (file, held) = resume::open(&job.output, &header, job.encoding, first)?;
    let name = job.output.display();
    let holds = format!(
        "{name} holds {}, {}",
        quantity(held.games, "game"),
        quantity(held.positions, "position")
    );
    // A complete file is said to be so, and nothing more: it is not continued.
    if target.reached(held.games, held.positions) {
        eprintln!("datagen: {holds}; it is complete");
        return Ok(());
    }
    if held.games > 0 || held.dropped_bytes > 0 {
        eprintln!(
            "datagen: {holds}; continuing from game {}{}",
            first + held.games,
            match held.dropped_bytes {
                0 => String::new(),
                n => format!(" (dropped {n} bytes of an unfinished game)"),
            }
        );
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(job.threads.unwrap_or(0))
        .build()?;
    let started = Instant::now();
    let games = Games {
        first,
        target,
        held,
        encoding: job.encoding,
    };
    let added = produce(&pool, settings, games, file)?;
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    eprintln!(
        "datagen: {name} holds {}, {}; this run {}, {} in {seconds:.1} s: {:.0} positions/hour \
         on {}",
        quantity(held.games + added.games, "game"),
        quantity(held.positions + added.positions, "position"),
        quantity(added.games, "game"),
        quantity(added.positions, "position"),
        added.positions as f64 * 3600.0 / seconds,
        quantity(pool.current_num_threads() as u64, "thread"),
    );
    Ok(())
}

/// The games a run adds to its file.
#[derive(Clone, Copy, Debug)]
struct Games {
    /// The file's first game: 0, or a shard's first.
    first: u64,
    /// How much the file holds when done.
    target: Target,
    /// What it holds already.
    held: Held,
    /// How the games are written.
    encoding: Encoding,
}

impl Games {
    /// The index of the file's `count`-th game from its first.
    fn index(&self, count: u64) -> u64 {
        self.first.saturating_add(count)
    }
}

/// Plays the games after those held on every thread of `pool` and appends them in order until
/// the target is reached. The writer runs on the calling thread, outside the pool.
fn produce(
    pool: &rayon::ThreadPool,
    settings: &Settings,
    games: Games,
    file: File,
) -> Result<Added, DatagenError> {
    let next = AtomicU64::new(games.index(games.held.games));
    // Games from this index on are not started (lowered once the target is reached).
    let end = AtomicU64::new(games.index(games.target.games));
    let (sender, receiver) = channel();
    pool.in_place_scope(|scope| {
        for _ in 0..pool.current_num_threads() {
            let (sender, next, end) = (sender.clone(), &next, &end);
            scope.spawn(move |_| worker(settings, next, end, sender));
        }
        drop(sender);
        let result = write_in_order(receiver, games, file, &end);
        // On an error the workers stop after their current game.
        end.store(0, Ordering::SeqCst);
        result
    })
}

/// Plays games by their index until the end index, each sent to the writer.
fn worker(
    settings: &Settings,
    next: &AtomicU64,
    end: &AtomicU64,
    sender: Sender<Result<GameRecord, DatagenError>>,
) {
    let mut engine = match Engine::new(settings.hash) {
        Ok(engine) => engine,
        Err(e) => {
            let _ = sender.send(Err(e.into()));
            return;
        }
    };
    loop {
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= end.load(Ordering::SeqCst) {
            return;
        }
        let record = play(settings, &mut engine, index);
        if sender.send(Ok(record)).is_err() {
            return;
        }
    }
}

/// Appends the games as they come, in index order, each whole in one write, until the target
/// is reached or the workers are done.
fn write_in_order(
    receiver: Receiver<Result<GameRecord, DatagenError>>,
    games: Games,
    mut file: File,
    end: &AtomicU64,
) -> Result<Added, DatagenError> {
    let Games { target, held, .. } = games;
    let mut waiting = BTreeMap::new();
    let mut added = Added::default();
    let total = match target.games {
        u64::MAX => target.positions,
        games => games,
    };
    let by_games = target.games != u64::MAX;
    // The bar counts this run's part alone, so that its estimate of the time left is drawn from
    // this run's speed, not from what the file held before it.
    let counted = |games: u64, positions: u64| {
        if by_games {
            games
        } else {
            positions.min(total)
        }
    };
    let before = counted(held.games, held.positions);
    let mut progress = Progress::new("datagen", total - before);
    let started = Instant::now();
    for record in receiver {
        let record = record?;
        waiting.insert(record.game.index, record);
        let mut expected = games.index(held.games + added.games);
        while let Some(record) = waiting.remove(&expected) {
            file.write_all(&record.encode(games.encoding))
                .map_err(|source| DatagenError::WriteGame {
                    index: expected,
                    source,
                })?;
            added.games += 1;
            added.positions += record.game.positions;
            let (count, positions) = (held.games + added.games, held.positions + added.positions);
            let rate = added.positions as f64 * 3600.0 / started.elapsed().as_secs_f64().max(1e-9);
            let message = format!("{count} games, {positions} positions, {rate:.0}/hour");
            progress.set(counted(count, positions) - before, &message);
            if target.reached(count, positions) {
                end.store(expected + 1, Ordering::SeqCst);
                progress.finish();
                return Ok(added);
            }
            expected += 1;
        }
    }
    progress.finish();
    Ok(added)
}
