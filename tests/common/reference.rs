//! Reference implementation of Abalone move generation, written from
//! `/work/shared/RULES.md` on plain (row, column) coordinates.
//!
//! It is deliberately slow and literal: positions are `BTreeMap`s of occupied
//! cells, every move is found by trying every (group, direction) pair, and
//! the result of every move is a fresh copy of the position. It shares no code
//! with the engine in `src/` and exists only to check it.
//!
//! Coordinates: row 1..=9 is `a`..=`i`, column 1..=9; a cell (r, c) is on the
//! board iff 1 <= r <= 9, 1 <= c <= 9 and |r - c| <= 4.
#![allow(dead_code)]

use std::collections::BTreeMap;

/// A cell as (row, column).
pub type Cell = (i32, i32);

/// The six directions as (name, (row delta, column delta)), as in RULES.md.
pub const DIRECTIONS: [(&str, Cell); 6] = [
    ("E", (0, 1)),
    ("W", (0, -1)),
    ("NE", (1, 1)),
    ("NW", (1, 0)),
    ("SE", (-1, 0)),
    ("SW", (-1, -1)),
];

/// The three line directions that go from a cell to a larger cell in
/// (row, column) order. A line group is enumerated only from its smallest
/// cell along one of these, so each line group is seen exactly once.
const FORWARD_LINES: [Cell; 3] = [(0, 1), (1, 1), (1, 0)];

/// Number of marbles each side starts with.
pub const MARBLES_PER_SIDE: u32 = 14;

/// A side has lost the game once it has lost this many marbles.
pub const LOSING_LOSSES: u32 = 6;

pub fn on_board(r: i32, c: i32) -> bool {
    (1..=9).contains(&r) && (1..=9).contains(&c) && (r - c).abs() <= 4
}

/// Lowest and highest column of row `r` (1..=9).
fn row_bounds(r: i32) -> (i32, i32) {
    ((r - 4).max(1), (r + 4).min(9))
}

/// `(1,1)` -> `"a1"`.
pub fn cell_name(row: i32, col: i32) -> String {
    assert!(on_board(row, col), "cell ({row},{col}) is off the board");
    let letter = (b'a' + (row - 1) as u8) as char;
    format!("{letter}{col}")
}

/// `"a1"` (any case) -> `(1,1)`; `None` if malformed or off the board.
pub fn parse_cell(s: &str) -> Option<Cell> {
    let bytes = s.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let letter = bytes[0].to_ascii_lowercase();
    let digit = bytes[1];
    if !(b'a'..=b'i').contains(&letter) || !(b'1'..=b'9').contains(&digit) {
        return None;
    }
    let r = (letter - b'a' + 1) as i32;
    let c = (digit - b'0') as i32;
    if on_board(r, c) { Some((r, c)) } else { None }
}

fn step(cell: Cell, d: Cell, times: i32) -> Cell {
    (cell.0 + d.0 * times, cell.1 + d.1 * times)
}

fn cell_on_board(cell: Cell) -> bool {
    on_board(cell.0, cell.1)
}

fn name(cell: Cell) -> String {
    cell_name(cell.0, cell.1)
}

fn other(side: char) -> char {
    match side {
        'b' => 'w',
        'w' => 'b',
        _ => panic!("bad side {side:?}"),
    }
}

fn direction_name(d: Cell) -> Option<&'static str> {
    DIRECTIONS.iter().find(|(_, v)| *v == d).map(|(n, _)| *n)
}

/// 'b' or 'w'
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// (row, column) with row 1..=9 for a..i and column 1..=9, as in RULES.md; value 'b' or 'w'. Only occupied cells present.
    pub cells: BTreeMap<(i32, i32), char>,
    pub to_move: char,
    pub lost_black: u32,
    pub lost_white: u32,
    pub plies: u32,
}

#[derive(Clone, Debug)]
pub struct RefMove {
    /// Canonical Aba-Pro notation (lower case).
    pub notation: String,
    /// Cell names of the mover's marbles that move, sorted ascending (e.g. ["a1","b1"]).
    pub group: Vec<String>,
    /// One of "E","W","NE","NW","SE","SW".
    pub direction: &'static str,
    /// True if the move pushes opponent marbles.
    pub pushes: bool,
    /// True if the move ejects an opponent marble.
    pub ejects: bool,
    /// The position after the move (side to move flipped, lost count updated, plies + 1).
    pub result: RefPosition,
}

impl RefPosition {
    fn at(&self, cell: Cell) -> Option<char> {
        self.cells.get(&cell).copied()
    }

