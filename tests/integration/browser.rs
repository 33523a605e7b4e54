//! The GUI in a real browser: Debian's headless Chromium driven through ChromeDriver (WebDriver,
//! plain JSON over HTTP). It loads the page with two engines, counts the 61 cells, checks the
//! engines' names and levels and the coordinates, plays a move by clicks, sees the engine answer
//! and the graph draw its score, plays a move by typing, loads a record and steps through it,
//! watches analysis and an engine game, plays at level 1 against the engine panel, and plays on
//! a phone's screen (390 x 844), saving screenshots to target/gui-screenshots/.
//!
//! It needs /usr/bin/chromium and /usr/bin/chromedriver, so it is ignored by `cargo test`;
//! `scripts/browser-test` installs them and runs it (CI does too).

use crate::common::engines::sumito_name;
use crate::common::gui::Gui;
use crate::common::http;
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

/// The Chromium to drive: the first `chromium` on the PATH (scripts/browser-test installs
/// Debian's, /usr/bin/chromium, where none is).
fn chromium() -> String {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("chromium"))
            .find(|path| path.is_file())
    });
    on_path.map_or("/usr/bin/chromium".into(), |path| {
        path.display().to_string()
    })
}

fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

impl Browser {
    /// A ChromeDriver on a free port with a Chromium session. Two tests start theirs at once:
    /// a port found free may be taken by the other's driver before this one binds it, and a
    /// driver may close its first connections while it starts; so a failed start is tried
    /// again with a new port (three times at most).
    fn start(profile: &std::path::Path) -> Browser {
        let mut failures = Vec::new();
        for _ in 0..3 {
            match Browser::try_start(profile) {
                Ok(browser) => return browser,
                Err(why) => failures.push(why),
            }
        }
        panic!("no browser session: {failures:?}");
    }

