//! Three to six players: the engine's move generator against the coordinate reference in
//! `tests/common/multi_reference.rs` (perft of every layout, random games and random boards),
//! and `sumito perft` on N-seat starts.
//!
//! Depth 4 of every layout: `cargo test --release --test integration multiplayer:: -- --ignored`.

use crate::common::engines::run_sumito;
use crate::common::multi_reference::{self, MultiRef};
use proptest::prelude::*;
use std::collections::BTreeSet;
use sumito_rules::movegen::MoveList;
use sumito_rules::multiplayer::{
    MultiLayout, MultiPosition, move_text, multi_perft, multi_root_moves,
};

/// The moves of a position as comparable facts: notation and the position string after it.
fn engine_moves(position: &MultiPosition) -> BTreeSet<(String, String)> {
    multi_root_moves(position)
        .into_iter()
        .map(|mv| (move_text(mv), position.play_or_pass(mv).to_string()))
        .collect()
}

fn reference_moves(text: &str) -> BTreeSet<(String, String)> {
    let position = MultiRef::from_fen(text).expect("the reference reads the engine's string");
    position
        .successors()
        .into_iter()
        .map(|(notation, next)| (notation, next.to_fen()))
        .collect()
}

/// Both generators agree on the moves of `position` and where they lead.
fn assert_same_moves(position: &MultiPosition) {
    let text = position.to_string();
    assert_eq!(engine_moves(position), reference_moves(&text), "{text}");
}

#[test]
fn perft_of_every_layout_equals_the_reference() {
    for layout in MultiLayout::ALL {
        let start = layout.position();
        let reference = MultiRef::from_fen(&start.to_string()).unwrap();
        assert_eq!(
            start.to_string(),
            multi_reference::start_fen(layout.seating().seats()),
            "{layout}: the start position"
        );
        for depth in 1..=3 {
            assert_eq!(
                multi_perft(&start, depth),
                multi_reference::perft(&reference, depth),
                "{layout} depth {depth}"
            );
        }
    }
}

#[test]
#[ignore = "deep: about 10 s"]
fn perft_four_of_every_layout_equals_the_reference() {
    for layout in MultiLayout::ALL {
        let start = layout.position();
        let reference = MultiRef::from_fen(&start.to_string()).unwrap();
        let (engine, slow) = (
            multi_perft(&start, 4),
            multi_reference::perft(&reference, 4),
        );
        println!("{layout}: perft 4 = {engine} (reference {slow})");
        assert_eq!(engine, slow, "{layout}");
    }
}

/// A random game: each choice picks a move (a choice divisible by three prefers a push, so
/// that games reach ejections and their end); a choice divisible by 31 makes the seat to move
/// leave instead, once a game (two teams or more stay in play).
fn random_game(layout: usize, choices: &[u32]) -> Vec<MultiPosition> {
    let mut position = MultiLayout::ALL[layout].position();
    let mut line = vec![position];
    let mut list = MoveList::default();
    for &choice in choices {
        if position.is_over() {
            break;
        }
        if choice % 31 == 30 && position.left_mask() == 0 {
            position = position.leave();
            line.push(position);
            continue;
        }
        position.legal_moves(&mut list);
        let pushes: Vec<_> = list.iter().copied().filter(|m| m.is_push()).collect();
        position = if list.is_empty() {
            position.pass()
        } else if choice % 3 == 0 && !pushes.is_empty() {
            position.play(pushes[(choice as usize / 3) % pushes.len().min(2)])
        } else {
            position.play(list.as_slice()[choice as usize % list.len()])
        };
        line.push(position);
    }
    line
}

