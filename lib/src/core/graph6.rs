//! graph6 input and output for positions.
//!
//! graph6 (McKay's format, <https://users.cecs.anu.edu.au/~bdm/data/formats.txt>)
//! stores one simple graph. A position is two edge-disjoint graphs on the
//! same vertices, so a position is written as two graph6 strings joined by a
//! colon, red (first player) first: `RED:BLUE`, e.g. `Bo:BG` is red 0-1,
//! 0-2 and blue 1-2 on three vertices. The colon cannot occur inside graph6
//! (whose characters are `?`..`~`), so the split is unambiguous. Both graphs
//! must have the same number of vertices; positions are written on vertices
//! `0..=v` where `v` is the largest touched vertex.
//!
//! Encoding packs the bits here (petgraph's encoder builds a graph and a
//! bit vector per string: with `verify --cert` writing two strings per
//! entry it was a quarter of the certificate's cost; the test
//! `same_strings_as_petgraph` compares the two). petgraph's decoder assumes
//! well-formed input (it panics on a short or non-graph6 string), so input is
//! checked here first (characters, length, padding) and only then decoded
//! by petgraph; every malformed string is an error, never a panic.

use crate::core::board::{members, Board, Edge, IllegalMove, Player, Position, Vertex, MAX_VERTICES};
use crate::core::memory::Memory;
use crate::core::words::count;
use petgraph::graph6::from_graph6_representation;

/// Why a string is not a graph6 graph or position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Graph6Error {
    /// The string is empty.
    #[error("empty graph6 string")]
    Empty,
    /// A character outside the graph6 alphabet.
    #[error("graph6 character `{0}` is outside `?`..`~`")]
    BadCharacter(char),
    /// The string is too short or too long for its vertex count.
    #[error("graph6 string `{text}` has {}, a graph on {} needs {expected}", count(.found, "character", "characters"), count(.n, "vertex", "vertices"))]
    WrongLength {
        /// The string read.
        text: String,
        /// The vertex count it starts with.
        n: usize,
        /// Characters a graph on `n` vertices needs.
        expected: usize,
        /// Characters the string has.
        found: usize,
    },
    /// The string ends before its vertex count does.
    #[error("graph6 string `{0}` ends inside its vertex count")]
    Truncated(String),
    /// The unused bits of the last character are not zero.
    #[error("graph6 string `{0}` has non-zero padding bits")]
    BadPadding(String),
    /// The graph has more vertices than a position can hold.
    #[error("graph6 graph has {0} vertices, more than the {MAX_VERTICES} a position allows")]
    TooManyVertices(usize),
    /// A position needs two graph6 strings, `RED:BLUE`.
    #[error("a position is written `RED:BLUE` (two graph6 strings), not `{0}`")]
    NotAPair(String),
    /// The red and the blue graph have different vertex counts.
    #[error("red and blue graph6 graphs have different vertex counts ({0} and {1})")]
    VertexCountsDiffer(usize, usize),
    /// An edge is in both graphs.
    #[error("edge {0} is both red and blue")]
    EdgeInBoth(Edge),
    /// An edge has an end outside the board (edge, board size).
    #[error("edge {0} does not fit on board K_{1}")]
    OffBoard(Edge, usize),
    /// An edge is not an edge of the graph board.
    #[error("edge {0} is not an edge of the board")]
    NotOnBoard(Edge),
}

/// Number of vertices and length of the header of a graph6 string whose
/// characters are already checked. McKay's header: one byte `n + 63` for
/// `n <= 62`; `~` and 3 bytes of 6 bits for `63 <= n <= 258047`; `~~` and
/// 6 bytes for larger `n`.
fn header(bytes: &[u8], text: &str) -> Result<(usize, usize), Graph6Error> {
    let number = |digits: &[u8]| digits.iter().fold(0, |n, &d| n << 6 | (d - 63) as usize);
    match bytes {
        [] => Err(Graph6Error::Empty),
        [b'~', b'~', digits @ ..] if digits.len() >= 6 => Ok((number(&digits[..6]), 8)),
        [b'~', b'~', ..] => Err(Graph6Error::Truncated(text.to_string())),
        [b'~', digits @ ..] if digits.len() >= 3 => Ok((number(&digits[..3]), 4)),
        [b'~', ..] => Err(Graph6Error::Truncated(text.to_string())),
        [first, ..] => Ok(((first - 63) as usize, 1)),
    }
}

/// Decodes one graph6 string into its vertex count and edges.
pub fn decode(text: &str) -> Result<(usize, Vec<Edge>), Graph6Error> {
    let text = text.trim();
    if let Some(c) = text.chars().find(|c| !('?'..='~').contains(c)) {
        return Err(Graph6Error::BadCharacter(c));
    }
    let bytes = text.as_bytes();
    let (n, head) = header(bytes, text)?;
    if n > MAX_VERTICES {
        return Err(Graph6Error::TooManyVertices(n));
    }
    let bits = n * n.saturating_sub(1) / 2;
    let expected = head + bits.div_ceil(6);
    if bytes.len() != expected {
        return Err(Graph6Error::WrongLength {
            text: text.to_string(),
            n,
            expected,
            found: bytes.len(),
        });
    }
    let spare = expected * 6 - head * 6 - bits;
    if spare > 0 && (bytes[expected - 1] - 63) & ((1 << spare) - 1) != 0 {
        return Err(Graph6Error::BadPadding(text.to_string()));
    }
    let (order, pairs) = from_graph6_representation::<u32>(text.to_string());
    let edges = pairs
        .into_iter()
        .map(|(u, v)| Edge::new(u as Vertex, v as Vertex))
        .collect();
    Ok((order, edges))
}

