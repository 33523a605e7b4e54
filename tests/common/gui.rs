//! A `sumito gui` server started for a test on a free port, ended (with its engines) when the
//! test is done.
#![allow(dead_code)]

use super::engines::{PATIENCE, SUMITO};
use super::http;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running GUI.
pub struct Gui {
    pub child: Child,
    /// `127.0.0.1:<port>`.
    pub address: String,
}

impl Gui {
    /// Starts `sumito gui --port 0 <args>` and reads the address from its first line.
    pub fn start(args: &[&str]) -> Gui {
        Gui::start_with(&[&["--port", "0"], args].concat(), Stdio::inherit())
    }

    /// Starts `sumito gui --port <port> <args>`: a server in place of one that ended there.
    pub fn start_on(port: u16, args: &[&str]) -> Gui {
        let port = port.to_string();
        Gui::start_with(
            &[&["--port", port.as_str()], args].concat(),
            Stdio::inherit(),
        )
    }

    /// As [`Gui::start`], keeping what the server writes on stderr for
    /// [`Gui::stderr_at_exit`].
    pub fn start_keeping_stderr(args: &[&str]) -> Gui {
        Gui::start_with(&[&["--port", "0"], args].concat(), Stdio::piped())
    }

    fn start_with(args: &[&str], stderr: Stdio) -> Gui {
        let mut child = Command::new(SUMITO)
            .arg("gui")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("sumito gui starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the first line");
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line '{line}'"))
            .to_string();
        Gui { child, address }
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// The current snapshot.
    pub fn state(&self) -> serde_json::Value {
        let answer = http::get(&self.address, "/api/state");
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.json()
    }

    /// Polls the state until `ready` holds, failing after a long bound (a guard against a hang,
    /// not a speed claim).
    pub fn wait_for(
        &self,
        what: &str,
        ready: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let started = Instant::now();
        loop {
            let state = self.state();
            if ready(&state) {
                return state;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited in vain for {what}: {state}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Ends the server and returns what it wrote on stderr (started with
    /// [`Gui::start_keeping_stderr`]).
    pub fn stderr_at_exit(&mut self) -> String {
        use std::io::Read;
        self.terminate();
        let mut text = String::new();
        if let Some(mut stderr) = self.child.stderr.take() {
            let _ = stderr.read_to_string(&mut text);
        }
        text
    }

    /// Sends SIGTERM, as Ctrl-C or a service manager would, and waits for the exit.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let started = Instant::now();
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            assert!(started.elapsed() < PATIENCE, "sumito gui did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = Command::new("kill")
                .args(["-TERM", &self.child.id().to_string()])
                .status();
            let deadline = Instant::now() + Duration::from_secs(5);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The moves of a snapshot, as text.
pub fn moves(state: &serde_json::Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|m| m.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}
