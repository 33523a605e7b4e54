//! The HTTP server: the page and its assets (built into the binary), the JSON API that changes
//! the table, and a stream of server-sent events that pushes each new snapshot to every page.
//! Every request passes the Host/Origin guard first; a malformed one gets a 4xx answer with a
//! message.

use super::actions::AnalysisSettings;
use super::assets;
use super::error::GuiError;
use super::hub::Hub;
use super::new_game::NewGame;
use super::security::{AllowedHosts, guard};
use axum::body::Body;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{Stream, StreamExt};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body: a records file of a long match fits.
const BODY_LIMIT: usize = 16 << 20;

type Shared = State<Arc<Hub>>;

/// A refusal: the status and a message, as JSON `{"error": …}`.
fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    let mut message = message.into();
    // Messages quote what was sent: a long move or time control is not sent back whole.
    if message.len() > MAX_MESSAGE {
        let cut = (0..=MAX_MESSAGE)
            .rev()
            .find(|&at| message.is_char_boundary(at))
            .unwrap_or(0);
        message.truncate(cut);
        message.push('…');
    }
    let body = serde_json::json!({ "error": message });
    (status, Json(body)).into_response()
}

/// The longest error message sent, in bytes; a longer one is cut.
const MAX_MESSAGE: usize = 1000;

/// The answer to a change: the new snapshot, or 409 and why the change was refused.
fn answer(hub: &Hub, result: Result<(), GuiError>) -> Response {
    match result {
        Ok(()) => snapshot_response(hub),
        Err(error) => refuse(StatusCode::CONFLICT, error.to_string()),
    }
}

fn snapshot_response(hub: &Hub) -> Response {
    let text = hub.snapshot().to_string();
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

/// The JSON body read as a `T`, or the 4xx answer: axum's rejection, with its message, for a
/// body that is not JSON; 422 for one that is not an object (serde would read a struct from an
/// array, field by field: `[]` would resign) or does not fit `T`.
fn body<T: DeserializeOwned>(json: Result<Json<Value>, JsonRejection>) -> Result<T, Box<Response>> {
    let Json(value) =
        json.map_err(|rejection| Box::new(refuse(rejection.status(), rejection.body_text())))?;
    if !value.is_object() {
        let message = "the body must be a JSON object, {…}";
        return Err(Box::new(refuse(StatusCode::UNPROCESSABLE_ENTITY, message)));
    }
    serde_json::from_value(value).map_err(|error| {
        let message = format!("the body does not fit this request: {error}");
        Box::new(refuse(StatusCode::UNPROCESSABLE_ENTITY, message))
    })
}

/// The router with every route, behind the guard; a request's body must arrive within
/// `body_timeout`.
pub fn router(hub: Arc<Hub>, allowed: AllowedHosts, body_timeout: Duration) -> Router {
    Router::new()
        .route("/", get(|| async { assets::page() }))
        .route("/app.js", get(|| async { assets::script() }))
        .route("/seats.js", get(|| async { assets::seats_script() }))
        .route("/style.css", get(|| async { assets::style() }))
        .route("/favicon.svg", get(|| async { assets::icon() }))
        .route("/favicon.ico", get(|| async { assets::icon() }))
        .route("/api/state", get(state))
        .route("/api/events", get(events))
        .route("/api/new", post(new_game))
        .route("/api/move", post(play_move))
        .route("/api/undo", post(undo))
        .route("/api/offer-draw", post(offer_draw))
        .route("/api/resign", post(resign))
        .route("/api/goto", post(goto))
        .route("/api/analysis", post(analysis))
        .route("/api/record", get(download).post(upload))
        // The `Allow` header, which axum adds, names the methods the route takes.
        .method_not_allowed_fallback(|| async {
            refuse(
                StatusCode::METHOD_NOT_ALLOWED,
                "this route takes another method: see Allow",
            )
        })
        .fallback(|| async { refuse(StatusCode::NOT_FOUND, "no such page") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            body_timeout,
            body_in_time,
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(allowed),
            guard,
        ))
        .layer(axum::middleware::map_response(not_to_be_framed))
        .with_state(hub)
}

/// Reads a request's body before it is handled, within `timeout`: a body that does not come
/// (a client that sends its headers and stops) is refused `408` and does not hold the
/// connection open.
async fn body_in_time(State(timeout): State<Duration>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    match tokio::time::timeout(timeout, axum::body::to_bytes(body, BODY_LIMIT)).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Ok(Err(error)) => {
            // A body over the limit, or a connection broken in the middle of it.
            let status = match error.to_string().contains("length limit") {
                true => StatusCode::PAYLOAD_TOO_LARGE,
                false => StatusCode::BAD_REQUEST,
            };
            let limit = BODY_LIMIT >> 20;
            refuse(
                status,
                format!("cannot read the body (at most {limit} MiB): {error}"),
            )
        }
        Err(_) => refuse(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request's body did not come within {} s",
                timeout.as_secs_f64()
            ),
        ),
    }
}

