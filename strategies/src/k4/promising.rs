//! Promising graphs (Bowler & Gut, Section 4, Figure 3 and Lemma 4.2) and
//! the forcing lines they give her: Stage 6, rules (a) and (b).
//!
//! # The six types, reconstructed
//!
//! Figure 3 is missing from the text; every type below is rebuilt from the
//! proof of Lemma 4.2. In each step of the proof she claims `cx` and he must
//! answer `bx`: the threat is `{a, b, c, x}`, so every type has a *hub* `a`
//! joined in red to all its other vertices and a red edge `bc`. Letters are
//! the proof's (the HTML text keeps Figure 3's vertex labels: a..e for (1)
//! and (2), a..f for (3) and (4), a..g for (5) and (6)). The reductions the
//! proof states are kept literally:
//! (2) -> (1) via `cd`/`bd`; (3) -> (2) on `{a,c,d,e,f}` via `cf`/`bf`;
//! (4) -> (1) on `{a,c,d,e,f}` via `ce`/`be`, `cf`/`bf`; (5) -> (4) and
//! (6) -> (3) on `{a,c,d,e,f,g}` via `cg`/`bg`.
//!
//! Blue edges: a type is *not redundant* if its shortest forcing line (see
//! [`forcing_line`]) has exactly the proof's length, so that no smaller
//! type hides inside it. For each type the blue edges are an
//! inclusion-minimal set of the pairs the line does not use that achieves
//! this, keeps the proof's line forcing, and meets Lemma 4.2's conditions.
//! The test `blue_edges_are_a_minimal_non_redundant_choice` enumerates all
//! such sets: unique for (1)-(5); for (6) two, `bd bf` or `be bf` (plus
//! (3)'s `cd ce`); we take `bd` because the remark after the proof names
//! "the edge bd in (6)".
//!
//! Open choice in (3), (5), (6): which end of the new red edge plays the
//! smaller type's `c`. In (3) we keep `c` (the pattern of (4), where `c`
//! makes all three moves); `f` would give the same blue edges but the
//! vulnerable edges `bf`, `cd` instead of `bf`, `df` (the general search
//! of [`Detection::ForcingLines`] tries both). In (5) and (6) `c` keeping the moves is
//! impossible: `b` is then red to `c` too, every move `cx` also threatens
//! `{a,b,c,x}`, and blocking those shortcuts needs blue `bx` edges that,
//! together with his forced answers at `g`, give him a blue `K4^-` (in (6)
//! on `b,d,f,g`) or a blue `K4` (in (5) on `b,e,f,g`). So in (5) and (6)
//! `g` makes the moves and `c` answers: the smaller type's `b` is `c`
//! (test `in_types_5_and_6_c_cannot_keep_the_moves`).
//!
//! Vulnerable (dashed) edges: the proof ends "he cannot create a threat or
//! a monochromatic K4 by claiming any of the vulnerable edges ... all of his
//! moves are forced moves", so they are exactly his forced answers along
//! the whole line, including those of the smaller type it reduces to. The
//! last move's threats are not vulnerable (he blocks only one). Type (1)
//! has none. Lemma 4.2's condition is checked with all of them added at
//! once, on the whole board ([`lemma_conditions`]).
//!
//! # Detection
//!
//! [`Detection::Paper`] is Stage 6(b): an induced copy of a type (its
//! unclaimed pairs unclaimed, in particular the vulnerable ones) meeting
//! Lemma 4.2's conditions. [`BlueRule::MayBeFree`] also accepts a copy in
//! which blue edges of the type are unclaimed, as the remark after the
//! proof allows ("which we use in the algorithm"); [`BlueRule::Exact`] is
//! Figure 3 as drawn. [`Detection::ForcingLines`] is the reading guide's
//! general variant, not the paper's: any line of threats, each with exactly
//! one answer that gives him no threat, ending in a double threat.
//!
//! Use in Stage 6 (after the standing assumption): rule (a) is
//! `Plan::load` then [`next_move`]; rule (b) is [`find_plan`], then
//! `Plan::save` and [`next_move`]. A plan whose next edge is his yields
//! `None`: fall through to rules (c), (d).
//!
//! Tie-breaks (the engine hands strategies canonical positions, so these
//! are isomorphism-invariant): types in order 1..6 (shortest line first),
//! then the lexicographically smallest vertex tuple in role order
//! `a, b, c, ...` among copies meeting the conditions; forcing lines:
//! shortest, then lexicographically smallest sequence of her moves.

pub mod forcing;
mod plan;

pub use forcing::{forcing_line, forcing_lines, is_forcing_line};
pub use plan::{next_move, Plan, PlanKind, PlanSlots, FORCING_LINE_CODE, PLAN_NAME_SLOTS, PROMISING_CODE};

