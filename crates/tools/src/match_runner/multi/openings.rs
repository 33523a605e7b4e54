//! Where the games of an N-player match start: the shipped suite of the layout (the default),
//! random turns, a file, or the bare layout. Every seating of one combination plays from the
//! same opening (see `seatings`).

use std::path::Path;
use sumito_games::records::MultiStart;
use sumito_rules::game::Turn;
use sumito_rules::multiplayer::{MultiLayout, MultiPosition};
use sumito_rules::random::{Random, splitmix64};

/// The shipped suites, one per layout (`sumito openings --layout three-player …` made them;
/// the command is in each file's header).
const SUITES: [(MultiLayout, &str, &str); 4] = [
    (
        MultiLayout::ThreePlayer,
        "openings/three-player.txt",
        include_str!("../../../../../openings/three-player.txt"),
    ),
    (
        MultiLayout::FourPlayer,
        "openings/four-player.txt",
        include_str!("../../../../../openings/four-player.txt"),
    ),
    (
        MultiLayout::FivePlayer,
        "openings/five-player.txt",
        include_str!("../../../../../openings/five-player.txt"),
    ),
    (
        MultiLayout::SixPlayer,
        "openings/six-player.txt",
        include_str!("../../../../../openings/six-player.txt"),
    ),
];

/// Where one game starts, and the turns played from there before the engines play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiOpening {
    pub start: MultiStart,
    pub turns: Vec<Turn>,
}

impl MultiOpening {
    /// The ply count after the opening: the start's own plies and the turns (which, being
    /// moves and passes, each count one).
    pub fn end_ply(&self) -> usize {
        self.start.position().plies() as usize + self.turns.len()
    }
}

/// The openings of an N-player match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MultiBook {
    /// The bare layout.
    None,
    /// `random:K`: K random turns from the layout, drawn from the match seed and the opening's
    /// number.
    Random { plies: u32 },
    /// Openings used in turn, from the top again when they run out: a file's in its order, the
    /// shipped suite's in an order drawn from the seed.
    Lines {
        lines: Vec<MultiOpening>,
        what: String,
    },
}

impl MultiBook {
    /// The shipped suite of `layout`, in an order drawn from `seed`.
    pub fn suite(layout: MultiLayout, seed: u64) -> Result<MultiBook, String> {
        let (_, path, text) = SUITES
            .iter()
            .find(|(l, ..)| *l == layout)
            .ok_or_else(|| format!("no suite for {}", layout.name()))?;
        let mut lines = read_lines(text, layout).map_err(|e| format!("{path}: {e}"))?;
        let mut random = Random(splitmix64(seed ^ 0x6d75_6c74_6900).1);
        for i in (1..lines.len()).rev() {
            lines.swap(i, random.below(i + 1));
        }
        let what = format!("{path} ({} openings, order from the seed)", lines.len());
        Ok(MultiBook::Lines { lines, what })
    }

    /// The `--openings` argument: `none`, `random:K` or a file.
    pub fn from_argument(argument: &str, layout: MultiLayout) -> Result<MultiBook, String> {
        if argument.trim() == "none" {
            return Ok(MultiBook::None);
        }
        if let Some(plies) = argument.strip_prefix("random:") {
            let plies = plies.trim().parse::<u32>().ok().filter(|&k| k <= 100);
            return plies
                .map(|plies| MultiBook::Random { plies })
                .ok_or_else(|| format!("--openings {argument}: K must be from 0 to 100"));
        }
        let text = std::fs::read(Path::new(argument))
            .map_err(|e| format!("cannot read the openings file {argument}: {e}"))?;
        let lines = read_lines(&String::from_utf8_lossy(&text), layout)
            .map_err(|e| format!("{argument}: {e}"))?;
        Ok(MultiBook::Lines {
            lines,
            what: argument.to_string(),
        })
    }

    /// Opening number `k` (from 0) on `layout`.
    pub fn opening(&self, k: u64, layout: MultiLayout, seed: u64) -> MultiOpening {
        match self {
            MultiBook::None => MultiOpening {
                start: MultiStart::Layout(layout),
                turns: Vec::new(),
            },
            MultiBook::Random { plies } => random_opening(layout, *plies, seed ^ splitmix64(k).1),
            MultiBook::Lines { lines, .. } => lines[(k % lines.len() as u64) as usize].clone(),
        }
    }

    /// The highest ply count an opening reaches (a position string's own plies with its
    /// turns): the move limit must lie beyond it.
    pub fn longest_opening(&self) -> usize {
        match self {
            MultiBook::None => 0,
            MultiBook::Random { plies } => *plies as usize,
            MultiBook::Lines { lines, .. } => {
                lines.iter().map(MultiOpening::end_ply).max().unwrap_or(0)
            }
        }
    }

