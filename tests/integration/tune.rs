//! `sumito tune --wdl` and `sumito train` run as programs on data that `sumito datagen` made.

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

#[test]
fn bad_flags_and_bad_data_are_refused() {
    let output = temp_path("refused.nnue");
    let notes = temp_path("notes.txt");
    std::fs::write(&notes, "not data\n").unwrap();
    for (args, says) in [
        (vec!["tune", "--wdl", "missing.txt"], "missing.txt"),
        (vec!["tune", "--wdl", text(&notes)], "not a data file"),
        (
            vec!["tune", "--wdl", text(&notes), text(&notes)],
            "is given twice",
        ),
        (
            vec!["tune", "--wdl", text(&notes), "--threads", "0"],
            "--threads",
        ),
        // The linear evaluation's fit went with it; the flags of that fit with it too.
        (vec!["tune", text(&notes)], "add --wdl"),
        (
            vec!["tune", "--wdl", text(&notes), "--epochs", "3"],
            "--epochs",
        ),
        (
            vec!["train", "missing.txt", "--output", text(&output)],
            "missing.txt",
        ),
        // Refused before the data are even read, let alone fitted.
        (
            vec!["train", text(&notes), "--output", "/no/such/dir/t.nnue"],
            "cannot write /no/such/dir/t.nnue: no directory /no/such/dir",
        ),
        // A network is renamed into place: never over a device.
        (
            vec!["train", text(&notes), "--output", "/dev/null"],
            "cannot write /dev/null: it exists and is not a regular file",
        ),
        // The trainer's 32-bit floats would make it infinite.
        (
            vec![
                "train",
                text(&notes),
                "--output",
                text(&output),
                "--k",
                "1e300",
            ],
            "--k must be above 0",
        ),
        (
            vec![
                "train",
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
                "train",
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