use ramsey_verify_lib::core::board::{members, Edge, Player, Position, Vertex};

/// The game of Lemma 4.2: first to own a `K4`.
const K: usize = 4;

/// The longest forcing line of the six types: four of her moves.
pub const MAX_LINE: usize = 4;

/// What an unclaimed-or-not pair of a type must be on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    Red,
    Blue,
    Free,
}

/// Most vertices of a type (types (5) and (6)).
const MAX_ROLES: usize = 7;

/// `Claim` of every pair of roles of a type, computed once per search.
type ClaimTable = [[Claim; MAX_ROLES]; MAX_ROLES];

/// One type of Figure 3, in the proof's letters (`a` = hub, joined in red to
/// every other letter). Pairs not listed as red or blue are unclaimed.
#[derive(Clone, Copy, Debug)]
pub struct PromisingType {
    /// The type's number in Figure 3.
    pub number: u8,
    /// Its vertices, in role order.
    pub letters: &'static str,
    /// Red edges besides the hub's.
    pub red: &'static str,
    /// Blue edges of the type (his edges the picture shows).
    pub blue: &'static str,
    /// Her moves, in order; the last makes the double threat.
    pub moves: &'static str,
    /// His forced answers, one per move but the last: the vulnerable edges.
    pub answers: &'static str,
    /// The missing edges of the final double threat, as the proof has them.
    pub finals: &'static str,
}

/// The six types of Figure 3, in Figure 3's order (reasoning in the module
/// docs; each type's own reasons on its constant).
pub const TYPES: [PromisingType; 6] = [TYPE_1, TYPE_2, TYPE_3, TYPE_4, TYPE_5, TYPE_6];

/// Type (1). Hub `a`; red `bc`, `cd`; blue `bd`; no vulnerable edge.
/// Line: `ce` threatens `be` ({a,b,c,e}) and `de` ({a,c,d,e}), the proof's
/// "claiming ce creates two threats". `bd` must be blue: unclaimed,
/// {a,b,c,d} would already be her threat. It is (2) after `cd`/`bd`.
pub const TYPE_1: PromisingType = PromisingType {
    number: 1,
    letters: "abcde",
    red: "bc cd",
    blue: "bd",
    moves: "ce",
    answers: "",
    finals: "be de",
};

/// Type (2). Hub `a`; red `bc`; no blue edge; vulnerable `bd`.
/// Line: `cd` (he must take `bd`, giving (1)), then `ce` threatens `be`
/// and `de`. The line uses all six pairs among `b..e`, so no blue edge
/// fits: any would break it.
pub const TYPE_2: PromisingType = PromisingType {
    number: 2,
    letters: "abcde",
    red: "bc",
    blue: "",
    moves: "cd ce",
    answers: "bd",
    finals: "be de",
};

/// Type (3). Hub `a`; red `bc`; blue `bd`, `be`; vulnerable `bf`, `df`.
/// Line: `cf` (he `bf`); now {a,c,d,e,f} is (2) with `c` as its `c` and
/// `f` as its `b`: `cd` (he `df`), `ce` threatens `ef` and `de`. Without
/// `bd` (`be`), {a,b,c,d,f} ({a,b,c,e,f}) would be a realised (2); with
/// them, `cd` threatens only through `f`.
pub const TYPE_3: PromisingType = PromisingType {
    number: 3,
    letters: "abcdef",
    red: "bc",
    blue: "bd be",
    moves: "cf cd ce",
    answers: "bf df",
    finals: "ef de",
};

/// Type (4). Hub `a`; red `bc`; blue `bd`, `ef`; vulnerable `be`, `bf`.
/// Line (the proof's own): `ce` (he `be`), `cf` (he `bf`); {a,c,d,e,f} is
/// (1) (its `b,c,d,e` are `e,c,f,d` here) and `cd` threatens `de` and
/// `df`. `ef` is (1)'s blue edge (unclaimed, `cf` would already threaten
/// twice); without `bd`, {a,b,c,d,e} would be a realised (2).
pub const TYPE_4: PromisingType = PromisingType {
    number: 4,
    letters: "abcdef",
    red: "bc",
    blue: "bd ef",
    moves: "ce cf cd",
    answers: "be bf",
    finals: "de df",
};

/// Type (5). Hub `a`; red `bc`; blue `be`, `bf`, `cd`, `ef`; vulnerable
/// `bg`, `ce`, `cf`. Line: `cg` (he `bg`); {a,c,d,e,f,g} is (4) with `c`
/// as its `b` and `g` as its `c`: `ge` (he `ce`), `gf` (he `cf`), `gd`
/// threatens `de` and `df`. `cd`, `ef` are (4)'s blue edges; `be`, `bf`
/// stop shorter lines (the unique minimal set). `bd` stays unclaimed.
pub const TYPE_5: PromisingType = PromisingType {
    number: 5,
    letters: "abcdefg",
    red: "bc",
    blue: "be bf cd ef",
    moves: "cg ge gf gd",
    answers: "bg ce cf",
    finals: "de df",
};

