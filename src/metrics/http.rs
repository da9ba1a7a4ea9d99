//! Every HTTP route's latency, `dashwire_http_request_duration_seconds`: by method, matched
//! route and status class, timed by [`time_requests`], which `app.rs` layers around every
//! route. A histogram of the realtime core's lock-free kind ([`LatencyHistogram`]): every
//! worker thread records into it, on every request.

use std::sync::Arc;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::family::{Family, MetricConstructor};
use prometheus_client::registry::{Registry, Unit};

use crate::realtime::metrics::LatencyHistogram;

/// Request latency, seconds: a fast JSON call is a millisecond or two, an upload or a login
/// (argon2) takes hundreds.
const HTTP_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The labels of `dashwire_http_request_duration_seconds`. Every value comes from a fixed
/// set or from the router's own route templates, never from the request's raw path, so the
/// number of series is bounded by the routes the server has.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct HttpLabels {
    /// `GET`, `POST`, …; `other` for a method outside the standard ones.
    pub method: &'static str,
    /// The matched route's template (`/svc/post/{id}`), or `unmatched` (the web app fallback
    /// and anything else no route took).
    pub route: String,
    /// `1xx` … `5xx`.
    pub status: &'static str,
}

/// Makes each route's latency histogram with the HTTP buckets.
#[derive(Clone, Copy, Debug)]
pub(super) struct HttpBuckets;

impl MetricConstructor<LatencyHistogram> for HttpBuckets {
    fn new_metric(&self) -> LatencyHistogram {
        LatencyHistogram::new(HTTP_BUCKETS)
    }
}

/// The HTTP figures and the registry that lists them; cheap to clone.
#[derive(Clone)]
pub struct HttpMetrics {
    requests: Family<HttpLabels, LatencyHistogram, HttpBuckets>,
    registry: Arc<Registry>,
}

impl Default for HttpMetrics {
    fn default() -> Self {
        let requests = Family::new_with_constructor(HttpBuckets);
        let mut registry = Registry::with_prefix("dashwire");
        // Help texts without a final full stop: the registry adds one.
        registry.register_with_unit(
            "http_request_duration",
            "HTTP requests from their arrival to their response's head, by method, matched \
             route and status class",
            Unit::Seconds,
            requests.clone(),
        );
        HttpMetrics {
            requests,
            registry: Arc::new(registry),
        }
    }
}

impl HttpMetrics {
    /// Records one request's time.
    pub(crate) fn observe(&self, labels: &HttpLabels, took: std::time::Duration) {
        self.requests.get_or_create(labels).observe(took);
    }

    /// Appends these families to an exposition text (closed by the caller).
    pub(crate) fn render_families(&self, out: &mut String) {
        // Writing to a String cannot fail, and every metric here encodes.
        let _ = prometheus_client::encoding::text::encode_registry(out, &self.registry);
    }
}

/// Times a request into `dashwire_http_request_duration_seconds`, from when it reaches the
/// route to when its response's head is ready (a streamed body's transfer is not counted).
/// Applied with `Router::layer` after every route is added, so it runs per route, after
/// routing, where `MatchedPath` is known: the label is the route's template, never the raw
/// path, and requests no route took (the web app fallback) are `unmatched`.
pub(crate) async fn time_requests(
    State(metrics): State<HttpMetrics>,
    request: Request,
    next: Next,
) -> Response {
    let started = std::time::Instant::now();
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_owned();
    let response = next.run(request).await;
    let labels = HttpLabels {
        method,
        route,
        status: status_class(response.status().as_u16()),
    };
    metrics.observe(&labels, started.elapsed());
    response
}

/// The status class label of an HTTP status code.
pub(super) fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

/// The method label: the standard methods by name, anything else as `other`, so a client
/// cannot add series by inventing methods.
pub(super) fn method_label(method: &axum::http::Method) -> &'static str {
    use axum::http::Method;
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_route_appears_once_timed_by_its_template_and_status_class() {
        let metrics = HttpMetrics::default();
        metrics.observe(
            &HttpLabels {
                method: method_label(&axum::http::Method::GET),
                route: "/svc/post/{id}".into(),
                status: status_class(404),
            },
            Duration::from_millis(2),
        );
        let mut text = String::new();
        metrics.render_families(&mut text);
        let count = "dashwire_http_request_duration_seconds_count{method=\"GET\",route=\"/svc/post/{id}\",status=\"4xx\"} 1";
        assert!(text.lines().any(|line| line == count), "{text}");
        assert!(
            !text.contains("# EOF"),
            "the scrape closes the text: {text}"
        );
    }

    #[test]
    fn methods_outside_the_standard_ones_share_one_label() {
        let made_up = axum::http::Method::from_bytes(b"BREW").unwrap();
        assert_eq!(method_label(&made_up), "other");
        assert_eq!(status_class(503), "5xx");
        assert_eq!(status_class(101), "1xx");
    }
}
