//! `sumito gui`: a web GUI that plays, watches and analyses Abalone in the browser, driving
//! every engine through UAP only. This file holds the command line and starts the server; the
//! game the server keeps is in [`state`], the table of game, mode and engines in [`table`], its
//! lock and the snapshots it publishes in [`hub`], one engine's driver thread in
//! [`engine_driver`], the searches the table starts in [`searches`] and how it takes their
//! answers in [`engine_events`], its clocks in [`table_clock`], the page's requests in
//! [`actions`], what the page draws in [`view`], the HTTP routes in [`server`] and the
//! Host/Origin guard in [`security`].

pub mod actions;
mod assets;
pub mod engine_driver;
pub mod engine_events;
pub mod hub;
pub mod info;
pub mod searches;
pub mod security;
pub mod server;
pub mod state;
pub mod table;
pub mod table_clock;
pub mod view;

use crate::match_runner::TimeControl;
use crate::uap_client::EngineSpec;
use hub::Hub;
use security::AllowedHosts;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use table::GuiConfig;

/// The command line of `sumito gui`.
#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// A UAP engine the page may choose (repeat for more); Sumito itself by default.
    #[arg(long = "engine", value_name = "COMMAND")]
    pub engines: Vec<String>,
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines drive
    /// the engines: ask for it only on a network you trust.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Engine time per move in milliseconds (the default time control: 1000).
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// A clock for both sides in seconds, SECONDS+INCREMENT (e.g. 300+2), or any `--tc` of
    /// `sumito match`.
    #[arg(long)]
    pub tc: Option<TimeControl>,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// Sumito itself, run as a child process like any other engine.
fn sumito_itself() -> Result<EngineSpec, String> {
    let program = std::env::current_exe().map_err(|e| format!("cannot find sumito itself: {e}"))?;
    Ok(EngineSpec {
        name: "Sumito".into(),
        program: program.to_string_lossy().into_owned(),
        args: Vec::new(),
        options: Vec::new(),
    })
}

/// Checks the command line and turns it into the GUI's configuration.
fn config(args: &GuiArgs) -> Result<GuiConfig, String> {
    let engines = if args.engines.is_empty() {
        vec![sumito_itself()?]
    } else {
        let specs: Result<Vec<EngineSpec>, String> = args
            .engines
            .iter()
            .map(|command| EngineSpec::from_command_line(command))
            .collect();
        specs.map_err(|e| format!("bad --engine: {e}"))?
    };
    let tc = match (args.movetime, args.tc) {
        (Some(0), _) => return Err("--movetime must be at least 1 ms".into()),
        (Some(ms), _) => TimeControl::MoveTime { ms },
        (None, Some(tc)) => tc,
        (None, None) => TimeControl::MoveTime { ms: 1000 },
    };
    Ok(GuiConfig { engines, tc })
}

/// Runs `sumito gui` until it is interrupted.
pub fn run(args: &GuiArgs) -> Result<(), String> {
    let config = config(args)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    let hub = Hub::new(config);
    // The first engine starts at once: the page learns its options (a `Skill` level?) and the
    // first game does not wait for it.
    hub.update(|table, hub| table.ensure_seat(0, hub));
    let served = runtime.block_on(serve(args, Arc::clone(&hub)));
    // The engines end with the GUI: each driver quits its engine (and kills it if it must).
    hub.shut_down();
    served
}

async fn serve(args: &GuiArgs, hub: Arc<Hub>) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let address: SocketAddr = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    if address.ip().is_unspecified() {
        // The guard lets in only requests that name the listening address, and an unspecified
        // one (0.0.0.0, ::) is no address a browser can name.
        return Err(format!(
            "--host {}: give the one address to serve on, not all of them",
            args.host
        ));
    }
    if !address.ip().is_loopback() {
        eprintln!("warning: listening on {address}: other machines can reach this GUI");
    }
    let url = format!("http://{address}/");
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "listening on {url}");
    let _ = out.flush();
    drop(out);
    if args.open {
        open_browser(&url);
    }
    let app = server::router(hub, AllowedHosts::for_address(address));
    axum::serve(listener, app)
        .with_graceful_shutdown(interrupted())
        .await
        .map_err(|e| format!("the server failed: {e}"))
}

/// Resolves on Ctrl-C or SIGTERM, so that the engines can be quit before the GUI exits.
async fn interrupted() {
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
    if let Err(e) = started {
        eprintln!("warning: cannot open a browser ({opener}: {e}); open {url} by hand");
    }
}
