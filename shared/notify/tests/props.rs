//! Arbitrary text never breaks the .eml writer, the webhook signature or truncation.

use arbiter_notify::{
    sign, truncate_utf16, verify, Channel, DeliveryError, Email, EmailChannel, EmlFolder, Message,
    Origin, Target,
};
use base64::Engine;
use chrono::{TimeZone, Utc};
use proptest::prelude::*;

fn email(subject: String, text: String) -> Email {
    Email {
        from: "arbiter@wm.example".into(),
        to: vec!["captain@oslo.example".into()],
        subject,
        text,
        message_id: "ntf-0123456789abcdef0123456789abcdef".into(),
        date: Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap(),
        threading: Default::default(),
    }
}

proptest! {
    #[test]
    fn eml_writer_never_panics_and_keeps_the_body(subject in any::<String>(), text in any::<String>()) {
        let mail = email(subject.clone(), text.clone());
        match mail.to_rfc5322() {
            Err(_) => prop_assert!(subject.contains(['\r', '\n'])),
            Ok(eml) => {
                let (head, body) = eml.split_once("\r\n\r\n").expect("a blank line ends the headers");
                prop_assert!(head.is_ascii());
                for line in head.split("\r\n") {
                    // A header or a folded continuation of one.
                    prop_assert!(line.contains(": ") || line.starts_with(' '), "{:?}", line);
                }
                // Every line of the file ends in CRLF and fits RFC 5322's 998 octets.
                prop_assert!(eml.ends_with("\r\n"));
                for line in eml.split("\r\n") {
                    prop_assert!(!line.contains(['\r', '\n']));
                    prop_assert!(line.len() <= 998);
                }
                let decoded = if head.contains("Content-Transfer-Encoding: base64") {
                    let joined: String = body.split("\r\n").collect();
                    String::from_utf8(base64::engine::general_purpose::STANDARD.decode(joined).unwrap()).unwrap()
                } else {
                    body.strip_suffix("\r\n").unwrap().replace("\r\n", "\n")
                };
                let expected = if head.contains("base64") { text.clone() } else { text.replace("\r\n", "\n") };
                prop_assert_eq!(decoded, expected);
            }
        }
    }

    #[test]
    fn webhook_signature_verifies_for_any_body(secret in any::<String>(), timestamp in any::<i64>(), text in any::<String>()) {
        let body = serde_json::to_vec(&serde_json::json!({ "text": text })).unwrap();
        let header = sign(&secret, "msg_1", timestamp, &body);
        // Standard Webhooks: `v1,` and the base64 of a 32-byte HMAC-SHA256.
        prop_assert!(header.starts_with("v1,"));
        prop_assert_eq!(header.len(), 3 + 44);
        prop_assert!(verify(&secret, "msg_1", timestamp, &body, &header));
        prop_assert!(!verify(&secret, "msg_1", timestamp.wrapping_add(1), &body, &header));
        prop_assert!(!verify(&secret, "msg_2", timestamp, &body, &header));
    }

    #[test]
    fn truncation_fits_the_limit_and_keeps_a_prefix(text in any::<String>(), max in 1usize..300) {
        let cut = truncate_utf16(&text, max);
        prop_assert!(cut.encode_utf16().count() <= max);
        if text.encode_utf16().count() <= max {
            prop_assert_eq!(cut, text);
        } else {
            let kept = cut.strip_suffix('…').unwrap();
            prop_assert!(text.starts_with(kept));
        }
    }
}

fn message(target: &Target, subject: String, text: String) -> Message {
    Message::new(
        Origin::event("wm-2026", 3, 0),
        "reminder-sent",
        target,
        subject,
        text,
    )
    .with_clause("wm D.VII.1")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn eml_folder_writes_a_file_for_any_message_text(subject in any::<String>(), text in any::<String>()) {
        let dir = tempfile::tempdir().unwrap();
        let channel = EmailChannel::new(EmlFolder::new(dir.path()), "arbiter@wm.example");
        let target = Target::Email { to: vec!["player@wm.example".into()] };
        let m = message(&target, subject.clone(), text);
        let rt = tokio::runtime::Builder::new_current_thread().build().unwrap();
        match rt.block_on(channel.deliver(&target, &m)) {
            Ok(_) => {
                let eml = std::fs::read_to_string(dir.path().join(format!("{}.eml", m.id))).unwrap();
                prop_assert!(eml.contains("\r\n\r\n"));
                prop_assert!(!eml.replace("\r\n", "").contains(['\r', '\n']));
            }
            Err(DeliveryError::HeaderInjection { field }) => {
                prop_assert_eq!(field, "Subject");
                prop_assert!(subject.contains(['\r', '\n']));
            }
            Err(e) => prop_assert!(false, "unexpected {e:?}"),
        }
    }

    #[test]
    fn the_webhook_body_of_any_message_verifies(secret in any::<String>(), subject in any::<String>(), text in any::<String>()) {
        let target = Target::Webhook { subscription: "s".into(), url: "https://h.example/x".into(), secret: secret.clone() };
        let body = serde_json::to_vec(&message(&target, subject, text)).unwrap();
        let header = sign(&secret, "m", 1_790_000_000, &body);
        prop_assert!(verify(&secret, "m", 1_790_000_000, &body, &header));
        let mut tampered = body.clone();
        tampered.push(b' ');
        prop_assert!(!verify(&secret, "m", 1_790_000_000, &tampered, &header));
    }
}
