//! One search of an N-player position: iterative deepening on the main thread, Lazy SMP helper
//! threads beside it sharing the engine's table, and the reports to the protocol.

use super::algorithm::Algorithm;
use super::busy::Busy;
use super::evaluator::{MultiEval, SeatsEval};
use super::tree::Tree;
use crate::search::{
    Control, Engine, Info, Limits, MATE, MAX_DEPTH, Reported, SearchResult, TableSizeError,
    TimeManager, is_decisive,
};
use std::sync::atomic::{AtomicBool, Ordering};
use sumito_rules::board::Seating;
use sumito_rules::movegen::{Move, MoveList};
use sumito_rules::multiplayer::MultiPosition;

/// What to search for: the limits, the algorithm, and the root moves to look at (all when
/// empty).
#[derive(Clone, Debug)]
pub struct MultiRequest {
    /// Depth, nodes, time.
    pub limits: Limits,
    /// Paranoid or Best-Reply Search.
    pub algorithm: Algorithm,
    /// The evaluation.
    pub eval: MultiEval,
    /// `go searchmoves`.
    pub searchmoves: Vec<Move>,
    /// Root lines searched exactly, the best first (1: the best alone). More lines search
    /// more: the window of every root move is the worst kept line's score. For datagen, which
    /// draws its move among near-best lines; the protocol's `MultiPV` is two-player only.
    pub lines: usize,
}

impl MultiRequest {
    /// The search the engine picks for `seating` (`MultiSearch auto`) with the engine's
    /// default evaluation, every root move, one line.
    pub fn auto(seating: Seating, limits: Limits) -> MultiRequest {
        MultiRequest {
            limits,
            algorithm: Algorithm::for_seating(seating),
            eval: SeatsEval::default().for_seating(seating),
            searchmoves: Vec::new(),
            lines: 1,
        }
    }
}

