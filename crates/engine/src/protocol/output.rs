//! The protocol's output: whole lines, flushed at once, from any thread.

use crate::search::{Info, ScoreBound, WDL_MODEL};
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A shared line writer; clones write to the same place.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Lines go to `writer`.
    pub fn new(writer: Box<dyn Write + Send>) -> Output {
        Output(Arc::new(Mutex::new(writer)))
    }

    /// Writes one line and flushes it. A closed output (the GUI went away) is not an error
    /// worth dying for: the end of input will follow.
    pub fn line(&self, text: &str) {
        let mut writer = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(writer, "{text}");
        let _ = writer.flush();
    }

    /// Writes several lines (a block of text) and flushes once.
    pub fn block(&self, text: &str) {
        let mut writer = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for line in text.lines() {
            let _ = writeln!(writer, "{line}");
        }
        let _ = writer.flush();
    }
}

/// Output kept in memory: for running the engine loop inside another program, and in tests.
#[derive(Clone, Default)]
pub struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// Every line written so far.
    pub fn lines(&self) -> Vec<String> {
        let bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        String::from_utf8_lossy(&bytes)
            .lines()
            .map(str::to_string)
            .collect()
    }
}

impl Output {
    /// An output kept in memory, and the handle to read it.
    pub fn captured() -> (Output, Captured) {
        let captured = Captured::default();
        (Output::new(Box::new(captured.clone())), captured)
    }
}

/// An `info` line for one principal variation; `show_wdl` adds the win/draw/loss chances of its
/// score (per mille, [`WDL_MODEL`]) after it.
pub fn info_line(info: &Info, show_wdl: bool) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let bound = match info.bound {
        Some(ScoreBound::Lower) => " lowerbound",
        Some(ScoreBound::Upper) => " upperbound",
        None => "",
    };
    let wdl = match show_wdl {
        true => {
            let [win, draw, loss] = WDL_MODEL.per_mille(info.score);
            format!(" wdl {win} {draw} {loss}")
        }
        false => String::new(),
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{bound}{wdl} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull,
        pv.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Reported;
    use std::time::Duration;

    #[test]
    fn a_bound_follows_the_score_as_in_uci() {
        let mut info = Info {
            depth: 12,
            seldepth: 14,
            multipv: 1,
            score: Reported::Centi(35),
            bound: Some(ScoreBound::Lower),
            nodes: 1000,
            nps: 2000,
            time: Duration::from_millis(500),
            hashfull: 3,
            pv: Vec::new(),
        };
        assert!(info_line(&info, false).contains(" score cp 35 lowerbound nodes 1000 "));
        info.bound = Some(ScoreBound::Upper);
        assert!(info_line(&info, false).contains(" score cp 35 upperbound nodes "));
        info.bound = None;
        assert!(info_line(&info, false).contains(" score cp 35 nodes "));
    }
}
