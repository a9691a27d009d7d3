//! Version 8: family certificates, written by `ramsey-verify colour
//! --trees N --cert FILE` (family `trees`) and `colour --game-chromatic
//! --graph @- --json-lines --cert FILE` (family `graphs`). A family claim
//! ("chi_g of every tree on 1 to N vertices") is one claim per member plus
//! the claim that the members are the whole family. Each member is a
//! complete version-7 or 12 certificate, checked as such; trees are
//! enumerated by this checker itself ([`trees`]), and every tree it finds
//! must be exactly one member's graph; graphs are counted ([`graphs`]).

pub mod classes;
pub mod erdos;
pub mod graphs;
pub mod regular;
pub mod trees;

use crate::colouring::Claim as ColouringClaim;
use crate::text::{clip, decode_graph6, header_line, number};
use crate::{Claim, Limits, Rejection};
use std::collections::{BTreeMap, HashMap};

/// The format version of family certificates.
pub const VERSION: u32 = 8;
/// Lines in a version-8 header.
pub const HEADER_LINES: usize = 9;
/// The most members listed as having the largest value.
const EXAMPLES: usize = 5;

/// The family of a version-8 certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Every tree, enumerated by the checker ([`trees`]).
    Trees,
    /// Every graph, connected or not, counted by the checker ([`graphs`]).
    Graphs,
}

impl Family {
    /// The header's and the JSON's name of the family.
    pub fn name(self) -> &'static str {
        match self {
            Family::Trees => "trees",
            Family::Graphs => "graphs",
        }
    }

    /// The largest order of a member.
    fn max_order(self) -> usize {
        match self {
            Family::Trees => trees::MAX_TREE_ORDER,
            Family::Graphs => graphs::MAX_GRAPH_ORDER,
        }
    }
}

/// What a version-8 header states and claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// The writing program, clipped (informative only).
    pub tool: String,
    /// Trees or graphs.
    pub family: Family,
    /// The sizes of the family's members: every tree (graph) on `sizes.0`
    /// to `sizes.1` vertices.
    pub sizes: (usize, usize),
    /// Members, body lines and hash announced.
    pub body: Announced,
}

/// The last three lines of a family header (versions 8 and 15): what the
/// body holds.
#[derive(Clone, Debug)]
pub struct Announced {
    /// Members announced.
    pub members: usize,
    /// Body lines announced (the members' lines and their certificates').
    pub lines: usize,
    /// SHA-256 of the body, as written.
    pub sha256: String,
}

/// Reads the header lines `members M`, `lines L` and `sha256 H`.
pub(crate) fn announced<'a>(it: &mut impl Iterator<Item = &'a str>) -> Result<Announced, Rejection> {
    Ok(Announced {
        members: number(header_line(it, "members")?, "member count")?,
        lines: number(header_line(it, "lines")?, "line count")?,
        sha256: header_line(it, "sha256")?.to_string(),
    })
}

/// Parses the nine header lines (the first, `ramsey-cert 8`, is read already).
/// The family is `trees` or `graphs`, the game `ccg` and the claim
/// `chi-g`: the only claim of this version (proofs/FORMAT.md, version 8).
pub fn parse(lines: &[String]) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str).skip(1);
    let tool = clip(header_line(&mut it, "tool")?);
    let family = match header_line(&mut it, "family")? {
        "trees" => Family::Trees,
        "graphs" => Family::Graphs,
        other => {
            return Err(Rejection::unreadable(format!(
                "header: family `{}` is not `trees` or `graphs`",
                clip(other)
            )))
        }
    };
    let sizes = sizes(header_line(&mut it, "vertices")?, family.max_order())?;
    fixed("game", header_line(&mut it, "game")?, "ccg")?;
    fixed("claim", header_line(&mut it, "claim")?, "chi-g")?;
    let body = announced(&mut it)?;
    Ok(Header {
        tool,
        family,
        sizes,
        body,
    })
}

