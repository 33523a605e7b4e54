//! The command line keeps its word: a flag is used or refused, never silently dropped.

use crate::common::engines::run_sumito;

#[test]
fn engine_flags_before_a_subcommand_are_refused() {
    for (args, flag) in [
        (
            &["--threads", "2", "bench", "--depth", "1"][..],
            "--threads",
        ),
        (
            &["--hash", "16", "match", "--verify", "none.txt"][..],
            "--hash",
        ),
    ] {
        let run = run_sumito(args);
        assert!(!run.success, "{args:?} ran");
        assert!(
            run.stderr
                .contains(&format!("error: {flag} before a subcommand")),
            "{args:?}: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{args:?} printed {}", run.stdout);
    }
    // Where they belong they still work: the engine loop, and after the subcommand's name.
    assert!(run_sumito(&["--threads", "1", "--hash", "1"]).success);
    let bench = run_sumito(&["bench", "--depth", "1"]);
    assert!(
        bench.success && bench.stdout.contains("nodes"),
        "{}",
        bench.stderr
    );
}

#[test]
fn analyse_takes_multipv_only_with_a_position() {
    let refused = run_sumito(&["analyse", "games.txt", "--multipv", "2"]);
    assert!(!refused.success);
    assert!(
        refused.stderr.contains("--multipv") && refused.stderr.contains("--fen"),
        "{}",
        refused.stderr
    );
    let fen = "5/6/7/8/6wwb/8/7/6/bb3 b 5 0 0";
    let lines = run_sumito(&["analyse", "--fen", fen, "--depth", "2", "--multipv", "2"]);
    assert!(lines.success, "{}", lines.stderr);
    assert!(
        lines.stdout.contains("depth  2  line 2"),
        "{}",
        lines.stdout
    );
}
