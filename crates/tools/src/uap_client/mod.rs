//! Driving a UAP engine as a child process, from the outside: how it is started and set up
//! ([`EngineSpec`]), and the running process with a reader thread so that every wait has a
//! deadline ([`EngineProcess`]). The match runner, the compliance checker and `sumito timing`
//! all talk to engines through it.

mod error;
mod process;
mod spec;

pub use error::EngineError;
pub use process::{EngineProcess, Failure};
pub use spec::{EngineSpec, parse_option, split_command};