    fn count(&self, side: char) -> u32 {
        self.cells.values().filter(|&&v| v == side).count() as u32
    }

    /// Parses the project's position string format.
    pub fn from_fen(s: &str) -> Result<RefPosition, String> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() < 2 {
            return Err(format!(
                "position string needs at least rows and side: {s:?}"
            ));
        }
        if fields.len() > 5 {
            return Err(format!("too many fields in position string: {s:?}"));
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 9 {
            return Err(format!("expected 9 rows, found {}", rows.len()));
        }
        let mut cells = BTreeMap::new();
        for (i, row_text) in rows.iter().enumerate() {
            let r = 9 - i as i32; // first row written is `i` (9)
            let (lo, hi) = row_bounds(r);
            let mut c = lo;
            for ch in row_text.chars() {
                match ch {
                    'b' | 'w' => {
                        if c > hi {
                            return Err(format!("row {row_text:?} has too many cells"));
                        }
                        cells.insert((r, c), ch);
                        c += 1;
                    }
                    '1'..='9' => {
                        let run = ch as i32 - '0' as i32;
                        if c + run - 1 > hi {
                            return Err(format!("row {row_text:?} has too many cells"));
                        }
                        c += run;
                    }
                    _ => return Err(format!("bad character {ch:?} in row {row_text:?}")),
                }
            }
            if c != hi + 1 {
                return Err(format!("row {row_text:?} has too few cells"));
            }
        }
        let to_move = match fields[1] {
            "b" => 'b',
            "w" => 'w',
            other => return Err(format!("bad side to move {other:?}")),
        };
        let mut pos = RefPosition {
            cells,
            to_move,
            lost_black: 0,
            lost_white: 0,
            plies: 0,
        };
        let blacks = pos.count('b');
        let whites = pos.count('w');
        if blacks > MARBLES_PER_SIDE {
            return Err(format!("{blacks} black marbles (more than 14)"));
        }
        if whites > MARBLES_PER_SIDE {
            return Err(format!("{whites} white marbles (more than 14)"));
        }
        let number = |i: usize, default: u32| -> Result<u32, String> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse::<u32>().map_err(|_| format!("bad number {t:?}")),
            }
        };
        pos.lost_black = number(2, MARBLES_PER_SIDE.saturating_sub(blacks))?;
        pos.lost_white = number(3, MARBLES_PER_SIDE.saturating_sub(whites))?;
        pos.plies = number(4, 0)?;
        Ok(pos)
    }

    /// Always all five fields: "<rows> <b|w> <lost_black> <lost_white> <plies>".
    pub fn to_fen(&self) -> String {
        let mut rows = Vec::new();
        for r in (1..=9).rev() {
            let (lo, hi) = row_bounds(r);
            let mut text = String::new();
            let mut empties = 0;
            for c in lo..=hi {
                match self.at((r, c)) {
                    Some(side) => {
                        if empties > 0 {
                            text.push_str(&empties.to_string());
                            empties = 0;
                        }
                        text.push(side);
                    }
                    None => empties += 1,
                }
            }
            if empties > 0 {
                text.push_str(&empties.to_string());
            }
            rows.push(text);
        }
        format!(
            "{} {} {} {} {}",
            rows.join("/"),
            self.to_move,
            self.lost_black,
            self.lost_white,
            self.plies
        )
    }

    /// "standard", "belgian-daisy", "german-daisy", as in RULES.md; Black to move, 0 0 0.
    pub fn layout(name: &str) -> Option<RefPosition> {
        let (black, white): (&[&str], &[&str]) = match name {
            "standard" => (
                &[
                    "a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "b6", "c3", "c4",
                    "c5",
                ],
                &[
                    "i5", "i6", "i7", "i8", "i9", "h4", "h5", "h6", "h7", "h8", "h9", "g5", "g6",
                    "g7",
                ],
            ),
            "belgian-daisy" => (
                &[
                    "a1", "a2", "b1", "b2", "b3", "c2", "c3", "g7", "g8", "h7", "h8", "h9", "i8",
                    "i9",
                ],
                &[
                    "a4", "a5", "b4", "b5", "b6", "c5", "c6", "g4", "g5", "h4", "h5", "h6", "i5",
                    "i6",
                ],
            ),
            "german-daisy" => (
                &[
                    "b1", "b2", "c1", "c2", "c3", "d2", "d3", "f7", "f8", "g7", "g8", "g9", "h8",
                    "h9",
                ],
                &[
                    "b5", "b6", "c5", "c6", "c7", "d6", "d7", "f3", "f4", "g3", "g4", "g5", "h4",
                    "h5",
                ],
            ),
            _ => return None,
        };
        let mut cells = BTreeMap::new();
        for (list, side) in [(black, 'b'), (white, 'w')] {
            for n in list {
                let cell = parse_cell(n).expect("layout cell");
                assert!(
                    cells.insert(cell, side).is_none(),
                    "layout cell {n} used twice"
                );
            }
        }
        Some(RefPosition {
            cells,
            to_move: 'b',
            lost_black: 0,
            lost_white: 0,
            plies: 0,
        })
    }

    /// A side has lost 6 or more marbles.
    pub fn is_over(&self) -> bool {
        self.lost_black >= LOSING_LOSSES || self.lost_white >= LOSING_LOSSES
    }

    /// The position after moving `own` (the mover's marbles) and `pushed`
    /// (opponent marbles) one step in direction `d`.
    fn after(&self, own: &[Cell], pushed: &[Cell], d: Cell) -> RefPosition {
        let me = self.to_move;
        let opp = other(me);
        let mut next = self.clone();
        for cell in own.iter().chain(pushed) {
            next.cells.remove(cell);
        }
        for &cell in own {
            let to = step(cell, d, 1);
            assert!(cell_on_board(to), "own marble would leave the board");
            assert!(
                next.cells.insert(to, me).is_none(),
                "own marble lands on a marble"
            );
        }
        for &cell in pushed {
            let to = step(cell, d, 1);
            if cell_on_board(to) {
                assert!(
                    next.cells.insert(to, opp).is_none(),
                    "pushed marble lands on a marble"
                );
            } else if opp == 'b' {
                next.lost_black += 1;
            } else {
                next.lost_white += 1;
            }
        }
        next.to_move = opp;
        next.plies += 1;
        next
    }

    /// Inline move of `group` (own marbles, hindmost first, each the next
    /// one's neighbour in direction `d`) one step in `d`, if legal.
    fn inline_move(&self, group: &[Cell], dname: &'static str, d: Cell) -> Option<RefMove> {
        let me = self.to_move;
        let opp = other(me);
        let k = group.len();
        assert!((1..=3).contains(&k));
        let front = step(group[k - 1], d, 1);
        if !cell_on_board(front) {
            return None; // never an own marble off the board
        }
        let mut pushed = Vec::new();
        match self.at(front) {
            None => {}
            Some(s) if s == me => return None, // that would be a larger group
            Some(_) => {
                // Count the contiguous opponent marbles in line.
                let mut m = 0;
                while cell_on_board(step(front, d, m)) && self.at(step(front, d, m)) == Some(opp) {
                    m += 1;
                }
                if k <= m as usize {
                    return None; // pac or outnumbered
                }
                let beyond = step(front, d, m);
                if cell_on_board(beyond) && self.at(beyond).is_some() {
                    return None; // blocked (own marble behind: sandwich)
                }
                pushed = (0..m).map(|i| step(front, d, i)).collect();
            }
        }
        let ejects = pushed
            .last()
            .is_some_and(|&last| !cell_on_board(step(last, d, 1)));
        let notation = format!("{}{}", name(group[0]), name(step(group[0], d, 1)));
        Some(self.make_move(notation, group, dname, d, &pushed, ejects))
    }

    /// Broadside move of `group` (2 or 3 own marbles in a line) in `d`, if legal.
    fn broadside_move(&self, group: &[Cell], dname: &'static str, d: Cell) -> Option<RefMove> {
        for &cell in group {
            let to = step(cell, d, 1);
            if !cell_on_board(to) || self.at(to).is_some() {
                return None;
            }
        }
        let mut ends = [group[0], group[group.len() - 1]];
        ends.sort();
        let notation = format!(
            "{}{}{}",
            name(ends[0]),
            name(ends[1]),
            name(step(ends[0], d, 1))
        );
        Some(self.make_move(notation, group, dname, d, &[], false))
    }

    fn make_move(
        &self,
        notation: String,
        group: &[Cell],
        dname: &'static str,
        d: Cell,
        pushed: &[Cell],
        ejects: bool,
    ) -> RefMove {
        let mut sorted = group.to_vec();
        sorted.sort();
        RefMove {
            notation,
            group: sorted.iter().map(|&c| name(c)).collect(),
            direction: dname,
            pushes: !pushed.is_empty(),
            ejects,
            result: self.after(group, pushed, d),
        }
    }

    /// All legal moves, sorted by notation; empty when the game is over.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.is_over() {
            return Vec::new();
        }
        let me = self.to_move;
        let own: Vec<Cell> = self
            .cells
            .iter()
            .filter(|(_, v)| **v == me)
            .map(|(k, _)| *k)
            .collect();
        let is_own = |c: Cell| self.at(c) == Some(me);
        let mut found: BTreeMap<(Vec<Cell>, &'static str), RefMove> = BTreeMap::new();
        let mut add = |group: &[Cell], mv: RefMove| {
            let mut key = group.to_vec();
            key.sort();
            let dir = mv.direction;
            assert!(
                found.insert((key, dir), mv).is_none(),
                "duplicate move {group:?} {dir}"
            );
        };

        for &p in &own {
            // Inline moves (singles included): p is the hindmost marble, the
            // group extends from p in the moving direction.
            for (dname, d) in DIRECTIONS {
                for k in 1..=3 {
                    let group: Vec<Cell> = (0..k).map(|i| step(p, d, i)).collect();
                    if !group.iter().all(|&c| is_own(c)) {
                        continue;
                    }
                    if let Some(mv) = self.inline_move(&group, dname, d) {
                        add(&group, mv);
                    }
                }
            }
            // Broadside moves: p is the smallest end of a line of 2 or 3,
            // moving in one of the 4 directions not along the line.
            for line in FORWARD_LINES {
                for k in 2..=3 {
                    let group: Vec<Cell> = (0..k).map(|i| step(p, line, i)).collect();
                    if !group.iter().all(|&c| is_own(c)) {
                        continue;
                    }
                    for (dname, d) in DIRECTIONS {
                        if d == line || d == (-line.0, -line.1) {
                            continue;
                        }
                        if let Some(mv) = self.broadside_move(&group, dname, d) {
                            add(&group, mv);
                        }
                    }
                }
            }
        }

        let mut moves: Vec<RefMove> = found.into_values().collect();
        moves.sort_by(|a, b| a.notation.cmp(&b.notation));
        for pair in moves.windows(2) {
            assert_ne!(
                pair[0].notation, pair[1].notation,
                "two moves share a notation"
            );
        }
        moves
    }

    /// Parses a move in Aba-Pro notation (case-insensitive, broadside ends in
    /// either order) and returns the matching legal move, or None.
    pub fn find_move(&self, text: &str) -> Option<RefMove> {
        let text = text.trim();
        if !text.is_ascii() {
            return None;
        }
        let me = self.to_move;
        let (group, d): (Vec<Cell>, Cell) = match text.len() {
            4 => {
                // Inline: hindmost marble, next cell in the moving direction.
                let from = parse_cell(&text[0..2])?;
                let next = parse_cell(&text[2..4])?;
                let d = (next.0 - from.0, next.1 - from.1);
                direction_name(d)?;
                let mut group = Vec::new();
                let mut cell = from;
                while cell_on_board(cell) && self.at(cell) == Some(me) {
                    group.push(cell);
                    cell = step(cell, d, 1);
                }
                if group.is_empty() || group.len() > 3 {
                    return None;
                }
                (group, d)
            }
            6 => {
                // Broadside: two ends of the group, then where the first lands.
                let end1 = parse_cell(&text[0..2])?;
                let end2 = parse_cell(&text[2..4])?;
                let land = parse_cell(&text[4..6])?;
                let delta = (end2.0 - end1.0, end2.1 - end1.1);
                let (line, len) = DIRECTIONS
                    .iter()
                    .flat_map(|&(_, u)| [(u, 1), (u, 2)])
                    .find(|&(u, j)| (u.0 * j, u.1 * j) == delta)?;
                let d = (land.0 - end1.0, land.1 - end1.1);
                direction_name(d)?;
                if d == line || d == (-line.0, -line.1) {
                    return None; // not a broadside direction
                }
                ((0..=len).map(|i| step(end1, line, i)).collect(), d)
            }
            _ => return None,
        };
        let mut sorted = group;
        sorted.sort();
        let names: Vec<String> = sorted.iter().map(|&c| name(c)).collect();
        let dname = direction_name(d)?;
        self.legal_moves()
            .into_iter()
            .find(|m| m.group == names && m.direction == dname)
    }
}

/// Number of leaves `depth` plies below `pos`; depth 0 = 1.
pub fn perft(pos: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|m| perft(&m.result, depth - 1))
        .sum()
}
