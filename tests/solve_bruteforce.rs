//! Differential test of the budget game on the engine's core
//! (`lib/src/analysis/budget.rs`) against plain
//! brute-force minimax: every position reachable on `K_4` and `K_5`, cliques 2
//! and 3 (and 4 on `K_5`), every budget, for her value and for her winning moves. The brute
//! force shares nothing with the engine: edges are bit numbers, cliques are
//! edge masks, and it recurses over every free edge of labelled positions (no
//! canonical forms, no orbits, no forced-move shortcuts), with a memo.
//!
//! The question is the one `lib/src/analysis/budget.rs` documents: she is to move (whatever
//! the edge counts say), she wins within `b` if one of her next `b` moves
//! completes a red `K_k` before he completes a blue one; a full board is a
//! draw, not a win.

use ramsey_verify::analysis::budget::{BudgetSolver, CliqueRace};
use ramsey_verify::core::board::{Board, Edge, Player, Position, Vertex};
use ramsey_verify::core::memory::Memory;
use std::collections::{HashMap, HashSet};

/// The `K_k` game on `K_n`, edges numbered `0..n(n-1)/2`.
struct Rules {
    n: usize,
    edges: Vec<(Vertex, Vertex)>,
    /// Every `K_k` of the board, as a mask of its edges.
    cliques: Vec<u32>,
}

impl Rules {
    fn new(n: usize, k: usize) -> Rules {
        let edges: Vec<(Vertex, Vertex)> = (0..n as Vertex)
            .flat_map(|u| (u + 1..n as Vertex).map(move |v| (u, v)))
            .collect();
        let cliques = (0u32..1 << n)
            .filter(|set| set.count_ones() as usize == k)
            .map(|set| {
                let inside = |&(u, v): &(Vertex, Vertex)| set >> u & 1 == 1 && set >> v & 1 == 1;
                (0..edges.len())
                    .filter(|&i| inside(&edges[i]))
                    .fold(0, |m, i| m | 1 << i)
            })
            .collect();
        Rules { n, edges, cliques }
    }

    fn free(&self, red: u32, blue: u32) -> impl Iterator<Item = usize> {
        let free = ((1u32 << self.edges.len()) - 1) & !(red | blue);
        (0..self.edges.len()).filter(move |&i| free >> i & 1 == 1)
    }

    fn has_clique(&self, mine: u32) -> bool {
        self.cliques.iter().any(|&c| c & !mine == 0)
    }

    fn index(&self, e: Edge) -> usize {
        self.edges
            .iter()
            .position(|&x| x == e.ends())
            .expect("an edge of the board")
    }

    fn position(&self, red: u32, blue: u32) -> Position {
        let mut p = Position::empty(Board::Complete(self.n));
        for (i, &(u, v)) in self.edges.iter().enumerate() {
            for (mask, player) in [(red, Player::First), (blue, Player::Second)] {
                if mask >> i & 1 == 1 {
                    p.claim(Edge::new(u, v), player).unwrap();
                }
            }
        }
        p
    }

    /// Positions reachable from the empty board (she moves first) in which
    /// nobody has a `K_k` yet, with either player to move.
    fn reachable(&self) -> Vec<(u32, u32)> {
        let mut seen = HashSet::from([(0u32, 0u32)]);
        let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
        while let Some((red, blue)) = stack.pop() {
            let hers = red.count_ones() == blue.count_ones();
            for e in self.free(red, blue) {
                let next = if hers {
                    (red | 1 << e, blue)
                } else {
                    (red, blue | 1 << e)
                };
                if !self.has_clique(next.0) && !self.has_clique(next.1) && seen.insert(next) {
                    stack.push(next);
                }
            }
        }
        let mut all: Vec<_> = seen.into_iter().collect();
        all.sort_unstable();
        all
    }

    /// For each colour-preserving vertex permutation of the position (that
    /// fixes vertex 0 if `fix_0`), the image of every edge number.
    fn automorphisms(&self, red: u32, blue: u32, fix_0: bool) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for perm in permutations(self.n).into_iter().filter(|p| !fix_0 || p[0] == 0) {
            let image: Vec<usize> = self
                .edges
                .iter()
                .map(|&(u, v)| self.index(Edge::new(perm[u as usize], perm[v as usize])))
                .collect();
            let map = |mask: u32| {
                (0..image.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .fold(0, |m, i| m | 1 << image[i])
            };
            if map(red) == red && map(blue) == blue {
                out.push(image);
            }
        }
        out
    }
}

