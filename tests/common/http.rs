//! A minimal HTTP/1.1 client over a plain TCP stream, for the tests of `sumito gui` and for
//! driving ChromeDriver: one request per connection (`Connection: close`), so that the answer
//! ends where the stream does. No dependency is needed for that much.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: the status, the header lines and the body.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Answer {
    /// The body as JSON (panics with the body if it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    /// A header's value (name without regard to case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Sends raw bytes to `address` and reads the whole answer.
pub fn raw(address: &str, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(address).expect("the server accepts a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a read timeout");
    stream.write_all(request).expect("the request is sent");
    // Some servers (ChromeDriver) keep the connection open despite `Connection: close`, so
    // the answer ends where its Content-Length says, or where the stream does.
    let mut bytes = Vec::new();
    let mut buffer = [0u8; 65536];
    loop {
        if let Some(total) = complete_length(&bytes)
            && bytes.len() >= total
        {
            break;
        }
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(read) => bytes.extend_from_slice(&buffer[..read]),
        }
    }
    parse(&bytes)
}

/// The length of the whole answer once its head is in and gives a Content-Length.
fn complete_length(bytes: &[u8]) -> Option<usize> {
    let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")? + 4;
    let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length:"))?
        .trim()
        .parse::<usize>()
        .ok()?;
    Some(end + length)
}

fn parse(bytes: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(bytes);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let chunked = headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 || rest.len() < size {
            break;
        }
        out += &rest[..size];
        body = rest[size..].trim_start_matches("\r\n");
    }
    out
}

/// A request with `Host` set to `address` and the extra header lines given.
pub fn request(
    address: &str,
    method: &str,
    path: &str,
    extra: &[(&str, &str)],
    body: Option<&str>,
) -> Answer {
    let mut text = format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n");
    for (name, value) in extra {
        text += &format!("{name}: {value}\r\n");
    }
    if let Some(body) = body {
        text += &format!("Content-Length: {}\r\n", body.len());
    }
    text += "\r\n";
    text += body.unwrap_or("");
    raw(address, text.as_bytes())
}

/// `GET path`.
pub fn get(address: &str, path: &str) -> Answer {
    request(address, "GET", path, &[], None)
}

/// `POST path` with a JSON body.
pub fn post_json(address: &str, path: &str, body: &str) -> Answer {
    let json = [("Content-Type", "application/json")];
    request(address, "POST", path, &json, Some(body))
}

/// `DELETE path`.
pub fn delete(address: &str, path: &str) -> Answer {
    request(address, "DELETE", path, &[], None)
}
