//! The person's side of the terminal: every question asked of them, with their clock in front
//! of it while it runs. On a terminal the clock is redrawn in place ten times a second while
//! the question waits, so that the time left moves as it runs out, not only when a key is
//! typed; the line being typed is left alone (the cursor is saved and put back around each
//! redraw).

use super::clock_text;
use std::io::{BufRead, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use sumito_games::clock::whole_ms;

/// How often a waiting question's clock is redrawn.
const TICK: Duration = Duration::from_millis(100);

/// The person's input, and their clock while it runs.
pub(super) struct Keyboard<'a> {
    input: &'a mut dyn BufRead,
    /// Where the running clock is redrawn in place (the terminal), if anywhere.
    live: Option<fn() -> Box<dyn Write + Send>>,
    clock: Option<Running>,
}

/// A clock running from `left_ms` since `started`, shown `width` characters wide.
struct Running {
    left_ms: u64,
    started: Instant,
    width: usize,
    ticker: Option<Ticker>,
}

impl Running {
    /// The clock as it reads now, in brackets, as wide as it first was.
    fn text(&self) -> String {
        frame_text(self.left_ms, self.started.elapsed(), self.width)
    }
}

/// `[m:ss.d]` of the time left after `spent`, padded to `width` characters inside the
/// brackets (a clock that falls below ten minutes keeps its place).
fn frame_text(left_ms: u64, spent: Duration, width: usize) -> String {
    format!(
        "[{:>width$}]",
        clock_text(left_ms.saturating_sub(whole_ms(spent)))
    )
}

impl<'a> Keyboard<'a> {
    /// Reads from `input`; `live` opens the terminal the running clock is redrawn on (`None`
    /// when the output is not a terminal: the clock is then written once per question).
    pub fn new(input: &'a mut dyn BufRead, live: Option<fn() -> Box<dyn Write + Send>>) -> Self {
        Keyboard {
            input,
            live,
            clock: None,
        }
    }

    /// From now until [`Keyboard::clock_stops`], the person's clock runs from `left_ms`, and
    /// every question shows it.
    pub fn clock_runs(&mut self, left_ms: u64) {
        self.clock_stops();
        let started = Instant::now();
        let width = clock_text(left_ms).len();
        let ticker = self
            .live
            .map(|open| Ticker::start(open(), left_ms, started, width));
        self.clock = Some(Running {
            left_ms,
            started,
            width,
            ticker,
        });
    }

    /// The person's clock no longer runs (their turn is over, or they left the game).
    pub fn clock_stops(&mut self) {
        if let Some(Running {
            ticker: Some(ticker),
            ..
        }) = self.clock.take()
        {
            ticker.stop();
        }
    }

    /// Has the running clock run out? (Then what the person answers comes too late.)
    pub fn flag_fell(&self) -> bool {
        self.clock
            .as_ref()
            .is_some_and(|clock| whole_ms(clock.started.elapsed()) > clock.left_ms)
    }

    /// Writes `prompt` (after the running clock, if one runs) and reads one line of the answer:
    /// `None` at the end of the input, or when it cannot be read.
    pub fn ask(&mut self, out: &mut dyn Write, prompt: &str) -> Option<String> {
        let clock = self.clock.as_ref();
        let shown = clock.map_or(String::new(), |clock| clock.text() + " ");
        let _ = write!(out, "{shown}{prompt}");
        let _ = out.flush();
        let ticker = clock.and_then(|clock| clock.ticker.as_ref());
        ticker.inspect(|ticker| ticker.arm(true));
        // Bytes, not text: a line that is not UTF-8 is answered as what it reads as (an unknown
        // command, say), not taken for the end of the input.
        let mut line = Vec::new();
        let read = self.input.read_until(b'\n', &mut line);
        ticker.inspect(|ticker| ticker.arm(false));
        match read {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(String::from_utf8_lossy(&line).into_owned()),
        }
    }
}

impl Drop for Keyboard<'_> {
    fn drop(&mut self) {
        self.clock_stops();
    }
}

/// What the ticking thread is told.
#[derive(Default)]
struct Tick {
    /// A question waits for its answer: the clock at the head of its line may be redrawn.
    armed: bool,
    stopped: bool,
}