/// Every answer says that the page may not be framed by another site (a click in a frame
/// could start an analysis, or a game), runs only its own scripts, and is the type it says.
async fn not_to_be_framed(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let policy = "frame-ancestors 'none'; script-src 'self'";
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn state(State(hub): Shared) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], hub.current()).into_response()
}

/// Every snapshot as an event `state`, the current one first.
async fn events(State(hub): Shared) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    // Subscribed first, so that no change made meanwhile is missed; the first event is the
    // state now.
    let mut receiver = hub.subscribe();
    receiver.borrow_and_update();
    let first = Event::default().event("state").data(hub.current());
    let changes = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.changed().await.ok()?;
        let data = receiver.borrow_and_update().clone();
        Some((Ok(Event::default().event("state").data(&*data)), receiver))
    });
    let stream = futures_util::stream::once(async { Ok(first) }).chain(changes);
    Sse::new(stream).keep_alive(KeepAlive::default())
}

async fn new_game(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<NewGame>(json) {
        Ok(request) => answer(&hub, hub.update(|t, h| t.new_game(&request, h))),
        Err(refusal) => *refusal,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    /// The move in Aba-Pro notation.
    #[serde(rename = "move")]
    text: String,
    /// On a position before the game's end: the number of later turns the move drops, which
    /// the player agreed to lose.
    #[serde(default)]
    drop: Option<usize>,
}

async fn play_move(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<MoveRequest>(json) {
        Ok(request) => {
            let (text, drop) = (&request.text, request.drop);
            answer(&hub, hub.update(|t, h| t.human_move(text, drop, h)))
        }
        Err(refusal) => *refusal,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    /// Plies to take back (in a game against the engine, on to the human's turn).
    #[serde(default)]
    plies: Option<usize>,
}

async fn undo(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<UndoRequest>(json) {
        Ok(request) => {
            let plies = request.plies.unwrap_or(1);
            answer(&hub, hub.update(|t, h| t.take_back(plies, h)))
        }
        Err(refusal) => *refusal,
    }
}

/// The body of a request that takes no argument: `{}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoArguments {}

async fn offer_draw(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<NoArguments>(json) {
        Ok(NoArguments {}) => answer(&hub, hub.update(|t, _| t.offer_draw())),
        Err(refusal) => *refusal,
    }
}

async fn resign(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<NoArguments>(json) {
        Ok(NoArguments {}) => answer(&hub, hub.update(|t, h| t.resign(h))),
        Err(refusal) => *refusal,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GotoRequest {
    ply: usize,
}

async fn goto(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<GotoRequest>(json) {
        Ok(request) => answer(&hub, hub.update(|t, h| t.goto(request.ply, h))),
        Err(refusal) => *refusal,
    }
}

async fn analysis(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<AnalysisSettings>(json) {
        Ok(settings) => answer(&hub, hub.update(|t, h| t.set_analysis(&settings, h))),
        Err(refusal) => *refusal,
    }
}

/// The game as a record file, for the browser to save.
async fn download(State(hub): Shared) -> Response {
    let text = hub.read(|table| table.record());
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"sumito-game.txt\"",
            ),
        ],
        text,
    )
        .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordUpload {
    /// The text of a records file (the browser reads the file; the server never opens one).
    text: String,
    /// Which game of the file, from 1.
    #[serde(default)]
    game: Option<usize>,
}

async fn upload(State(hub): Shared, json: Result<Json<Value>, JsonRejection>) -> Response {
    match body::<RecordUpload>(json) {
        Ok(upload) => {
            let index = upload.game.unwrap_or(1);
            let result = hub.update(|t, h| t.load_record(&upload.text, index, h));
            match result {
                Ok(()) => snapshot_response(&hub),
                Err(error) => refuse(StatusCode::UNPROCESSABLE_ENTITY, error.to_string()),
            }
        }
        Err(refusal) => *refusal,
    }
}
