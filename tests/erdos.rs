//! Erdős' scoring games: the threshold search (with symmetry, bounds and a
//! table) against plain minimax without symmetry on every board with up to
//! 6 vertices, optimal lines replayed, published values (Cambie and
//! Provoost, Table 1 and Proposition 10) compared with computed ones; the
//! games' bounds (full, and as asked for one threshold test) against the
//! exact value at random positions, and a wrong bound shown to be caught.

use proptest::prelude::*;
use ramsey_verify::core::board::{Board, Position};
use ramsey_verify::core::board::{Edge, Player};
use ramsey_verify::core::canon::canonical_position;
use ramsey_verify::engine::bounded::BoundedSolver;
use ramsey_verify::engine::Solver;
use ramsey_verify::games::colex::colex_graph;
use ramsey_verify::games::prelude::*;
use ramsey_verify::games::scoring::{Points, Scoring, ScoringGame, PROBES};
use ramsey_verify::games::view;
use std::collections::{HashMap, HashSet};

/// Plain minimax over labelled positions (no symmetry, no bounds), with
/// a memo keyed by the exact colouring.
struct Brute<'a> {
    game: &'a ScoringGame,
    edges: Vec<Edge>,
    memo: HashMap<(u32, u32), Points>,
}

impl Brute<'_> {
    fn value(&mut self, red: u32, blue: u32, position: &Position) -> Points {
        if let Some(&v) = self.memo.get(&(red, blue)) {
            return v;
        }
        let free: Vec<usize> = (0..self.edges.len())
            .filter(|&i| {
                let (u, v) = self.edges[i].ends();
                position.free_neighbours(u) >> v & 1 == 1
            })
            .collect();
        let value = if free.is_empty() {
            self.game.points(position)
        } else {
            let mover = position.to_move();
            let values = free.iter().map(|&i| {
                let next = self.game.play(position, &self.edges[i]);
                match mover {
                    Player::First => self.value(red | 1 << i, blue, &next),
                    Player::Second => self.value(red, blue | 1 << i, &next),
                }
            });
            let values: Vec<Points> = values.collect();
            match mover {
                Player::First => values.into_iter().max(),
                Player::Second => values.into_iter().min(),
            }
            .expect("free edges")
        };
        self.memo.insert((red, blue), value);
        value
    }
}

fn brute_force(game: &ScoringGame) -> Points {
    brute_value(game, &game.start())
}

/// The value of `position` in `game` by plain minimax.
fn brute_value(game: &ScoringGame, position: &Position) -> Points {
    let mut brute = Brute {
        game,
        edges: position.board_edges(),
        memo: HashMap::new(),
    };
    brute.value(0, 0, position)
}

fn bounded(game: &ScoringGame) -> Points {
    BoundedSolver::new(game).value(&game.start(), &[]).expect("no cap")
}

/// Every graph with 2..=`max` vertices and at least one edge, one per
/// isomorphism class.
fn small_boards(max: usize) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut boards = Vec::new();
    for n in 2..=max {
        let pairs: Vec<Edge> = (0..n as u8)
            .flat_map(|u| (u + 1..n as u8).map(move |v| Edge::new(u, v)))
            .collect();
        for mask in 1u32..1 << pairs.len() {
            let edges = pairs
                .iter()
                .enumerate()
                .filter(|(i, _)| mask >> i & 1 == 1)
                .map(|(_, &e)| e);
            let board = Position::on_graph(n, edges);
            if seen.insert(canonical_position(&board).key) {
                boards.push(board);
            }
        }
    }
    boards
}

#[test]
fn threshold_search_agrees_with_plain_minimax_on_every_board_up_to_six_vertices() {
    let boards = small_boards(6);
    assert_eq!(
        boards.len(),
        1 + 3 + 10 + 33 + 155,
        "graphs with edges on 2..6 vertices"
    );
    for board in &boards {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, board, &[]).unwrap();
            let expected = brute_force(&game);
            assert_eq!(bounded(&game), expected, "{scoring:?} on {board:?}");
        }
    }
}