    /// One attempt of [`Browser::start`]: the driver, then the session.
    fn try_start(profile: &std::path::Path) -> Result<Browser, String> {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts (apt-get install chromium-driver)");
        let address = format!("127.0.0.1:{port}");
        // Dropped on failure, the browser kills its driver.
        let mut browser = Browser {
            driver,
            address,
            session: String::new(),
        };
        let started = Instant::now();
        while std::net::TcpStream::connect(&browser.address).is_err() {
            if started.elapsed() > Duration::from_secs(30) {
                return Err("chromedriver is not up".into());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // A driver that could not bind its port has exited: the port answering is another's.
        if !matches!(browser.driver.try_wait(), Ok(None)) {
            return Err(format!("chromedriver on port {port} exited"));
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
            "goog:chromeOptions": { "binary": chromium(), "args": args },
        }}});
        let headers = [("Content-Type", "application/json")];
        let body = capabilities.to_string();
        let answer = http::request(&browser.address, "POST", "/session", &headers, Some(&body));
        let value: Value = serde_json::from_str(&answer.body)
            .map_err(|e| format!("{} {e}: {:?}", answer.status, answer.body))?;
        browser.session = value["value"]["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {value}"))?
            .to_string();
        Ok(browser)
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
            // A page that redraws as the click lands (a snapshot changing the layout) is
            // clicked again a moment later.
            assert!(
                value["error"] == "stale element reference"
                    || value["error"] == "element click intercepted",
                "click {css}: {value}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        self.screenshot(&std::env::temp_dir().join("sumito-click-failed.png"));
        panic!("{css} kept going stale");
    }

    fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css);
        let body = json!({ "text": text });
        self.session_call("POST", &format!("/element/{element}/value"), Some(body));
    }

    /// Answers the question the page asks (`window.confirm`), yes or no, once it is open;
    /// returns its text.
    fn answer_prompt(&self, yes: bool) -> String {
        let started = Instant::now();
        let path = format!("/session/{}/alert/text", self.session);
        let text = loop {
            let (status, value) = self.try_call("GET", &path, None);
            if status == 200 {
                break value.as_str().unwrap_or_default().to_string();
            }
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no question: {value}"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let answer = if yes { "accept" } else { "dismiss" };
        self.session_call("POST", &format!("/alert/{answer}"), Some(json!({})));
        text
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
        self.screenshot_at(path, 0);
    }

    /// A screenshot of the page scrolled down by `y` pixels.
    fn screenshot_at(&self, path: &std::path::Path, y: u32) {
        self.script(&format!(
            "window.scrollTo(0, {y}); document.activeElement?.blur?.(); return 0"
        ));
        let data = self.session_call("GET", "/screenshot", None);
        let bytes = base64_decode(data.as_str().expect("base64 text"));
        std::fs::write(path, bytes).expect("the screenshot is written");
    }

    /// A screenshot of the element `css` alone.
    fn element_screenshot(&self, css: &str, path: &std::path::Path) {
        let element = self.find(css);
        let data = self.session_call("GET", &format!("/element/{element}/screenshot"), None);
        let bytes = base64_decode(data.as_str().expect("base64 text"));
        std::fs::write(path, bytes).expect("the screenshot is written");
    }

    /// Makes the page a phone's (`mobile`) or a desktop's of `width` x `height` CSS pixels,
    /// through the Chrome DevTools Protocol: the window's own size would include its frame.
    fn emulate(&self, width: u32, height: u32, mobile: bool) {
        let params = json!({ "width": width, "height": height, "deviceScaleFactor": 1,
            "mobile": mobile });
        let body = json!({ "cmd": "Emulation.setDeviceMetricsOverride", "params": params });
        self.session_call("POST", "/goog/cdp/execute", Some(body));
    }

    /// Undoes [`Browser::emulate`]: the window's own size again.
    fn stop_emulating(&self) {
        let body = json!({ "cmd": "Emulation.clearDeviceMetricsOverride", "params": {} });
        self.session_call("POST", "/goog/cdp/execute", Some(body));
    }

    /// Starts a new game from the form as `setup` (JavaScript on `f`, the form's elements) sets
    /// it, submitted in the same script: the engines of the game under way redraw the page
    /// many times a second, which may move the button between finding it and clicking it.
    fn start_game_at_once(&self, setup: &str) {
        self.script(&format!(
            "document.querySelector('#new-game').open = true; \
             const f = document.querySelector('#new-form').elements; {setup}; \
             document.querySelector('#new-form').requestSubmit(); return 0"
        ));
    }

    /// Starts a new game from the form as `setup` (JavaScript on `f`, the form's elements)
    /// sets it, opening the form first (it folds once a game starts).
    fn start_game(&self, setup: &str) {
        self.script(&format!(
            "document.querySelector('#new-game').open = true; \
             const f = document.querySelector('#new-form').elements; {setup}; return 0"
        ));
        self.click("#new-form button[type=submit]");
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

/// The coordinates of the board that touch its frame (their text's box, sampled on a 5 x 5
/// grid, in the frame's fill or stroke), or stand outside the picture.
const COORDINATES_ON_THE_FRAME: &str = "\
    const board = document.querySelector('#board'); \
    const frame = board.querySelector('.frame'); \
    const view = board.viewBox.baseVal; \
    const bad = []; \
    for (const label of board.querySelectorAll('.coord')) { \
      const b = label.getBBox(); \
      if (b.x < view.x || b.y < view.y || b.x + b.width > view.x + view.width \
          || b.y + b.height > view.y + view.height) bad.push(label.textContent + ' cut off'); \
      let touches = false; \
      for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) { \
        const p = board.createSVGPoint(); \
        p.x = b.x + b.width * i / 4; p.y = b.y + b.height * j / 4; \
        if (frame.isPointInFill(p) || frame.isPointInStroke(p)) touches = true; \
      } \
      if (touches) bad.push(label.textContent); \
    } \
    return bad";

/// The names in the player bars and the drop-downs that chose them, for a watched game.
const WATCHED_NAMES: &str = "\
    const f = document.querySelector('#new-form').elements; \
    const chosen = (select) => select.options[select.selectedIndex].text; \
    const bar = (side) => document.querySelector(`.player[data-side=${side}] .name`).textContent; \
    return [bar('black'), bar('white'), chosen(f['black-engine']), chosen(f['white-engine'])]";

/// Whether the engine panel agrees with the last move of the game: its (one) line starts
/// with that move, marked as played.
const PANEL_AGREES: &str = "\
    const moves = [...document.querySelectorAll('#moves .mv')].map((m) => m.textContent); \
    const lines = [...document.querySelectorAll('#pv-lines li')]; \
    const first = lines[0]?.textContent.trim().split(/\\s+/)[1]; \
    return [moves.length, moves[moves.length - 1], first, lines.length, \
      lines[0]?.classList.contains('played') ?? false, \
      document.querySelector('#engine-summary').textContent]";

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
    // Two engines (Sumito twice, under the program's name until each answers).
    let sumito = crate::common::engines::SUMITO;
    let gui = Gui::start(&["--engine", sumito, "--engine", sumito, "--movetime", "300"]);
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

    // Every engine names itself in the drop-downs and shows its levels before it plays: the
    // second is started at launch to answer the handshake (issue 25 point 7).
    let own_names = [1, 2].map(|k| format!("{} #{k}", sumito_name()));
    browser.wait_for(
        "both engines' own names",
        &format!(
            "const names = [...document.querySelector('[name=engine0]').options].map((o) => o.text); \
             return JSON.stringify(names) === '{}'",
            json!(own_names)
        ),
    );
    browser.script(
        "const e = document.querySelector('[name=engine0]'); e.value = '1'; \
         e.dispatchEvent(new Event('change')); return 0",
    );
    browser.wait_for(
        "the second engine's levels",
        "const f = document.querySelector('#new-form').elements; \
         return !f.skill.disabled && document.querySelector('#skill-note').textContent.includes('Elo')",
    );
    // Each level of this build's engine shows its measured Elo (issue 25 point 27), rising.
    let elos = browser.script(
        "return [...document.querySelector('#new-form').elements.skill.options] \
         .map((o) => Number((o.text.match(/· (-?\\d+) Elo/) || [])[1]))",
    );
    let elos: Vec<f64> = elos
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_f64().expect("every level shows its Elo"))
        .collect();
    assert_eq!(elos.len(), 20, "{elos:?}");
    assert!(
        elos.windows(2).all(|w| w[0] > w[1]),
        "20 first, falling: {elos:?}"
    );
    // On the scale of the Elo option and of `d`, whose zero is the random mover (issue 47
    // point 10).
    let ends = [elos[0], elos[19]];
    let scale = [
        sumito_engine::search::FULL_STRENGTH_ELO,
        sumito_engine::search::LEVEL_ONE_OVER_RANDOM,
    ];
    assert_eq!(ends, scale.map(f64::from));
    browser.element_screenshot("#new-form", &shots.join("levels.png"));
    browser.script(
        "const e = document.querySelector('[name=engine0]'); e.value = '0'; \
         e.dispatchEvent(new Event('change')); return 0",
    );

    // The coordinates stand clear of the frame, the board either way up (issue 25 point 8).
    assert_eq!(browser.script(COORDINATES_ON_THE_FRAME), json!([]));
    browser.click("#flip");
    assert_eq!(
        browser.script(COORDINATES_ON_THE_FRAME),
        json!([]),
        "turned"
    );
    browser.screenshot(&shots.join("flipped.png"));
    browser.click("#flip");

    // Each target of a sideways move means one move: c3 and c4 go to d3 d4 or to d4 d5, shown
    // at d3 and d5, never at d4; pointing at one shows where the marbles land (issue 47
    // point 3).
    browser.click("[data-cell=c3]");
    browser.click("[data-cell=c4]");
    let targets = browser.script(
        "return [...document.querySelectorAll('#board .target')] \
         .map((t) => t.parentNode.dataset.cell).filter((c) => c.startsWith('d')).sort()",
    );
    assert_eq!(targets, json!(["d3", "d5"]));
    browser.script(
        "document.querySelector('[data-cell=d5]').dispatchEvent(new PointerEvent('pointerenter'))",
    );
    let landing = browser.script("return [...document.querySelectorAll('#board .landing')].length");
    assert_eq!(landing, json!(2), "rings on d4 and d5");
    browser.element_screenshot("#board", &shots.join("sideways-targets.png"));
    // A finger cannot point: its first tap on a sideways target shows where the marbles land,
    // and plays nothing.
    browser.script(
        "const d5 = document.querySelector('[data-cell=d5]'); \
         d5.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true })); \
         d5.dispatchEvent(new MouseEvent('click', { bubbles: true }))",
    );
    let status = browser.script("return document.querySelector('#status').textContent");
    assert!(
        status.as_str().unwrap_or_default().contains("tap d5 again"),
        "{status}"
    );
    assert_eq!(count("#board .landing"), json!(2));
    assert_eq!(browser.script("return state.moves.length"), json!(0));
    // A selected marble clicked again leaves the selection, though a move lands on it.
    browser.click("[data-cell=c3]");
    browser.click("[data-cell=c4]");
    assert_eq!(count("#board .selected"), json!(0));
    assert_eq!(browser.script("return state.moves.length"), json!(0));

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
    // With the game under way the New game form has folded away (issue 25 point 5).
    assert_eq!(
        browser.script("return document.querySelector('#new-game').open"),
        json!(false)
    );

    // The engine's answer appears; then a typed move.
    browser.wait_for("the engine's answer", &format!("{MOVE_COUNT} === 2"));
    // The graph draws the first score, with a scale, the plies and a legend (issue 25 point 9).
    browser.wait_for(
        "the first score on the graph",
        "return document.querySelectorAll('#graph .graph-dot').length === 1",
    );
    assert_eq!(
        browser.script(
            "return [...document.querySelectorAll('#graph .graph-y')].map((t) => t.textContent)"
        ),
        json!(["+1", "0", "−1"]),
        "the scale, in marbles"
    );
    assert!(
        count("#graph .graph-x").as_u64().unwrap_or(0) >= 2,
        "the plies"
    );
    assert_eq!(count("#graph .graph-title"), json!(1), "the axis' name");
    assert_eq!(count("#graph-legend .swatch"), json!(3), "the legend");

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
        "two scores on the graph",
        "return document.querySelectorAll('#graph .graph-dot').length === 2",
    );
    browser.screenshot(&shots.join("play.png"));
    browser.element_screenshot("#evaluation", &shots.join("graph-play.png"));
    // Against the engine one button steps back, Take back: your move and the engine's reply.
    let buttons = "return ['#undo', '#takeback'].map((b) => document.querySelector(b).hidden)";
    assert_eq!(browser.script(buttons), json!([true, false]));

    // Analyse asks first, during a game: no keeps the game played (issue 47 point 8).
    browser.click("#analyse-game");
    let question = browser.answer_prompt(false);
    assert!(question.starts_with("Analyse this game?"), "{question}");
    assert_eq!(browser.script("return state.mode"), json!("play"));

    // Analysis of the shown position, three lines, the best move as an arrow.
    browser.script("document.querySelector('#multipv').value = '3'; document.querySelector('#multipv').dispatchEvent(new Event('change'));");
    // The engine panel's Start analysis also ends the game's play, so it asks too.
    browser.click("#analysis-toggle");
    let question = browser.answer_prompt(true);
    assert!(question.starts_with("Analyse this game?"), "{question}");
    browser.wait_for(
        "three lines",
        "return document.querySelectorAll('#pv-lines li').length === 3",
    );
    // The game can be gone back to from its analysis (issue 47 point 8).
    assert_eq!(
        browser.script("return document.querySelector('#resume').hidden"),
        json!(false)
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
    // The picker let go: the arrow keys step through the record, and the same file may be
    // picked again (issue 47 point 5).
    assert_eq!(
        browser.script(
            "const p = document.querySelector('#load'); \
             return [document.activeElement === p, p.value]"
        ),
        json!([false, ""])
    );
    // Its graph shows what is known without an engine, the marbles ejected, and says how the
    // engine's scores come (issue 25 point 9).
    assert_eq!(count("#graph .graph-material"), json!(1));
    assert_eq!(count("#graph .graph-dot"), json!(0));
    let note = browser.script("return document.querySelector('#graph-note').textContent");
    assert!(
        note.as_str().unwrap_or("").contains("Start analysis"),
        "{note}"
    );
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
    // The result stands clear of the board's cells, the last move's among them (issue 25
    // point 10).
    let covered = browser.script(
        "const r = document.querySelector('#result').getBoundingClientRect(); \
         return [...document.querySelectorAll('[data-cell]')].filter((cell) => { \
           const c = cell.getBoundingClientRect(); \
           return c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom; \
         }).map((cell) => cell.dataset.cell)",
    );
    assert_eq!(covered, json!([]), "cells under the result");
    assert_eq!(
        count("#board .last-to"),
        json!(2),
        "d3c2 lands on c2 and b1"
    );
    browser.screenshot(&shots.join("record.png"));
    browser.element_screenshot("#evaluation", &shots.join("graph-record.png"));
    // A move on an earlier position asks first, saying what it drops; no keeps the game whole,
    // yes plays it, and the loaded record opens again (issue 47 point 1).
    browser.click("#moves .mv[data-ply='3']");
    browser.wait_for("ply 3", "return state.cursor === 3");
    let branch = browser.script("return state.legal[0].m");
    let branch = branch.as_str().expect("a legal move").to_string();
    browser.type_into("input[name=move]", &format!("{branch}{ENTER}"));
    let question = browser.answer_prompt(false);
    assert!(question.contains("drops the 34 later moves"), "{question}");
    assert!(question.contains("Open again"), "{question}");
    assert_eq!(browser.script("return state.moves.length"), json!(37));
    browser.type_into("input[name=move]", ENTER);
    browser.answer_prompt(true);
    browser.wait_for("the new line", "return state.moves.length === 4");
    browser.click("#reopen");
    browser.wait_for(
        "the record again",
        "return state.moves.length === 37 && state.cursor === 0",
    );
    // Another game of the same file opens by its number, without picking the file again.
    browser.script("const g = document.querySelector('#load-game'); g.value = '2'; g.dispatchEvent(new Event('change'));");
    browser.wait_for("the file's second game", &format!("{MOVE_COUNT} === 2"));

    // Engine against engine, on a clock.
    browser.start_game(
        "f.mode.value = 'watch'; f.mode.dispatchEvent(new Event('change')); f.tc.value = '60+1'",
    );
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
    // The player bars name the engines as the drop-downs do, the second too though it had not
    // played when the game began (issue 25 point 7).
    assert_eq!(
        browser.script(WATCHED_NAMES),
        json!([
            format!("{} #1", sumito_name()),
            format!("{} #2", sumito_name()),
            format!("{} #1", sumito_name()),
            format!("{} #2", sumito_name())
        ])
    );
    // Once a game starts the form folds away (issue 25 point 5).
    assert_eq!(
        browser.script("return document.querySelector('#new-game').open"),
        json!(false)
    );
    // A click on the board says the engines play; the next move clears it (issue 47 point 8).
    browser.click("[data-cell=e5]");
    let playing = "document.querySelector('#status').textContent.includes('engines are playing')";
    assert_eq!(browser.script(&format!("return {playing}")), json!(true));
    browser.wait_for("the next move", &format!("return !{playing}"));
    // A drag on the board says that marbles move by clicks.
    browser.script(
        "const b = document.querySelector('#board'); \
         b.dispatchEvent(new PointerEvent('pointerdown', { clientX: 100, clientY: 100 })); \
         b.dispatchEvent(new PointerEvent('pointerup', { clientX: 160, clientY: 100 }))",
    );
    let status = browser.script("return document.querySelector('#status').textContent");
    assert!(
        status
            .as_str()
            .unwrap_or_default()
            .contains("Marbles move by clicks"),
        "{status}"
    );
    browser.screenshot(&shots.join("watch.png"));

    // At level 1 the engine plays one of its four best lines, often not the best: the panel
    // shows the line of the move it played, never another (issue 25 point 6).
    browser.start_game(
        "f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         f.colour.value = 'black'; f.engine0.value = '0'; f.tc.value = 'movetime=200'; \
         f.skill.value = '1'",
    );
    browser.wait_for(
        "a game at level 1",
        "return document.querySelector('#mode-label').textContent === 'Playing the engine' \
         && document.querySelectorAll('#moves .mv').length === 0",
    );
    let mut not_best = 0;
    for ply in (2..=16).step_by(2) {
        browser.script(
            "const input = document.querySelector('input[name=move]'); \
             input.value = state.legal[0].m; return 0",
        );
        browser.type_into("input[name=move]", ENTER);
        browser.wait_for(
            "the engine's answer at level 1",
            &format!("{MOVE_COUNT} === {ply} && state.thinking && !state.thinking.running"),
        );
        let panel = browser.script(PANEL_AGREES);
        assert_eq!(panel[0], json!(ply), "{panel}");
        assert_eq!(
            panel[1], panel[2],
            "the panel's line starts with the move played: {panel}"
        );
        assert_eq!(panel[3], json!(1), "only the line played: {panel}");
        assert_eq!(panel[4], json!(true), "marked as played: {panel}");
        not_best += usize::from(
            panel[5]
                .as_str()
                .unwrap_or("")
                .contains("the engine's line"),
        );
    }
    eprintln!("level 1: {not_best} of 8 answers were not the engine's best line");
    // Take back leaves no line of a position taken back.
    browser.click("#takeback");
    browser.wait_for("the take-back", &format!("{MOVE_COUNT} === 14"));
    assert_eq!(
        count("#pv-lines li"),
        json!(0),
        "a stale line after take back"
    );

    draws_and_resignations(&browser, &shots);
    a_new_server_is_noticed(&browser);
    browser.open(&gui.url());
    browser.wait_for(
        "the first GUI again",
        "return document.querySelectorAll('[data-cell]').length === 61",
    );

    // A phone, 390 x 844: a game started there folds the form away, the board takes the
    // width, every control is a finger's height, and the move box and the list follow the
    // board (issue 25 point 5).
    browser.emulate(390, 844, true);
    // Start is tapped where the form stands, below the board: the board comes into view
    // (issue 47 point 6).
    browser.start_game(
        "f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         f.skill.value = '20'; f.tc.value = 'movetime=200'; \
         window.scrollTo(0, document.body.scrollHeight)",
    );
    browser.wait_for("a new game on the phone", &format!("{MOVE_COUNT} === 0"));
    browser.wait_for(
        "the board in view",
        "const r = document.querySelector('#board').getBoundingClientRect(); \
         return r.top >= 0 && r.top < 844 / 2",
    );
    browser.type_into("input[name=move]", &format!("a1b2{ENTER}"));
    browser.wait_for(
        "the engine's answer on the phone",
        &format!("{MOVE_COUNT} === 2"),
    );

    let phone = browser.script(
        "const rect = (css) => document.querySelector(css).getBoundingClientRect(); \
         const e1 = rect('[data-cell=e1] .hole'), e9 = rect('[data-cell=e9] .hole'); \
         const small = [...document.querySelectorAll('button, select, input, summary, a')] \
           .filter((c) => c.getClientRects().length > 0 && c.getBoundingClientRect().height < 44) \
           .map((c) => c.id || c.name || c.textContent); \
         return { width: document.documentElement.clientWidth, \
           scrollWidth: document.documentElement.scrollWidth, \
           hole: e1.width, row: e9.right - e1.left, \
           folded: !document.querySelector('#new-game').open, \
           form: rect('#new-game').height, \
           entry: rect('input[name=move]').top - rect('#board').bottom, \
           list: rect('#moves').top - rect('#board').bottom, small }",
    );
    eprintln!("phone: {phone}");
    assert_eq!(phone["width"], json!(390), "{phone}");
    assert_eq!(
        phone["scrollWidth"],
        json!(390),
        "no sideways scrolling: {phone}"
    );
    let number = |key: &str| phone[key].as_f64().unwrap_or(f64::NAN);
    assert!(number("hole") >= 27.0, "the cells fill the width: {phone}");
    assert!(
        number("row") >= 0.8 * 390.0,
        "the middle row spans the width: {phone}"
    );
    assert_eq!(phone["folded"], json!(true), "{phone}");
    assert!(
        number("form") <= 70.0,
        "the folded form is one line: {phone}"
    );
    assert!(
        number("entry") <= 300.0,
        "the move box follows the board: {phone}"
    );
    assert!(
        number("list") <= 400.0,
        "the move list follows the board: {phone}"
    );
    assert_eq!(phone["small"], json!([]), "controls under 44 px");
    browser.screenshot(&shots.join("phone.png"));
    // The phone turned, two players: no sideways scrolling (issue 47 point 6).
    browser.emulate(844, 390, true);
    browser.screenshot(&shots.join("phone-landscape.png"));
    let width = browser.script("return document.documentElement.scrollWidth");
    assert_eq!(width, json!(844), "no sideways scrolling in landscape");
    browser.emulate(390, 844, true);
    // Offer draw and Resign follow the move box, and the answer fits the width.
    browser.click("#offer-draw");
    browser.wait_for(
        "the answer on the phone",
        "return document.querySelector('#engine-says').textContent.includes('declines')",
    );
    let says = browser.script(
        "const s = document.querySelector('#engine-says').getBoundingClientRect(); \
         return [s.right <= document.documentElement.clientWidth, \
           document.documentElement.scrollWidth]",
    );
    assert_eq!(says, json!([true, 390]), "the answer fits the phone");
    let below = browser.script(
        "return Math.round(document.querySelector('#controls').getBoundingClientRect().top \
         + window.scrollY - 8)",
    );
    let below = u32::try_from(below.as_u64().unwrap_or(0)).unwrap_or(0);
    browser.screenshot_at(&shots.join("phone-moves.png"), below);
    browser.element_screenshot("#evaluation", &shots.join("phone-graph.png"));
    // The new game form with a watched game's adjudication, on the phone.
    browser.script(
        "document.querySelector('#new-game').open = true; \
         const f = document.querySelector('#new-form').elements; \
         f.mode.value = 'watch'; f.mode.dispatchEvent(new Event('change')); \
         f['draw-on'].checked = true; f['draw-on'].dispatchEvent(new Event('change')); return 0",
    );
    browser.element_screenshot("#new-game", &shots.join("phone-adjudication-form.png"));
    browser.script("document.querySelector('#new-game').open = false; return 0");
    browser.emulate(480, 900, false);

    // A narrow window still shows the whole board.
    browser.screenshot(&shots.join("narrow.png"));
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
    eprintln!("browser test took {:.1} s", started.elapsed().as_secs_f64());
}

