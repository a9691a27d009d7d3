//! A small self-contained SVG picture of a graph: trees hang from a
//! centre vertex in layers, other graphs sit on a circle. Vertices carry
//! their numbers.

use super::graph::Graph;
use super::trees::parents;
use crate::board::{members, Vertex};

const STEP: f64 = 48.0;
const MARGIN: f64 = 30.0;

/// The SVG text of `graph` with a title line.
pub fn svg(graph: &Graph, title: &str) -> String {
    let n = graph.n();
    let tree = n > 0 && graph.edges().len() == n - 1 && graph.is_connected();
    let points = if tree { tree_layout(graph) } else { circle_layout(n) };
    let width = points.iter().map(|p| p.0).fold(0.0, f64::max) + 2.0 * MARGIN;
    let height = points.iter().map(|p| p.1).fold(0.0, f64::max) + 2.0 * MARGIN + 20.0;
    let at = |v: usize| (points[v].0 + MARGIN, points[v].1 + MARGIN + 20.0);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{MARGIN}\" y=\"18\">{}</text>\n",
        escape(title)
    );
    for e in graph.edges() {
        let (u, v) = e.ends();
        let ((x1, y1), (x2, y2)) = (at(u as usize), at(v as usize));
        out += &format!("<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"black\"/>\n");
    }
    for v in 0..n {
        let (x, y) = at(v);
        out += &format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"11\" fill=\"#ddeeff\" stroke=\"black\"/>\
             <text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{v}</text>\n",
            y + 4.0
        );
    }
    out + "</svg>\n"
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Layers from a centre vertex; leaves on consecutive slots, a parent
/// above the middle of its children.
fn tree_layout(tree: &Graph) -> Vec<(f64, f64)> {
    let n = tree.n();
    let height = |r: Vertex| {
        let p = parents(tree, r);
        (0..n).map(|v| depth(&p, v)).max().unwrap_or(0)
    };
    let root = (0..n as Vertex).min_by_key(|&r| height(r)).unwrap_or(0);
    let parent = parents(tree, root);
    let mut points = vec![(0.0, 0.0); n];
    let mut next_slot = 0.0;
    place(tree, &parent, root, &mut points, &mut next_slot);
    points
}

fn depth(parent: &[Option<Vertex>], mut v: usize) -> usize {
    let mut d = 0;
    while let Some(p) = parent[v] {
        v = p as usize;
        d += 1;
    }
    d
}

fn place(tree: &Graph, parent: &[Option<Vertex>], v: Vertex, points: &mut [(f64, f64)], next_slot: &mut f64) -> f64 {
    let children: Vec<Vertex> = members(tree.neighbours(v))
        .filter(|&w| parent[w as usize] == Some(v))
        .collect();
    let x = if children.is_empty() {
        *next_slot += 1.0;
        *next_slot - 1.0
    } else {
        let xs: Vec<f64> = children
            .iter()
            .map(|&c| place(tree, parent, c, points, next_slot))
            .collect();
        xs.iter().sum::<f64>() / xs.len() as f64
    };
    points[v as usize] = (x * STEP, depth(parent, v as usize) as f64 * STEP * 1.4);
    x
}

fn circle_layout(n: usize) -> Vec<(f64, f64)> {
    let radius = STEP * (n as f64).max(3.0) / std::f64::consts::TAU * 1.6;
    (0..n)
        .map(|v| {
            let angle = std::f64::consts::TAU * v as f64 / n.max(1) as f64;
            (radius * (1.0 + angle.sin()), radius * (1.0 - angle.cos()))
        })
        .collect()
}
