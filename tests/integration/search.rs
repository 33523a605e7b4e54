//! The search on positions with known answers, its limits, and its moves' legality.

use std::sync::mpsc;
use std::time::Duration;
use sumito_engine::search::{Control, Engine, Limits, Reported, SearchResult};
use sumito_rules::board::{Layout, Position};
use sumito_rules::movegen::Move;

fn search(position: &Position, limits: &Limits) -> SearchResult {
    let mut engine = Engine::new(8).unwrap();
    engine.search(&[*position], limits, &[], &Control::new(), &mut |_| {})
}

fn reported(result: &SearchResult) -> Reported {
    Reported::from_score(result.score)
}

fn search_with_contempt(contempt: i32, game: &[Position], limits: &Limits) -> SearchResult {
    let mut engine = Engine::new(8).unwrap();
    engine.settings.contempt = contempt;
    engine.search(game, limits, &[], &Control::new(), &mut |_| {})
}

#[test]
fn finds_the_ejection_that_wins_the_game() {
    // White has lost five; e6e7 (three push one) ejects the sixth.
    let position: Position = "4w/1w4/7/2bb4/5bbbw/1ww5/7/6/b4 b 0 5 0".parse().unwrap();
    for depth in 1..=4 {
        let result = search(&position, &Limits::depth(depth));
        let best = result.best.unwrap();
        assert!(best.is_eject(), "depth {depth}: {best}");
        assert!(position.play(best).is_over());
        assert_eq!(reported(&result), Reported::Mate(1), "depth {depth}");
    }
}

#[test]
fn avoids_the_move_that_loses_the_sixth_marble() {
    // Black has lost five; White's e7,e8 threaten to push e9 off. Only e9f9 and e9d8 save it.
    let position: Position = "5/6/7/8/6wwb/8/7/6/b4 b 5 0 0".parse().unwrap();
    let losing = position
        .moves()
        .iter()
        .filter(|&&mv| {
            position
                .play(mv)
                .moves()
                .iter()
                .any(|reply| reply.is_eject())
        })
        .count();
    assert!(losing > 0, "the test needs moves that lose");
    for depth in 2..=5 {
        let result = search(&position, &Limits::depth(depth));
        let after = position.play(result.best.unwrap());
        assert!(
            after.moves().iter().all(|reply| !reply.is_eject()),
            "depth {depth}"
        );
        assert!(!matches!(reported(&result), Reported::Mate(n) if n <= 0));
    }
}

#[test]
fn finds_a_two_move_forced_win() {
    // White has lost four; e5e6 ejects e9 and leaves White's last e-row marble boxed in on the
    // edge by f9 and d8, so the next push ejects the sixth whatever White does.
    let position: Position = "5/6/7/7b/4bbbww/7b/7/6/4w b 0 4 0".parse().unwrap();
    let one_move_wins = position
        .moves()
        .iter()
        .filter(|&&m| position.play(m).is_over())
        .count();
    assert_eq!(one_move_wins, 0, "no win in one");
    let result = search(&position, &Limits::depth(5));
    assert_eq!(reported(&result), Reported::Mate(2));
    // Every White reply to the chosen move loses at once.
    let after = position.play(result.best.unwrap());
    for &reply in after.moves().iter() {
        let next = after.play(reply);
        assert!(
            next.moves().iter().any(|&m| next.play(m).is_over()),
            "{reply}"
        );
    }
}

#[test]
fn depth_and_node_limits_are_kept() {
    let position = Layout::BelgianDaisy.position();
    let mut depths = Vec::new();
    let mut engine = Engine::new(8).unwrap();
    let result = engine.search(
        &[position],
        &Limits::depth(4),
        &[],
        &Control::new(),
        &mut |info| depths.push(info.depth),
    );
    assert_eq!(result.depth, 4);
    assert_eq!(depths, [1, 2, 3, 4]);
    for limit in [5_000u64, 50_000] {
        let limits = Limits {
            nodes: Some(limit),
            ..Limits::default()
        };
        let result = search(&position, &limits);
        assert!(result.nodes <= limit + 1, "{} > {limit}", result.nodes);
        assert!(
            result.nodes >= limit / 2,
            "stopped far too early: {}",
            result.nodes
        );
        assert!(position.moves().contains(result.best.unwrap()));
    }
}

