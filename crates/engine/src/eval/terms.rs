//! The terms of the evaluation in one table: each names a feature, how the two sides' values
//! make its input, and its hand-set weight. [`evaluate`](super::evaluate),
//! [`breakdown`](super::breakdown) and the tuner all read it, so a new term is added here and
//! nowhere else: `sumito tune` fits whatever this table holds.

use super::features::SideFeatures;
use super::phase::Phased;

/// How a term's per-side values make its input to the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// The side to move's value minus the opponent's.
    Difference,
    /// The side to move's value alone: a threat only counts for the side that can carry it out
    /// now, so the two sides are not alike.
    ToMove,
}

/// An evaluation term, for code that reads a given term's weight: one variant per entry of
/// [`TERMS`], in its order (the build checks the order, a test the names), so that
/// `Term::Pushable.index()` is the index of `pushable` in [`TERMS`] and in
/// [`Weights::terms`](super::Weights::terms). Names stay for what comes from outside: the
/// tuned file, `sumito tune --freeze`, the reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// `lost`: marbles lost.
    Lost,
    /// `centre`: distance to the centre.
    Centre,
    /// `mass`: distance to the reference point.
    Mass,
    /// `cohesion`: pairs of adjacent marbles.
    Cohesion,
    /// `wedges`: marbles between two opponent marbles in line.
    Wedges,
    /// `threats`: opponent marbles the side to move can push off.
    Threats,
    /// `exposure`: marbles of the side to move the opponent could push off.
    Exposure,
    /// `edge`: marbles on the edge.
    Edge,
    /// `isolated`: marbles with no own neighbour.
    Isolated,
    /// `lines`: lines of three.
    Lines,
    /// `pushable`: opponent marbles that could be pushed a step.
    Pushable,
    /// `tempo`: having the move.
    Tempo,
}

impl Term {
    /// The term's index in [`TERMS`] and in the weights.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The definition of one evaluation term.
pub struct TermDef {
    /// The term, for code that names it; its place in [`TERMS`].
    pub term: Term,
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
        term: Term::Lost,
        name: "lost",
        value: |own, _| own.lost,
        scoring: Scoring::Difference,
        default: Phased::centi(-100),
    },
    // Per step between each own marble and the centre e5.
    TermDef {
        term: Term::Centre,
        name: "centre",
        value: |own, _| own.centre_distance,
        scoring: Scoring::Difference,
        default: Phased::centi(-4),
    },
    // Per step between each own marble and the reference point, the centre of mass of all
    // marbles blended half-way towards e5. Following the published engines (ABA-PRO), this
    // pulls the marbles towards where the fight is.
    TermDef {
        term: Term::Mass,
        name: "mass",
        value: |own, _| own.mass_distance,
        scoring: Scoring::Difference,
        default: Phased::centi(-2),
    },
    // Per pair of adjacent own marbles.
    TermDef {
        term: Term::Cohesion,
        name: "cohesion",
        value: |own, _| own.cohesion,
        scoring: Scoring::Difference,
        default: Phased::centi(2),
    },
    // Per own marble standing between two opponent marbles in line, breaking their formation.
    TermDef {
        term: Term::Wedges,
        name: "wedges",
        value: |own, _| own.wedges,
        scoring: Scoring::Difference,
        default: Phased::centi(6),
    },
    // Per opponent marble the side to move can push off the board right now.
    TermDef {
        term: Term::Threats,
        name: "threats",
        value: |own, _| own.threats,
        scoring: Scoring::ToMove,
        default: Phased::centi(40),
    },
    // Per own marble of the side to move that the opponent could push off on its next move: a
    // side's exposure is what the opponent threatens, and it counts against the side to move.
    TermDef {
        term: Term::Exposure,
        name: "exposure",
        value: |_, other| other.threats,
        scoring: Scoring::ToMove,
        default: Phased::centi(-25),
    },
    // Per own marble on the edge, where it can be pushed off.
    TermDef {
        term: Term::Edge,
        name: "edge",
        value: |own, _| own.edge,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // Per own marble with no own neighbour.
    TermDef {
        term: Term::Isolated,
        name: "isolated",
        value: |own, _| own.isolated,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // Per own line of three (counted at its middle marble): the formation that pushes.
    TermDef {
        term: Term::Lines,
        name: "lines",
        value: |own, _| own.lines,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // Per opponent marble this side could push a step with a sumito.
    TermDef {
        term: Term::Pushable,
        name: "pushable",
        value: |own, _| own.pushable,
        scoring: Scoring::Difference,
        default: Phased::centi(0),
    },
    // For having the move.
    TermDef {
        term: Term::Tempo,
        name: "tempo",
        value: |_, _| 1,
        scoring: Scoring::ToMove,
        default: Phased::centi(0),
    },
];

// Entry i of TERMS is variant i of `Term`: an entry out of order, or a variant added before the
// last without its entry, stops the build instead of indexing the wrong weight.
const _: () = {
    let mut index = 0;
    while index < TERM_COUNT {
        assert!(
            TERMS[index].term.index() == index,
            "TERMS and Term differ in order"
        );
        index += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_is_named_as_its_term() {
        for (index, def) in TERMS.iter().enumerate() {
            assert_eq!(format!("{:?}", def.term).to_lowercase(), def.name);
            assert_eq!(def.term.index(), index);
        }
    }
}
