//! scripts/match-parallel and scripts/match-slurm on this machine: a depth-limited match played
//! in shards and merged must give the unsharded match's table and its games move for move, and
//! a datagen run in shards merged must be the unsharded run's file byte for byte.
//! Ignored by `cargo test`: it needs GNU parallel, which `.ci/run` installs before it runs
//! these with `--ignored`. match-slurm runs under tests/tools/sbatch, a stand-in for Slurm's
//! sbatch that plays the array's tasks here, one after the other.

use crate::common::engines::{SUMITO, run_sumito};
use crate::common::matches::{games, records, run_match, scratch};
use std::path::Path;
use std::process::Command;
use sumito_games::records::Record;

const REPOSITORY: &str = env!("CARGO_MANIFEST_DIR");

/// The match: two builds of Sumito told apart by depth, 24 games from the suite.
const FLAGS: [&str; 20] = [
    "--engine",
    SUMITO,
    "--name",
    "deep",
    "--engine",
    SUMITO,
    "--name",
    "shallow",
    "--tc",
    "1:depth=3",
    "--tc",
    "2:depth=2",
    "--games",
    "24",
    "--max-plies",
    "80",
    "--seed",
    "7",
    "--layout",
    "standard,belgian-daisy,german-daisy",
];

/// The unsharded match's table (with the rounds line of a merge) and its records.
fn unsharded(dir: &Path) -> (String, Vec<Record>) {
    let file = dir.join("full.txt");
    let mut args = FLAGS.to_vec();
    args.extend(["--records", file.to_str().unwrap()]);
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    (
        format!("{}Rounds 1 to 24: each once.\n", run.stdout),
        records(&file),
    )
}

/// The records of every shard file in `dir`.
fn shard_records(dir: &Path, shards: u32) -> Vec<Record> {
    (1..=shards)
        .flat_map(|k| records(&dir.join(format!("shard-{k}-of-{shards}.txt"))))
        .collect()
}

/// The table of `sumito match --merge DIR`, without an SPRT.
fn merge(dir: &Path) -> String {
    let run = run_match(&["--merge", dir.to_str().unwrap()]);
    assert!(run.success, "{}", run.stderr);
    run.stdout
}

/// The script's table took the SPRT and all 24 games: the shards were not stopped by it.
fn check_sprt(table: &str) {
    assert!(table.contains("SPRT: elo0 0 elo1 10"), "{table}");
    let row: Vec<&str> = table.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(row[..4], ["deep", "vs", "shallow", "24"], "{table}");
}

