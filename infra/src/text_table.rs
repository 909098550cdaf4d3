//! Tables for a terminal: each column as wide as its widest cell (counted in
//! characters, so `½` takes one), text left-aligned and numbers right-aligned,
//! two spaces between columns. The simulations print their standings with it.

/// How a column lines up its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

/// A table's columns (heading and alignment) and its rows.
pub struct TextTable {
    columns: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl TextTable {
    pub fn new(columns: &[(&str, Align)]) -> Self {
        Self {
            columns: columns.iter().map(|(h, a)| ((*h).to_owned(), *a)).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row; missing cells are empty, extra cells are dropped.
    pub fn row(&mut self, cells: Vec<String>) {
        let mut cells = cells;
        cells.resize(self.columns.len(), String::new());
        self.rows.push(cells);
    }

    /// The table, each line indented by `indent` spaces and ended by a newline.
    pub fn render(&self, indent: usize) -> String {
        let width = |i: usize| {
            self.rows
                .iter()
                .map(|r| r[i].chars().count())
                .chain([self.columns[i].0.chars().count()])
                .max()
                .unwrap_or(0)
        };
        let widths: Vec<usize> = (0..self.columns.len()).map(width).collect();
        let line = |cells: Vec<&str>| {
            let parts: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let pad = " ".repeat(widths[i] - c.chars().count());
                    match self.columns[i].1 {
                        Align::Left => format!("{c}{pad}"),
                        Align::Right => format!("{pad}{c}"),
                    }
                })
                .collect();
            format!("{}{}\n", " ".repeat(indent), parts.join("  ").trim_end())
        };
        let mut out = line(self.columns.iter().map(|(h, _)| h.as_str()).collect());
        for r in &self.rows {
            out.push_str(&line(r.iter().map(String::as_str).collect()));
        }
        out
    }
}

/// A number as a table shows it: whole numbers bare, others to at most two
/// decimals without trailing zeros (`15`, `14.5`, `10.25`).
pub fn number(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_as_wide_as_their_widest_cell() {
        let mut t = TextTable::new(&[
            ("rank", Align::Right),
            ("player", Align::Left),
            ("pts", Align::Right),
        ]);
        t.row(vec!["1".into(), "Player 19".into(), "4½".into()]);
        t.row(vec!["10".into(), "Al".into(), "3".into()]);
        // rank is 4 wide (its heading), player 9 (Player 19), pts 3.
        assert_eq!(
            t.render(2),
            "  rank  player     pts\n     1  Player 19   4½\n    10  Al           3\n"
        );
    }

    #[test]
    fn numbers_drop_trailing_zeros() {
        assert_eq!(number(15.0), "15");
        assert_eq!(number(14.5), "14.5");
        assert_eq!(number(10.25), "10.25");
        assert_eq!(number(10121.0), "10121");
        assert_eq!(number(-0.001), "0");
    }
}
