//! `sumito gui` driven through its HTTP API, as the page does: moves checked by the rules core,
//! the engine's answer, the record round trip, the Host/Origin guard, malformed requests, and
//! engines that crash, cheat or stay silent.

use crate::common::engines::script;
use crate::common::gui::{Gui, moves};
use crate::common::http::{get, post_json, raw, request};

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let gui = Gui::start(&["--movetime", "100"]);
    let page = get(&gui.address, "/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("name=\"move\""));
    assert!(page.body.contains("id=\"moves\""));
    assert!(
        page.body
            .contains(r#"<link rel="icon" href="/favicon.svg""#)
    );
    for (path, kind) in [
        ("/app.js", "javascript"),
        ("/style.css", "css"),
        ("/favicon.svg", "svg"),
        ("/favicon.ico", "svg"),
    ] {
        let asset = get(&gui.address, path);
        assert_eq!(asset.status, 200, "{path}");
        assert!(
            asset
                .header("content-type")
                .is_some_and(|t| t.contains(kind))
        );
    }
    let state = gui.state();
    let marbles = state["board"]["marbles"].as_object().expect("marbles");
    assert_eq!(marbles.len(), 28);
    assert_eq!(state["board"]["to_move"], "black");
}

#[test]
fn a_move_is_checked_and_the_engine_answers() {
    let gui = Gui::start(&["--movetime", "100"]);
    let illegal = post_json(&gui.address, "/api/move", r#"{"move":"e5e6"}"#);
    assert_eq!(illegal.status, 409);
    assert!(
        illegal.json()["error"]
            .as_str()
            .unwrap_or("")
            .contains("e5")
    );
    let legal = post_json(&gui.address, "/api/move", r#"{"move":"a1b2"}"#);
    assert_eq!(legal.status, 200, "{}", legal.body);
    let state = gui.wait_for("the engine's answer", |s| moves(s).len() == 2);
    assert_eq!(moves(&state)[0], "a1b2");
    assert_eq!(state["board"]["to_move"], "black");
    // The engine's score of the position after its move is kept for the eval graph.
    assert!(!state["scores"][1].is_null(), "{}", state["scores"]);
    // Takeback returns to the human's turn before the human's move.
    let back = post_json(&gui.address, "/api/undo", r#"{"plies":2}"#);
    assert_eq!(back.status, 200);
    assert!(moves(&back.json()).is_empty());
}

#[test]
fn a_record_goes_in_and_out_through_the_browser() {
    let gui = Gui::start(&["--movetime", "100"]);
    let record = "[Event \"t\"]\n[Black \"a\"]\n[White \"b\"]\n[Result \"*\"]\n\
                  [Layout \"belgian-daisy\"]\n\n1. a1b2 i5h5 2. a2b3 *\n\n";
    let body = serde_json::json!({ "text": record }).to_string();
    let loaded = post_json(&gui.address, "/api/record", &body);
    assert_eq!(loaded.status, 200, "{}", loaded.body);
    let state = loaded.json();
    assert_eq!(moves(&state), ["a1b2", "i5h5", "a2b3"]);
    assert_eq!(state["cursor"], 0);
    let stepped = post_json(&gui.address, "/api/goto", r#"{"ply":2}"#).json();
    assert_eq!(stepped["cursor"], 2);
    assert_eq!(stepped["last_move"]["m"], "i5h5");
    let saved = get(&gui.address, "/api/record");
    assert_eq!(saved.status, 200);
    assert!(
        saved
            .header("content-disposition")
            .is_some_and(|d| d.contains("attachment"))
    );
    assert!(saved.body.contains("[Layout \"belgian-daisy\"]"));
    assert!(
        saved.body.contains("1. a1b2 i5h5 2. a2b3 *"),
        "{}",
        saved.body
    );
    let bad = serde_json::json!({ "text": "[Layout \"standard\"]\n\n1. e5e6 *\n" }).to_string();
    let refused = post_json(&gui.address, "/api/record", &bad);
    assert_eq!(refused.status, 422);
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap_or("")
            .contains("e5e6")
    );
}

#[test]
fn only_requests_for_the_listening_address_are_answered() {
    let gui = Gui::start(&["--movetime", "100"]);
    let address = &gui.address;
    let foreign_host = raw(
        address,
        b"GET /api/state HTTP/1.1\r\nHost: evil.example:80\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(foreign_host.status, 403);
    assert!(foreign_host.body.contains("Host"));
    let no_host = raw(address, b"GET /api/state HTTP/1.0\r\n\r\n");
    assert_eq!(no_host.status, 403);
    // The right Host first and another second: judged by both, not the first alone.
    let two_hosts = format!(
        "GET /api/state HTTP/1.1\r\nHost: {address}\r\nHost: evil.example:80\r\n\
         Connection: close\r\n\r\n"
    );
    let two_hosts = raw(address, two_hosts.as_bytes());
    assert!(
        (400..500).contains(&two_hosts.status),
        "{}: {}",
        two_hosts.status,
        two_hosts.body
    );
    let cross_site = [
        ("Origin", "http://evil.example"),
        ("Content-Type", "application/json"),
    ];
    let body = r#"{"move":"a1b2"}"#;
    let refused = request(address, "POST", "/api/move", &cross_site, Some(body));
    assert_eq!(refused.status, 403);
    assert!(refused.body.contains("Origin"));
    assert!(
        moves(&gui.state()).is_empty(),
        "the cross-site move was not played"
    );
    let own_origin = format!("http://{address}");
    let same_site = [
        ("Origin", own_origin.as_str()),
        ("Content-Type", "application/json"),
    ];
    let allowed = request(address, "POST", "/api/move", &same_site, Some(body));
    assert_eq!(allowed.status, 200, "{}", allowed.body);
}

/// A client that sends half a request and then nothing must not hold its connection for ever.
#[test]
fn a_request_cut_off_in_its_headers_or_its_body_is_closed() {
    use std::io::{Read, Write};
    let gui = Gui::start(&["--movetime", "100", "--request-timeout", "0.5"]);
    let headers_cut = b"GET /api/state HTTP/1.1\r\nHost: ".to_vec();
    let body_cut = format!(
        "POST /api/move HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"mo",
        gui.address
    )
    .into_bytes();
    for (half, refusal) in [(headers_cut, ""), (body_cut, "did not come within 0.5 s")] {
        let mut stream = std::net::TcpStream::connect(&gui.address).expect("connects");
        stream.write_all(&half).expect("half a request is sent");
        // A guard against a hang, far above the server's timeout: not a speed claim.
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(60)))
            .expect("a read timeout");
        let mut answer = Vec::new();
        let read = stream.read_to_end(&mut answer);
        assert!(read.is_ok(), "the connection stayed open: {read:?}");
        // Cut off in the headers, hyper answers 408 or just closes; in the body, the server
        // answers 408 and says why. Either way the connection ends.
        let text = String::from_utf8_lossy(&answer);
        if refusal.is_empty() {
            assert!(
                text.is_empty() || text.starts_with("HTTP/1.1 408"),
                "{text}"
            );
        } else {
            assert!(text.starts_with("HTTP/1.1 408"), "{text}");
            assert!(text.contains(refusal), "{text}");
        }
    }
    // The server still answers others.
    assert!(gui.state()["moves"].is_array());
}

#[test]
fn connections_beyond_the_bound_are_answered_503_and_the_page_cannot_be_framed() {
    use std::io::Read;
    let gui = Gui::start(&["--movetime", "100", "--max-connections", "2"]);
    // Every answer forbids framing and other sites' scripts.
    for path in ["/", "/app.js", "/api/state", "/no/such/page"] {
        let answer = get(&gui.address, path);
        assert_eq!(answer.header("x-frame-options"), Some("DENY"), "{path}");
        let policy = answer.header("content-security-policy").unwrap_or_default();
        assert!(
            policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"),
            "{path}: {policy}"
        );
        assert_eq!(answer.header("x-content-type-options"), Some("nosniff"));
    }
    // Two clients hold a connection each, kept alive after a request.
    let held: Vec<std::net::TcpStream> = (0..2).map(|_| kept_alive(&gui.address)).collect();
    // The next is answered and closed at once; nothing it could send would be read.
    let mut third = std::net::TcpStream::connect(&gui.address).expect("connects");
    third
        .set_read_timeout(Some(std::time::Duration::from_secs(60)))
        .expect("a read timeout");
    let mut answer = String::new();
    third.read_to_string(&mut answer).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("too many connections"), "{answer}");
    // Once they let go, the server answers again.
    drop(held);
    let started = std::time::Instant::now();
    while get(&gui.address, "/api/state").status != 200 {
        assert!(
            started.elapsed().as_secs() < 60,
            "the connections were never let go"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn an_engine_that_does_not_start_is_said_on_the_terminal_and_refused_for_a_game() {
    let sumito = crate::common::engines::SUMITO;
    let says = "sh -c 'echo cannot read the network file >&2; exit 2'";
    let args = [
        "--engine",
        "/no/such/engine",
        "--engine",
        sumito,
        "--engine",
        says,
    ];
    let mut gui = Gui::start_keeping_stderr(&args);
    let state = gui.wait_for("the failure", |state| {
        !state["engines"][0]["failed"].is_null()
    });
    let why = state["engines"][0]["failed"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let watch = post_json(
        &gui.address,
        "/api/new",
        r#"{"mode":"watch","engines":[1,2]}"#,
    );
    assert_eq!(watch.status, 409, "{}", watch.body);
    let refusal = watch.json()["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        refusal.ends_with(&format!("cannot play: it did not start ({why})")),
        "{refusal}"
    );
    // The engine that started plays.
    let play = post_json(&gui.address, "/api/new", r#"{"mode":"play","engines":[2]}"#);
    assert_eq!(play.status, 200, "{}", play.body);
    // An engine that says why it failed, on its error output, is quoted.
    let state = gui.wait_for("the third's failure", |state| {
        !state["engines"][2]["failed"].is_null()
    });
    let failed = state["engines"][2]["failed"].as_str().unwrap_or_default();
    assert!(
        failed.ends_with("it said: cannot read the network file"),
        "{failed}"
    );
    let stderr = gui.stderr_at_exit();
    let said = format!("(/no/such/engine) did not start: {why}");
    assert_eq!(stderr.matches(&said).count(), 1, "{stderr}");
    assert!(stderr.contains("did not start: ") && stderr.contains("cannot read the network file"));
}

/// A connection to `address` that a request was answered on, kept open (HTTP/1.1 keeps it
/// alive). A connection the server refused for one that had not closed yet is tried again.
fn kept_alive(address: &str) -> std::net::TcpStream {
    use std::io::{Read, Write};
    let started = std::time::Instant::now();
    loop {
        let mut stream = std::net::TcpStream::connect(address).expect("connects");
        let request = format!("GET /api/state HTTP/1.1\r\nHost: {address}\r\n\r\n");
        stream.write_all(request.as_bytes()).expect("sent");
        let mut answer = Vec::new();
        let mut byte = [0u8; 1];
        // The head, byte by byte, then as much body as it says.
        while !answer.ends_with(b"\r\n\r\n") && stream.read(&mut byte).is_ok_and(|n| n == 1) {
            answer.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
        let length = (head.lines())
            .find_map(|line| line.strip_prefix("content-length:"))
            .and_then(|n| n.trim().parse::<usize>().ok())
            .unwrap_or(0);
        let mut body = vec![0u8; length];
        let _ = stream.read_exact(&mut body);
        if head.starts_with("http/1.1 200") {
            return stream;
        }
        assert!(started.elapsed().as_secs() < 60, "never answered: {head}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn an_engine_of_two_players_only_is_refused_for_more_in_its_own_words() {
    let two = script("two-players");
    let gui = Gui::start(&["--engine", crate::common::engines::SUMITO, "--engine", &two]);
    let state = gui.wait_for("the second engine's answer", |s| {
        !s["engines"][1]["no_seats"].is_null()
    });
    assert!(
        state["engines"][0]["no_seats"].is_null(),
        "Sumito plays three"
    );
    let said = "error unknown-layout this engine plays two players only";
    assert_eq!(state["engines"][1]["no_seats"], said);
    let body = r#"{"mode":"play","players":3,"seats":["person",1,2]}"#;
    let refused = post_json(&gui.address, "/api/new", body);
    assert_eq!(refused.status, 409, "{}", refused.body);
    let expected = format!("Two cannot play three to six players: it answered '{said}'");
    assert_eq!(refused.json()["error"], expected.as_str());
    // The same engine plays two players, and Sumito three.
    let two_players = r#"{"mode":"play","engines":[2]}"#;
    assert_eq!(post_json(&gui.address, "/api/new", two_players).status, 200);
    let three = r#"{"mode":"play","players":3,"seats":["person",1,1]}"#;
    assert_eq!(post_json(&gui.address, "/api/new", three).status, 200);
}

#[test]
fn a_persons_flag_falls_when_their_clock_runs_out() {
    let gui = Gui::start(&["--movetime", "100"]);
    // Two players: the person (Black) to move at one second, and waits.
    let started = post_json(&gui.address, "/api/new", r#"{"mode":"play","tc":"1+1"}"#);
    assert_eq!(started.status, 200, "{}", started.body);
    let state = gui.wait_for("Black's flag", |state| !state["result"].is_null());
    assert_eq!(state["result"]["text"], "White wins: time forfeit");
    // No move was made: no increment goes on the clock of the side that lost on time.
    assert_eq!(state["clocks"]["black"], 0, "{state}");
    let record = get(&gui.address, "/api/record").body;
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
    // Three persons: each seat leaves as its time runs out, and the last one in play wins.
    let body = r#"{"mode":"play","players":3,"tc":"1+0","seats":["person","person","person"]}"#;
    let started = post_json(&gui.address, "/api/new", body);
    assert_eq!(started.status, 200, "{}", started.body);
    let state = gui.wait_for("two flags", |state| !state["result"].is_null());
    assert_eq!(state["result"]["text"], "Red wins: the others have left");
    let record = get(&gui.address, "/api/record").body;
    let left = "[Left \"black: time forfeit; white: time forfeit\"]";
    assert!(record.contains(left), "{record}");
    // A person on the game's move time, beside an engine on a clock of its own, has no clock
    // to run out.
    let body = r#"{"mode":"play","players":3,"seats":["person",{"engine":1,"tc":"60+1"},1]}"#;
    let started = post_json(&gui.address, "/api/new", body);
    assert_eq!(started.status, 200, "{}", started.body);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let state = gui.state();
    assert!(state["result"].is_null(), "{state}");
    assert!(!get(&gui.address, "/api/record").body.contains("[Left"));
}

/// An engine's clock counts from its `go`: starting it and setting up its position are on no
/// one's clock, as in matches.
#[test]
fn an_engines_slow_start_is_not_on_its_clock() {
    let slow = script("slow-start");
    let gui = Gui::start(&["--engine", &slow]);
    let started = post_json(&gui.address, "/api/new", r#"{"mode":"play","tc":"60+0"}"#);
    assert_eq!(started.status, 200, "{}", started.body);
    let moved = post_json(&gui.address, "/api/move", r#"{"move":"a1b2"}"#);
    assert_eq!(moved.status, 200, "{}", moved.body);
    let state = gui.wait_for("White's answer", |s| moves(s).len() == 2);
    let white = state["clocks"]["white"].as_u64().expect("White's clock");
    assert!(
        white > 59_000,
        "two seconds of start charged: {white} ms left"
    );
}

/// A take-back gives back the clocks of the turns it takes back: at two moves in six seconds,
/// Black's first move again is the first of its period, which does not renew after it.
#[test]
fn a_take_back_gives_the_clocks_of_its_turns_back() {
    let gui = Gui::start(&["--movetime", "100"]);
    let started = post_json(&gui.address, "/api/new", r#"{"mode":"play","tc":"2/6"}"#);
    assert_eq!(started.status, 200, "{}", started.body);
    for round in 0..2 {
        let moved = post_json(&gui.address, "/api/move", r#"{"move":"a1b2"}"#);
        assert_eq!(moved.status, 200, "{}", moved.body);
        let state = gui.wait_for("White's answer", |s| moves(s).len() == 2);
        let black = state["clocks"]["black"].as_u64().expect("Black's clock");
        assert!(
            black <= 6_000,
            "round {round}: a period renewed: {black} ms"
        );
        if round == 0 {
            let undone = post_json(&gui.address, "/api/undo", r#"{"plies":2}"#);
            assert_eq!(undone.status, 200, "{}", undone.body);
            assert!(moves(&gui.state()).is_empty());
        }
    }
}

/// A turn lost on time is not given back by taking back: its time comes off again.
#[test]
fn a_take_back_after_the_flag_gives_no_time_back() {
    let gui = Gui::start(&["--movetime", "100"]);
    let started = post_json(&gui.address, "/api/new", r#"{"mode":"play","tc":"2+0"}"#);
    assert_eq!(started.status, 200, "{}", started.body);
    let moved = post_json(&gui.address, "/api/move", r#"{"move":"a1b2"}"#);
    assert_eq!(moved.status, 200, "{}", moved.body);
    gui.wait_for("Black's flag", |s| !s["result"].is_null());
    let undone = post_json(&gui.address, "/api/undo", r#"{"plies":2}"#);
    assert_eq!(undone.status, 200, "{}", undone.body);
    let black = undone.json()["clocks"]["black"]
        .as_u64()
        .expect("Black's clock");
    assert!(black < 1_000, "the lost turn's time came back: {black} ms");
}

/// A snapshot gives the time left when it was made: read later, it is made again.
#[test]
fn a_running_clock_is_read_as_it_stands_when_the_state_is_asked_for() {
    let gui = Gui::start(&["--movetime", "100"]);
    let started = post_json(&gui.address, "/api/new", r#"{"mode":"play","tc":"60+0"}"#);
    assert_eq!(started.status, 200, "{}", started.body);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let black = gui.state()["clocks"]["black"]
        .as_u64()
        .expect("Black's clock");
    assert!(black <= 58_500, "1.5 s into Black's minute: {black} ms");
}

#[test]
fn malformed_requests_get_a_4xx_with_a_message() {
    let gui = Gui::start(&["--movetime", "100"]);
    let address = &gui.address;
    let cases: [(&str, &str, u16); 7] = [
        ("/api/move", r#"{"move":"#, 400),
        ("/api/move", r#"{"mv":"a1b2"}"#, 422),
        ("/api/move", r#"{"move":"zz99"}"#, 409),
        ("/api/goto", r#"{"ply":99999999999999999999}"#, 422),
        ("/api/goto", r#"{"ply":7}"#, 409),
        // A request can only choose an engine by its number, never name a program or a file.
        ("/api/new", r#"{"mode":"play","engines":["/bin/sh"]}"#, 422),
        (
            "/api/new",
            r#"{"mode":"play","engine_command":"/bin/sh"}"#,
            422,
        ),
    ];
    for (path, body, status) in cases {
        let answer = post_json(address, path, body);
        assert_eq!(answer.status, status, "{path} {body}: {}", answer.body);
        assert!(!answer.body.trim().is_empty(), "{path} {body}: no message");
    }
    let more = [
        (r#"{"mode":"play","engines":[6]}"#, "no engine 6"),
        (r#"{"mode":"fly"}"#, "mode"),
        (r#"{"mode":"play","tc":"soon"}"#, "time control"),
        (
            r#"{"mode":"play","tc":"movetime=18446744073709551615"}"#,
            "movetime must be at most",
        ),
        (
            r#"{"mode":"play","tc":"movetime=3600001"}"#,
            "beyond what the GUI plays",
        ),
        (
            r#"{"mode":"play","tc":"nodes=999999999999999999"}"#,
            "beyond what the GUI plays",
        ),
        (
            r#"{"mode":"play","tc":"depth=999"}"#,
            "beyond what the GUI plays",
        ),
        (r#"{"mode":"play","skill":0}"#, "skill"),
        (r#"{"mode":"play","fen":"xyz"}"#, "position string"),
        // Two black marbles and five lost: composed, not a game's position.
        (
            r#"{"mode":"play","fen":"5/6/7/8/4w4/3bb3/7/6/5 b 5 5 40"}"#,
            "7 in all",
        ),
    ];
    for (body, words) in more {
        let answer = post_json(address, "/api/new", body);
        assert_eq!(answer.status, 409, "{body}");
        assert!(answer.body.contains(words), "{body}: {}", answer.body);
    }
    let plain = request(address, "POST", "/api/move", &[], Some("a1b2"));
    assert_eq!(plain.status, 415);
    assert_eq!(get(address, "/etc/passwd").status, 404);
    assert_eq!(get(address, "/api/record?path=/etc/passwd").status, 200);
    let garbage = raw(address, b"\x00\x01 nonsense\r\n\r\n");
    assert!((400..500).contains(&garbage.status), "{}", garbage.status);
    // After all of that the server still plays.
    assert_eq!(
        post_json(address, "/api/move", r#"{"move":"a1b2"}"#).status,
        200
    );
}

#[test]
fn refused_requests_change_nothing_and_fields_without_use_are_named() {
    let gui = Gui::start(&["--movetime", "100"]);
    let address = &gui.address;
    // Black has lost six: the game is over before it starts.
    let finished = "wwwww/wwwwww/2www2/8/9/8/7/bbb3/bbbbb b 6 0 0";
    let cases = [
        (r#"{"mode":"play","engines":[1,1]}"#.to_string(), "one engine"),
        (r#"{"mode":"analyse","engines":[1,1]}"#.into(), "one engine"),
        (r#"{"mode":"watch","colour":"white"}"#.into(), "colour has no meaning"),
        (r#"{"mode":"analyse","skill":5}"#.into(), "skill has no meaning"),
        (r#"{"mode":"analyse","engine_resigns":false}"#.into(), "resign"),
        (r#"{"mode":"play","draw":""}"#.into(), "adjudication"),
        (r#"{"mode":"play","seats":["person",1]}"#.into(), "seats has no meaning"),
        (format!(r#"{{"mode":"play","fen":"{finished}"}}"#), "the game is over"),
        (
            r#"{"mode":"play","layout":"nowhere","fen":"wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 0 0"}"#
                .into(),
            "nowhere",
        ),
    ];
    for (body, words) in cases {
        let answer = post_json(address, "/api/new", &body);
        assert_eq!(answer.status, 409, "{body}: {}", answer.body);
        assert!(answer.body.contains(words), "{body}: {}", answer.body);
    }
    // A request refused as a whole leaves the state as it was, and sends no event.
    let before = gui.state();
    let refused = post_json(address, "/api/analysis", r#"{"multipv":4,"resume":true}"#);
    assert_eq!(refused.status, 409, "{}", refused.body);
    let after = gui.state();
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["multipv"], before["multipv"]);
    // Analysis off in a game being played changes nothing: the game goes on.
    assert_eq!(
        post_json(address, "/api/new", r#"{"mode":"play"}"#).status,
        200
    );
    let off = post_json(address, "/api/analysis", r#"{"running":false}"#).json();
    assert_eq!(off["mode"], "play");
    assert_eq!(off["analysing"], false);
    // A body must be an object: serde would read an array as the fields in order.
    let array = post_json(address, "/api/resign", "[]");
    assert_eq!(array.status, 422, "{}", array.body);
    assert!(gui.state()["result"].is_null());
    // Another method than the route's is answered with a message and the route's method.
    let wrong = get(address, "/api/move");
    assert_eq!(wrong.status, 405);
    assert!(wrong.json()["error"].is_string(), "{}", wrong.body);
    assert_eq!(wrong.header("allow"), Some("POST"));
    // What was sent is not sent back whole.
    let long = format!(r#"{{"move":"{}"}}"#, "a".repeat(100_000));
    let echoed = post_json(address, "/api/move", &long);
    assert_eq!(echoed.status, 409);
    assert!(echoed.body.len() < 1100, "{} bytes", echoed.body.len());
}

#[test]
fn the_page_gets_each_snapshot_as_a_server_sent_event() {
    let gui = Gui::start(&["--movetime", "100"]);
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(&gui.address).expect("connects");
    let head = format!("GET /api/events HTTP/1.1\r\nHost: {}\r\n\r\n", gui.address);
    stream.write_all(head.as_bytes()).expect("sends");
    stream
        .set_read_timeout(Some(crate::common::engines::PATIENCE))
        .expect("a timeout");
    let mut seen = Vec::new();
    let mut buffer = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("\"board\"") {
        let read = stream.read(&mut buffer).expect("the stream sends");
        assert!(read > 0, "the stream ended");
        seen.extend_from_slice(&buffer[..read]);
    }
    let text = String::from_utf8_lossy(&seen);
    assert!(text.contains("text/event-stream"), "{text}");
    assert!(text.contains("event: state"), "{text}");
}

#[test]
fn engines_that_crash_cheat_or_stay_silent_lose_and_say_so() {
    for (engine, termination) in [
        ("crash", "crash"),
        ("illegal", "illegal move e5e6"),
        ("mute", "crash"),
    ] {
        let command = script(engine);
        // A second for the handshake, not ten: the mute engine never answers it.
        let flags = [
            "--engine",
            &command,
            "--movetime",
            "100",
            "--silence-timeout",
            "1",
        ];
        let gui = Gui::start(&flags);
        let new = post_json(&gui.address, "/api/new", r#"{"mode":"watch"}"#);
        // The mute engine may be known to have failed its handshake by the time the game is
        // asked for: then the game is refused, and says why.
        if engine == "mute" && new.status == 409 {
            assert!(new.body.contains("did not start"), "{}", new.body);
            continue;
        }
        assert_eq!(new.status, 200, "{}", new.body);
        let state = gui.wait_for("the end of the game", |s| !s["result"].is_null());
        let text = state["result"]["text"].as_str().unwrap_or("");
        assert!(text.contains(termination), "{engine}: {state}");
        let message = state["message"]
            .as_str()
            .unwrap_or_else(|| panic!("{engine}: no message"));
        // What the crashing engine wrote on its error output says why.
        if engine == "crash" {
            assert!(
                message.contains("it said: crash.sh: out of moves"),
                "{message}"
            );
        }
    }
}

#[test]
fn two_engines_play_each_other_with_clocks() {
    let gui = Gui::start(&[]);
    let body = r#"{"mode":"watch","tc":"5+0.1","layout":"german-daisy"}"#;
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    let state = gui.wait_for("four moves", |s| moves(s).len() >= 4);
    let black = state["clocks"]["black"].as_u64().expect("black's clock");
    let white = state["clocks"]["white"].as_u64().expect("white's clock");
    assert!(black != 5000 || white != 5000, "the clocks ran: {state}");
    let refused = post_json(&gui.address, "/api/move", r#"{"move":"a1b2"}"#);
    assert_eq!(refused.status, 409);
}

#[test]
fn the_engines_end_when_the_gui_ends() {
    let mut gui = Gui::start(&["--movetime", "100"]);
    gui.wait_for("the engine", |s| s["seats"][0]["ready"] == true);
    let children = std::fs::read_dir(format!("/proc/{}/task", gui.child.id()))
        .expect("the GUI's threads")
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|text| {
            text.split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>();
    assert_eq!(children.len(), 1, "one engine process: {children:?}");
    let status = gui.terminate();
    assert!(status.success(), "{status:?}");
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", children[0]));
    // Gone, or a zombie waiting for init to reap it: either way it no longer runs.
    assert!(
        stat.as_ref().map_or(true, |s| s.contains(") Z")),
        "the engine still runs: {stat:?}"
    );
}

#[test]
fn the_level_is_sent_as_skill_to_an_engine_that_has_the_option() {
    let command = script("skill");
    let gui = Gui::start(&["--engine", &command, "--movetime", "100"]);
    gui.wait_for("the engine's options", |s| s["engines"][0]["skill"] == true);
    let body = r#"{"mode":"play","colour":"black","skill":7}"#;
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    assert_eq!(
        post_json(&gui.address, "/api/move", r#"{"move":"a1b2"}"#).status,
        200
    );
    let state = gui.wait_for("the answer", |s| moves(s).len() == 2);
    assert_eq!(moves(&state)[1], "i9h9", "the engine was told Skill 7");
    // An engine without the option plays as well: the page is told whether it has one.
    let plain = Gui::start(&["--engine", &script("illegal"), "--movetime", "100"]);
    let state = plain.wait_for("the engine's options", |s| {
        !s["engines"][0]["skill"].is_null()
    });
    assert_eq!(state["engines"][0]["skill"], false);
    // Sumito itself, the default engine, offers the levels.
    let sumito = Gui::start(&["--movetime", "100"]);
    let state = sumito.wait_for("Sumito's options", |s| !s["engines"][0]["skill"].is_null());
    assert_eq!(state["engines"][0]["skill"], true);
}

#[test]
fn listening_on_every_address_at_once_is_refused() {
    let run = crate::common::engines::run_sumito(&["gui", "--host", "0.0.0.0", "--port", "0"]);
    assert!(!run.success);
    assert!(run.stderr.contains("0.0.0.0"), "{}", run.stderr);
}

#[test]
fn a_silence_timeout_out_of_range_is_refused() {
    for seconds in ["0", "nan", "86401"] {
        let flag = format!("--silence-timeout={seconds}");
        let run = crate::common::engines::run_sumito(&["gui", "--port", "0", &flag]);
        assert!(!run.success, "{seconds}");
        assert!(
            run.stderr.contains("--silence-timeout must be"),
            "{}",
            run.stderr
        );
    }
}

/// A time control that every new game without its own would refuse is refused at the start.
#[test]
fn a_time_control_no_game_takes_is_refused_at_the_start() {
    for tc in ["depth=80", "movetime=3600001"] {
        let flag = if tc.starts_with("movetime") {
            "--movetime"
        } else {
            "--tc"
        };
        let value = tc.trim_start_matches("movetime=");
        let run = crate::common::engines::run_sumito(&["gui", "--port", "0", flag, value]);
        assert!(!run.success, "{tc}");
        assert!(
            run.stderr.contains("more than a game at the GUI takes"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn sigterm_ends_the_gui_while_a_page_listens_to_its_events() {
    use std::io::{Read, Write};
    let mut gui = Gui::start(&["--movetime", "100"]);
    // A page's event stream: opened, and its first event read, so the stream stands.
    let mut page = std::net::TcpStream::connect(&gui.address).expect("connects");
    let request = format!(
        "GET /api/events HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\n\r\n",
        gui.address
    );
    page.write_all(request.as_bytes()).unwrap();
    let mut first = [0u8; 256];
    let read = page.read(&mut first).expect("the stream's first bytes");
    assert!(
        String::from_utf8_lossy(&first[..read]).starts_with("HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&first[..read])
    );
    // The stream stays open on our side: the GUI must end anyway (it used to wait for it).
    let status = gui.terminate();
    assert!(status.success(), "{status:?}");
    drop(page);
}

/// The command line of an engine that is Sumito with every score it reports replaced by
/// `score` (`tests/engines/fixed-score.sh`), so that judgements by the scores are certain.
fn fixed_score(score: &str) -> String {
    format!(
        "{} '{}' '{score}'",
        script("fixed-score"),
        crate::common::engines::SUMITO
    )
}

/// Plays the first legal move the page is offered and waits for the engine's answer: the
/// state after it.
fn play_and_wait(gui: &Gui) -> serde_json::Value {
    let state = gui.state();
    let count = moves(&state).len();
    let first = state["legal"][0]["m"].as_str().expect("a legal move");
    let body = serde_json::json!({ "move": first }).to_string();
    let played = post_json(&gui.address, "/api/move", &body);
    assert_eq!(played.status, 200, "{}", played.body);
    gui.wait_for("the engine's answer", |s| {
        moves(s).len() == count + 2 || !s["result"].is_null()
    })
}

fn engine_says(state: &serde_json::Value) -> String {
    state["ending"]["engine_says"]
        .as_str()
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_draw_offered_early_is_declined_with_the_reason_until_the_next_move() {
    let gui = Gui::start(&["--movetime", "100"]);
    let new = post_json(
        &gui.address,
        "/api/new",
        r#"{"mode":"play","colour":"black"}"#,
    );
    assert_eq!(new.status, 200, "{}", new.body);
    assert_eq!(new.json()["ending"]["can_offer_draw"], true);
    play_and_wait(&gui);
    let offered = post_json(&gui.address, "/api/offer-draw", "{}");
    assert_eq!(offered.status, 200, "{}", offered.body);
    let state = offered.json();
    assert_eq!(
        engine_says(&state),
        "Sumito declines: it has judged only 1 of its moves in this game; it answers a draw \
         offer after 4."
    );
    assert!(state["result"].is_null(), "the game goes on: {state}");
    // The answer stays until the next move.
    assert_eq!(engine_says(&gui.state()), engine_says(&state));
    let state = play_and_wait(&gui);
    assert!(state["ending"]["engine_says"].is_null(), "{state}");
    // Bad input gets one error answer and changes nothing.
    let malformed = post_json(&gui.address, "/api/offer-draw", r#"{"now":true}"#);
    assert_eq!(malformed.status, 422, "{}", malformed.body);
    let broken = post_json(&gui.address, "/api/offer-draw", "{");
    assert_eq!(broken.status, 400, "{}", broken.body);
    assert!(gui.state()["ending"]["engine_says"].is_null());
    // Only the person's game can be offered a draw or resigned.
    let watch = post_json(&gui.address, "/api/new", r#"{"mode":"watch"}"#);
    assert_eq!(watch.status, 200);
    assert_eq!(watch.json()["ending"]["can_offer_draw"], false);
    for path in ["/api/offer-draw", "/api/resign"] {
        let refused = post_json(&gui.address, path, "{}");
        assert_eq!(refused.status, 409, "{path}");
        assert!(
            refused
                .body
                .contains("only in your own game against the engine"),
            "{path}: {}",
            refused.body
        );
    }
}

#[test]
fn a_draw_is_accepted_after_four_level_scores_and_a_take_back_forgets_one() {
    let gui = Gui::start(&["--engine", &fixed_score("cp 0"), "--tc", "depth=3"]);
    let body = r#"{"mode":"play","colour":"black"}"#;
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    for _ in 0..3 {
        play_and_wait(&gui);
    }
    let early = post_json(&gui.address, "/api/offer-draw", "{}").json();
    assert!(engine_says(&early).contains("judged only 3"), "{early}");
    let state = play_and_wait(&gui);
    assert_eq!(moves(&state).len(), 8);
    // Nothing is ejected in eight plies from the standard layout: the marbles are level.
    let accepted = post_json(&gui.address, "/api/offer-draw", "{}");
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let state = accepted.json();
    assert!(engine_says(&state).starts_with("Sumito accepts"), "{state}");
    assert_eq!(state["result"]["token"], "1/2-1/2");
    assert_eq!(state["result"]["text"], "draw: draw by agreement");
    assert_eq!(state["ending"]["can_offer_draw"], false);
    assert_eq!(state["ending"]["can_resign"], false);
    let again = post_json(&gui.address, "/api/offer-draw", "{}");
    assert_eq!(again.status, 409);
    assert!(again.body.contains("the game is over"), "{}", again.body);
    // The record says so, and loads back as the same ending.
    let record = get(&gui.address, "/api/record").body;
    assert!(record.contains("[Result \"1/2-1/2\"]"), "{record}");
    assert!(
        record.contains("[Termination \"draw by agreement\"]"),
        "{record}"
    );
    let upload = serde_json::json!({ "text": record }).to_string();
    let loaded = post_json(&gui.address, "/api/record", &upload).json();
    assert_eq!(moves(&loaded).len(), 8);
    let end = post_json(&gui.address, "/api/goto", r#"{"ply":8}"#).json();
    assert_eq!(end["result"]["text"], "draw: draw by agreement");
    // In a game again, a take-back takes the engine's last score with it: three moves of its
    // own are too few.
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    for _ in 0..4 {
        play_and_wait(&gui);
    }
    let back = post_json(&gui.address, "/api/undo", r#"{"plies":2}"#);
    assert_eq!(back.status, 200, "{}", back.body);
    let offered = post_json(&gui.address, "/api/offer-draw", "{}").json();
    assert!(engine_says(&offered).contains("judged only 3"), "{offered}");
}

#[test]
fn resigning_loses_the_game_and_the_record_says_so() {
    let gui = Gui::start(&["--movetime", "100"]);
    let body = r#"{"mode":"play","colour":"white"}"#;
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    gui.wait_for("the engine's first move", |s| moves(s).len() == 1);
    let resigned = post_json(&gui.address, "/api/resign", "{}");
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let state = resigned.json();
    assert_eq!(state["result"]["token"], "1-0");
    assert_eq!(state["result"]["text"], "Black wins: resignation");
    assert!(state["legal"].as_array().is_some_and(Vec::is_empty));
    let refused = post_json(&gui.address, "/api/resign", "{}");
    assert_eq!(refused.status, 409);
    let record = get(&gui.address, "/api/record").body;
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    // No search runs after the game: the engine does not move on.
    assert_eq!(state["thinking"]["running"], false, "{state}");
}

#[test]
fn the_engine_resigns_a_hopeless_game_only_when_allowed() {
    let gui = Gui::start(&["--engine", &fixed_score("cp -500"), "--tc", "depth=2"]);
    let refused = post_json(
        &gui.address,
        "/api/new",
        r#"{"mode":"watch","engine_resigns":true}"#,
    );
    assert_eq!(refused.status, 409);
    assert!(
        refused.body.contains("only in a game against you"),
        "{}",
        refused.body
    );
    // Not allowed: it plays on, however hopeless it finds the game.
    let body = r#"{"mode":"play","colour":"black"}"#;
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    for _ in 0..4 {
        let state = play_and_wait(&gui);
        assert!(state["result"].is_null(), "{state}");
    }
    // Allowed: its third score of -5.00 ends the game, instead of its third move.
    let body = r#"{"mode":"play","colour":"black","engine_resigns":true}"#;
    let new = post_json(&gui.address, "/api/new", body);
    assert_eq!(new.status, 200);
    assert_eq!(new.json()["ending"]["engine_resigns"], true);
    play_and_wait(&gui);
    play_and_wait(&gui);
    let state = play_and_wait(&gui);
    assert_eq!(moves(&state).len(), 5, "{state}");
    assert_eq!(state["result"]["text"], "Black wins: resignation");
    assert_eq!(
        engine_says(&state),
        "Sumito resigns: it has scored the game -4.00 or worse for its last 3 moves."
    );
    let record = get(&gui.address, "/api/record").body;
    assert!(record.contains("[Termination \"resignation\"]"), "{record}");
}

#[test]
fn watched_games_are_adjudicated_by_the_scores() {
    let level = fixed_score("cp 0");
    let gui = Gui::start(&["--engine", &level, "--tc", "depth=2"]);
    let body = r#"{"mode":"watch","engines":[1,1],"draw":"movenumber=2 movecount=2 score=0"}"#;
    let new = post_json(&gui.address, "/api/new", body);
    assert_eq!(new.status, 200, "{}", new.body);
    assert_eq!(
        new.json()["ending"]["adjudication"]["draw"],
        "movenumber=2 movecount=2 score=0"
    );
    let state = gui.wait_for("the adjudication", |s| !s["result"].is_null());
    assert_eq!(moves(&state).len(), 4, "{state}");
    assert_eq!(state["result"]["text"], "draw: adjudicated draw");
    assert_eq!(state["result"]["evidence"], "black +0 +0; white +0 +0");
    let record = get(&gui.address, "/api/record").body;
    assert!(
        record.contains("[Termination \"adjudicated draw\"]"),
        "{record}"
    );
    assert!(
        record.contains("[Adjudication \"black +0 +0; white +0 +0\"]"),
        "{record}"
    );
    let upload = serde_json::json!({ "text": record }).to_string();
    assert_eq!(post_json(&gui.address, "/api/record", &upload).status, 200);
    let end = post_json(&gui.address, "/api/goto", r#"{"ply":4}"#).json();
    assert_eq!(end["result"]["evidence"], "black +0 +0; white +0 +0");
    // Bad rules are refused with `sumito match`'s reasons (not its flags: the page has none),
    // and the game stays as it was.
    for (rules, words) in [
        (
            r#""draw":"movecount=0 score=10""#,
            "the draw rule 'movecount=0 score=10' does not read: \
             movecount must be a whole number from 1 to 10000",
        ),
        (r#""resign":"movecount=3""#, "score= is missing"),
        (
            r#""resign":"movecount=3 score=5 twosided=yes""#,
            "twosided must be",
        ),
    ] {
        let body = format!(r#"{{"mode":"watch",{rules}}}"#);
        let refused = post_json(&gui.address, "/api/new", &body);
        assert_eq!(refused.status, 409, "{body}");
        assert!(refused.body.contains(words), "{body}: {}", refused.body);
    }
    let play = r#"{"mode":"play","draw":"movecount=2 score=0"}"#;
    assert_eq!(post_json(&gui.address, "/api/new", play).status, 409);
    assert_eq!(moves(&gui.state()).len(), 4);

    // A loss: both engines find the game hopeless; Black's second score decides first.
    let hopeless = fixed_score("cp -500");
    let gui = Gui::start(&["--engine", &hopeless, "--tc", "depth=2"]);
    let body = r#"{"mode":"watch","engines":[1,1],"resign":"movecount=2 score=400"}"#;
    assert_eq!(post_json(&gui.address, "/api/new", body).status, 200);
    let state = gui.wait_for("the adjudication", |s| !s["result"].is_null());
    assert_eq!(moves(&state).len(), 3, "{state}");
    assert_eq!(state["result"]["text"], "White wins: adjudicated loss");
    // The other engine's scores are shown when it has played as many moves (two-sided).
    assert_eq!(state["result"]["evidence"], "black -500 -500");
}

/// The seats of a snapshot of a game of more players: (colour, left, why).
fn seats_left(state: &serde_json::Value) -> Vec<(String, bool, String)> {
    let seats = state["multi"]["seats"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    (seats.iter())
        .map(|s| {
            let text = |key: &str| s[key].as_str().unwrap_or("").to_string();
            (text("colour"), s["left"] == true, text("why"))
        })
        .collect()
}

#[test]
fn three_players_play_through_the_api_and_the_record_goes_out_and_in() {
    let gui = Gui::start(&["--movetime", "50"]);
    let body = r#"{"mode":"play","players":3,"seats":["person",1,1],"tc":"movetime=50"}"#;
    let new = post_json(&gui.address, "/api/new", body);
    assert_eq!(new.status, 200, "{}", new.body);
    assert_eq!(new.json()["multi"]["players"], 3);
    for (text, why) in [
        ("e5e6", "not a legal move"),
        ("pass", "may not pass"),
        ("leave", ""),
    ] {
        let refused = post_json(
            &gui.address,
            "/api/move",
            &format!(r#"{{"move":"{text}"}}"#),
        );
        assert_eq!(refused.status, 409, "{text}: {}", refused.body);
        let error = refused.json()["error"].as_str().unwrap_or("").to_string();
        assert!(error.contains(why), "{error}");
    }
    let draw = post_json(&gui.address, "/api/offer-draw", "{}");
    assert_eq!(draw.status, 409);
    let played = post_json(&gui.address, "/api/move", r#"{"move":"a1b1"}"#);
    assert_eq!(played.status, 200, "{}", played.body);
    let state = gui.wait_for("both engines' answers", |s| moves(s).len() == 3);
    assert_eq!(state["board"]["to_move"], "black");
    assert_eq!(
        state["multi"]["movers"],
        serde_json::json!(["black", "white", "red"])
    );
    let back = post_json(&gui.address, "/api/undo", r#"{"plies":2}"#);
    assert_eq!(back.status, 200, "{}", back.body);
    assert!(moves(&back.json()).is_empty());
    assert_eq!(
        post_json(&gui.address, "/api/move", r#"{"move":"a1b1"}"#).status,
        200
    );
    gui.wait_for("the answers again", |s| moves(s).len() == 3);
    let left = post_json(&gui.address, "/api/resign", "{}");
    assert_eq!(left.status, 200, "{}", left.body);
    let state = gui.wait_for("the engines play on", |s| moves(s).len() >= 6);
    assert_eq!(
        seats_left(&state)[0],
        ("black".into(), true, "resignation".into())
    );
    let saved = get(&gui.address, "/api/record");
    assert_eq!(saved.status, 200);
    assert!(
        saved.body.contains("[Layout \"three-player\"]"),
        "{}",
        saved.body
    );
    assert!(
        saved.body.contains("[Left \"black: resignation\"]"),
        "{}",
        saved.body
    );
    let body = serde_json::json!({ "text": saved.body }).to_string();
    let loaded = post_json(&gui.address, "/api/record", &body);
    assert_eq!(loaded.status, 200, "{}", loaded.body);
    let state = loaded.json();
    assert_eq!(state["mode"], "analyse");
    assert_eq!(state["cursor"], 0);
    assert_eq!(moves(&state)[0], "a1b1");
    assert_eq!(moves(&state)[3], "leave", "black left at its second turn");
}

#[test]
fn engine_seats_that_crash_or_cheat_leave_and_the_game_goes_on() {
    let (crash, illegal) = (script("crash"), script("illegal"));
    let flags = [
        "--engine",
        crate::common::engines::SUMITO,
        "--engine",
        &crash,
        "--engine",
        &illegal,
        "--movetime",
        "50",
    ];
    let gui = Gui::start(&flags);
    let body = r#"{"mode":"watch","players":3,"seats":[2,3,1],"tc":"movetime=50"}"#;
    let new = post_json(&gui.address, "/api/new", body);
    assert_eq!(new.status, 200, "{}", new.body);
    let state = gui.wait_for("the end of the game", |s| !s["result"].is_null());
    assert_eq!(
        state["result"]["text"], "Red wins: the others have left",
        "{state}"
    );
    assert_eq!(state["result"]["token"], "2-2-1", "{state}");
    let seats = seats_left(&state);
    assert_eq!(seats[0], ("black".into(), true, "crash".into()));
    assert_eq!(seats[1], ("white".into(), true, "illegal move e5e6".into()));
    assert_eq!(moves(&state)[..2], ["a1b1", "leave"]);
    assert!(state["message"].is_string(), "{state}");
}

#[test]
fn bad_requests_for_more_players_are_refused_with_a_message() {
    let gui = Gui::start(&["--movetime", "50"]);
    for (body, status, why) in [
        (
            r#"{"mode":"play","players":9}"#,
            409,
            "players must be 2 to 6, not 9",
        ),
        (
            r#"{"mode":"play","players":3,"seats":["person"]}"#,
            409,
            "one entry per player",
        ),
        (
            r#"{"mode":"play","players":3,"seats":["person","x",1]}"#,
            409,
            "not 'x'",
        ),
        (
            r#"{"mode":"play","players":3,"seats":["person",8,1]}"#,
            409,
            "no engine 8",
        ),
        (r#"{"mode":"play","players":3,"seats":[true,1,1]}"#, 422, ""),
        (r#"{"mode":"play","players":-3}"#, 422, ""),
        (
            r#"{"mode":"watch","players":4,"seats":["person",1,1,1]}"#,
            409,
            "choose play to seat a person",
        ),
        (
            r#"{"mode":"play","players":3,"fen":"x"}"#,
            409,
            "bad position string",
        ),
        (
            r#"{"mode":"play","players":3,"draw":"movenumber=1 movecount=1 score=1"}"#,
            409,
            "two-player",
        ),
    ] {
        let answer = post_json(&gui.address, "/api/new", body);
        assert_eq!(answer.status, status, "{body}: {}", answer.body);
        assert!(answer.body.contains(why), "{body}: {}", answer.body);
    }
    // The two-player game is still there, untouched.
    let state = gui.state();
    assert!(state["multi"].is_null());
    assert_eq!(
        state["board"]["marbles"].as_object().map(|m| m.len()),
        Some(28)
    );
}
