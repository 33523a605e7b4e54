//! Small helpers shared by several modules, none of them about Abalone: a seeded random
//! number generator, the progress of long jobs on stderr, and measured durations.

pub mod progress;
pub mod random;
pub mod samples;
