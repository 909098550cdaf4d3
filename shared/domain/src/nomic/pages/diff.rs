//! A rule's text before and after an amendment, word by word: what the
//! proposal strikes and what it adds, as a reader marks up a draft. The
//! words are compared by their longest common subsequence; a text too long
//! to compare within a bound shows as struck whole and added whole, so no
//! proposal can make a page slow.

/// The most cells of the comparison table (old words × new words, after
/// the words both texts begin and end with): about 500 words each way.
const MAX_CELLS: usize = 250_000;

/// Marks the end of a paragraph among the words.
const PARAGRAPH: &str = "\n";

/// What became of a run of words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Kept,
    Struck,
    Added,
}

/// A paragraph of the marked-up text: runs of words, each kept, struck or
/// added.
pub type Paragraph = Vec<(Change, String)>;

/// The words of `text`, a paragraph break between paragraphs.
fn words(text: &[String]) -> Vec<&str> {
    let mut out = Vec::new();
    for (i, p) in text.iter().enumerate() {
        if i > 0 {
            out.push(PARAGRAPH);
        }
        out.extend(p.split_whitespace());
    }
    out
}

/// `old` amended to `new`, as paragraphs of kept, struck and added runs.
pub fn diff(old: &[String], new: &[String]) -> Vec<Paragraph> {
    let (a, b) = (words(old), words(new));
    paragraphs(&compare(&a, &b))
}

/// Each word of `a` and `b` in order, kept, struck (only in `a`) or added
/// (only in `b`).
fn compare<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(Change, &'a str)> {
    let head = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (mid_a, mid_b) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut out: Vec<(Change, &str)> = a[..head].iter().map(|w| (Change::Kept, *w)).collect();
    if mid_a.len().saturating_mul(mid_b.len()) <= MAX_CELLS {
        out.extend(common_subsequence(mid_a, mid_b));
    } else {
        out.extend(mid_a.iter().map(|w| (Change::Struck, *w)));
        out.extend(mid_b.iter().map(|w| (Change::Added, *w)));
    }
    out.extend(a[a.len() - tail..].iter().map(|w| (Change::Kept, *w)));
    out
}

/// The longest common subsequence of `a` and `b`, walked from the front:
/// at each step the words struck before those added.
fn common_subsequence<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<(Change, &'a str)> {
    let (n, m) = (a.len(), b.len());
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[at(i, j)] = if a[i] == b[j] {
                lcs[at(i + 1, j + 1)] + 1
            } else {
                lcs[at(i + 1, j)].max(lcs[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(n + m);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.push((Change::Kept, a[i]));
            (i, j) = (i + 1, j + 1);
        } else if j == m || (i < n && lcs[at(i + 1, j)] >= lcs[at(i, j + 1)]) {
            out.push((Change::Struck, a[i]));
            i += 1;
        } else {
            out.push((Change::Added, b[j]));
            j += 1;
        }
    }
    out
}

/// The words grouped into runs, split at paragraph breaks.
fn paragraphs(words: &[(Change, &str)]) -> Vec<Paragraph> {
    let mut out: Vec<Paragraph> = vec![Vec::new()];
    for (change, word) in words {
        if *word == PARAGRAPH {
            out.push(Vec::new());
            continue;
        }
        let para = out.last_mut().expect("never empty");
        match para.last_mut() {
            Some((c, run)) if c == change => {
                run.push(' ');
                run.push_str(word);
            }
            _ => para.push((*change, (*word).to_owned())),
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

#[cfg(test)]
mod tests {
    use super::{diff, Change::*};

    fn text(s: &[&str]) -> Vec<String> {
        s.iter().map(|p| (*p).to_owned()).collect()
    }

    fn run(c: super::Change, s: &str) -> (super::Change, String) {
        (c, s.to_owned())
    }

    #[test]
    fn an_amendment_strikes_the_words_it_removes_and_adds_its_own() {
        // nomic 210 amended: "200" becomes "150"; the rest is kept.
        let old = text(&["The winner is the first player to achieve 200 (positive) points."]);
        let new = text(&["The winner is the first player to achieve 150 (positive) points."]);
        assert_eq!(
            diff(&old, &new),
            vec![vec![
                run(Kept, "The winner is the first player to achieve"),
                run(Struck, "200"),
                run(Added, "150"),
                run(Kept, "(positive) points."),
            ]]
        );
    }

    #[test]
    fn words_moved_within_a_sentence_are_struck_in_one_place_and_added_in_another() {
        // "a b c" to "b c a": the longest common part is "b c"; "a" is
        // struck at the front and added at the end.
        assert_eq!(
            diff(&text(&["a b c"]), &text(&["b c a"])),
            vec![vec![run(Struck, "a"), run(Kept, "b c"), run(Added, "a")]]
        );
    }

    #[test]
    fn paragraphs_stay_apart_and_a_new_one_is_all_added() {
        let old = text(&["First part.", "Second part."]);
        let new = text(&["First part.", "Second part.", "Third part."]);
        assert_eq!(
            diff(&old, &new),
            vec![
                vec![run(Kept, "First part.")],
                vec![run(Kept, "Second part.")],
                vec![run(Added, "Third part.")],
            ]
        );
    }

    #[test]
    fn an_enactment_is_all_added_and_a_repeal_all_struck() {
        assert_eq!(
            diff(&[], &text(&["New rule."])),
            vec![vec![run(Added, "New rule.")]]
        );
        assert_eq!(
            diff(&text(&["Old rule."]), &[]),
            vec![vec![run(Struck, "Old rule.")]]
        );
    }

    #[test]
    fn texts_too_long_to_compare_are_struck_and_added_whole() {
        // 600 words each, every one different: 360,000 cells, over the bound.
        let old: Vec<String> = vec![(0..600)
            .map(|i| format!("o{i}"))
            .collect::<Vec<_>>()
            .join(" ")];
        let new: Vec<String> = vec![(0..600)
            .map(|i| format!("n{i}"))
            .collect::<Vec<_>>()
            .join(" ")];
        let d = diff(&old, &new);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].len(), 2);
        assert_eq!(d[0][0].0, Struck);
        assert_eq!(d[0][1].0, Added);
    }
}