/// A thread that redraws the running clock at the head of the line while a question waits.
struct Ticker {
    shared: Arc<(Mutex<Tick>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

fn lock(tick: &Mutex<Tick>) -> MutexGuard<'_, Tick> {
    tick.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Ticker {
    fn start(
        mut sink: Box<dyn Write + Send>,
        left_ms: u64,
        started: Instant,
        width: usize,
    ) -> Ticker {
        let shared = Arc::new((Mutex::new(Tick::default()), Condvar::new()));
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("clock".into())
            .spawn(move || {
                let (tick, wake) = &*theirs;
                let mut state = lock(tick);
                while !state.stopped {
                    state = wake
                        .wait_timeout(state, TICK)
                        .map_or_else(|poisoned| poisoned.into_inner().0, |(state, _)| state);
                    if state.armed && !state.stopped {
                        // Save the cursor, write over the clock at the line's head, put the
                        // cursor back where the person is typing. The lock is held, so the
                        // question's line is not written meanwhile.
                        let text = frame_text(left_ms, started.elapsed(), width);
                        let _ = write!(sink, "\x1b7\r{text}\x1b8");
                        let _ = sink.flush();
                    }
                }
            });
        if let Err(error) = &thread {
            log::warn!("the clock is not redrawn while you think: {error}");
        }
        Ticker {
            shared,
            thread: thread.ok(),
        }
    }

    /// A question waits (`true`) or has its answer (`false`): once this returns `false`, no
    /// redraw is under way or comes until the next question.
    fn arm(&self, armed: bool) {
        lock(&self.shared.0).armed = armed;
    }

    fn stop(mut self) {
        lock(&self.shared.0).stopped = true;
        self.shared.1.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_keeps_its_width_as_it_runs_down() {
        let width = clock_text(600_000).len();
        assert_eq!(frame_text(600_000, Duration::ZERO, width), "[10:00.0]");
        assert_eq!(
            frame_text(600_000, Duration::from_millis(1_500), width),
            "[ 9:58.5]"
        );
        assert_eq!(frame_text(1_000, Duration::from_secs(5), 6), "[0:00.0]");
    }

    #[test]
    fn a_question_shows_the_running_clock_only_while_it_runs() {
        let mut input: &[u8] = b"a1b2\nquit\n";
        let mut out = Vec::new();
        let mut keys = Keyboard::new(&mut input, None);
        keys.clock_runs(65_000);
        assert_eq!(
            keys.ask(&mut out, "black to move> ").as_deref(),
            Some("a1b2\n")
        );
        keys.clock_stops();
        assert_eq!(keys.ask(&mut out, "again> ").as_deref(), Some("quit\n"));
        assert_eq!(keys.ask(&mut out, "more> "), None);
        let out = String::from_utf8(out).unwrap();
        // 1:05.0 less what the machine took between the two calls.
        let (clock, asked) = out.split_once(' ').unwrap();
        assert!(clock.starts_with("[1:0") && clock.ends_with(']'), "{out}");
        assert_eq!(asked, "black to move> again> more> ");
    }

    /// A stand-in terminal: what the ticking thread writes.
    static SCREEN: Mutex<Vec<u8>> = Mutex::new(Vec::new());

    struct Screen;

    impl Write for Screen {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            SCREEN.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Input that gives its line only once the screen shows a redrawn clock (or after a long
    /// wait, which then fails the test): the person thinks, the clock moves.
    struct Thinking;

    impl std::io::Read for Thinking {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            unreachable!("read through BufRead")
        }
    }

    impl BufRead for Thinking {
        fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
            let waited = Instant::now();
            while SCREEN.lock().unwrap().is_empty() && waited.elapsed() < Duration::from_secs(30) {
                std::thread::sleep(Duration::from_millis(10));
            }
            Ok(b"a1b2\n")
        }
        fn consume(&mut self, _: usize) {}
    }

    #[test]
    fn a_waiting_question_redraws_the_clock_in_place() {
        let mut input = Thinking;
        let mut out = Vec::new();
        let mut keys = Keyboard::new(&mut input, Some(|| Box::new(Screen)));
        keys.clock_runs(300_000);
        assert_eq!(
            keys.ask(&mut out, "black to move> ").as_deref(),
            Some("a1b2\n")
        );
        keys.clock_stops();
        let screen = String::from_utf8(SCREEN.lock().unwrap().clone()).unwrap();
        // Each redraw saves the cursor, returns to the line's head, writes the clock, and puts
        // the cursor back.
        let frame = screen.split("\x1b8").next().unwrap();
        let clock = frame
            .strip_prefix("\x1b7\r[")
            .and_then(|c| c.strip_suffix(']'));
        let clock = clock.unwrap_or_else(|| panic!("{screen:?}"));
        assert!(clock < "5:00.0" && clock.starts_with("4:"), "{screen:?}");
        assert!(screen.ends_with("\x1b8"), "{screen:?}");
        // The question itself went to the output as plain text.
        assert!(
            String::from_utf8(out)
                .unwrap()
                .ends_with("] black to move> ")
        );
    }
}
