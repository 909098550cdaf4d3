//! The SVG text itself: escaping, the shared style and markers, the legend.
//! Everything a person reads is text in the document (province codes, unit
//! letters, the legend's words), so the picture stays readable without
//! colour and a screen reader finds the same facts in `<desc>`.

use super::layout::{BOARD_HEIGHT, WIDTH};
use crate::diplomacy::map::Power;
use std::fmt::Write;

/// The legend's band below the board.
pub const LEGEND_HEIGHT: i32 = 190;

/// Escapes text for an XML text node or a double- or single-quoted
/// attribute.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // XML 1.0 forbids most control characters even as references.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A power's unit colour and the colour of the letter drawn on it: darker
/// than its land, so a unit stands out on its own territory.
pub fn colours(p: Power) -> (&'static str, &'static str) {
    match p {
        Power::Austria => ("#a31515", "#ffffff"),
        Power::England => ("#1c2d6e", "#ffffff"),
        Power::France => ("#0a6aa8", "#ffffff"),
        Power::Germany => ("#3a3a3a", "#ffffff"),
        Power::Italy => ("#1e6b22", "#ffffff"),
        Power::Russia => ("#5c1f7a", "#ffffff"),
        Power::Turkey => ("#8a6100", "#ffffff"),
    }
}

/// A power's land: the fill of the territories it controls. Each differs
/// from [`NEUTRAL_LAND`], from [`SEA`] and from every other power's by a
/// clear step of colour (the picture's tests measure it); the old board
/// drew Russia near-white, like a neutral.
pub fn land(p: Power) -> &'static str {
    match p {
        Power::Austria => "#de5550",
        Power::England => "#3450b0",
        Power::France => "#4fb0e8",
        Power::Germany => "#8c8780",
        Power::Italy => "#5aa85a",
        Power::Russia => "#a860c0",
        Power::Turkey => "#e8b020",
    }
}

/// Land no power controls.
pub const NEUTRAL_LAND: &str = "#f2ead3";
/// Water.
pub const SEA: &str = "#c3dbee";
/// Land no unit may enter (Switzerland).
pub const IMPASSABLE_LAND: &str = "#d8d2c4";

/// The class naming a power in the picture (`austria`).
pub fn class(p: Power) -> String {
    p.name().to_ascii_lowercase()
}

/// The opening tag, title, description, style and markers.
pub fn open(out: &mut String, title: &str, desc: &str) {
    let h = BOARD_HEIGHT + LEGEND_HEIGHT;
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {h}\" \
         width=\"100%\" role=\"img\" aria-labelledby=\"dip-title dip-desc\" \
         class=\"diplomacy-map\" font-family=\"sans-serif\">\
         <title id=\"dip-title\">{}</title><desc id=\"dip-desc\">{}</desc>",
        esc(title),
        esc(desc)
    );
    out.push_str(STYLE);
}

/// Colours and line styles by class; a failed order is dashed and faded
/// with a cross where it ends, so failure shows without colour too. Text
/// is large for the board's width (the picture scales to a phone's) and
/// haloed in white so it reads on any territory's colour. A lit province
/// (the app's map, where a unit may go) turns amber.
const STYLE: &str = "<defs><style>\
.shape{stroke-width:1;stroke-linejoin:round}\
.province .node{fill:none}\
.province.lit .shape{fill:#ffd54f;stroke:#ffd54f}\
.border{fill:none;stroke-linecap:round}\
.border.land{stroke:#6b5a3c;stroke-width:1.5}\
.border.sea{stroke:#8fb3d1;stroke-width:1.2}\
.border.coast{stroke:#2f4f6f;stroke-width:2.5}\
.label{font-size:22px;font-weight:bold;text-anchor:middle;fill:#1b1b1b;stroke:#fff;stroke-width:4px;stroke-linejoin:round;paint-order:stroke}\
.label.sea{fill:#1d4a73}\
.coast circle{fill:#fff;stroke:#2f4f6f;stroke-width:1.5}\
.coast text{font-size:12px;font-weight:bold;text-anchor:middle;fill:#1d4a73}\
.centre{stroke:#000;stroke-width:2}\
.unit text{font-size:17px;font-weight:bold;text-anchor:middle;dominant-baseline:central}\
.unit .body{stroke:#000;stroke-width:2}\
.unit.dislodged .body{stroke-dasharray:4 2;stroke-width:3;opacity:.85}\
.order{fill:none;stroke:#111;stroke-width:4}\
.order.support{stroke-dasharray:9 5}\
.order.convoy{stroke-dasharray:2 5;stroke-linecap:round}\
.order.retreat{stroke:#6a1b9a}\
.order.failed{stroke:#b71c1c;opacity:.8}\
.order.failed.move,.order.failed.retreat{stroke-dasharray:12 6}\
.order .cross{stroke:#b71c1c;stroke-width:5}\
.legend text{font-size:22px;fill:#1b1b1b}\
</style>\
<marker id=\"dip-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"4\" \
markerHeight=\"4\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"context-stroke\"/></marker>\
<marker id=\"dip-dot\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"4\" \
markerHeight=\"4\"><circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"context-stroke\"/></marker>\
</defs>";

