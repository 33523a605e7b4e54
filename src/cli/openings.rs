//! `sumito openings`: makes a balanced opening suite, the kind shipped as `openings/suite.txt`.
//!
//! Candidates are random plies from each layout that eject no marble; each distinct one is
//! searched by Sumito's own search to a fixed depth, and it is kept when the score is small
//! enough. Every candidate comes from its own seeded stream and is searched with a cleared table
//! on one search thread, so the suite depends only on the flags, not on `--threads` (which only
//! spreads the candidates over cores).

use rayon::prelude::*;
use std::collections::HashSet;
use std::fmt::Write as _;
use sumito::board::{Colour, Layout, Position};
use sumito::movegen::Move;
use sumito::search::{Control, Engine, Limits, TableSizeError};
use sumito::util::progress::Progress;
use sumito::util::random::{Random, splitmix64};

/// Candidates drawn at once per layout: enough to keep the cores busy, few enough that little
/// is searched beyond the count asked for.
const BATCH: usize = 16;

/// Why `sumito openings` cannot make its suite.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsError {
    /// `--per-layout` out of range.
    #[error("--per-layout must be from 1 to 100000")]
    PerLayout,
    /// `--depth` out of range.
    #[error("--depth must be from 1 to 64")]
    Depth,
    /// `--max-score` out of range.
    #[error("--max-score must be from 0 to 10000 centi-marbles")]
    MaxScore,
    /// `--min-plies` above `--max-plies`, or `--max-plies` above 100.
    #[error("--min-plies must not exceed --max-plies, which is at most 100")]
    Plies,
    /// `--threads 0`.
    #[error("--threads must be at least 1")]
    Threads,
    /// The layout has too few distinct quiet lines of the plies asked for.
    #[error("too few distinct quiet openings of {0}")]
    TooFew(Layout),
    /// A thread's search table cannot be had.
    #[error("{0}")]
    Table(#[from] TableSizeError),
}

/// Arguments of `sumito openings`.
#[derive(clap::Args, Clone, Debug)]
pub struct OpeningsArgs {
    /// Openings to keep per layout.
    #[arg(long, default_value_t = 180)]
    pub per_layout: usize,
    /// Depth of the search that judges each candidate.
    #[arg(long, default_value_t = 10)]
    pub depth: u32,
    /// Largest |score| kept, in centi-marbles (30 = 0.30 marbles).
    #[arg(long, default_value_t = 30)]
    pub max_score: i32,
    /// Fewest random plies from the layout.
    #[arg(long, default_value_t = 2)]
    pub min_plies: u32,
    /// Most random plies from the layout.
    #[arg(long, default_value_t = 8)]
    pub max_plies: u32,
    /// Seed of the random plies.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Layouts, comma-separated [default: all three].
    #[arg(long, value_delimiter = ',', value_name = "LAYOUT")]
    pub layout: Vec<Layout>,
    /// Threads, each searching its own candidates [default: every core].
    #[arg(long)]
    pub threads: Option<usize>,
    /// Table size in MB of each thread's search.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

impl OpeningsArgs {
    /// The command that makes this suite again, written into its header.
    fn command_line(&self, layouts: &[Layout]) -> String {
        let names: Vec<&str> = layouts.iter().map(|l| l.name()).collect();
        format!(
            "sumito openings --per-layout {} --depth {} --max-score {} --min-plies {} \
             --max-plies {} --seed {} --layout {}",
            self.per_layout,
            self.depth,
            self.max_score,
            self.min_plies,
            self.max_plies,
            self.seed,
            names.join(",")
        )
    }

    fn check(&self) -> Result<(), OpeningsError> {
        if !(1..=100_000).contains(&self.per_layout) {
            return Err(OpeningsError::PerLayout);
        }
        if !(1..=64).contains(&self.depth) {
            return Err(OpeningsError::Depth);
        }
        if !(0..=10_000).contains(&self.max_score) {
            return Err(OpeningsError::MaxScore);
        }
        if self.min_plies > self.max_plies || self.max_plies > 100 {
            return Err(OpeningsError::Plies);
        }
        if self.threads == Some(0) {
            return Err(OpeningsError::Threads);
        }
        Ok(())
    }
}

/// One kept opening.
struct Kept {
    moves: Vec<Move>,
    score: i32,
}

/// Candidate `index` of `layout`: between `min_plies` and `max_plies` random plies, none of
/// which ejects a marble or ends the game.
fn candidate(args: &OpeningsArgs, layout: Layout, index: u64) -> (Vec<Move>, Position) {
    let layout_salt = splitmix64(layout as u64 + 1).1;
    let (_, mixed) = splitmix64(args.seed ^ layout_salt ^ splitmix64(index).1);
    let mut random = Random(mixed);
    let span = (args.max_plies - args.min_plies + 1) as usize;
    let plies = args.min_plies + random.below(span) as u32;
    let mut position = layout.position();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let quiet: Vec<Move> = position
            .moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let next = position.play(mv);
                next.lost(Colour::Black) == 0 && next.lost(Colour::White) == 0 && !next.is_over()
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let mv = quiet[random.below(quiet.len())];
        moves.push(mv);
        position = position.play(mv);
    }
    (moves, position)
}