/// A random board of `seats` seats: each cell empty or a seat's (no seat beyond its start
/// count), random ejected counts no larger than what is missing, a random seat to move.
fn random_board(seats: usize, cells: &[u8], side: usize, ejected: &[u8]) -> Option<MultiPosition> {
    let layout = MultiLayout::for_seats(seats)?;
    let start: Vec<u32> = layout
        .seating()
        .all()
        .map(|seat| layout.seat_cells(seat).count_ones())
        .collect();
    let mut counts = vec![0u32; seats];
    let mut rows = Vec::new();
    let mut index = 0;
    for row in (0..9i32).rev() {
        let mut text = String::new();
        for _ in 0..(9 - (row - 4).abs()) {
            let pick = cells[index] as usize % (seats * 2);
            index += 1;
            if pick < seats && counts[pick] < start[pick] {
                counts[pick] += 1;
                text.push(sumito_rules::multiplayer::SEAT_LETTERS[pick]);
            } else {
                text.push('1');
            }
        }
        rows.push(text);
    }
    let mut missing: u32 = start.iter().zip(&counts).map(|(s, c)| s - c).sum();
    let scores: Vec<String> = (0..seats)
        .map(|i| {
            let n = (ejected[i] as u32 % 5).min(missing);
            missing -= n;
            n.to_string()
        })
        .collect();
    let side = sumito_rules::multiplayer::SEAT_LETTERS[side % seats];
    format!("{} {side} {} 0", rows.join("/"), scores.join("/"))
        .parse()
        .ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Along random games of every layout, both generators list the same moves, leading to the
    /// same positions, and the engine's hash is the hash from scratch.
    #[test]
    fn random_games_agree_with_the_reference(
        layout in 0usize..4,
        choices in prop::collection::vec(any::<u32>(), 0..160),
    ) {
        for position in random_game(layout, &choices) {
            prop_assert_eq!(position.hash(), position.compute_hash());
            assert_same_moves(&position);
        }
    }

    /// On random boards (thin, crowded, blocked), both generators list the same moves.
    #[test]
    fn random_boards_agree_with_the_reference(
        seats in 3usize..=6,
        cells in prop::collection::vec(any::<u8>(), 61),
        side in 0usize..6,
        ejected in prop::collection::vec(any::<u8>(), 6),
    ) {
        // A board the parser refuses (two teams already won) is no case: proptest counts
        // those and fails when too many are, so the property cannot go empty unseen.
        let position = random_board(seats, &cells, side, &ejected);
        prop_assume!(position.is_some());
        assert_same_moves(&position.unwrap());
    }
}

#[test]
fn perft_on_the_command_line_counts_n_seat_starts() {
    let reference = MultiRef::from_fen(&multi_reference::start_fen(3)).unwrap();
    let run = run_sumito(&["perft", "--layout", "three-player", "3"]);
    assert!(run.success, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        format!("nodes {}", multi_reference::perft(&reference, 3))
    );
    let fen = multi_reference::start_fen(4);
    let run = run_sumito(&["perft", "--fen", &fen, "2", "--divide"]);
    assert!(run.success, "{}", run.stderr);
    let reference = MultiRef::from_fen(&fen).unwrap();
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines.len(),
        reference.successors().len() + 1,
        "{}",
        run.stdout
    );
    assert_eq!(
        lines.last().copied(),
        Some(format!("nodes {}", multi_reference::perft(&reference, 2)).as_str())
    );
    // A two-player command refuses an N-seat start with one clear line.
    let run = run_sumito(&["eval", "--layout", "four-player"]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("three to six players"),
        "{}",
        run.stderr
    );
}

/// Generous bound on waiting for an answer: it guards against a hang, it is not a speed claim.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// The engine binary over UAP.
struct Engine(crate::common::uap::Uap);

impl Engine {
    fn start() -> Engine {
        Engine(crate::common::uap::Uap::start())
    }

    fn send(&mut self, line: &str) {
        self.0.send(line);
    }

    fn next(&mut self) -> String {
        let deadline = std::time::Instant::now() + PATIENCE;
        self.0.read(deadline).expect("an answer in time")
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.next();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The answer to one command that answers with one line, fenced by `isready`.
    fn answer(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.send("isready");
        let mut lines = self.until("readyok");
        lines.pop();
        lines
    }

    /// The position string `d` shows.
    fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.until("turn ");
        let fen = lines.iter().find_map(|l| l.strip_prefix("fen "));
        fen.expect("d shows the fen").to_string()
    }
}

