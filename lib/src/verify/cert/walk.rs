//! A strategy certificate as a tree a reader walks down: she moves as the
//! certificate says, he replies one of the replies the certificate covers
//! (one per orbit of the automorphism group of the position after her
//! move, as the checker tries them), down to her win. The tree is built
//! breadth first up to a number of turns, so the first moves of a big
//! certificate are all there and the rest is marked as cut; the page
//! (`render::html::walk_to_html`) shows it.

use super::read::StrategyCertificate;
use crate::core::board::{Edge, Player, Position};
use crate::core::canon::canonical_form;
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use std::collections::VecDeque;

/// Turns a walk holds unless told otherwise: a page of a few megabytes
/// (`proofs/k4-17.cert.gz` gives about 3 MB), quick to open.
pub const DEFAULT_TURNS: usize = 20_000;

/// The `end` of a turn whose followers did not fit on the page.
pub const CUT: &str = "cut";

/// One turn of the walk.
#[derive(Clone, Debug)]
pub struct WalkNode {
    /// Who moved.
    pub player: Player,
    /// The edges claimed (one).
    pub edges: Vec<Edge>,
    /// For her moves, the certificate's claim ("wins within d ...").
    pub stage: String,
    /// Each player's threats after the move.
    pub threats: Vec<String>,
    /// The turns that may follow (his replies after her move; her answer
    /// after his).
    pub next: Vec<usize>,
    /// Why nothing follows: her win, or [`CUT`].
    pub end: Option<String>,
}

/// The tree of a certificate's turns, her first move its root.
#[derive(Clone, Debug)]
pub struct Walk {
    /// The turns; `roots` and each node's `next` index into it.
    pub nodes: Vec<WalkNode>,
    /// The first turns.
    pub roots: Vec<usize>,
    /// Vertices to draw: one more than the largest vertex any turn names.
    pub vertices: usize,
    /// Turns whose followers were not embedded for want of room (they
    /// end with [`CUT`]).
    pub cut: usize,
}

impl Walk {
    /// The walk of `cert` from the empty board along `prefix` (moves red
    /// first, alternating; her moves must be the certificate's), then
    /// breadth first to at most `turns` turns. An error if a reached
    /// position has no move in the certificate or its move is not legal
    /// there (then it is no winning strategy; `check` says where it fails).
    pub fn of(cert: &StrategyCertificate, turns: usize, prefix: &[Edge]) -> Result<Walk, String> {
        let mut walk = Walk {
            nodes: Vec::new(),
            roots: vec![0],
            vertices: 2,
            cut: 0,
        };
        let mut last = walk.her_turn(cert, &Position::empty(cert.board.clone()))?;
        for (k, &e) in prefix.iter().enumerate() {
            let (i, ref after) = last;
            if k % 2 == 0 && walk.nodes[i].edges != [e] {
                return Err(format!(
                    "move {} of the line, red {e}, is not the certificate's: it plays {}",
                    k + 1,
                    walk.nodes[i].edges[0]
                ));
            }
            if k + 1 == prefix.len() {
                break;
            }
            if walk.nodes[i].end.is_some() {
                return Err(format!("the game is over after move {} of the line", k + 1));
            }
            let next = match k % 2 {
                0 => walk.his_turn(cert, after, prefix[k + 1])?,
                _ => walk.her_turn(cert, after)?,
            };
            walk.nodes[i].next = vec![next.0];
            last = next;
        }
        if walk.nodes[last.0].player == Player::Second {
            // The line ends with his move: her answer follows.
            let (i, after) = last;
            let next = walk.her_turn(cert, &after)?;
            walk.nodes[i].next = vec![next.0];
            last = next;
        }
        walk.breadth_first(cert, turns, last)?;
        Ok(walk)
    }

    /// Expands the tree from `first` breadth first until it holds `turns`
    /// turns; what does not fit ends with "cut".
    fn breadth_first(
        &mut self,
        cert: &StrategyCertificate,
        turns: usize,
        first: (usize, Position),
    ) -> Result<(), String> {
        let mut queue = VecDeque::from([first]);
        let mut full = false;
        while let Some((i, after)) = queue.pop_front() {
            if self.nodes[i].end.is_some() {
                continue;
            }
            let children = match self.nodes[i].player {
                Player::First => his_replies(&after),
                Player::Second => vec![],
            };
            full = full || self.nodes.len() + children.len().max(1) > turns;
            if full {
                self.cut += 1;
                self.nodes[i].end = Some(CUT.into());
                continue;
            }
            let next = match self.nodes[i].player {
                Player::First => children
                    .into_iter()
                    .map(|e| self.his_turn(cert, &after, e))
                    .collect::<Result<Vec<_>, _>>()?,
                Player::Second => vec![self.her_turn(cert, &after)?],
            };
            self.nodes[i].next = next.iter().map(|(j, _)| *j).collect();
            queue.extend(next);
        }
        Ok(())
    }

    /// Adds her turn at `position` (her move from the certificate, or the
    /// edge that completes her `K_k`) and returns it with the position after.
    fn her_turn(&mut self, cert: &StrategyCertificate, position: &Position) -> Result<(usize, Position), String> {
        let k = cert.game.clique;
        let (her, stage) = match position.threats(Player::First, k).first() {
            Some(&e) => (e, format!("she completes her K{k}")),
            None => {
                let (e, depth) = cert.her_move(position).ok_or_else(|| {
                    format!(
                        "the certificate has no move for a position it reaches (red {} blue {}): it is no winning strategy; `check` says where it fails",
                        edge_list(position, Player::First),
                        edge_list(position, Player::Second)
                    )
                })?;
                (e, format!("certificate: she wins within {depth} of her moves"))
            }
        };
        let mut after = position.clone();
        after
            .claim(her, Player::First)
            .map_err(|e| format!("the certificate's move {her} is not legal: {e}"))?;
        let end = after
            .has_clique(Player::First, k)
            .then(|| format!("red wins: her K{k} is complete"));
        Ok((self.push(Player::First, her, stage, &after, end, cert), after))
    }

