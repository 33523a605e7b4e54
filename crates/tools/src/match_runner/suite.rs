//! Making a balanced opening suite, the kind shipped as `openings/suite.txt` and read by
//! [`Book::suite`](super::openings::Book::suite); `sumito openings` drives it
//! (`cli/openings.rs` in the binary).
//!
//! Candidates are random plies from each layout that eject no marble; each distinct one is
//! searched by Sumito's own search to a fixed depth, and it is kept when the score is small
//! enough. Every candidate comes from its own seeded stream and is searched with a cleared table
//! on one search thread, so the suite depends only on the recipe, not on the threads of the pool
//! (which only spread the candidates over cores).

use crate::util::progress::Progress;
use rayon::prelude::*;
use std::collections::HashSet;
use std::fmt::Write as _;
use sumito_engine::search::{Control, Engine, Limits, TableSizeError};
use sumito_rules::board::{Colour, Layout, Position};
use sumito_rules::movegen::Move;
use sumito_rules::random::{Random, splitmix64};

/// Candidates drawn at once per layout: enough to keep the cores busy, few enough that little
/// is searched beyond the count asked for.
const BATCH: usize = 16;

/// Why a suite cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    /// The layout has too few distinct quiet lines of the plies asked for.
    #[error("too few distinct quiet openings of {0}")]
    TooFew(Layout),
    /// A thread's search table cannot be had.
    #[error(transparent)]
    Table(#[from] TableSizeError),
}

/// What a suite is made of and how.
#[derive(Clone, Debug)]
pub struct Recipe {
    /// Openings to keep per layout.
    pub per_layout: usize,
    /// Depth of the search that judges each candidate.
    pub depth: u32,
    /// Largest |score| kept, in centi-marbles.
    pub max_score: i32,
    /// Fewest random plies from the layout.
    pub min_plies: u32,
    /// Most random plies from the layout.
    pub max_plies: u32,
    /// Seed of the random plies.
    pub seed: u64,
    /// The layouts, in the order of the suite.
    pub layouts: Vec<Layout>,
    /// Table size in MB of each thread's search.
    pub hash: usize,
}

impl Recipe {
    /// The command that makes this suite again, written into its header.
    fn command_line(&self) -> String {
        let names: Vec<&str> = self.layouts.iter().map(|l| l.name()).collect();
        format!(
            "sumito openings --per-layout {} --depth {} --max-score {} --opening-plies {}-{} \
             --seed {} --layout {} --hash {}",
            self.per_layout,
            self.depth,
            self.max_score,
            self.min_plies,
            self.max_plies,
            self.seed,
            names.join(","),
            self.hash
        )
    }
}

/// A suite made.
#[derive(Clone, Debug)]
pub struct Suite {
    /// The suite file: its header, then one opening a line.
    pub text: String,
    /// Openings kept.
    pub kept: u64,
    /// Distinct candidates searched.
    pub searched: u64,
}

/// One kept opening.
struct Kept {
    moves: Vec<Move>,
    score: i32,
}

/// Candidate `index` of `layout`: between `min_plies` and `max_plies` random plies, none of
/// which ejects a marble or ends the game.
fn candidate(args: &Recipe, layout: Layout, index: u64) -> (Vec<Move>, Position) {
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
    args: &Recipe,
    layout: Layout,
    progress: &mut Progress,
    done_before: u64,
) -> Result<(Vec<Kept>, u64), SuiteError> {
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
                return Err(SuiteError::TooFew(layout));
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

/// Makes the suite of `recipe` on the threads of `pool`, progress on stderr.
pub fn make(recipe: &Recipe, pool: &rayon::ThreadPool) -> Result<Suite, SuiteError> {
    let total = (recipe.per_layout * recipe.layouts.len()) as u64;
    let mut progress = Progress::new("openings", total);
    let mut body = String::new();
    let mut counts = Vec::new();
    let mut searched = 0;
    for (number, &layout) in recipe.layouts.iter().enumerate() {
        let done_before = (number * recipe.per_layout) as u64;
        let (kept, tried) =
            pool.install(|| suite_for(recipe, layout, &mut progress, done_before))?;
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
    let header = format!(
        "# Sumito's balanced opening suite: {total} openings ({}),\n\
         # each {} to {} plies from its layout with no marble ejected, |score| <= {:.2} marbles at depth {}\n\
         # (Sumito's search, one thread, a cleared {} MB table each); {searched} distinct candidates searched.\n\
         # Made by: {}\n\
         # One opening a line: the layout, then the moves; the score after `#` is from the view\n\
         # of the side to move after the moves.",
        counts.join(", "),
        recipe.min_plies,
        recipe.max_plies,
        f64::from(recipe.max_score) / 100.0,
        recipe.depth,
        recipe.hash,
        recipe.command_line()
    );
    Ok(Suite {
        text: format!("{header}\n{}", body.trim_end()),
        kept: total,
        searched,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_reproducible_quiet_and_within_the_plies() {
        let recipe = Recipe {
            per_layout: 1,
            depth: 1,
            max_score: 30,
            min_plies: 2,
            max_plies: 8,
            seed: 5,
            layouts: Layout::ALL.to_vec(),
            hash: 1,
        };
        for index in 0..50 {
            let (moves, position) = candidate(&recipe, Layout::GermanDaisy, index);
            assert!((2..=8).contains(&moves.len()), "{moves:?}");
            assert_eq!(
                position.lost(Colour::Black) + position.lost(Colour::White),
                0
            );
            assert_eq!(candidate(&recipe, Layout::GermanDaisy, index).0, moves);
        }
        assert_ne!(
            candidate(&recipe, Layout::Standard, 0).0,
            candidate(&recipe, Layout::Standard, 1).0
        );
    }
}
