//! Version 15: one of Erdős' scoring games on every connected `d`-regular
//! graph on `n` vertices (`erdos --game star --board @- --winner-only
//! --cert FILE`; Cambie and Provoost's Conjecture 7 for the Star game).
//! Each member is a complete version-6 or version-13 certificate that
//! Alice does not win on the member's graph, checked as such; the members
//! are checked to be connected, `d`-regular on `n` vertices and pairwise
//! non-isomorphic, and to cover the family: the checker counts the
//! family's labelled graphs itself and requires the members' isomorphism
//! classes to hold all of them ([`super::classes`], [`super::regular`]).

use super::classes::{self, Matrix};
use super::regular::{self, MAX_REGULAR_ORDER};
use super::{announced, fixed, invalid_at, par_map, split, Announced, Member};
use crate::scoring::rules::Measure;
use crate::text::{clip, decode_graph6, header_line, number};
use crate::{Limits, Rejection};

/// The format version of scoring-game family certificates.
pub const VERSION: u32 = 15;
/// Lines in a version-15 header.
pub const HEADER_LINES: usize = 10;
/// The claim every member carries: Alice does not win (a draw counts for
/// Bob), i.e. Bob holds the outcome to at most some `(a, b)` with `a <= b`.
pub const CLAIM: &str = "alice-does-not-win";

/// What a version-15 header states and claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// The writing program, clipped (informative only).
    pub tool: String,
    /// The members' order `n`.
    pub vertices: usize,
    /// The members' degree `d`.
    pub degree: usize,
    /// The game played on every member.
    pub game: Measure,
    /// Members, body lines and hash announced.
    pub body: Announced,
}

/// Parses the ten header lines (the first, `ramsey-cert 15`, is read
/// already): family `connected-regular`, `vertices N` with `1 <= N <= 12`,
/// `degree D` with `D < N`, a game, claim `alice-does-not-win`.
pub fn parse(lines: &[String]) -> Result<Header, Rejection> {
    let mut it = lines.iter().map(String::as_str).skip(1);
    let tool = clip(header_line(&mut it, "tool")?);
    fixed("family", header_line(&mut it, "family")?, "connected-regular")?;
    let vertices: usize = number(header_line(&mut it, "vertices")?, "vertices")?;
    let degree: usize = number(header_line(&mut it, "degree")?, "degree")?;
    if !(1..=MAX_REGULAR_ORDER).contains(&vertices) || degree >= vertices {
        return Err(Rejection::unreadable(format!(
            "header: vertices {vertices}, degree {degree}: need 1 <= vertices <= {MAX_REGULAR_ORDER} and degree < vertices"
        )));
    }
    let game = Measure::parse(header_line(&mut it, "game")?)
        .map_err(|e| Rejection::unreadable(format!("header: game: {e}")))?;
    fixed("claim", header_line(&mut it, "claim")?, CLAIM)?;
    let body = announced(&mut it)?;
    Ok(Header {
        tool,
        vertices,
        degree,
        game,
        body,
    })
}

/// What a valid version-15 certificate proves.
#[derive(Clone, Debug)]
pub struct Statement {
    /// The members' order.
    pub vertices: usize,
    /// The members' degree.
    pub degree: usize,
    /// The game's name.
    pub game: &'static str,
    /// Members (= connected `d`-regular graphs on `n` vertices, up to
    /// isomorphism).
    pub members: usize,
    /// The family's labelled graphs, as the checker counts them.
    pub labelled: u128,
}

