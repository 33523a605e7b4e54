//! Driving a UAP engine as a child process, from the outside: how it is started and set up
//! ([`EngineSpec`]), and the running process with a reader thread so that every wait has a
//! deadline ([`EngineProcess`]), and another that keeps the last lines of its error output
//! (`last_words`) to say why it failed. The match runner, the compliance checker and `sumito timing`
//! all talk to engines through it.

mod error;
mod last_words;
mod process;
mod spec;

pub use error::EngineError;
pub use process::{EngineProcess, Failure};
pub use spec::{EngineSpec, parse_option, split_command};
