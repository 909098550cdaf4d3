//! A mail as people send it, reduced to what its sender wrote this time:
//! MIME (multipart, HTML-only, any charset, attachments) is read by
//! `mail-parser`; what is quoted from earlier mails, signatures and list
//! footers are left out, so that a reply quoting a reminder is read for its
//! new lines only.

use mail_parser::{Address, HeaderValue, MessageParser};

/// The parts of a mail the board reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Incoming {
    /// `Message-ID`, without angle brackets; made from the content when
    /// the mail has none.
    pub message_id: String,
    /// The sender's address, lower case.
    pub from: Option<String>,
    /// Every address in `To` and `Cc`, lower case (wm D.II.2).
    pub to_and_cc: Vec<String>,
    pub subject: String,
    /// The ids this mail answers, oldest first (`References`, then
    /// `In-Reply-To`), without angle brackets.
    pub thread: Vec<String>,
    /// What the sender wrote this time.
    pub text: String,
}

impl Incoming {
    /// The first mail of the thread, which its answers share.
    pub fn thread_root(&self) -> &str {
        self.thread.first().unwrap_or(&self.message_id)
    }
}

/// Reads `raw` (RFC 5322 bytes); `None` when it is not a mail at all.
pub fn parse(raw: &[u8]) -> Option<Incoming> {
    let message = MessageParser::default().parse(raw)?;
    let text = message
        .body_text(0)
        .map(|t| new_text(&t))
        .unwrap_or_default();
    Some(incoming(&message, raw, text))
}

/// Only the headers of `raw`, its text left empty: for a mail too large to
/// read, who sent it, to whom, and its id.
pub fn parse_headers(raw: &[u8]) -> Option<Incoming> {
    let message = MessageParser::default().parse_headers(raw)?;
    Some(incoming(&message, raw, String::new()))
}

fn incoming(message: &mail_parser::Message, raw: &[u8], text: String) -> Incoming {
    let message_id = message
        .message_id()
        .map(str::to_owned)
        .unwrap_or_else(|| content_id(raw));
    let mut thread = ids(message.references());
    for id in ids(message.in_reply_to()) {
        if !thread.contains(&id) {
            thread.push(id);
        }
    }
    Incoming {
        message_id,
        from: message.from().and_then(first_address),
        to_and_cc: [message.to(), message.cc()]
            .into_iter()
            .flatten()
            .flat_map(addresses)
            .collect(),
        subject: message.subject().unwrap_or_default().trim().to_owned(),
        thread,
        text,
    }
}

fn first_address(a: &Address) -> Option<String> {
    a.first()
        .and_then(|a| a.address())
        .map(|a| a.trim().to_ascii_lowercase())
}

fn addresses(a: &Address) -> Vec<String> {
    a.iter()
        .filter_map(|a| a.address())
        .map(|a| a.trim().to_ascii_lowercase())
        .collect()
}

fn ids(value: &HeaderValue) -> Vec<String> {
    match value {
        HeaderValue::Text(t) => vec![t.to_string()],
        HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
        _ => vec![],
    }
}

/// An id for a mail without `Message-ID`, from its bytes: the same mail
/// delivered twice gets the same id.
fn content_id(raw: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    format!("{}@no-message-id", hex::encode(&Sha256::digest(raw)[..16]))
}

/// The lines the sender wrote this time: up to the first line that starts a
/// quotation ("On … wrote:", "-----Original Message-----", an Outlook
/// "From:" block, a line of underscores), a signature ("-- ") or a list
/// footer; quoted lines (">") and "Sent from my phone" lines left out.
pub fn new_text(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if starts_quotation(t, lines.get(i + 1).map(|l| l.trim())) {
            break;
        }
        if t.starts_with('>') || is_phone_footer(t) {
            continue;
        }
        out.push(line.trim_end());
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out.join("\n")
}

fn starts_quotation(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_ascii_lowercase();
    (lower.starts_with("on ") && lower.ends_with("wrote:"))
        || (lower.starts_with("le ") && lower.ends_with("a écrit :"))
        || (lower.starts_with("am ") && lower.ends_with("schrieb:"))
        || line == "-- "
        || line == "--"
        || lower.contains("-----original message-----")
        || lower.contains("-------- forwarded message")
        || lower.starts_with("begin forwarded message")
        || (line.len() >= 8 && line.chars().all(|c| c == '_'))
        || (lower.starts_with("from:")
            && next.is_some_and(|n| {
                let n = n.to_ascii_lowercase();
                n.starts_with("sent:") || n.starts_with("date:")
            }))
}

fn is_phone_footer(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("sent from my ")
        || lower == "get outlook for ios"
        || lower == "get outlook for android"
}

#[cfg(test)]
mod tests;