/// Sumito in every seat, one engine answering for each seat in turn, plays whole games of every
/// layout: every move it answers is one of the reference's legal moves (or `pass` when the
/// reference has only that), the engine's position string after the moves is the reference's,
/// and the game ends by the rules (six ejected or the move limit).
#[test]
fn sumito_plays_whole_games_in_every_seat() {
    const LIMIT: u32 = 120;
    for layout in MultiLayout::ALL {
        let mut engine = Engine::start();
        engine.send(&format!("setoption name MoveLimit value {LIMIT}"));
        let mut reference =
            MultiRef::from_fen(&multi_reference::start_fen(layout.seating().seats())).unwrap();
        let mut moves: Vec<String> = Vec::new();
        loop {
            engine.send(&format!(
                "position layout {layout} moves {}",
                moves.join(" ")
            ));
            assert_eq!(engine.fen(), reference.to_fen(), "{layout} after {moves:?}");
            // Depths 1 and 2 in turn: quick, and the two kinds of tree.
            engine.send(&format!("go depth {}", 1 + moves.len() % 2));
            let answer = engine.until("bestmove ");
            let best = answer
                .last()
                .unwrap()
                .trim_start_matches("bestmove ")
                .to_string();
            if reference.is_over() || reference.plies >= LIMIT {
                assert_eq!(best, "(none)", "{layout}: the game is over");
                break;
            }
            let successors = reference.successors();
            let next = successors.iter().find(|(notation, _)| *notation == best);
            let Some((_, next)) = next else {
                panic!(
                    "{layout}: bestmove {best} is not legal in {}",
                    reference.to_fen()
                );
            };
            reference = next.clone();
            moves.push(best);
        }
        let over_by_rules = reference.winners().is_some() || reference.plies >= LIMIT;
        assert!(over_by_rules, "{layout}: {}", reference.to_fen());
    }
}

/// Bad N-player input gets one `error` line and leaves the game as it was.
#[test]
fn bad_n_player_input_is_refused_and_changes_nothing() {
    let mut engine = Engine::start();
    engine.send("position layout three-player moves a1b1");
    let before = engine.fen();
    for (command, code) in [
        ("position fen 5/6/7/8/9/8/7/6/5 b 0/0", "error bad-fen"),
        ("position fen 5/6/7/8/9/8/7/6/5 r 0/0/0x 0", "error bad-fen"),
        ("position fen 5/6/7/8/9/8/7/6/u4 b 0/0/0 0", "error bad-fen"),
        (
            "position fen rr1ww/rr2ww/rr3ww/rr4ww/rr5ww/r6w/7/bbbbbb/bbbbb b 1/0/0 0",
            "error bad-fen",
        ),
        (
            "position layout three-player moves a1b1 a1b1",
            "error illegal-move move 2",
        ),
        (
            "position layout three-player moves pass",
            "error illegal-move move 1",
        ),
        ("position layout seven-player", "error syntax"),
        ("go time4 1000", "error syntax"),
        ("go time1 1000 time3 1000", "error syntax"),
        ("go mate 2", "error syntax"),
        ("go searchmoves a1b1", "error illegal-move"),
        ("setoption name MultiSearch value maxn", "error bad-option"),
    ] {
        let answer = engine.answer(command);
        assert_eq!(answer.len(), 1, "{command}: {answer:?}");
        assert!(answer[0].starts_with(code), "{command}: {answer:?}");
        assert_eq!(engine.fen(), before, "{command} changed the game");
    }
    // A two-player game refuses the clocks of seats it does not have.
    engine.send("position startpos");
    let answer = engine.answer("go btime 100 wtime 100 time3 100");
    assert!(answer[0].starts_with("error syntax"), "{answer:?}");
}