    /// Adds his turn `e` after `position` and returns it with the position after.
    fn his_turn(
        &mut self,
        cert: &StrategyCertificate,
        position: &Position,
        e: Edge,
    ) -> Result<(usize, Position), String> {
        let mut after = position.clone();
        after.claim(e, Player::Second).map_err(|e| e.to_string())?;
        let k = cert.game.clique;
        if after.has_clique(Player::Second, k) || after.is_full() {
            return Err(format!(
                "his reply {e} ends the game before her win: the certificate is no winning strategy"
            ));
        }
        Ok((self.push(Player::Second, e, String::new(), &after, None, cert), after))
    }

    fn push(
        &mut self,
        player: Player,
        e: Edge,
        stage: String,
        after: &Position,
        end: Option<String>,
        cert: &StrategyCertificate,
    ) -> usize {
        self.vertices = self.vertices.max(e.ends().1 as usize + 1);
        self.nodes.push(WalkNode {
            player,
            edges: vec![e],
            stage,
            threats: cert.game.threat_texts(after, |e| e.to_string()),
            next: Vec::new(),
            end,
        });
        self.nodes.len() - 1
    }
}

/// His replies after her move: one free edge per orbit of the position's
/// automorphism group, in the position's own labels.
fn his_replies(position: &Position) -> Vec<Edge> {
    let canon = canonical_form(position, &Memory::default(), None);
    let back = canon.to_canon.inverse();
    edge_orbit_representatives(&canon)
        .into_iter()
        .map(|e| {
            let (u, v) = e.ends();
            Edge::new(back.apply(u), back.apply(v))
        })
        .collect()
}

/// A player's edges as `u-v,...`.
fn edge_list(position: &Position, player: Player) -> String {
    let edges: Vec<String> = position.edges(player).iter().map(|e| e.to_string()).collect();
    match edges.is_empty() {
        true => "none".into(),
        false => edges.join(","),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(name: &str) -> StrategyCertificate {
        let path = format!("{}/../proofs/{name}", env!("CARGO_MANIFEST_DIR"));
        StrategyCertificate::read(std::path::Path::new(&path)).unwrap()
    }

    /// The free edges of `position` on `K_n` up to the colour-keeping
    /// vertex permutations, by brute force over all `n!` of them.
    fn brute_force_orbits(position: &Position, n: u8) -> usize {
        fn perms(rest: Vec<u8>, done: Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if rest.is_empty() {
                out.push(done.clone());
            }
            for (i, &v) in rest.iter().enumerate() {
                let mut r = rest.clone();
                r.remove(i);
                let mut d = done.clone();
                d.push(v);
                perms(r, d, out);
            }
        }
        let mut all = Vec::new();
        perms((0..n).collect(), vec![], &mut all);
        let map = |p: &[u8], e: Edge| Edge::new(p[e.ends().0 as usize], p[e.ends().1 as usize]);
        let autos: Vec<_> = all
            .into_iter()
            .filter(|p| {
                [Player::First, Player::Second]
                    .iter()
                    .all(|&c| position.edges(c).iter().all(|&e| position.owner(map(p, e)) == Some(c)))
            })
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        let mut orbits = 0;
        for e in position.free_edges() {
            if seen.insert(e) {
                orbits += 1;
                seen.extend(autos.iter().map(|p| map(p, e)));
            }
        }
        orbits
    }

    /// Replays every path of `walk`, checking `at` on each turn's position.
    fn each_turn(walk: &Walk, board: crate::core::board::Board, mut at: impl FnMut(&WalkNode, &Position)) {
        let mut stack: Vec<(usize, Position)> = vec![(walk.roots[0], Position::empty(board))];
        while let Some((i, mut position)) = stack.pop() {
            let node = &walk.nodes[i];
            position.claim(node.edges[0], node.player).unwrap();
            at(node, &position);
            stack.extend(node.next.iter().map(|&j| (j, position.clone())));
        }
    }

    #[test]
    fn his_replies_are_one_per_orbit_and_every_line_ends_in_her_win() {
        let cert = read("k3-5.cert");
        let walk = Walk::of(&cert, DEFAULT_TURNS, &[]).unwrap();
        assert_eq!(walk.cut, 0);
        let mut wins = 0;
        each_turn(&walk, cert.board.clone(), |node, position| {
            match (node.player, node.next.len()) {
                (_, 0) => {
                    assert!(position.has_clique(Player::First, 3), "{:?}", node.end);
                    wins += 1;
                }
                (Player::First, replies) => assert_eq!(replies, brute_force_orbits(position, 5)),
                (Player::Second, replies) => assert_eq!(replies, 1),
            }
        });
        assert!(wins > 1);
    }

    #[test]
    fn a_small_page_is_cut_breadth_first() {
        let cert = read("k3-inf.cert");
        let whole = Walk::of(&cert, DEFAULT_TURNS, &[]).unwrap();
        let cut = Walk::of(&cert, 10, &[]).unwrap();
        assert_eq!(whole.cut, 0);
        assert!(cut.cut > 0 && cut.nodes.len() <= 10);
        assert!(cut.nodes.iter().any(|n| n.end.as_deref() == Some(CUT)));
        // The turns kept are the whole walk's first ones.
        let edges = |w: &Walk| {
            w.nodes
                .iter()
                .take(cut.nodes.len())
                .map(|n| n.edges.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(edges(&cut), edges(&whole));
    }
}
