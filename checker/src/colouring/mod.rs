//! Version 7: certificates of Bodlaender's colouring games (SCG, SCCG, CG,
//! CCG), written by `ramsey-verify colour --cert`. A claim is "player P
//! wins the game with k colours"; chi_g = K is K claims (player 1 wins the
//! CCG with K colours, player 2 with each k < K). Each claim is its
//! prover's strategy: entries `K COLOURING V:C`. The rules are this
//! module's own ([`rules`]), and so is the equivalence of positions (by
//! [`crate::iso`] in unordered games).

mod level;
pub mod parts;
pub mod rules;
mod statement;

use crate::table::Table;
use crate::text::{clip, decode_graph6, header_line, number, MAX_ORDER};
use crate::Rejection;
use level::Level;
pub use parts::Beside;
use rules::{Colouring, Game, Setting};
pub use statement::Statement;

/// The format version of colouring game certificates.
pub const VERSION: u32 = 7;
/// Lines in a version-7 header.
pub const HEADER_LINES: usize = 10;
/// The format version of colouring certificates in parts: version 7 with
/// a `start` line and leaf lines ([`parts`]).
pub const PARTS_VERSION: u32 = 11;
/// Lines in a version-11 (and -12) header.
pub const PARTS_HEADER_LINES: usize = 11;
/// The format version of colouring certificates of unordered games whose
/// positions are compared up to tokens: version 11's layout (a whole
/// certificate has `start -` and no leaves), with [`rules::Reduced`]
/// leaving out the vertices of safe components and counting them.
pub const TOKENS_VERSION: u32 = 12;
/// The colour symbols: colour `c` is the `c`-th (`0`: uncoloured).
const SYMBOLS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// The most colours a certificate names.
pub const MAX_COLOURS: usize = 61;

/// What a version-7 certificate claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// chi_g = K (CCG only).
    GameChromatic(usize),
    /// `winner` (1 or 2) wins with `colours` colours.
    Wins {
        /// 1 or 2.
        winner: u8,
        /// k.
        colours: usize,
    },
}

impl Claim {
    /// The claims one by one: (colours, prover).
    pub fn levels(self) -> Vec<(usize, u8)> {
        match self {
            Claim::GameChromatic(k) => (1..=k).map(|j| (j, if j == k { 1 } else { 2 })).collect(),
            Claim::Wins { winner, colours } => vec![(colours, winner)],
        }
    }
}

/// What a version-7 header states and claims.
#[derive(Clone, Debug)]
pub struct Header {
    /// The writing program, clipped (informative only).
    pub tool: String,
    /// The rules, graph, order and owners.
    pub setting: Setting,
    /// The graph's graph6, as written.
    pub graph: String,
    /// The order and owners lines, as written (`-` in unordered games).
    pub order: (String, String),
    /// The claim.
    pub claim: Claim,
    /// 7, 11 (in parts) or 12 (up to tokens).
    pub version: u32,
    /// Version 11: where play starts (`None`: no vertex coloured).
    pub start: Option<Colouring>,
    /// Body lines announced.
    pub entries: usize,
    /// SHA-256 of the body, as written.
    pub sha256: String,
}

