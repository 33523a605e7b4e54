//! The raw features the evaluation weighs, counted with masks and popcounts.

use sumito_rules::board::{
    BOARD, Cell, Colour, Direction, Position, RINGS, each_direction, shift, shift_dyn, shifts,
};

/// The features of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFeatures {
    /// Marbles lost.
    pub lost: i32,
    /// Sum over the side's marbles of the distance to e5.
    pub centre_distance: i32,
    /// Sum over the side's marbles of the distance to the reference point.
    pub mass_distance: i32,
    /// Pairs of adjacent own marbles.
    pub cohesion: i32,
    /// Own marbles between two opponent marbles in line.
    pub wedges: i32,
    /// Opponent marbles this side could eject with one move if it were its turn.
    pub threats: i32,
    /// Own marbles on the edge of the board.
    pub edge: i32,
    /// Own marbles with no own neighbour.
    pub isolated: i32,
    /// Own marbles in the middle of a straight line of three own marbles, counted once per line.
    pub lines: i32,
    /// Opponent marbles this side could push one step with a sumito (not off the board) if it
    /// were its turn: the leading marble of each push.
    pub pushable: i32,
}

/// What each side could push with one move, by the pushing side's [`Colour::index`]: the
/// evaluation's threats and pushes, `Dare`'s exposure and the quiescence search's ejections,
/// computed once per evaluated position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contact {
    /// The opponent marbles each side could push off the board.
    pub ejectable: [u64; 2],
    /// The opponent marbles each side could push a step along the board (the leading pushed
    /// marble of each push).
    pub pushable: [u64; 2],
}

/// Bit planes of a number attached to every cell: plane `b` holds the cells whose number has
/// bit `b` set, so the sum of the numbers over a set of cells is four popcounts.
type Planes = [u64; 4];

/// Planes of each cell's row index, of its column index, and of its distance to every cell.
const ROW_PLANES: Planes = planes_of(0, 0);
const COL_PLANES: Planes = planes_of(1, 0);
const DISTANCE_PLANES: [Planes; 64] = {
    let mut table = [[0; 4]; 64];
    let mut index = 0;
    while index < 64 {
        table[index as usize] = planes_of(2, index);
        index += 1;
    }
    table
};

/// Planes of the row (`kind` 0), the column (1) or the distance to cell `origin` (2).
const fn planes_of(kind: u8, origin: u8) -> Planes {
    let mut planes = [0; 4];
    let Some(origin) = Cell::from_index(origin) else {
        return planes;
    };
    let mut index = 0;
    while index < 64 {
        if let Some(cell) = Cell::from_index(index) {
            let value = match kind {
                0 => cell.row() as u32,
                1 => cell.col() as u32,
                _ => cell.distance(origin),
            };
            let mut bit = 0;
            while bit < 4 {
                if value >> bit & 1 != 0 {
                    planes[bit] |= cell.bit();
                }
                bit += 1;
            }
        }
        index += 1;
    }
    planes
}

/// Sum over `stones` of the number the planes encode.
#[inline(always)]
fn plane_sum(stones: u64, planes: &Planes) -> i32 {
    ((stones & planes[0]).count_ones()
        + ((stones & planes[1]).count_ones() << 1)
        + ((stones & planes[2]).count_ones() << 2)
        + ((stones & planes[3]).count_ones() << 3)) as i32
}

/// The centre of mass of all marbles, blended half-way towards e5 and rounded to a cell.
pub fn reference_point(position: &Position) -> Cell {
    let all = position.stones(Colour::Black) | position.stones(Colour::White);
    let count = all.count_ones();
    if count == 0 {
        return Cell::CENTRE;
    }
    // (mean + 4) / 2, rounded to nearest: (2 (sum + 4 count) + 2 count) / (4 count), divided
    // by a multiplication (a division by a variable costs tens of cycles).
    let reciprocal = RECIPROCALS[count as usize];
    let blend = |sum: i32| ((2 * (sum as u32 + 4 * count) + 2 * count) as u64 * reciprocal) >> 32;
    let row = blend(plane_sum(all, &ROW_PLANES)) as i32;
    let col = blend(plane_sum(all, &COL_PLANES)) as i32;
    Cell::new(row, col).unwrap_or(Cell::CENTRE)
}

