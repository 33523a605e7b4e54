//! Openings: where each pair of games starts. Both games of a pair (game 2k and 2k+1 of an
//! engine pair) get the same opening with the colours swapped.

use super::MatchError;
use std::path::Path;
use sumito_games::records::Start;
use sumito_rules::board::{Layout, Position};
use sumito_rules::movegen::{Move, MoveError};
use sumito_rules::random::{Random, splitmix64};

/// The start of a pair of games: a start position and the moves played from it before the
/// engines take over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// Where the record starts.
    pub start: Start,
    /// Moves of the opening, legal one after the other from `start`.
    pub moves: Vec<Move>,
}

impl Opening {
    /// The ply count of the position after the opening: its start's, plus its moves.
    pub fn end_ply(&self) -> usize {
        self.start.position().plies() as usize + self.moves.len()
    }

    /// The opening of a layout with no moves.
    pub fn layout(layout: Layout) -> Opening {
        Opening {
            start: Start::Layout(layout),
            moves: Vec::new(),
        }
    }
}

/// The suite shipped with Sumito (made by `sumito openings`, see its header), used when no
/// `--openings` is given. It is compiled in, so the default works from any directory.
pub const SUITE: &str = include_str!("../../../../openings/suite.txt");

/// Where the shipped suite lives in the repository, for the header line.
pub const SUITE_PATH: &str = "openings/suite.txt";

/// One line of an openings file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookLine {
    /// A position string, perhaps with `moves …` after it, or a layout name with moves after
    /// it: the same for every layout of the match.
    Fixed(Opening),
    /// Moves to play from the layout of the pair.
    Moves(Vec<String>),
}

impl BookLine {
    /// Line `number` of an openings text, in words: a layout and moves, a position string and
    /// moves, or moves alone, which must play from each of `layouts`.
    fn read(number: usize, words: &[&str], layouts: &[Layout]) -> Result<BookLine, MatchError> {
        let move_words = |words: &[&str]| -> Vec<String> {
            let moves = words.iter().filter(|w| !w.eq_ignore_ascii_case("moves"));
            moves.map(|w| w.to_string()).collect()
        };
        if let Ok(layout) = words[0].parse::<Layout>() {
            return fixed(number, Start::Layout(layout), &move_words(&words[1..]));
        }
        if words[0].contains('/') {
            let split = words
                .iter()
                .position(|w| w.eq_ignore_ascii_case("moves"))
                .unwrap_or(words.len());
            let fen = words[..split].join(" ");
            let start: Position = fen.parse().map_err(|source| MatchError::OpeningPosition {
                line: number,
                fen: fen.clone(),
                source,
            })?;
            let texts: Vec<String> = words[split..]
                .iter()
                .skip(1)
                .map(|w| w.to_string())
                .collect();
            return fixed(number, Start::Fen(start), &texts);
        }
        let texts = move_words(words);
        for &layout in layouts {
            let (_, end) = play_texts(layout.position(), &texts).map_err(|(index, source)| {
                MatchError::OpeningMoveFromLayout {
                    line: number,
                    layout,
                    number: index + 1,
                    text: texts[index].clone(),
                    source,
                }
            })?;
            if end.is_over() {
                return Err(MatchError::OpeningOverFromLayout {
                    line: number,
                    layout,
                });
            }
        }
        Ok(BookLine::Moves(texts))
    }
}

/// The opening of line `number` that plays `texts` from `start`: refused when a move does not
/// play or the game is over at its end.
fn fixed(number: usize, start: Start, texts: &[String]) -> Result<BookLine, MatchError> {
    let (moves, end) =
        play_texts(start.position(), texts).map_err(|(index, source)| MatchError::OpeningMove {
            line: number,
            number: index + 1,
            text: texts[index].clone(),
            source,
        })?;
    if end.is_over() {
        return Err(MatchError::OpeningOver { line: number });
    }
    Ok(BookLine::Fixed(Opening { start, moves }))
}