fn permutations(n: usize) -> Vec<Vec<Vertex>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for smaller in permutations(n - 1) {
        for at in 0..n {
            let mut p = smaller.clone();
            p.insert(at, (n - 1) as Vertex);
            out.push(p);
        }
    }
    out
}

/// Plain minimax with a memo on (red, blue, budget), her to move.
struct Brute<'a> {
    rules: &'a Rules,
    memo: HashMap<(u32, u32, u32), bool>,
    /// Her moves allowed besides completions and blocks of his completions.
    allowed: &'a dyn Fn(usize) -> bool,
}

impl Brute<'_> {
    fn her_wins(&mut self, red: u32, blue: u32, budget: u32) -> bool {
        if budget == 0 {
            return false;
        }
        if let Some(&known) = self.memo.get(&(red, blue, budget)) {
            return known;
        }
        let won = self.winning_moves(red, blue, budget) != 0;
        self.memo.insert((red, blue, budget), won);
        won
    }

    /// Her moves (an edge mask) that win within `budget >= 1`.
    fn winning_moves(&mut self, red: u32, blue: u32, budget: u32) -> u32 {
        let mut wins = 0;
        for e in self.rules.free(red, blue).collect::<Vec<_>>() {
            let completes = |mask: u32| self.rules.has_clique(mask | 1 << e);
            if !(completes(red) || completes(blue) || (self.allowed)(e)) {
                continue;
            }
            if completes(red) || self.he_loses(red | 1 << e, blue, budget - 1) {
                wins |= 1 << e;
            }
        }
        wins
    }

    /// With him to move: whether she wins within `budget` against every move.
    fn he_loses(&mut self, red: u32, blue: u32, budget: u32) -> bool {
        let moves: Vec<usize> = self.rules.free(red, blue).collect();
        !moves.is_empty()
            && moves
                .into_iter()
                .all(|e| !self.rules.has_clique(blue | 1 << e) && self.her_wins(red, blue | 1 << e, budget))
    }
}

/// How the solver is asked.
#[derive(Clone, Copy)]
struct Variant {
    /// Her unforced moves must touch vertex 0 (named), for both searches.
    restricted: bool,
    /// One solver (one table) for every position, budgets from high to low;
    /// otherwise a fresh solver per position, budgets from low to high (as
    /// `solve` asks).
    shared: bool,
}

fn solver_for(n: usize, k: usize, variant: Variant) -> BudgetSolver {
    let game = CliqueRace::new(k, Board::Complete(n));
    if !variant.restricted {
        return BudgetSolver::new(game);
    }
    // Vertex 0 of the positions asked about, wherever the search's
    // canonical labels put it.
    let mut names = Memory::new(0, 1);
    names.set_name(0, Some(0));
    let touches_named = |_: &Position, names: &Memory, e: Edge| e.touches(names.name(0).expect("named"));
    BudgetSolver::new(game.restrict_her_moves(names, Box::new(touches_named)))
}

/// Compares the solver with the brute force on every reachable position of
/// the `K_k` game on `K_n` and every budget; returns the disagreements and
/// how many (position, budget) pairs were compared.
fn disagreements(n: usize, k: usize, variant: Variant) -> (Vec<String>, usize) {
    let rules = Rules::new(n, k);
    let touches_0 = |e: usize| rules.edges[e].0 == 0;
    let allowed: &dyn Fn(usize) -> bool = if variant.restricted { &touches_0 } else { &|_| true };
    let mut brute = Brute {
        rules: &rules,
        memo: HashMap::new(),
        allowed,
    };
    let max_budget = (rules.edges.len() as u32).div_ceil(2);
    let shared = solver_for(n, k, variant);
    let (mut bad, mut compared) = (Vec::new(), 0);
    for (red, blue) in rules.reachable() {
        let position = rules.position(red, blue);
        let automorphisms = rules.automorphisms(red, blue, variant.restricted);
        let own = solver_for(n, k, variant);
        let solver = if variant.shared { &shared } else { &own };
        let mut budgets: Vec<u32> = (1..=max_budget).collect();
        if variant.shared {
            budgets.reverse();
        }
        for budget in budgets {
            compared += 1;
            let answers = Answers::of(solver, &position, budget, &automorphisms, &rules);
            let expected = brute.winning_moves(red, blue, budget);
            if answers.value != (expected != 0) || answers.covered != expected || !answers.disjoint {
                bad.push(format!(
                    "K{k} on K{n}, red {red:#b} blue {blue:#b}, budget {budget}: solver {} {:?}, \
                     brute force winning edges {expected:#b}",
                    answers.value, answers.moves
                ));
            }
        }
    }
    (bad, compared)
}