#[test]
fn threshold_search_agrees_with_plain_minimax_with_head_starts_and_either_first_player() {
    let mut checked = 0;
    for board in small_boards(5).iter().filter(|b| b.board_edges().len() >= 3) {
        let edges = board.board_edges();
        let heads = edges
            .iter()
            .map(|&e| vec![e])
            .chain(edges.windows(2).map(|w| w.to_vec()));
        for head in heads {
            for (scoring, bob_first) in Scoring::ALL.into_iter().flat_map(|s| [(s, false), (s, true)]) {
                let mut game = ScoringGame::new(scoring, board, &head).unwrap();
                if bob_first {
                    game = game.bob_first();
                }
                let expected = brute_force(&game);
                assert_eq!(
                    bounded(&game),
                    expected,
                    "{scoring:?} on {board:?}, head start {head:?}, Bob first {bob_first}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 2000, "{checked} games checked");
}

#[test]
fn exact_engine_and_threshold_search_agree() {
    for m in [9, 12, 13] {
        let (n, edges) = colex_graph(m);
        let board = Position::on_graph(n, edges);
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &board, &[]).unwrap();
            let exact = Solver::new(&game).value(&game.start()).unwrap().score;
            assert_eq!(bounded(&game), exact, "{scoring:?} on C({m})");
        }
    }
}

/// Plays `line` from the start; the final points, or why the line is not a
/// whole legal game.
fn replay(game: &ScoringGame, line: &[Edge]) -> Result<Points, String> {
    let mut position = game.start();
    for e in line {
        if position.is_full() {
            return Err(format!("{e} after the end"));
        }
        position.claim(*e, position.to_move()).map_err(|err| err.to_string())?;
        position.set_to_move(position.to_move().opponent());
    }
    game.outcome(&position)
        .ok_or_else(|| "the line stops before the end".to_string())
}

#[test]
fn optimal_lines_replay_to_the_reported_score() {
    let boards = [
        (6, vec![]),
        (10, vec![Edge::new(0, 1), Edge::new(0, 2)]),
        (12, vec![]),
        (14, vec![Edge::new(0, 1)]),
    ];
    for (m, head) in boards {
        let (n, edges) = colex_graph(m);
        let board = Position::on_graph(n, edges);
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &board, &head).unwrap();
            let solver = BoundedSolver::new(&game);
            let value = solver.value(&game.start(), &[]).unwrap();
            let line = solver.optimal_line(&game.start(), value).unwrap();
            assert_eq!(replay(&game, &line), Ok(value), "{scoring:?} on C({m})");
        }
    }
}

#[test]
fn replay_rejects_broken_lines() {
    let game = ScoringGame::new(Scoring::Clique, &Position::empty(Board::complete_graph(3)), &[]).unwrap();
    let (a, b, c) = (Edge::new(0, 1), Edge::new(0, 2), Edge::new(1, 2));
    assert_eq!(replay(&game, &[a, b, c]), Ok(Points { alice: 2, bob: 2 }));
    assert!(replay(&game, &[a, b]).is_err());
    assert!(replay(&game, &[a, a, c]).is_err());
    assert!(replay(&game, &[a, b, c, a]).is_err());
}

/// A solve's value, optimal line, positions and positions per move on
/// `threads` threads.
type Run = (Points, Vec<Edge>, u64, Vec<u64>);

fn run_on(game: &ScoringGame, threads: usize) -> Run {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| {
        let solver = BoundedSolver::new(game);
        let value = solver.value(&game.start(), &PROBES).unwrap();
        let line = solver.optimal_line(&game.start(), value).unwrap();
        (value, line, solver.counts().positions, solver.positions_per_ply())
    })
}

#[test]
fn values_lines_and_position_counts_are_the_same_for_any_thread_count_and_run() {
    let (n, edges) = colex_graph(13);
    for board in [Position::on_graph(n, edges), Position::empty(Board::complete_graph(6))] {
        for scoring in Scoring::ALL {
            let game = ScoringGame::new(scoring, &board, &[]).unwrap();
            let first = run_on(&game, 1);
            assert_eq!(first.3.iter().sum::<u64>(), first.2, "{scoring:?}: per move adds up");
            for threads in [2, 4, 2, 4] {
                assert_eq!(run_on(&game, threads), first, "{scoring:?} on {threads} threads");
            }
        }
    }
}

