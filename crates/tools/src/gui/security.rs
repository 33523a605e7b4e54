//! Who may talk to the server. A local server that starts processes is a target: a web site
//! open in the same browser could send it requests (cross-site requests), or point a name of
//! its own at 127.0.0.1 (DNS rebinding). Both carry a `Host` or `Origin` that is not the
//! address the server listens on, so every request must name that address in `Host`, and in
//! `Origin` when it has one.

use super::error::GuiError;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::SocketAddr;
use std::sync::Arc;

/// The hosts a request may name.
#[derive(Clone, Debug)]
pub struct AllowedHosts {
    /// `host:port` forms of the listening address.
    hosts: Vec<String>,
}

impl AllowedHosts {
    /// The names of `address`: the address itself, and `localhost` too when it is a loopback
    /// address (a name that only ever means this machine).
    pub fn for_address(address: SocketAddr) -> AllowedHosts {
        let port = address.port();
        let mut hosts = vec![address.to_string()];
        if address.ip().is_loopback() {
            hosts.push(format!("localhost:{port}"));
        }
        AllowedHosts { hosts }
    }

    /// Checks the `Host` and `Origin` headers; an error says which one is refused.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), GuiError> {
        // A request judged by its first Host (or Origin) while a second names another place
        // could pass the guard for one server and be meant for another: one of each, at most.
        for name in [header::HOST, header::ORIGIN] {
            if headers.get_all(&name).iter().count() > 1 {
                return Err(GuiError::RepeatedHeader(name.to_string()));
            }
        }
        let host = match headers.get(header::HOST).map(|h| h.to_str()) {
            Some(Ok(host)) => host.trim().to_ascii_lowercase(),
            Some(Err(_)) => return Err(GuiError::HostNotText),
            None => return Err(GuiError::NoHost),
        };
        if !self.hosts.contains(&host) {
            return Err(GuiError::ForeignHost {
                host,
                allowed: self.hosts.clone(),
            });
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin
                .to_str()
                .map_err(|_| GuiError::OriginNotText)?
                .trim()
                .to_ascii_lowercase();
            let allowed = origin
                .strip_prefix("http://")
                .is_some_and(|rest| self.hosts.iter().any(|h| h == rest));
            if !allowed {
                return Err(GuiError::ForeignOrigin(origin));
            }
        }
        Ok(())
    }
}

/// The middleware: a request with a foreign `Host` or `Origin` gets 403 and a message.
pub async fn guard(
    State(allowed): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    match allowed.check(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(message) => (StatusCode::FORBIDDEN, format!("forbidden: {message}\n")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(
                name.clone(),
                HeaderValue::from_str(value).expect("a header value"),
            );
        }
        map
    }

    #[test]
    fn only_the_listening_address_is_let_in() {
        let allowed = AllowedHosts::for_address("127.0.0.1:8080".parse().expect("an address"));
        assert!(
            allowed
                .check(&headers(&[(header::HOST, "127.0.0.1:8080")]))
                .is_ok()
        );
        assert!(
            allowed
                .check(&headers(&[(header::HOST, "localhost:8080")]))
                .is_ok()
        );
        assert!(
            allowed
                .check(&headers(&[(header::HOST, "evil.example:8080")]))
                .is_err()
        );
        assert!(
            allowed
                .check(&headers(&[(header::HOST, "127.0.0.1:9090")]))
                .is_err()
        );
        assert!(allowed.check(&HeaderMap::new()).is_err());
        let same = [
            (header::HOST, "127.0.0.1:8080"),
            (header::ORIGIN, "http://127.0.0.1:8080"),
        ];
        assert!(allowed.check(&headers(&same)).is_ok());
        let foreign = [
            (header::HOST, "127.0.0.1:8080"),
            (header::ORIGIN, "http://evil.example"),
        ];
        assert!(allowed.check(&headers(&foreign)).is_err());
        let null = [(header::HOST, "127.0.0.1:8080"), (header::ORIGIN, "null")];
        assert!(allowed.check(&headers(&null)).is_err());
        // A second Host, or Origin, is refused even when the first is right.
        for (name, second) in [
            (header::HOST, "evil.example:8080"),
            (header::ORIGIN, "http://evil.example"),
        ] {
            let mut twice = headers(&same);
            twice.append(name.clone(), HeaderValue::from_static(second));
            assert_eq!(
                allowed.check(&twice).map_err(|e| e.to_string()),
                Err(format!("the request has more than one {name} header"))
            );
        }
    }

    #[test]
    fn refusals_say_which_header_word_for_word() {
        let allowed = AllowedHosts::for_address("127.0.0.1:8080".parse().expect("an address"));
        let message = |pairs: &[(header::HeaderName, &str)]| {
            allowed
                .check(&headers(pairs))
                .expect_err("refused")
                .to_string()
        };
        assert_eq!(message(&[]), "the request has no Host header");
        assert_eq!(
            message(&[(header::HOST, "evil.example:8080")]),
            "Host 'evil.example:8080' is not this server's address (127.0.0.1:8080 or localhost:8080)"
        );
        assert_eq!(
            message(&[(header::HOST, "127.0.0.1:8080"), (header::ORIGIN, "null")]),
            "Origin 'null' is not this server's page"
        );
        let mut binary = HeaderMap::new();
        let value = HeaderValue::from_bytes(b"\xff").expect("a header value");
        binary.insert(header::HOST, value.clone());
        assert_eq!(
            allowed.check(&binary).expect_err("refused").to_string(),
            "the Host header is not text"
        );
        binary.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        binary.insert(header::ORIGIN, value);
        assert_eq!(
            allowed.check(&binary).expect_err("refused").to_string(),
            "the Origin header is not text"
        );
    }
}