/// Reads a header's `vertices A-B`: every tree with `A` to `B` vertices,
/// `1 <= A <= B <= MAX_TREE_ORDER` (version 10).
pub(crate) fn tree_sizes(text: &str) -> Result<(usize, usize), Rejection> {
    sizes(text, trees::MAX_TREE_ORDER)
}

/// Reads a header's `vertices A-B` with `1 <= A <= B <= max`.
fn sizes(text: &str, max: usize) -> Result<(usize, usize), Rejection> {
    match text
        .split_once('-')
        .map(|(a, b)| (a.parse::<usize>(), b.parse::<usize>()))
    {
        Some((Ok(a), Ok(b))) if 1 <= a && a <= b && b <= max => Ok((a, b)),
        _ => Err(Rejection::unreadable(format!(
            "header: vertices `{}` is not A-B with 1 <= A <= B <= {max}",
            clip(text)
        ))),
    }
}

/// Checks that a header line holds the one value this format allows.
pub(crate) fn fixed(key: &str, got: &str, value: &str) -> Result<(), Rejection> {
    match got == value {
        true => Ok(()),
        false => Err(Rejection::unreadable(format!(
            "header: {key} `{}` is not `{value}`",
            clip(got)
        ))),
    }
}

/// What a valid family certificate proves.
#[derive(Clone, Debug)]
pub struct Statement {
    /// Trees or graphs.
    pub family: Family,
    /// Every tree (graph) on `sizes.0` to `sizes.1` vertices.
    pub sizes: (usize, usize),
    /// Members (= trees or graphs of those sizes, up to isomorphism).
    pub members: usize,
    /// Vertices -> chi_g -> how many trees (graphs).
    pub distribution: BTreeMap<usize, BTreeMap<usize, usize>>,
    /// The largest chi_g, how many members have it, and up to five of
    /// them (graph6).
    pub largest: (usize, usize, Vec<String>),
}

/// One member: its line in the file, graph6, and certificate's bytes.
pub(crate) struct Member<'a> {
    /// The line `member G6 N` in the file.
    pub line: usize,
    /// The member's graph, as written.
    pub graph6: &'a str,
    /// Its certificate, header included.
    pub text: &'a [u8],
}

/// Checks a version-8 body against its header: each member's certificate
/// (on `threads` threads, each read within `limits`), then the members
/// against the family. Returns
/// the statement, the members' entries and replies in all.
pub fn check(
    header: &Header,
    body: &[u8],
    threads: usize,
    limits: &Limits,
) -> Result<(Statement, usize, usize), Rejection> {
    let members = split(&header.body, HEADER_LINES, body)?;
    let results = par_map(members.len(), threads, &|i| check_member(&members[i], limits));
    let mut values = Vec::with_capacity(members.len());
    let (mut entries, mut replies) = (0, 0);
    for result in results {
        let (k, e, r) = result?;
        values.push(k);
        entries += e;
        replies += r;
    }
    let orders = match header.family {
        Family::Trees => trees_covered(&members, header.sizes)?,
        Family::Graphs => graphs::covered(&members, header.sizes, threads)?,
    };
    let mut distribution: BTreeMap<usize, BTreeMap<usize, usize>> = BTreeMap::new();
    for (&n, &k) in orders.iter().zip(&values) {
        *distribution.entry(n).or_default().entry(k).or_default() += 1;
    }
    let top = values.iter().copied().max().unwrap_or(0);
    let examples: Vec<String> = members
        .iter()
        .zip(&values)
        .filter(|&(_, &k)| k == top)
        .map(|(m, _)| m.graph6.to_string())
        .collect();
    let statement = Statement {
        family: header.family,
        sizes: header.sizes,
        members: members.len(),
        distribution,
        largest: (top, examples.len(), examples.into_iter().take(EXAMPLES).collect()),
    };
    Ok((statement, entries, replies))
}

