//! The checker's own reading of Theorem 5.3's strategy (Bodlaender, "On
//! the complexity of some coloring games", 1989, Section 5; proofs/FORMAT.md,
//! "Version 10") on *states*: what is left of a game on a tree hung from a
//! root once the root is coloured. A state is the forest of uncoloured
//! vertices, each with its father if that is uncoloured (else it is a
//! *top*: its father is coloured), its depth parity (even: V1, odd: V2),
//! its forbidden colours (on a coloured neighbour), and at most one
//! *marker*, the rule player 2's last move set off: rule 2 (`!c`: colour
//! this vertex `c`) or rule 3 (`*`: colour this top any possible colour);
//! no marker is rule 4 (any top, any possible colour).

/// The rule a vertex is marked with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// No rule names this vertex.
    None,
    /// Rule 3: this vertex, any possible colour.
    Any,
    /// Rule 2: this vertex, this colour (legal or not).
    Colour(u8),
}

/// An uncoloured vertex of a state.
#[derive(Clone, Debug)]
pub struct Node {
    /// Its father, if uncoloured (an index into the state).
    pub father: Option<usize>,
    /// Odd depth (V2).
    pub odd: bool,
    /// Forbidden colours, bit `c` for colour `c`.
    pub forbidden: u16,
    /// The rule that names it, if any.
    pub marker: Marker,
}

/// A state: the uncoloured vertices (module docs).
pub type State = Vec<Node>;

/// Parses a state line (proofs/FORMAT.md, version 10) with colours up to
/// `k`: nested `(PARITY DIGITS MARKER CHILDREN)`, at most one marker, `*`
/// only on a top, `!c` only below one, parities alternating.
pub fn parse(text: &[u8], k: usize) -> Result<State, String> {
    let mut state: State = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut i = 0;
    let mut markers = 0;
    let byte = |i: usize| text.get(i).copied();
    while i < text.len() {
        match text[i] {
            b'(' => {
                let father = open.last().copied();
                let odd = match byte(i + 1) {
                    Some(b'e') => false,
                    Some(b'o') => true,
                    _ => return Err(format!("byte {}: expected the parity e or o", i + 2)),
                };
                i += 2;
                let mut forbidden = 0u16;
                while let Some(d @ b'1'..=b'9') = byte(i) {
                    let c = d - b'0';
                    if c as usize > k || forbidden >> c != 0 {
                        return Err(format!(
                            "byte {}: colour {c} is not above the last and at most {k}",
                            i + 1
                        ));
                    }
                    forbidden |= 1 << c;
                    i += 1;
                }
                let marker = match (byte(i), byte(i + 1)) {
                    (Some(b'*'), _) if father.is_none() => Marker::Any,
                    (Some(b'!'), Some(d @ b'1'..=b'9')) if father.is_some() => Marker::Colour(d - b'0'),
                    (Some(b'*' | b'!'), _) => return Err(format!("byte {}: a misplaced marker", i + 1)),
                    _ => Marker::None,
                };
                i += match marker {
                    Marker::None => 0,
                    Marker::Any => 1,
                    Marker::Colour(_) => 2,
                };
                markers += usize::from(marker != Marker::None);
                if father.is_some_and(|f| state[f].odd == odd) {
                    return Err(format!("vertex {} has its father's parity", state.len()));
                }
                open.push(state.len());
                state.push(Node {
                    father,
                    odd,
                    forbidden,
                    marker,
                });
            }
            b')' if !open.is_empty() => {
                open.pop();
                i += 1;
            }
            _ => return Err(format!("byte {}: expected ( or )", i + 1)),
        }
    }
    match (open.is_empty(), state.is_empty(), markers <= 1) {
        (true, false, true) => Ok(state),
        (false, _, _) => Err("a vertex is not closed".into()),
        (_, true, _) => Err("no vertex".into()),
        (_, _, false) => Err("more than one marker".into()),
    }
}

