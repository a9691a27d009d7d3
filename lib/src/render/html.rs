//! A self-contained HTML page to step through a line, or to walk down a
//! strategy certificate choosing his replies.
//!
//! A still picture shows a whole line at once; a reader checking a
//! counterexample wants to replay it: which edge came when, which stage the
//! strategy was in, what each player threatened. The page embeds the
//! vertex positions (for a line the same [`layout`] as the SVG pictures)
//! and the moves as a JSON blob, and a small inline script draws an inline
//! SVG up to step k. No network access and no external assets are needed.
//!
//! One page serves both: its data is a tree of turns (`PageNode`). A line
//! is a chain, one node per turn (a set move, several edges claimed in one
//! turn, is one step); a certificate's walk ([`crate::verify::cert::walk`])
//! branches at each of his turns, one child per reply the certificate
//! covers, and the reader picks one.
//!
//! Controls: Back/Forward/Start/End buttons, the ArrowLeft/ArrowRight and
//! Home/End keys, a button per reply where the line branches (`#choices`,
//! buttons `.reply`), and the URL hash: `#step=k` (k steps along the chosen
//! replies), `#path=i.j...` (the reply index taken at each step) and
//! `#do=f,b,c2,...` (forward, back, choose reply 2 and step, run on load,
//! so a headless browser can act as a reader). Elements carry ids and
//! classes for tools and tests: the caption `#caption` ("move k of N, red
//! to move"; in a walk "move k, ..."), `#step` (k), `#stage`, `#threats`
//! (one `li` per threatening player), `#end` (the node's end: "red wins",
//! or what was cut), `#error` (damaged page data), and each drawn edge is
//! a `<line class="edge" data-move="i">` (i: the step, counted from 1).

use super::layout::{layout, VERTEX_RADIUS};
use super::svg::escape;
use super::{colour, DrawnEdge, Figure};
use crate::core::board::{Edge, Player, Vertex};
use crate::verify::cert::walk::Walk;
use serde_json::{json, Value};

/// One turn of a page: who moved, the edges claimed (one, or several for a
/// set move), the notes shown after it, and the turns that may follow.
struct PageNode {
    /// The turn's JSON (`player`, `colour`, `edges`, `stage`, `threats`);
    /// for the root, before any move, the start's edges drawn at every
    /// step (`start`: red's, then blue's), or `null`.
    step: Value,
    /// Indices of the nodes that may follow (one on a line).
    next: Vec<usize>,
    /// Why nothing follows, shown at a leaf ("red wins", "cut ...").
    end: Option<String>,
}

/// The figure as one HTML page stepping through its claimed edges in
/// order, edges with the same move number (a set move) as one step.
pub fn to_html(figure: &Figure) -> String {
    let layout = layout(figure);
    let drawn = |turn: &[usize]| -> Vec<Value> {
        turn.iter()
            .map(|&j| {
                let e = &figure.edges[j];
                let (u, v) = e.edge.ends();
                let (a, b) = (layout.points[&u], layout.points[&v]);
                edge_json(
                    a,
                    b,
                    figure.edge_name(e.edge),
                    figure.label(e),
                    layout.labels[j],
                    e.forced,
                )
            })
            .collect()
    };
    let (start, turns) = turns(&figure.edges);
    let mut nodes = vec![root(usize::from(!turns.is_empty()))];
    if !start.is_empty() {
        let side = |player: Player| {
            let edges: Vec<usize> = start
                .iter()
                .copied()
                .filter(|&j| figure.edges[j].player == player)
                .collect();
            json!({"colour": colour(player), "edges": drawn(&edges)})
        };
        nodes[0].step = json!({"start": [side(Player::First), side(Player::Second)]});
    }
    for (i, turn) in turns.iter().enumerate() {
        let edges = drawn(turn);
        let note = figure.steps.get(i).cloned().unwrap_or_default();
        nodes.push(PageNode {
            step: step_json(figure.edges[turn[0]].player, edges, &note.stage, &note.threats),
            next: if i + 1 < turns.len() { vec![i + 2] } else { vec![] },
            end: None,
        });
    }
    let vertices = layout
        .points
        .iter()
        .map(|(&v, &(x, y))| json!({"name": figure.name(v), "x": x, "y": y}))
        .collect();
    let page = Page {
        title: &figure.title,
        size: (layout.width, layout.height),
        vertices,
        nodes,
        legend: &figure.legend,
        walk: false,
    };
    page.html()
}

/// The claimed edges (indices into `edges`): the start's (unnumbered
/// edges before the first numbered one, when there is one: drawn at every
/// step), then the rest grouped by turn: consecutive edges with the same
/// move number are one turn (a set move); an edge without a number is a
/// turn of its own (a position's edges).
fn turns(edges: &[DrawnEdge]) -> (Vec<usize>, Vec<Vec<usize>>) {
    let claimed: Vec<usize> = (0..edges.len()).filter(|&j| !edges[j].threat).collect();
    let numbered = claimed.iter().position(|&j| edges[j].number.is_some());
    let (start, rest) = claimed.split_at(numbered.unwrap_or(0));
    let mut turns: Vec<Vec<usize>> = Vec::new();
    for &j in rest {
        match turns.last_mut() {
            Some(turn) if edges[j].number.is_some() && edges[turn[0]].number == edges[j].number => turn.push(j),
            _ => turns.push(vec![j]),
        }
    }
    (start.to_vec(), turns)
}

