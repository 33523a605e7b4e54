//! `say!`, the tools' `println!`, and whether what it wrote reached the output.

use std::sync::atomic::{AtomicBool, Ordering};

/// A `say!` could not write (a full disk, say).
static FAILED: AtomicBool = AtomicBool::new(false);

/// `println!` that ignores a closed stdout (`sumito bench | head`: the reader has what it
/// wanted) instead of panicking, and notes any other failure for [`output_failed`].
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        $crate::note_output(writeln!(std::io::stdout(), $($arg)*));
    }};
}

/// Notes the result of a write to stdout (each of `say!`'s, and a tool's own): a failure other
/// than a closed pipe makes [`output_failed`] true.
pub fn note_output(result: std::io::Result<()>) {
    if let Err(error) = result
        && error.kind() != std::io::ErrorKind::BrokenPipe
    {
        FAILED.store(true, Ordering::Relaxed);
    }
}

/// Did the output of `say!` fail to be written (stdout flushed first)? A tool that succeeded
/// otherwise must not say so then: what it made is not where it was asked for.
pub fn output_failed() -> bool {
    use std::io::Write as _;
    note_output(std::io::stdout().flush());
    FAILED.load(Ordering::Relaxed)
}
