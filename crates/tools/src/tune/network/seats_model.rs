//! The N-player network in floating point, as training sees it: a training entry for each
//! seat in play of every position, the forward pass from that seat's view, the gradient of the
//! loss and the quantised [`SeatsNetwork`] it becomes.
//!
//! The target of an entry is the share of the most points its seat took from the game (1 for
//! first place, `SeatsSample::result`), blended by λ with the sigmoid of the search score
//! where the seat is on the mover's team (the score is that team's); other seats' entries
//! have the result alone. The layouts of three to six players have no symmetry that keeps the
//! seats' places in the turn order, so every entry is seen as it is.

use super::model::{Objective, sigmoid};
use super::quantise_into;
use crate::datagen::SeatsSample;
use crate::datagen::format::Line;
use crate::tune::TuneError;
use sumito_engine::eval::nnue::{QA, QB};
use sumito_engine::multi_search::{SEATS_HIDDEN as HIDDEN, SEATS_INPUTS as INPUTS};
use sumito_engine::multi_search::{SeatsNetwork, seats_inputs};
use sumito_rules::board::Seat;
use sumito_rules::multiplayer::MultiPosition;

/// One position seen by one seat, with its labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatsEntry {
    /// The position.
    pub position: MultiPosition,
    /// The seat whose worth is learned.
    pub viewer: Seat,
    /// Its share of the most points, 0 to 1.
    pub result: f32,
    /// The search score in centi-marbles, when the viewer is on the mover's team.
    pub score: Option<f32>,
}

impl crate::tune::data::FromSample for SeatsEntry {
    type Record = SeatsSample;
    fn record(line: Line) -> Result<SeatsSample, TuneError> {
        match line {
            Line::SeatsSample(sample) => Ok(sample),
            _ => Err(TuneError::TwoPlayerData),
        }
    }
    fn entries(sample: &SeatsSample, out: &mut Vec<SeatsEntry>) {
        let position = sample.position;
        let seating = position.seating();
        let mover_team = seating.team(position.side_to_move());
        for viewer in seating.all().filter(|s| !position.has_left(*s)) {
            out.push(SeatsEntry {
                position,
                viewer,
                result: sample.result(viewer) as f32,
                score: (seating.team(viewer) == mover_team).then_some(sample.score as f32),
            });
        }
    }
}

/// Where each part of the model lies in the flat parameter vector.
const INPUT_WEIGHTS: usize = 0;
const INPUT_BIAS: usize = INPUT_WEIGHTS + INPUTS * HIDDEN;
const OUTPUT_WEIGHTS: usize = INPUT_BIAS + HIDDEN;
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + HIDDEN;
/// How many parameters the model has.
pub const SEATS_PARAMETERS: usize = OUTPUT_BIAS + 1;

/// The N-player network's parameters in floating point.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatsModel(pub Vec<f64>);

/// Most inputs on from one seat: 39 marbles (five players), six ejected counts and the turn,
/// with room to spare.
const MAX_ACTIVE: usize = 64;

/// The forward pass of one entry: what the gradient needs of it.
struct Forward {
    /// The inputs on, and how many.
    inputs: ([u16; MAX_ACTIVE], usize),
    /// Hidden sums before clipping.
    hidden: [f32; HIDDEN],
    /// The output in centi-marbles.
    eval: f32,
}

fn forward(p: &[f32], entry: &SeatsEntry) -> Forward {
    let mut inputs = ([0u16; MAX_ACTIVE], 0);
    seats_inputs(&entry.position, entry.viewer, |input| {
        inputs.0[inputs.1] = input as u16;
        inputs.1 += 1;
    });
    let mut hidden = [0f32; HIDDEN];
    hidden.copy_from_slice(&p[INPUT_BIAS..INPUT_BIAS + HIDDEN]);
    for &input in &inputs.0[..inputs.1] {
        let column = &p[INPUT_WEIGHTS + usize::from(input) * HIDDEN..][..HIDDEN];
        for (s, w) in hidden.iter_mut().zip(column) {
            *s += w;
        }
    }
    let weights = &p[OUTPUT_WEIGHTS..][..HIDDEN];
    let out: f32 = hidden
        .iter()
        .zip(weights)
        .map(|(s, w)| s.clamp(0.0, 1.0) * w)
        .sum();
    // Trained in marbles.
    let eval = (p[OUTPUT_BIAS] + out) * 100.0;
    Forward {
        inputs,
        hidden,
        eval,
    }
}

