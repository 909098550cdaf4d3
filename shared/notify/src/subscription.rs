//! Subscriptions: who wants a competition's notices, where, and what they muted.
//!
//! A subscription belongs to one user in one competition. It either receives the
//! notices addressed to its owner (an NMR warning to a captain, a reminder to a
//! player) or, with the `announcements` scope, the competition's public notices (a
//! club's Discord channel, a Nomic points thread, an organizer's site). Owners may
//! mute topics the rules do not require ([`Topic::required_by`]); muting one they
//! do require is refused naming the clause.

use crate::message::Target;
use arbiter_domain::competition::UserId;
use arbiter_domain::notice::{Audience, Notice, Topic};
use arbiter_domain::Refusal;
use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The most subscriptions one user keeps in one competition: enough for an e-mail,
/// a chat and a couple of hooks, few enough that nobody fans one notice out widely.
pub const MAX_PER_OWNER: usize = 10;

/// Which notices a subscription receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Scope {
    /// The notices addressed to the owner.
    #[default]
    Mine,
    /// The competition's public notices.
    Announcements,
}

/// Where a subscription's notices go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "channel", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Endpoint {
    Email {
        /// One address.
        address: String,
    },
    /// A signed webhook; the secret is made by the server and shown once.
    Webhook {
        /// An HTTPS endpoint.
        url: String,
        /// The HMAC-SHA256 key of `X-Arbiter-Signature`: made by the server,
        /// shown only in the answer that created the subscription.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        secret: String,
    },
    /// A Discord channel webhook (the URL is the credential).
    Discord {
        /// A channel webhook URL; shown only by host afterwards.
        url: String,
    },
    /// A Telegram chat the deployment's bot posts to.
    Telegram {
        /// A chat id or @username the deployment's bot posts to.
        chat: String,
        /// A forum topic of the chat (its `message_thread_id`), e.g. a Nomic
        /// game's points thread (nomic 209).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        topic: Option<String>,
    },
}

/// A stored subscription, as its owner reads it. A webhook's `secret`
/// appears only in the answer that created it; a Discord URL is shown only
/// by host afterwards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Subscription {
    pub id: String,
    pub owner: UserId,
    #[serde(default)]
    pub scope: Scope,
    #[serde(flatten)]
    pub endpoint: Endpoint,
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub mute: BTreeSet<Topic>,
    pub created_at: DateTime<Utc>,
    /// Which of its owner's [`MAX_PER_OWNER`] places in the competition this
    /// subscription holds: no two live subscriptions of one owner hold the
    /// same, so concurrent creates cannot pass the limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<u32>,
    /// The digest of the request that created it under an Idempotency-Key,
    /// so the same key with another request is recognised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_digest: Option<String>,
}

/// What a client asks for: `{"channel": "email", "address": ..., "scope": "mine",
/// "mute": ["reminder"]}`. `scope` mine: the notices addressed to the caller;
/// announcements: the competition's public notices.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
pub struct SubscriptionRequest {
    #[serde(default)]
    pub scope: Scope,
    #[serde(flatten)]
    pub endpoint: Endpoint,
    /// Topics not to receive; muting one the rules require is refused (422)
    /// naming the clause.
    #[serde(default)]
    pub mute: BTreeSet<Topic>,
}