/// A certificate's walk as one HTML page: she moves as the certificate
/// says, he replies as the reader picks. Vertices sit on a circle (a walk
/// has no single drawing: each path touches other vertices).
pub fn walk_to_html(walk: &Walk, title: &str, legend: &[String]) -> String {
    let n = walk.vertices.max(1);
    let r = (n as f64 * 22.0).max(90.0);
    let point = |v: Vertex| {
        let angle = std::f64::consts::TAU * f64::from(v) / n as f64 - std::f64::consts::FRAC_PI_2;
        // A tenth of a pixel is plenty, and keeps a big walk's page small.
        let round = |x: f64| (x * 10.0).round() / 10.0;
        (round(r + 20.0 + r * angle.cos()), round(r + 20.0 + r * angle.sin()))
    };
    let name = |e: Edge| {
        let (u, v) = e.ends();
        format!("{u}-{v}")
    };
    let mut nodes = vec![root(0)];
    nodes[0].next = walk.roots.iter().map(|&i| i + 1).collect();
    for node in &walk.nodes {
        let edges = node
            .edges
            .iter()
            .map(|&e| {
                let (u, v) = e.ends();
                let (a, b) = (point(u), point(v));
                let mid = (((a.0 + b.0) * 5.0).round() / 10.0, ((a.1 + b.1) * 5.0).round() / 10.0);
                edge_json(a, b, name(e), None, Some(mid), false)
            })
            .collect();
        nodes.push(PageNode {
            step: step_json(node.player, edges, &node.stage, &node.threats),
            next: node.next.iter().map(|&i| i + 1).collect(),
            end: node.end.clone(),
        });
    }
    let vertices = (0..n as Vertex)
        .map(|v| {
            let (x, y) = point(v);
            json!({"name": v.to_string(), "x": x, "y": y})
        })
        .collect();
    let side = 2.0 * r + 40.0;
    Page {
        title,
        size: (side, side),
        vertices,
        nodes,
        legend,
        walk: true,
    }
    .html()
}

/// The node before any move, followed by node `first` (if not 0).
fn root(first: usize) -> PageNode {
    PageNode {
        step: Value::Null,
        next: if first == 0 { vec![] } else { vec![first] },
        end: None,
    }
}

/// One drawn edge of a turn: its ends, its name, its tag and where the tag sits.
fn edge_json(
    a: (f64, f64),
    b: (f64, f64),
    name: String,
    label: Option<String>,
    at: Option<(f64, f64)>,
    forced: bool,
) -> Value {
    json!({"a": a, "b": b, "edge": name, "label": label, "at": at, "forced": forced})
}

/// One turn: who moved, the edges claimed, the stage and the threats after it.
fn step_json(player: Player, edges: Vec<Value>, stage: &str, threats: &[String]) -> Value {
    json!({
        "player": player.colour_name(), "colour": colour(player), "edges": edges,
        "stage": stage, "threats": threats,
    })
}

/// What the template needs.
struct Page<'a> {
    title: &'a str,
    size: (f64, f64),
    vertices: Vec<Value>,
    nodes: Vec<PageNode>,
    legend: &'a [String],
    /// A certificate's walk (the caption does not count to a known end).
    walk: bool,
}

impl Page<'_> {
    /// The page: the template with the title and the data filled in.
    fn html(&self) -> String {
        let nodes: Vec<Value> = self
            .nodes
            .iter()
            .map(|n| json!({"step": n.step, "next": n.next, "end": n.end}))
            .collect();
        let data = json!({
            "title": self.title, "width": self.size.0, "height": self.size.1,
            "radius": VERTEX_RADIUS, "vertices": self.vertices, "nodes": nodes,
            "legend": self.legend, "walk": self.walk,
        });
        // `</` inside a script element would end it early.
        let blob = data.to_string().replace("</", "<\\/");
        // Fill the template in one pass, so a title holding `{DATA}` stays text.
        let title = escape(self.title);
        let mut out = String::new();
        for (i, piece) in PAGE.split("{DATA}").enumerate() {
            if i > 0 {
                out.push_str(&blob);
            }
            out.push_str(&piece.replace("{TITLE}", &title));
        }
        out
    }
}

/// The page; `{TITLE}` and `{DATA}` are filled in by [`Page::html`].
const PAGE: &str = include_str!("html_page.html");

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(numbers: [usize; 3]) -> Figure {
        let edge = |u, v, player, n| DrawnEdge {
            edge: Edge::new(u, v),
            player,
            number: Some(n),
            forced: false,
            highlight: false,
            threat: false,
        };
        Figure {
            title: "a </script> {DATA} title".into(),
            vertices: vec![0, 1, 2, 3],
            names: Default::default(),
            edges: vec![
                edge(0, 1, Player::First, numbers[0]),
                edge(1, 2, Player::Second, numbers[1]),
                edge(2, 3, Player::Second, numbers[2]),
            ],
            legend: vec![],
            decisive: None,
            steps: vec![],
        }
    }

    #[test]
    fn page_is_self_contained_and_holds_every_move() {
        let page = to_html(&figure([1, 2, 3]));
        assert!(!page.contains("http://") && !page.contains("https://"), "{page}");
        assert_eq!(page.matches("\"player\":").count(), 3, "{page}");
        assert_eq!(page.matches("</script>").count(), 2, "title must not end a script");
        assert!(page.contains("id=\"caption\"") && page.contains("ArrowRight"));
    }

    #[test]
    fn a_set_move_is_one_step() {
        let page = to_html(&figure([1, 2, 2]));
        assert_eq!(page.matches("\"player\":").count(), 2, "{page}");
        assert_eq!(page.matches("\"edge\":").count(), 3, "{page}");
    }
}