/// Parses the ten header lines (eleven in versions 11 and 12; the first,
/// `ramsey-cert 7`, `11` or `12`, is read already).
pub fn parse(lines: &[String]) -> Result<Header, Rejection> {
    let version = [PARTS_VERSION, TOKENS_VERSION]
        .into_iter()
        .find(|v| lines[0] == format!("ramsey-cert {v}"))
        .unwrap_or(VERSION);
    let mut it = lines.iter().map(String::as_str).skip(1);
    let bad = |what: &str, e: String| Rejection::unreadable(format!("header: {what}: {e}"));
    let tool = clip(header_line(&mut it, "tool")?);
    let text = header_line(&mut it, "game")?;
    let game = Game::parse(text).ok_or_else(|| bad("game", format!("`{}` is not scg, sccg, cg or ccg", clip(text))))?;
    if version == TOKENS_VERSION && game.ordered() {
        return Err(bad(
            "game",
            format!("version {TOKENS_VERSION} is for cg and ccg, not {}", game.name()),
        ));
    }
    let graph = header_line(&mut it, "graph")?.to_string();
    let (n, edges) = decode_graph6(&graph).map_err(|e| bad("graph", e))?;
    if !(1..=MAX_ORDER).contains(&n) {
        return Err(bad("graph", format!("{n} vertices, not 1 to {MAX_ORDER}")));
    }
    let mut adj = vec![0u128; n];
    for (u, v) in edges {
        adj[u] |= 1 << v;
        adj[v] |= 1 << u;
    }
    let order = (
        header_line(&mut it, "order")?.to_string(),
        header_line(&mut it, "owners")?.to_string(),
    );
    let (due, owner) = match game.ordered() {
        true => ordering(&order.0, &order.1, n).map_err(|e| bad("order, owners", e))?,
        false if order == ("-".into(), "-".into()) => (vec![0; n], vec![0; n]),
        false => {
            return Err(bad(
                "order, owners",
                format!("{} has no order: both must be -", game.name()),
            ))
        }
    };
    let claim = parse_claim(header_line(&mut it, "claim")?, game).map_err(|e| bad("claim", e))?;
    let secured = match header_line(&mut it, "ends")? {
        "safe" => false,
        "secured" if game == Game::Ccg => true,
        other => {
            return Err(bad(
                "ends",
                format!("`{}` is not safe (or secured in the ccg)", clip(other)),
            ))
        }
    };
    let start = match version {
        PARTS_VERSION | TOKENS_VERSION => {
            parts::parse_start(header_line(&mut it, "start")?, claim, n).map_err(|e| bad("start", e))?
        }
        _ => None,
    };
    let entries = number(header_line(&mut it, "entries")?, "entry count")?;
    let sha256 = header_line(&mut it, "sha256")?.to_string();
    Ok(Header {
        tool,
        setting: Setting {
            game,
            adj,
            due,
            owner,
            secured,
            tokens: version == TOKENS_VERSION,
        },
        graph,
        order,
        claim,
        version,
        start,
        entries,
        sha256,
    })
}

impl Header {
    /// Lines before the body.
    pub fn lines(&self) -> usize {
        match self.version {
            PARTS_VERSION | TOKENS_VERSION => PARTS_HEADER_LINES,
            _ => HEADER_LINES,
        }
    }
}

/// An order (each vertex once, comma-separated) and owners (one digit 1
/// or 2 per vertex): each vertex's turn and owner.
fn ordering(order: &str, owners: &str, n: usize) -> Result<(Vec<usize>, Vec<u8>), String> {
    let mut due = vec![usize::MAX; n];
    let listed: Vec<&str> = order.split(',').collect();
    for (t, v) in listed.iter().enumerate() {
        match v.parse::<usize>() {
            Ok(v) if v < n && due[v] == usize::MAX => due[v] = t,
            _ => {
                return Err(format!(
                    "order `{}` does not list each of the {n} vertices once",
                    clip(order)
                ))
            }
        }
    }
    if listed.len() != n {
        return Err(format!(
            "order `{}` does not list each of the {n} vertices once",
            clip(order)
        ));
    }
    let owner: Vec<u8> = owners.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if owner.len() != n || owner.iter().any(|&o| o != 1 && o != 2) {
        return Err(format!("owners `{}` is not one digit 1 or 2 per vertex", clip(owners)));
    }
    Ok((due, owner))
}

/// `chi-g K` (CCG only) or `wins P K`, with 1 <= K <= [`MAX_COLOURS`].
fn parse_claim(text: &str, game: Game) -> Result<Claim, String> {
    let colours = |k: &str| {
        k.parse::<usize>()
            .ok()
            .filter(|k| (1..=MAX_COLOURS).contains(k))
            .ok_or_else(|| format!("colours `{}` not 1 to {MAX_COLOURS}", clip(k)))
    };
    let fields: Vec<&str> = text.split(' ').collect();
    match fields[..] {
        ["chi-g", k] if game == Game::Ccg => Ok(Claim::GameChromatic(colours(k)?)),
        ["wins", p @ ("1" | "2"), k] => Ok(Claim::Wins {
            winner: p.parse().expect("1 or 2"),
            colours: colours(k)?,
        }),
        _ => Err(format!("`{}` is not `chi-g K` (ccg) or `wins 1|2 K`", clip(text))),
    }
}

