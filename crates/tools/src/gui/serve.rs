//! The HTTP server loop: the router served connection by connection with hyper, because
//! `axum::serve` sets no header-read timeout, and a client that sends half a request would hold
//! its connection and task open for ever. The connections open at once are bounded too: one
//! beyond the bound is answered 503 and closed, so that clients that hold connections open
//! cannot lock the others out for longer than their requests may take.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};

/// What a client may take of the server (`sumito gui --request-timeout`, `--max-connections`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ServerLimits {
    /// How long a client may take to send a request's headers, and then its body, before the
    /// request is refused and its connection closed.
    pub request_timeout: Duration,
    /// How many connections may be open at once.
    pub connections: usize,
}

impl Default for ServerLimits {
    fn default() -> ServerLimits {
        ServerLimits {
            request_timeout: Duration::from_secs(5),
            connections: 64,
        }
    }
}

/// A failed `accept` (too many open files, say) is retried after this pause, not in a loop.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// Serves `app` on `listener` within `limits` until `stop` turns true; the connections open
/// then are asked to finish their requests and close (the caller decides how long to wait for
/// them).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ServerLimits,
    stop: watch::Receiver<bool>,
) {
    let open = Arc::new(Semaphore::new(limits.connections));
    let mut stopped = stop.clone();
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    log::warn!("accepting a connection: {error}");
                    tokio::time::sleep(ACCEPT_RETRY).await;
                    continue;
                }
            },
            _ = stopped.wait_for(|stop| *stop) => return,
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tokio::spawn(refuse_busy(stream));
            continue;
        };
        // The router takes hyper's request bodies as they are.
        let service = TowerToHyperService::new(app.clone());
        let mut stopped = stop.clone();
        tokio::spawn(async move {
            let _permit = permit;
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(limits.request_timeout)
                .serve_connection(TokioIo::new(stream), service);
            let mut connection = std::pin::pin!(connection);
            let stopping = tokio::select! {
                _ = connection.as_mut() => false,
                _ = stopped.wait_for(|stop| *stop) => true,
            };
            if stopping {
                connection.as_mut().graceful_shutdown();
                let _ = connection.await;
            }
        });
    }
}

/// Answers a connection beyond the bound `503 Service Unavailable` and closes it.
async fn refuse_busy(mut stream: TcpStream) {
    let body = r#"{"error":"too many connections to the GUI at once; try again"}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(answer.as_bytes()).await;
    let _ = stream.shutdown().await;
}