/// Runs a script of the repository with `path_front` before PATH; its stdout.
fn script(name: &str, args: &[&str], path_front: Option<&str>) -> String {
    let mut command = Command::new(format!("{REPOSITORY}/scripts/{name}"));
    command.args(args);
    if let Some(front) = path_front {
        let path = std::env::var("PATH").unwrap_or_default();
        command.env("PATH", format!("{front}:{path}"));
    }
    let output = command.output().expect("the script starts");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{name} {args:?}: {stderr}");
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
#[ignore = "needs GNU parallel; .ci/run installs it and runs this"]
fn match_parallel_shards_merge_to_the_unsharded_match() {
    let dir = scratch("parallel");
    let (table, full) = unsharded(&dir);
    let hosts = dir.join("hosts");
    // ':' is this machine in GNU parallel's format: the path through --sshloginfile.
    std::fs::write(&hosts, ":\n").unwrap();
    for (name, extra) in [
        ("local", vec![]),
        ("sshlogin", vec!["--sshloginfile", hosts.to_str().unwrap()]),
    ] {
        let out = dir.join(name);
        let out_arg = out.to_str().unwrap();
        let mut args = vec!["--shards", "5", "--jobs", "2", "--out", out_arg];
        args.extend(extra);
        args.extend(["--sumito", SUMITO, "--"]);
        args.extend(FLAGS);
        args.extend(["--sprt", "elo0=0", "elo1=10"]);
        // The SPRT goes to the merge only.
        let merged = script("match-parallel", &args, None);
        check_sprt(&merged);
        let saved = std::fs::read_to_string(out.join("logs/merged.txt")).unwrap();
        assert_eq!(saved, merged, "{name}");
        assert_eq!(merge(&out), table, "{name}");
        assert_eq!(games(&shard_records(&out, 5)), games(&full), "{name}");
    }
}

#[test]
#[ignore = "run by .ci/run with the GNU parallel test"]
fn match_slurm_under_a_stand_in_sbatch_merges_to_the_unsharded_match() {
    let dir = scratch("slurm");
    let (table, full) = unsharded(&dir);
    let out = dir.join("run");
    let mut args = vec!["4", out.to_str().unwrap(), "--sumito", SUMITO];
    args.extend(["--sbatch", "--partition=test --time=0:10:00", "--"]);
    args.extend(FLAGS);
    args.extend(["--sprt", "elo0=0", "elo1=10"]);
    let tools = format!("{REPOSITORY}/tests/tools");
    let said = script("match-slurm", &args, Some(&tools));
    assert!(said.contains("array job"), "{said}");
    assert_eq!(games(&shard_records(&out, 4)), games(&full));
    // The merge job's output: its stderr line, then the table with the SPRT.
    let merged = std::fs::read_to_string(out.join("logs/merged.txt")).unwrap();
    let stderr_line = "merge: 24 games from 4 files\n";
    assert!(merged.starts_with(stderr_line), "{merged}");
    check_sprt(&merged[stderr_line.len()..]);
    assert_eq!(merge(&out), table);
}

/// A datagen run for the scripts: seven small games, split into three uneven shards.
const DATAGEN: [&str; 9] = [
    "datagen",
    "--games",
    "7",
    "--depth",
    "2",
    "--plies-after-opening",
    "60",
    "--seed",
    "5",
];

#[test]
#[ignore = "run by .ci/run with the GNU parallel test"]
fn datagen_shards_through_both_scripts_merge_to_the_unsharded_file() {
    let dir = scratch("datagen");
    let full = dir.join("full.bin");
    let mut args = DATAGEN.to_vec();
    args.extend(["--output", full.to_str().unwrap()]);
    let run = run_sumito(&args);
    assert!(run.success, "{}", run.stderr);
    let full = std::fs::read(&full).unwrap();
    let tools = format!("{REPOSITORY}/tests/tools");
    for name in ["match-parallel", "match-slurm"] {
        let out = dir.join(name);
        let out_arg = out.to_str().unwrap();
        let mut args = match name {
            "match-parallel" => vec!["--shards", "3", "--jobs", "2", "--out", out_arg],
            _ => vec!["3", out_arg],
        };
        args.extend(["--sumito", SUMITO, "--"]);
        args.extend(DATAGEN);
        script(name, &args, Some(&tools));
        assert_eq!(
            std::fs::read(out.join("merged.bin")).unwrap(),
            full,
            "{name}"
        );
        let log = std::fs::read_to_string(out.join("logs/merged.txt")).unwrap();
        assert!(log.contains("holds 7 games"), "{name}: {log}");
        for k in 1..=3 {
            assert!(out.join(format!("shard-{k}-of-3.bin")).exists(), "{name}");
        }
    }
}

/// A three-player match for the scripts: Sumito at depths 2, 2 and 1, two groups of seatings.
const THREE: [&str; 22] = [
    "--players",
    "3",
    "--engine",
    SUMITO,
    "--engine",
    SUMITO,
    "--engine",
    SUMITO,
    "--name",
    "a",
    "--name",
    "b",
    "--name",
    "c",
    "--tc",
    "depth=2",
    "--tc",
    "3:depth=1",
    "--games",
    "12",
    "--seed",
    "4",
];

#[test]
#[ignore = "run by .ci/run with the GNU parallel test"]
fn a_three_player_match_through_both_scripts_merges_to_the_unsharded_match() {
    let dir = scratch("parallel-three");
    let full = dir.join("full.txt");
    let mut args = THREE.to_vec();
    args.extend(["--records", full.to_str().unwrap()]);
    let run = run_match(&args);
    assert!(run.success, "{}", run.stderr);
    let table = format!("{}Rounds 1 to 12: each once.\n", run.stdout);
    let tools = format!("{REPOSITORY}/tests/tools");
    for name in ["match-parallel", "match-slurm"] {
        let out = dir.join(name);
        let out_arg = out.to_str().unwrap();
        let mut args = match name {
            "match-parallel" => vec!["--shards", "2", "--jobs", "2", "--out", out_arg],
            _ => vec!["2", out_arg],
        };
        args.extend(["--sumito", SUMITO, "--"]);
        args.extend(THREE);
        script(name, &args, Some(&tools));
        assert_eq!(merge(&out), table, "{name}");
        let moves = |records: Vec<Record>| {
            let mut all: Vec<(String, Vec<String>)> = records
                .into_iter()
                .map(|r| (r.tag("Round").unwrap().to_string(), r.moves))
                .collect();
            all.sort();
            all
        };
        assert_eq!(
            moves(shard_records(&out, 2)),
            moves(records(&full)),
            "{name}"
        );
    }
}
