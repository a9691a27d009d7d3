//! Beck's L(4) subcase (Section 3), as the `k4-beck-l4` variant plays it:
//! Stage 5's answers at the hub, then Stage 6's rules (c), (d).

use super::stage5::{named, next_p, p_count, to_stage3};
use super::{facts, slot, stage6, L4_STAGE};
use ramsey_verify_lib::core::board::{Edge, Player, Position, Vertex};
use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::strategy::{StrategyError, View};

/// Beck's L(4) subcase (Section 3): two blue triangles, one through `B` and
/// one through `C`, both vertices of her triangle. Memory: hub `c := B`,
/// `a := A` (the third vertex), `b := C`, no `p_i` yet. The first such
/// pair `(B, C)` in label order is taken.
pub fn enter_beck_l4(position: &Position) -> Option<Memory> {
    let triangle = *facts::red_triangles(position).first()?;
    let blue = facts::triangles(position, Player::Second);
    for &b in &triangle {
        for &c in triangle.iter().filter(|&&c| c != b) {
            let through = |v: Vertex| blue.iter().filter(move |t| t.contains(&v));
            if through(b).any(|tb| through(c).any(|tc| tc != tb)) {
                let a = triangle.into_iter().find(|&v| v != b && v != c)?;
                return Some(named(L4_STAGE, a, c, b, &[]));
            }
        }
    }
    None
}

/// Beck's L(4) answer: `B D1, B D2, B D3` for fresh `D_x` (kept as `p0..p2`);
/// whenever he has not claimed `A D_x`, she claims it and goes to Stage 3
/// as Stage 5 does. Section 3 does not say how Beck goes on after three
/// answered `D_x`; she then continues with Stage 6's rules (c), (d) on the
/// `D_x` (two more, then the modified K3 strategy), without promising graphs.
pub fn play_beck_l4(view: &View, memory: &mut Memory) -> Result<Edge, StrategyError> {
    let k = p_count(memory);
    if k >= 3 {
        return stage6::play_without_promising(view, memory, 5);
    }
    let a = memory.require(slot::A, "a")?;
    if k > 0 {
        let d = memory.require(slot::p(k - 1), "D")?;
        if view.position.is_free(Edge::new(a, d)) {
            return to_stage3(memory, d);
        }
    }
    next_p(view.position, memory, k)
}
