//! A K4 variant that changes one rule of an existing strategy by wrapping
//! it, and the whole `ramsey-verify` command line for it.
//!
//! Stage 1 of Bowler and Gut's K4 strategy builds her triangle with the K3
//! strategy of Lemma 4.1, whose last move is "`au` if free, else `cu`".
//! The variant `k4-cu-first` is the built-in `k4-patched` with that one
//! preference reversed: "`cu` if free, else `au`". Either edge completes a
//! triangle (`abu` or `bcu`), so the wrapped strategy's memory after the
//! move (Stage 2, no names) stays right; every other decision is
//! `k4-patched`'s own.
//!
//! What to expect: swapping `a` and `c` fixes her edges `ab`, `bc`, `bu`,
//! his block `ac` and his first edge (it meets `b` or misses `ab` and `c`),
//! so it maps her answer `au` to his reply `x` onto her answer `cu` to his
//! reply `x` swapped. The two strategies' game trees are isomorphic, and
//! the verifier must report the same as for `k4-patched`: VERIFIED within
//! 19 moves, 841,889 positions on `K_aleph0` with bound 21. It does (measured;
//! the rule changes her move in 15 canonical situations): a check, at full
//! size, that the search's reduction by symmetry is sound.
//!
//! The wrapping is [`ramsey_verify::verify::amend::Amended`]: the wrapped
//! strategy's move goes through one function that may replace it.
//!
//! ```text
//! cargo run --release --example k4_variant -- verify --strategy k4-cu-first --board inf --bound 21
//! cargo run --release --example k4_variant -- strategies
//! ```

use ramsey_verify::core::board::Edge;
use ramsey_verify::strategies::k4::{slot, STAGE};
use ramsey_verify::verify::amend::Amended;
use ramsey_verify::verify::registry::Registry;
use ramsey_verify::verify::strategy::{Move, Strategy, StrategyError, View};
use std::process::ExitCode;
use std::sync::Arc;

/// The one changed rule: where `inner` plays Stage 1's `au` and `cu` is
/// free, she claims `cu`. `inner` is a K4 strategy whose Stage 1 is the
/// built-in one (`k4`, `k4-patched`, ...: memory word `STAGE`, slots `a`,
/// `c`, `u`).
pub fn cu_first(inner: Arc<dyn Strategy>) -> impl Strategy {
    let description = "k4-patched with Stage 1's last move cu before au (examples/k4_variant.rs)";
    Amended::new(inner, "k4-cu-first", description, |view: &View, mut decision: Move| {
        if view.memory.words[STAGE] == 1 && view.move_number() == 4 {
            let name = |slot, what| view.memory.require(slot, what);
            let (a, c, u) = (name(slot::A, "a")?, name(slot::C, "c")?, name(slot::U, "u")?);
            if decision.edge == Edge::new(a, u) && view.position.is_free(Edge::new(c, u)) {
                decision.edge = Edge::new(c, u);
            }
        }
        Ok::<Move, StrategyError>(decision)
    })
}

/// The built-in strategies and `k4-cu-first`.
pub fn registry() -> Registry {
    let builtin = ramsey_verify::strategies::builtin();
    let k4_patched = builtin.get("k4-patched").expect("k4-patched is built in");
    builtin.with(cu_first(k4_patched)).expect("k4-cu-first is a new name")
}

fn main() -> ExitCode {
    ramsey_verify::cli::main_with(registry())
}
