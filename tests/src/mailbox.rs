//! Mail for the play-by-e-mail tests: raw messages shaped as mail clients
//! send them, and a mailer that keeps what the board answers.

use arbiter_notify::{DeliveryError, Email, Mailer};
use std::sync::{Arc, Mutex};

/// Keeps every e-mail sent, in order.
#[derive(Clone, Default)]
pub struct Kept {
    sent: Arc<Mutex<Vec<Email>>>,
}

impl Kept {
    pub fn sent(&self) -> Vec<Email> {
        self.sent.lock().expect("kept").clone()
    }
}

impl Mailer for Kept {
    async fn send(&self, email: &Email) -> Result<String, DeliveryError> {
        email.check_headers()?;
        let mut sent = self.sent.lock().expect("kept");
        sent.push(email.clone());
        Ok(format!("kept-{}", sent.len()))
    }
}

/// A plain-text mail, CRLF line ends, with any extra headers.
pub fn plain(from: &str, to: &str, subject: &str, id: &str, extra: &[&str], body: &str) -> Vec<u8> {
    let mut out = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nDate: Mon, 23 Nov 2026 10:00:00 +0000\r\nMessage-ID: <{id}>\r\n"
    );
    for h in extra {
        out.push_str(h);
        out.push_str("\r\n");
    }
    out.push_str("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n");
    out.push_str(&body.replace('\n', "\r\n"));
    out.push_str("\r\n");
    out.into_bytes()
}

/// An HTML-only mail, as some webmail and phone clients send it.
pub fn html_only(from: &str, to: &str, subject: &str, id: &str, html: &str) -> Vec<u8> {
    format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}>\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><body>{html}</body></html>\r\n"
    )
    .into_bytes()
}