/// Both searches, on two threads, with per-seat clocks: legal moves, info scores, and a seat
/// that left is skipped.
#[test]
fn go_answers_with_either_search_and_per_seat_clocks() {
    let mut engine = Engine::start();
    engine.send("setoption name Threads value 2");
    for algorithm in ["paranoid", "brs"] {
        engine.send(&format!("setoption name MultiSearch value {algorithm}"));
        engine.send("position layout four-player moves a2b2 leave");
        let fen = engine.fen();
        let reference = MultiRef::from_fen(&fen).unwrap();
        assert_eq!(reference.to_move, 3, "seat 2 left: seat 3 is to move");
        engine.send("go time1 2000 time2 2000 time3 300 time4 2000 inc3 10");
        let answer = engine.until("bestmove ");
        let best = answer.last().unwrap().trim_start_matches("bestmove ");
        assert!(
            reference.successors().iter().any(|(m, _)| m == best),
            "{algorithm}: {best} in {fen}"
        );
        assert!(
            answer
                .iter()
                .any(|l| l.starts_with("info depth ") && l.contains(" score "))
        );
    }
    // A blocked seat passes: its one move is `pass`, which the game then takes.
    let blocked = "5/6/7/8/9/8/7/wr4/bw3 b 0/0/0 0";
    engine.send(&format!("position fen {blocked}"));
    assert_eq!(engine.answer("moves"), ["moves pass"]);
    engine.send("go depth 2");
    assert_eq!(
        engine.until("bestmove ").last().map(String::as_str),
        Some("bestmove pass")
    );
    engine.send(&format!("position fen {blocked} moves pass"));
    let reference = MultiRef::from_fen(blocked).unwrap().successors();
    assert_eq!(engine.fen(), reference[0].1.to_fen());
    // A finished game has no move.
    engine.send("position fen 5/6/7/8/9/8/7/6/5 b 0/6/0 30");
    engine.send("go depth 3");
    let answer = engine.until("bestmove ");
    // The two-player line's shape: the seats' ranks as records write them, the Termination
    // tag, the words.
    let said = "info string gameover 2-1-2 [Termination \"six marbles ejected\"] seat 2 wins \
                (six marbles ejected)";
    assert!(answer.iter().any(|l| l == said), "{answer:?}");
    assert_eq!(answer.last().map(String::as_str), Some("bestmove (none)"));
}

/// As in two-player games, a search longer than a second says once a second which root move
/// it searches, and nothing after `bestmove`.
#[test]
fn a_long_search_of_three_players_sends_progress_lines() {
    let mut engine = Engine::start();
    engine.send("position layout three-player");
    engine.send("go infinite");
    // Waiting for the line rather than sleeping: on a loaded machine it may come late.
    let mut lines = Vec::new();
    while !lines
        .last()
        .is_some_and(|l: &String| l.contains(" currmove "))
    {
        lines.push(engine.next());
    }
    engine.send("stop");
    lines.extend(engine.until("bestmove "));
    let legal = MultiRef::from_fen("rr1ww/rr2ww/rr3ww/rr4ww/rr5ww/r6w/7/bbbbbb/bbbbb b 0/0/0 0")
        .unwrap()
        .successors();
    for line in lines.iter().filter(|l| l.contains(" currmove ")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            [words[0], words[1], words[3], words[5], words[7], words[11]],
            [
                "info",
                "depth",
                "currmove",
                "currmovenumber",
                "nodes",
                "time"
            ],
            "{line}"
        );
        assert!(legal.iter().any(|(mv, _)| mv == words[4]), "{line}");
        let number: usize = words[6].parse().unwrap();
        assert!((1..=legal.len()).contains(&number), "{line}");
        assert!(words[12].parse::<u64>().unwrap() >= 1000, "{line}");
    }
    // Nothing follows bestmove: the next line is the answer to isready.
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
}