    /// For the match's header: `none`, `random:4`, or the file or suite.
    pub fn describe(&self) -> String {
        match self {
            MultiBook::None => "none".to_string(),
            MultiBook::Random { plies } => format!("random:{plies}"),
            MultiBook::Lines { what, .. } => what.clone(),
        }
    }
}

/// `plies` random turns from `layout`, stopping early if the game ends.
fn random_opening(layout: MultiLayout, plies: u32, seed: u64) -> MultiOpening {
    let mut random = Random(seed);
    let mut position = layout.position();
    let mut turns = Vec::new();
    let mut list = sumito_rules::movegen::MoveList::default();
    for _ in 0..plies {
        if position.outcome().is_some() {
            break;
        }
        position.legal_moves(&mut list);
        let turn = match list.len() {
            0 => Turn::Pass,
            n => Turn::Move(list.as_slice()[random.below(n)]),
        };
        position = turn.apply(&position);
        turns.push(turn);
    }
    MultiOpening {
        start: MultiStart::Layout(layout),
        turns,
    }
}

/// The openings of a text: one a line, a position string of `layout`'s seats or a layout name,
/// optionally followed by `moves t1 t2 …`, or a bare list of turns from `layout`. Blank lines
/// and everything after `#` are skipped.
fn read_lines(text: &str, layout: MultiLayout) -> Result<Vec<MultiOpening>, String> {
    let mut lines = Vec::new();
    for (number, line) in (1..).zip(text.lines()) {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        lines.push(read_line(line, layout).map_err(|e| format!("line {number}: {e}"))?);
    }
    match lines.is_empty() {
        true => Err("no openings".to_string()),
        false => Ok(lines),
    }
}

/// One line of an openings text (see [`read_lines`]).
fn read_line(line: &str, layout: MultiLayout) -> Result<MultiOpening, String> {
    let (head, moves) = match line.split_once(" moves") {
        Some((head, moves)) => (head.trim(), moves),
        None if line.split_whitespace().count() >= 3 && line.contains('/') => (line, ""),
        None => ("", line),
    };
    let start = if head.is_empty() {
        MultiStart::Layout(layout)
    } else if let Ok(named) = head.parse::<MultiLayout>() {
        MultiStart::Layout(named)
    } else {
        let position: MultiPosition = head.parse().map_err(|e| format!("'{head}': {e}"))?;
        MultiStart::Fen(position)
    };
    let seats = start.position().seating().seats();
    if seats != layout.seating().seats() {
        return Err(format!(
            "{seats} seats, but the match has {}",
            layout.seating().seats()
        ));
    }
    let mut position = start.position();
    let mut turns = Vec::new();
    for (index, text) in moves.split_whitespace().enumerate() {
        let turn = match text.eq_ignore_ascii_case("leave") {
            true => Err("an opening cannot leave a seat".to_string()),
            false => Turn::parse(&position, text).map_err(|e| format!("turn {}: {e}", index + 1)),
        }?;
        position = turn.apply(&position);
        turns.push(turn);
    }
    if position.outcome().is_some() {
        return Err("the game is over after the opening".to_string());
    }
    Ok(MultiOpening { start, turns })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_suite_reads_and_differs_by_seed() {
        for layout in MultiLayout::ALL {
            let book = MultiBook::suite(layout, 1).unwrap();
            let MultiBook::Lines { lines, .. } = &book else {
                panic!()
            };
            assert!(lines.len() >= 20, "{}", layout.name());
            assert!(
                lines
                    .iter()
                    .all(|l| l.start == MultiStart::Layout(layout) && !l.turns.is_empty())
            );
            let other = MultiBook::suite(layout, 2).unwrap();
            assert_ne!(book, other);
        }
    }

    #[test]
    fn lines_of_every_form_and_bad_ones() {
        let three = MultiLayout::ThreePlayer;
        let start = three.position().to_string();
        let text = format!("# c\nthree-player moves a1b2\n\n{start} moves a1b2\na1b2 pass\n");
        let error = read_lines(&text, three).unwrap_err();
        assert!(
            error.contains("line 5") && error.contains("pass"),
            "{error}"
        );
        let lines = read_lines(&text.replace(" pass", ""), three).unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].turns, lines[2].turns);
        assert!(
            read_line("four-player moves a2b2", three)
                .unwrap_err()
                .contains("4 seats")
        );
        assert!(
            read_line("a1b2 leave", three)
                .unwrap_err()
                .contains("leave")
        );
        assert!(MultiBook::from_argument("random:200", three).is_err());
        let random = MultiBook::from_argument("random:3", three).unwrap();
        assert_eq!(random.opening(5, three, 9).turns.len(), 3);
        assert_eq!(random.opening(5, three, 9), random.opening(5, three, 9));
        assert_ne!(random.opening(5, three, 9), random.opening(6, three, 9));
    }
}