/// Searches `root` as `request` says, on the engine's threads and table. `report` gets a line
/// after each of the main thread's iterations; `answer` gets the result as soon as the main
/// thread has it.
pub fn search_multi(
    engine: &mut Engine,
    root: &MultiPosition,
    request: &MultiRequest,
    control: &Control,
    report: &mut dyn FnMut(&Info),
    answer: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let (limits, algorithm) = (&request.limits, request.algorithm);
    let how = (algorithm, &request.eval);
    let (searchmoves, lines) = (&request.searchmoves, request.lines.max(1));
    let mut list = MoveList::default();
    root.legal_moves(&mut list);
    let moves: Vec<Move> = list
        .iter()
        .copied()
        .filter(|mv| searchmoves.is_empty() || searchmoves.contains(mv))
        .collect();
    if moves.is_empty() {
        let result = SearchResult::none();
        answer(&result);
        return result;
    }
    let threads = engine.threads();
    let overhead = engine.settings.move_overhead_ms;
    let tt = engine.table();
    tt.new_search();
    control.begin_count();
    let done = AtomicBool::new(false);
    let busy = (threads > 1).then(Busy::default);
    let busy = busy.as_ref();
    let max_depth = limits.depth.unwrap_or(u32::MAX).min(MAX_DEPTH);
    let time = TimeManager::new(limits, root.side_to_move().index(), overhead);
    std::thread::scope(|scope| {
        for helper in 1..threads {
            let (moves, done) = (&moves, &done);
            let spawned = std::thread::Builder::new()
                .name(format!("multi-helper-{helper}"))
                .spawn_scoped(scope, move || {
                    let mut tree = Tree::new((tt, busy), control, done, root, how, None);
                    let wanted = (max_depth, lines);
                    iterate(&mut tree, root, moves, wanted, helper, &mut |_, _| false);
                    tree.publish();
                });
            if let Err(e) = spawned {
                log::warn!("no helper thread {helper}: {e}");
            }
        }
        let mut tree = Tree::new((tt, busy), control, &done, root, how, Some(time));
        // A round of turns: the seats still in play.
        let seats = root.seating().all().filter(|s| !root.has_left(*s)).count();
        let mut on_iteration = |tree: &mut Tree, iteration: &Iteration| {
            tree.publish();
            let nodes = control.nodes();
            let elapsed = control.elapsed();
            let mut pv = vec![iteration.best];
            pv.extend(tree.line_after(&root.play(iteration.best), iteration.depth as usize));
            report(&Info {
                depth: iteration.depth,
                seldepth: tree.seldepth,
                multipv: 1,
                score: reported(iteration.score, algorithm, seats),
                bound: None,
                nodes,
                nps: (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64,
                time: elapsed,
                hashfull: tt.hashfull(),
                pv,
            });
            tree.time
                .stop_after_iteration(control, iteration.best, iteration.score)
                || is_decisive(iteration.score)
        };
        let wanted = (max_depth, lines);
        let last = iterate(&mut tree, root, &moves, wanted, 0, &mut on_iteration);
        tree.publish();
        done.store(true, Ordering::Relaxed);
        let result = SearchResult {
            best: Some(last.best),
            ponder: None,
            score: last.score,
            depth: last.depth,
            nodes: control.nodes(),
            pv: vec![last.best],
            lines: last.lines,
        };
        answer(&result);
        result
    })
}

/// The nodes of a depth-5 search from each N-player start on one thread from a fresh table,
/// added: the signature of the N-player search and evaluation, which the two-player bench does
/// not see. Datagen writes it in the header of an N-player file, so that a changed N-player
/// search does not continue a file of games the old one played.
pub fn seats_signature() -> Result<u64, TableSizeError> {
    let mut engine = Engine::new(16)?;
    let mut nodes = 0;
    for layout in sumito_rules::multiplayer::MultiLayout::ALL {
        let position = layout.position();
        let request = MultiRequest::auto(position.seating(), Limits::depth(5));
        engine.new_game();
        let control = Control::new();
        control.start(false);
        let search = search_multi(
            &mut engine,
            &position,
            &request,
            &control,
            &mut |_| {},
            &mut |_| {},
        );
        nodes += search.nodes;
    }
    Ok(nodes)
}

/// A finished iteration of the root.
#[derive(Clone, Debug)]
struct Iteration {
    depth: u32,
    best: Move,
    score: i32,
    /// The root lines searched exactly, the best first.
    lines: Vec<(Move, i32)>,
}

/// Iterative deepening of one thread to `(max_depth, lines)`: `helper` 0 is the main thread;
/// odd helpers search one ply deeper than the main thread and start from another root move,
/// so that the threads spread over the tree (Lazy SMP). `after` is told of each finished
/// iteration and says whether to stop.
fn iterate(
    tree: &mut Tree,
    root: &MultiPosition,
    moves: &[Move],
    (max_depth, lines): (u32, usize),
    helper: usize,
    after: &mut dyn FnMut(&mut Tree, &Iteration) -> bool,
) -> Iteration {
    let mut order = moves.to_vec();
    let count = order.len();
    order.rotate_left(helper % count);
    let mut last = Iteration {
        depth: 0,
        best: order[0],
        score: 0,
        lines: vec![(order[0], 0)],
    };
    let skip = (helper % 2) as u32;
    let mut depth = 1 + skip;
    while depth <= max_depth {
        let found = search_root(tree, root, &mut order, depth, lines);
        if let Some(&(best, score)) = found.first() {
            // A stopped iteration's best beat the last one's move, searched first: keep it,
            // but not its depth, and report it, so that the move played is the last line
            // shown.
            let changed = best != last.best;
            let done = if tree.stopped { last.depth } else { depth };
            last = Iteration {
                depth: done,
                best,
                score,
                lines: found,
            };
            if tree.stopped && changed && done > 0 {
                after(tree, &last);
            }
        }
        if tree.stopped || after(tree, &last) {
            break;
        }
        tree.can_stop = true;
        depth += 1;
    }
    last
}

/// One iteration at the root: every move searched with the window the kept lines leave (the
/// `lines`-th best score so far). A move that enters the kept lines goes to the front; at the
/// end the kept lines go first, best first, for the next iteration. The kept lines, best first:
/// none when the search was stopped before the first move was done; a stopped iteration gives
/// the best of the moves it finished.
fn search_root(
    tree: &mut Tree,
    root: &MultiPosition,
    order: &mut [Move],
    depth: u32,
    lines: usize,
) -> Vec<(Move, i32)> {
    let mut kept: Vec<(Move, i32)> = Vec::with_capacity(lines + 1);
    for index in 0..order.len() {
        let mv = order[index];
        tree.show_progress(depth, mv, index + 1);
        let alpha = match kept.len() < lines {
            true => -MATE - 1,
            false => kept[lines - 1].1,
        };
        let child = root.play(mv);
        // A null window first once the kept lines are full: most moves do not beat them.
        let full =
            kept.len() < lines || tree.child(&child, depth as i32 - 1, alpha, alpha + 1) > alpha;
        let score = match full && !tree.stopped {
            true => tree.child(&child, depth as i32 - 1, alpha, MATE + 1),
            false => alpha,
        };
        if tree.stopped {
            break;
        }
        if score > alpha {
            let at = kept.partition_point(|&(_, old)| old >= score);
            kept.insert(at, (mv, score));
            kept.truncate(lines);
            order[..=index].rotate_right(1);
        }
    }
    for (at, &(mv, _)) in kept.iter().enumerate() {
        if let Some(from) = order.iter().position(|&m| m == mv) {
            order[at..=from].rotate_right(1);
        }
    }
    kept
}

/// The score as the protocol reports it: centi-marbles, or `mate n` for a win in `n` of the
/// mover's own moves (a paranoid ply is one seat's turn, a Best-Reply layer half a round).
fn reported(score: i32, algorithm: Algorithm, seats: usize) -> Reported {
    if !is_decisive(score) {
        return Reported::Centi(score);
    }
    let plies = (MATE - score.abs()).max(1) as usize;
    let round = match algorithm {
        Algorithm::Paranoid => seats,
        Algorithm::BestReply => 2,
    };
    let moves = ((plies - 1) / round + 1) as i32;
    Reported::Mate(if score > 0 { moves } else { -moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn search(
        position: &MultiPosition,
        algorithm: Algorithm,
        depth: u32,
        lines: usize,
    ) -> SearchResult {
        let mut engine = Engine::new(1).unwrap();
        let request = MultiRequest {
            algorithm,
            lines,
            ..MultiRequest::auto(position.seating(), Limits::depth(depth))
        };
        let control = Control::new();
        control.start(false);
        search_multi(
            &mut engine,
            position,
            &request,
            &control,
            &mut |_| {},
            &mut |_| {},
        )
    }

    #[test]
    fn both_searches_take_the_sixth_marble_at_every_depth() {
        // White (seat 2) has ejected five; its e7 and e8 push Black's e9 off the board.
        let position: MultiPosition = "5/6/7/8/6wwb/8/7/6/bb1r1 w 0/5/0 0".parse().unwrap();
        for algorithm in Algorithm::ALL {
            for depth in 1..=5 {
                let result = search(&position, algorithm, depth, 1);
                let best = result.best.unwrap();
                assert!(best.is_eject(), "{algorithm} depth {depth}: {best}");
                assert!(
                    is_decisive(result.score) && result.score > 0,
                    "{}",
                    result.score
                );
            }
        }
    }

    #[test]
    fn several_lines_come_best_first_and_the_first_is_the_single_lines() {
        let start = sumito_rules::multiplayer::MultiLayout::ThreePlayer.position();
        for algorithm in Algorithm::ALL {
            let one = search(&start, algorithm, 3, 1);
            let three = search(&start, algorithm, 3, 3);
            assert_eq!(three.lines.len(), 3);
            assert!(three.lines.windows(2).all(|pair| pair[0].1 >= pair[1].1));
            assert_eq!(three.lines[0].1, one.score, "{algorithm}");
            let moves: Vec<Move> = three.lines.iter().map(|(mv, _)| *mv).collect();
            assert!(moves.iter().all(|mv| start.is_legal(*mv)));
            assert_ne!(moves[0], moves[1]);
        }
    }
}