/// Type (6). Hub `a`; red `bc`; blue `bd`, `bf`, `cd`, `ce`; vulnerable
/// `bg`, `cf`, `df`. Line: `cg` (he `bg`); {a,c,d,e,f,g} is (3) with `c`
/// as its `b` and `g` as its `c`: `gf` (he `cf`), `gd` (he `df`), `ge`
/// threatens `ef` and `de`. `cd`, `ce` are (3)'s blue edges; `bf` and `bd`
/// stop shorter lines (`be` would do instead of `bd`; the paper names
/// `bd`, and the line never uses it, as its remark says). `be` stays
/// unclaimed.
pub const TYPE_6: PromisingType = PromisingType {
    number: 6,
    letters: "abcdefg",
    red: "bc",
    blue: "bd bf cd ce",
    moves: "cg gf gd ge",
    answers: "bg cf df",
    finals: "ef de",
};

/// Role-index pairs of a list of letter pairs such as `"bc cd"`.
fn pairs(list: &str) -> Vec<(usize, usize)> {
    let index = |c: u8| (c - b'a') as usize;
    list.split_whitespace()
        .map(|p| (index(p.as_bytes()[0]), index(p.as_bytes()[1])))
        .collect()
}

impl PromisingType {
    /// The type with Figure 3's `number` (1..=6).
    pub fn numbered(number: u8) -> Option<&'static PromisingType> {
        TYPES.iter().find(|t| t.number == number)
    }

    /// Number of vertices.
    pub fn size(&self) -> usize {
        self.letters.len()
    }

    /// All red pairs, the hub's first.
    pub fn red_pairs(&self) -> Vec<(usize, usize)> {
        let hub = (1..self.size()).map(|i| (0, i));
        hub.chain(pairs(self.red)).collect()
    }

    /// The blue pairs, in role indices.
    pub fn blue_pairs(&self) -> Vec<(usize, usize)> {
        pairs(self.blue)
    }

    /// Her moves' pairs, in order, in role indices.
    pub fn move_pairs(&self) -> Vec<(usize, usize)> {
        pairs(self.moves)
    }

    /// The vulnerable (dashed) pairs: his forced answers.
    pub fn answer_pairs(&self) -> Vec<(usize, usize)> {
        pairs(self.answers)
    }

    /// The pairs that complete her K4 at the end (the double threat's
    /// missing edges), in role indices.
    pub fn final_pairs(&self) -> Vec<(usize, usize)> {
        pairs(self.finals)
    }

    /// What each pair of roles must be: `table[i][j]` for roles `i, j`.
    fn claim_table(&self) -> ClaimTable {
        let mut table = [[Claim::Free; MAX_ROLES]; MAX_ROLES];
        for (i, row) in table.iter_mut().enumerate().take(self.size()) {
            for (j, cell) in row.iter_mut().enumerate().take(self.size()) {
                *cell = self.claim(i, j);
            }
        }
        table
    }

    fn claim(&self, i: usize, j: usize) -> Claim {
        let has = |list: Vec<(usize, usize)>| list.contains(&(i, j)) || list.contains(&(j, i));
        if has(self.red_pairs()) {
            Claim::Red
        } else if has(self.blue_pairs()) {
            Claim::Blue
        } else {
            Claim::Free
        }
    }

    /// The type realised on `position`'s board at vertices `roles`
    /// (in role order), every other pair unclaimed.
    pub fn realise(&self, position: &mut Position, roles: &[Vertex]) {
        let edge = |(i, j): (usize, usize)| Edge::new(roles[i], roles[j]);
        for (list, player) in [(self.red_pairs(), Player::First), (self.blue_pairs(), Player::Second)] {
            for p in list {
                position.claim(edge(p), player).expect("a type's pairs are distinct");
            }
        }
    }
}

/// How blue edges of a type must appear on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlueRule {
    /// Blue, as Figure 3 draws them.
    Exact,
    /// Blue or unclaimed: the remark after Lemma 4.2's proof says the line
    /// still wins, "in particular ... the edge bd in (6), which we use in
    /// the algorithm".
    MayBeFree,
}

/// How Stage 6(b) looks for a way to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detection {
    /// The paper's Stage 6(b): a realised promising graph meeting Lemma
    /// 4.2's conditions.
    Paper(BlueRule),
    /// The reading guide's general variant (not the paper's): the shortest
    /// forcing line of at most `max_moves` of her moves (capped at
    /// [`MAX_LINE`], what a plan's name slots hold).
    ForcingLines {
        /// The longest line searched, in her moves.
        max_moves: usize,
    },
}

