//! The weights of the evaluation terms: one opening and one endgame weight per term of
//! [`TERMS`], in milli-marbles, blended by the game phase. Code reads a given term's weight by
//! its [`Term`] (`weights[Term::Pushable]`); names are for what comes from outside.

use super::phase::Phased;
use super::terms::{TERM_COUNT, TERMS, Term};
use super::tuned::TUNED;
use std::ops::{Index, IndexMut};

/// The weight of every term, in the order of [`TERMS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// The weights, indexed like [`TERMS`].
    pub terms: [Phased; TERM_COUNT],
}

impl Weights {
    /// The hand-set weights, each term's `default`: where `sumito tune` starts from, and what
    /// Sumito plays with when `TunedEval` is off.
    pub const DEFAULT: Weights = {
        let mut terms = [Phased::new(0, 0); TERM_COUNT];
        let mut index = 0;
        while index < TERM_COUNT {
            terms[index] = TERMS[index].default;
            index += 1;
        }
        Weights { terms }
    };

    /// The weights fitted by `sumito tune` (`src/eval/tuned.rs`), which the engine plays with
    /// (`TunedEval` in the protocol, on by default). A term the file does not name
    /// keeps its default weight, so that a new term can be added before it is tuned.
    pub fn tuned() -> Weights {
        let mut weights = Weights::DEFAULT;
        for (name, weight) in TUNED {
            if let Some(slot) = weights.get_mut(name) {
                *slot = *weight;
            }
        }
        weights
    }

    /// The weight of the term called `name` (a name from outside: the tuned file, a command
    /// line); code that knows the term indexes by [`Term`] instead.
    pub fn get(&self, name: &str) -> Option<Phased> {
        let index = TERMS.iter().position(|term| term.name == name)?;
        Some(self.terms[index])
    }

    /// The weight of the term called `name`, to change it.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut Phased> {
        let index = TERMS.iter().position(|term| term.name == name)?;
        Some(&mut self.terms[index])
    }
}

impl Index<Term> for Weights {
    type Output = Phased;

    #[inline(always)]
    fn index(&self, term: Term) -> &Phased {
        &self.terms[term.index()]
    }
}

impl IndexMut<Term> for Weights {
    #[inline(always)]
    fn index_mut(&mut self, term: Term) -> &mut Phased {
        &mut self.terms[term.index()]
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tuned_file_names_known_terms_once() {
        let mut names: Vec<&str> = TUNED.iter().map(|(name, _)| *name).collect();
        for name in &names {
            assert!(Weights::DEFAULT.get(name).is_some(), "unknown term {name}");
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), TUNED.len(), "a term named twice");
    }

    #[test]
    fn the_default_weights_are_the_same_in_both_phases() {
        for (term, weight) in TERMS.iter().zip(Weights::DEFAULT.terms) {
            assert_eq!(weight.opening, weight.endgame, "{}", term.name);
            assert_eq!(weight.opening % crate::eval::phase::MILLI_PER_CENTI, 0);
        }
        assert_eq!(Weights::DEFAULT[Term::Lost], Phased::centi(-100));
        assert_eq!(Weights::DEFAULT.get("lost"), Some(Phased::centi(-100)));
        assert_eq!(Weights::DEFAULT.get("nonsense"), None);
    }
}
