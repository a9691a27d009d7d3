//! DOT output for Graphviz. Vertices carry the positions of the SVG layout
//! (`pos="x,y!"`, in points), so `neato -n2 -Tpdf` reproduces the SVG
//! drawing, while `dot` or `neato` without `-n` lay the graph out afresh.
//! Move tags are HTML-like labels styled as in the SVG (outlined `#n`,
//! filled when forced, a heavy black frame for the move making the final
//! double threat); the caption holds the title, the key and the notes.

use super::layout::layout;
use super::{colour, DrawnEdge, Figure};
use crate::core::board::Player;
use std::fmt::Write;

/// Escapes text for the inside of a DOT string.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Quotes a DOT string.
fn quote(text: &str) -> String {
    format!("\"{}\"", escape(text))
}

/// The figure as a DOT graph.
pub fn to_dot(figure: &Figure) -> String {
    let layout = layout(figure);
    let mut out = String::from("graph figure {\n");
    let key = figure.key();
    let caption: Vec<String> = std::iter::once(&figure.title)
        .chain(&key)
        .chain(&figure.legend)
        .map(|l| escape(l))
        .collect();
    let _ = writeln!(out, "  label=\"{}\";", caption.join("\\n"));
    let _ = writeln!(out, "  labelloc=b;\n  fontname=\"Helvetica\";");
    let _ = writeln!(
        out,
        "  node [shape=circle, fixedsize=true, width=0.36, fontname=\"Helvetica\", fontsize=11];"
    );
    let _ = writeln!(out, "  edge [fontname=\"Helvetica\", fontsize=10];");
    for (&v, &(x, y)) in &layout.points {
        // Graphviz's y axis points up.
        let _ = writeln!(
            out,
            "  {} [label={}, pos=\"{:.0},{:.0}!\"];",
            v,
            quote(&figure.name(v)),
            x,
            layout.height - y
        );
    }
    for (i, e) in figure.edges.iter().enumerate() {
        let (u, v) = e.edge.ends();
        let c = colour(e.player);
        let mut attrs = vec![format!("color=\"{c}\"")];
        if e.threat {
            attrs.push("style=dotted".into());
        } else if e.player == Player::Second {
            attrs.push("style=dashed".into());
        }
        if e.highlight {
            attrs.push("penwidth=3.5".into());
        }
        if let Some(text) = figure.label(e) {
            attrs.push(format!("label={}", tag(e, c, &text, figure.decisive == Some(i))));
        }
        let _ = writeln!(out, "  {u} -- {v} [{}];", attrs.join(", "));
    }
    out.push_str("}\n");
    out
}

/// A move tag as an HTML-like label: `#n` outlined in colour `c`, filled
/// when forced, in a heavy black frame when `heavy`.
fn tag(e: &DrawnEdge, c: &str, text: &str, heavy: bool) -> String {
    let (fill, ink, open, close) = if e.forced {
        (c, "white", "<b>", "</b>")
    } else {
        ("white", c, "", "")
    };
    let (frame, width) = if heavy { ("#111111", 3) } else { (c, 1) };
    format!(
        r#"<<table border="0" cellborder="{width}" cellspacing="0" cellpadding="1" color="{frame}" bgcolor="{fill}"><tr><td><font color="{ink}">{open}{text}{close}</font></td></tr></table>>"#
    )
}
