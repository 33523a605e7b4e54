//! The engines the tests run: Sumito's binary and the scripts in tests/engines/ that misbehave
//! on purpose.
#![allow(dead_code)]

use std::time::Duration;

/// The built `sumito` binary.
pub const SUMITO: &str = env!("CARGO_BIN_EXE_sumito");

/// The name the built `sumito` gives itself (`id name`): the version, with the commit built
/// (build.rs).
pub fn sumito_name() -> String {
    let (version, build) = (env!("CARGO_PKG_VERSION"), env!("SUMITO_BUILD"));
    match build {
        "" => format!("Sumito {version}"),
        build => format!("Sumito {version} ({build})"),
    }
}

/// A bound on one run of a tool: it guards against a hang, it is not a speed claim.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// The command line of the test engine script `tests/engines/<name>.sh`.
pub fn script(name: &str) -> String {
    format!(
        "sh '{}/tests/engines/{name}.sh'",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// What a run of a `sumito` tool gave.
pub struct Run {
    pub success: bool,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The lines of stdout.
    pub fn lines(&self) -> Vec<String> {
        self.stdout.lines().map(str::to_string).collect()
    }
}

/// Runs `sumito <args>` to its end, killing it (and failing) if it runs over [`PATIENCE`], and
/// fails if it panicked.
pub fn run_sumito(args: &[&str]) -> Run {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::Instant;

    let started = Instant::now();
    let mut child = Command::new(SUMITO)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sumito starts");
    // Both pipes are drained while the tool runs, so that neither can fill and block it.
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            text
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits for sumito") {
            break status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sumito {args:?} ran over {PATIENCE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let run = Run {
        success: status.success(),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "sumito {args:?} panicked:\n{}",
        run.stderr
    );
    run
}
