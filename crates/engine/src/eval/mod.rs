//! Static evaluation: the worth of a position for the side to move, in centi-marbles.
//!
//! The evaluation is linear in its weights: every term of [`TERMS`] gives an input (a count
//! from the features of both sides), and the score is the sum of the inputs times the terms'
//! opening weights and, apart, times their endgame weights, the two sums blended by the game
//! [`phase`]. `sumito tune` fits the weights to self-play data through the same table.
//!
//! Where each part lives:
//! - `terms`: [`TERMS`], the table of terms, and [`Term`], a term named in code.
//! - `features`: the per-side counts the terms read.
//! - `phase`: the game phase, [`Phased`] (a weight per phase) and the blend.
//! - `weights`: [`Weights`], the hand-set and the tuned ones.
//! - `tuned`: the weights `sumito tune` wrote (generated, not edited).
//! - `dare`: [`Dare`], the search's adjustment for the side at the root, which counts less of
//!   its own exposure to pushes (the `pushable` term's defensive half).

mod dare;
mod features;
pub mod nnue;
mod phase;
mod terms;
mod tuned;
mod weights;

pub use dare::{DEFAULT_DARE, Dare, MAX_DARE};
pub use features::{
    Contact, SideFeatures, contact, ejectable, features, pushable, reference_point,
};
pub use phase::{MILLI_PER_CENTI, PHASE_SPAN, Phased, blend, endgame_share, phase};
pub use terms::{Scoring, TERM_COUNT, TERMS, Term, TermDef};
pub use weights::Weights;

use sumito_rules::board::Position;

/// One line of the breakdown printed by `sumito eval` and the protocol's `eval`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermScore {
    /// The term's name.
    pub name: &'static str,
    /// Black's raw feature value.
    pub black: i32,
    /// White's raw feature value.
    pub white: i32,
    /// What the term adds to the score, from the side to move's view.
    pub score: i32,
}

/// Every term of the evaluation and the total (equal to [`evaluate`]). Each term's score is
/// rounded on its own, so with weights that differ between the phases the scores may miss the
/// total by rounding; with [`Weights::DEFAULT`] they sum to it.
pub fn breakdown(position: &Position, weights: &Weights) -> (Vec<TermScore>, i32) {
    let ([black, white], _) = features(position);
    let (us, them) = side_to_move_first(position, [black, white]);
    let phase = phase(position);
    let terms: Vec<TermScore> = TERMS
        .iter()
        .zip(&weights.terms)
        .map(|(term, weight)| {
            let input = term.input(&us, &them);
            TermScore {
                name: term.name,
                black: (term.value)(&black, &white),
                white: (term.value)(&white, &black),
                score: blend(weight.opening * input, weight.endgame * input, phase),
            }
        })
        .collect();
    (terms, evaluate(position, weights))
}

/// The evaluation breakdown with `weights` as text for programs and people: one line `term
/// <name> <black> <white> <score>` per term, then `eval <score>` (the score from the side to
/// move's view).
pub fn report(position: &Position, weights: &Weights) -> String {
    let (terms, total) = breakdown(position, weights);
    let mut text = String::new();
    for term in terms {
        let (name, black, white, score) = (term.name, term.black, term.white, term.score);
        text += &format!("term {name} {black} {white} {score}\n");
    }
    text += &format!("eval {total}\n");
    text
}

/// The evaluation of `position` from the side to move's view, in centi-marbles.
#[inline]
pub fn evaluate(position: &Position, weights: &Weights) -> i32 {
    evaluate_contact(position, weights).0
}

/// The evaluation of `position` from the side to move's view, in centi-marbles, and the pushes
/// it counted, for the search to use again.
#[inline]
pub fn evaluate_contact(position: &Position, weights: &Weights) -> (i32, Contact) {
    let (both, contact) = features(position);
    let (us, them) = side_to_move_first(position, both);
    let (mut opening, mut endgame) = (0, 0);
    // The table is a constant, so this loop unrolls into the written-out sums.
    for (term, weight) in TERMS.iter().zip(&weights.terms) {
        let input = term.input(&us, &them);
        opening += weight.opening * input;
        endgame += weight.endgame * input;
    }
    (blend(opening, endgame, phase(position)), contact)
}