#[test]
fn the_move_played_is_the_last_line_shown() {
    // Searches stopped by the clock at many points: a move that a stopped iteration found
    // better than the last finished one must be shown in an info line before it is played.
    let mut engine = Engine::start();
    for (position, algorithm) in [
        ("layout four-player moves a2b2 g9g8 i5h5", "paranoid"),
        ("layout three-player moves a1b2", "brs"),
        ("layout six-player", "paranoid"),
    ] {
        engine.send(&format!("setoption name MultiSearch value {algorithm}"));
        // `go nodes 1` stops at the first check: the first iteration is finished all the same.
        let times = [15, 30, 45, 70, 100, 150, 200].map(|ms| format!("movetime {ms}"));
        for limit in std::iter::once("nodes 1".to_string()).chain(times) {
            engine.send(&format!("position {position}"));
            engine.send(&format!("go {limit}"));
            let answer = engine.until("bestmove ");
            let best = answer.last().unwrap().trim_start_matches("bestmove ");
            let shown = answer
                .iter()
                .rev()
                .find_map(|l| l.split(" pv ").nth(1))
                .and_then(|pv| pv.split_whitespace().next());
            assert_eq!(shown, Some(best), "{position} {limit}: {answer:?}");
        }
    }
}

/// `SeatsEvalFile` loads an N-player network, which evaluates the games of its number of
/// players only, the others keeping the built-in ones; a file that is not one is refused with
/// one error line and changes nothing; `hand` chooses the hand-chosen weights, and empty the
/// built-in networks again.
#[test]
fn seats_eval_file_loads_a_network_for_its_number_of_players() {
    use sumito_engine::eval::nnue::{QA, QB};
    use sumito_engine::multi_search::SeatsNetwork;
    let folder = std::env::temp_dir().join(format!("sumito-seatsnet-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    // A network of three players whose output is its bias alone: 1.5 marbles for any seat.
    let mut network = SeatsNetwork::zero(3, "test network".into());
    network.output_bias = 3 * QA * QB / 2;
    let good = folder.join("three.snn");
    std::fs::write(&good, network.to_bytes()).unwrap();
    let mut damaged = network.to_bytes();
    damaged[60] ^= 0x10;
    let bad = folder.join("damaged.snn");
    std::fs::write(&bad, damaged).unwrap();
    let mut engine = Engine::start();
    engine.send("position layout four-player");
    let four = engine.answer("eval");
    engine.send("position layout three-player moves a1b1");
    let built_in = engine.answer("eval");
    assert!(
        built_in.iter().any(|l| l.starts_with("seat r network ")),
        "{built_in:?}"
    );
    let set = |engine: &mut Engine, value: &str| {
        engine.answer(&format!("setoption name SeatsEvalFile value {value}"))
    };
    assert_eq!(set(&mut engine, "hand"), Vec::<String>::new());
    let hand = engine.answer("eval");
    assert!(hand.iter().all(|l| !l.contains("network")), "{hand:?}");
    assert_ne!(hand.last(), built_in.last());
    assert_eq!(
        set(&mut engine, good.to_str().unwrap()),
        Vec::<String>::new()
    );
    let with_network = engine.answer("eval");
    for seat in ["b", "w", "r"] {
        let line = format!("seat {seat} network 150");
        assert!(with_network.contains(&line), "{with_network:?}");
    }
    assert_eq!(
        with_network.last().unwrap(),
        "total 150 (for seat 2 (white))"
    );
    engine.send("go depth 2");
    assert!(engine.until("bestmove ").last().unwrap() != "bestmove (none)");
    // A device is refused unread: /dev/stdin would have the engine read its own commands.
    let stdin = std::path::PathBuf::from("/dev/stdin");
    for refused in [bad, folder.join("missing.snn"), stdin] {
        let answer = set(&mut engine, refused.to_str().unwrap());
        assert_eq!(answer.len(), 1, "{answer:?}");
        assert!(answer[0].starts_with("error bad-option "), "{answer:?}");
        assert_eq!(engine.answer("eval"), with_network, "after {refused:?}");
    }
    // A four-player game keeps its built-in evaluation.
    engine.send("position layout four-player");
    assert_eq!(engine.answer("eval"), four);
    engine.send("position layout three-player moves a1b1");
    let answer = engine.answer("setoption name SeatsEvalFile");
    assert_eq!(answer, Vec::<String>::new());
    assert_eq!(
        engine.answer("eval"),
        built_in,
        "empty: the built-in network"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}