/// Checks that the members' graphs are the trees on `sizes.0` to
/// `sizes.1` vertices, one per isomorphism class: each a tree, no two
/// with the same code, and every tree this checker enumerates a member's.
/// Returns each member's order.
fn trees_covered(members: &[Member], sizes: (usize, usize)) -> Result<Vec<usize>, Rejection> {
    let mut codes: Vec<HashMap<Vec<u8>, usize>> = vec![HashMap::new(); sizes.1 + 1];
    let mut orders = Vec::with_capacity(members.len());
    for member in members {
        let (n, code) = tree_of(member, sizes)?;
        if let Some(first) = codes[n].insert(code, member.line) {
            return Err(invalid_at(
                member.line,
                format!("its tree is the same as the member's on line {first}"),
            ));
        }
        orders.push(n);
    }
    for (n, members) in codes.iter().enumerate().skip(sizes.0) {
        if let Some((_, adj)) = trees::trees(n)
            .into_iter()
            .find(|(code, _)| !members.contains_key(code))
        {
            return Err(Rejection::invalid(format!(
                "the tree {} on {n} vertices is no member's graph (a member is missing)",
                trees::graph6(&adj)
            )));
        }
    }
    Ok(orders)
}

impl Member<'_> {
    /// A rejection inside the member's certificate, told as the family
    /// file's: its line numbers are counted from the member's line.
    pub(crate) fn blame(&self, r: Rejection) -> Rejection {
        Rejection {
            message: format!("member on line {} ({}): {}", self.line, clip(self.graph6), r.message),
            line: Some(self.line + r.line.unwrap_or(0)),
            ..r
        }
    }
}

/// The members: a line `member G6 L`, then the `L` lines of its
/// certificate, as many as `announced`, after a header of `header_lines`
/// (versions 8 and 15).
pub(crate) fn split<'a>(
    announced: &Announced,
    header_lines: usize,
    body: &'a [u8],
) -> Result<Vec<Member<'a>>, Rejection> {
    let mut lines = body.split_inclusive(|&b| b == b'\n').take(announced.lines);
    let mut members = Vec::new();
    let mut line = header_lines;
    // Bytes of the body before the current line.
    let mut offset = 0;
    while let Some(head) = lines.next() {
        line += 1;
        offset += head.len();
        let bad = |why: String| invalid_at(line, why);
        let text = std::str::from_utf8(head)
            .map_err(|_| bad("not text".into()))?
            .trim_end_matches('\n');
        let fields: Vec<&str> = text.split(' ').collect();
        let ["member", graph6, count] = fields[..] else {
            return Err(bad(format!("expected `member G6 LINES`, found `{}`", clip(text))));
        };
        let count: usize = count
            .parse()
            .map_err(|_| bad(format!("line count `{}` is not a number", clip(count))))?;
        let start = offset;
        for _ in 0..count {
            offset += lines
                .next()
                .ok_or_else(|| bad(format!("{count} lines announced, the body ends first")))?
                .len();
        }
        members.push(Member {
            line,
            graph6,
            text: &body[start..offset],
        });
        line += count;
    }
    match members.len() == announced.members {
        true => Ok(members),
        false => Err(Rejection::invalid(format!(
            "header announces {} but the body has {}",
            crate::text::count(announced.members, "member", "members"),
            members.len()
        ))),
    }
}

/// A member's certificate checked on its own: a version-7 proof of chi_g
/// of the member's graph in the CCG. Returns chi_g, entries and replies.
fn check_member(member: &Member, limits: &Limits) -> Result<(usize, usize, usize), Rejection> {
    let blame = |r| member.blame(r);
    let whole = [&b"ramsey-cert 7\n"[..], b"ramsey-cert 12\n"];
    if !whole.iter().any(|first| member.text.starts_with(first)) {
        return Err(blame(Rejection::invalid(
            "a member's certificate must be version 7 or 12",
        )));
    }
    let summary = crate::check_reader(member.text, 1, limits).map_err(blame)?;
    match summary.claim {
        Claim::Colouring(s) if s.game == "ccg" && s.graph == member.graph6 => match s.claim {
            ColouringClaim::GameChromatic(k) => Ok((k, summary.entries, summary.replies)),
            ColouringClaim::Wins { .. } => Err(blame(Rejection::invalid("its claim is not chi-g"))),
        },
        _ => Err(blame(Rejection::invalid(
            "its certificate is not about the CCG on this graph",
        ))),
    }
}