/// `RECIPROCALS[count]` is 2^32 / (4 count) rounded up: `n * RECIPROCALS[count] >> 32` is
/// `n / (4 count)` for every numerator [`reference_point`] can form (a test checks them all).
const RECIPROCALS: [u64; 65] = {
    let mut table = [0; 65];
    let mut count = 1;
    while count < 65 {
        table[count] = (1u64 << 32).div_ceil(4 * count as u64);
        count += 1;
    }
    table
};

/// Cells with no neighbour in each direction: a marble there is pushed off by a push that way.
const EDGE: [u64; 6] = {
    let mut edges = [0; 6];
    let mut d = 0;
    while d < 6 {
        edges[d] = BOARD & !shift_dyn(BOARD, Direction::from_index(d).opposite());
        d += 1;
    }
    edges
};

/// The cells a push in direction `D` by `attacker` could reach first with a marble of
/// `defender`: the cells right ahead of two or three attackers in line (2-1, 3-1), or of one
/// more defender then three attackers (3-2). `moved` is the attacker's marbles shifted one step
/// in `D`. A defender on such a cell is pushed if the cell beyond it is empty or off the board.
#[inline(always)]
fn pushed_cells<const D: usize>(attacker: u64, moved: u64, defender: u64) -> u64 {
    let pairs = attacker & moved;
    let behind_pairs = shift::<D>(pairs);
    let behind_triples = shift::<D>(pairs & behind_pairs);
    behind_pairs | shift::<D>(defender & behind_triples)
}

/// The marbles of `defender` that `attacker` could push off the board with one move: those on
/// the edge a push can reach, since the cell beyond them is off the board.
pub fn ejectable(attacker: u64, defender: u64) -> u64 {
    let (moved, mut victims) = (shifts(attacker), 0);
    macro_rules! direction {
        ($d:literal, $back:literal) => {
            victims |= defender & EDGE[$d] & pushed_cells::<$d>(attacker, moved[$d], defender);
        };
    }
    each_direction!(direction);
    victims
}

/// The marbles of `defender` that `attacker` could push a step along the board with one move (a
/// sumito that ejects nothing): the leading pushed marble, with an empty cell ahead of it.
pub fn pushable(attacker: u64, defender: u64) -> u64 {
    contact_with([attacker, defender], &[shifts(attacker), shifts(defender)]).pushable[0]
}

/// What each side of `position` could push with one move.
#[inline]
pub fn contact(position: &Position) -> Contact {
    let stones = Colour::BOTH.map(|c| position.stones(c));
    contact_with(stones, &[shifts(stones[0]), shifts(stones[1])])
}

/// [`contact`] from the marbles and their shifts in each direction, by colour index: the
/// ejections and the pushes from the same cells a push reaches, for both colours side by side,
/// which the compiler turns into one vector operation for the two.
#[inline(always)]
fn contact_with(stones: [u64; 2], moved: &[[u64; 6]; 2]) -> Contact {
    let empty = BOARD & !(stones[0] | stones[1]);
    let defender = [stones[1], stones[0]];
    let (mut ejectable, mut pushable) = ([0; 2], [0; 2]);
    macro_rules! direction {
        ($d:literal, $back:literal) => {
            let free_ahead = shift::<$back>(empty);
            for own in 0..2 {
                let reached = pushed_cells::<$d>(stones[own], moved[own][$d], defender[own]);
                ejectable[own] |= defender[own] & EDGE[$d] & reached;
                pushable[own] |= defender[own] & free_ahead & reached;
            }
        };
    }
    each_direction!(direction);
    Contact {
        ejectable,
        pushable,
    }
}

