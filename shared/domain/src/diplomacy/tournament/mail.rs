//! The tournament's own address, for the TD's and the TMC's business by mail
//! (wm A.6, B.8.d, C.10; the boards' mail is in `diplomacy::game::mail`): a
//! TMC member votes on a motion, a reserve answers a call, a qualifier
//! declines the final. One act per line, letter case aside:
//!
//! ```text
//! Vote 3: yes            a TMC vote on motion 3, yes or no (wm A.6)
//! Answer call 2          a reserve answers call 2 (wm B.8.d)
//! Decline final          a qualifier declines the final (wm C.10)
//! ```

use super::command::Command;
use super::event::{by_rule, Event};
use super::governance::{Ballot, GovernanceEvent};
use super::state::Tournament;
use super::Recorded;
use crate::diplomacy::game::mail::free_address;
use crate::envelope::{Context, Envelope, UserId};
use crate::refusal::Refusal;
use crate::rulebook::{MailDone, MailReading};

/// The TD records the address `user` mails the tournament from.
pub(super) fn register_address(
    env: &Envelope,
    state: &Tournament,
    ctx: &Context,
    user: &UserId,
    address: &str,
) -> Result<Vec<Recorded>, Refusal> {
    super::entries::require_td(
        env,
        state,
        ctx,
        "wm A.3",
        "records who mails the tournament",
    )?;
    let address = free_address(&state.mail_addresses, user, address, "in this tournament")?;
    Ok(vec![by_rule(
        Event::MailAddressRegistered {
            user: user.clone(),
            address,
        },
        "wm A.3",
    )])
}

/// The command one line makes, if any.
fn read_line(line: &str) -> Option<(&'static str, Command)> {
    let lower = line
        .trim()
        .trim_end_matches(['.', '!'])
        .to_ascii_lowercase();
    if lower == "decline final" || lower == "i decline the final" {
        return Some(("declining the final", Command::DeclineFinal));
    }
    if let Some(n) = lower.strip_prefix("answer call") {
        let call = n.trim().trim_start_matches('#').parse().ok()?;
        return Some(("the answer to the call", Command::AnswerCall { call }));
    }
    let rest = lower.strip_prefix("vote")?.trim_start();
    let rest = rest.strip_prefix("on").unwrap_or(rest).trim_start();
    let rest = rest.strip_prefix("motion").unwrap_or(rest).trim_start();
    let (motion, ballot) = rest.split_once(':')?;
    let motion = motion.trim().trim_start_matches('#').parse().ok()?;
    let ballot = match ballot.trim() {
        "yes" => Ballot::Yes,
        "no" => Ballot::No,
        _ => return None,
    };
    Some(("the vote", Command::RecordVote { motion, ballot }))
}

/// The contract's mail (see [`crate::rulebook::ByMail`]).
impl crate::rulebook::ByMail for Tournament {
    fn mail_sender(&self, address: &str) -> Option<&UserId> {
        self.mail_addresses.get(address)
    }

    fn read_mail(&self, _sender: &UserId, _subject: &str, text: &str) -> MailReading<Command> {
        let mut reading = MailReading::default();
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .take(200)
        {
            match read_line(line) {
                Some(c) => reading.commands.push(c),
                None => reading.not_read.push(line.to_owned()),
            }
        }
        reading
    }

    fn mail_help(&self) -> String {
        "Write one act per line:\n\n  Vote 3: yes      (a TMC vote on motion 3, yes or no; wm A.6)\n  Answer call 2    (a reserve answers call 2; wm B.8.d)\n  Decline final    (a qualifier declines the final; wm C.10)"
            .to_owned()
    }

    fn mail_receipt(
        &self,
        _env: &Envelope,
        _sender: &UserId,
        done: &[MailDone<Event>],
        not_read: &[String],
    ) -> String {
        let mut out: Vec<String> = done.iter().map(done_line).collect();
        if !not_read.is_empty() {
            out.push(String::new());
            out.push(
                "Not read (none of \"Vote N: yes\", \"Answer call N\", \"Decline final\"):".into(),
            );
            out.extend(not_read.iter().map(|l| format!("  {l}")));
        }
        out.join("\n")
    }
}

fn done_line(d: &MailDone<Event>) -> String {
    match d {
        MailDone::Refused {
            act,
            clause,
            detail,
        } => match clause {
            Some(c) => format!("Not accepted: {act} ({c}): {detail}."),
            None => format!("Not accepted: {act}: {detail}."),
        },
        MailDone::Applied { events, .. } => events
            .iter()
            .find_map(|e| match e {
                Event::Governance(GovernanceEvent::TmcVoteRecorded { motion, ballot, .. }) => {
                    Some(format!(
                        "Your vote on motion {motion}: {} (secret to the TMC, wm A.6).",
                        match ballot {
                            Ballot::Yes => "yes",
                            Ballot::No => "no",
                        }
                    ))
                }
                Event::ReserveAnswered { call, .. } => Some(format!(
                    "Your answer to call {call} is recorded (wm B.8.d)."
                )),
                Event::FinalDeclined { .. } => {
                    Some("You have declined the final (wm C.10).".to_owned())
                }
                _ => None,
            })
            .unwrap_or_else(|| "Recorded.".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// wm A.6, B.8.d, C.10: the three acts by mail, and what is not one.
    #[test]
    fn wm_a_6_b_8_d_c_10_a_tournament_mail_reads_votes_answers_and_declines() {
        assert_eq!(
            read_line("Vote 3: yes"),
            Some((
                "the vote",
                Command::RecordVote {
                    motion: 3,
                    ballot: Ballot::Yes
                }
            ))
        );
        assert_eq!(
            read_line("vote on motion #4: No."),
            Some((
                "the vote",
                Command::RecordVote {
                    motion: 4,
                    ballot: Ballot::No
                }
            ))
        );
        assert_eq!(
            read_line("Answer call 2"),
            Some(("the answer to the call", Command::AnswerCall { call: 2 }))
        );
        assert_eq!(
            read_line("Decline final."),
            Some(("declining the final", Command::DeclineFinal))
        );
        assert_eq!(
            read_line("Vote 3: abstain"),
            None,
            "wm A.6 votes are yes or no"
        );
        assert_eq!(read_line("Hello TD"), None);
    }
}
