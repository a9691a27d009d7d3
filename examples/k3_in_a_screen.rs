//! The K3 building strategy of Bowler and Gut (Section 4, Lemma 4.1) in
//! about a screen, through the public API only, and its verification: she
//! owns a triangle within 4 of her moves on `K_aleph0`, whatever he does.
//!
//! `cargo run --release --example k3_in_a_screen` prints the report.
//!
//! The engine calls `play` on the canonical form of (position, memory, his
//! last edge), so "the smaller label" below is an isomorphism-invariant
//! tie-break, and one reply per orbit is enough to check every reply.

use ramsey_verify::core::board::{Board, Edge, Player};
use ramsey_verify::core::memory::Memory;
use ramsey_verify::verify::strategy::{fresh, Game, Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{verify, Request};

/// The memory's named vertices: her first edge `ab`, her second `bc`, her
/// third `bu`, and the ends `h1`, `h2` of his first edge.
const NAMES: &[&str] = &["a", "b", "c", "u", "h1", "h2"];

/// Lemma 4.1's strategy, move by move.
pub struct K3InAScreen;

impl Strategy for K3InAScreen {
    fn name(&self) -> &'static str {
        "k3-screen"
    }
    fn description(&self) -> &'static str {
        "K3 building strategy (Bowler & Gut, Lemma 4.1) from examples/k3_in_a_screen.rs"
    }
    fn game(&self) -> Game {
        Game::clique(3)
    }
    fn initial_memory(&self) -> Memory {
        Memory::new(0, NAMES.len())
    }
    fn slot_names(&self) -> &'static [&'static str] {
        NAMES
    }

    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        let (position, mut memory) = (view.position, view.memory.clone());
        let named = |slot: usize| memory.require(slot, NAMES[slot]);
        let edge = match (view.move_number(), view.last_reply) {
            // 1. She claims an edge ab.
            (1, _) => Edge::new(0, 1),
            // 2. b is the end of ab his edge meets (the smaller label if it
            //    meets neither); she claims bc for a fresh c.
            (2, Some(his)) => {
                let (x, y) = position.edges(Player::First)[0].ends();
                let (a, b) = if his.touches(y) { (x, y) } else { (y, x) };
                let (c, (h1, h2)) = (fresh(position)?, his.ends());
                memory.names = vec![Some(a), Some(b), Some(c), None, Some(h1), Some(h2)];
                Edge::new(b, c)
            }
            // 3. ac wins if free. Else she claims bu: u is an end of his
            //    first edge if that edge missed b, else a fresh vertex.
            (3, _) => {
                let (a, b, c, h1) = (named(0)?, named(1)?, named(2)?, named(4)?);
                if position.is_free(Edge::new(a, c)) {
                    Edge::new(a, c)
                } else {
                    let his_first = Edge::new(h1, named(5)?);
                    let u = if his_first.touches(b) { fresh(position)? } else { h1 };
                    memory.names[3] = Some(u);
                    Edge::new(b, u)
                }
            }
            // 4. au if free, else cu: he cannot have blocked both.
            (4, _) => {
                let (a, c, u) = (named(0)?, named(2)?, named(3)?);
                let au = Edge::new(a, u);
                if position.is_free(au) {
                    au
                } else {
                    Edge::new(c, u)
                }
            }
            (n, _) => return Err(StrategyError::RuleDoesNotApply(format!("Lemma 4.1 has no move {n}"))),
        };
        Ok(Move { edge, memory })
    }
}

fn main() {
    let report = verify(&K3InAScreen, &Request::new(Board::Infinite, 4, 1)).expect("the run has a verdict");
    print!("{}", report.to_text(K3InAScreen.game()));
}