/// Checks a version-15 body against its header: each member's graph, the
/// members pairwise non-isomorphic, the family covered, then every
/// member's certificate (on `threads` threads, read within `limits`).
/// Returns the statement,
/// the members' entries and replies in all.
pub fn check(
    header: &Header,
    body: &[u8],
    threads: usize,
    limits: &Limits,
) -> Result<(Statement, usize, usize), Rejection> {
    let members = split(&header.body, HEADER_LINES, body)?;
    let graphs = members
        .iter()
        .map(|m| graph_of(m, header))
        .collect::<Result<Vec<_>, _>>()?;
    classes::distinct(&members, &graphs)?;
    let labelled = covered(header, &graphs, threads)?;
    let results = par_map(members.len(), threads, &|i| check_member(&members[i], header, limits));
    let (mut entries, mut replies) = (0, 0);
    for result in results {
        let (e, r) = result?;
        entries += e;
        replies += r;
    }
    let statement = Statement {
        vertices: header.vertices,
        degree: header.degree,
        game: header.game.name(),
        members: members.len(),
        labelled,
    };
    Ok((statement, entries, replies))
}

/// The member's adjacency matrix, if its graph is connected and
/// `d`-regular on `n` vertices.
fn graph_of(member: &Member, header: &Header) -> Result<Matrix, Rejection> {
    let bad = |why: String| invalid_at(member.line, why);
    let (n, edges) = decode_graph6(member.graph6).map_err(|e| bad(format!("graph: {e}")))?;
    if n != header.vertices {
        return Err(bad(format!("its graph has {n} vertices, not {}", header.vertices)));
    }
    let adjacent = classes::matrix(n, &edges);
    match regular::connected_regular(&adjacent, header.degree) {
        true => Ok(adjacent),
        false => Err(bad(format!("its graph is not connected and {}-regular", header.degree))),
    }
}

/// Checks that the members' isomorphism classes hold every labelled
/// connected `d`-regular graph on `n` vertices (module docs of
/// [`super::classes`]); returns that number.
fn covered(header: &Header, graphs: &[Matrix], threads: usize) -> Result<u128, Rejection> {
    let (n, d) = (header.vertices, header.degree);
    let family = regular::labelled_connected_regular(n, d);
    let held = classes::held(&graphs.iter().collect::<Vec<_>>(), threads);
    classes::covered(held, family, &format!("connected {d}-regular graphs on {n} vertices"))?;
    Ok(family)
}

/// A member's certificate checked on its own: a version-6 or version-13
/// certificate of the family's game on the member's graph (as written),
/// from the empty board with Alice to move, whose Bob claim `at most
/// (a, b)` has `a <= b`. Returns its entries and replies.
fn check_member(member: &Member, header: &Header, limits: &Limits) -> Result<(usize, usize), Rejection> {
    let blame = |r| member.blame(r);
    let (h, body) = crate::scoring_member(member.text, limits).map_err(blame)?;
    let claim = |why: &str| Err(blame(Rejection::invalid(why.to_string())));
    if h.measure != header.game || h.board_text != member.graph6 {
        return claim("its certificate is not about the family's game on this graph");
    }
    if h.start.free_edges().len() != h.board.free_edges().len() || h.to_move != crate::graph::Colour::Red {
        return claim("its game does not start on the empty board with Alice (red) to move");
    }
    if h.at_most.is_none_or(|p| p.alice > p.bob) {
        return claim("it does not claim that Alice does not win (at-most A B with A <= B)");
    }
    let (_, entries, replies) = crate::scoring::check(&h, &body, 1).map_err(blame)?;
    Ok((entries, replies))
}

impl Statement {
    /// What is proved, in words.
    pub fn text(&self) -> String {
        format!(
            "Alice does not win the {} game (Bob holds her to a - b <= 0; a draw counts for Bob) on \
             every connected {}-regular graph on {} vertices ({}; the checker counts the family's \
             {} labelled graphs itself and the members' isomorphism classes hold all of them)",
            self.game,
            self.degree,
            self.vertices,
            crate::text::count(self.members, "graph", "graphs"),
            self.labelled
        )
    }

    /// The JSON fields of a valid version-15 certificate.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "valid": true, "format": VERSION, "family": "connected-regular", "game": self.game,
            "claim": CLAIM, "vertices": self.vertices, "degree": self.degree, "members": self.members,
            "labelled": u64::try_from(self.labelled).ok(),
        })
    }
}