impl SubscriptionRequest {
    /// Checks the request and makes the subscription. `id` and `secret` come from
    /// the caller (random in production), so this stays deterministic.
    pub fn into_subscription(
        self,
        id: String,
        owner: UserId,
        secret: String,
        now: DateTime<Utc>,
        reach: Reach,
    ) -> Result<Subscription, Refusal> {
        if let Some(topic) = self.mute.iter().find(|t| t.required_by().is_some()) {
            let clause = topic.required_by().unwrap_or_default();
            return Err(Refusal::rule(
                clause,
                format!(
                    "{clause} requires {} notices to reach you; they cannot be muted",
                    topic.as_str()
                ),
            ));
        }
        let endpoint = match self.endpoint {
            Endpoint::Email { address } => {
                check_address(&address)?;
                Endpoint::Email { address }
            }
            Endpoint::Webhook { url, .. } => {
                check_https(&url, reach)?;
                Endpoint::Webhook { url, secret }
            }
            Endpoint::Discord { url } => {
                check_discord(&url, reach)?;
                Endpoint::Discord { url }
            }
            Endpoint::Telegram { chat, topic } => {
                check_chat(&chat)?;
                if let Some(t) = &topic {
                    check_topic(t)?;
                }
                Endpoint::Telegram { chat, topic }
            }
        };
        Ok(Subscription {
            id,
            owner,
            scope: self.scope,
            endpoint,
            mute: self.mute,
            created_at: now,
            slot: None,
            request_digest: None,
        })
    }
}

impl Subscription {
    /// Whether this subscription receives `notice`: the right scope and owner, and
    /// not muted (a required topic is never muted; see [`SubscriptionRequest`]).
    pub fn receives(&self, notice: &Notice) -> bool {
        let addressed = match (&notice.audience, self.scope) {
            (Audience::Public, Scope::Announcements) => true,
            (Audience::Users(users), Scope::Mine) => users.contains(&self.owner),
            _ => false,
        };
        addressed && self.accepts(notice.topic)
    }

    /// Whether the owner takes notices of `topic` here.
    pub fn accepts(&self, topic: Topic) -> bool {
        topic.required_by().is_some() || !self.mute.contains(&topic)
    }

    /// The delivery target.
    pub fn target(&self) -> Target {
        match &self.endpoint {
            Endpoint::Email { address } => Target::Email {
                to: vec![address.clone()],
            },
            Endpoint::Webhook { url, secret } => Target::Webhook {
                subscription: self.id.clone(),
                url: url.clone(),
                secret: secret.clone(),
            },
            Endpoint::Discord { url } => Target::Discord {
                webhook_url: url.clone(),
            },
            Endpoint::Telegram { chat, topic } => Target::Telegram {
                chat_id: chat.clone(),
                topic: topic.clone(),
            },
        }
    }

    /// The subscription as its owner sees it after creation: no webhook secret, and
    /// only the host of a Discord URL (its path is the channel's credential).
    pub fn redacted(&self) -> Subscription {
        let mut shown = self.clone();
        match &mut shown.endpoint {
            Endpoint::Webhook { secret, .. } => secret.clear(),
            Endpoint::Discord { url } => *url = redact_url(url),
            Endpoint::Email { .. } | Endpoint::Telegram { .. } => {}
        }
        shown
    }
}

fn redact_url(url: &str) -> String {
    match reqwest::Url::parse(url) {
        Ok(u) => format!("{}://{}/…", u.scheme(), u.host_str().unwrap_or("")),
        Err(_) => "…".to_owned(),
    }
}

/// An address one mailbox can be reached at: no display name, no list, no spaces,
/// nothing that could become a second header.
fn check_address(address: &str) -> Result<(), Refusal> {
    let bad = || Refusal::invalid("address must be one e-mail address, like ann@example.org");
    if address.len() > 254
        || address
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || ",;<>\"()[]\\".contains(c))
    {
        return Err(bad());
    }
    let (local, domain) = address.split_once('@').ok_or_else(bad)?;
    if local.is_empty() || local.len() > 64 || domain.contains('@') || !domain.contains('.') {
        return Err(bad());
    }
    if domain.starts_with('.') || domain.ends_with('.') || domain.contains("..") {
        return Err(bad());
    }
    Ok(())
}

/// Where a deployment's subscriptions may point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Public HTTPS endpoints only: what the Lambda functions accept.
    Public,
    /// Also this machine (`http://127.0.0.1:…`, `localhost`): the local
    /// runtime, where a developer's receiver and the tests' fakes listen.
    Loopback,
}

