//! Lazy SMP: helper threads run the same iterative deepening as the main thread and share its
//! transposition table, so that what one thread stores shortens the others' searches. Nothing
//! else is divided between them; helpers starting at other depths keep them out of step.

use super::iterative::{Iteration, Plan, RootMove};
use super::negamax::Searcher;
use super::score::MAX_PLY;
use super::thread_data::{Shared, ThreadData};
use super::time::TimeManager;
use std::sync::atomic::Ordering;
use sumito_rules::board::Position;

/// Searches on `helpers.len() + 1` threads; the main thread works on the calling thread,
/// reports, and stops as its plan's time manager says. When the main thread is done it tells
/// the helpers to stop and, without waiting for them, calls `finish` with its root moves, best
/// first, and the depth it completed; returns what `finish` returns once the helpers have ended.
#[allow(clippy::too_many_arguments)]
pub fn lazy_smp<R>(
    shared: &Shared,
    root: &Position,
    game: &[Position],
    moves: Vec<RootMove>,
    main_td: &mut ThreadData,
    helpers: &mut [ThreadData],
    plan: &Plan,
    report: &mut dyn FnMut(&Iteration),
    finish: impl FnOnce(&[RootMove], u32) -> R,
) -> R {
    std::thread::scope(|scope| {
        for td in helpers.iter_mut() {
            let mut moves = moves.clone();
            let helper_plan = Plan {
                max_depth: MAX_PLY as u32,
                lines: plan.lines,
                time: TimeManager::unlimited(),
            };
            scope.spawn(move || {
                td.start(game);
                let mut searcher = Searcher::new(shared, td, helper_plan.time);
                searcher.can_stop = true;
                searcher.iterate(root, &mut moves, &helper_plan, &mut |_| {});
            });
        }
        main_td.start(game);
        let mut searcher = Searcher::new(shared, main_td, plan.time);
        let mut moves = moves;
        let depth = searcher.iterate(root, &mut moves, plan, report);
        shared.done.store(true, Ordering::SeqCst);
        finish(&moves, depth)
    })
}
