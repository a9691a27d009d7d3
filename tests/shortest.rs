//! Shortest refutations of the K3 strategies, checked against counts worked
//! out by hand (see the comments), and independent of the thread count.

use ramsey_verify::core::board::{Board, Player};
use ramsey_verify::strategies::by_name;
use ramsey_verify::verify::line::Ending;
use ramsey_verify::verify::search::Search;
use ramsey_verify::verify::shortest::{shortest_refutation, Shortest};

fn shortest(name: &str, bound: u32, threads: usize) -> Shortest {
    let strategy = by_name(name).unwrap();
    let search = Search::new(strategy.as_ref(), Board::Infinite, bound);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    pool.install(|| shortest_refutation(&search, 1_000_000))
}

/// His move count and the ending of the shortest refutation.
fn found(name: &str, bound: u32) -> (usize, Ending) {
    match shortest(name, bound, 1) {
        Shortest::Found { line, .. } => (line.count(Player::Second), line.ending),
        other => panic!("{name} not refuted: {other:?}"),
    }
}

#[test]
fn scatters_loses_to_his_own_triangle_in_three() {
    // She never claims an edge between touched vertices, so nothing blocks
    // him: his 3 edges x-y, y-z, x-z make a blue triangle. A triangle needs
    // 3 edges, so no line is shorter. (The first counterexample in reply
    // order is a 50-move run into the bound.)
    assert_eq!(found("k3-broken-scatters", 50), (3, Ending::SecondPlayerWins));
}

#[test]
fn ignores_reply_loses_to_his_triangle_in_three() {
    // His 1st edge a-u meets ab, she extends ab at b (the wrong end), his
    // 2nd blocks a-c and with a-u threatens c-u, which her 3rd move b-u
    // does not take: his 3rd completes a-c-u. A triangle needs 3 edges of
    // his, and until then her moves are legal and have a rule, so 3 is
    // shortest.
    assert_eq!(found("k3-broken-ignores-reply", 50), (3, Ending::SecondPlayerWins));
}

#[test]
fn wrong_triangle_fails_after_four() {
    // Her first three moves are the correct strategy's; he must block a-c
    // (2nd move) and c-u (3rd); her 4th move u-x does not take a-u, and
    // after his 4th her strategy has no 5th move. Before his 4th move she
    // always has a move and he has no triangle, so 4 is shortest.
    let (his, ending) = found("k3-broken-wrong-triangle", 50);
    assert_eq!(his, 4);
    assert!(matches!(ending, Ending::StrategyError(_)), "{ending:?}");
}

#[test]
fn the_shortest_line_of_a_buggy_strategy_ends_in_its_broken_contract() {
    // The shortest line ends at the illegal move (her 4th): a broken
    // contract, which `verify --shortest` reports as no verdict.
    let (his, ending) = found("k3-broken-illegal", 50);
    assert_eq!(his, 3);
    assert!(matches!(ending, Ending::ContractBroken(_)), "{ending:?}");
}

#[test]
fn k3_needs_four_moves_so_bound_three_fails_after_three() {
    // She wins at move 3 unless his 2nd edge blocks a-c; then her 3rd move
    // makes a double threat and her 4th would win, one past the bound.
    assert_eq!(found("k3", 3), (3, Ending::BoundExceeded));
}

#[test]
fn correct_k3_has_no_refutation() {
    assert!(matches!(shortest("k3", 4, 1), Shortest::NoRefutation { .. }));
}

#[test]
fn same_line_for_any_thread_count() {
    for name in ["k3-broken-scatters", "k3-broken-wrong-triangle"] {
        let lines: Vec<_> = [1, 2, 4]
            .into_iter()
            .map(|t| match shortest(name, 50, t) {
                Shortest::Found { line, positions } => (line, positions),
                other => panic!("{other:?}"),
            })
            .collect();
        assert!(lines.windows(2).all(|w| w[0] == w[1]), "{name}");
    }
}

/// A K4 strategy that never builds: every move joins two fresh vertices.
struct K4Scatters;

impl ramsey_verify::verify::strategy::Strategy for K4Scatters {
    fn name(&self) -> &'static str {
        "test-k4-scatters"
    }
    fn description(&self) -> &'static str {
        "test only: every move is a fresh disjoint edge"
    }
    fn game(&self) -> ramsey_verify::verify::strategy::Game {
        ramsey_verify::verify::strategy::Game::clique(4)
    }
    fn initial_memory(&self) -> ramsey_verify::core::memory::Memory {
        ramsey_verify::core::memory::Memory::default()
    }
    fn play(
        &self,
        view: &ramsey_verify::verify::strategy::View,
    ) -> Result<ramsey_verify::verify::strategy::Move, ramsey_verify::verify::strategy::StrategyError> {
        let t = view.position.touched_count() as u8; // canonical: touched vertices are 0..t
        Ok(ramsey_verify::verify::strategy::Move {
            edge: ramsey_verify::core::board::Edge::new(t, t + 1),
            memory: view.memory.clone(),
        })
    }
}

#[test]
fn k4_scatters_loses_to_his_own_k4_in_six() {
    // A K4 has 6 edges and she never claims an edge he could need (each of
    // hers joins two vertices nobody had touched), so he completes a blue K4
    // with his 6th move and cannot with fewer.
    let strategy = K4Scatters;
    let search = Search::new(&strategy, Board::Infinite, 50);
    let Shortest::Found { line, .. } = shortest_refutation(&search, 1_000_000) else {
        panic!("not refuted")
    };
    assert_eq!((line.count(Player::Second), line.ending), (6, Ending::SecondPlayerWins));
}

fn shortest_limited(name: &str, bound: u32, limit: u64) -> Shortest {
    let strategy = by_name(name).unwrap();
    let search = Search::new(strategy.as_ref(), Board::Infinite, bound);
    shortest_refutation(&search, limit)
}

#[test]
fn verified_strategy_has_no_refutation() {
    assert!(matches!(
        shortest_limited("k3", 50, 1_000_000),
        Shortest::NoRefutation { .. }
    ));
}

#[test]
fn position_limit_gives_up_with_a_lower_bound() {
    // Levels hold 1, 2, ... positions; a limit of 2 stops after level 1.
    let result = shortest_limited("k3-broken-scatters", 50, 2);
    assert!(matches!(result, Shortest::GaveUp { exhausted: 1, .. }), "{result:?}");
}