#[test]
fn position_counts_tell_games_apart() {
    // The comparison above is not vacuous: counts differ between games.
    let board = Position::empty(Board::complete_graph(6));
    let counts: HashSet<u64> = Scoring::ALL
        .iter()
        .map(|&s| run_on(&ScoringGame::new(s, &board, &[]).unwrap(), 2).2)
        .collect();
    assert!(counts.len() > 1, "{counts:?}");
}

/// Table 1 of Cambie and Provoost for m = 1..14: out_col, out_Δ, out_VC.
const TABLE_1: [(u8, u8, u8, u8, u8, u8); 14] = [
    (1, 0, 1, 0, 2, 0),
    (1, 1, 1, 1, 1, 1),
    (2, 1, 2, 1, 1, 0),
    (2, 2, 2, 2, 2, 1),
    (2, 1, 2, 1, 2, 0),
    (2, 2, 2, 2, 2, 2),
    (2, 2, 3, 2, 3, 2),
    (2, 2, 3, 2, 2, 1),
    (4, 2, 3, 2, 2, 1),
    (4, 4, 3, 3, 1, 1),
    (4, 4, 3, 3, 3, 1),
    (4, 4, 3, 3, 2, 1),
    (4, 4, 3, 3, 3, 2),
    (4, 4, 3, 3, 3, 3),
];

#[test]
fn computed_colex_star_and_vc_outcomes_match_table_1_up_to_m_14() {
    for (i, &(c1, c2, s1, s2, v1, v2)) in TABLE_1.iter().enumerate() {
        let m = i + 1;
        let (n, edges) = colex_graph(m);
        let board = Position::on_graph(n, edges);
        let outcome = |scoring| bounded(&ScoringGame::new(scoring, &board, &[]).unwrap());
        let p = |alice, bob| Points { alice, bob };
        assert_eq!(outcome(Scoring::Colex), p(c1, c2), "Colex on C({m})");
        assert_eq!(outcome(Scoring::Star), p(s1, s2), "Star on C({m})");
        assert_eq!(outcome(Scoring::VertexCapturing), p(v1, v2), "VC on C({m})");
    }
}

#[test]
fn bob_wins_the_clique_game_on_k3_to_k7() {
    // Proposition 10 (3 <= n <= 7 here; K8 is in proofs/).
    for n in 3..=7 {
        let game = ScoringGame::new(Scoring::Clique, &Position::empty(Board::complete_graph(n)), &[]).unwrap();
        let outcome = bounded(&game);
        assert_eq!(outcome.winner(Scoring::Clique), Some(Player::Second), "K{n}: {outcome}");
    }
    let k2 = ScoringGame::new(Scoring::Clique, &Position::empty(Board::complete_graph(2)), &[]).unwrap();
    assert_eq!(bounded(&k2).winner(Scoring::Clique), Some(Player::First));
}

/// A scoring game with one thing altered: the plain canonical form of
/// whole colourings instead of the Star and VC games' reduced one
/// (`reduced.rs`), or, as a deliberately wrong bound, Alice's least points
/// raised by one in the game's lower bound (`overconfident`).
#[derive(Clone)]
struct Altered {
    game: ScoringGame,
    whole: bool,
    overconfident: bool,
}

/// `game` searched on whole colourings, everything else the game's own.
fn unreduced(game: ScoringGame) -> Altered {
    Altered {
        game,
        whole: true,
        overconfident: false,
    }
}

/// A view of the scoring game (`ramsey_verify::games::view`): everything
/// is the game's own but the canonical form and the bounds altered here.
impl view::View for Altered {
    type Inner = ScoringGame;
    fn inner(&self) -> &ScoringGame {
        &self.game
    }
}

impl view::ViewRules for Altered {}

impl view::ViewSymmetric for Altered {
    fn canonical(&self, p: &Position) -> ramsey_verify::core::symmetry::Canonical<Position> {
        match self.whole {
            true => canonical_position(p),
            false => self.game.canonical(p),
        }
    }
}

