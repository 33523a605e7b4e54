//! `sumito tune` run as a program on data that `sumito datagen` made.

use crate::common::engines::run_sumito;
use std::path::{Path, PathBuf};

fn temp_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("sumito-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A small data file: 15 fast games.
fn data(name: &str) -> PathBuf {
    let path = temp_path(&format!("{name}.txt"));
    let run = run_sumito(&[
        "datagen",
        "--output",
        text(&path),
        "--games",
        "15",
        "--depth",
        "2",
        "--plies-after-opening",
        "80",
    ]);
    assert!(run.success, "{}", run.stderr);
    path
}

/// Runs the fit; returns the loss after each epoch (the start first) and the file written.
fn tune(data: &Path, output: &Path, extra: &[&str]) -> (Vec<f64>, String) {
    let mut args = vec![
        "tune",
        text(data),
        "--output",
        text(output),
        "--epochs",
        "6",
    ];
    args.extend_from_slice(extra);
    let run = run_sumito(&args);
    assert!(run.success, "{args:?}: {}", run.stderr);
    let losses = run
        .lines()
        .iter()
        .filter_map(|line| line.split_once(": loss ").map(|(_, rest)| rest.to_string()))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    (losses, std::fs::read_to_string(output).unwrap())
}

#[test]
fn the_fit_lowers_the_loss_and_writes_the_same_weights_on_any_thread_count() {
    let data = data("fit");
    let (one, two) = (temp_path("one.rs"), temp_path("two.rs"));
    let (losses, written) = tune(&data, &one, &["--threads", "1", "--rate", "1"]);
    assert_eq!(losses.len(), 7, "{losses:?}");
    assert!(losses[6] < losses[0], "{losses:?}");
    let (_, again) = tune(&data, &two, &["--threads", "2", "--rate", "1"]);
    // The paths differ in the command line of the header only.
    assert_eq!(
        written.replace(text(&one), ""),
        again.replace(text(&two), "")
    );
    for name in [
        "lost", "centre", "mass", "cohesion", "wedges", "threats", "exposure",
    ] {
        assert!(
            written.contains(&format!("(\"{name}\", Phased::new(")),
            "{name}"
        );
    }
    // The header holds the commands that make the data and the weights again.
    let games = format!(
        "sumito datagen --output {} --games 15 --seed 1 --depth 2",
        text(&data)
    );
    assert!(written.contains(&games), "{written}");
    // With the build that made them, as the data file's header names it.
    let bytes = std::fs::read(&data).unwrap();
    let header = String::from_utf8_lossy(&bytes);
    let first = header.lines().next().unwrap();
    let (_, bench) = first.split_once("; bench ").expect("a bench in the header");
    let build = format!("(by the build with bench {bench})");
    assert!(written.contains(&build), "{written}");
    assert!(written.contains(&format!(
        "sumito tune {} --output {}",
        text(&data),
        text(&one)
    )));
    // Starting from the default weights, the fit moved some of them.
    assert!(
        !written.contains("(\"lost\", Phased::new(-1000, -1000))"),
        "{written}"
    );
    for path in [data, one, two] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn a_given_k_and_lambda_are_used() {
    let data = data("given");
    let output = temp_path("given.rs");
    let run = run_sumito(&[
        "tune",
        text(&data),
        "--output",
        text(&output),
        "--epochs",
        "1",
        "--k",
        "0.01",
        "--lambda",
        "0.5",
        "--holdout",
        "0",
    ]);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.contains("k: 0.010000 per centi-marble (given)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains(" 0 held out"), "{}", run.stdout);
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&output);
}

#[test]
fn frozen_terms_keep_their_starting_weights_while_the_others_move() {
    let data = data("freeze");
    let output = temp_path("freeze.rs");
    let (_, free) = tune(&data, &output, &["--rate", "1"]);
    let (_, frozen) = tune(&data, &output, &["--rate", "1", "--freeze", "lost,mass"]);
    let weight = |text: &str, name: &str| {
        let start = format!("(\"{name}\", Phased::new(");
        let line = text
            .lines()
            .find(|l| l.contains(&start))
            .unwrap_or_default();
        line.trim().to_string()
    };
    // The starting weights are the hand-set ones: a marble per marble, two centi-marbles a step.
    assert_eq!(
        weight(&frozen, "lost"),
        "(\"lost\", Phased::new(-1000, -1000)),"
    );
    assert_eq!(
        weight(&frozen, "mass"),
        "(\"mass\", Phased::new(-20, -20)),"
    );
    assert_ne!(weight(&free, "lost"), weight(&frozen, "lost"));
    assert_ne!(
        weight(&frozen, "centre"),
        "(\"centre\", Phased::new(-40, -40)),"
    );
    assert!(frozen.contains(" --freeze lost,mass"), "{frozen}");
    let _ = std::fs::remove_file(&data);
    let _ = std::fs::remove_file(&output);
}

#[test]
fn bad_flags_and_bad_data_are_refused() {
    let output = temp_path("refused.rs");
    let notes = temp_path("notes.txt");
    std::fs::write(&notes, "not data\n").unwrap();
    for (args, says) in [
        (
            vec!["tune", "missing.txt", "--output", text(&output)],
            "missing.txt",
        ),
        (
            vec!["tune", text(&notes), "--output", text(&output)],
            "not a data file",
        ),
        // Refused before the data are even read, let alone fitted.
        (
            vec!["tune", text(&notes), "--output", "/no/such/dir/t.rs"],
            "cannot write /no/such/dir/t.rs: no directory /no/such/dir",
        ),
        (
            vec![
                "tune",
                text(&notes),
                "--output",
                text(&output),
                "--lambda",
                "2",
            ],
            "--lambda",
        ),
        (
            vec![
                "tune",
                text(&notes),
                "--output",
                text(&output),
                "--epochs",
                "0",
            ],
            "--epochs",
        ),
        (
            vec![
                "tune",
                text(&notes),
                "--output",
                text(&output),
                "--freeze",
                "lost,nonsense",
            ],
            "no term 'nonsense'",
        ),
        (vec!["tune", text(&notes)], "--output"),
        (
            vec![
                "train",
                text(&notes),
                "--output",
                text(&output),
                "--players",
                "7",
            ],
            "--players",
        ),
        (
            vec![
                "train",
                text(&notes),
                "--output",
                text(&output),
                "--players",
                "3",
                "--activation",
                "squared",
            ],
            "--activation squared is for the two-player network",
        ),
    ] {
        let run = run_sumito(&args);
        assert!(!run.success, "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
    }
    assert!(!output.exists());
    let _ = std::fs::remove_file(&notes);
}

#[test]
fn wdl_fits_the_draw_model_and_says_how_the_shipped_one_does() {
    let data = data("wdl");
    let run = run_sumito(&["tune", "--wdl", text(&data)]);
    assert!(run.success, "{}", run.stderr);
    // "wdl: centre C scale S (log loss L over N positions of G games; the model in …, has M)"
    let line = run
        .lines()
        .into_iter()
        .find(|l| l.starts_with("wdl: "))
        .expect("the fit");
    let number = |key: &str| -> f64 {
        let rest = line.split_once(key).expect(key).1;
        rest.split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches([',', ')'])
            .parse()
            .unwrap()
    };
    let (fitted, shipped) = (number("log loss "), number(" has "));
    assert!(
        fitted <= shipped + 1e-9,
        "the fit is no worse than the shipped model: {line}"
    );
    assert!(number("scale ") > 0.0, "{line}");
    assert!(line.contains("of 15 games"), "{line}");
    // --wdl fits no weights: the weight flags are refused with it.
    let run = run_sumito(&["tune", "--wdl", text(&data), "--epochs", "3"]);
    assert!(
        !run.success && run.stderr.contains("cannot be used with"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_file(&data);
}

#[test]
fn train_writes_a_network_of_either_activation_that_the_engine_plays_with() {
    use crate::common::uap::Uap;
    use std::time::{Duration, Instant};
    use sumito_engine::eval::nnue::{Activation, Network};
    let data = data("train");
    for (flag, activation) in [
        ("clipped", Activation::Clipped),
        ("squared", Activation::SquaredClipped),
    ] {
        let output = temp_path(&format!("{flag}.nnue"));
        let args = [
            "train",
            text(&data),
            "--output",
            text(&output),
            "--epochs",
            "3",
            "--holdout",
            "0",
            "--activation",
            flag,
        ];
        let run = run_sumito(&args);
        assert!(run.success, "{args:?}: {}", run.stderr);
        let losses: Vec<f64> = run
            .lines()
            .iter()
            .filter_map(|l| l.split(" loss ").nth(1)?.split(' ').next()?.parse().ok())
            .collect();
        assert_eq!(losses.len(), 4, "{}", run.stdout);
        assert!(losses[3] < losses[0], "{flag}: {losses:?}");
        let network = Network::load(text(&output)).unwrap();
        assert_eq!(network.activation, activation);
        assert_eq!(
            network.header.contains("--activation squared"),
            activation == Activation::SquaredClipped
        );
        // The engine loads it and searches with it.
        let mut engine = Uap::start();
        engine.send(&format!("setoption name EvalFile value {}", text(&output)));
        engine.send("position startpos");
        engine.send("go depth 3");
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut lines = Vec::new();
        while let Some(line) = engine.read(deadline) {
            let done = line.starts_with("bestmove");
            lines.push(line);
            if done {
                break;
            }
        }
        assert!(
            lines.last().is_some_and(|l| l.starts_with("bestmove")),
            "{lines:?}"
        );
        assert!(!lines.iter().any(|l| l.starts_with("error")), "{lines:?}");
        let _ = std::fs::remove_file(&output);
    }
    let _ = std::fs::remove_file(&data);
}
