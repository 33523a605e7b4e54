//! `sumito gui`: a web GUI that plays, watches and analyses Abalone in the browser, driving
//! every engine through UAP only. This file starts the server (the command line is in the
//! binary's `cli/gui.rs`).
//!
//! - `game`: the game the server keeps, for any number of seats; [`session`]: that game, who
//!   plays each seat, its clocks and the search it waits for; what two players add to both is
//!   in [`two_players`], what three to six add in [`seats`];
//! - [`table`]: the engine pool and the session; [`hub`]: its lock and the snapshots it
//!   publishes;
//! - [`engine_pool`]: the engines of the command line and those running, by slot;
//!   [`engine_driver`]: one engine's driver thread; [`searches`]: the searches a session
//!   starts; `engine_events`: how it takes their answers; `table_clock`: its clocks;
//! - [`new_game`] and [`actions`]: the page's requests; [`snapshot`]: what the page draws, as
//!   typed data, which [`view`] fills;
//! - [`server`]: the HTTP routes; [`security`]: the Host/Origin guard; `error`: what fails ([`GuiError`]).

pub mod actions;
mod assets;
pub mod engine_driver;
mod engine_events;
pub mod engine_pool;
mod error;
pub mod game;
pub mod hub;
pub mod info;
pub mod new_game;
pub mod searches;
pub mod seats;
pub mod security;
mod serve;
pub mod server;
pub mod session;
pub mod snapshot;
pub mod table;
mod table_clock;
pub mod two_players;
pub mod view;

pub use error::GuiError;

pub use engine_pool::GuiConfig;
use hub::Hub;
use security::AllowedHosts;
pub use serve::ServerLimits;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

/// Serves the GUI with `config` on `host:port` within `limits` until it is interrupted; with
/// `open`, the page is opened in the default browser.
pub fn run(
    config: GuiConfig,
    host: &str,
    port: u16,
    open: bool,
    limits: ServerLimits,
) -> Result<(), GuiError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(GuiError::Runtime)?;
    let hub = Hub::new(config);
    // The first engine starts at once: the page learns its options (a `Skill` level?) and the
    // first game does not wait for it. The others answer the handshake and quit, so that the
    // page names each one and knows its levels before it is chosen.
    hub.update(|table, hub| {
        table.start_first_engine(hub);
        table.engines.probe(hub);
    });
    let served = runtime.block_on(serve(host, port, open, limits, Arc::clone(&hub)));
    // The engines end with the GUI: each driver quits its engine (and kills it if it must).
    hub.shut_down();
    served
}

/// Listens on `host:port` and answers the page until Ctrl-C or SIGTERM.
async fn serve(
    host: &str,
    port: u16,
    open: bool,
    limits: ServerLimits,
    hub: Arc<Hub>,
) -> Result<(), GuiError> {
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .map_err(|source| GuiError::Listen {
            host: host.to_string(),
            port,
            source,
        })?;
    let address: SocketAddr = listener.local_addr().map_err(GuiError::LocalAddress)?;
    if address.ip().is_unspecified() {
        // The guard lets in only requests that name the listening address, and an unspecified
        // one (0.0.0.0, ::) is no address a browser can name.
        return Err(GuiError::UnspecifiedHost(host.to_string()));
    }
    if !address.ip().is_loopback() {
        eprintln!("warning: listening on {address}: other machines can reach this GUI");
    }
    let url = format!("http://{address}/");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "listening on {url}");
    let _ = out.flush();
    drop(out);
    if open {
        open_browser(&url);
    }
    let app = server::router(
        hub,
        AllowedHosts::for_address(address),
        limits.request_timeout,
    );
    let (stop, stopped) = tokio::sync::watch::channel(false);
    // A graceful shutdown would wait for every connection to close, and an open page's event
    // stream never does: after Ctrl-C or SIGTERM the requests in flight get a moment, and no
    // more.
    let deadline = async {
        crate::util::interrupt::signalled().await;
        let _ = stop.send(true);
        tokio::time::sleep(SHUTDOWN_GRACE).await;
    };
    tokio::select! {
        () = serve::serve(listener, app, limits, stopped) => Ok(()),
        () = deadline => Ok(()),
    }
}

/// How long the requests in flight may take to finish once the GUI is asked to stop.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

/// Asks the desktop to open `url`; a failure is only a warning (the address is printed).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    let url = url.to_string();
    // The opener may find no browser only after it started: its exit says so.
    std::thread::spawn(move || {
        let why = match started.and_then(|mut child| child.wait()) {
            Ok(status) if status.success() => return,
            Ok(status) => status.to_string(),
            Err(e) => e.to_string(),
        };
        eprintln!("warning: cannot open a browser ({opener}: {why}); open {url} by hand");
    });
}