/// The children of each vertex.
fn children(state: &State) -> Vec<Vec<usize>> {
    let mut children = vec![Vec::new(); state.len()];
    for (v, node) in state.iter().enumerate() {
        if let Some(f) = node.father {
            children[f].push(v);
        }
    }
    children
}

/// The state's code: a vertex is `(`, its parity, its forbidden colours,
/// its marker, its children's codes sorted, `)`; the state its tops'
/// codes sorted. Equal codes exactly for states equal up to renaming.
pub fn code(state: &State) -> Vec<u8> {
    let children = children(state);
    let mut tops: Vec<Vec<u8>> = (0..state.len())
        .filter(|&v| state[v].father.is_none())
        .map(|v| vertex_code(state, &children, v))
        .collect();
    tops.sort_unstable();
    tops.concat()
}

fn vertex_code(state: &State, children: &[Vec<usize>], v: usize) -> Vec<u8> {
    let node = &state[v];
    let mut out = vec![b'(', if node.odd { b'o' } else { b'e' }];
    out.extend((1..=9u8).filter(|c| node.forbidden >> c & 1 == 1).map(|c| b'0' + c));
    match node.marker {
        Marker::None => {}
        Marker::Any => out.push(b'*'),
        Marker::Colour(c) => out.extend([b'!', b'0' + c]),
    }
    let mut codes: Vec<Vec<u8>> = children[v].iter().map(|&w| vertex_code(state, children, w)).collect();
    codes.sort_unstable();
    codes.iter().for_each(|c| out.extend_from_slice(c));
    out.push(b')');
    out
}

/// The free colours of `v` with `k` colours, as a bitset (bit c).
pub fn free(state: &State, v: usize, k: usize) -> u16 {
    (((1u16 << k) - 1) << 1) & !state[v].forbidden
}

/// Who has won, if the game is decided (proofs/FORMAT.md, version 7's
/// facts): 2 if a vertex has no free colour; 1 if no vertex is left, or
/// with `safe` if every vertex has more free colours than uncoloured
/// neighbours (its father if uncoloured, its children).
pub fn decided(state: &State, k: usize, safe: bool) -> Option<u8> {
    if (0..state.len()).any(|v| free(state, v, k) == 0) {
        return Some(2);
    }
    let mut around: Vec<usize> = state.iter().map(|n| usize::from(n.father.is_some())).collect();
    for node in state {
        if let Some(f) = node.father {
            around[f] += 1;
        }
    }
    let won =
        state.is_empty() || (safe && (0..state.len()).all(|v| free(state, v, k).count_ones() as usize > around[v]));
    won.then_some(1)
}

/// The moves the strategy allows: rule 2's one move, rule 3's vertex with
/// every possible colour, or (rule 4) every top with every possible colour.
pub fn allowed(state: &State, k: usize) -> Vec<(usize, u8)> {
    let marked = state.iter().position(|n| n.marker != Marker::None);
    if let Some(v) = marked {
        if let Marker::Colour(c) = state[v].marker {
            return vec![(v, c)];
        }
    }
    let vertices: Vec<usize> = match marked {
        Some(v) => vec![v],
        None => (0..state.len()).filter(|&v| state[v].father.is_none()).collect(),
    };
    vertices
        .into_iter()
        .flat_map(|v| {
            let free = free(state, v, k);
            (1..=k as u8).filter(move |&c| free >> c & 1 == 1).map(move |c| (v, c))
        })
        .collect()
}

/// Every legal move: any vertex, any possible colour.
pub fn replies(state: &State, k: usize) -> Vec<(usize, u8)> {
    (0..state.len())
        .flat_map(|v| {
            let free = free(state, v, k);
            (1..=k as u8).filter(move |&c| free >> c & 1 == 1).map(move |c| (v, c))
        })
        .collect()
}