/// The person's Offer draw and Resign, and a watched game's adjudication (issue 29): an early
/// On a phone (390 x 844) the game of more players fits the width: no sideways scrolling, and
/// no seat panel's line cut off (issue 47 point 6). Saves a screenshot to `shot`.
fn fits_a_phone(browser: &Browser, shot: &std::path::Path) {
    browser.emulate(390, 844, true);
    browser.screenshot(shot);
    let width = browser.script("return document.documentElement.scrollWidth");
    // What sticks out, if anything does.
    let wide = browser.script(
        "return [...document.querySelectorAll('body *')] \
         .filter((e) => e.getBoundingClientRect().right > 391) \
         .map((e) => `${e.tagName}.${e.className.baseVal ?? e.className}`).slice(0, 8)",
    );
    assert_eq!(width, json!(390), "no sideways scrolling: {wide}");
    let cut = browser.script(
        "return [...document.querySelectorAll('#seat-panels *')] \
         .filter((e) => e instanceof HTMLElement && e.children.length === 0) \
         .filter((e) => e.scrollWidth > e.clientWidth + 1) \
         .map((e) => e.textContent)",
    );
    assert_eq!(cut, json!([]), "seat panel text cut off");
    // The phone turned: no sideways scrolling either.
    browser.emulate(844, 390, true);
    let landscape = shot.with_file_name(format!(
        "{}-landscape.png",
        shot.file_stem().unwrap_or_default().to_string_lossy()
    ));
    browser.screenshot(&landscape);
    let width = browser.script("return document.documentElement.scrollWidth");
    assert_eq!(width, json!(844), "no sideways scrolling in landscape");
    // The seat panels leave most of the board on the first screen.
    let board = browser.script(
        "const r = document.querySelector('#board').getBoundingClientRect(); \
         return (390 - r.top) / r.height",
    );
    assert!(
        board.as_f64().is_some_and(|shown| shown >= 0.5),
        "board shown: {board}"
    );
    browser.stop_emulating();
}

