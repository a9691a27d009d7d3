//! Version 8, family `graphs`: chi_g of every graph on `a` to `b`
//! vertices, connected or not, one member per isomorphism class, written
//! by `colour --game-chromatic --graph @- --json-lines --cert FILE` from a
//! stream of graph6 lines (nauty's `geng` for each order, concatenated).
//! The checker counts the family itself (the members' isomorphism classes
//! must hold all `2^(n(n-1)/2)` labelled graphs on each `n`), so a graph
//! left out of the stream makes the certificate invalid, not this writer.

use super::body::FamilyBody;
use super::{as_written, chi_g_head};
use crate::engine::{Limits, Stopped};
use crate::verify::cert::{CertWriteError, Certificate};
use std::collections::HashSet;

/// The largest order of a member (the checker's limit: 12,005,168 graphs
/// on 10 vertices are plenty for a census).
pub const MAX_GRAPH_ORDER: usize = 10;

/// A family of graphs being collected, one `colour --game-chromatic
/// --cert` certificate per graph of the stream, in any order of orders.
#[derive(Debug, Default)]
pub struct GraphFamily {
    /// The least and the largest order so far.
    sizes: Option<(usize, usize)>,
    /// The members' graph6 as written, to refuse the same graph twice.
    seen: HashSet<String>,
    body: FamilyBody,
}

/// About what `seen` holds for one member: the string's heap block
/// (malloc rounds it up and adds a header word), its 24-byte handle and
/// hashbrown's control byte and spare slots. Counted against the cap:
/// 12 M graphs on 10 vertices would hold about 700 MB here.
fn seen_bytes(graph6: &str) -> u64 {
    graph6.len().next_multiple_of(16) as u64 + 8 + 24 + 8
}

impl GraphFamily {
    /// Adds the graph `graph6` with its chi_g certificate: refused if it
    /// has no vertex or more than [`MAX_GRAPH_ORDER`], or is a member
    /// already (the same graph6; an isomorphic copy written otherwise is
    /// left to the checker).
    pub fn add(&mut self, graph6: &str, cert: Option<Certificate>) -> Result<(), String> {
        let written = as_written(graph6)?;
        let n = crate::core::graph6::decode(&written).map_err(|e| e.to_string())?.0;
        if !(1..=MAX_GRAPH_ORDER).contains(&n) {
            return Err(format!(
                "{graph6} has {n} vertices: a family certificate holds graphs on 1 to {MAX_GRAPH_ORDER} vertices"
            ));
        }
        if self.seen.contains(&written) {
            return Err(format!(
                "{graph6} is in the stream twice: a family certificate holds each graph once"
            ));
        }
        let cert = cert.ok_or("no certificate was written for a member")?;
        self.body.add(&written, &cert).map_err(|e| e.to_string())?;
        let (a, b) = self.sizes.unwrap_or((n, n));
        self.sizes = Some((a.min(n), b.max(n)));
        self.body.hold(seen_bytes(&written));
        self.seen.insert(written);
        Ok(())
    }

    /// The members' entries in all.
    pub fn entries(&self) -> usize {
        self.body.entries()
    }

    /// The limits for the next graph's search, the members kept so far
    /// counted against the memory cap ([`FamilyBody::room`]).
    pub fn room(&self, limits: Limits) -> Result<Limits, Stopped> {
        self.body.room(limits)
    }

    /// Writes the certificate to `path` (gzipped if the name ends in
    /// `.gz`), streamed, and returns its bytes; or why there is none (an
    /// empty stream).
    pub fn write(&self, path: &std::path::Path) -> Result<Result<u64, CertWriteError>, &'static str> {
        let sizes = self
            .sizes
            .ok_or("the stream has no graph: a family certificate needs at least one member")?;
        Ok(self.body.write(&chi_g_head("graphs", sizes), path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_graphs_met_count_against_the_memory_cap_beside_the_members() {
        let cert = || Certificate {
            text: "value 1\n".into(),
            entries: 0,
        };
        let limits = Limits::default().with_max_memory(1 << 20);
        let mut family = GraphFamily::default();
        let mut body = FamilyBody::default();
        family.add("Bw", Some(cert())).unwrap();
        body.add("Bw", &cert()).unwrap();
        let (alone, with_seen) = (body.room(limits).unwrap(), family.room(limits).unwrap());
        assert_eq!(alone.max_memory() - with_seen.max_memory(), seen_bytes("Bw"));
    }
}
