//! The match itself, for either kind of game: the worker threads that play the schedule (each
//! owning its engine processes), and the collector that counts results, writes records, prints
//! the progress and the table, and stops the match when the kind of match says it has decided
//! (the SPRT). What differs between two players and three to six is a [`Plan`]: the two-player
//! one is `pairs`, the N-player one `multi::plan`.

use super::{MatchConfig, MatchError, MatchKind, report};
use crate::uap_client::EngineProcess;
use crate::util::progress::Progress;
use crate::util::samples::Samples;
use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use sumito_games::records::{RecordsError, RecordsFile, today};

/// A kind of match as the runner plays it: its games, how one is played and recorded, and the
/// table its results add up to.
pub(super) trait Plan: Sync {
    /// One game to play.
    type Job: Send;
    /// A finished game.
    type Game: Send;
    /// The results so far.
    type Tally;

    /// The empty table of the match.
    fn tally(&self) -> Self::Tally;

    /// Plays `job` with the worker's engine processes (`slots`, indexed like the match's
    /// engines), starting or restarting them as needed; every timed answer adds how late it
    /// came to `lateness` of its engine. `None` when `stop` was set during the game.
    fn play(
        &self,
        slots: &mut [Option<EngineProcess>],
        job: &Self::Job,
        stop: &AtomicBool,
        lateness: &mut [Samples],
    ) -> Option<Self::Game>;

    /// Counts a finished game, the `done`-th of `total`: the line printed for it and the
    /// standing the progress bar shows.
    fn add(
        &self,
        tally: &mut Self::Tally,
        count: (usize, usize),
        job: &Self::Job,
        game: &Self::Game,
    ) -> (String, String);

    /// Has the match decided before its last game (the SPRT)?
    fn decided(&self, tally: &Self::Tally) -> bool;

    /// The game's record, dated `date`.
    fn record(&self, job: &Self::Job, game: &Self::Game, date: &str) -> String;

    /// The final table.
    fn table(&self, tally: &Self::Tally) -> String;
}

/// What the workers share.
struct Shared<'a, P: Plan> {
    plan: &'a P,
    queue: Mutex<VecDeque<P::Job>>,
    /// Set to end the match early: by the caller (Ctrl-C) or when the match has decided.
    stop: &'a AtomicBool,
}

impl<P: Plan> Shared<'_, P> {
    fn next_job(&self) -> Option<P::Job> {
        if self.stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut queue = self
            .queue
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        queue.pop_front()
    }
}

/// A finished game with how late each engine's timed answers came in it.
type Finished<P> = (<P as Plan>::Job, <P as Plan>::Game, Vec<Samples>);

/// A worker: takes jobs until none are left or the match stops. Its engines quit when it ends.
fn work<P: Plan>(
    shared: &Shared<P>,
    mut slots: Vec<Option<EngineProcess>>,
    results: Sender<Finished<P>>,
) {
    while let Some(job) = shared.next_job() {
        let mut lateness = vec![Samples::default(); slots.len()];
        let Some(game) = shared
            .plan
            .play(&mut slots, &job, shared.stop, &mut lateness)
        else {
            break;
        };
        if results.send((job, game, lateness)).is_err() {
            break;
        }
    }
}

/// Plays `jobs` with the engines already started in `first` (one process per engine, given to
/// the first worker) and prints the progress and the final table. Setting `stop` (Ctrl-C) ends
/// it early: the games in progress are dropped, and the table of the finished ones is printed
/// before [`MatchError::Interrupted`] is returned.
pub(super) fn run<P: Plan>(
    config: &MatchConfig,
    plan: &P,
    jobs: Vec<P::Job>,
    first: Vec<EngineProcess>,
    stop: &AtomicBool,
) -> Result<(), MatchError> {
    let mut collector = Collector {
        config,
        plan,
        tally: plan.tally(),
        records: config
            .records
            .as_deref()
            .map(RecordsFile::open)
            .transpose()?,
        date: today(),
        // The SPRT may stop the match before its last game.
        progress: match &config.kind {
            MatchKind::Two(two) if two.sprt.is_some() => {
                Progress::up_to("match", jobs.len() as u64)
            }
            _ => Progress::new("match", jobs.len() as u64),
        },
        total: jobs.len(),
        done: 0,
        lateness: vec![Samples::default(); config.engines.len()],
        failure: None,
    };
    let shared = Shared {
        plan,
        queue: Mutex::new(jobs.into_iter().collect()),
        stop,
    };
    let workers = config.concurrency.min(collector.total).max(1);
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
            if collector.add(&job, &game, &late) {
                shared.stop.store(true, Ordering::Relaxed);
            }
        }
    });
    // Stopped, and not because the match had decided: from outside.
    let interrupted = stop.load(Ordering::Relaxed) && !plan.decided(&collector.tally);
    collector.finish(interrupted)
}

/// The main thread's side of a match: results as they come in, the progress lines, the
/// records file and the final table.
struct Collector<'a, P: Plan> {
    config: &'a MatchConfig,
    plan: &'a P,
    tally: P::Tally,
    records: Option<RecordsFile>,
    date: String,
    /// The overall progress line: games done, the standing, the time left.
    progress: Progress,
    total: usize,
    done: usize,
    /// Lateness samples per engine.
    lateness: Vec<Samples>,
    /// Why the match had to stop (the records file could not be written).
    failure: Option<RecordsError>,
}

impl<P: Plan> Collector<'_, P> {
    /// Takes one finished game; true when the match must stop (it has decided, or the record
    /// could not be written).
    fn add(&mut self, job: &P::Job, game: &P::Game, late: &[Samples]) -> bool {
        self.done += 1;
        for (all, samples) in self.lateness.iter_mut().zip(late) {
            all.extend(samples);
        }
        let count = (self.done, self.total);
        let (line, standing) = self.plan.add(&mut self.tally, count, job, game);
        self.progress.println(&line);
        self.progress.set(self.done as u64, &standing);
        let decided = self.plan.decided(&self.tally);
        if let Some(file) = self.records.as_mut()
            && let Err(error) = file.append(&self.plan.record(job, game, &self.date))
        {
            self.failure = Some(error);
            return true;
        }
        decided
    }

    /// Prints the table and the lateness of every engine; `interrupted` when the match was
    /// stopped from outside (Ctrl-C), which is then the error returned.
    fn finish(self, interrupted: bool) -> Result<(), MatchError> {
        self.progress.finish();
        if let Some(error) = self.failure {
            return Err(error.into());
        }
        let (done, total) = (self.done, self.total);
        if done < total && !interrupted {
            eprintln!("stopped after {done} of {total} games");
        }
        let names: Vec<String> = self.config.engines.iter().map(|e| e.name.clone()).collect();
        let table = self.plan.table(&self.tally);
        let lateness = report::lateness(&names, &self.lateness, self.config.margin);
        // Both end in a newline, which say! would double.
        crate::say!("{}", format!("{table}{lateness}").trim_end());
        if interrupted {
            return Err(MatchError::Interrupted {
                done,
                total,
                records: self.config.records.clone(),
            });
        }
        Ok(())
    }
}
