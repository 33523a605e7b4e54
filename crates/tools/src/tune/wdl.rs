//! Fitting the win/draw/loss model of `ShowWDL` ([`sumito_engine::search::WdlModel`]) to the results of
//! data files: `sumito tune --wdl`.

use super::data::Entry;
use sumito_engine::search::WdlModel;

/// Entries summed by one task: the chunks' sums are added in order, so the loss does not depend
/// on the number of threads.
const CHUNK: usize = 1 << 14;

/// The mean negative log-likelihood of the entries' results under `model`: lower is better.
/// Runs on the current rayon pool (a fit takes thousands of these).
pub fn loss(model: &WdlModel, entries: &[Entry]) -> f64 {
    let total = super::chunked_sum(entries, CHUNK, |chunk| {
        chunk.iter().map(|entry| surprise(model, entry)).sum()
    });
    total / entries.len().max(1) as f64
}

/// The negative log-likelihood of one entry's result.
fn surprise(model: &WdlModel, entry: &Entry) -> f64 {
    let [win, draw, loss] = model.chances(f64::from(entry.score));
    let chance = match entry.result {
        r if r > 0.75 => win,
        r if r < 0.25 => loss,
        _ => draw,
    };
    -chance.max(1e-12).ln()
}

/// The minimum of `f` on `[low, high]` by golden-section search (`f` unimodal there).
fn golden(mut low: f64, mut high: f64, f: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if f(a) < f(b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// The model that fits the entries best: each parameter in turn, until neither moves.
pub fn fit(entries: &[Entry]) -> WdlModel {
    let mut model = WdlModel {
        centre: 100.0,
        scale: 100.0,
    };
    for _ in 0..20 {
        let before = model;
        model.centre = golden(0.0, 1000.0, |centre| {
            loss(&WdlModel { centre, ..model }, entries)
        });
        model.scale = golden(1.0, 1000.0, |scale| {
            loss(&WdlModel { scale, ..model }, entries)
        });
        let moved = (model.centre - before.centre).abs() + (model.scale - before.scale).abs();
        if moved < 0.01 {
            break;
        }
    }
    model
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries drawn from a known model: the fit must find it again.
    #[test]
    fn the_fit_finds_the_model_that_made_the_results() {
        let truth = WdlModel {
            centre: 120.0,
            scale: 60.0,
        };
        let mut entries = Vec::new();
        for step in -60..=60 {
            let score = step as f64 * 10.0;
            let [win, draw, _] = truth.chances(score);
            // Results in the model's proportions, two hundred games at each score.
            let wins = (win * 200.0).round() as usize;
            let draws = (draw * 200.0).round() as usize;
            for game in 0..200 {
                let result = if game < wins {
                    1.0
                } else if game < wins + draws {
                    0.5
                } else {
                    0.0
                };
                entries.push(Entry {
                    result,
                    score: score as f32,
                });
            }
        }
        let fitted = fit(&entries);
        assert!((fitted.centre - truth.centre).abs() < 2.0, "{fitted:?}");
        assert!((fitted.scale - truth.scale).abs() < 2.0, "{fitted:?}");
        assert!(loss(&fitted, &entries) <= loss(&truth, &entries) + 1e-9);
    }
}