/// Stage 6(b): a plan for her from `position` (her turn), or `None`.
pub fn find_plan(position: &Position, detection: Detection) -> Option<Plan> {
    match detection {
        Detection::Paper(rule) => TYPES.iter().find_map(|ty| find_promising(position, ty, rule)),
        Detection::ForcingLines { max_moves } => forcing_line(position, max_moves.min(MAX_LINE)).map(|line| Plan {
            kind: PlanKind::ForcingLine,
            vertices: line
                .iter()
                .flat_map(|e| {
                    let (u, v) = e.ends();
                    [u, v]
                })
                .collect(),
        }),
    }
}

/// Lemma 4.2's conditions on the board (her turn assumed): no
/// monochromatic `K4`, and no `K4` or threat of his even with all the
/// `vulnerable` edges added as his.
pub fn lemma_conditions(position: &Position, vulnerable: &[Edge]) -> bool {
    if position.has_clique(Player::First, K) || position.has_clique(Player::Second, K) {
        return false;
    }
    let mut his = position.clone();
    for &e in vulnerable {
        if his.claim(e, Player::Second).is_err() {
            return false;
        }
    }
    !his.has_clique(Player::Second, K) && his.threats(Player::Second, K).is_empty()
}

/// Whether the copy of `ty` at `roles` meets Lemma 4.2's conditions with
/// its vulnerable edges.
fn meets_lemma(position: &Position, ty: &PromisingType, roles: &[Vertex]) -> bool {
    let vulnerable: Vec<Edge> = ty
        .answer_pairs()
        .into_iter()
        .map(|(i, j)| Edge::new(roles[i], roles[j]))
        .collect();
    lemma_conditions(position, &vulnerable)
}

/// The first copy of `ty` (lexicographic in role order) that meets Lemma
/// 4.2's conditions.
fn find_promising(position: &Position, ty: &PromisingType, rule: BlueRule) -> Option<Plan> {
    let mut roles = Vec::with_capacity(ty.size());
    let mut accept = |roles: &[Vertex]| meets_lemma(position, ty, roles);
    if !embed(position, (ty, &ty.claim_table()), rule, &mut roles, &mut accept) {
        return None;
    }
    Some(Plan {
        kind: PlanKind::Promising(ty.number),
        vertices: roles,
    })
}

/// Every realised promising graph on `position` meeting Lemma 4.2's
/// conditions, as plans, in the order of [`find_plan`]'s tie-breaks (types
/// 1..6, then copies lexicographic in role order), so the first is the one
/// `Detection::Paper(rule)` finds. Stage 6(b) as written leaves open which
/// one she aims for (`k4-as-written`).
pub fn find_plans(position: &Position, rule: BlueRule) -> Vec<Plan> {
    let mut plans = Vec::new();
    for ty in &TYPES {
        let mut roles = Vec::with_capacity(ty.size());
        let mut collect = |roles: &[Vertex]| {
            if meets_lemma(position, ty, roles) {
                plans.push(Plan {
                    kind: PlanKind::Promising(ty.number),
                    vertices: roles.to_vec(),
                });
            }
            false
        };
        embed(position, (ty, &ty.claim_table()), rule, &mut roles, &mut collect);
    }
    plans
}

/// Extends the partial copy `roles` of `ty` in lexicographic order until
/// `accept` takes a complete one (left in `roles`).
fn embed(
    position: &Position,
    (ty, claims): (&PromisingType, &ClaimTable),
    rule: BlueRule,
    roles: &mut Vec<Vertex>,
    accept: &mut dyn FnMut(&[Vertex]) -> bool,
) -> bool {
    let i = roles.len();
    if i == ty.size() {
        return accept(roles);
    }
    let candidates = match roles.first() {
        None => position.touched(),
        Some(&hub) => position.neighbours(Player::First, hub),
    };
    for v in members(candidates) {
        let fits = roles
            .iter()
            .enumerate()
            .all(|(j, &u)| u != v && pair_fits(position, Edge::new(u, v), claims[j][i], rule));
        if fits {
            roles.push(v);
            if embed(position, (ty, claims), rule, roles, accept) {
                return true;
            }
            roles.pop();
        }
    }
    false
}

fn pair_fits(position: &Position, e: Edge, want: Claim, rule: BlueRule) -> bool {
    match (position.owner(e), want) {
        (Some(Player::First), Claim::Red) | (Some(Player::Second), Claim::Blue) | (None, Claim::Free) => true,
        (None, Claim::Blue) => rule == BlueRule::MayBeFree,
        _ => false,
    }
}