/// The score of `position` at `depth` from a cleared table, from the side to move's view.
fn judge(engine: &mut Engine, position: Position, depth: u32) -> i32 {
    engine.new_game();
    let limits = Limits::depth(depth);
    engine
        .search(&[position], &limits, &[], &Control::new(), &mut |_| {})
        .score
}

/// The kept openings of one layout, in candidate order, and how many were searched.
fn suite_for(
    args: &OpeningsArgs,
    layout: Layout,
    progress: &mut Progress,
    done_before: u64,
) -> Result<(Vec<Kept>, u64), OpeningsError> {
    let mut seen = HashSet::new();
    let mut kept = Vec::new();
    let mut searched = 0u64;
    let mut index = 0u64;
    while kept.len() < args.per_layout {
        let mut batch = Vec::with_capacity(BATCH);
        while batch.len() < BATCH {
            let (moves, position) = candidate(args, layout, index);
            index += 1;
            // Fewer plies than asked happen only when no quiet move is left; such a line is
            // dropped rather than kept short.
            if moves.len() as u32 >= args.min_plies && seen.insert(position.to_string()) {
                batch.push((moves, position));
            }
            if index > 1000 * (args.per_layout as u64 + BATCH as u64) {
                return Err(OpeningsError::TooFew(layout));
            }
        }
        let scores: Vec<Result<i32, TableSizeError>> = batch
            .par_iter()
            .map_init(
                || Engine::new(args.hash),
                |engine, (_, position)| match engine {
                    Ok(engine) => Ok(judge(engine, *position, args.depth)),
                    // Each candidate of a thread without a table reports it.
                    Err(error) => Err(error.clone()),
                },
            )
            .collect();
        for ((moves, _), score) in batch.into_iter().zip(scores) {
            searched += 1;
            let score = score?;
            if score.abs() <= args.max_score && kept.len() < args.per_layout {
                kept.push(Kept { moves, score });
            }
        }
        let message = format!("{layout}: {} kept of {searched} searched", kept.len());
        progress.set(done_before + kept.len() as u64, &message);
    }
    Ok((kept, searched))
}

/// Runs `sumito openings`: the suite on stdout, progress on stderr.
pub fn run(args: &OpeningsArgs) -> super::Outcome {
    args.check()?;
    let mut layouts = args.layout.clone();
    if layouts.is_empty() {
        layouts = Layout::ALL.to_vec();
    }
    layouts.dedup();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    let started = std::time::Instant::now();
    let total = (args.per_layout * layouts.len()) as u64;
    let mut progress = Progress::new("openings", total);
    let mut body = String::new();
    let mut counts = Vec::new();
    let mut searched = 0;
    for (number, &layout) in layouts.iter().enumerate() {
        let done_before = (number * args.per_layout) as u64;
        let (kept, tried) = pool.install(|| suite_for(args, layout, &mut progress, done_before))?;
        searched += tried;
        counts.push(format!("{layout} {}", kept.len()));
        for opening in &kept {
            let moves: Vec<String> = opening.moves.iter().map(Move::to_string).collect();
            // The score goes in a trailing comment, which readers skip.
            let _ = writeln!(
                body,
                "{layout} moves {}  # {:+.2}",
                moves.join(" "),
                f64::from(opening.score) / 100.0
            );
        }
    }
    progress.finish();
    let seconds = started.elapsed().as_secs_f64();
    sumito::say!(
        "# Sumito's balanced opening suite: {total} openings ({}),\n\
         # each {} to {} plies from its layout with no marble ejected, |score| <= {:.2} marbles at depth {}\n\
         # (Sumito's search, one thread, a cleared {} MB table each); {searched} distinct candidates searched.\n\
         # Made by: {}\n\
         # One opening a line: the layout, then the moves; the score after `#` is from the view\n\
         # of the side to move after the moves.",
        counts.join(", "),
        args.min_plies,
        args.max_plies,
        f64::from(args.max_score) / 100.0,
        args.depth,
        args.hash,
        args.command_line(&layouts)
    );
    sumito::say!("{}", body.trim_end());
    eprintln!("openings: {total} kept of {searched} searched in {seconds:.0} s");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: OpeningsArgs,
    }

    fn args(extra: &[&str]) -> OpeningsArgs {
        let mut all = vec!["openings"];
        all.extend_from_slice(extra);
        Wrapper::parse_from(all).args
    }

    #[test]
    fn candidates_are_reproducible_quiet_and_within_the_plies() {
        let args = args(&["--min-plies", "2", "--max-plies", "8", "--seed", "5"]);
        for index in 0..50 {
            let (moves, position) = candidate(&args, Layout::GermanDaisy, index);
            assert!((2..=8).contains(&moves.len()), "{moves:?}");
            assert_eq!(
                position.lost(Colour::Black) + position.lost(Colour::White),
                0
            );
            assert_eq!(candidate(&args, Layout::GermanDaisy, index).0, moves);
        }
        assert_ne!(
            candidate(&args, Layout::Standard, 0).0,
            candidate(&args, Layout::Standard, 1).0
        );
    }

    #[test]
    fn bad_flags_are_refused() {
        assert!(
            args(&["--min-plies", "9", "--max-plies", "8"])
                .check()
                .is_err()
        );
        assert!(args(&["--per-layout", "0"]).check().is_err());
        assert!(args(&["--threads", "0"]).check().is_err());
        assert!(args(&[]).check().is_ok());
    }
}
