//! `sumito gui`: the command line of the web GUI, checked into its configuration.

use sumito_games::clock::TimeControl;
use sumito_tools::gui::{GuiConfig, ServerLimits};
use sumito_tools::uap_client::EngineSpec;

/// The command line of `sumito gui`.
#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// A UAP engine the page may choose (repeat for more) [default: Sumito itself].
    #[arg(long = "engine", value_name = "COMMAND")]
    pub engines: Vec<String>,
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on. Anything but a loopback address lets other machines drive
    /// the engines: ask for it only on a network you trust.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Engine time per move in milliseconds, the time control of both sides [default: 1000].
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// A clock for both sides in seconds, SECONDS+INCREMENT (e.g. 300+2), or any `--tc` of
    /// `sumito match` without its engine prefix (movetime=MS, depth=N, nodes=N, 40/60).
    #[arg(long, value_parser = super::flags::time_control)]
    pub tc: Option<TimeControl>,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// Seconds an engine may stay silent where no clock bounds it (the handshake, isready,
    /// depth and node searches) before the page says it failed, as in `sumito match`.
    #[arg(long, default_value_t = 60.0, value_name = "SECONDS")]
    pub silence_timeout: f64,
    /// Seconds a client may take to send a request's headers, and then its body, before the
    /// request is refused and its connection closed.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    pub request_timeout: f64,
    /// Connections the server keeps open at once (a page uses two); one more is answered 503.
    #[arg(long, default_value_t = 64, value_name = "N")]
    pub max_connections: usize,
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
        let specs: Result<Vec<EngineSpec>, _> = args
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
    // Every game the page starts without a time control of its own plays this one.
    if !sumito_tools::gui::new_game::within_reason(tc) {
        return Err(format!(
            "the time control {tc} is more than a game at the GUI takes (an hour a move, a day \
             on the clock, depth 64, 10000000000 nodes)"
        ));
    }
    let silence = super::flags::silence_timeout(args.silence_timeout)?;
    Ok(GuiConfig {
        engines,
        tc,
        silence,
    })
}

/// Checks the limits of what a client may take of the server.
fn limits(args: &GuiArgs) -> Result<ServerLimits, String> {
    if args.max_connections < 2 {
        let given = args.max_connections;
        return Err(format!(
            "--max-connections must be at least 2 (a page uses two), not {given}"
        ));
    }
    Ok(ServerLimits {
        request_timeout: super::flags::seconds_of("--request-timeout", args.request_timeout)?,
        connections: args.max_connections,
    })
}

/// Runs `sumito gui` until it is interrupted.
pub fn run(args: &GuiArgs) -> super::Outcome {
    let (config, limits) = (config(args)?, limits(args)?);
    Ok(sumito_tools::gui::run(
        config, &args.host, args.port, args.open, limits,
    )?)
}
