//! Family certificates (proofs/FORMAT.md): a claim about every member of a
//! family, written as one certificate per member. Version 8: chi_g of
//! every tree on `a` to `b` vertices (`colour --trees b --cert FILE`), one
//! version-7 certificate per member; the checker enumerates the trees
//! itself. Version 15: Alice does not win one of Erdős' scoring games on
//! any connected `d`-regular graph on `n` vertices (`erdos --board @-
//! --json-lines --cert FILE`), one version-6 or 13 certificate per member;
//! the checker counts the family's labelled graphs itself. Version 8 also
//! holds chi_g of every graph on `a` to `b` vertices (`colour
//! --game-chromatic --graph @- --json-lines --cert FILE`, [`graphs`]),
//! counted the same way. Either way a member left out is found. Every
//! family's body is written by one streamed writer, [`body`].

pub mod body;
pub mod graphs;

use super::{CertWriteError, Certificate};
use crate::engine::{Limits, Stopped};
use crate::games::scoring::{Points, Scoring};
use body::FamilyBody;
use std::ops::RangeInclusive;

/// Certificate format version of family claims.
pub const FAMILY_FORMAT_VERSION: u32 = 8;

/// The certificate that every tree on `sizes` vertices has the game
/// chromatic number its member's certificate proves: `members` are
/// (graph6, its `colour --game-chromatic --cert` certificate), one per tree
/// up to isomorphism, in any order.
pub fn tree_family_certificate(sizes: RangeInclusive<usize>, members: &[(String, Certificate)]) -> Certificate {
    let mut body = FamilyBody::default();
    for (graph6, cert) in members {
        body.add(graph6, cert).expect("gzip into memory cannot fail");
    }
    body.certificate(&chi_g_head("trees", (*sizes.start(), *sizes.end())))
}

/// The header of a version-8 family `family` on `sizes.0` to `sizes.1`
/// vertices, up to the body's announcement ([`FamilyBody::write_text`]).
fn chi_g_head(family: &str, sizes: (usize, usize)) -> String {
    format!(
        "ramsey-cert {FAMILY_FORMAT_VERSION}\ntool ramsey-verify {}\nfamily {family}\nvertices {}-{}\n\
         game ccg\nclaim chi-g\n",
        env!("CARGO_PKG_VERSION"),
        sizes.0,
        sizes.1,
    )
}

/// Certificate format version of a scoring game on every connected regular
/// graph of one order and degree (proofs/FORMAT.md, version 15).
pub const REGULAR_FAMILY_FORMAT_VERSION: u32 = 15;

/// The order and degree of a connected regular graph given in graph6
/// (what a member of a version-15 family must be), or why it is not one.
pub fn connected_regular(graph6: &str) -> Result<(usize, usize), String> {
    let (n, edges) = crate::core::graph6::decode(graph6).map_err(|e| e.to_string())?;
    let mut around = vec![Vec::new(); n];
    for e in &edges {
        let (u, v) = e.ends();
        around[u as usize].push(v as usize);
        around[v as usize].push(u as usize);
    }
    let d = around.first().map_or(0, Vec::len);
    if let Some(v) = around.iter().position(|a| a.len() != d) {
        return Err(format!(
            "{graph6} is not regular (vertex 0 has degree {d}, vertex {v} {})",
            around[v].len()
        ));
    }
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = n > 0;
    while let Some(v) = stack.pop() {
        for &w in &around[v] {
            if !std::mem::replace(&mut seen[w], true) {
                stack.push(w);
            }
        }
    }
    match seen.iter().all(|&s| s) {
        true => Ok((n, d)),
        false => Err(format!("{graph6} is not connected")),
    }
}

/// A version-15 family being collected: one scoring game's certificate
/// that Alice does not win, for every connected `degree`-regular graph on
/// `order` vertices, as a stream of boards (nauty's `geng -c -d D -D D N`)
/// is solved. The checker counts the family itself, so a graph left out
/// of the stream makes the certificate invalid, not this writer. The
/// members are kept gzipped and written streamed ([`FamilyBody`]).
#[derive(Debug)]
pub struct RegularFamily {
    order: usize,
    degree: usize,
    game: Scoring,
    body: FamilyBody,
}

impl RegularFamily {
    /// An empty family of `game` (its members come with [`Self::add`]).
    pub fn new(game: Scoring) -> RegularFamily {
        RegularFamily {
            order: 0,
            degree: 0,
            game,
            body: FamilyBody::default(),
        }
    }

    /// Adds the board `graph6` with its game's certificate, which proves
    /// the outcome `at_most`: refused unless the board is connected and
    /// regular of the first member's order and degree, and `at_most` is
    /// an `(a, b)` with `a <= b` (Alice does not win).
    pub fn add(&mut self, graph6: &str, at_most: Option<Points>, cert: Option<Certificate>) -> Result<(), String> {
        let (n, d) = connected_regular(graph6)?;
        if !self.body.is_empty() && (n, d) != (self.order, self.degree) {
            return Err(format!(
                "{graph6} is {d}-regular on {n} vertices; a family certificate holds one order and degree \
                 (the first board: {}-regular on {} vertices)",
                self.degree, self.order
            ));
        }
        if at_most.is_none_or(|p| p.difference() > 0) {
            return Err(format!(
                "Alice is not shown not to win on {graph6}: a family certificate claims that she wins on no member"
            ));
        }
        let cert = cert.ok_or("no certificate was written for a member")?;
        (self.order, self.degree) = (n, d);
        self.body.add(&as_written(graph6)?, &cert).map_err(|e| e.to_string())
    }

    /// The members' entries in all.
    pub fn entries(&self) -> usize {
        self.body.entries()
    }

    /// The limits for the next board's search, the members kept so far
    /// counted against the memory cap ([`FamilyBody::room`]).
    pub fn room(&self, limits: Limits) -> Result<Limits, Stopped> {
        self.body.room(limits)
    }

    /// Why no certificate can be written (no member), if so.
    pub fn refused(&self) -> Option<&'static str> {
        self.body
            .is_empty()
            .then_some("the stream has no board: a family certificate needs at least one member")
    }

    /// The header up to the body's announcement (FORMAT.md, version 15).
    fn head(&self) -> String {
        format!(
            "ramsey-cert {REGULAR_FAMILY_FORMAT_VERSION}\ntool ramsey-verify {}\nfamily connected-regular\n\
             vertices {}\ndegree {}\ngame {}\nclaim alice-does-not-win\n",
            env!("CARGO_PKG_VERSION"),
            self.order,
            self.degree,
            self.game.name(),
        )
    }

    /// Writes the certificate to `path`, gzipped if the name ends in
    /// `.gz`, streamed; returns its bytes.
    pub fn write(&self, path: &std::path::Path) -> Result<u64, CertWriteError> {
        self.body.write(&self.head(), path)
    }

    /// The version-15 certificate of the members added, whole in memory
    /// (for small families; [`Self::write`] streams), or why there is
    /// none (no member).
    pub fn certificate(&self) -> Result<Certificate, String> {
        match self.refused() {
            Some(why) => Err(why.into()),
            None => Ok(self.body.certificate(&self.head())),
        }
    }
}

/// `graph6` as a member's certificate writes its graph: decoded and
/// encoded again.
fn as_written(graph6: &str) -> Result<String, String> {
    let (n, edges) = crate::core::graph6::decode(graph6).map_err(|e| e.to_string())?;
    Ok(crate::core::graph6::encode(n, &edges))
}
