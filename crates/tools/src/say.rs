//! `say!`, the tools' `println!`.

/// `println!` that ignores a closed stdout (`sumito bench | head`) instead of panicking.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}