fn check_https(url: &str, reach: Reach) -> Result<reqwest::Url, Refusal> {
    if url.len() > 2048 {
        return Err(Refusal::invalid("url is longer than 2048 characters"));
    }
    let parsed = crate::channel::check_url(url).map_err(|e| Refusal::invalid(e.to_string()))?;
    // The notifier posts from inside the organizer's network: an address of that
    // network, of the machine (the Lambda Runtime API listens on loopback) or of
    // the cloud's metadata service is refused in any form, so a subscription
    // cannot point the notifier at it. Names are resolved at send time by the
    // production client, which drops internal answers.
    let host = parsed.host_str().unwrap_or("");
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    let ip = literal.parse::<std::net::IpAddr>().ok();
    let loopback = host == "localhost" || ip.is_some_and(|ip| ip.is_loopback());
    if reach == Reach::Loopback && loopback {
        return Ok(parsed);
    }
    if parsed.scheme() != "https" {
        return Err(Refusal::invalid("the url must be https"));
    }
    if loopback || ip.is_some_and(crate::address::is_internal) {
        return Err(Refusal::invalid(
            "the url names a private, loopback or link-local address; notifications go to public endpoints",
        ));
    }
    Ok(parsed)
}

/// Discord's channel webhooks live under `/api/webhooks/` on Discord's hosts (any
/// loopback host passes, for tests).
fn check_discord(url: &str, reach: Reach) -> Result<(), Refusal> {
    let parsed = check_https(url, reach)?;
    let host = parsed.host_str().unwrap_or("");
    let discord = matches!(
        host,
        "discord.com" | "discordapp.com" | "ptb.discord.com" | "canary.discord.com"
    );
    let loopback = parsed.scheme() == "http";
    if !(loopback || discord && parsed.path().starts_with("/api/webhooks/")) {
        return Err(Refusal::invalid(
            "url must be a Discord channel webhook (https://discord.com/api/webhooks/...)",
        ));
    }
    Ok(())
}