/// The member's order and tree code, if its graph is a tree of the
/// family's sizes.
fn tree_of(member: &Member, sizes: (usize, usize)) -> Result<(usize, Vec<u8>), Rejection> {
    let (n, edges) = member_graph(member, sizes)?;
    let adj = trees::as_tree(n, &edges).ok_or_else(|| invalid_at(member.line, "its graph is not a tree".into()))?;
    Ok((n, trees::code(&adj)))
}

/// The member's graph (its order and edges), if it has `sizes.0` to
/// `sizes.1` vertices.
pub(crate) fn member_graph(member: &Member, sizes: (usize, usize)) -> Result<(usize, Vec<(usize, usize)>), Rejection> {
    let bad = |why: String| invalid_at(member.line, why);
    let (n, edges) = decode_graph6(member.graph6).map_err(|e| bad(format!("graph: {e}")))?;
    match (sizes.0..=sizes.1).contains(&n) {
        true => Ok((n, edges)),
        false => Err(bad(format!(
            "its graph has {n} vertices, outside {}-{}",
            sizes.0, sizes.1
        ))),
    }
}

/// An invalid certificate, blamed on line `line`.
pub(crate) fn invalid_at(line: usize, why: String) -> Rejection {
    Rejection::invalid(format!("line {line}: {why}")).at_line(line)
}

/// `f(0..len)` on `threads` threads, in order.
pub(crate) fn par_map<T: Send>(len: usize, threads: usize, f: &(dyn Fn(usize) -> T + Sync)) -> Vec<T> {
    let threads = threads.clamp(1, len.max(1));
    let mut parts: Vec<Vec<(usize, T)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || (t..len).step_by(threads).map(|i| (i, f(i))).collect::<Vec<_>>()))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a checker thread panicked"))
            .collect()
    });
    let mut all: Vec<(usize, T)> = parts.iter_mut().flat_map(std::mem::take).collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, t)| t).collect()
}

impl Statement {
    /// What is proved, in words: the largest value and where, then the
    /// distribution per size.
    pub fn text(&self) -> String {
        let (a, b) = self.sizes;
        let sizes: Vec<String> = self
            .distribution
            .iter()
            .map(|(n, d)| {
                let d: Vec<String> = d.iter().map(|(k, c)| format!("{k}: {c}")).collect();
                format!("n={n}: {}", d.join(", "))
            })
            .collect();
        let (top, count, examples) = &self.largest;
        let more = match count - examples.len() {
            0 => String::new(),
            more => format!(" and {more} more"),
        };
        let (one, many, how) = match self.family {
            Family::Trees => ("tree", "trees", "; the checker enumerates the trees itself"),
            Family::Graphs => (
                "graph",
                "graphs",
                ", connected or not; the checker counts the labelled graphs itself",
            ),
        };
        format!(
            "chi_g of every {one} on {a} to {b} vertices ({}{how}): \
             largest chi_g = {top}, on {}: {}{more}\n  chi_g by size: {}",
            crate::text::count(self.members, one, many),
            crate::text::count(*count, one, many),
            examples.join(", "),
            sizes.join("; ")
        )
    }

    /// The JSON fields of a valid version-8 certificate.
    pub fn json(&self) -> serde_json::Value {
        let sizes: Vec<_> = self
            .distribution
            .iter()
            .map(|(n, d)| serde_json::json!({ "vertices": n, "chi_g": d.iter().map(|(k, c)| [*k, *c]).collect::<Vec<_>>() }))
            .collect();
        serde_json::json!({
            "valid": true, "format": VERSION, "family": self.family.name(), "game": "ccg", "claim": "chi-g",
            "vertices": [self.sizes.0, self.sizes.1], "members": self.members, "sizes": sizes,
            "largest": self.largest.0, "largest_count": self.largest.1, "largest_on": self.largest.2,
        })
    }
}
