//! graph6 (the nauty/McKay format) for graphs in and out, and the
//! two-colour position format built on it: `RED BLUE`, two graph6 strings
//! on the same vertex set (the touched vertices, in increasing order).

use crate::board::{members, Board, Edge, Player, Position, Vertex, MAX_VERTICES};

/// The graph6 string of a graph on `n <= 62` vertices with the given edges.
pub fn encode(n: usize, edges: &[Edge]) -> String {
    assert!(n <= 62, "graph6 short form holds at most 62 vertices");
    let mut bits = Vec::with_capacity(n * n / 2);
    for j in 1..n {
        for i in 0..j {
            bits.push(edges.contains(&Edge::new(i as Vertex, j as Vertex)));
        }
    }
    let mut out = String::new();
    out.push((n as u8 + 63) as char);
    for chunk in bits.chunks(6) {
        let mut byte = 0u8;
        for (k, &b) in chunk.iter().enumerate() {
            if b {
                byte |= 1 << (5 - k);
            }
        }
        out.push((byte + 63) as char);
    }
    out
}

/// Vertex count and edges of a graph6 string, or why it is malformed.
pub fn decode(s: &str) -> Result<(usize, Vec<Edge>), String> {
    let bytes = s.as_bytes();
    let first = *bytes.first().ok_or("empty graph6 string")?;
    if !(63..=125).contains(&first) {
        return Err(format!("malformed graph6 `{s}`: bad vertex count"));
    }
    let n = (first - 63) as usize;
    let needed = (n * n.saturating_sub(1) / 2).div_ceil(6);
    if bytes.len() != 1 + needed {
        return Err(format!("malformed graph6 `{s}`: expected {} characters", 1 + needed));
    }
    let mut edges = Vec::new();
    let mut k = 0;
    for j in 1..n {
        for i in 0..j {
            let byte = bytes[1 + k / 6];
            if !(63..=126).contains(&byte) {
                return Err(format!("malformed graph6 `{s}`: bad character"));
            }
            if (byte - 63) >> (5 - k % 6) & 1 == 1 {
                edges.push(Edge::new(i as Vertex, j as Vertex));
            }
            k += 1;
        }
    }
    Ok((n, edges))
}

/// The touched vertices of `position`, in increasing order.
fn touched_list(position: &Position) -> Vec<Vertex> {
    members(position.touched()).collect()
}

/// `RED BLUE` graph6 pair of a position, vertices renumbered `0..t` in
/// increasing order of the touched vertices.
pub fn position_to_pair(position: &Position) -> String {
    let touched = touched_list(position);
    let index = |v: Vertex| touched.iter().position(|&w| w == v).unwrap() as Vertex;
    let part = |player| {
        let edges: Vec<Edge> = position.edges(player).iter().map(|e| e.map(index)).collect();
        encode(touched.len(), &edges)
    };
    format!("{} {}", part(Player::First), part(Player::Second))
}

/// The position of a `RED BLUE` graph6 pair on `board`.
pub fn pair_to_position(pair: &str, board: Board) -> Result<Position, String> {
    let parts: Vec<&str> = pair.split_whitespace().collect();
    let [red, blue] = parts[..] else {
        return Err(format!("expected `RED BLUE` (two graph6 strings), got `{pair}`"));
    };
    let ((n, red), (m, blue)) = (decode(red)?, decode(blue)?);
    if n != m || n > MAX_VERTICES.min(board.capacity()) {
        return Err(format!(
            "`{pair}`: the two graphs must have the same size, at most the board's"
        ));
    }
    let mut position = Position::empty(board);
    for (edges, player) in [(red, Player::First), (blue, Player::Second)] {
        for e in edges {
            position.claim(e, player).map_err(|err| format!("`{pair}`: {err}"))?;
        }
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_strings() {
        // K3 is "Bw", the path 0-1-2 is "Bg" (nauty's showg).
        let k3 = [Edge::new(0, 1), Edge::new(0, 2), Edge::new(1, 2)];
        assert_eq!(encode(3, &k3), "Bw");
        assert_eq!(encode(3, &[Edge::new(0, 1), Edge::new(1, 2)]), "Bg");
        assert_eq!(decode("Bw").unwrap(), (3, k3.to_vec()));
    }

    #[test]
    fn rejects_bad_input() {
        assert!(decode("").is_err());
        assert!(decode("Bww").is_err());
        assert!(pair_to_position("Bw", Board::Infinite).is_err());
        assert!(pair_to_position("Bw Bw", Board::Infinite).is_err());
    }

    #[test]
    fn pair_round_trip() {
        let mut p = Position::empty(Board::Infinite);
        p.claim(Edge::new(0, 1), Player::First).unwrap();
        p.claim(Edge::new(1, 5), Player::Second).unwrap();
        let pair = position_to_pair(&p);
        let back = pair_to_position(&pair, Board::Infinite).unwrap();
        assert_eq!(back.edges(Player::First), vec![Edge::new(0, 1)]);
        assert_eq!(back.edges(Player::Second), vec![Edge::new(1, 2)]);
    }
}