/// The features of the side to move, then the opponent's.
#[inline(always)]
fn side_to_move_first(
    position: &Position,
    both: [SideFeatures; 2],
) -> (SideFeatures, SideFeatures) {
    let stm = position.side_to_move();
    (both[stm.index()], both[stm.opponent().index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_rules::board::Layout;

    /// The position turned half a turn with the colours swapped: the same game for the other side.
    fn swapped(position: &Position) -> Position {
        let text = position.to_string();
        let mut fields: Vec<String> = text.split(' ').map(str::to_string).collect();
        let board: String = fields[0]
            .chars()
            .rev()
            .map(|c| match c {
                'b' => 'w',
                'w' => 'b',
                other => other,
            })
            .collect();
        // Reversing the string reverses the rows and each row's cells: a half turn.
        fields[0] = board;
        fields[1] = if fields[1] == "b" {
            "w".into()
        } else {
            "b".into()
        };
        fields.swap(2, 3);
        fields.join(" ").parse().unwrap()
    }

    #[test]
    fn breakdown_sums_to_evaluate_and_colours_are_symmetric() {
        let weights = Weights::DEFAULT;
        for layout in Layout::ALL {
            let mut position = layout.position();
            for ply in 0..40 {
                let (_, total) = breakdown(&position, &weights);
                assert_eq!(total, evaluate(&position, &weights));
                assert_eq!(evaluate(&swapped(&position), &weights), total, "{position}");
                let moves = position.moves();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves.as_slice()[(ply * 7) % moves.len()]);
            }
        }
    }

    #[test]
    fn the_report_is_one_word_names_and_numbers_summing_to_the_eval() {
        let position: Position = "5/6/7/8/3bbb3/3ww3/7/6/5 w 0 1 9".parse().unwrap();
        let report = report(&position, &Weights::DEFAULT);
        let lines: Vec<&str> = report.lines().collect();
        let (last, terms) = lines.split_last().unwrap();
        assert_eq!(terms.len(), TERMS.len());
        let mut names = Vec::new();
        let mut sum = 0;
        for line in terms {
            let words: Vec<&str> = line.split(' ').collect();
            assert_eq!(words.len(), 5, "{line}");
            assert_eq!(words[0], "term");
            assert!(words[1].chars().all(|c| c.is_ascii_lowercase()), "{line}");
            names.push(words[1]);
            for number in &words[2..] {
                assert!(number.parse::<i32>().is_ok(), "{line}");
            }
            sum += words[4].parse::<i32>().unwrap();
        }
        names.dedup();
        assert_eq!(names.len(), TERMS.len());
        assert_eq!(*last, format!("eval {sum}"));
        assert_eq!(sum, evaluate(&position, &Weights::DEFAULT));
    }

    #[test]
    fn the_standard_start_is_level() {
        assert_eq!(evaluate(&Position::startpos(), &Weights::DEFAULT), 0);
    }

    #[test]
    fn a_marble_up_is_worth_about_a_marble() {
        let up: Position = "5/6/7/8/3bbb3/3ww3/7/6/5 b 0 1 0".parse().unwrap();
        let level: Position = "5/6/7/8/3bbb3/3ww3/7/6/5 b 0 0 0".parse().unwrap();
        let weights = Weights::DEFAULT;
        assert_eq!(evaluate(&up, &weights) - evaluate(&level, &weights), 100);
    }

    #[test]
    fn opening_and_endgame_weights_blend_by_the_marbles_on_the_board() {
        let mut weights = Weights::DEFAULT;
        weights[Term::Lost] = Phased::new(-1000, -3000);
        // What a marble up is worth beyond the default 100 centi-marbles.
        let gain = |text: &str| {
            let position: Position = text.parse().unwrap();
            evaluate(&position, &weights) - evaluate(&position, &Weights::DEFAULT)
        };
        // Four marbles on the board: all endgame, a marble is worth 300.
        assert_eq!(gain("5/6/7/8/3bbb3/3w4/7/6/5 b 0 1 0"), 200);
        // One marble gone: a tenth of the way, 120.
        assert_eq!(
            gain("wwwww/wwwwww/2ww3/8/9/8/2bbb2/bbbbbb/bbbbb b 0 1 0"),
            20
        );
        // The other side to move sees the same from its side.
        assert_eq!(
            gain("wwwww/wwwwww/2ww3/8/9/8/2bbb2/bbbbbb/bbbbb w 0 1 0"),
            -20
        );
    }

    #[test]
    fn the_tuned_weights_find_the_start_about_even() {
        assert!(evaluate(&Position::startpos(), &Weights::tuned()).abs() < 100);
    }

    #[test]
    fn the_reference_point_moves_with_the_marbles() {
        assert_eq!(reference_point(&Position::startpos()).to_string(), "e5");
        let corner: Position = "5/6/7/8/9/8/7/6/bb3 b 0 0 0".parse().unwrap();
        // Mean of a1 and a2 is (0, 0.5); half-way to e5 rounds to (2, 2), which is c3.
        assert_eq!(reference_point(&corner).to_string(), "c3");
    }
}