/// A Telegram chat: a numeric id (groups are negative) or a public `@username`.
fn check_chat(chat: &str) -> Result<(), Refusal> {
    let numeric = {
        let digits = chat.strip_prefix('-').unwrap_or(chat);
        !digits.is_empty() && digits.len() <= 20 && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let username = chat.strip_prefix('@').is_some_and(|name| {
        (5..=32).contains(&name.len())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    });
    if numeric || username {
        Ok(())
    } else {
        Err(Refusal::invalid(
            "chat must be a Telegram chat id (e.g. -1001234567890) or @username",
        ))
    }
}

/// A forum topic: Telegram's `message_thread_id`, a positive number.
fn check_topic(topic: &str) -> Result<(), Refusal> {
    match topic.parse::<i64>() {
        Ok(n) if n > 0 && topic.len() <= 20 => Ok(()),
        _ => Err(Refusal::invalid(
            "topic must be a Telegram forum topic id (its message_thread_id)",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(json: serde_json::Value) -> Result<Subscription, Refusal> {
        request_reaching(json, Reach::Loopback)
    }

    fn request_reaching(json: serde_json::Value, reach: Reach) -> Result<Subscription, Refusal> {
        let request: SubscriptionRequest =
            serde_json::from_value(json).map_err(|e| Refusal::invalid(e.to_string()))?;
        request.into_subscription(
            "sub-1".into(),
            UserId::try_from("ann").unwrap(),
            "whsec-test".into(),
            "2026-11-21T10:00:00Z".parse().unwrap(),
            reach,
        )
    }

    /// A deployment reaches public endpoints only: the IPv4-mapped IPv6
    /// forms of private and link-local addresses, the shared range
    /// 100.64.0.0/10, and plain HTTP to loopback (where the Lambda Runtime
    /// API listens) are refused; the local runtime may post to loopback.
    #[test]
    fn a_deployment_refuses_every_internal_target() {
        use serde_json::json;
        for url in [
            "https://[::ffff:10.0.0.1]/hook",
            "https://[::ffff:a9fe:a9fe]/latest/meta-data",
            "https://100.64.0.1/hook",
            "https://127.0.0.1/hook",
            "https://localhost/hook",
            "http://127.0.0.1:9001/2018-06-01/runtime/invocation/next",
            "http://localhost:8080/hook",
            "http://example.org/hook",
        ] {
            let hook = json!({"channel": "webhook", "url": url});
            assert!(request_reaching(hook, Reach::Public).is_err(), "{url}");
        }
        let public = json!({"channel": "webhook", "url": "https://club.example.org/points"});
        assert!(request_reaching(public, Reach::Public).is_ok());
        let local = json!({"channel": "webhook", "url": "http://127.0.0.1:8080/hook"});
        assert!(request_reaching(local, Reach::Loopback).is_ok());
    }

    #[test]
    fn each_channel_is_checked() {
        use serde_json::json;
        assert!(request(json!({"channel": "email", "address": "ann@example.org"})).is_ok());
        for bad in [
            "ann",
            "ann@",
            "@example.org",
            "ann@example",
            "a b@example.org",
            "ann@example.org\r\nBcc: x@y.z",
            "Ann <ann@example.org>",
            "a@b.org,c@d.org",
        ] {
            assert!(
                request(json!({"channel": "email", "address": bad})).is_err(),
                "{bad}"
            );
        }
        assert!(
            request(json!({"channel": "webhook", "url": "https://hooks.example.org/a"})).is_ok()
        );
        assert!(
            request(json!({"channel": "webhook", "url": "http://hooks.example.org/a"})).is_err()
        );
        assert!(request(
            json!({"channel": "discord", "url": "https://discord.com/api/webhooks/1/x"})
        )
        .is_ok());
        assert!(request(
            json!({"channel": "discord", "url": "https://evil.example/api/webhooks/1/x"})
        )
        .is_err());
        for chat in ["-1001234567890", "42", "@club_chat"] {
            assert!(
                request(json!({"channel": "telegram", "chat": chat})).is_ok(),
                "{chat}"
            );
        }
        for chat in ["", "-", "@abc", "club chat", "@club-chat"] {
            assert!(
                request(json!({"channel": "telegram", "chat": chat})).is_err(),
                "{chat}"
            );
        }
        assert!(request(json!({"channel": "pigeon", "loft": "x"})).is_err());
        assert!(
            request(json!({"channel": "email", "address": "ann@example.org", "cc": "x"})).is_err()
        );
    }

    /// wm B.8.b, club III.2.4, nomic 209, acwc IV.E, wm D.IX.2: required notices
    /// cannot be muted; the refusal names the clause.
    #[test]
    fn muting_what_the_rules_require_is_refused_naming_the_clause() {
        use serde_json::json;
        for topic in Topic::ALL {
            let r = request(json!({"channel": "email", "address": "ann@example.org",
                "mute": [topic.as_str()]}));
            match topic.required_by() {
                Some(clause) => {
                    assert_eq!(r.unwrap_err().clause.as_deref(), Some(clause), "{topic:?}")
                }
                None => assert!(r.is_ok(), "{topic:?}"),
            }
        }
    }

    #[test]
    fn the_webhook_secret_and_the_discord_token_are_not_shown_again() {
        use serde_json::json;
        let hook =
            request(json!({"channel": "webhook", "url": "https://hooks.example.org/a"})).unwrap();
        let shown = serde_json::to_string(&hook.redacted()).unwrap();
        assert!(!shown.contains("whsec-test"), "{shown}");
        let discord = request(json!({"channel": "discord",
            "url": "https://discord.com/api/webhooks/123/TOKEN"}))
        .unwrap();
        let shown = serde_json::to_string(&discord.redacted()).unwrap();
        assert!(
            !shown.contains("TOKEN") && !shown.contains("123"),
            "{shown}"
        );
        // The stored form keeps both, or nothing could be delivered.
        let stored: Subscription =
            serde_json::from_str(&serde_json::to_string(&hook).unwrap()).unwrap();
        assert_eq!(stored, hook);
    }
}
