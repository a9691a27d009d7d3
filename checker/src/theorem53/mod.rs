//! Version 10: Theorem 5.3's strategy on every tree, written by
//! `ramsey-verify colour --certify-trees N --cert FILE`. The claim: on
//! every tree with `A` to `B` vertices, hung from any root, player 1 wins
//! the CCG with `K` colours by the strategy, whatever choice its rules
//! leave open. The body lists the strategy's *states* ([`state`]); the
//! checker enumerates the trees and roots itself ([`crate::family::trees`]),
//! plays rule 1 (the root gets colour 1), and checks, for every start and
//! every listed state, that every move its own reading of rules 2 to 4
//! allows, followed by every reply, leads to player 1's win or to a listed
//! state, and never to player 2's win or an illegal move.

pub mod state;

use crate::family::trees::{self, Adjacency};
use crate::family::{fixed, tree_sizes};
use crate::text::{clip, header_line, number};
use crate::Rejection;
use state::{allowed, code, decided, parse, play, replies, reply, Node, State};
use std::collections::HashMap;

/// The format version of Theorem 5.3 certificates.
pub const VERSION: u32 = 10;
/// Lines in a version-10 header.
pub const HEADER_LINES: usize = 9;
/// The header's line `vertices A-B`, blamed where a start fails.
const VERTICES_LINE: usize = 4;
/// The most colours (one digit each in a state).
pub const MAX_COLOURS: usize = 9;

/// What a version-10 header states and claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// The writing program, clipped (informative only).
    pub tool: String,
    /// Every tree on `sizes.0` to `sizes.1` vertices.
    pub sizes: (usize, usize),
    /// The number of colours.
    pub colours: usize,
    /// Games end once every vertex is safe (`ends safe`), or are played to
    /// the last vertex (`ends played-out`).
    pub safe: bool,
    /// States announced.
    pub entries: usize,
    /// SHA-256 of the body, as written.
    pub sha256: String,
}

/// Parses the nine header lines (the first, `ramsey-cert 10`, is read already).
pub fn parse_header(lines: &[String]) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str).skip(1);
    let bad = |what: &str, got: &str, want: &str| {
        Rejection::unreadable(format!("header: {what} `{}` is not {want}", clip(got)))
    };
    let tool = clip(header_line(&mut it, "tool")?);
    fixed("family", header_line(&mut it, "family")?, "trees")?;
    let sizes = tree_sizes(header_line(&mut it, "vertices")?)?;
    fixed("game", header_line(&mut it, "game")?, "ccg")?;
    let claim = header_line(&mut it, "claim")?;
    let colours = claim
        .strip_prefix("theorem-5.3 ")
        .and_then(|k| k.parse::<usize>().ok())
        .filter(|k| (1..=MAX_COLOURS).contains(k))
        .ok_or_else(|| bad("claim", claim, &format!("`theorem-5.3 K` with 1 <= K <= {MAX_COLOURS}")))?;
    let safe = match header_line(&mut it, "ends")? {
        "safe" => true,
        "played-out" => false,
        other => return Err(bad("ends", other, "safe or played-out")),
    };
    let entries = number(header_line(&mut it, "entries")?, "entry count")?;
    let sha256 = header_line(&mut it, "sha256")?.to_string();
    Ok(Header {
        tool,
        sizes,
        colours,
        safe,
        entries,
        sha256,
    })
}

/// What a valid version-10 certificate proves.
#[derive(Clone, Debug)]
pub struct Statement {
    /// Every tree on `sizes.0` to `sizes.1` vertices.
    pub sizes: (usize, usize),
    /// Colours.
    pub colours: usize,
    /// Ends once every vertex is safe, or played out.
    pub safe: bool,
    /// Trees and (tree, root) pairs enumerated.
    pub trees: usize,
    /// (Tree, root) pairs.
    pub roots: usize,
}

/// The listed states by code, with their lines.
struct Listed {
    k: usize,
    safe: bool,
    lines: HashMap<Vec<u8>, usize>,
}

impl Listed {
    /// Checks a state after player 1's move (player 2 to move): not won by
    /// player 2, and after every reply won by player 1 or listed. Returns
    /// the replies tried.
    fn after_move(&self, s: &State, context: &dyn Fn() -> String) -> Result<usize, String> {
        match decided(s, self.k, self.safe) {
            Some(1) => return Ok(0),
            Some(_) => return Err(format!("{} a vertex has no free colour", context())),
            None => {}
        }
        let moves = replies(s, self.k);
        for &(u, c) in &moves {
            let next = reply(s, u, c);
            match decided(&next, self.k, self.safe) {
                Some(1) => {}
                Some(_) => {
                    return Err(format!(
                        "{} and the reply {u}:{c} a vertex has no free colour",
                        context()
                    ))
                }
                None if self.lines.contains_key(&code(&next)) => {}
                None => {
                    return Err(format!(
                        "{} and the reply {u}:{c} the state {} is not listed: missing state",
                        context(),
                        clip(&String::from_utf8_lossy(&code(&next)))
                    ))
                }
            }
        }
        Ok(moves.len())
    }