#[test]
fn a_stop_from_another_thread_ends_an_infinite_search_with_a_legal_move() {
    let position = Layout::Standard.position();
    for threads in [1, 2] {
        let control = Control::new();
        let (sender, receiver) = mpsc::channel();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                let mut engine = Engine::new(8).unwrap();
                engine.set_threads(threads);
                let limits = Limits {
                    infinite: true,
                    ..Limits::default()
                };
                let result = engine.search(&[position], &limits, &[], &control, &mut |_| {});
                let _ = sender.send(result);
            });
            std::thread::sleep(Duration::from_millis(50));
            control.stop();
            // A guard against hanging forever, not a speed claim.
            let result = receiver
                .recv_timeout(Duration::from_secs(60))
                .expect("search ended");
            assert!(position.moves().contains(result.best.unwrap()));
            assert!(result.depth >= 1);
        });
    }
}

#[test]
fn search_never_returns_an_illegal_move() {
    let mut engine = Engine::new(4).unwrap();
    let mut seed = 0x1234_5678_u64;
    for game in 0..12 {
        let mut position = Layout::ALL[game % 3].position();
        let mut line = vec![position];
        for _ in 0..60 {
            if position.is_over() {
                break;
            }
            let limits = Limits {
                nodes: Some(3_000),
                depth: Some(6),
                ..Limits::default()
            };
            let result = engine.search(&line, &limits, &[], &Control::new(), &mut |_| {});
            let best = result.best.expect("a move while the game goes on");
            assert!(position.moves().contains(best), "{best} in {position}");
            assert!(result.pv.first() == Some(&best));
            // Continue with a random move half the time, so the games wander.
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let moves = position.moves();
            let mv: Move = if seed >> 63 == 0 {
                best
            } else {
                moves.as_slice()[(seed >> 33) as usize % moves.len()]
            };
            position = position.play(mv);
            line.push(position);
        }
    }
}

#[test]
fn searchmoves_and_multipv_are_obeyed() {
    let position = Layout::Standard.position();
    let moves = position.moves();
    let allowed = [moves.as_slice()[7], moves.as_slice()[30]];
    let mut engine = Engine::new(8).unwrap();
    let result = engine.search(
        &[position],
        &Limits::depth(3),
        &allowed,
        &Control::new(),
        &mut |_| {},
    );
    assert!(allowed.contains(&result.best.unwrap()));
    engine.settings.multipv = 3;
    let mut lines = Vec::new();
    let result = engine.search(
        &[position],
        &Limits::depth(3),
        &[],
        &Control::new(),
        &mut |info| {
            if info.depth == 3 {
                lines.push((info.multipv, info.pv[0]));
            }
        },
    );
    assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), [1, 2, 3]);
    let firsts: std::collections::HashSet<Move> = lines.iter().map(|l| l.1).collect();
    assert_eq!(firsts.len(), 3, "three different first moves");
    assert!(
        result.lines.windows(2).all(|w| w[0].1 >= w[1].1),
        "best first"
    );
}

#[test]
fn a_finished_game_has_no_best_move() {
    let over: Position = "5/6/7/8/9/8/7/6/bbb2 b 0 6 0".parse().unwrap();
    assert_eq!(search(&over, &Limits::depth(3)).best, None);
}

