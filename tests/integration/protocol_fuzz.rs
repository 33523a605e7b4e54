//! Random command lines (valid, near-valid, garbage, very long, huge numbers, invalid UTF-8),
//! of two-player games and of three to six players, thrown at the engine loop: it must keep
//! answering `isready` and keep a valid position.

use proptest::prelude::*;
use sumito_engine::protocol::{Output, Session};
use sumito_rules::game::AnyPosition;

const WORDS: &[&str] = &[
    "uap",
    "isready",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "MultiPV",
    "MoveLimit",
    "Contempt",
    "Clear",
    "newgame",
    "position",
    "startpos",
    "layout",
    "belgian-daisy",
    "fen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "d",
    "eval",
    "help",
    "bench",
    "a1b1",
    "a1a2b2",
    "c3d3",
    "i5h5",
    "zz",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "99999999999999999999999",
    "1e9",
    "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb",
    "b",
    "w",
    "5/6/7/8/9/8/7/6/5",
    "\u{0}",
    "é",
    // Three to six players.
    "three-player",
    "four-player",
    "six-player",
    "MultiSearch",
    "brs",
    "time3",
    "inc4",
    "time6",
    "pass",
    "leave",
    "rr1ww/rr2ww/rr3ww/rr4ww/rr5ww/r6w/7/bbbbbb/bbbbb",
    "0/0/0",
    "1/2x/0",
    "r",
    "u",
];

fn line() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        // Sequences of protocol words: mostly near-valid commands.
        prop::collection::vec(prop::sample::select(WORDS), 1..8)
            .prop_map(|w| w.join(" ").into_bytes()),
        // Arbitrary bytes, invalid UTF-8 included.
        prop::collection::vec(any::<u8>(), 0..64),
        // A very long line.
        (1usize..200_000).prop_map(|n| "x".repeat(n).into_bytes()),
        // `go` with any clocks and limits, however absurd: the time plan must not overflow.
        (
            any::<i64>(),
            any::<i64>(),
            any::<i64>(),
            any::<i64>(),
            any::<u32>(),
            0u32..200
        )
            .prop_map(|(bt, wt, bi, wi, mtg, depth)| {
                format!(
                    "go btime {bt} wtime {wt} binc {bi} winc {wi} movestogo {mtg} depth {depth}"
                )
                .into_bytes()
            }),
        // Valid commands with small, safe arguments.
        prop::sample::select(vec![
            "position startpos moves a1b1 i5h5",
            "position layout german-daisy",
            "go depth 2",
            "go nodes 500",
            "go movetime 5",
            "go infinite",
            "stop",
            "setoption name MultiPV value 2",
            "setoption name Threads value 2",
            "setoption name Hash value 2",
            "newgame",
            "position layout three-player moves a1b2 e9e8 leave",
            "position layout four-player",
            "position fen rr1ww/rr2ww/rr3ww/rr4ww/rr5ww/r6w/7/bbbbbb/bbbbb w 0/0/0 1",
            "go time1 100 time2 100 time3 100 depth 3",
            "setoption name MultiSearch value brs",
            "go perft 2",
        ])
        .prop_map(|s| s.as_bytes().to_vec()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_loop_survives_any_input(lines in prop::collection::vec(line(), 1..24)) {
        let (out, buffer) = Output::captured();
        let mut session = Session::new(out, 1, 1).unwrap();
        for bytes in &lines {
            let text = String::from_utf8_lossy(bytes);
            // Every line is one command; the loop never sees the newline.
            for part in text.split('\n') {
                session.handle(part);
            }
        }
        session.handle("stop");
        session.handle("isready");
        let last = buffer.lines().last().cloned();
        prop_assert_eq!(last.as_deref(), Some("readyok"));
        session.handle("d");
        let lines = buffer.lines();
        let fen = lines.iter().rev().find(|l| l.starts_with("fen ")).unwrap();
        // A position of either kind, two players or three to six.
        let position = fen["fen ".len()..].parse::<AnyPosition>();
        prop_assert!(position.is_ok(), "{}", fen);
        prop_assert!(lines.iter().all(|l| !l.starts_with("error ") || l.split(' ').count() >= 3));
        session.shut_down();
    }
}
