//! Nomic: the rule book, proposals, votes, points and judgements. Built by a
//! later issue.