/// The solver's answers at one position and budget, in edge numbers.
struct Answers {
    value: bool,
    moves: Vec<usize>,
    /// The edges in the orbits of `moves`.
    covered: u32,
    /// No two of `moves` share an orbit.
    disjoint: bool,
}

impl Answers {
    fn of(
        solver: &BudgetSolver,
        position: &Position,
        budget: u32,
        automorphisms: &[Vec<usize>],
        rules: &Rules,
    ) -> Answers {
        let value = solver.wins(position, budget).unwrap();
        let moves: Vec<usize> = solver
            .winning_moves(position, budget)
            .unwrap()
            .into_iter()
            .map(|e| rules.index(e))
            .collect();
        let orbits: Vec<u32> = moves
            .iter()
            .map(|&e| automorphisms.iter().fold(0, |m, image| m | 1 << image[e]))
            .collect();
        let covered = orbits.iter().fold(0, |m, o| m | o);
        let disjoint = orbits.iter().map(|o| o.count_ones()).sum::<u32>() == covered.count_ones();
        Answers {
            value,
            moves,
            covered,
            disjoint,
        }
    }
}

fn assert_agrees(n: usize, k: usize, variant: Variant, pairs: usize) {
    let (bad, compared) = disagreements(n, k, variant);
    assert!(
        bad.is_empty(),
        "{} disagreements, first: {:?}",
        bad.len(),
        &bad[..bad.len().min(5)]
    );
    // The harness really enumerated the positions (a count pinned from the
    // first run: a change in the enumeration shows here).
    assert_eq!(compared, pairs, "(position, budget) pairs compared");
}

const PLAIN: Variant = Variant {
    restricted: false,
    shared: false,
};

#[test]
fn solver_agrees_with_brute_force_on_k4() {
    // Clique 2: only the empty board is unfinished (3 budgets); clique 3:
    // 247 positions x 3 budgets.
    assert_agrees(4, 2, PLAIN, 3);
    assert_agrees(4, 3, PLAIN, 741);
}

#[test]
fn solver_agrees_with_brute_force_on_k5() {
    // 11,793 positions x 5 budgets.
    assert_agrees(5, 2, PLAIN, 5);
    assert_agrees(5, 3, PLAIN, 58_965);
}

#[test]
fn solver_agrees_with_brute_force_for_k4_on_k5() {
    // The K4 game, where the shortcuts with two of her moves left (a
    // double threat must still be possible) do most of their work:
    // 17,303 positions x 5 budgets.
    assert_agrees(5, 4, PLAIN, 86_515);
}

#[test]
fn one_solver_for_all_positions_agrees_with_brute_force_on_k5() {
    let shared = Variant { shared: true, ..PLAIN };
    assert_agrees(5, 3, shared, 58_965);
}

#[test]
fn restricted_solver_agrees_with_brute_force_on_k5() {
    let restricted = Variant {
        restricted: true,
        ..PLAIN
    };
    assert_agrees(5, 3, restricted, 58_965);
}

#[test]
fn brute_force_knows_the_k3_values() {
    // Negative controls for the harness itself: K3 on K4 is not won, on K5
    // it is won in 4 and not in 3; with K2 she wins at once.
    let (k4, k5) = (Rules::new(4, 3), Rules::new(5, 3));
    let all = &|_| true;
    let mut on_k4 = Brute {
        rules: &k4,
        memo: HashMap::new(),
        allowed: all,
    };
    assert!(!on_k4.her_wins(0, 0, 3));
    let mut on_k5 = Brute {
        rules: &k5,
        memo: HashMap::new(),
        allowed: all,
    };
    assert!(!on_k5.her_wins(0, 0, 3) && on_k5.her_wins(0, 0, 4));
    let k2 = Rules::new(4, 2);
    let mut with_k2 = Brute {
        rules: &k2,
        memo: HashMap::new(),
        allowed: all,
    };
    assert_eq!(with_k2.winning_moves(0, 0, 1), 0b111111);
}