/// Encodes the graph on vertices `0..n` with the given edges.
pub fn encode(n: usize, edges: &[Edge]) -> String {
    let mut adjacent = vec![false; n * n];
    for e in edges {
        let (u, v) = e.ends();
        assert!((v as usize) < n, "edge {e} is not within the {n} vertices encoded");
        adjacent[u as usize * n + v as usize] = true;
    }
    pack(n, |i, j| adjacent[i * n + j])
}

/// The graph6 string of the graph on `0..n` in which `i < j` are joined
/// when `adjacent(i, j)`: McKay's header (see [`header`]), then the upper
/// triangle column by column (`j` from 1, `i < j`), six bits to a
/// character (`63` added), the last padded with zeros.
fn pack(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> String {
    let mut out = Vec::with_capacity(8 + (n * n.saturating_sub(1) / 2).div_ceil(6));
    let six = |x: usize, count: u32| (0..count).rev().map(move |k| (x >> (6 * k) & 63) as u8 + 63);
    match n {
        0..=62 => out.push(n as u8 + 63),
        63..=258_047 => out.extend(std::iter::once(b'~').chain(six(n, 3))),
        _ => out.extend([b'~', b'~'].into_iter().chain(six(n, 6))),
    }
    let (mut bits, mut count) = (0u8, 0);
    for j in 1..n {
        for i in 0..j {
            bits = bits << 1 | adjacent(i, j) as u8;
            count += 1;
            if count == 6 {
                out.push(bits + 63);
                (bits, count) = (0, 0);
            }
        }
    }
    if count > 0 {
        out.push((bits << (6 - count)) + 63);
    }
    String::from_utf8(out).expect("graph6 characters are ASCII")
}

/// The position written as `RED:BLUE`.
pub fn encode_position(position: &Position) -> String {
    let n = members(position.touched()).last().map_or(0, |v| v as usize + 1);
    let colour = |player| pack(n, |i, j| position.neighbours(player, j as Vertex) >> i & 1 == 1);
    format!("{}:{}", colour(Player::First), colour(Player::Second))
}

/// Builds a position on `board` from a red and a blue graph6 string.
pub fn decode_pair(red: &str, blue: &str, board: Board) -> Result<Position, Graph6Error> {
    let (n_red, red) = decode(red)?;
    let (n_blue, blue) = decode(blue)?;
    if n_red != n_blue {
        return Err(Graph6Error::VertexCountsDiffer(n_red, n_blue));
    }
    let capacity = board.capacity();
    let mut position = Position::empty(board);
    for (player, edges) in [(Player::First, red), (Player::Second, blue)] {
        for e in edges {
            position.claim(e, player).map_err(|err| match err {
                IllegalMove::Claimed(e) => Graph6Error::EdgeInBoth(e),
                IllegalMove::OffBoard(e) => Graph6Error::OffBoard(e, capacity),
                IllegalMove::NotOnBoard(e) => Graph6Error::NotOnBoard(e),
            })?;
        }
    }
    Ok(position)
}

/// Decodes a position written as `RED:BLUE`.
pub fn decode_position(text: &str, board: Board) -> Result<Position, Graph6Error> {
    let (red, blue) = text
        .trim()
        .split_once(':')
        .ok_or_else(|| Graph6Error::NotAPair(text.to_string()))?;
    decode_pair(red, blue, board)
}

/// The text key of a (canonical) situation: the position in graph6
/// (`RED:BLUE`), the memory's words and names, and the marked edge; patch
/// tables and the strategy contract's reports name situations by it.
pub fn situation_key(position: &Position, memory: &Memory, last: Option<Edge>) -> String {
    let words: Vec<String> = memory.words.iter().map(u32::to_string).collect();
    let names: Vec<String> = memory
        .names
        .iter()
        .map(|n| n.map_or("-".to_string(), |v| v.to_string()))
        .collect();
    let last = last.map_or("-".to_string(), |e| e.to_string());
    format!(
        "{} {} {} {}",
        encode_position(position),
        words.join(","),
        names.join(","),
        last
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn triangle_position() -> Position {
        let mut p = Position::empty(Board::Infinite);
        p.claim(Edge::new(0, 1), Player::First).unwrap();
        p.claim(Edge::new(0, 2), Player::First).unwrap();
        p.claim(Edge::new(1, 2), Player::Second).unwrap();
        p
    }

    #[test]
    fn known_strings() {
        // From McKay's formats.txt and nauty's geng: K3 is `Bw`, P3 `Bg`, empty on 5 `D??`.
        assert_eq!(encode(3, &[Edge::new(0, 1), Edge::new(0, 2), Edge::new(1, 2)]), "Bw");
        assert_eq!(decode("Bw").unwrap().1.len(), 3);
        assert_eq!(decode("D??").unwrap(), (5, vec![]));
        assert_eq!(decode("?").unwrap(), (0, vec![]));
    }

    #[test]
    fn position_round_trip() {
        let p = triangle_position();
        let text = encode_position(&p);
        assert_eq!(text, "Bo:BG");
        assert_eq!(decode_position(&text, Board::Infinite).unwrap(), p);
    }

    /// The packing here writes the strings petgraph's encoder writes
    /// (which it replaced), on every order up to past the one-byte header.
    #[test]
    fn same_strings_as_petgraph() {
        use petgraph::graph6::ToGraph6;
        for n in 0..=70usize {
            let edges: Vec<Edge> = (0..n * n)
                .map(|k| (k / n, k % n))
                .filter(|&(u, v)| u < v && (u * 7 + v * 13 + n) % 5 < 2)
                .map(|(u, v)| Edge::new(u as Vertex, v as Vertex))
                .collect();
            let mut graph = petgraph::graph::UnGraph::<(), ()>::new_undirected();
            for _ in 0..n {
                graph.add_node(());
            }
            for e in &edges {
                graph.add_edge((e.ends().0 as u32).into(), (e.ends().1 as u32).into(), ());
            }
            assert_eq!(encode(n, &edges), graph.graph6_string(), "order {n}");
        }
    }

    #[test]
    fn large_graph_round_trip() {
        let edges: Vec<Edge> = (0..99).map(|v| Edge::new(v, v + 1)).collect();
        let text = encode(100, &edges);
        assert!(text.starts_with('~'));
        assert_eq!(decode(&text).unwrap(), (100, edges));
    }

    /// Sizes around the switch from the 1-byte to the 4-byte header
    /// (`n = 63`) and the largest board, with a path on all vertices.
    #[test]
    fn header_sizes_round_trip() {
        for n in [1usize, 2, 62, 63, 64, 127, 128] {
            let edges: Vec<Edge> = (1..n).map(|v| Edge::new(v as Vertex - 1, v as Vertex)).collect();
            let text = encode(n, &edges);
            let head = if n <= 62 { 1 } else { 4 };
            assert_eq!(text.len(), head + (n * (n - 1) / 2).div_ceil(6), "n = {n}");
            assert_eq!(text.starts_with('~'), n >= 63, "n = {n}");
            assert_eq!(decode(&text).unwrap(), (n, edges), "n = {n}");
            // One byte short is a length error that names both counts.
            if text.len() > head {
                let short = decode(&text[..text.len() - 1]).unwrap_err().to_string();
                assert!(short.contains(&format!("on {n} vertices")), "{short}");
            }
        }
        assert_eq!(encode(63, &[]), "~??~".to_string() + &"?".repeat(326));
        assert_eq!(decode("~?A@"), Err(Graph6Error::TooManyVertices(129)));
    }

    #[test]
    fn malformed_strings_are_errors() {
        assert_eq!(decode(""), Err(Graph6Error::Empty));
        assert!(matches!(decode("B w"), Err(Graph6Error::BadCharacter(' '))));
        assert!(matches!(decode("Bé"), Err(Graph6Error::BadCharacter('é'))));
        assert!(matches!(decode("B"), Err(Graph6Error::WrongLength { .. })));
        assert!(matches!(decode("Bww"), Err(Graph6Error::WrongLength { .. })));
        assert!(matches!(decode("~"), Err(Graph6Error::Truncated(_))));
        assert!(matches!(decode("~?A"), Err(Graph6Error::Truncated(_))));
        assert!(matches!(decode("~~"), Err(Graph6Error::Truncated(_))));
        assert!(matches!(decode("~~?????"), Err(Graph6Error::Truncated(_))));
        // `~~` and 6 bytes: 2^18 = 258048 + 96 vertices, counted exactly.
        assert_eq!(decode("~~??@???"), Err(Graph6Error::TooManyVertices(1 << 18)));
        assert!(matches!(decode("~?C?"), Err(Graph6Error::TooManyVertices(_))));
        // K3 is `Bw` (bits 111 then padding 000); `Bx` sets a padding bit.
        assert!(matches!(decode("Bx"), Err(Graph6Error::BadPadding(_))));
    }

    #[test]
    fn malformed_positions_are_errors() {
        assert!(matches!(
            decode_position("Bw", Board::Infinite),
            Err(Graph6Error::NotAPair(_))
        ));
        assert!(matches!(
            decode_position("Bw:C?", Board::Infinite),
            Err(Graph6Error::VertexCountsDiffer(3, 4))
        ));
        assert!(matches!(
            decode_position("Bw:Bw", Board::Infinite),
            Err(Graph6Error::EdgeInBoth(_))
        ));
        assert!(matches!(
            decode_position("Bw:B?", Board::Complete(2)),
            Err(Graph6Error::OffBoard(..))
        ));
        assert!(matches!(
            decode_position("Bw:B!", Board::Infinite),
            Err(Graph6Error::BadCharacter('!'))
        ));
    }
}
