//! The HTTP server loop: the router served connection by connection with hyper, because
//! `axum::serve` sets no header-read timeout, and a client that sends half a request would hold
//! its connection and task open for ever.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// How long a client may take to send a request's headers before its connection is closed.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(5);

/// A failed `accept` (too many open files, say) is retried after this pause, not in a loop.
const ACCEPT_RETRY: Duration = Duration::from_millis(50);

/// Serves `app` on `listener` until `stop` turns true; the connections open then are asked to
/// finish their requests and close (the caller decides how long to wait for them).
pub async fn serve(listener: TcpListener, app: Router, stop: watch::Receiver<bool>) {
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
        // The router takes hyper's request bodies as they are.
        let service = TowerToHyperService::new(app.clone());
        let mut stopped = stop.clone();
        tokio::spawn(async move {
            let connection = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ_TIMEOUT)
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
