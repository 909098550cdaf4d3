//! The club ladder (club leaderboard terms): members, games, Elo, decay,
//! sanctions and the Court of Appeals. Built by a later issue.
