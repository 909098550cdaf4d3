//! Bad input never crashes: arbitrary methods, paths, headers and bodies go
//! through the whole router (auth, routing, JSON parsing, the service) and
//! always come back as a 2xx or a 4xx problem+json, never a 500.

use arbiter_domain::competition::UserId;
use arbiter_http::auth::{mint_dev_token, ORGANIZERS};
use arbiter_http::{App, Authenticator, FakeClock};
use arbiter_store::EmbeddedStore;
use bytes::Bytes;
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};

const SECRET: &[u8] = b"fuzzing secret for the router tests";

struct Fixture {
    runtime: tokio::runtime::Runtime,
    app: Arc<App<EmbeddedStore>>,
    token: String,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let dir = tempfile::tempdir().unwrap().keep();
        let store = EmbeddedStore::open(dir.join("fuzz.redb")).unwrap();
        let clock = Arc::new(FakeClock::new(arbiter_e2e::start_time()));
        let app = Arc::new(App::new(
            store,
            Authenticator::Dev {
                secret: SECRET.to_vec(),
            },
            clock,
        ));
        let token = mint_dev_token(
            SECRET,
            &UserId::try_from("fuzzer").unwrap(),
            &[ORGANIZERS.to_owned()],
            chrono::Utc::now() + chrono::Duration::days(1),
        );
        // One competition exists so that routes with {id} reach the service.
        let req = http::Request::post("/v1/competitions")
            .header("authorization", format!("Bearer {token}"))
            .header("content-type", "application/json")
            .body(Bytes::from_static(
                br#"{"id":"fuzz","kind":"nomic","name":"Fuzz"}"#,
            ))
            .unwrap();
        let created = runtime.block_on(arbiter::server::route(app.clone(), req));
        assert_eq!(created.status(), 201);
        Fixture {
            runtime,
            app,
            token,
        }
    })
}

fn paths() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("/v1/competitions".to_owned()),
        Just("/v1/competitions/fuzz".to_owned()),
        Just("/v1/competitions/fuzz/roles".to_owned()),
        Just("/v1/competitions/fuzz/log".to_owned()),
        Just("/v1/competitions/fuzz/votes".to_owned()),
        Just("/v1/competitions/fuzz/roles/fuzzer/organizer".to_owned()),
        Just("/v1/competitions/fuzz/subscriptions".to_owned()),
        Just("/v1/competitions/fuzz/subscriptions/sub-x".to_owned()),
        Just("/v1/competitions/fuzz/dead-letters".to_owned()),
        "/v1/competitions/[a-zA-Z0-9%_.~-]{0,12}(/[a-z%]{0,8}){0,3}(\\?[a-z=&0-9%]{0,12})?",
    ]
}

fn bodies() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200),
        "\\{\"(id|kind|name|user|role)\": ?(\"[a-z-]{0,12}\"|[0-9]{1,3}|null|\\[\\]|\\{\\}) ?(, ?\"(kind|name|role)\": ?\"[a-z-]{0,14}\")?\\}"
            .prop_map(String::into_bytes),
        Just(br#"{"kind":"club-ladder","name":"x"}"#.to_vec()),
        Just(br#"{"user":"bob","role":"moderator"}"#.to_vec()),
        "\\{\"channel\": ?\"(email|webhook|discord|telegram|x)\", ?\"(address|url|chat|scope|mute)\": ?(\"[ -~]{0,30}\"|\\[\"[a-z-]{0,12}\"\\]|[0-9]{1,3}|null)\\}"
            .prop_map(String::into_bytes),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn no_input_gets_a_server_error(
        method in prop_oneof![Just("GET"), Just("POST"), Just("DELETE"), Just("PUT"), Just("PATCH")],
        path in paths(),
        body in bodies(),
        content_type in prop_oneof![Just("application/json"), Just("text/plain"), Just(""), Just("application/problem+json")],
        authed in any::<bool>(),
        idempotency_key in proptest::option::of("[ -~]{0,20}"),
    ) {
        let f = fixture();
        let mut req = http::Request::builder().method(method).uri(path.as_str());
        if authed {
            req = req.header("authorization", format!("Bearer {}", f.token));
        }
        if !content_type.is_empty() {
            req = req.header("content-type", content_type);
        }
        if let Some(key) = &idempotency_key {
            req = req.header("idempotency-key", key.as_str());
        }
        let Ok(req) = req.body(Bytes::from(body)) else { return Ok(()); };
        let response = f.runtime.block_on(arbiter::server::route(f.app.clone(), req));
        let status = response.status().as_u16();
        prop_assert!(status < 500, "{method} {path} answered {status}");
        if status >= 400 {
            prop_assert_eq!(&response.headers()["content-type"], "application/problem+json");
            let problem: serde_json::Value = serde_json::from_slice(response.body()).unwrap();
            prop_assert_eq!(problem["status"].as_u64(), Some(u64::from(status)));
        }
    }
}
