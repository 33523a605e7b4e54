//! Evaluation weights fitted by `sumito tune`, which wrote this file: do not edit it by
//! hand. The engine plays with them only when asked (`setoption name TunedEval value
//! true`, `sumito eval --tuned`).
//!
//! The data, made by (none yet: these are the default weights, until a first fit)
//!

use super::weights::Phased;

/// The fitted weight of each term by name, in milli-marbles: (opening, endgame).
pub const TUNED: &[(&str, Phased)] = &[
    ("lost", Phased::new(-1000, -1000)),
    ("centre", Phased::new(-40, -40)),
    ("mass", Phased::new(-20, -20)),
    ("cohesion", Phased::new(20, 20)),
    ("wedges", Phased::new(60, 60)),
    ("threats", Phased::new(400, 400)),
    ("exposure", Phased::new(-250, -250)),
];