/// The target of `entry`.
fn target(objective: &Objective, entry: &SeatsEntry) -> f32 {
    match entry.score {
        Some(score) => {
            (1.0 - objective.lambda) * entry.result
                + objective.lambda * sigmoid(objective.k * score)
        }
        None => entry.result,
    }
}

impl SeatsModel {
    /// Weights drawn from `seed`, as the two-player model draws them.
    pub fn random(seed: u64) -> SeatsModel {
        let parameters = super::random_parameters(
            seed,
            [INPUT_BIAS, OUTPUT_WEIGHTS, OUTPUT_BIAS, SEATS_PARAMETERS],
            (1.0 / 40f64.sqrt(), 1.0 / (HIDDEN as f64).sqrt()),
        );
        SeatsModel(parameters)
    }

    /// The quantised network for `players`, with `header` naming what made it.
    pub fn quantise(&self, players: usize, header: String) -> SeatsNetwork {
        let mut network = SeatsNetwork::zero(players, header);
        for (input, column) in network.input_weights.iter_mut().enumerate() {
            quantise_into(column, &self.0[INPUT_WEIGHTS + input * HIDDEN..], QA);
        }
        quantise_into(&mut network.input_bias, &self.0[INPUT_BIAS..], QA);
        quantise_into(&mut network.output_weights, &self.0[OUTPUT_WEIGHTS..], QB);
        network.output_bias = (self.0[OUTPUT_BIAS] * f64::from(QA * QB)).round() as i32;
        network
    }
}

/// The summed squared error of `entries`.
pub fn seats_loss(objective: &Objective, p: &[f32], entries: &[SeatsEntry]) -> f64 {
    entries
        .iter()
        .map(|entry| {
            let predicted = sigmoid(objective.k * forward(p, entry).eval);
            f64::from((predicted - target(objective, entry)).powi(2))
        })
        .sum()
}

