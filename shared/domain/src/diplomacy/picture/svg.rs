//! The SVG text itself: escaping, the shared style and markers, the legend.
//! Everything a person reads is text in the document (province codes, unit
//! letters, the legend's words), so the picture stays readable without
//! colour and a screen reader finds the same facts in `<desc>`.

use super::layout::{BOARD_HEIGHT, WIDTH};
use crate::diplomacy::map::Power;
use std::fmt::Write;

/// The legend's band below the board.
pub const LEGEND_HEIGHT: i32 = 120;

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

/// A power's fill and the colour of text drawn on it (dark on light fills).
pub fn colours(p: Power) -> (&'static str, &'static str) {
    match p {
        Power::Austria => ("#c62828", "#ffffff"),
        Power::England => ("#283593", "#ffffff"),
        Power::France => ("#4fc3f7", "#000000"),
        Power::Germany => ("#424242", "#ffffff"),
        Power::Italy => ("#2e7d32", "#ffffff"),
        Power::Russia => ("#f5f5f5", "#000000"),
        Power::Turkey => ("#fdd835", "#000000"),
    }
}

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
/// with a cross where it ends, so failure shows without colour too.
const STYLE: &str = "<defs><style>\
.sea circle.node{fill:#bcdcf5;stroke:#5b8db8}\
.land circle.node{fill:#efe3c2;stroke:#8a7a50}\
.coast circle{fill:#bcdcf5;stroke:#5b8db8}\
.label{font-size:15px;font-weight:bold;text-anchor:middle;fill:#222}\
.coast text{font-size:11px;text-anchor:middle;fill:#234}\
.border{stroke-width:1.5}\
.border.army{stroke:#b8a67a}.border.fleet{stroke:#7fb0d8;stroke-dasharray:5 3}\
.border.both{stroke:#8fa3a0}\
.centre{stroke:#000;stroke-width:1.5}\
.unit text{font-size:13px;font-weight:bold;text-anchor:middle;dominant-baseline:central}\
.unit .body{stroke:#000;stroke-width:1.5}\
.unit.dislodged .body{stroke-dasharray:3 2;stroke-width:2.5;opacity:.85}\
.order{fill:none;stroke:#111;stroke-width:3}\
.order.support{stroke-dasharray:8 4}\
.order.convoy{stroke-dasharray:2 4;stroke-linecap:round}\
.order.retreat{stroke:#6a1b9a}\
.order.failed{stroke:#b71c1c;opacity:.75}\
.order.failed.move,.order.failed.retreat{stroke-dasharray:10 5}\
.order .cross{stroke:#b71c1c;stroke-width:4}\
.legend text{font-size:14px;fill:#222}\
</style>\
<marker id=\"dip-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"5\" \
markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" fill=\"context-stroke\"/></marker>\
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
            "<polygon class=\"body\" points=\"-14,-6 -8,-11 8,-11 14,-6 8,10 -8,10\" fill=\"{fill}\"/>\
             <text fill=\"{ink}\">F</text>"
        );
    } else {
        let _ = write!(
            out,
            "<circle class=\"body\" r=\"11\" fill=\"{fill}\"/><text fill=\"{ink}\">A</text>"
        );
    }
}

/// The legend: the powers' colours, the unit symbols, the centre marker and
/// the order styles, each with its words.
pub fn legend(out: &mut String) {
    let y = BOARD_HEIGHT + 10;
    let _ = write!(
        out,
        "<g class=\"legend\"><rect x=\"0\" y=\"{y}\" width=\"{WIDTH}\" height=\"{}\" fill=\"#fafafa\" stroke=\"#ccc\"/>",
        LEGEND_HEIGHT - 10
    );
    for (i, p) in Power::ALL.into_iter().enumerate() {
        let x = 20 + 140 * i as i32;
        let (fill, ink) = colours(p);
        let _ = write!(
            out,
            "<g class=\"unit {}\" transform=\"translate({} {})\">",
            class(p),
            x + 12,
            y + 25
        );
        unit_body(out, false, fill, ink);
        let _ = write!(
            out,
            "</g><text x=\"{}\" y=\"{}\">{}</text>",
            x + 30,
            y + 30,
            p.title()
        );
    }
    let y2 = y + 70;
    out.push_str("<g class=\"unit\" transform=\"translate(32 ");
    let _ = write!(out, "{y2})\">");
    unit_body(out, false, "#fff", "#000");
    let _ = write!(out, "</g><text x=\"50\" y=\"{}\">army</text>", y2 + 5);
    let _ = write!(out, "<g class=\"unit\" transform=\"translate(122 {y2})\">");
    unit_body(out, true, "#fff", "#000");
    let _ = write!(out, "</g><text x=\"142\" y=\"{}\">fleet</text>", y2 + 5);
    let _ = write!(
        out,
        "<circle class=\"centre\" cx=\"215\" cy=\"{y2}\" r=\"7\" fill=\"#fff\"/>\
         <text x=\"228\" y=\"{}\">supply centre</text>",
        y2 + 5
    );
    let samples = [
        ("order move", "move", 360),
        ("order support", "support", 490),
        ("order convoy", "convoy", 625),
        ("order move failed", "failed", 760),
    ];
    for (cls, word, x) in samples {
        let _ = write!(
            out,
            "<g class=\"{cls}\"><line x1=\"{x}\" y1=\"{y2}\" x2=\"{}\" y2=\"{y2}\" marker-end=\"url(#dip-arrow)\"/></g>\
             <text x=\"{}\" y=\"{}\">{word}</text>",
            x + 50,
            x + 58,
            y2 + 5
        );
    }
    out.push_str("</g>");
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