/// A page whose server ended and another started on its port shows the new server's game, not
/// the old one, and no stale failure (issue 47 point 4).
fn a_new_server_is_noticed(browser: &Browser) {
    let mut old = Gui::start(&["--movetime", "100"]);
    for (path, body) in [
        ("/api/new", r#"{"mode":"analyse"}"#),
        ("/api/analysis", r#"{"running":false}"#),
        ("/api/move", r#"{"move":"a1b2"}"#),
        ("/api/move", r#"{"move":"i5h5"}"#),
        ("/api/goto", r#"{"ply":1}"#),
        ("/api/goto", r#"{"ply":2}"#),
    ] {
        assert_eq!(
            http::post_json(&old.address, path, body).status,
            200,
            "{path}"
        );
    }
    browser.open(&old.url());
    browser.wait_for("the old game", &format!("{MOVE_COUNT} === 2"));
    let port: u16 = old.address.rsplit(':').next().unwrap().parse().unwrap();
    old.terminate();
    // A step while no server answers fails, and says so.
    browser.click("#back");
    browser.wait_for(
        "the failure",
        "return document.querySelector('#status').textContent.includes('does not answer')",
    );
    let _new = Gui::start_on(port, &["--movetime", "100"]);
    browser.wait_for(
        "the new server's game",
        &format!("{MOVE_COUNT} === 0 && state.moves.length === 0"),
    );
    let status = browser.script("return document.querySelector('#status').textContent");
    assert!(
        !status
            .as_str()
            .unwrap_or_default()
            .contains("does not answer"),
        "{status}"
    );
}

/// offer declined with Sumito's reason, a resignation, then on a second GUI whose engine
/// scores every position level, an offer accepted after four moves of the engine and a
/// watched game adjudicated drawn. Saves draw-declined.png, resigned.png, draw-accepted.png
/// and watch-adjudication.png.
fn draws_and_resignations(browser: &Browser, shots: &std::path::Path) {
    browser.start_game(
        "f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         f.colour.value = 'black'; f.engine0.value = '0'; f.tc.value = 'movetime=200'; \
         f.skill.value = '20'",
    );
    browser.wait_for("a new game", &format!("{MOVE_COUNT} === 0"));
    browser.type_into("input[name=move]", &format!("a1b2{ENTER}"));
    browser.wait_for("the engine's answer", &format!("{MOVE_COUNT} === 2"));
    browser.click("#offer-draw");
    let says = "return document.querySelector('#engine-says').textContent";
    browser.wait_for(
        "the engine's answer to the offer",
        &format!("{says}.includes('Sumito declines')"),
    );
    // The answer stands in the game panel, under the buttons, and the game goes on.
    assert_eq!(
        browser.script("return document.querySelector('#result').hidden"),
        json!(true)
    );
    browser.screenshot(&shots.join("draw-declined.png"));
    browser.click("#resign");
    assert_eq!(browser.answer_prompt(true), "Resign this game?");
    browser.wait_for(
        "the resignation",
        "return document.querySelector('#result').textContent.includes('White wins: resignation')",
    );
    let disabled =
        "return ['#offer-draw', '#resign'].map((b) => document.querySelector(b).disabled)";
    assert_eq!(browser.script(disabled), json!([true, true]));
    browser.screenshot(&shots.join("resigned.png"));

    // An engine that scores every position level accepts a draw once it has played four
    // moves.
    let level = format!(
        "{} '{}' 'cp 0'",
        crate::common::engines::script("fixed-score"),
        crate::common::engines::SUMITO
    );
    let gui = Gui::start(&["--engine", &level, "--tc", "depth=2"]);
    browser.open(&gui.url());
    browser.wait_for(
        "the level engine",
        "return state && state.engines[0].name === 'Fixed cp 0'",
    );
    browser.start_game(
        "f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         f.colour.value = 'black'; f.tc.value = 'depth=2'",
    );
    browser.wait_for("a new game", &format!("{MOVE_COUNT} === 0"));
    for ply in (2..=8).step_by(2) {
        browser.script(
            "document.querySelector('input[name=move]').value = state.legal[0].m; return 0",
        );
        browser.type_into("input[name=move]", ENTER);
        browser.wait_for("the engine's answer", &format!("{MOVE_COUNT} === {ply}"));
    }
    browser.click("#offer-draw");
    browser.wait_for(
        "the draw",
        "return document.querySelector('#result').textContent.includes('draw by agreement')",
    );
    let text = browser.script(says);
    assert!(
        text.as_str().unwrap_or("").starts_with("Sumito accepts"),
        "{text}"
    );
    browser.screenshot(&shots.join("draw-accepted.png"));

    // A watched game with a draw rule; a bad rule is refused with `sumito match`'s words.
    browser.start_game(
        "f.mode.value = 'watch'; f.mode.dispatchEvent(new Event('change')); \
         f['draw-on'].checked = true; f['draw-on'].dispatchEvent(new Event('change')); \
         f['draw-movenumber'].value = '3'; f['draw-movecount'].value = '0'; \
         f['draw-score'].value = '0'",
    );
    browser.wait_for(
        "the refusal",
        "return document.querySelector('#status').textContent.includes('movecount must be')",
    );
    browser.screenshot(&shots.join("adjudication-refused.png"));
    browser.start_game("f['draw-movecount'].value = '3'");
    browser.wait_for(
        "the adjudication",
        "return document.querySelector('#result').textContent.includes('adjudicated draw')",
    );
    let result = browser.script("return document.querySelector('#result').textContent");
    assert!(
        result
            .as_str()
            .unwrap_or("")
            .contains("scores: black +0 +0 +0; white +0 +0 +0"),
        "{result}"
    );
    browser.screenshot(&shots.join("watch-adjudication.png"));
    // On a phone the result box, with the scores, fits the width.
    browser.emulate(390, 844, true);
    let fits = browser.script(
        "const r = document.querySelector('#result').getBoundingClientRect(); \
         return [r.left >= 0, r.right <= document.documentElement.clientWidth, \
           document.documentElement.scrollWidth]",
    );
    assert_eq!(fits, json!([true, true, 390]), "the result box on a phone");
    browser.screenshot(&shots.join("phone-adjudication.png"));
    browser.stop_emulating();
}

/// The number of seat panels, the marbles of each seat's colour and the letters on them.
const SEATS_DRAWN: &str = "\
    const count = (css) => document.querySelectorAll(css).length; \
    return [count('#seat-panels .seat-panel'), \
      ...['black', 'white', 'red', 'green'].map((c) => count(`[data-colour=${c}]`)), \
      count('#board .marble-letter')]";

/// The colour of the panel marked to move, and the status line.
const TURN_SHOWN: &str = "\
    const moving = [...document.querySelectorAll('#seat-panels .seat-panel.to-move')]; \
    return [moving.map((p) => p.dataset.side).join(','), \
      document.querySelector('#status').textContent]";

/// Games of three and four players (issue: N-player GUI): a person at seat 1 moving by clicks
/// and engines at the other seats, the panels and letters drawn, whose turn it is shown;
/// six engines alone; three engines alone, analysis of the position they reached, and the game
/// saved and loaded back. Saves three-player.png, four-player.png, six-player.png,
/// three-player-watch.png and three-player-analysis.png.
#[test]
#[ignore = "needs Chromium and ChromeDriver: run scripts/browser-test"]
fn three_and_four_players_play_in_chromium() {
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/gui-screenshots");
    std::fs::create_dir_all(&shots).expect("the screenshot folder");
    let profile =
        std::env::temp_dir().join(format!("sumito-chromium-seats-{}", std::process::id()));
    let sumito = crate::common::engines::SUMITO;
    let gui = Gui::start(&["--engine", sumito, "--movetime", "200"]);
    let browser = Browser::start(&profile);
    browser.open(&gui.url());
    browser.wait_for(
        "the board",
        "return document.querySelectorAll('[data-cell]').length === 61",
    );

    // Three players: a person at seat 1 (Black), Sumito at seats 2 and 3.
    browser.start_game(
        "f.players.value = '3'; f.players.dispatchEvent(new Event('change')); \
         f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         f.seat0.value = 'person'; f.seat1.value = '0'; f.seat2.value = '0'; \
         f.tc.value = 'movetime=200'",
    );
    browser.wait_for(
        "three seats",
        "return document.querySelectorAll('#seat-panels .seat-panel').length === 3",
    );
    assert_eq!(browser.script(SEATS_DRAWN), json!([3, 11, 11, 11, 0, 33]));
    assert_eq!(
        browser.script(TURN_SHOWN),
        json!(["black", "Black to move (your move)"])
    );
    browser.click("[data-cell=a1]");
    browser.click("[data-cell=b1]");
    browser.click("[data-cell=c1]");
    browser.wait_for(
        "both engines' answers",
        &format!("{MOVE_COUNT} === 3 && state.board.to_move === 'black'"),
    );
    assert_eq!(
        browser.script(TURN_SHOWN),
        json!(["black", "Black to move (your move)"])
    );
    let first = browser.script("return state.moves[0]");
    assert_eq!(first, json!("a1b1"));
    browser.screenshot(&shots.join("three-player.png"));
    // A move for an engine's seat is refused; the person leaves, and the engines play on.
    browser.click("#resign");
    let question = browser.answer_prompt(true);
    assert!(question.starts_with("Leave the game?"), "{question}");
    browser.wait_for(
        "the person's seat left",
        "return document.querySelector('.seat-panel[data-side=black]').classList.contains('left')",
    );
    browser.wait_for("the engines go on", &format!("{MOVE_COUNT} >= 6"));

    // Four players in two teams: the person at seat 1 with Sumito as partner at seat 3.
    browser.script(
        "document.querySelector('#new-game').open = true; \
         const f = document.querySelector('#new-form').elements; \
         f.players.value = '4'; f.players.dispatchEvent(new Event('change')); f['seat2-tc'].value = 'depth=2'; return 0",
    );
    browser.element_screenshot("#new-form", &shots.join("four-player-form.png"));
    browser.start_game_at_once(
        "f.players.value = '4'; f.players.dispatchEvent(new Event('change')); \
         f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         f.seat0.value = 'person'; f.seat1.value = '0'; f.seat2.value = '0'; f.seat3.value = '0'; \
         f['seat2-tc'].value = 'depth=2'; f.tc.value = 'movetime=200'",
    );
    browser.wait_for(
        "four seats",
        "return document.querySelectorAll('#seat-panels .seat-panel').length === 4",
    );
    assert_eq!(browser.script(SEATS_DRAWN), json!([4, 9, 9, 9, 9, 36]));
    let teams = browser.script(
        "return [...document.querySelectorAll('.seat-panel .team-tag')].map((t) => t.textContent)",
    );
    assert_eq!(
        teams,
        json!(["team A 0/6", "team B 0/6", "team A 0/6", "team B 0/6"])
    );
    let partners = browser.script(
        "return [...document.querySelectorAll('.seat-facts')].map((f) => f.textContent.split('with ')[1])",
    );
    assert_eq!(partners, json!(["Red", "Green", "Black", "White"]));
    // Red, Sumito at depth 2, says so.
    let red = browser.script("return document.querySelectorAll('.seat-facts')[2].textContent");
    assert!(red.as_str().unwrap_or("").contains("(depth=2)"), "{red}");
    browser.click("[data-cell=a2]");
    browser.click("[data-cell=b2]");
    browser.wait_for(
        "three engines' answers",
        &format!("{MOVE_COUNT} === 4 && state.board.to_move === 'black'"),
    );
    browser.screenshot(&shots.join("four-player.png"));
    fits_a_phone(&browser, &shots.join("four-player-phone.png"));

    // Six players in three teams, engines alone: six colours and letters, a column per team.
    browser.start_game_at_once(
        "f.players.value = '6'; f.players.dispatchEvent(new Event('change')); \
         f.mode.value = 'watch'; f.mode.dispatchEvent(new Event('change')); \
         for (let i = 0; i < 6; i++) f[`seat${i}`].value = '0'; \
         f.tc.add(new Option('5 s + 0.05 s', '5+0.05')); f.tc.value = '5+0.05'",
    );
    browser.wait_for(
        "six seats playing",
        &format!("{MOVE_COUNT} >= 7 && state.multi && state.multi.players === 6"),
    );
    let marbles = browser.script(
        "return ['black', 'white', 'red', 'green', 'yellow', 'blue'] \
         .map((c) => document.querySelectorAll(`[data-colour=${c}]`).length)",
    );
    assert_eq!(marbles, json!([6, 6, 6, 6, 6, 6]));
    // A clock per seat, on a clock time control (`go time1 … time6`).
    assert_eq!(
        browser.script("return document.querySelectorAll('#seat-panels [data-clock]').length"),
        json!(6)
    );
    browser.screenshot(&shots.join("six-player.png"));
    fits_a_phone(&browser, &shots.join("six-player-phone.png"));

    // A game of four finished on a desktop of 1280 x 800: the result shows without scrolling
    // (issue 47 point 7). Black and Red, team A, leave; White moves between.
    for (path, body) in [
        (
            "/api/new",
            r#"{"mode":"play","players":4,"seats":["person","person","person","person"]}"#,
        ),
        ("/api/resign", "{}"),
        ("/api/move", r#"{"move":"e9e8"}"#),
        ("/api/resign", "{}"),
    ] {
        let answer = http::post_json(&gui.address, path, body);
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    }
    browser.emulate(1280, 800, false);
    browser.wait_for(
        "the result",
        "return !document.querySelector('#result').hidden",
    );
    let bottom = browser.script(
        "window.scrollTo(0, 0); return document.querySelector('#result').getBoundingClientRect().bottom",
    );
    assert!(
        bottom.as_f64().is_some_and(|b| b <= 800.0),
        "the result's bottom at {bottom}"
    );
    browser.screenshot(&shots.join("four-player-over-desktop.png"));
    browser.stop_emulating();

    // Three engines alone, then analysis of the position they reached.
    browser.start_game_at_once(
        "f.players.value = '3'; f.players.dispatchEvent(new Event('change')); \
         f.mode.value = 'watch'; f.mode.dispatchEvent(new Event('change')); \
         f.seat0.value = '0'; f.seat1.value = '0'; f.seat2.value = '0'; \
         f.tc.value = 'movetime=200'",
    );
    browser.wait_for(
        "the engines' game",
        &format!("{MOVE_COUNT} >= 7 && state.mode === 'watch'"),
    );
    browser.screenshot(&shots.join("three-player-watch.png"));
    browser.click("#analysis-toggle");
    browser.answer_prompt(true);
    browser.wait_for(
        "a line of analysis",
        "return state.mode === 'analyse' && document.querySelectorAll('#pv-lines li').length >= 1",
    );
    let summary = browser.script("return document.querySelector('#engine-summary').textContent");
    assert!(
        summary.as_str().unwrap_or("").contains("the seat to move"),
        "{summary}"
    );
    browser.screenshot(&shots.join("three-player-analysis.png"));

    // The game saved as a record and loaded back through the file input.
    let saved = http::get(&gui.address, "/api/record");
    assert_eq!(saved.status, 200);
    assert!(
        saved.body.contains("[Layout \"three-player\"]"),
        "{}",
        saved.body
    );
    let turns = browser.script("return state.moves.length");
    let record = shots.join("three-player-record.txt");
    std::fs::write(&record, &saved.body).expect("the record file");
    browser.type_into("#load", &record.display().to_string());
    browser.wait_for(
        "the record at its start",
        &format!("return state.cursor === 0 && state.moves.length === {turns} && state.multi"),
    );
    browser.click("#last");
    browser.wait_for(
        "the record's last turn",
        &format!("return state.cursor === {turns}"),
    );

    // Three persons: Black moves, White and Red leave; the last in play wins, and the panels
    // say so.
    browser.start_game_at_once(
        "f.players.value = '3'; f.players.dispatchEvent(new Event('change')); \
         f.mode.value = 'play'; f.mode.dispatchEvent(new Event('change')); \
         for (let i = 0; i < 3; i++) f[`seat${i}`].value = 'person'",
    );
    browser.wait_for(
        "a game of persons",
        &format!("{MOVE_COUNT} === 0 && state.multi && state.mode === 'play'"),
    );
    browser.type_into("input[name=move]", &format!("a1b1{ENTER}"));
    browser.wait_for("the typed move", &format!("{MOVE_COUNT} === 1"));
    browser.click("#resign");
    browser.answer_prompt(true);
    browser.wait_for("white left", &format!("{MOVE_COUNT} === 2"));
    browser.click("#resign");
    browser.answer_prompt(true);
    browser.wait_for(
        "the result",
        "return !document.querySelector('#result').hidden",
    );
    let result = browser.script("return document.querySelector('#result').textContent");
    assert_eq!(result, json!("1-2-2Black wins: the others have left"));
    assert_eq!(
        browser
            .script("return [...document.querySelectorAll('.seat-panel')].map((p) => p.className)"),
        json!([
            "player seat-panel won",
            "player seat-panel left",
            "player seat-panel left"
        ])
    );
    browser.screenshot(&shots.join("three-player-over.png"));
    // At a table of persons only, Undo takes back one turn: Red is back in the game.
    let buttons = "return ['#undo', '#takeback'].map((b) => document.querySelector(b).hidden)";
    assert_eq!(browser.script(buttons), json!([false, true]));
    browser.click("#undo");
    browser.wait_for(
        "red back in the game",
        &format!("{MOVE_COUNT} === 2 && document.querySelector('#result').hidden"),
    );

    // A phone: the panels two abreast, no sideways scrolling.
    browser.emulate(390, 844, true);
    let width = browser.script("return document.documentElement.scrollWidth");
    assert_eq!(width, json!(390));
    browser.screenshot(&shots.join("three-player-phone.png"));
    browser.stop_emulating();
    drop(browser);
    let _ = std::fs::remove_dir_all(&profile);
}
