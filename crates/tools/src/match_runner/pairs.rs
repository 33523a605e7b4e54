//! A two-player match as the runner plays it (its [`Plan`]): every pair of engines plays each
//! opening with either colour; the table is Elo per pair, and the SPRT may stop the match.

use super::config::{MatchConfig, TwoPlayerMatch};
use super::game::{self, GameSetup, PairInPlay};
use super::openings::Opening;
use super::report::{self, PairStats};
use super::runner::Plan;
use crate::uap_client::EngineProcess;
use crate::util::samples::Samples;
use std::sync::atomic::AtomicBool;
use sumito_games::clock::whole_ms;
use sumito_games::records::{GameInfo, PlayedGame, format_record};
use sumito_rules::board::Colour;
use sumito_rules::ending::Termination;

/// One game to play.
#[derive(Clone, Debug)]
pub struct Job {
    /// Its number in the match, from 1.
    pub round: u64,
    /// Index of its engine pair.
    pub pair: usize,
    /// The engines playing `[black, white]`.
    pub engines: [usize; 2],
    /// Where it starts.
    pub opening: Opening,
}

/// Every game of the match (of its shard), engine pair after engine pair. Games 2k and 2k+1 of
/// a pair share opening k with the colours swapped; opening k is the same for every pair. With
/// `--shard K/N` only the colour pairs numbered K − 1 modulo N (counted over the whole
/// schedule) are kept, with the Round tags of the full schedule.
pub fn schedule(config: &MatchConfig, two: &TwoPlayerMatch) -> Vec<Job> {
    let mut jobs = Vec::new();
    let (mut round, mut colour_pair) = (0u64, 0u64);
    for (pair, (first, second)) in pairs(config.engines.len()).enumerate() {
        for game in 0..u64::from(config.games) {
            let k = game / 2;
            let layout = two.layouts[(k % two.layouts.len() as u64) as usize];
            let engines = if game % 2 == 0 {
                [first, second]
            } else {
                [second, first]
            };
            round += 1;
            // Colour pairs are dealt round-robin over the whole schedule.
            colour_pair += u64::from(game % 2 == 0);
            if (colour_pair - 1) % config.shard.1 != config.shard.0 {
                continue;
            }
            jobs.push(Job {
                round,
                pair,
                engines,
                opening: two.book.opening(k, layout, config.seed),
            });
        }
    }
    jobs
}

/// Every pair of `count` engines, in the schedule's order.
fn pairs(count: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..count).flat_map(move |first| (first + 1..count).map(move |second| (first, second)))
}

/// The two-player kind of match, with the match's settings.
pub(super) struct Pairs<'a> {
    pub config: &'a MatchConfig,
    pub two: &'a TwoPlayerMatch,
}

impl Plan for Pairs<'_> {
    type Job = Job;
    type Game = PlayedGame;
    /// The results of every pair of engines.
    type Tally = Vec<PairStats>;

    fn tally(&self) -> Vec<PairStats> {
        let pairs = pairs(self.config.engines.len());
        pairs
            .map(|(first, second)| PairStats::new(first, second))
            .collect()
    }

    fn play(
        &self,
        slots: &mut [Option<EngineProcess>],
        job: &Job,
        stop: &AtomicBool,
        lateness: &mut [Samples],
    ) -> Option<PlayedGame> {
        play_job(self, slots, job, stop, lateness)
    }

    fn add(
        &self,
        pairs: &mut Vec<PairStats>,
        (done, total): (usize, usize),
        job: &Job,
        played: &PlayedGame,
    ) -> (String, String) {
        let pair = &mut pairs[job.pair];
        pair.add(job.engines, played);
        let name = |index: usize| self.config.engines[index].name.as_str();
        let players = job.engines.map(name);
        let pair_names = [name(pair.engines.0), name(pair.engines.1)];
        let sprt = self.two.sprt.as_ref();
        let line = report::progress_line(done, total, players, played, pair, pair_names, sprt);
        (line, report::standing(pair, pair_names, sprt))
    }

    fn decided(&self, pairs: &Vec<PairStats>) -> bool {
        (pairs.iter()).any(|pair| report::sprt_decided(self.two.sprt.as_ref(), pair))
    }

    fn record(&self, job: &Job, played: &PlayedGame, date: &str) -> String {
        let config = self.config;
        format_record(&GameInfo {
            event: &config.event,
            date,
            round: job.round,
            players: job
                .engines
                .map(|index| config.engines[index].name.as_str())
                .to_vec(),
            start: job.opening.start.any(),
            opening_plies: job.opening.moves.len(),
            controls: job.engines.map(|index| config.controls[index]).to_vec(),
            max_plies: config.max_plies,
            game_time_ms: config.game_time.map(whole_ms),
            game: played,
        })
    }

    fn table(&self, pairs: &Vec<PairStats>) -> String {
        let names: Vec<String> = self.config.engines.iter().map(|e| e.name.clone()).collect();
        report::table(pairs, &names, self.two.sprt.as_ref())
    }
}

