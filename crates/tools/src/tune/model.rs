//! The evaluation as the fit sees it: a linear function of the weights, an opening and an
//! endgame weight per term in centi-marbles, squashed by a sigmoid into an expected result. The
//! loss is the mean squared error against the targets; sums over the data are taken in fixed
//! chunks on every core and added in order, so a fit gives the same weights on any number of
//! threads.

use super::data::Entry;
use rayon::prelude::*;
use sumito_engine::eval::{MILLI_PER_CENTI, Phased, TERM_COUNT, Weights};

/// Parameters: the opening weight of every term, then the endgame weight of every term, in
/// centi-marbles.
pub const PARAMETERS: usize = 2 * TERM_COUNT;

/// Entries per chunk of the parallel sums.
const CHUNK: usize = 1024;

/// The weights being fitted, in centi-marbles: `[opening…, endgame…]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Model(pub [f64; PARAMETERS]);

/// The logistic function.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    /// The model of the engine's weights.
    pub fn from_weights(weights: &Weights) -> Model {
        let mut parameters = [0.0; PARAMETERS];
        let centi = f64::from(MILLI_PER_CENTI);
        for (term, weight) in weights.terms.iter().enumerate() {
            parameters[term] = f64::from(weight.opening) / centi;
            parameters[TERM_COUNT + term] = f64::from(weight.endgame) / centi;
        }
        Model(parameters)
    }

    /// The engine's weights nearest to the model (milli-marbles, rounded).
    pub fn to_weights(&self) -> Weights {
        let mut weights = Weights::DEFAULT;
        let milli = |centi: f64| (centi * f64::from(MILLI_PER_CENTI)).round() as i32;
        for (term, weight) in weights.terms.iter_mut().enumerate() {
            *weight = Phased::new(milli(self.0[term]), milli(self.0[TERM_COUNT + term]));
        }
        weights
    }

    /// The evaluation of `entry` in centi-marbles (unrounded).
    #[inline]
    pub fn evaluate(&self, entry: &Entry) -> f64 {
        let endgame = f64::from(entry.endgame);
        let mut sum = 0.0;
        for (term, &input) in entry.inputs.iter().enumerate() {
            let (opening_weight, endgame_weight) = (self.0[term], self.0[TERM_COUNT + term]);
            let weight = opening_weight + endgame * (endgame_weight - opening_weight);
            sum += f64::from(input) * weight;
        }
        sum
    }
}

/// What the fit aims at: the game's result, blended with the search score's expectation by
/// `lambda` (0: the result alone).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Objective {
    /// The sigmoid's scale: expected result = sigmoid(k × centi-marbles).
    pub k: f64,
    /// The weight of the search score in the target, 0 to 1.
    pub lambda: f64,
}

impl Objective {
    /// The target of `entry`.
    #[inline]
    pub fn target(&self, entry: &Entry) -> f64 {
        let result = f64::from(entry.result);
        let searched = sigmoid(self.k * f64::from(entry.score));
        (1.0 - self.lambda) * result + self.lambda * searched
    }

    /// The mean squared error of `model` over `entries` (0 without entries).
    pub fn loss(&self, model: &Model, entries: &[Entry]) -> f64 {
        let sums: Vec<f64> = entries
            .par_chunks(CHUNK)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|entry| {
                        let error = sigmoid(self.k * model.evaluate(entry)) - self.target(entry);
                        error * error
                    })
                    .sum()
            })
            .collect();
        sums.iter().sum::<f64>() / entries.len().max(1) as f64
    }

    /// The gradient of the loss over `entries` with respect to the model's parameters.
    pub fn gradient(&self, model: &Model, entries: &[Entry]) -> [f64; PARAMETERS] {
        let parts: Vec<[f64; PARAMETERS]> = entries
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut gradient = [0.0; PARAMETERS];
                for entry in chunk {
                    let predicted = sigmoid(self.k * model.evaluate(entry));
                    let error = predicted - self.target(entry);
                    let slope = 2.0 * error * predicted * (1.0 - predicted) * self.k;
                    let endgame = f64::from(entry.endgame);
                    for (term, &input) in entry.inputs.iter().enumerate() {
                        let along = slope * f64::from(input);
                        gradient[term] += along * (1.0 - endgame);
                        gradient[TERM_COUNT + term] += along * endgame;
                    }
                }
                gradient
            })
            .collect();
        let mut total = [0.0; PARAMETERS];
        for part in &parts {
            for (sum, value) in total.iter_mut().zip(part) {
                *sum += value;
            }
        }
        let count = entries.len().max(1) as f64;
        total.map(|sum| sum / count)
    }
}

/// The scale `k` (per centi-marble) that fits `model` best to `entries` with `lambda`: a
/// golden-section search over log k from 1e-5 to 1.
pub fn fit_k(model: &Model, entries: &[Entry], lambda: f64) -> f64 {
    let loss = |log_k: f64| {
        let objective = Objective {
            k: log_k.exp(),
            lambda,
        };
        objective.loss(model, entries)
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (1e-5f64.ln(), 0.0);
    let mut left = high - ratio * (high - low);
    let mut right = low + ratio * (high - low);
    let (mut left_loss, mut right_loss) = (loss(left), loss(right));
    for _ in 0..60 {
        if left_loss < right_loss {
            high = right;
            (right, right_loss) = (left, left_loss);
            left = high - ratio * (high - low);
            left_loss = loss(left);
        } else {
            low = left;
            (left, left_loss) = (right, right_loss);
            right = low + ratio * (high - low);
            right_loss = loss(right);
        }
    }
    ((low + high) / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_engine::eval::Term;

    /// Entries whose result follows sigmoid(k × 100 × marbles up) exactly, at varied phases.
    fn synthetic(k: f64) -> Vec<Entry> {
        let lost = Term::Lost.index();
        let mut entries = Vec::new();
        for marbles in -3..=3 {
            for phase in 0..=10 {
                let mut inputs = [0.0; TERM_COUNT];
                inputs[lost] = -marbles as f32;
                let expected = sigmoid(k * 100.0 * f64::from(marbles));
                entries.push(Entry {
                    inputs,
                    endgame: phase as f32 / 10.0,
                    result: expected as f32,
                    score: 0.0,
                });
            }
        }
        entries
    }

    #[test]
    fn k_is_found_where_the_data_put_it() {
        let model = Model::from_weights(&Weights::DEFAULT);
        let k = fit_k(&model, &synthetic(0.008), 0.0);
        assert!((k - 0.008).abs() < 1e-4, "{k}");
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let entries = synthetic(0.01);
        let objective = Objective {
            k: 0.006,
            lambda: 0.3,
        };
        let model = Model::from_weights(&Weights::DEFAULT);
        let gradient = objective.gradient(&model, &entries);
        for (parameter, analytic) in gradient.iter().enumerate() {
            let shifted = |by: f64| {
                let mut moved = model.clone();
                moved.0[parameter] += by;
                objective.loss(&moved, &entries)
            };
            let numeric = (shifted(1e-4) - shifted(-1e-4)) / 2e-4;
            assert!(
                (numeric - analytic).abs() < 1e-7,
                "{parameter}: {numeric} vs {analytic}"
            );
        }
        assert!(gradient.iter().any(|g| g.abs() > 1e-6), "{gradient:?}");
    }

    #[test]
    fn weights_survive_the_model_both_ways() {
        let weights = Weights::DEFAULT;
        assert_eq!(Model::from_weights(&weights).to_weights(), weights);
    }
}