/// Where the openings come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Book {
    /// Every pair starts from its layout.
    None,
    /// `random:K`: K random plies from the layout, drawn from the match seed and the pair.
    Random { plies: u32 },
    /// Lines of a file, used in order and from the top again when they run out.
    File { lines: Vec<BookLine> },
    /// The shipped suite: per layout of the match, its openings in an order drawn from the
    /// seed. Pair k plays on the layout the schedule gives it, and takes opening k / L of
    /// that layout's list (L layouts), so no two colour pairs share one until a list runs out.
    Suite {
        by_layout: Vec<(Layout, Vec<Opening>)>,
    },
}

/// The moves `texts` played from `start` and the position they reach, or the index in `texts`
/// of the first one that cannot be played and why.
fn play_texts(
    start: Position,
    texts: &[String],
) -> Result<(Vec<Move>, Position), (usize, MoveError)> {
    let mut position = start;
    let mut moves = Vec::with_capacity(texts.len());
    for (index, text) in texts.iter().enumerate() {
        let mv = position.parse_move(text).map_err(|e| (index, e))?;
        moves.push(mv);
        position = position.play(mv);
    }
    Ok((moves, position))
}

impl Book {
    /// Reads the `--openings` argument: `random:K` or the name of a file. Move lists in the file
    /// are checked against every layout in `layouts`.
    pub fn from_argument(argument: &str, layouts: &[Layout]) -> Result<Book, MatchError> {
        if argument.trim() == "none" {
            return Ok(Book::None);
        }
        if let Some(plies) = argument.strip_prefix("random:") {
            let plies = plies
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|&k| k <= 100)
                .ok_or_else(|| MatchError::BadRandomPlies {
                    argument: argument.to_string(),
                })?;
            return Ok(Book::Random { plies });
        }
        let path = Path::new(argument);
        let text = std::fs::read(path).map_err(|source| MatchError::ReadOpenings {
            path: path.to_path_buf(),
            source,
        })?;
        let text = String::from_utf8_lossy(&text);
        Book::from_text(&text, layouts).map_err(|e| MatchError::InOpeningsFile {
            path: path.to_path_buf(),
            source: Box::new(e),
        })
    }

    /// Reads an openings file: one opening a line, either a position string (optionally followed
    /// by `moves m1 m2 …`), a layout name followed by `moves m1 m2 …` (the suite's form), or a
    /// list of moves from the layout of the pair. Blank lines and everything after a `#` are
    /// skipped.
    pub fn from_text(text: &str, layouts: &[Layout]) -> Result<Book, MatchError> {
        Ok(Book::File {
            lines: Book::read_lines(text, layouts)?,
        })
    }

    /// The lines of an openings text (see [`Book::from_text`]); move lists are checked against
    /// every layout in `layouts`.
    fn read_lines(text: &str, layouts: &[Layout]) -> Result<Vec<BookLine>, MatchError> {
        let mut lines = Vec::new();
        for (number, line) in (1..).zip(text.lines()) {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            lines.push(BookLine::read(number, &words, layouts)?);
        }
        if lines.is_empty() {
            return Err(MatchError::NoOpenings);
        }
        Ok(lines)
    }

    /// The shipped suite for a match on `layouts`, each layout's openings in an order drawn
    /// from `seed`.
    pub fn suite(layouts: &[Layout], seed: u64) -> Result<Book, MatchError> {
        let lines = Book::read_lines(SUITE, layouts).map_err(|e| MatchError::InSuite {
            path: SUITE_PATH,
            source: Box::new(e),
        })?;
        let mut by_layout = Vec::new();
        for &layout in layouts {
            let mut openings: Vec<Opening> = lines
                .iter()
                .filter_map(|line| match line {
                    BookLine::Fixed(opening) if opening.start == Start::Layout(layout) => {
                        Some(opening.clone())
                    }
                    _ => None,
                })
                .collect();
            if openings.is_empty() {
                return Err(MatchError::SuiteMissesLayout {
                    path: SUITE_PATH,
                    layout,
                });
            }
            // Fisher-Yates from a stream of the seed and the layout.
            let mut random = Random(splitmix64(seed ^ splitmix64(layout as u64 + 1).1).1);
            for i in (1..openings.len()).rev() {
                openings.swap(i, random.below(i + 1));
            }
            by_layout.push((layout, openings));
        }
        Ok(Book::Suite { by_layout })
    }

    /// Whether the match's layouts decide where its games start: not for a file whose every
    /// line names its own start (a layout or a position string).
    pub fn uses_layouts(&self) -> bool {
        match self {
            Book::File { lines } => lines.iter().any(|l| matches!(l, BookLine::Moves(_))),
            _ => true,
        }
    }

    /// The opening of pair `pair` (counted from 0) on `layout`, drawn with `seed` when random.
    pub fn opening(&self, pair: u64, layout: Layout, seed: u64) -> Opening {
        match self {
            Book::None => Opening::layout(layout),
            Book::Suite { by_layout } => {
                let turn = pair / by_layout.len() as u64;
                match by_layout.iter().find(|(l, _)| *l == layout) {
                    Some((_, list)) => list[(turn % list.len() as u64) as usize].clone(),
                    None => Opening::layout(layout),
                }
            }
            Book::Random { plies } => random_opening(layout, *plies, seed, pair),
            Book::File { lines } => match &lines[(pair % lines.len() as u64) as usize] {
                BookLine::Fixed(opening) => opening.clone(),
                BookLine::Moves(texts) => {
                    // Checked against every layout when the file was read.
                    let moves = play_texts(layout.position(), texts)
                        .map(|(moves, _)| moves)
                        .unwrap_or_default();
                    Opening {
                        start: Start::Layout(layout),
                        moves,
                    }
                }
            },
        }
    }

    /// The most plies an opening of the book plays.
    pub fn longest_opening(&self) -> usize {
        // The ply count where an opening ends, counted from the layout as the move limit is:
        // a position string's own ply count comes first.
        let line = |line: &BookLine| match line {
            BookLine::Fixed(opening) => opening.end_ply(),
            BookLine::Moves(texts) => texts.len(),
        };
        match self {
            Book::None => 0,
            Book::Random { plies } => *plies as usize,
            Book::File { lines } => lines.iter().map(line).max().unwrap_or(0),
            Book::Suite { by_layout } => by_layout
                .iter()
                .flat_map(|(_, openings)| openings.iter().map(Opening::end_ply))
                .max()
                .unwrap_or(0),
        }
    }

    /// How the book is described in the records and the report.
    pub fn describe(&self) -> String {
        match self {
            Book::None => "none".into(),
            Book::Random { plies } => format!("random:{plies}"),
            Book::File { lines } => format!("file ({} lines)", lines.len()),
            Book::Suite { by_layout } => {
                let counts: Vec<String> = by_layout
                    .iter()
                    .map(|(layout, list)| format!("{} {layout}", list.len()))
                    .collect();
                format!("suite {SUITE_PATH} ({})", counts.join(", "))
            }
        }
    }
}

