//! `sumito timing`: how punctually a UAP engine answers `stop` and `go movetime`, measured from
//! the outside ([`sumito_tools::compliance::timing`]).
//!
//! `--load N` runs N busy threads beside the engine for the whole measurement, so that the
//! figures can be taken on a machine with no idle core, where scheduling delays show up.

use sumito_tools::compliance::timing::{DEFAULT_PATIENCE, Plan, measure, under_load};
use sumito_tools::say;
use sumito_tools::uap_client::{EngineProcess, EngineSpec, parse_option};
use sumito_tools::util::samples::Samples;

/// The command line of `sumito timing`.
#[derive(clap::Args, Debug)]
pub struct TimingArgs {
    /// The engine's command line, quoted as one word ("path/engine --flag").
    #[arg(long, value_name = "COMMAND")]
    pub engine: String,
    /// Searches measured of each kind.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub samples: u32,
    /// The budget of the `go movetime` searches, in milliseconds.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub movetime: u64,
    /// Busy threads run beside the engine as load.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub load: u16,
    /// A UAP option set before measuring (Threads=2; a button without `=`); may be repeated.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// Seed for the positions and the delays before `stop`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seconds an answer may take before the engine is given up on: the handshake, readyok,
    /// bestmove after stop or past the move time.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_PATIENCE.as_secs_f64())]
    pub patience: f64,
}

/// Runs the measurement and prints one line per kind.
pub fn run(args: &TimingArgs) -> super::Outcome {
    let options: Vec<(String, Option<String>)> = args
        .options
        .iter()
        .map(|text| parse_option(text))
        .collect::<Result<_, _>>()?;
    // As match refuses it: which of two values would the engine keep?
    for (index, (name, _)) in options.iter().enumerate() {
        if options[..index]
            .iter()
            .any(|(seen, _)| seen.eq_ignore_ascii_case(name))
        {
            return Err(format!("two --option {name}").into());
        }
    }
    let spec = EngineSpec {
        options,
        ..EngineSpec::from_command_line(&args.engine)?
    };
    let patience = super::flags::patience(args.patience)?;
    let mut engine = EngineProcess::start(&spec, patience)?;
    let name = engine
        .id_name
        .clone()
        .unwrap_or_else(|| spec.command_line());
    say!(
        "timing {name}: {} searches of each kind, {} busy threads beside it{}",
        args.samples,
        args.load,
        if args.options.is_empty() {
            String::new()
        } else {
            format!(", options {}", args.options.join(" "))
        }
    );
    let plan = Plan {
        samples: args.samples,
        movetime_ms: args.movetime,
        seed: args.seed,
        patience,
    };
    let timing = under_load(args.load, || measure(&mut engine, &plan))?;
    let spread = |samples: &Samples| {
        samples
            .spread()
            .map_or("no samples".into(), |s| s.to_string())
    };
    say!("stop -> bestmove: {}", spread(&timing.stop_latency));
    say!(
        "go movetime {} -> bestmove, minus {} ms: {}",
        args.movetime,
        args.movetime,
        spread(&timing.overrun)
    );
    Ok(())
}