/// One body line: at `colouring`, with `colours` colours, the prover moves
/// (vertex, colour), or (version 11) a part proves the claim there.
struct Entry {
    colours: usize,
    colouring: Colouring,
    tail: Tail,
}

/// What a body line says after its colouring.
enum Tail {
    /// The prover's move (vertex, colour).
    Move((usize, u8)),
    /// A leaf: the part file's name and SHA-256, as written.
    Part(String, String),
}

/// Parses `K COLOURING V:C`, or `K COLOURING part FILE SHA256`.
fn parse_entry(text: &[u8], n: usize) -> Result<Entry, String> {
    let text = std::str::from_utf8(text).map_err(|_| "not text".to_string())?;
    let fields: Vec<&str> = text.split(' ').collect();
    let (k, colouring, mv) = match fields[..] {
        [k, colouring, mv] => (k, colouring, Some(mv)),
        [k, colouring, "part", _, _] => (k, colouring, None),
        _ => return Err(format!("expected `K COLOURING V:C`, found `{}`", clip(text))),
    };
    let k: usize = k
        .parse()
        .ok()
        .filter(|k| (1..=MAX_COLOURS).contains(k))
        .ok_or_else(|| format!("colours `{}` not 1 to {MAX_COLOURS}", clip(k)))?;
    let symbol = |b: u8| SYMBOLS[..=k].iter().position(|&s| s == b).map(|c| c as u8);
    let colouring: Option<Colouring> = colouring.bytes().map(symbol).collect();
    let colouring = colouring
        .filter(|c| c.len() == n)
        .ok_or_else(|| format!("`{}` is not {n} symbols of colours 0 to {k}", clip(text)))?;
    let tail = match mv {
        Some(mv) => Tail::Move(
            mv.split_once(':')
                .and_then(|(v, c)| Some((v.parse::<usize>().ok()?, c.parse::<u8>().ok()?)))
                .ok_or_else(|| format!("move `{}` is not V:C", clip(mv)))?,
        ),
        None => Tail::Part(fields[3].to_string(), fields[4].to_string()),
    };
    Ok(Entry {
        colours: k,
        colouring,
        tail,
    })
}

/// The entries, kept lean for certificates of millions of entries
/// (proofs/FORMAT.md, version 7, "Limits"): their text is the body itself
/// (one arena, each line found by its offset), and the only other thing
/// kept per entry is its reduced position's key in a [`Table`], under its
/// claim's colours and its tokens: an exact key (the canonical form in
/// unordered games, the reduced position itself in ordered ones), or for a
/// position too symmetric to have a form an invariant that only picks
/// candidates, each then parsed again from its line and tested exactly.
struct Index<'a> {
    setting: &'a Setting,
    body: &'a [u8],
    /// Where each entry's line starts, and after the last the body's end:
    /// line `i` is `body[starts[i]..starts[i + 1] - 1]` (its `\n` left off).
    starts: Vec<u64>,
    table: Table,
    /// Lines before the body (the first entry is line `header + 1`).
    header: usize,
    /// The leaves (version 11): entry numbers.
    leaves: Vec<u32>,
}

