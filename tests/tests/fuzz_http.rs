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

/// A server whose Telegram bot reads a Nomic game linked to group -100 (voting
/// topic 1, points topic 2), with one player, `fuzzer`, linked as account 7.
/// Answers go to a closed loopback port: they fail, which is logged only.
fn telegram_fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let dir = tempfile::tempdir().unwrap().keep();
        let store = EmbeddedStore::open(dir.join("fuzz-telegram.redb")).unwrap();
        // A Monday, so that the voting thread is open.
        let clock = Arc::new(FakeClock::new("2026-11-23T10:00:00Z".parse().unwrap()));
        let bot = arbiter_http::TelegramBot {
            token: "1:fuzz".into(),
            api_base: "http://127.0.0.1:9".into(),
            webhook_secret: "fuzz-secret".into(),
        };
        let app = Arc::new(
            App::new(
                store,
                Authenticator::Dev {
                    secret: SECRET.to_vec(),
                },
                clock,
            )
            .with_telegram(bot),
        );
        let token = mint_dev_token(
            SECRET,
            &UserId::try_from("fuzzer").unwrap(),
            &[ORGANIZERS.to_owned()],
            chrono::Utc::now() + chrono::Duration::days(1),
        );
        let call = |method: &str, path: &str, body: serde_json::Value| {
            let req = http::Request::builder()
                .method(method)
                .uri(path)
                .header("authorization", format!("Bearer {token}"))
                .header("content-type", "application/json")
                .body(Bytes::from(body.to_string()))
                .unwrap();
            let r = runtime.block_on(arbiter::server::route(app.clone(), req));
            assert!(r.status().is_success(), "{path}: {:?}", r.body());
            serde_json::from_slice::<serde_json::Value>(r.body()).unwrap()
        };
        use serde_json::json;
        call(
            "POST",
            "/v1/competitions",
            json!({"id":"fuzz","kind":"nomic","name":"Fuzz"}),
        );
        call(
            "POST",
            "/v1/competitions/fuzz/actions",
            json!({"action":"import-rules"}),
        );
        call(
            "POST",
            "/v1/competitions/fuzz/registrations",
            json!({"player":"fuzzer","day":"monday"}),
        );
        call(
            "POST",
            "/v1/competitions/fuzz/actions",
            json!({"action":"begin"}),
        );
        call(
            "PUT",
            "/v1/competitions/fuzz/telegram",
            json!({"voting":{"chat":-100,"topic":1},"points":{"chat":-100,"topic":2}}),
        );
        let code = call(
            "POST",
            "/v1/competitions/fuzz/telegram/link-code",
            json!({}),
        );
        let link = json!({"update_id": 1, "message": {"message_id": 1, "date": 1_795_428_000,
            "from": {"id": 7, "is_bot": false}, "chat": {"id": 7, "type": "private"},
            "text": code["send"]}});
        let req = http::Request::post("/v1/telegram")
            .header("x-telegram-bot-api-secret-token", "fuzz-secret")
            .header("content-type", "application/json")
            .body(Bytes::from(link.to_string()))
            .unwrap();
        let r = runtime.block_on(arbiter::server::route(app.clone(), req));
        assert_eq!(r.status(), 200);
        Fixture {
            runtime,
            app,
            token,
        }
    })
}

fn telegram_texts() -> impl Strategy<Value = String> {
    prop_oneof![
        "(Rule-change|Vote|Point of Order|Judgement|Judgment|Dispute|I agree with Judgement|I disagree with Judgement|vote|RULE-CHANGE) ?:? ?[ -~]{0,40}",
        "Rule-change: (amend|repeal|transmute|enact) (Rule )?[0-9]{0,12}( to read:)?[ -~\n]{0,30}",
        "/(link|start) [A-Za-z0-9._-]{0,60}",
        "[a-z]{1,8}: -?[0-9]{0,20}( \\(\\+[0-9]{1,3}\\))?",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Any update, well-formed or not, with the right secret or not, is
    /// answered without a server error; a forged one never gets past 401.
    #[test]
    fn no_telegram_update_gets_a_server_error(
        update_id in any::<i64>(),
        message_id in prop_oneof![Just(5i64), any::<i64>()],
        chat in prop_oneof![Just(-100i64), Just(7), any::<i64>()],
        topic in proptest::option::of(prop_oneof![Just(1i64), Just(2), any::<i64>()]),
        from in prop_oneof![Just(7i64), any::<i64>()],
        date in prop_oneof![Just(1_795_428_000i64), any::<i64>()],
        text in telegram_texts(),
        reply_to in proptest::option::of(prop_oneof![Just(5i64), any::<i64>()]),
        edited in any::<bool>(),
        secret in prop_oneof![Just("fuzz-secret".to_owned()), "[ -~]{0,12}"],
        raw in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..80)),
    ) {
        let f = telegram_fixture();
        let mut message = serde_json::json!({"message_id": message_id, "date": date,
            "from": {"id": from, "is_bot": false},
            "chat": {"id": chat, "type": if chat == 7 { "private" } else { "supergroup" }},
            "text": text});
        if let Some(t) = topic {
            message["message_thread_id"] = t.into();
            message["is_topic_message"] = true.into();
        }
        if let Some(r) = reply_to {
            message["reply_to_message"] = serde_json::json!({"message_id": r});
        }
        let key = if edited { "edited_message" } else { "message" };
        let body = match &raw {
            Some(bytes) => bytes.clone(),
            None => serde_json::json!({"update_id": update_id, key: message}).to_string().into_bytes(),
        };
        let Ok(req) = http::Request::post("/v1/telegram")
            .header("x-telegram-bot-api-secret-token", secret.as_str())
            .header("content-type", "application/json")
            .body(Bytes::from(body)) else { return Ok(()); };
        let response = f.runtime.block_on(arbiter::server::route(f.app.clone(), req));
        let status = response.status().as_u16();
        prop_assert!(status < 500, "answered {status}");
        if secret != "fuzz-secret" {
            prop_assert_eq!(status, 401);
        }
    }
}
