//! The Adam optimiser (Kingma and Ba, 2015): per-parameter steps scaled by running averages of
//! the gradient and of its square, so that weights of very different sizes move alike.

/// Adam's state for a vector of parameters.
#[derive(Clone, Debug)]
pub struct Adam {
    first: Vec<f64>,
    second: Vec<f64>,
    steps: i32,
}

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

impl Adam {
    /// A fresh state for `count` parameters.
    pub fn new(count: usize) -> Adam {
        Adam {
            first: vec![0.0; count],
            second: vec![0.0; count],
            steps: 0,
        }
    }

    /// Moves `parameters` against `gradient` by about `rate` each.
    pub fn step(&mut self, parameters: &mut [f64], gradient: &[f64], rate: f64) {
        self.steps += 1;
        let correct1 = 1.0 - BETA1.powi(self.steps);
        let correct2 = 1.0 - BETA2.powi(self.steps);
        for (i, parameter) in parameters.iter_mut().enumerate() {
            let g = gradient[i];
            self.first[i] = BETA1 * self.first[i] + (1.0 - BETA1) * g;
            self.second[i] = BETA2 * self.second[i] + (1.0 - BETA2) * g * g;
            let mean = self.first[i] / correct1;
            let variance = self.second[i] / correct2;
            *parameter -= rate * mean / (variance.sqrt() + EPSILON);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adam_finds_the_bottom_of_a_badly_scaled_bowl() {
        // f(x, y) = (x - 3)² + 1000 (y + 0.5)²: one step size suits both coordinates.
        let mut point = vec![0.0, 0.0];
        let mut adam = Adam::new(2);
        for step in 0..3000 {
            let gradient = [2.0 * (point[0] - 3.0), 2000.0 * (point[1] + 0.5)];
            let rate = if step < 2000 { 0.05 } else { 0.005 };
            adam.step(&mut point, &gradient, rate);
        }
        assert!((point[0] - 3.0).abs() < 0.01, "{point:?}");
        assert!((point[1] + 0.5).abs() < 0.01, "{point:?}");
    }
}
