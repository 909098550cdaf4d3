//! Unit tests, one or more per act, named after it (`club_<section>_<act>_...`).
//! Expectations are worked by hand; Elo arithmetic is shown in comments
//! (K = 32 unless said otherwise).

mod administration;
mod conduct;
mod corrections;
mod court;
mod decay;
mod games;
mod jurisdiction;
mod leaderboard;
mod monitoring;
mod notices;
mod pages;
mod removal_appeals;
mod teacher;
mod terms;
