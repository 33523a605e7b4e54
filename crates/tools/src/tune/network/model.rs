//! The network in floating point, as training sees it: the forward pass, the gradient of the
//! loss, and the quantised [`Network`] it becomes.

use super::quantise_into;
use crate::datagen::format::Line;
use sumito_engine::eval::nnue::{
    Activation, HIDDEN, INPUTS, Network, QA, QB, lost_input, marble_input,
};
use sumito_rules::board::{Cells, Colour, Symmetry};

/// A training position: the marbles, the counts lost and the side to move, with its labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The marbles by colour index.
    pub stones: [u64; 2],
    /// Marbles lost by colour index.
    pub lost: [u8; 2],
    /// Whose move it is.
    pub side: Colour,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f32,
    /// The search score for the side to move, in centi-marbles.
    pub score: f32,
}

impl crate::tune::data::FromSample for Sample {
    type Record = crate::tune::data::Sample;
    fn record(line: Line) -> Result<Self::Record, crate::tune::TuneError> {
        crate::tune::data::two_player_record(line)
    }
    fn entries(sample: &Self::Record, out: &mut Vec<Sample>) {
        let position = &sample.position;
        out.push(Sample {
            stones: Colour::BOTH.map(|c| position.stones(c)),
            lost: Colour::BOTH.map(|c| position.lost(c)),
            side: position.side_to_move(),
            result: sample.result.value() as f32,
            score: sample.score as f32,
        });
    }
}

/// Where each part of the model lies in the flat parameter vector.
const INPUT_WEIGHTS: usize = 0;
const INPUT_BIAS: usize = INPUT_WEIGHTS + INPUTS * HIDDEN;
const OUTPUT_WEIGHTS: usize = INPUT_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + 2 * HIDDEN;
/// How many parameters the model has.
pub const PARAMETERS: usize = OUTPUT_BIAS + 1;

/// Most inputs on in one perspective: 28 marbles and two lost counts, with room to spare.
const MAX_ACTIVE: usize = 64;

/// The inputs on in each perspective (by colour index) of `sample` seen through `symmetry`.
fn active(sample: &Sample, symmetry: Symmetry) -> [([u16; MAX_ACTIVE], usize); 2] {
    Colour::BOTH.map(|perspective| {
        let mut inputs = [0u16; MAX_ACTIVE];
        let mut count = 0;
        for colour in Colour::BOTH {
            for cell in Cells(sample.stones[colour.index()]).take(MAX_ACTIVE - 2) {
                let bit = symmetry.cell(cell).index();
                inputs[count] = marble_input(perspective, colour, bit) as u16;
                count += 1;
            }
            inputs[count] = lost_input(perspective, colour, sample.lost[colour.index()]) as u16;
            count += 1;
        }
        (inputs, count.min(MAX_ACTIVE))
    })
}

/// The most an input weight or a hidden bias may weigh (an activation of 1 is 1.0). A hidden sum
/// adds at most 31 of them (the bias, 14 marbles of each colour, a lost count of each), so that
/// quantised it stays within 31 × 4 × QA = 31,620, inside the 16 bits it is kept in.
const INPUT_CLIP: f64 = 4.0;
/// The most an output weight may weigh, and the output bias: 2 × HIDDEN × QA × 127 × QB plus
/// 1000 × QA × QB (5.5 × 10⁸ in all) stay inside the output's 32-bit sum (a squared activation
/// is in the clipped one's range).
const OUTPUT_CLIP: f64 = 127.0;
const OUTPUT_BIAS_CLIP: f64 = 1000.0;

/// The network's parameters in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct Model(pub Vec<f64>);

/// What the loss compares: `sigmoid(K × eval)` against the target
/// `(1 − λ) × result + λ × sigmoid(K × score)` (Texel's loss); and the two-player
/// network's activation, which the eval goes through.
#[derive(Clone, Copy, Debug)]
pub struct Objective {
    /// The sigmoid's scale per centi-marble.
    pub k: f32,
    /// How much the search score counts in the target.
    pub lambda: f32,
    /// The hidden layer's activation (of the two-player network: the N-player one clips).
    pub activation: Activation,
}

/// The forward pass of one sample: what the gradient needs of it.
struct Forward {
    /// The inputs on and how many, by perspective: side to move first.
    inputs: [([u16; MAX_ACTIVE], usize); 2],
    /// Hidden sums before clipping, by perspective: side to move first.
    hidden: [[f32; HIDDEN]; 2],
    /// The output in centi-marbles.
    eval: f32,
}

impl Model {
    /// Weights drawn from `seed`: small input weights, so that most hidden sums start inside
    /// the clipped range, and smaller output weights.
    pub fn random(seed: u64) -> Model {
        let parameters = super::random_parameters(
            seed,
            [INPUT_BIAS, OUTPUT_WEIGHTS, OUTPUT_BIAS, PARAMETERS],
            (1.0 / 30f64.sqrt(), 1.0 / (2.0 * HIDDEN as f64).sqrt()),
        );
        Model(parameters)
    }

