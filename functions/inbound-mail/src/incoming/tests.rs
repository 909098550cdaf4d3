//! Real-shaped mails (written for these tests: `fixtures/*.eml`) reduced to
//! what their senders wrote this time.

use super::*;

fn fixture(name: &str) -> Incoming {
    let path = format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    parse(&std::fs::read(&path).unwrap()).unwrap_or_else(|| panic!("{name} parses"))
}

#[test]
fn a_gmail_multipart_alternative_is_read_from_its_plain_part() {
    let m = fixture("gmail-plain-and-html.eml");
    assert_eq!(m.message_id, "CAF=gmail-1@mail.gmail.com");
    assert_eq!(m.from.as_deref(), Some("ann.ferrand@gmail.com"));
    assert_eq!(m.to_and_cc, vec!["wm-board-7@boards.example.org"]);
    assert_eq!(m.subject, "S1901 orders");
    assert_eq!(
        m.text,
        "Hi GM,\n\nA Par - Bur\nArmy Marseilles to Spain\nF Bre - MAO\n\nFinal\n\nAnn"
    );
    assert_eq!(m.thread_root(), "CAF=gmail-1@mail.gmail.com");
}

#[test]
fn an_outlook_html_only_reply_in_latin_1_is_read_above_the_quoted_reminder() {
    let m = fixture("outlook-html-only-reply.eml");
    assert_eq!(m.from.as_deref(), Some("bob.keller@outlook.com"));
    let lines: Vec<&str> = m
        .text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(
        lines,
        vec!["A Mun - Ruh", "A Ber - Kie", "F Kie - Den", "Grüße, Bob"]
    );
    assert_eq!(m.thread, vec!["ntf-reminder-1@boards.example.org"]);
}

#[test]
fn a_phone_reply_leaves_out_its_footer_and_the_quoted_lines() {
    let m = fixture("apple-phone-reply.eml");
    assert_eq!(m.text, "F Lon - NTH\nF Edi - NWG\nA Lvp - Yor");
    assert_eq!(m.thread_root(), "ntf-reminder-2@boards.example.org");
}

#[test]
fn a_list_mail_in_cc_is_read_up_to_the_signature_and_its_attachment_ignored() {
    let m = fixture("list-cc-with-attachment.eml");
    assert_eq!(
        m.to_and_cc,
        vec![
            "diplomacy-list@lists.example.net",
            "wm-board-7@boards.example.org"
        ]
    );
    assert_eq!(m.text, "A Vie - Gal\nVote 1: no");
}

#[test]
fn new_text_stops_at_quotations_and_signatures() {
    assert_eq!(
        new_text("A Par H\nOn Mon, Ann wrote:\nA Par - Bur"),
        "A Par H"
    );
    assert_eq!(
        new_text("A Par H\n-----Original Message-----\nA Bur H"),
        "A Par H"
    );
    assert_eq!(new_text("A Par H\n> A Mar H\nF Bre H"), "A Par H\nF Bre H");
    assert_eq!(new_text("A Par H\n-- \nAnn"), "A Par H");
}

#[test]
fn what_is_not_a_mail_is_nothing_and_a_mail_without_id_gets_one_from_its_content() {
    assert_eq!(parse(b""), None);
    let raw = b"From: a@b.org\r\nTo: c@d.org\r\nSubject: x\r\n\r\nA Par H\r\n";
    let m = parse(raw).unwrap();
    assert!(m.message_id.ends_with("@no-message-id"));
    assert_eq!(parse(raw).unwrap().message_id, m.message_id);
}
