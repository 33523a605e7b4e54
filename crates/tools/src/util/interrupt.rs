//! Ctrl-C and SIGTERM, for the commands that must stop cleanly rather than die: the GUI quits its
//! engines, a match prints the table of the games it finished.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set by [`watch`] at the first Ctrl-C or SIGTERM.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Resolves on Ctrl-C (SIGINT) or SIGTERM.
pub async fn signalled() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                let terminated = Box::pin(terminate.recv());
                futures_util::future::select(Box::pin(ctrl_c), terminated).await;
            }
            Err(_) => {
                let _ = ctrl_c.await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// Watches for Ctrl-C and SIGTERM from now on, in a thread of its own: the first sets the flag
/// returned (and says on stderr what happens next, `first_note`), the second ends the process
/// at once with exit code 130, as an unhandled Ctrl-C would. Without a signal handler (the
/// thread or its runtime could not start) the flag is never set and signals act as before.
pub fn watch(first_note: &'static str) -> &'static AtomicBool {
    on_signals(async move {
        signalled().await;
        INTERRUPTED.store(true, Ordering::SeqCst);
        eprintln!("\ninterrupted: {first_note} (once more to quit at once)");
        signalled().await;
    });
    &INTERRUPTED
}

/// Runs `last_words` at the first Ctrl-C or SIGTERM, in a thread of its own, then ends the
/// process with exit code 130, as an unhandled Ctrl-C would: for a command that blocks on its
/// input and must leave something behind (`play` saves the game so far). Without a handler (the
/// thread or its runtime could not start) signals act as before.
pub fn on_interrupt(last_words: impl FnOnce() + Send + 'static) {
    on_signals(async move {
        signalled().await;
        last_words();
    });
}

/// Runs `handling` in a thread of its own, on a runtime that can wait for signals, and ends the
/// process with exit code 130 when it is done.
fn on_signals(handling: impl std::future::Future<Output = ()> + Send + 'static) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    let started = runtime.map(|runtime| {
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                runtime.block_on(handling);
                std::process::exit(130);
            })
    });
    if let Err(error) = started {
        log::warn!("no handler for Ctrl-C: {error}");
    }
}