impl view::ViewHints for Altered {
    fn score_bounds(&self, p: &Position) -> Option<(Points, Points)> {
        let (lo, hi) = self.game.score_bounds(p)?;
        let raised = Points {
            alice: lo.alice + 1,
            ..lo
        };
        Some((if self.overconfident { raised } else { lo }, hi))
    }
}

#[test]
fn reduced_and_whole_colouring_searches_agree_on_colex_boards() {
    for m in [9, 12, 13, 16] {
        let (n, edges) = colex_graph(m);
        let board = Position::on_graph(n, edges);
        for scoring in [Scoring::Star, Scoring::VertexCapturing] {
            let game = ScoringGame::new(scoring, &board, &[]).unwrap();
            let whole = unreduced(game.clone());
            let value = BoundedSolver::new(&whole).value(&whole.start(), &PROBES).unwrap();
            assert_eq!(bounded(&game), value, "{scoring:?} on C({m})");
        }
    }
}

/// C(22)'s VC outcome on whole colourings (Table 1 gives (2, 1); the
/// reduced search (3, 2)): minutes and about 1 GB. Run with
/// `cargo test --release --test erdos -- --ignored --nocapture c22`.
#[test]
#[ignore]
fn c22_vc_on_whole_colourings() {
    let (n, edges) = colex_graph(22);
    let game = ScoringGame::new(Scoring::VertexCapturing, &Position::on_graph(n, edges), &[]).unwrap();
    let whole = unreduced(game.clone());
    let solver = BoundedSolver::new(&whole);
    let value = solver.value(&whole.start(), &PROBES).unwrap();
    let line = solver.optimal_line(&whole.start(), value).unwrap();
    println!(
        "C(22) VC on whole colourings: {value}, {} positions",
        solver.counts().positions
    );
    println!(
        "line: {}",
        line.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(" ")
    );
    assert_eq!(replay(&game, &line), Ok(value));
    assert_eq!(value, bounded(&game));
}

/// A position of `scoring` on a board of `n` vertices (the pairs `mask`
/// picks, or the edge 0-1), reached from the start (Bob moving first if
/// `bob_first`) by moves `choices` picks, with 1..=9 free edges left.
fn reached(scoring: Scoring, n: usize, mask: u32, bob_first: bool, choices: &[usize]) -> (ScoringGame, Position) {
    let pairs = (0..n as u8).flat_map(|u| (u + 1..n as u8).map(move |v| Edge::new(u, v)));
    let mut edges: Vec<Edge> = pairs
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, e)| e)
        .collect();
    if edges.is_empty() {
        edges.push(Edge::new(0, 1));
    }
    let mut game = ScoringGame::new(scoring, &Position::on_graph(n, edges), &[]).unwrap();
    if bob_first {
        game = game.bob_first();
    }
    let mut position = game.start();
    for &c in choices {
        let free = game.moves(&position);
        if free.len() <= 1 || (free.len() <= 9 && c % 3 == 0) {
            break;
        }
        position = game.play(&position, &free[c % free.len()]);
    }
    while game.moves(&position).len() > 9 {
        position = game.play(&position, &game.moves(&position)[0]);
    }
    (game, position)
}

