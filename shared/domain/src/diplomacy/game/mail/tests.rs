//! wm D.II.1, D.II.2, D.III.1, D.IX, D.X, D.VII.5: a mail's text read as
//! the acts it holds, each expectation worked from the format in the
//! module's documentation.

use super::*;

#[test]
fn wm_d_iii_1_orders_in_plain_english_and_abbreviations_are_orders_and_greetings_are_not() {
    let acts = read(
        "Spring orders",
        "Hi GM,\n\nA Par - Bur\nArmy Marseilles to Spain\nF Bre - MAO\n\nCheers, Ann\n",
    );
    assert_eq!(
        acts.orders,
        vec!["A Par - Bur", "Army Marseilles to Spain", "F Bre - MAO"]
    );
    assert_eq!(acts.not_read, vec!["Hi GM,", "Cheers, Ann"]);
    assert!(!acts.is_final, "wm D.II.1: preliminary unless marked Final");
}

#[test]
fn wm_d_ii_1_a_set_is_final_when_marked_in_a_line_or_the_subject() {
    assert!(read("Orders", "A Par - Bur\nFinal").is_final);
    assert!(read("Orders", "A Par - Bur\nfinal.").is_final);
    assert!(read("FINAL orders S1901", "A Par - Bur").is_final);
    // "finally" is not the word.
    assert!(!read("finally", "A Par - Bur").is_final);
}

#[test]
fn wm_d_ii_5_conditional_alternatives_are_one_order_line() {
    let acts = read("", "A Par - Bur or A Par - Pic");
    assert_eq!(acts.orders, vec!["A Par - Bur or A Par - Pic"]);
}

#[test]
fn wm_d_ix_votes_and_proposals_are_read_by_number_and_power() {
    let acts = read(
        "",
        "Vote 1: yes\nvote on proposal 2: Abstain\nPropose draw: France, Germany and England\n",
    );
    assert_eq!(acts.votes, vec![(1, Ballot::Yes), (2, Ballot::Abstain)]);
    assert_eq!(
        acts.proposal,
        Some(ProposalKind::Draw {
            powers: [Power::France, Power::Germany, Power::England].into()
        })
    );
    let c = read("", "Propose concession: to Turkey");
    assert_eq!(
        c.proposal,
        Some(ProposalKind::Concession { to: Power::Turkey })
    );
    // A ballot that is not yes, no or abstain is not read.
    let bad = read("", "Vote 1: maybe");
    assert!(bad.votes.is_empty());
    assert_eq!(bad.not_read, vec!["Vote 1: maybe"]);
}

#[test]
fn wm_d_x_press_takes_the_rest_of_the_mail() {
    let acts = read(
        "",
        "A Par - Bur\nGrey press: Beware the Kaiser.\nA Mun - Ruh is his plan.\n",
    );
    assert_eq!(acts.orders, vec!["A Par - Bur"]);
    let press = acts.press.unwrap();
    assert_eq!(press.kind, PressKind::Grey);
    assert_eq!(press.text, "Beware the Kaiser.\nA Mun - Ruh is his plan.");
    let dark = read("", "Dark grey press as The Sultan: Peace in our time")
        .press
        .unwrap();
    assert_eq!(dark.kind, PressKind::DarkGrey);
    assert_eq!(dark.attributed_to.as_deref(), Some("The Sultan"));
    assert_eq!(dark.text, "Peace in our time");
}

#[test]
fn wm_d_vii_5_an_extension_is_asked_in_hours() {
    assert_eq!(read("", "Extension: 24 hours").extension, Some(24));
    assert_eq!(read("", "extension: 48h").extension, Some(48));
    assert_eq!(read("", "Extension: soon").extension, None);
}

#[test]
fn wm_d_ii_2_addresses_are_kept_in_lower_case_and_must_look_like_addresses() {
    assert_eq!(
        normalize_address("  Ann.Smith@Example.ORG "),
        Some("ann.smith@example.org".into())
    );
    for bad in [
        "",
        "ann",
        "ann@",
        "@example.org",
        "ann@localhost",
        "a b@example.org",
        "a@b@c.org",
    ] {
        assert_eq!(normalize_address(bad), None, "{bad}");
    }
}
