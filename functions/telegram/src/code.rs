//! One-time link codes: a signed-in player asks the API for one, and sends
//! it to the bot in a private chat; the bot then knows which player the
//! Telegram account is. A code names the competition, the player and when
//! it expires, signed with a key derived from the webhook's secret, so the
//! bot checks it without storing it; the game records each code's digest
//! when it is used, so it works once.

use arbiter_domain::competition::{CompetitionId, UserId};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

/// How long a code works after it was made.
pub fn lifetime() -> Duration {
    Duration::minutes(30)
}

/// What a valid code says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Linking {
    pub competition: CompetitionId,
    pub player: UserId,
}

fn mac(secret: &str, payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(b"arbiter telegram link code\0");
    mac.update(payload.as_bytes());
    mac
}

/// A code for `player` in `competition`, working until `now` + [`lifetime`].
pub fn make(
    secret: &str,
    competition: &CompetitionId,
    player: &UserId,
    now: DateTime<Utc>,
) -> String {
    let expires = (now + lifetime()).timestamp();
    let payload = format!("{competition}\n{player}\n{expires}");
    let tag = mac(secret, &payload).finalize().into_bytes();
    format!(
        "{}.{}",
        URL_SAFE_NO_PAD.encode(payload),
        URL_SAFE_NO_PAD.encode(&tag[..16])
    )
}

/// What `code` says, if it is one of ours and has not expired at `now`.
pub fn check(secret: &str, code: &str, now: DateTime<Utc>) -> Option<Linking> {
    let (payload, tag) = code.trim().split_once('.')?;
    let payload = String::from_utf8(URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
    mac(secret, &payload).verify_truncated_left(&tag).ok()?;
    let mut parts = payload.split('\n');
    let competition = CompetitionId::try_from(parts.next()?).ok()?;
    let player = UserId::try_from(parts.next()?).ok()?;
    let expires: i64 = parts.next()?.parse().ok()?;
    (parts.next().is_none() && now.timestamp() < expires).then_some(Linking {
        competition,
        player,
    })
}

/// The digest the game records for a used code.
pub fn digest(code: &str) -> String {
    hex::encode(&Sha256::digest(code.trim().as_bytes())[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn a_code_says_who_and_where_until_it_expires() {
        let c = CompetitionId::try_from("nomic-2026").unwrap();
        let p = UserId::try_from("ben").unwrap();
        let code = make("s3cret", &c, &p, t("2026-03-16T10:00:00Z"));
        let want = Some(Linking {
            competition: c.clone(),
            player: p.clone(),
        });
        assert_eq!(check("s3cret", &code, t("2026-03-16T10:29:59Z")), want);
        assert_eq!(
            check("s3cret", &format!(" {code}\n"), t("2026-03-16T10:00:00Z")),
            want
        );
        // Expired, signed with another secret, or altered: nothing.
        assert_eq!(check("s3cret", &code, t("2026-03-16T10:30:00Z")), None);
        assert_eq!(check("other", &code, t("2026-03-16T10:00:00Z")), None);
        let forged = make(
            "other",
            &c,
            &UserId::try_from("dave").unwrap(),
            t("2026-03-16T10:00:00Z"),
        );
        let (_, tag) = code.split_once('.').unwrap();
        let (payload, _) = forged.split_once('.').unwrap();
        assert_eq!(
            check(
                "s3cret",
                &format!("{payload}.{tag}"),
                t("2026-03-16T10:00:00Z")
            ),
            None
        );
        for junk in ["", ".", "abc", "a.b.c", "😀.😀"] {
            assert_eq!(
                check("s3cret", junk, t("2026-03-16T10:00:00Z")),
                None,
                "{junk}"
            );
        }
        assert_ne!(digest(&code), digest(&forged));
    }
}