    /// Clips the parameters to the ranges above: the network's quantised sums can then never
    /// overflow, and the engine's load check (`Network::from_bytes`) passes.
    pub fn clip(&mut self) {
        let clamp = |values: &mut [f64], limit: f64| {
            values.iter_mut().for_each(|v| *v = v.clamp(-limit, limit));
        };
        clamp(&mut self.0[INPUT_WEIGHTS..OUTPUT_WEIGHTS], INPUT_CLIP);
        clamp(&mut self.0[OUTPUT_WEIGHTS..OUTPUT_BIAS], OUTPUT_CLIP);
        clamp(&mut self.0[OUTPUT_BIAS..], OUTPUT_BIAS_CLIP);
    }

    /// The parameters in single precision, for a pass over many samples.
    pub fn single(&self) -> Vec<f32> {
        super::single(&self.0)
    }

    /// The quantised network of `activation`, with `header` naming what made it.
    pub fn quantise(&self, header: String, activation: Activation) -> Network {
        let mut network = Network::zero(header);
        network.activation = activation;
        for (input, column) in network.input_weights.iter_mut().enumerate() {
            quantise_into(column, &self.0[INPUT_WEIGHTS + input * HIDDEN..], QA);
        }
        quantise_into(&mut *network.input_bias, &self.0[INPUT_BIAS..], QA);
        for (half, weights) in network.output_weights.iter_mut().enumerate() {
            quantise_into(weights, &self.0[OUTPUT_WEIGHTS + half * HIDDEN..], QB);
        }
        network.output_bias = (self.0[OUTPUT_BIAS] * f64::from(QA * QB)).round() as i32;
        network
    }
}

/// The activation of a hidden sum `x`, and its slope.
#[inline(always)]
fn activate(activation: Activation, x: f32) -> (f32, f32) {
    let inside = x > 0.0 && x < 1.0;
    let clipped = x.clamp(0.0, 1.0);
    match activation {
        Activation::Clipped => (clipped, if inside { 1.0 } else { 0.0 }),
        Activation::SquaredClipped => (clipped * clipped, if inside { 2.0 * x } else { 0.0 }),
    }
}

/// The forward pass of `sample` through `symmetry` with the parameters `p`.
fn forward(p: &[f32], sample: &Sample, symmetry: Symmetry, activation: Activation) -> Forward {
    let [black, white] = active(sample, symmetry);
    let inputs = match sample.side {
        Colour::Black => [black, white],
        Colour::White => [white, black],
    };
    let mut hidden = [[0f32; HIDDEN]; 2];
    let mut eval = p[OUTPUT_BIAS];
    for (half, (inputs, count)) in inputs.iter().enumerate() {
        let sums = &mut hidden[half];
        sums.copy_from_slice(&p[INPUT_BIAS..INPUT_BIAS + HIDDEN]);
        for &input in &inputs[..*count] {
            let column = &p[INPUT_WEIGHTS + input as usize * HIDDEN..][..HIDDEN];
            for (s, w) in sums.iter_mut().zip(column) {
                *s += w;
            }
        }
        let weights = &p[OUTPUT_WEIGHTS + half * HIDDEN..][..HIDDEN];
        eval += sums
            .iter()
            .zip(weights)
            .map(|(&s, w)| activate(activation, s).0 * w)
            .sum::<f32>();
    }
    // The network is trained in marbles.
    Forward {
        inputs,
        hidden,
        eval: eval * 100.0,
    }
}