/// A small cross centred on (x, y): a failed order's end, a disband.
pub fn cross(out: &mut String, x: i32, y: i32) {
    let _ = write!(
        out,
        "<path class=\"cross\" d=\"M{} {}L{} {}M{} {}L{} {}\"/>",
        x - 7,
        y - 7,
        x + 7,
        y + 7,
        x - 7,
        y + 7,
        x + 7,
        y - 7
    );
}

/// An army (a disc) or a fleet (a hull-like hexagon) with its letter.
pub fn unit_body(out: &mut String, fleet: bool, fill: &str, ink: &str) {
    if fleet {
        let _ = write!(
            out,
            "<polygon class=\"body\" points=\"-18,-8 -10,-14 10,-14 18,-8 10,13 -10,13\" fill=\"{fill}\"/>\
             <text fill=\"{ink}\">F</text>"
        );
    } else {
        let _ = write!(
            out,
            "<circle class=\"body\" r=\"14\" fill=\"{fill}\"/><text fill=\"{ink}\">A</text>"
        );
    }
}

/// The legend, four rows in columns a quarter of the board wide: each
/// power's land with its army on it, neutral land; the unit symbols, the
/// centre marker and the sea; the order styles, each with its words.
/// One unit glyph of the legend at `(x, y)` with its label, drawn as
/// [`unit_body`] draws (fleet, fill, ink).
fn legend_unit(
    out: &mut String,
    (x, y): (i32, i32),
    classes: &str,
    (fleet, fill, ink): (bool, &str, &str),
    label: &str,
) {
    let _ = write!(
        out,
        "<g class=\"{classes}\" transform=\"translate({} {y})\">",
        x + 20
    );
    unit_body(out, fleet, fill, ink);
    let _ = write!(
        out,
        "</g><text x=\"{}\" y=\"{}\">{label}</text>",
        x + 50,
        y + 8
    );
}

pub fn legend(out: &mut String) {
    let top = BOARD_HEIGHT;
    let _ = write!(
        out,
        "<g class=\"legend\"><rect x=\"0\" y=\"{top}\" width=\"{WIDTH}\" height=\"{LEGEND_HEIGHT}\" fill=\"#fafafa\" stroke=\"#ccc\"/>"
    );
    let at = |i: usize| {
        let (col, row) = (i % 4, i / 4);
        (20 + 245 * col as i32, top + 38 + 44 * row as i32)
    };
    for (i, p) in Power::ALL.into_iter().enumerate() {
        let (x, y) = at(i);
        swatch(out, x, y, land(p));
        let (fill, ink) = colours(p);
        let classes = format!("unit {}", class(p));
        legend_unit(out, (x, y), &classes, (false, fill, ink), p.title());
    }
    let (x, y) = at(7);
    swatch(out, x, y, NEUTRAL_LAND);
    let _ = write!(out, "<text x=\"{}\" y=\"{}\">neutral</text>", x + 50, y + 8);
    legend_unit(out, at(8), "unit", (false, "#fff", "#000"), "army");
    legend_unit(out, at(9), "unit", (true, "#fff", "#000"), "fleet");
    let (x, y) = at(10);
    let _ = write!(
        out,
        "<circle class=\"centre\" cx=\"{}\" cy=\"{y}\" r=\"8\" fill=\"#fff\"/>\
         <text x=\"{}\" y=\"{}\">supply centre</text>",
        x + 20,
        x + 50,
        y + 8
    );
    let (x, y) = at(11);
    swatch(out, x, y, SEA);
    let _ = write!(out, "<text x=\"{}\" y=\"{}\">sea</text>", x + 50, y + 8);
    let samples = [
        ("order move", "move"),
        ("order support", "support"),
        ("order convoy", "convoy"),
        ("order move failed", "failed"),
    ];
    for (i, (cls, word)) in samples.into_iter().enumerate() {
        let (x, y) = at(12 + i);
        let _ = write!(
            out,
            "<g class=\"{cls}\"><line x1=\"{x}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" marker-end=\"url(#dip-arrow)\"/></g>\
             <text x=\"{}\" y=\"{}\">{word}</text>",
            x + 40,
            x + 50,
            y + 8
        );
    }
    out.push_str("</g>");
}

/// A square of `fill` centred on the legend entry's symbol place.
fn swatch(out: &mut String, x: i32, y: i32, fill: &str) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"40\" height=\"34\" fill=\"{fill}\" stroke=\"#6b5a3c\"/>",
        x,
        y - 17
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_the_five_xml_specials_and_control_characters() {
        // By hand: each special becomes its entity; a bell (U+0007) is not
        // allowed in XML 1.0 and becomes a space.
        assert_eq!(
            esc("a<b>&\"c\"'d'\u{7}"),
            "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39; "
        );
    }
}
