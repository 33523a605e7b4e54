//! The page and its script and style, built into the binary so that the GUI works offline
//! with nothing to install.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const PAGE: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const SEATS_SCRIPT: &str = include_str!("assets/seats.js");
const STYLE: &str = include_str!("assets/style.css");
const ICON: &str = include_str!("assets/favicon.svg");

/// The page.
pub fn page() -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], PAGE).into_response()
}

/// The page's script.
pub fn script() -> Response {
    let kind = "text/javascript; charset=utf-8";
    ([(header::CONTENT_TYPE, kind)], SCRIPT).into_response()
}

/// The page's script for games of three to six players: seats, their colours and panels.
pub fn seats_script() -> Response {
    let kind = "text/javascript; charset=utf-8";
    ([(header::CONTENT_TYPE, kind)], SEATS_SCRIPT).into_response()
}

/// The page's style sheet.
pub fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE).into_response()
}

/// The page's icon (a marble on the board), so that a browser's request for one is answered.
pub fn icon() -> Response {
    ([(header::CONTENT_TYPE, "image/svg+xml")], ICON).into_response()
}