/// The logistic function.
pub(super) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Objective {
    /// The target of `sample`.
    fn target(&self, sample: &Sample) -> f32 {
        (1.0 - self.lambda) * sample.result + self.lambda * sigmoid(self.k * sample.score)
    }

    /// The summed squared error of `samples` (each seen as it is).
    pub fn loss(&self, p: &[f32], samples: &[Sample]) -> f64 {
        let identity = Symmetry::from_index(0);
        samples
            .iter()
            .map(|sample| {
                let eval = forward(p, sample, identity, self.activation).eval;
                let predicted = sigmoid(self.k * eval);
                f64::from((predicted - self.target(sample)).powi(2))
            })
            .sum()
    }

    /// Adds the gradient of the summed squared error of `samples`, each seen through the
    /// symmetry `symmetry_of` gives it, to `gradient`; returns the summed error.
    pub fn add_gradient(
        &self,
        p: &[f32],
        samples: &[Sample],
        symmetry_of: impl Fn(usize) -> Symmetry,
        gradient: &mut [f32],
    ) -> f64 {
        let mut error_sum = 0.0;
        for (index, sample) in samples.iter().enumerate() {
            let symmetry = symmetry_of(index);
            let pass = forward(p, sample, symmetry, self.activation);
            let predicted = sigmoid(self.k * pass.eval);
            let error = predicted - self.target(sample);
            error_sum += f64::from(error * error);
            // d(error²)/d(output in marbles).
            let slope = 2.0 * error * predicted * (1.0 - predicted) * self.k * 100.0;
            gradient[OUTPUT_BIAS] += slope;
            for (half, (inputs, count)) in pass.inputs.iter().enumerate() {
                let sums = &pass.hidden[half];
                let weights = &p[OUTPUT_WEIGHTS + half * HIDDEN..][..HIDDEN];
                let mut back = [0f32; HIDDEN];
                let output_slopes = &mut gradient[OUTPUT_WEIGHTS + half * HIDDEN..][..HIDDEN];
                for j in 0..HIDDEN {
                    let (value, derivative) = activate(self.activation, sums[j]);
                    output_slopes[j] += slope * value;
                    back[j] = slope * weights[j] * derivative;
                }
                for (g, b) in gradient[INPUT_BIAS..][..HIDDEN].iter_mut().zip(&back) {
                    *g += b;
                }
                for &input in &inputs[..*count] {
                    let column = &mut gradient[INPUT_WEIGHTS + input as usize * HIDDEN..][..HIDDEN];
                    for (g, b) in column.iter_mut().zip(&back) {
                        *g += b;
                    }
                }
            }
        }
        error_sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sumito_engine::eval::evaluate;
    use sumito_rules::board::{Layout, Position};

    fn sample_of(position: &Position, result: f32, score: f32) -> Sample {
        Sample {
            stones: Colour::BOTH.map(|c| position.stones(c)),
            lost: Colour::BOTH.map(|c| position.lost(c)),
            side: position.side_to_move(),
            result,
            score,
        }
    }

    fn samples() -> Vec<Sample> {
        let mut samples = Vec::new();
        for layout in Layout::ALL {
            let mut position = layout.position();
            for ply in 0..40 {
                samples.push(sample_of(
                    &position,
                    (ply % 3) as f32 / 2.0,
                    (ply * 7 % 50) as f32,
                ));
                let moves = position.moves();
                position = position.play(moves.as_slice()[(ply * 13) % moves.len()]);
            }
        }
        samples
    }

    const ACTIVATIONS: [Activation; 2] = [Activation::Clipped, Activation::SquaredClipped];

    #[test]
    fn the_gradient_matches_finite_differences() {
        let model = Model::random(3);
        for activation in ACTIVATIONS {
            let objective = Objective {
                k: 0.0144,
                lambda: 0.5,
                activation,
            };
            let samples = &samples()[..20];
            let identity = |_| Symmetry::from_index(0);
            let mut gradient = vec![0f32; PARAMETERS];
            objective.add_gradient(&model.single(), samples, identity, &mut gradient);
            // One parameter of each part: an input weight of an input that is on, a bias, an
            // output weight and the output bias.
            let on = active(&samples[0], Symmetry::from_index(0))[0].0[0] as usize;
            let some = [
                INPUT_WEIGHTS + on * HIDDEN + 5,
                INPUT_BIAS + 7,
                OUTPUT_WEIGHTS + 9,
                OUTPUT_BIAS,
            ];
            super::super::assert_gradient_matches(&model.0, &gradient, &some, |p| {
                objective.loss(&super::super::single(p), samples)
            });
        }
    }

    #[test]
    fn the_quantised_network_evaluates_as_the_model_does() {
        let model = Model::random(5);
        let p = model.single();
        for activation in ACTIVATIONS {
            let network = model.quantise(String::new(), activation);
            let mut differs = false;
            for sample in samples() {
                let [black, white] = sample.stones;
                let position = Position::from_parts(black, white, sample.side, sample.lost, 0);
                let float = forward(&p, &sample, Symmetry::from_index(0), activation).eval;
                let quantised = evaluate(&position, &network);
                // Rounding: each output weight by up to 1/128 over 256 activations, each input
                // weight by up to 1/510 over 30 inputs: a few centi-marbles in all.
                assert!(
                    (float - quantised as f32).abs() <= 10.0,
                    "{activation:?}: {float} against {quantised}"
                );
                let clipped = forward(&p, &sample, Symmetry::from_index(0), Activation::Clipped);
                differs |= (clipped.eval - float).abs() > 20.0;
            }
            // The two activations are not the same function of these weights.
            assert_eq!(differs, activation == Activation::SquaredClipped);
        }
    }

    #[test]
    fn clipped_parameters_make_a_network_the_engine_loads() {
        // Every parameter at its sign's extreme: unclipped, the sums overflow and the engine
        // refuses the file; clipped, every sum stays in range.
        let extreme = |model: &Model| {
            let signs = model.0.iter().enumerate();
            Model(
                signs
                    .map(|(i, _)| if i % 3 == 0 { -1e6 } else { 1e6 })
                    .collect(),
            )
        };
        let model = extreme(&Model::random(1));
        for activation in ACTIVATIONS {
            let quantised = |model: &Model| model.quantise(String::new(), activation);
            let load = |model: &Model| Network::from_bytes(&quantised(model).to_bytes());
            assert!(load(&model).is_err());
            let mut clipped = model.clone();
            clipped.clip();
            assert!(load(&clipped).is_ok(), "{:?}", load(&clipped).err());
        }
        // Clipping leaves a trained model's parameters, well inside the ranges, as they are.
        let random = Model::random(2);
        let mut clipped = random.clone();
        clipped.clip();
        assert_eq!(clipped, random);
    }
}