    /// Checks a listed state (player 1 to move): not decided against her,
    /// every allowed move legal, and each held ([`Listed::after_move`]).
    fn check_state(&self, s: &State) -> Result<usize, String> {
        match decided(s, self.k, self.safe) {
            Some(1) => return Ok(0),
            Some(_) => return Err("a vertex has no free colour: player 2 has won".into()),
            None => {}
        }
        let moves = allowed(s, self.k);
        if moves.is_empty() {
            return Err("the rules allow no move".into());
        }
        let mut tried = 0;
        for (v, c) in moves {
            if c as usize > self.k || s[v].forbidden >> c & 1 == 1 {
                return Err(format!("rule 2's move {v}:{c} is not legal"));
            }
            tried += self.after_move(&play(s, v, c), &|| format!("after the move {v}:{c}"))?;
        }
        Ok(tried)
    }
}

/// The state of `tree` hung from `root` after rule 1 (the root gets colour
/// 1): the other vertices, the root's children tops with colour 1 forbidden.
fn start(tree: &Adjacency, root: usize) -> State {
    let n = tree.len();
    let mut father = vec![usize::MAX; n];
    let mut depth = vec![0; n];
    let mut order = vec![root];
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        for &w in &tree[v] {
            if w != root && father[w] == usize::MAX {
                father[w] = v;
                depth[w] = depth[v] + 1;
                order.push(w);
            }
        }
        i += 1;
    }
    // Index in the state: position in `order` minus one (the root is gone).
    let mut index = vec![0; n];
    order
        .iter()
        .enumerate()
        .for_each(|(i, &v)| index[v] = i.wrapping_sub(1));
    order[1..]
        .iter()
        .map(|&v| Node {
            father: (father[v] != root).then(|| index[father[v]]),
            odd: depth[v] % 2 == 1,
            forbidden: if father[v] == root { 1 << 1 } else { 0 },
            marker: state::Marker::None,
        })
        .collect()
}

/// Checks a version-10 body against its header: every state on `threads`
/// threads, then every tree and root of the family from the start.
/// Returns the statement, the states and the replies tried.
pub fn check(header: &Header, body: &[u8], threads: usize) -> Result<(Statement, usize, usize), Rejection> {
    let (k, safe) = (header.colours, header.safe);
    let line_of = |i: usize| HEADER_LINES + 1 + i;
    let mut states = Vec::with_capacity(header.entries);
    let mut lines = HashMap::with_capacity(header.entries);
    for (i, text) in body.split(|&b| b == b'\n').take(header.entries).enumerate() {
        let bad = |why: String| Rejection::invalid(format!("line {}: {why}", line_of(i))).at_line(line_of(i));
        let s = parse(text, k).map_err(bad)?;
        // A tree of the family leaves at most B - 1 vertices after rule 1
        // (this also bounds the work per state and the code's recursion).
        if s.len() >= header.sizes.1 {
            return Err(bad(format!(
                "{} vertices: more than a tree on {} leaves",
                s.len(),
                header.sizes.1
            )));
        }
        if let Some(first) = lines.insert(code(&s), line_of(i)) {
            return Err(bad(format!("the same state as line {first}")));
        }
        states.push(s);
    }
    let listed = Listed { k, safe, lines };
    let mut replies = crate::check_all(states.len(), threads, &|i| {
        listed.check_state(&states[i]).map_err(|why| (line_of(i), why))
    })?;
    let (mut tree_count, mut roots) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    for n in header.sizes.0..=header.sizes.1 {
        for (_, tree) in trees::trees(n) {
            tree_count += 1;
            for root in 0..n {
                roots += 1;
                let s = start(&tree, root);
                // Roots the tree's symmetries exchange give one start.
                if !seen.insert(code(&s)) {
                    continue;
                }
                let context = || {
                    format!(
                        "on the tree {} rooted at {root}, after the move {root}:1",
                        trees::graph6(&tree)
                    )
                };
                // The family is the header's claim: blamed on its line.
                let blame =
                    |why: String| Rejection::invalid(format!("line {VERTICES_LINE}: {why}")).at_line(VERTICES_LINE);
                replies += listed.after_move(&s, &context).map_err(blame)?;
            }
        }
    }
    let statement = Statement {
        sizes: header.sizes,
        colours: k,
        safe,
        trees: tree_count,
        roots,
    };
    Ok((statement, states.len(), replies))
}

impl Statement {
    /// What is proved, in words.
    pub fn text(&self) -> String {
        let (a, b) = self.sizes;
        let ends = match self.safe {
            true => "each game ended once every uncoloured vertex is safe",
            false => "each game played to the last vertex, the strategy always having a legal move",
        };
        format!(
            "Theorem 5.3's strategy wins the ccg with {} colours on every tree on {a} to {b} vertices \
             ({} trees, {} (tree, root) pairs; the checker enumerates them itself) from every root, \
             every choice its rules leave open and every reply checked, {ends}",
            self.colours, self.trees, self.roots
        )
    }

    /// The JSON fields of a valid version-10 certificate.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "valid": true, "format": VERSION, "family": "trees", "game": "ccg", "claim": "theorem-5.3",
            "vertices": [self.sizes.0, self.sizes.1], "colours": self.colours,
            "ends": if self.safe { "safe" } else { "played-out" }, "trees": self.trees, "roots": self.roots,
        })
    }
}