/// Plays one job with the worker's engines, starting or restarting them as needed. An engine
/// that cannot start or get ready loses the game before it begins. `None` when the match was
/// stopped during the game.
fn play_job(
    pairs: &Pairs,
    slots: &mut [Option<EngineProcess>],
    job: &Job,
    stop: &AtomicBool,
    lateness: &mut [Samples],
) -> Option<PlayedGame> {
    let (config, two) = (pairs.config, pairs.two);
    let game = PairInPlay::new(&job.opening, config.max_plies, two.adjudication);
    let colour_of = |index: usize| usize::from(job.engines[0] != index);
    let failed = game::start_engines(config, slots, &job.engines);
    for (_, error) in &failed {
        log::warn!("{error}");
    }
    let failed = failed
        .into_iter()
        .map(|(index, _)| (index, Termination::Crash));
    let failed = failed.chain(game::new_game(config, slots, &job.engines, job.round));
    if let Some((index, why)) = failed.min_by_key(|(index, _)| colour_of(*index)) {
        return Some(game.forfeit(Colour::BOTH[colour_of(index)], why));
    }
    let setup = GameSetup {
        start_words: job.opening.start.command_words(),
        controls: job.engines.map(|index| config.controls[index]).to_vec(),
        margin: config.margin,
        silence: config.silence,
        game_time: config.game_time,
    };
    game::play(game, slots, &job.engines, &setup, stop, lateness)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::match_runner::MatchKind;
    use crate::match_runner::openings::Book;
    use crate::uap_client::EngineSpec;
    use std::time::Duration;
    use sumito_games::clock::TimeControl;
    use sumito_games::records::Start;
    use sumito_rules::board::Layout;

    /// A match of `engines` engines at depth 1 with `random_plies` random opening plies,
    /// played as shard `shard` (K − 1, N).
    fn config(
        engines: usize,
        games: u32,
        random_plies: u32,
        layouts: &[Layout],
        seed: u64,
        shard: (u64, u64),
    ) -> MatchConfig {
        let engine = |index: usize| EngineSpec {
            name: format!("engine {index}"),
            program: "engine".into(),
            args: Vec::new(),
            options: Vec::new(),
        };
        MatchConfig {
            engines: (0..engines).map(engine).collect(),
            controls: vec![TimeControl::Depth { plies: 1 }; engines],
            named: vec![true; engines],
            games,
            concurrency: 1,
            max_plies: 200,
            seed,
            records: None,
            margin: Duration::from_millis(50),
            silence: Duration::from_secs(60),
            event: "test".into(),
            shard,
            game_time: None,
            kind: MatchKind::Two(TwoPlayerMatch {
                layouts: layouts.to_vec(),
                book: Book::Random {
                    plies: random_plies,
                },
                sprt: None,
                adjudication: Default::default(),
            }),
        }
    }

    /// The schedule of a two-player match.
    fn schedule_of(config: &MatchConfig) -> Vec<Job> {
        match &config.kind {
            MatchKind::Two(two) => schedule(config, two),
            MatchKind::Multi(_) => unreachable!("a two-player match"),
        }
    }

    #[test]
    fn pairs_of_games_share_an_opening_with_colours_swapped() {
        let layouts = [Layout::Standard, Layout::GermanDaisy];
        let config = config(3, 5, 3, &layouts, 9, (0, 1));
        let jobs = schedule_of(&config);
        assert_eq!(pairs(3).count(), 3);
        assert_eq!(jobs[5].pair, 1);
        assert_eq!(jobs.len(), 15);
        assert_eq!(jobs[0].engines, [0, 1]);
        assert_eq!(jobs[1].engines, [1, 0]);
        assert_eq!(jobs[0].opening, jobs[1].opening);
        assert_ne!(jobs[0].opening, jobs[2].opening);
        assert_eq!(jobs[2].opening.start, Start::Layout(Layout::GermanDaisy));
        // The same opening k for every pair.
        assert_eq!(jobs[0].opening, jobs[5].opening);
        assert_eq!(jobs[5].engines, [0, 2]);
        assert_eq!(jobs[14].round, 15);
    }

    #[test]
    fn shards_together_hold_the_full_schedule() {
        let layouts = [Layout::Standard];
        let full = schedule_of(&config(2, 7, 2, &layouts, 3, (0, 1)));
        let mut merged = Vec::new();
        for k in 0..3 {
            let jobs = schedule_of(&config(2, 7, 2, &layouts, 3, (k, 3)));
            // Both games of a colour pair stay in one shard.
            assert!(jobs.iter().all(|job| {
                jobs.iter().any(|other| {
                    other.round != job.round && other.round.div_ceil(2) == job.round.div_ceil(2)
                }) || job.round == 7
            }));
            merged.extend(jobs);
        }
        merged.sort_by_key(|job| job.round);
        assert_eq!(merged.len(), full.len());
        for (a, b) in merged.iter().zip(&full) {
            assert_eq!(
                (a.round, a.engines, &a.opening),
                (b.round, b.engines, &b.opening)
            );
        }
    }
}
