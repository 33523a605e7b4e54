//! The Rust file `sumito tune` writes (crates/engine/src/eval/tuned.rs): the fitted weights by term name,
//! with the commands that made the data and the fit in its header, so that it compiles as it
//! is and can be made again.

use super::error::TuneError;
use std::fmt::Write as _;
use std::path::Path;
use sumito_engine::eval::{MILLI_PER_CENTI, TERMS, Weights};

/// What the header of the file tells.
pub struct Provenance {
    /// The commands that made each data file.
    pub datagen: Vec<String>,
    /// The command of the fit.
    pub tune: String,
    /// One line on the data, the scale and the losses.
    pub summary: String,
}

/// The source text of the weights file.
pub fn source(weights: &Weights, provenance: &Provenance) -> String {
    let mut text = String::new();
    text += "//! Evaluation weights fitted by `sumito tune`, which wrote this file: do not edit it by\n";
    text += "//! hand. The engine plays with them (`TunedEval`, true by default); `sumito eval --hand`\n";
    text += "//! shows the hand-set weights instead.\n//!\n//! The data, made by\n";
    for command in &provenance.datagen {
        let _ = writeln!(text, "//!     {command}");
    }
    let _ = writeln!(
        text,
        "//!\n//! and the fit:\n//!     {}\n//!",
        provenance.tune
    );
    for line in wrap(&provenance.summary, 95) {
        let _ = writeln!(text, "//! {line}");
    }
    text += "\nuse super::phase::Phased;\n\n";
    text += "/// The fitted weight of each term by name, in milli-marbles: (opening, endgame).\n";
    text += "pub const TUNED: &[(&str, Phased)] = &[\n";
    for (term, weight) in TERMS.iter().zip(weights.terms) {
        let (opening, endgame) = (weight.opening, weight.endgame);
        let _ = writeln!(
            text,
            "    (\"{}\", Phased::new({opening}, {endgame})),",
            term.name
        );
    }
    text += "];\n";
    text
}

/// Words of `text` in lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let line = lines.last_mut().expect("one line at least");
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}

/// A table of the weights against the defaults, in centi-marbles, for the report.
pub fn table(weights: &Weights) -> String {
    let mut text = format!(
        "{:<10} {:>9} {:>9} {:>9}\n",
        "term", "opening", "endgame", "default"
    );
    let centi = |milli: i32| f64::from(milli) / f64::from(MILLI_PER_CENTI);
    for ((term, weight), default) in TERMS.iter().zip(weights.terms).zip(Weights::DEFAULT.terms) {
        let _ = writeln!(
            text,
            "{:<10} {:>9.1} {:>9.1} {:>9.1}",
            term.name,
            centi(weight.opening),
            centi(weight.endgame),
            centi(default.opening)
        );
    }
    text
}

/// Writes `text` to `path` through a temporary file beside it, so that an interrupted write
/// never leaves half a source file.
pub fn write(path: &Path, text: &str) -> Result<(), TuneError> {
    write_bytes(path, text.as_bytes())
}

/// Writes `bytes` to `path` through a temporary file beside it, so that an interrupted write
/// never leaves half a file under the name.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), TuneError> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    let temporary = std::path::PathBuf::from(temporary);
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|source| TuneError::Write {
            path: path.to_path_buf(),
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_source_names_every_term_and_its_commands() {
        let provenance = Provenance {
            datagen: vec!["sumito datagen --output d.txt --games 3 --seed 1".into()],
            tune: "sumito tune d.txt --output tuned.rs".into(),
            summary: "K = 0.01".into(),
        };
        let text = source(&Weights::DEFAULT, &provenance);
        assert!(text.contains("//!     sumito datagen --output d.txt --games 3 --seed 1\n"));
        assert!(text.contains("//!     sumito tune d.txt --output tuned.rs\n"));
        assert!(text.contains("    (\"lost\", Phased::new(-1000, -1000)),\n"));
        assert_eq!(text.matches("Phased::new(").count(), TERMS.len());
        assert!(table(&Weights::DEFAULT).contains("lost          -100.0    -100.0    -100.0"));
    }

    #[test]
    fn the_checked_in_file_is_as_the_writer_writes_it() {
        // The checked-in file compiles, so the writer's text does too.
        let checked_in = include_str!("../../../engine/src/eval/tuned.rs");
        let provenance = Provenance {
            datagen: Vec::new(),
            tune: String::new(),
            summary: String::new(),
        };
        let written = source(&Weights::tuned(), &provenance);
        let body = |text: &str| text[text.find("\nuse super::phase").unwrap()..].to_string();
        assert_eq!(body(checked_in), body(&written));
        assert!(checked_in.starts_with(&written[..written.find("//! The data").unwrap()]));
    }

    #[test]
    fn long_lines_wrap_at_words() {
        let lines = wrap("aaa bbb ccc ddd", 7);
        assert_eq!(lines, ["aaa bbb", "ccc ddd"]);
    }

    #[test]
    fn a_failed_write_names_the_file() {
        let path = Path::new("/nonexistent-sumito-dir/tuned.rs");
        assert_eq!(
            write(path, "x").unwrap_err().to_string(),
            "cannot write /nonexistent-sumito-dir/tuned.rs: No such file or directory (os error 2)"
        );
    }
}
