//! DOT output for Graphviz. Vertices carry the positions of the SVG layout
//! (`pos="x,y!"`, in points), so `neato -n2 -Tpdf` reproduces the SVG
//! drawing, while `dot` or `neato` without `-n` lay the graph out afresh.

use super::layout::layout;
use super::Figure;
use crate::board::Player;
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
    let caption: Vec<String> = std::iter::once(&figure.title)
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
    for e in &figure.edges {
        let (u, v) = e.edge.ends();
        let mut attrs = vec![format!(
            "color={}",
            match e.player {
                Player::First => "\"#c0392b\"",
                Player::Second => "\"#1f4e9c\"",
            }
        )];
        if e.threat {
            attrs.push("style=dotted".into());
        } else if e.player == Player::Second {
            attrs.push("style=dashed".into());
        }
        if e.highlight {
            attrs.push("penwidth=3.5".into());
        }
        if let Some(text) = figure.label(e) {
            attrs.push(format!("label={}", quote(&text)));
            attrs.push("fontcolor=".to_string() + attrs[0].trim_start_matches("color="));
        }
        if e.forced {
            attrs.push("fontname=\"Helvetica-Bold\"".into());
        }
        let _ = writeln!(out, "  {u} -- {v} [{}];", attrs.join(", "));
    }
    out.push_str("}\n");
    out
}
