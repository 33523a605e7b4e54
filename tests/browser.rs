//! The GUI in a real browser: Debian's headless Chromium driven through ChromeDriver (WebDriver,
//! plain JSON over HTTP). It loads the page, counts the 61 cells, plays a move by clicks, sees
//! the engine answer, plays a move by typing, loads a record and steps through it, and watches
//! analysis and an engine game, saving a screenshot of each mode to target/gui-screenshots/.
//!
//! It needs /usr/bin/chromium and /usr/bin/chromedriver, so it is ignored by `cargo test`;
//! `scripts/browser-test` installs them and runs it (CI does too).

mod common;

use common::gui::Gui;
use common::http;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The WebDriver key for Enter.
const ENTER: &str = "\u{E007}";

/// The element key of the W3C WebDriver protocol.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A ChromeDriver process and one browser session in it.
struct Browser {
    driver: Child,
    address: String,
    session: String,
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

impl Browser {
    fn start(profile: &std::path::Path) -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts (apt-get install chromium-driver)");
        let address = format!("127.0.0.1:{port}");
        let started = Instant::now();
        while std::net::TcpStream::connect(&address).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "chromedriver is not up"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1280,1250",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": "/usr/bin/chromium", "args": args },
        }}});
        let mut browser = Browser {
            driver,
            address,
            session: String::new(),
        };
        let answer = browser.call("POST", "/session", Some(capabilities));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no session: {answer}"))
            .to_string();
        browser
    }

    /// A WebDriver command; returns its `value`.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let (status, value) = self.try_call(method, path, body);
        assert_eq!(status, 200, "{method} {path}: {value}");
        value
    }

    /// A WebDriver command; returns the status and the `value`.
    fn try_call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let text = body.map(|b| b.to_string());
        let headers = [("Content-Type", "application/json")];
        let answer = http::request(&self.address, method, path, &headers, text.as_deref());
        (answer.status, answer.json()["value"].clone())
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn open(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    fn script(&self, code: &str) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": code, "args": [] })),
        )
    }

    fn find(&self, css: &str) -> String {
        let found = self.session_call(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {found}"))
            .to_string()
    }

    /// Clicks the element; the page redraws the board when the server sends a new state, so
    /// an element found a moment earlier may be gone: then it is found again.
    fn click(&self, css: &str) {
        for _ in 0..20 {
            let element = self.find(css);
            let path = format!("/session/{}/element/{element}/click", self.session);
            let (status, value) = self.try_call("POST", &path, Some(json!({})));
            if status == 200 {
                return;
            }
            assert!(
                value["error"] == "stale element reference",
                "click {css}: {value}"
            );
        }
        panic!("{css} kept going stale");
    }

    fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        let body = json!({ "text": text });
        self.session_call("POST", &format!("/element/{element}/value"), Some(body));
    }

    /// Runs `code` (which returns a value) until it returns something truthy.
    fn wait_for(&self, what: &str, code: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.script(code);
            let truthy = !matches!(&value, Value::Null | Value::Bool(false))
                && value != json!(0)
                && value != json!("");
            if truthy {
                return value;
            }
            let state = self.script("return document.querySelector('#status').textContent");
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "waited in vain for {what} (status: {state})"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn screenshot(&self, path: &std::path::Path) {
        self.script("window.scrollTo(0, 0); document.activeElement?.blur?.(); return 0");
        let data = self.session_call("GET", "/screenshot", None);
        let bytes = base64_decode(data.as_str().expect("base64 text"));
        std::fs::write(path, bytes).expect("the screenshot is written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = http::delete(&self.address, &path);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut bits = 0u32;
        for (i, d) in chunk.iter().enumerate() {
            bits |= u32::from(*d) << (18 - 6 * i);
        }
        let bytes = bits.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

/// The number of entries in the move list.
const MOVE_COUNT: &str = "return document.querySelectorAll('#moves .mv').length";

/// The real game of GAMES.md (Sumito at depth 4 against depth 1).
const RECORD: &str = "[Event \"Sumito match\"]\n[Black \"depth4\"]\n[White \"depth1\"]\n\
[Result \"1-0\"]\n[Layout \"belgian-daisy\"]\n[MaxPlies \"200\"]\n\
[Termination \"six marbles ejected\"]\n[PlyCount \"37\"]\n\n\
1. a2b2 h6g6 2. c2d2d3 g4g5f3 3. h9h8 h4h5g4 4. i8h7 i6h5 5. g8g7 g3f2 6. g7g6\n\
g3f2 7. h8h7 a5b5 8. h7h6 a4b4 9. c3d3 d5c4 10. b1b2c2 c6c5 11. f3e3 c4b3\n\
12. a1b2 a3b4 13. g6g5 b4b3 14. d3e3d2 b3b2 15. e2d2 e1f2e2 16. c2b2 f3f5e3\n\
17. c1d2c2 b5c5 18. g3h4 c5c6 19. d3c2 1-0\n\n\
[Event \"sumito play\"]\n[Black \"You\"]\n[White \"Sumito\"]\n[Result \"*\"]\n\
[Layout \"standard\"]\n[MaxPlies \"0\"]\n[Termination \"abandoned\"]\n[PlyCount \"2\"]\n\n\
1. a1b2 i9h8 *\n\n";

#[test]
#[ignore = "needs Chromium and ChromeDriver: run scripts/browser-test"]
fn the_page_plays_watches_and_analyses_in_chromium() {
    let started = Instant::now();
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/gui-screenshots");
    std::fs::create_dir_all(&shots).expect("the screenshot folder");
    let profile = std::env::temp_dir().join(format!("sumito-chromium-{}", std::process::id()));
    let gui = Gui::start(&["--movetime", "300"]);
    let browser = Browser::start(&profile);
    browser.open(&gui.url());

    // The board: 61 cells, 14 marbles a side.
    browser.wait_for(
        "the board",
        "return document.querySelectorAll('[data-cell]').length === 61",
    );
    let count =
        |css: &str| browser.script(&format!("return document.querySelectorAll('{css}').length"));
    assert_eq!(count("[data-colour=black]"), json!(14));
    assert_eq!(count("[data-colour=white]"), json!(14));

    // A move by clicks: a1 and b1 together (in line), then c1 in front of them.
    browser.click("[data-cell=a1]");
    browser.click("[data-cell=b1]");
    let targets = count("[data-cell=c1] .target");
    assert_eq!(targets, json!(1), "c1 is shown as a destination");
    browser.click("[data-cell=c1]");
    browser.wait_for(
        "the clicked move",
        "return document.querySelector('#moves .mv')?.textContent === 'a1b1'",
    );
    assert_eq!(count("[data-cell=c1][data-colour=black]"), json!(1));
    assert_eq!(count("[data-cell=a1][data-colour]"), json!(0));

    // The engine's answer appears; then a typed move.
    browser.wait_for("the engine's answer", &format!("{MOVE_COUNT} === 2"));

    // An illegal selection says why: c3 and c5 do not touch.
    browser.click("[data-cell=c3]");
    browser.click("[data-cell=c5]");
    let status = browser.script("return document.querySelector('#status').textContent");
    assert!(status.as_str().unwrap_or("").contains("touch"), "{status}");
    assert_eq!(
        count("#board .selected"),
        json!(1),
        "the selection stays c3"
    );
    browser.click("[data-cell=c3]");
    browser.type_into("input[name=move]", &format!("c5d5{ENTER}"));
    browser.wait_for(
        "the typed move",
        "return document.querySelectorAll('#moves .mv')[2]?.textContent === 'c5d5'",
    );
    browser.wait_for("the engine's second answer", &format!("{MOVE_COUNT} === 4"));
    browser.wait_for(
        "a score on the graph",
        "return document.querySelector('#graph .graph-line') !== null",
    );
    browser.screenshot(&shots.join("play.png"));
    // Against the engine one button steps back, Take back: your move and the engine's reply.
    let buttons = "return ['#undo', '#takeback'].map((b) => document.querySelector(b).hidden)";
    assert_eq!(browser.script(buttons), json!([true, false]));

    // Analysis of the shown position, three lines, the best move as an arrow.
    browser.script("document.querySelector('#multipv').value = '3'; document.querySelector('#multipv').dispatchEvent(new Event('change'));");
    browser.click("#analysis-toggle");
    browser.wait_for(
        "three lines",
        "return document.querySelectorAll('#pv-lines li').length === 3",
    );
    browser.wait_for(
        "the arrow",
        "return document.querySelector('#board .arrow') !== null",
    );
    browser.wait_for(
        "some depth",
        "return /depth ([6-9]|\\d\\d)/.test(document.querySelector('#engine-summary').textContent)",
    );
    browser.screenshot(&shots.join("analysis.png"));

    // A record from the browser's side: loaded through the file input, stepped through.
    let record = shots.join("record.txt");
    std::fs::write(&record, RECORD).expect("the record file");
    browser.type_into("#load", &record.display().to_string());
    browser.wait_for("the record's moves", &format!("{MOVE_COUNT} === 37"));
    // In analysis Undo takes back one move, and there is no engine's reply to take back.
    assert_eq!(browser.script(buttons), json!([false, true]));
    // It opens at its start, so that it can be stepped through: a2 still holds its marble.
    assert_eq!(count("#moves .start.current"), json!(1));
    assert_eq!(count("[data-cell=a2][data-colour=black]"), json!(1));
    browser.click("#forward");
    browser.wait_for(
        "ply 1",
        "return document.querySelector('#moves .mv.current')?.dataset.ply === '1'",
    );
    browser.click("#moves .mv[data-ply='5']");
    browser.wait_for(
        "ply 5",
        "return document.querySelector('#moves .mv.current')?.dataset.ply === '5'",
    );
    // Ten quick presses of the right arrow, all sent before the server answers the first, step
    // ten plies, not one.
    browser.script(
        "for (let i = 0; i < 10; i++) \
         document.body.dispatchEvent(new KeyboardEvent('keydown', \
         { key: 'ArrowRight', bubbles: true }));",
    );
    browser.wait_for(
        "ply 15",
        "return document.querySelector('#moves .mv.current')?.dataset.ply === '15'",
    );
    browser.click("#last");
    browser.wait_for(
        "the result",
        "return !document.querySelector('#result').hidden",
    );
    // At the end of the record the list shows its current (last) move.
    browser.wait_for(
        "the last move in view",
        "const list = document.querySelector('#moves').getBoundingClientRect(); \
         const item = document.querySelector('#moves .current').getBoundingClientRect(); \
         return item.top >= list.top && item.bottom <= list.bottom",
    );
    browser.screenshot(&shots.join("record.png"));
    // Another game of the same file opens by its number, without picking the file again.
    browser.script("const g = document.querySelector('#load-game'); g.value = '2'; g.dispatchEvent(new Event('change'));");
    browser.wait_for("the file's second game", &format!("{MOVE_COUNT} === 2"));

    // Engine against engine, on a clock.
    browser.script("const f = document.querySelector('#new-form'); f.elements.mode.value = 'watch'; f.elements.mode.dispatchEvent(new Event('change')); f.elements.tc.value = '60+1';");
    browser.click("#new-form button[type=submit]");
    // The mode label and the move list change in the same update: once the label says so, the
    // list is the new game's, not the loaded record's.
    browser.wait_for(
        "an engine game",
        "return document.querySelector('#mode-label').textContent === 'Engine against engine' \
         && document.querySelectorAll('#moves .mv').length >= 6",
    );
    browser.wait_for(
        "clocks",
        "return document.querySelectorAll('[data-clock]').length === 2",
    );
    browser.screenshot(&shots.join("watch.png"));

    // A narrow window still shows the whole board.
    browser.session_call(
        "POST",
        "/window/rect",
        Some(json!({ "width": 480, "height": 900 })),
    );
    browser.screenshot(&shots.join("narrow.png"));
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
    eprintln!("browser test took {:.1} s", started.elapsed().as_secs_f64());
}