/// Near the move limit every iteration is a few dozen nodes, fewer than the search counts
/// between two looks at the clock, so the clock must also be read between iterations. Without
/// that, a 10 ms move three plies before the limit ran all 118 iterations, printing a line each,
/// and lost matches on time.
#[test]
fn a_spent_move_time_stops_between_iterations_even_when_they_are_tiny() {
    let position = Position::startpos().with_move_limit(1);
    let mut engine = Engine::new(8).unwrap();
    // The budget is 1 ms (the least), and the report after the first iteration outlasts it.
    let mut slow_report =
        |_: &sumito_engine::search::Info| std::thread::sleep(Duration::from_millis(5));
    let limits = Limits::movetime(1);
    let result = engine.search(&[position], &limits, &[], &Control::new(), &mut slow_report);
    assert_eq!(result.depth, 1, "{result:?}");
    assert!(result.best.is_some());
    // Given the depth instead, the same search goes as deep as it is told.
    let result = search(&position, &Limits::depth(30));
    assert_eq!(result.depth, 30);
}

#[test]
fn the_search_wins_defends_and_sees_a_mate_in_two() {
    // White has lost five and e6e7 ejects the sixth; Black must keep e9 from being pushed off.
    let win: Position = "4w/1w4/7/2bb4/5bbbw/1ww5/7/6/b4 b 0 5 0".parse().unwrap();
    let defend: Position = "5/6/7/8/6wwb/8/7/6/b4 b 5 0 0".parse().unwrap();
    let two_move: Position = "5/6/7/7b/4bbbww/7b/7/6/4w b 0 4 0".parse().unwrap();
    let result = search(&win, &Limits::depth(4));
    assert_eq!(reported(&result), Reported::Mate(1));
    let result = search(&defend, &Limits::depth(5));
    let after = defend.play(result.best.unwrap());
    let lost = after.moves().iter().any(|reply| reply.is_eject());
    assert!(!lost, "the sixth marble goes");
    let result = search(&two_move, &Limits::depth(5));
    assert_eq!(reported(&result), Reported::Mate(2));
}

#[test]
fn a_draw_at_the_move_limit_scores_the_contempt_against_the_side_at_the_root() {
    // No marble can be ejected in the first two plies: every line ends drawn at the limit.
    for limit in [1, 2] {
        let position = Position::startpos().with_move_limit(limit);
        for contempt in [-40, 0, 40] {
            let result = search_with_contempt(contempt, &[position], &Limits::depth(3));
            assert_eq!(
                result.score, -contempt,
                "limit {limit}, contempt {contempt}"
            );
        }
    }
}

/// The game of [`a_repetition_scores_a_draw`]: White, a marble down, to move,
/// and the move that repeats the position of four plies ago.
fn a_game_with_a_repetition_for_white() -> (Vec<Position>, Move) {
    let start: Position = "wwww1/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 1 0"
        .parse()
        .unwrap();
    let mut game = vec![start];
    for text in ["a1b1", "i5h5", "c1b1"] {
        let last = game[game.len() - 1];
        game.push(last.play(last.parse_move(text).unwrap()));
    }
    let back = game[3].parse_move("f5g5").unwrap();
    assert_eq!(game[3].play(back).hash(), start.hash(), "f5g5 repeats");
    (game, back)
}

#[test]
fn contempt_steers_away_from_a_repetition_and_negative_contempt_into_it() {
    let (game, back) = a_game_with_a_repetition_for_white();
    let limits = Limits::depth(3);
    let avoided = search_with_contempt(200, &game, &limits);
    assert_ne!(avoided.best, Some(back), "two marbles of contempt");
    assert!(avoided.score > -200, "{}", avoided.score);
    let sought = search_with_contempt(-50, &game, &limits);
    assert_eq!(sought.best, Some(back));
    assert_eq!(sought.score, 50, "a welcome repetition");
}

#[test]
fn a_repetition_scores_a_draw() {
    // White, a marble down, can play back into the position of four plies ago: Abalone has no
    // repetition rule, but a line that can repeat forever is worth no more than a draw, and
    // here it is White's escape from a lost marble.
    let (game, back) = a_game_with_a_repetition_for_white();
    let as_draw = search_with_contempt(0, &game, &Limits::depth(3));
    assert_eq!(as_draw.score, 0, "the repetition as a draw");
    assert_eq!(as_draw.best, Some(back));
}