/// `plies` random moves from `layout`, from a stream seeded by the match seed and the pair.
fn random_opening(layout: Layout, plies: u32, seed: u64, pair: u64) -> Opening {
    let (_, mixed) = splitmix64(seed ^ splitmix64(pair).1);
    let mut random = Random(mixed);
    let mut position = layout.position();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = position.moves();
        // Never end the game inside the opening (practically impossible in a few plies).
        let choices: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| !position.play(mv).is_over())
            .collect();
        if choices.is_empty() {
            break;
        }
        let mv = choices[random.below(choices.len())];
        moves.push(mv);
        position = position.play(mv);
    }
    Opening {
        start: Start::Layout(layout),
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUTS: [Layout; 2] = [Layout::Standard, Layout::BelgianDaisy];

    #[test]
    fn random_openings_are_reproducible_and_differ_between_pairs() {
        let book = Book::from_argument("random:6", &LAYOUTS).unwrap();
        let a = book.opening(3, Layout::Standard, 42);
        assert_eq!(a.moves.len(), 6);
        assert_eq!(a, book.opening(3, Layout::Standard, 42));
        assert_ne!(a, book.opening(4, Layout::Standard, 42));
        assert_ne!(a, book.opening(3, Layout::Standard, 43));
    }

    #[test]
    fn a_file_holds_position_strings_and_move_lists() {
        let text = "# comment\n\n\
                    wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0 moves a1b1\n\
                    a1b1 i5h5\n";
        let book = Book::from_text(text, &LAYOUTS).unwrap();
        let first = book.opening(0, Layout::BelgianDaisy, 1);
        assert_eq!(first.start, Start::Fen(Position::startpos()));
        assert_eq!(first.moves.len(), 1);
        let second = book.opening(1, Layout::BelgianDaisy, 1);
        assert_eq!(second.start, Start::Layout(Layout::BelgianDaisy));
        assert_eq!(second.moves.len(), 2);
        // The lines come round again.
        assert_eq!(book.opening(2, Layout::Standard, 1), first);
    }

    #[test]
    fn layout_lines_start_from_their_layout_and_trailing_comments_are_skipped() {
        let text = "german-daisy moves b1c2 h4g4  # +0.10\nstandard a1b2\n";
        let book = Book::from_text(text, &LAYOUTS).unwrap();
        let first = book.opening(0, Layout::Standard, 1);
        assert_eq!(first.start, Start::Layout(Layout::GermanDaisy));
        assert_eq!(first.moves.len(), 2);
        assert!(Book::from_text("standard zz\n", &LAYOUTS).is_err());
        assert_eq!(Book::from_argument("none", &LAYOUTS).unwrap(), Book::None);
    }

    #[test]
    fn the_suite_gives_each_layout_its_own_openings_in_a_seeded_order() {
        let book = Book::suite(&LAYOUTS, 1).unwrap();
        let opening = book.opening(1, Layout::BelgianDaisy, 1);
        assert_eq!(opening.start, Start::Layout(Layout::BelgianDaisy));
        assert!(book.describe().starts_with("suite openings/suite.txt"));
    }

    #[test]
    fn every_colour_pair_of_the_suite_gets_its_own_opening_until_the_suite_runs_out() {
        let layouts = [Layout::Standard, Layout::BelgianDaisy, Layout::GermanDaisy];
        let book = Book::suite(&layouts, 5).unwrap();
        assert_eq!(
            book.describe(),
            "suite openings/suite.txt (180 standard, 180 belgian-daisy, 180 german-daisy)"
        );
        // The schedule gives pair k the layout k mod 3.
        let opening = |k: u64| book.opening(k, layouts[(k % 3) as usize], 5);
        let first: Vec<Opening> = (0..540).map(opening).collect();
        for (k, opening) in first.iter().enumerate() {
            assert_eq!(opening.start, Start::Layout(layouts[k % 3]));
            assert!((2..=8).contains(&opening.moves.len()), "{opening:?}");
        }
        let distinct: std::collections::HashSet<String> =
            first.iter().map(|opening| format!("{opening:?}")).collect();
        assert_eq!(distinct.len(), 540);
        // Then the lists come round again, and another seed gives another order.
        assert_eq!(opening(540), first[0]);
        let other = Book::suite(&layouts, 6).unwrap();
        let reordered = (0..30)
            .filter(|&k| other.opening(k, layouts[(k % 3) as usize], 6) != first[k as usize]);
        assert!(reordered.count() > 20);
    }

    #[test]
    fn bad_files_are_refused_with_the_line_number() {
        let cases = [
            ("", "no openings"),
            ("a1b1 zz\n", "line 1"),
            ("\nxx/yy b\n", "line 2: bad position string"),
            ("a1a1\n", "line 1"),
            ("5/6/7/8/5bbbw/8/7/6/5 b 0 6 0\n", "already over"),
        ];
        for (text, expected) in cases {
            let error = Book::from_text(text, &LAYOUTS).unwrap_err();
            assert!(error.to_string().contains(expected), "{text:?}: {error}");
        }
        let error = Book::from_argument("random:x", &LAYOUTS).unwrap_err();
        assert!(error.to_string().contains("random:K"));
        let error = Book::from_argument("/no/such/file", &LAYOUTS).unwrap_err();
        assert!(error.to_string().contains("cannot read"));
    }
}