/// Whether `bounds` (a game's `score_bounds`) bracket the exact value.
fn brackets(bounds: Option<(Points, Points)>, exact: Points) -> bool {
    bounds.is_none_or(|(lo, hi)| lo <= exact && exact <= hi)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn the_games_bounds_bracket_the_exact_value_at_random_positions(
        scoring in 0usize..4,
        n in 3usize..=6,
        mask in any::<u32>(),
        bob_first in any::<bool>(),
        choices in prop::collection::vec(any::<usize>(), 15),
    ) {
        let (game, position) = reached(Scoring::ALL[scoring], n, mask, bob_first, &choices);
        let exact = brute_value(&game, &position);
        prop_assert!(brackets(game.score_bounds(&position), exact), "{position:?}: {exact}");
    }

    /// The bounds asked for one threshold test (`score_bounds_for`, which
    /// may skip work and leave a side unknown) still bracket the value,
    /// and decide the test exactly when the full bounds do, the same way.
    #[test]
    fn bounds_for_a_test_bracket_the_value_and_decide_it_as_the_full_bounds_do(
        scoring in 0usize..4,
        n in 3usize..=6,
        mask in any::<u32>(),
        bob_first in any::<bool>(),
        choices in prop::collection::vec(any::<usize>(), 15),
        (alice, bob, strict) in (0u8..=6, 0u8..=6, any::<bool>()),
    ) {
        let (game, position) = reached(Scoring::ALL[scoring], n, mask, bob_first, &choices);
        let exact = brute_value(&game, &position);
        let t = Points { alice, bob };
        let meets = |s: Points| if strict { s > t } else { s >= t };
        let (lo, hi) = game.score_bounds_for(&position, &meets);
        prop_assert!(lo.is_none_or(|lo| lo <= exact) && hi.is_none_or(|hi| exact <= hi), "{position:?}: {exact}");
        let decision = |lo: Option<Points>, hi: Option<Points>| match (lo, hi) {
            (Some(lo), _) if meets(lo) => Some(true),
            (_, Some(hi)) if !meets(hi) => Some(false),
            _ => None,
        };
        let (full_lo, full_hi) = game.score_bounds(&position).unzip();
        prop_assert_eq!(decision(lo, hi), decision(full_lo, full_hi), "{:?} against {:?}", position, t);
    }
}

#[test]
fn a_deliberately_wrong_bound_is_caught() {
    // Alice's least points raised by one: both the bracket check above and
    // the search against plain minimax must notice.
    let altered = |game: &ScoringGame| Altered {
        game: game.clone(),
        whole: false,
        overconfident: true,
    };
    let mut outside = 0;
    for (scoring, n, seed) in Scoring::ALL
        .into_iter()
        .flat_map(|s| (3..=5).flat_map(move |n| (0..4).map(move |k| (s, n, k))))
    {
        let choices: Vec<usize> = (0..10).map(|j| seed * 7 + j * 3 + 1).collect();
        let (game, position) = reached(scoring, n, u32::MAX, false, &choices);
        outside += usize::from(!brackets(
            altered(&game).score_bounds(&position),
            brute_value(&game, &position),
        ));
    }
    let mut disagreements = 0;
    for (i, board) in small_boards(5).iter().enumerate() {
        let game = ScoringGame::new(Scoring::ALL[i % 4], board, &[]).unwrap();
        let wrong = altered(&game);
        let search = std::panic::AssertUnwindSafe(|| BoundedSolver::new(&wrong).value(&wrong.start(), &[]).ok());
        let searched = std::panic::catch_unwind(search).ok().flatten();
        disagreements += usize::from(searched != Some(brute_force(&game)));
    }
    assert!(outside > 0, "the bracket check never noticed");
    assert!(disagreements > 0, "the search against minimax never noticed");
}

/// The one-board report a program gets from the library is what `erdos`
/// prints: one text block per game and the JSON object's board fields.
#[test]
fn board_report_writes_each_game() {
    use ramsey_verify::analysis::erdos::{parse_games, solve, BoardReport};
    use ramsey_verify::engine::Limits;
    let mut report = BoardReport::parse("4", Some("0-1"), true).unwrap();
    for scoring in parse_games("clique,star").unwrap() {
        let solved = solve(&report.game(scoring).unwrap(), Limits::default(), false).unwrap();
        report.games.push(solved);
    }
    let text = report.to_text();
    assert!(
        text.starts_with("clique game on K4 (4 vertices, 6 edges): outcome (a, b) = "),
        "{text}"
    );
    assert_eq!(text.matches("  optimal line: ").count(), 2, "{text}");
    let json = report.to_json();
    assert_eq!(json["board"], "4");
    assert_eq!(json["head_start"], serde_json::json!(["0-1"]));
    assert_eq!(json["first"], "Bob");
    assert_eq!(json["games"][1]["game"], "star");
    assert!(parse_games("clique,chess")
        .unwrap_err()
        .to_string()
        .contains("unknown game `chess`"));
}