/// Adds the gradient of the summed squared error of `entries` to `gradient`; returns the
/// summed error.
pub fn add_seats_gradient(
    objective: &Objective,
    p: &[f32],
    entries: &[SeatsEntry],
    gradient: &mut [f32],
) -> f64 {
    let mut error_sum = 0.0;
    for entry in entries {
        let pass = forward(p, entry);
        let predicted = sigmoid(objective.k * pass.eval);
        let error = predicted - target(objective, entry);
        error_sum += f64::from(error * error);
        // d(error²)/d(output in marbles).
        let slope = 2.0 * error * predicted * (1.0 - predicted) * objective.k * 100.0;
        gradient[OUTPUT_BIAS] += slope;
        let weights = &p[OUTPUT_WEIGHTS..][..HIDDEN];
        let mut back = [0f32; HIDDEN];
        let output_slopes = &mut gradient[OUTPUT_WEIGHTS..][..HIDDEN];
        for j in 0..HIDDEN {
            let sum = pass.hidden[j];
            output_slopes[j] += slope * sum.clamp(0.0, 1.0);
            back[j] = if sum > 0.0 && sum < 1.0 {
                slope * weights[j]
            } else {
                0.0
            };
        }
        let columns = std::iter::once(INPUT_BIAS).chain(
            pass.inputs.0[..pass.inputs.1]
                .iter()
                .map(|&input| INPUT_WEIGHTS + usize::from(input) * HIDDEN),
        );
        for start in columns {
            for (g, b) in gradient[start..][..HIDDEN].iter_mut().zip(&back) {
                *g += b;
            }
        }
    }
    error_sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::data::FromSample;
    use sumito_rules::movegen::MoveList;
    use sumito_rules::multiplayer::MultiLayout;

    /// Entries of every seat along a game of each layout, with made-up labels.
    fn entries() -> Vec<SeatsEntry> {
        let mut entries = Vec::new();
        for layout in MultiLayout::ALL {
            let mut position = layout.position();
            let seats = layout.seating().seats();
            for ply in 0..30 {
                let mut ranks = [0; 6];
                for (i, rank) in ranks.iter_mut().take(seats).enumerate() {
                    *rank = ((i + ply) % seats + 1) as u8;
                }
                if layout.seating().has_teams() {
                    for i in 0..seats {
                        ranks[i] = ranks[layout.seating().team(Seat::new(i).unwrap())];
                    }
                }
                let sample = SeatsSample {
                    position,
                    ranks,
                    score: (ply as i32 * 37 % 300) - 150,
                };
                SeatsEntry::entries(&sample, &mut entries);
                let mut moves = MoveList::default();
                position.legal_moves(&mut moves);
                position = position.play(moves.as_slice()[(ply * 13) % moves.len()]);
            }
        }
        entries
    }

    #[test]
    fn every_seat_is_an_entry_and_the_score_is_its_teams_alone() {
        let start = MultiLayout::FourPlayer.position();
        let sample = SeatsSample {
            position: start,
            ranks: [2, 1, 2, 1, 0, 0],
            score: 40,
        };
        let mut entries = Vec::new();
        SeatsEntry::entries(&sample, &mut entries);
        let results: Vec<f32> = entries.iter().map(|e| e.result).collect();
        assert_eq!(results, [0.0, 1.0, 0.0, 1.0]);
        let scores: Vec<Option<f32>> = entries.iter().map(|e| e.score).collect();
        assert_eq!(scores, [Some(40.0), None, Some(40.0), None]);
        // A two-player position line is refused, saying why.
        let line = "5/6/7/8/3bbb3/3w4/7/6/5 w 0 5 70 0 -300";
        let two = crate::datagen::format::parse_line(line).unwrap();
        assert!(matches!(
            SeatsEntry::record(two),
            Err(TuneError::TwoPlayerData)
        ));
    }

    #[test]
    fn the_gradient_matches_finite_differences() {
        let model = SeatsModel::random(3);
        let objective = Objective {
            k: 0.0144,
            lambda: 0.5,
            activation: Default::default(),
        };
        let all = entries();
        let entries = &all[..40];
        let p = super::super::single(&model.0);
        let mut gradient = vec![0f32; SEATS_PARAMETERS];
        add_seats_gradient(&objective, &p, entries, &mut gradient);
        let on = usize::from(forward(&p, &entries[0]).inputs.0[0]);
        let some = [
            INPUT_WEIGHTS + on * HIDDEN + 5,
            INPUT_BIAS + 7,
            OUTPUT_WEIGHTS + 9,
            OUTPUT_BIAS,
        ];
        super::super::assert_gradient_matches(&model.0, &gradient, &some, |p| {
            seats_loss(&objective, &super::super::single(p), entries)
        });
    }

    #[test]
    fn the_quantised_network_evaluates_as_the_model_does() {
        let model = SeatsModel::random(5);
        let p = super::super::single(&model.0);
        for entry in entries() {
            let players = entry.position.seating().seats();
            let network = model.quantise(players, String::new());
            let float = forward(&p, &entry).eval;
            let quantised = network.evaluate(&entry.position, entry.viewer);
            // Rounding: each output weight by up to 1/128 over 64 activations, each input
            // weight by up to 1/510 over 50 inputs: a few centi-marbles in all.
            assert!(
                (float - quantised as f32).abs() <= 10.0,
                "{float} against {quantised}"
            );
        }
    }
}
