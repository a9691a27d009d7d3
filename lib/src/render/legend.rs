//! The marks a picture can use and what each means. Every picture draws a
//! legend with a sample of each mark it uses next to its meaning, so that no
//! mark needs the README to be read: a vertex is a circle with a name, a move
//! is a tag `#n` on its edge (never a bare number, which could be read as a
//! vertex called `n`), and a forced move is a filled tag rather than a
//! footnote-like `*`.

use super::Figure;

/// A kind of mark drawn in a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A vertex: a circle with its name.
    Vertex,
    /// An edge of the first player: red, solid.
    Red,
    /// An edge of the second player: blue, dashed.
    Blue,
    /// A move number: an outlined tag `#n` on the edge.
    Move,
    /// A forced move (claims the missing edge of the opponent's threat): a
    /// filled tag.
    Forced,
    /// The move that made the final double threat: a tag with a heavy frame.
    Decisive,
    /// An edge of the completed clique: thick, over a yellow halo.
    Clique,
    /// The unclaimed missing edge of a threat: dotted.
    Threat,
}

impl Mark {
    /// The meaning of the mark, as the legend writes it.
    pub fn meaning(self, figure: &Figure) -> String {
        match self {
            Mark::Vertex => "vertex, named as by the strategy (else by its number)".into(),
            Mark::Red => "red, solid: edge of the first player".into(),
            Mark::Blue => "blue, dashed: edge of the second player".into(),
            Mark::Move => format!(
                "#n: move n in play order (first move #{})",
                figure.first_number().unwrap_or(1)
            ),
            Mark::Forced => "filled tag: forced move, claims the missing edge of a threat".into(),
            Mark::Decisive => "heavy frame: the move making the final double threat".into(),
            Mark::Clique => "thick, on yellow: the completed clique".into(),
            Mark::Threat => "dotted: unclaimed missing edge of a threat (threatener's colour)".into(),
        }
    }

    /// A short name of the mark (the SVG's `data-mark` attribute).
    pub fn id(self) -> &'static str {
        match self {
            Mark::Vertex => "vertex",
            Mark::Red => "red",
            Mark::Blue => "blue",
            Mark::Move => "move",
            Mark::Forced => "forced",
            Mark::Decisive => "decisive",
            Mark::Clique => "clique",
            Mark::Threat => "threat",
        }
    }
}
