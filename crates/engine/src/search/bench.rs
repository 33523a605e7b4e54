//! `bench`: a fixed set of positions searched to a fixed depth on one thread with a fresh
//! table each, so that the node count identifies the search's behaviour exactly.

use super::control::Control;
use super::engine::Engine;
use super::time::Limits;
use std::time::{Duration, Instant};
use sumito_rules::board::Position;

/// Default depth of `sumito bench`.
pub const BENCH_DEPTH: u32 = 7;

/// The positions: the three layouts, openings, middlegames and endgames with pushes on the
/// board (most reached by engine play from the layouts).
pub const BENCH_POSITIONS: [&str; 18] = [
    "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0",
    "ww1bb/wwwbbb/1ww1bb1/8/9/8/1bb1ww1/bbbwww/bb1ww b 0 0 0",
    "5/ww2bb/www1bbb/1ww2bb1/9/1bb2ww1/bbb1www/bb2ww/5 b 0 0 0",
    "ww3/www1w1/2www2/2www3/3wwb3/3bbb2/2bbbb1/bbbbb1/4b b 0 0 12",
    "ww1bb/wwwbbb/1ww2b1/5b2/4www2/4w1w1/2bbb2/bbbb2/3ww b 0 0 10",
    "5/1w2bb/www1bb1/1ww2bb1/2w3b2/1bb2ww1/bbb1www/bb2ww/5 b 0 0 8",
    "5/1w1ww1/1w1bw2/1w2bw2/2wwb1ww1/2bbwwb1/2bwbb1/2bbb1/3b1 b 1 0 40",
    "w3b/1ww2b/4wb1/2w1b1b1/3wb1bw1/2w1bbb1/bww2w1/1bbww1/3w1 b 1 0 40",
    "3ww/3bw1/2wwww1/4wwb1/3bbwb2/2bb1w2/1bb1w2/1b1w1w/5 b 4 0 40",
    "2bb1/1wwbbw/2w1bb1/2wbbbw1/2ww1bww1/2bw4/3b3/3b2/3b1 b 0 3 80",
    "w4/1w3b/3w3/2wbb3/3wbbb2/2wbbbb1/1www1w1/1bbb2/5 b 1 4 100",
    "1w3/w1wwww/2b2b1/w1b2b2/3w1b1b1/w2b4/3b1wb/4wb/b4 b 3 3 142",
    "www1b/w2bb1/bw2bbb/b1www1b1/3b5/2bww3/2bw3/4w1/1bww1 b 1 0 38",
    "5/5b/wwwbbb1/bw5b/1wbw1b1w1/b1b2w1w/b3w2/2bbww/5 w 1 2 27",
    "4w/1w4/7/2bb4/5bbbw/1ww5/7/6/b4 b 0 5 0",
    "5/6/2www2/2wbbw2/2bwwbb2/2bbww2/7/6/5 w 4 4 60",
    "5/6/7/3www2/2bbbww2/3bbw2/7/6/5 b 5 5 90",
    "4w/4ww/3bbw1/8/9/8/7/6/5 b 5 4 70",
];

/// The result of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Time spent searching.
    pub time: Duration,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.time.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` on one thread with a fresh table (allocated before
/// the clock starts), calling `each(position, nodes, best move text)` after each. `control` can stop it: the search in
/// progress ends as a stopped search does, and no further position is searched.
pub fn bench(
    depth: u32,
    control: &Control,
    mut each: impl FnMut(&Position, u64, String),
) -> BenchResult {
    let mut total = BenchResult {
        nodes: 0,
        time: Duration::ZERO,
    };
    for text in BENCH_POSITIONS {
        let Ok(position) = text.parse::<Position>() else {
            continue;
        };
        let Ok(mut engine) = Engine::new(16) else {
            continue;
        };
        if control.is_stopped() {
            break;
        }
        // The clock times the search alone, not the writing of the fresh table.
        engine.prepare();
        let started = Instant::now();
        let result = engine.search(
            &[position],
            &Limits::depth(depth),
            &[],
            control,
            &mut |_| {},
        );
        total.time += started.elapsed();
        total.nodes += result.nodes;
        let best = result.best.map_or("(none)".to_string(), |m| m.to_string());
        each(&position, result.nodes, best);
    }
    total
}

/// The node count of the bench at [`BENCH_DEPTH`]: the signature of this build's search and
/// evaluation, which commits that change them carry (`Bench: <nodes>`), and datagen writes in
/// its files' headers.
pub fn bench_signature() -> u64 {
    bench(BENCH_DEPTH, &Control::new(), |_, _, _| {}).nodes
}

/// The bench as text lines (one per position, then `<nodes> nodes <nps> nps`, with `stopped`
/// after it if `control` stopped it), shared by the `bench` subcommand and the protocol's
/// `bench`.
pub fn bench_lines(depth: Option<u32>, control: &Control, mut emit: impl FnMut(String)) {
    let mut index = 0;
    let depth = depth.unwrap_or(BENCH_DEPTH);
    let result = bench(depth, control, |position, nodes, best| {
        index += 1;
        emit(format!(
            "position {index:2} {nodes:>10} nodes  bestmove {best:<6}  {position}"
        ));
    });
    let stopped = if control.is_stopped() { " stopped" } else { "" };
    emit(format!(
        "{} nodes {} nps{stopped}",
        result.nodes,
        result.nps()
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Layout;

    #[test]
    fn bench_positions_are_valid_and_varied() {
        let positions: Vec<Position> = BENCH_POSITIONS.iter().map(|t| t.parse().unwrap()).collect();
        for layout in Layout::ALL {
            assert!(positions.contains(&layout.position()), "{layout}");
        }
        assert!(
            positions
                .iter()
                .all(|p| !p.is_over() && p.count_moves() > 0)
        );
        let with_pushes = positions
            .iter()
            .filter(|p| p.moves().iter().any(|m| m.is_push()));
        assert!(with_pushes.count() >= 8);
        let endgames = positions.iter().filter(|p| {
            p.lost(sumito_rules::board::Colour::Black) + p.lost(sumito_rules::board::Colour::White)
                >= 6
        });
        assert!(endgames.count() >= 4);
    }

    #[test]
    fn bench_node_count_is_deterministic() {
        let first = bench(3, &Control::new(), |_, _, _| {});
        let second = bench(3, &Control::new(), |_, _, _| {});
        assert_eq!(first.nodes, second.nodes);
        assert!(first.nodes > 0);
        let stopped = Control::new();
        stopped.stop();
        let mut searched = 0;
        let none = bench(3, &stopped, |_, _, _| searched += 1);
        assert_eq!((none.nodes, searched), (0, 0));
    }
}
