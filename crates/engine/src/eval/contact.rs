//! What each side could push with one move, found with masks and popcounts: the quiescence
//! search's captures, and the ejection threats of the N-player evaluation.

use sumito_rules::board::{
    BOARD, Colour, Direction, Position, each_direction, shift, shift_dyn, shifts,
};

/// What each side could push with one move, by the pushing side's [`Colour::index`]: what the
/// quiescence search generates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Contact {
    /// The opponent marbles each side could push off the board.
    pub ejectable: [u64; 2],
    /// The opponent marbles each side could push a step along the board (the leading pushed
    /// marble of each push).
    pub pushable: [u64; 2],
}

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
