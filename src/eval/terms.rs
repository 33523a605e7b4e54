//! The terms of the evaluation in one table: each names a feature, how the two sides' values
//! make its input, and its hand-set weight. [`evaluate`](super::evaluate),
//! [`breakdown`](super::breakdown) and the tuner all read it, so a new term is added here and
//! nowhere else: `sumito tune` fits whatever this table holds.

use super::features::SideFeatures;
use super::weights::Phased;

/// How a term's per-side values make its input to the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The side to move's value minus the opponent's.
    Difference,
    /// The side to move's value alone: a threat only counts for the side that can carry it out
    /// now, so the two sides are not alike.
    ToMove,
}

/// The definition of one evaluation term.
pub struct TermDef {
    /// The name shown in the breakdown: one word, listed in PROTOCOL.md (`eval`).
    pub name: &'static str,
    /// One side's value, from its own features and the opponent's.
    pub value: fn(own: &SideFeatures, other: &SideFeatures) -> i32,
    /// How the values of the two sides make the term's input.
    pub scoring: Scoring,
    /// The hand-set weight (`sumito tune` starts from it; Sumito plays with the fitted one),
    /// signed so that a positive score is good for the side to move, in milli-marbles per unit
    /// of input (1000 = one marble).
    pub default: Phased,
}

impl TermDef {
    /// The term's input for the side with features `us`, to move, against `them`: the number
    /// its weight multiplies.
    #[inline(always)]
    pub fn input(&self, us: &SideFeatures, them: &SideFeatures) -> i32 {
        match self.scoring {
            Scoring::Difference => (self.value)(us, them) - (self.value)(them, us),
            Scoring::ToMove => (self.value)(us, them),
        }
    }
}

/// The number of terms.
pub const TERM_COUNT: usize = TERMS.len();

/// Every term of the evaluation, in the order the breakdown prints them.
pub const TERMS: [TermDef; 12] = [
    // Per marble lost more than the opponent.
    TermDef {
        name: "lost",
        value: |own, _| own.lost,
        scoring: Scoring::Difference,
        default: Phased::centi(-100),
    },
    // Per step between each own marble and the centre e5.
    TermDef {
        name: "centre",
        value: |own, _| own.centre_distance,
        scoring: Scoring::Difference,
        default: Phased::centi(-4),
    },
    // Per step between each own marble and the reference point, the centre of mass of all
    // marbles blended half-way towards e5. Following the published engines (ABA-PRO), this
    // pulls the marbles towards where the fight is.
    TermDef {
        name: "mass",
        value: |own, _| own.mass_distance,
        scoring: Scoring::Difference,
        default: Phased::centi(-2),
    },
    // Per pair of adjacent own marbles.
    TermDef {
        name: "cohesion",
        value: |own, _| own.cohesion,
        scoring: Scoring::Difference,
        default: Phased::centi(2),
    },
    // Per own marble standing between two opponent marbles in line, breaking their formation.
    TermDef {
        name: "wedges",
        value: |own, _| own.wedges,
        scoring: Scoring::Difference,
        default: Phased::centi(6),
    },
    // Per opponent marble the side to move can push off the board right now.
    TermDef {
        name: "threats",
        value: |own, _| own.threats,
        scoring: Scoring::ToMove,
        default: Phased::centi(40),
    },
    // Per own marble of the side to move that the opponent could push off on its next move: a
    // side's exposure is what the opponent threatens, and it counts against the side to move.
    TermDef {
        name: "exposure",
        value: |_, other| other.threats,
        scoring: Scoring::ToMove,
        default: Phased::centi(-25),
    },
    // Per own marble on the edge, where it can be pushed off.
    TermDef {
        name: "edge",
        value: |own, _| own.edge,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // Per own marble with no own neighbour.
    TermDef {
        name: "isolated",
        value: |own, _| own.isolated,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // Per own line of three (counted at its middle marble): the formation that pushes.
    TermDef {
        name: "lines",
        value: |own, _| own.lines,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // Per opponent marble this side could push a step with a sumito.
    TermDef {
        name: "pushable",
        value: |own, _| own.pushable,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // For having the move.
    TermDef {
        name: "tempo",
        value: |_, _| 1,
        scoring: Scoring::ToMove,
        default: Phased::centi(0),
    },
];
