//! The e-mail channel: .eml files and SES v2 through a loopback fake.

mod common;

use arbiter_notify::{Channel, DeliveryError, EmailChannel, EmlFolder, SesMailer, Target};
use chrono::{TimeZone, Utc};
use common::{nmr_message, Fake, Reply};
use std::sync::Arc;

fn fixed_clock() -> Arc<dyn Fn() -> chrono::DateTime<Utc> + Send + Sync> {
    Arc::new(|| Utc.with_ymd_and_hms(2026, 11, 21, 12, 0, 0).unwrap())
}

fn captain_and_team() -> Target {
    Target::Email {
        to: vec!["captain@oslo.example".into(), "team@oslo.example".into()],
    }
}

#[tokio::test]
async fn wm_b8b_nmr_email_is_written_as_an_eml_file_to_captain_and_team() {
    let dir = tempfile::tempdir().unwrap();
    let ch = EmailChannel::with_clock(
        EmlFolder::new(dir.path()),
        "Arbiter <arbiter@wm.example>",
        fixed_clock(),
    );
    let target = captain_and_team();
    let message = nmr_message(&target);
    let delivered = ch.deliver(&target, &message).await.unwrap();
    let path = dir.path().join(format!("{}.eml", message.id));
    assert_eq!(delivered.remote_id, Some(path.display().to_string()));
    let eml = std::fs::read_to_string(&path).unwrap();
    let (head, body) = eml.split_once("\r\n\r\n").unwrap();
    let headers: Vec<&str> = head.split("\r\n").collect();
    assert!(headers.contains(&"From: Arbiter <arbiter@wm.example>"));
    assert!(headers.contains(&"To: captain@oslo.example, team@oslo.example"));
    assert!(headers.contains(&"Subject: NMR: Team Oslo missed the Spring 1902 orders"));
    assert!(headers.contains(&"Date: Sat, 21 Nov 2026 12:00:00 +0000"));
    let message_id = format!("Message-ID: <{}@wm.example>", message.id);
    assert!(headers.contains(&message_id.as_str()), "{headers:?}");
    assert!(headers.contains(&"Content-Type: text/plain; charset=utf-8"));
    assert!(body.starts_with("Team Oslo sent no orders for Spring 1902.\r\nThe captain"));
    assert!(body.contains("(wm B.8.b) /v1/competitions/wm-2026\r\n"));
    // No bare LF anywhere: every line ends in CRLF.
    assert!(!eml.replace("\r\n", "").contains('\n'));

    // A replay writes the same file again, not a second one.
    ch.deliver(&target, &message).await.unwrap();
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[tokio::test]
async fn eml_refuses_header_injection_in_subject_and_addresses() {
    let dir = tempfile::tempdir().unwrap();
    let ch = EmailChannel::new(EmlFolder::new(dir.path()), "arbiter@wm.example");
    let target = captain_and_team();
    let mut message = nmr_message(&target);
    message.subject = "Hello\r\nBcc: everyone@example.org".into();
    let err = ch.deliver(&target, &message).await.unwrap_err();
    assert!(
        matches!(err, DeliveryError::HeaderInjection { field: "Subject" }),
        "{err:?}"
    );

    let sneaky = Target::Email {
        to: vec!["a@example.org\nBcc: b@example.org".into()],
    };
    let err = ch
        .deliver(&sneaky, &nmr_message(&sneaky))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DeliveryError::HeaderInjection { field: "To" }),
        "{err:?}"
    );

    let nobody = Target::Email { to: vec![] };
    let err = ch
        .deliver(&nobody, &nmr_message(&nobody))
        .await
        .unwrap_err();
    assert!(
        matches!(err, DeliveryError::Invalid { field: "To", .. }),
        "{err:?}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[tokio::test]
async fn eml_encodes_a_non_ascii_subject_as_an_encoded_word() {
    let dir = tempfile::tempdir().unwrap();
    let ch = EmailChannel::new(EmlFolder::new(dir.path()), "arbiter@club.example");
    let target = captain_and_team();
    let mut message = nmr_message(&target);
    message.subject = "Déclaration reçue".into();
    ch.deliver(&target, &message).await.unwrap();
    let eml = std::fs::read_to_string(dir.path().join(format!("{}.eml", message.id))).unwrap();
    assert!(
        eml.contains("Subject: =?UTF-8?B?RMOpY2xhcmF0aW9uIHJlw6d1ZQ==?=\r\n"),
        "{eml}"
    );
    assert!(eml.is_char_boundary(0));
    let head = eml.split_once("\r\n\r\n").unwrap().0;
    assert!(head.is_ascii());
}

#[tokio::test]
async fn ses_v2_send_email_reaches_the_fake_with_simple_content() {
    let fake = Fake::start(vec![], Reply::new(200, r#"{"MessageId":"ses-0001"}"#)).await;
    let config = aws_sdk_sesv2::Config::builder()
        .behavior_version(aws_sdk_sesv2::config::BehaviorVersion::latest())
        .region(aws_sdk_sesv2::config::Region::new("eu-west-1"))
        .credentials_provider(aws_sdk_sesv2::config::Credentials::new(
            "AKIDTESTONLY",
            "test-secret",
            None,
            None,
            "static-test",
        ))
        .endpoint_url(fake.url(""))
        .build();
    let mailer = SesMailer::new(aws_sdk_sesv2::Client::from_conf(config));
    let ch = EmailChannel::new(mailer, "arbiter@wm.example");
    let target = captain_and_team();
    let message = nmr_message(&target);
    let delivered = ch.deliver(&target, &message).await.unwrap();
    assert_eq!(delivered.remote_id.as_deref(), Some("ses-0001"));

    let requests = fake.requests();
    assert_eq!(requests.len(), 1);
    let req = &requests[0];
    assert_eq!(req.path, "/v2/email/outbound-emails");
    assert!(req
        .header("authorization")
        .starts_with("AWS4-HMAC-SHA256 Credential=AKIDTESTONLY/"));
    let body = req.json();
    assert_eq!(body["FromEmailAddress"], "arbiter@wm.example");
    assert_eq!(
        body["Destination"]["ToAddresses"],
        serde_json::json!(["captain@oslo.example", "team@oslo.example"])
    );
    let simple = &body["Content"]["Simple"];
    assert_eq!(
        simple["Subject"]["Data"],
        "NMR: Team Oslo missed the Spring 1902 orders"
    );
    assert!(simple["Body"]["Text"]["Data"]
        .as_str()
        .unwrap()
        .contains("wm B.8.b"));
    assert_eq!(body["EmailTags"][0]["Value"], message.id.as_str());
}

#[tokio::test]
async fn ses_refuses_header_injection_before_calling_the_provider() {
    let fake = Fake::start(vec![], Reply::new(200, r#"{"MessageId":"x"}"#)).await;
    let config = aws_sdk_sesv2::Config::builder()
        .behavior_version(aws_sdk_sesv2::config::BehaviorVersion::latest())
        .region(aws_sdk_sesv2::config::Region::new("eu-west-1"))
        .credentials_provider(aws_sdk_sesv2::config::Credentials::new(
            "AKIDTESTONLY",
            "test-secret",
            None,
            None,
            "static-test",
        ))
        .endpoint_url(fake.url(""))
        .build();
    let ch = EmailChannel::new(
        SesMailer::new(aws_sdk_sesv2::Client::from_conf(config)),
        "arbiter@wm.example",
    );
    let target = captain_and_team();
    let mut message = nmr_message(&target);
    message.subject = "x\ny".into();
    let err = ch.deliver(&target, &message).await.unwrap_err();
    assert!(matches!(err, DeliveryError::HeaderInjection { .. }));
    assert!(fake.requests().is_empty());
}