/// The features of both sides, indexed by [`Colour::index`], and the pushes they count.
#[inline]
pub fn features(position: &Position) -> ([SideFeatures; 2], Contact) {
    let reference = reference_point(position);
    let stones = [
        position.stones(Colour::Black),
        position.stones(Colour::White),
    ];
    let moved = [shifts(stones[0]), shifts(stones[1])];
    let contact = contact_with(stones, &moved);
    let side = |own: usize| {
        let other = 1 - own;
        let (stones, moved) = (&stones, &moved);
        let pairs = |d: usize| (stones[own] & moved[own][d]).count_ones();
        let wedges = |d: usize| (stones[own] & moved[other][d] & moved[other][d + 3]).count_ones();
        let lines = |d: usize| (stones[own] & moved[own][d] & moved[own][d + 3]).count_ones();
        let neighbours = moved[own].iter().fold(0, |all, m| all | m);
        SideFeatures {
            lost: position.lost(Colour::BOTH[own]) as i32,
            centre_distance: plane_sum(
                stones[own],
                &DISTANCE_PLANES[Cell::CENTRE.index() as usize],
            ),
            mass_distance: plane_sum(stones[own], &DISTANCE_PLANES[reference.index() as usize]),
            cohesion: (pairs(0) + pairs(1) + pairs(2)) as i32,
            wedges: (wedges(0) + wedges(1) + wedges(2)) as i32,
            threats: contact.ejectable[own].count_ones() as i32,
            edge: (stones[own] & RINGS[4]).count_ones() as i32,
            isolated: (stones[own] & !neighbours).count_ones() as i32,
            lines: (lines(0) + lines(1) + lines(2)) as i32,
            pushable: contact.pushable[own].count_ones() as i32,
        }
    };
    ([side(0), side(1)], contact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::{Cells, DISTANCE_RINGS, LINES};

    #[test]
    fn ejectable_and_pushable_marbles_are_those_the_pushing_moves_move() {
        let mut position = sumito_rules::board::Layout::BelgianDaisy.position();
        let (mut found, mut pushes) = (0, 0);
        for ply in 0..400 {
            let moves = position.moves();
            if moves.is_empty() {
                break;
            }
            // The last pushed marble of an ejecting move is the one that leaves the board.
            let victims = moves
                .iter()
                .filter(|m| m.is_eject())
                .filter_map(|m| {
                    sumito_rules::movegen::step(m.tail(), m.direction(), m.size() + m.pushed() - 1)
                })
                .fold(0, |bits, cell| bits | cell.bit());
            assert_eq!(
                ejectable(position.us(), position.them()),
                victims,
                "{position}"
            );
            found += victims.count_ones();
            let pushed = moves
                .iter()
                .filter(|m| m.is_push() && !m.is_eject())
                .filter_map(|m| {
                    sumito_rules::movegen::step(m.tail(), m.direction(), m.size() + m.pushed() - 1)
                })
                .fold(0, |bits, cell| bits | cell.bit());
            assert_eq!(
                pushable(position.us(), position.them()),
                pushed,
                "{position}"
            );
            pushes += pushed.count_ones();
            // Push when possible every third ply, so the walk meets exchanges at the edge.
            let push = moves.iter().find(|m| m.is_push() && ply % 3 == 0).copied();
            position = position.play(push.unwrap_or(moves.as_slice()[(ply * 7919) % moves.len()]));
        }
        assert!(found > 10, "the walk met ejections: {found}");
        assert!(pushes > 10, "the walk met pushes: {pushes}");
    }

    #[test]
    fn the_reciprocals_divide_exactly() {
        for count in 1..=64u32 {
            // The largest numerator: every marble at row and column 8.
            for n in 0..=2 * (8 * count + 4 * count) + 2 * count {
                let quotient = (n as u64 * RECIPROCALS[count as usize]) >> 32;
                assert_eq!(quotient, (n / (4 * count)) as u64, "{n} / (4 x {count})");
            }
        }
    }

    #[test]
    fn plane_sums_equal_sums_over_cells() {
        let stones = LINES[0][3] | LINES[1][6] | Cell::CENTRE.bit();
        let by_cells = |f: &dyn Fn(Cell) -> u32| Cells(stones).map(f).sum::<u32>() as i32;
        assert_eq!(
            plane_sum(stones, &ROW_PLANES),
            by_cells(&|c| c.row() as u32)
        );
        assert_eq!(
            plane_sum(stones, &COL_PLANES),
            by_cells(&|c| c.col() as u32)
        );
        for origin in Cell::all() {
            let planes = &DISTANCE_PLANES[origin.index() as usize];
            assert_eq!(plane_sum(stones, planes), by_cells(&|c| c.distance(origin)));
            let rings = &DISTANCE_RINGS[origin.index() as usize];
            let ring_sum: u32 = rings
                .iter()
                .enumerate()
                .map(|(k, r)| k as u32 * (stones & r).count_ones())
                .sum();
            assert_eq!(plane_sum(stones, planes), ring_sum as i32);
        }
    }
}
