//! Small helpers shared by several tools, none of them about Abalone: the progress of long
//! jobs on stderr, measured durations, and Ctrl-C.

pub mod interrupt;
pub mod progress;
pub mod samples;