impl<'a> Index<'a> {
    /// Indexes the first `count` lines of `header`'s `body`, rejecting an
    /// unparsable entry, one of no claim's colours, or a leaf where the
    /// header allows none (version 7, or a part) with its line.
    fn new(header: &'a Header, body: &'a [u8], levels: &[(usize, u8)]) -> Result<Index<'a>, Rejection> {
        let (setting, count) = (&header.setting, header.entries);
        let leaves_allowed = header.version != VERSION && header.start.is_none();
        let mut starts = Vec::with_capacity(count + 1);
        starts.push(0u64);
        starts.extend(
            body.iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n')
                .map(|(at, _)| at as u64 + 1)
                .take(count),
        );
        if starts.len() != count + 1 {
            return Err(Rejection::unreadable(format!("the body has fewer than {count} lines")));
        }
        let mut index = Index {
            setting,
            body,
            starts,
            table: Table::new(),
            header: header.lines(),
            leaves: Vec::new(),
        };
        for i in 0..count {
            let number = index.header + 1 + i;
            let bad = |why: String| Rejection::invalid(format!("line {number}: {why}")).at_line(number);
            let e = parse_entry(index.line(i), setting.adj.len()).map_err(bad)?;
            if !levels.iter().any(|&(k, _)| k == e.colours) {
                return Err(bad(format!("{} colours is none of the claims'", e.colours)));
            }
            if let Tail::Part(..) = e.tail {
                if !leaves_allowed {
                    return Err(bad(
                        "a leaf (`part`) only in a version-11 certificate from the start".into()
                    ));
                }
                index.leaves.push(i as u32);
            }
            let entry = u32::try_from(i).map_err(|_| Rejection::unreadable("more than 2^32 entries"))?;
            let r = setting.reduced(&e.colouring, e.colours);
            r.key(|probe| index.table.insert(r.tag(), probe, 0, entry));
        }
        index.table.seal();
        Ok(index)
    }

    /// The text of entry `i`.
    fn line(&self, i: usize) -> &'a [u8] {
        &self.body[self.starts[i] as usize..self.starts[i + 1] as usize - 1]
    }

    /// Entry `i`, parsed again (it parsed when indexed).
    fn entry(&self, i: usize) -> Entry {
        parse_entry(self.line(i), self.setting.adj.len()).expect("an entry that parsed when indexed")
    }

    /// Whether some entry with `k` colours is equivalent to `p`.
    fn covers(&self, p: &[u8], k: usize) -> bool {
        let r = self.setting.reduced(p, k);
        let tag = r.tag();
        let same = |i: usize| {
            let e = self.entry(i);
            e.colours == k
                && r.clone()
                    .prepare()
                    .equivalent(&self.setting.reduced(&e.colouring, k).prepare())
        };
        r.key(|probe| self.table.find(tag, probe, false, &same)).is_some()
    }

    fn len(&self) -> usize {
        self.starts.len() - 1
    }
}

/// Two adjacent vertices of one colour, if any.
fn proper(setting: &Setting, p: &[u8]) -> Option<(usize, usize)> {
    let n = p.len();
    (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .find(|&(u, v)| p[u] != 0 && p[u] == p[v] && setting.adj[u] >> v & 1 == 1)
}

/// A colouring as written.
fn text(p: &[u8]) -> String {
    clip(&p.iter().map(|&c| SYMBOLS[c as usize] as char).collect::<String>())
}

/// Checks a version-7 or -11 body against its header: every claim at the
/// start, then every entry on `threads` threads, then (version 11) each
/// leaf's part, read as `beside` says (`None`: no file can be read, so a
/// leaf is invalid). Returns the
/// statement, the entries (the parts' included) and the replies tried.
pub fn check(
    header: &Header,
    body: &[u8],
    threads: usize,
    beside: Option<Beside>,
) -> Result<(Statement, usize, usize), Rejection> {
    let setting = &header.setting;
    let levels = header.claim.levels();
    let index = Index::new(header, body, &levels)?;
    let level = |k: usize| {
        let prover = levels.iter().find(|&&(j, _)| j == k).expect("a claim's colours").1;
        Level {
            index: &index,
            k,
            prover,
        }
    };
    let mut replies = 0;
    for &(k, _) in &levels {
        replies += level(k).root(header.start.as_ref()).map_err(Rejection::invalid)?;
    }
    replies += crate::check_all(index.len(), threads, &|i| {
        let e = index.entry(i);
        level(e.colours)
            .check_entry(&e)
            .map_err(|why| (index.header + 1 + i, why))
    })?;
    let (part_entries, part_replies) = parts::check_leaves(header, &index, threads, beside)?;
    let statement = Statement {
        game: setting.game.name(),
        graph: header.graph.clone(),
        order: header.order.clone(),
        claim: header.claim,
        format: header.version,
        start: header.start.as_deref().map(text),
        parts: index.leaves.len(),
    };
    Ok((statement, index.len() + part_entries, replies + part_replies))
}

#[cfg(test)]
mod tests;