/// The state after `v` is coloured `c` (no marker): its uncoloured
/// neighbours lose `c`, its children become tops.
pub fn play(state: &State, v: usize, c: u8) -> State {
    let index = |w: usize| if w > v { w - 1 } else { w };
    let father = state[v].father;
    state
        .iter()
        .enumerate()
        .filter(|&(w, _)| w != v)
        .map(|(w, node)| {
            let next_to = node.father == Some(v) || father == Some(w);
            Node {
                father: node.father.filter(|&f| f != v).map(index),
                odd: node.odd,
                forbidden: node.forbidden | if next_to { 1 << c } else { 0 },
                marker: Marker::None,
            }
        })
        .collect()
}

/// The state after player 2 colours `u` with `c`, marked with the rule his
/// move sets off: if `u`'s father `v` is uncoloured, rule 3 at `v` if `v`
/// is a top, else rule 2 at `v` with colour 1 (`v` in V1, `c` != 1), 2 (V1,
/// `c` = 1), 3 (V2, `c` != 3) or 4 (V2, `c` = 3); else rule 4, no marker.
pub fn reply(state: &State, u: usize, c: u8) -> State {
    let mut next = play(state, u, c);
    if let Some(v) = state[u].father.map(|v| if v > u { v - 1 } else { v }) {
        next[v].marker = match (next[v].father, next[v].odd, c) {
            (None, _, _) => Marker::Any,
            (Some(_), false, 1) => Marker::Colour(2),
            (Some(_), false, _) => Marker::Colour(1),
            (Some(_), true, 3) => Marker::Colour(4),
            (Some(_), true, _) => Marker::Colour(3),
        };
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &State) -> String {
        String::from_utf8(code(s)).unwrap()
    }

    #[test]
    fn malformed_states_are_refused() {
        for bad in [
            "",
            "(e",
            "(e))",
            "(x)",
            "(e21)",
            "(e6)",
            "(e!1)",
            "(e(o*))",
            "(e*(o!3))",
            "(e(e))",
            "(e1!)",
            "(e)x",
        ] {
            assert!(parse(bad.as_bytes(), 5).is_err(), "{bad}");
        }
        assert!(parse(b"(o13*)(e(o!3))", 5).is_err(), "two markers");
        let s = parse(b"(o13)(e(o!3))", 5).unwrap();
        assert_eq!(text(&s), "(e(o!3))(o13)");
    }

    #[test]
    fn replies_set_off_rules_2_3_and_4_as_the_paper_says() {
        let marked = |state: &str, u: usize, c: u8| text(&reply(&parse(state.as_bytes(), 5).unwrap(), u, c));
        // u's father is a top: rule 3 at it.
        assert_eq!(marked("(o1(e))", 1, 3), "(o13*)");
        // u's father is below a top, in V2: colour 3, or 4 if u took 3.
        assert_eq!(marked("(e1(o(e)))", 2, 1), "(e1(o1!3))");
        assert_eq!(marked("(e1(o(e)))", 2, 3), "(e1(o3!4))");
        // In V1: colour 1, or 2 if u took 1.
        assert_eq!(marked("(o1(e(o)))", 2, 2), "(o1(e2!1))");
        assert_eq!(marked("(o1(e(o)))", 2, 1), "(o1(e1!2))");
        // u is a top: rule 4, no marker; its children become tops.
        assert_eq!(marked("(o1(e)(e))", 0, 2), "(e2)(e2)");
    }

    #[test]
    fn the_rules_allow_what_they_say_and_ends_are_decided() {
        let s = parse(b"(o1234(e))(e12)", 5).unwrap();
        // Rule 4: every top, every free colour.
        assert_eq!(allowed(&s, 5), vec![(0, 5), (2, 3), (2, 4), (2, 5)]);
        assert_eq!(replies(&s, 5).len(), 1 + 5 + 3);
        assert_eq!(decided(&s, 5, false), None);
        assert_eq!(decided(&parse(b"(o12345)", 5).unwrap(), 5, false), Some(2));
        // Safe: more free colours than uncoloured neighbours.
        assert_eq!(decided(&parse(b"(e1(o))", 5).unwrap(), 5, true), Some(1));
        assert_eq!(decided(&parse(b"(e1(o))", 5).unwrap(), 5, false), None);
        assert_eq!(decided(&Vec::new(), 5, false), Some(1));
    }
}
