//! Criterion benchmark of reading mail, small and large side by side: a
//! real-shaped mail (each fixture) and a 1 MB one (the largest read,
//! `MAX_MAIL_BYTES`) through MIME and quotation removal, then a board's
//! format read from the text (wm D.II).
//!
//! `cargo bench -p inbound-mail --bench mail`

use arbiter_domain::diplomacy::game::mail;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use inbound_mail::incoming;

const FIXTURES: [&str; 4] = [
    "gmail-plain-and-html.eml",
    "outlook-html-only-reply.eml",
    "apple-phone-reply.eml",
    "list-cc-with-attachment.eml",
];

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).expect("fixture")
}

/// A plain mail of about `bytes` bytes: orders, then a long quoted reply.
fn sized(bytes: usize) -> Vec<u8> {
    let mut raw = String::from(
        "From: ann@example.org\r\nTo: wm-board-7@boards.example.org\r\nSubject: S1901\r\nMessage-ID: <big@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nA Par - Bur\r\nA Mar - Spa\r\nF Bre - MAO\r\nFinal\r\n\r\nOn Mon, the GM wrote:\r\n",
    );
    while raw.len() < bytes {
        raw.push_str("> Your orders for S1901M are due on Thursday at noon.\r\n");
    }
    raw.into_bytes()
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse a mail");
    for name in FIXTURES {
        let raw = fixture(name);
        group.bench_with_input(BenchmarkId::new("fixture", name), &raw, |b, raw| {
            b.iter(|| incoming::parse(raw).expect("parses"))
        });
    }
    for bytes in [4 * 1024, inbound_mail::MAX_MAIL_BYTES] {
        let raw = sized(bytes);
        group.bench_with_input(BenchmarkId::new("plain, bytes", bytes), &raw, |b, raw| {
            b.iter(|| incoming::parse(raw).expect("parses"))
        });
    }
    group.finish();
}

fn read_acts(c: &mut Criterion) {
    let seven = "Hi GM,\nA Par - Bur\nArmy Marseilles to Spain\nF Bre - MAO\nVote 1: yes\nPropose draw: France, Germany\nExtension: 24 hours\nFinal\nAnn";
    let long = "A Par - Bur or A Par - Pic\n".repeat(mail::MAX_LINES);
    let mut group = c.benchmark_group("read a board's format");
    group.bench_function("9 lines", |b| b.iter(|| mail::read("S1901", seven)));
    group.bench_function("200 order lines", |b| b.iter(|| mail::read("S1901", &long)));
    group.finish();
}

criterion_group!(benches, parse, read_acts);
criterion_main!(benches);
