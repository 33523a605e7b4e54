//! The weights of the evaluation terms, in centi-marbles.

/// How much each evaluation term is worth, in centi-marbles (100 = one marble).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Per marble ejected more than the opponent.
    pub marble: i32,
    /// Per step between each own marble and the centre e5 (counted against the side).
    pub centre: i32,
    /// Per step between each own marble and the reference point, the centre of mass of all
    /// marbles blended half-way towards e5 (counted against the side). Following the published
    /// engines (ABA-PRO), this pulls the marbles towards where the fight is.
    pub mass: i32,
    /// Per pair of adjacent own marbles.
    pub cohesion: i32,
    /// Per opponent marble the side to move can push off the board right now.
    pub threat: i32,
    /// Per own marble of the side to move that the opponent could push off on its next move.
    pub exposure: i32,
    /// Per own marble standing between two opponent marbles in line, breaking their formation.
    pub wedge: i32,
}

impl Weights {
    /// The weights Sumito plays with.
    pub const DEFAULT: Weights = Weights {
        marble: 100,
        centre: 4,
        mass: 2,
        cohesion: 2,
        threat: 40,
        exposure: 25,
        wedge: 6,
    };
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}
