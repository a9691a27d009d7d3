//! `k4-as-written` (strategies/k4/as_written.rs): at fixture positions its
//! `choices` contain the alternatives the paper's text leaves open, `k4`'s
//! move among them (first), and nothing the text rules out.

use ramsey_verify::core::board::{Edge, Position, Vertex};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::core::memory::Memory;
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategies::k4::as_written::AsWritten;
use ramsey_verify::strategies::k4::figures::{parse, FIGURE6};
use ramsey_verify::strategies::k4::fixtures::board;
use ramsey_verify::strategies::k4::{memory_in, modified_k3, slot, K4Strategy, Variant, PENDING, PLAN, STAGE};
use ramsey_verify::verify::strategy::{Game, Move, Strategy, View};

fn e(u: Vertex, v: Vertex) -> Edge {
    Edge::new(u, v)
}

fn named(stage: u32, names: &[(usize, Vertex)]) -> Memory {
    let mut m = memory_in(stage);
    for &(s, v) in names {
        m.set_name(s, Some(v));
    }
    m
}

/// `k4-as-written`'s choices and play, and `k4`'s play, at one situation;
/// checks that play is the first choice.
fn at(position: &Position, memory: &Memory, last: Option<Edge>) -> (Vec<Move>, Move) {
    let view = View {
        game: Game::clique(4),
        position,
        memory,
        last_reply: last,
    };
    let choices = AsWritten.choices(&view).expect("a rule applies");
    assert_eq!(AsWritten.play(&view).unwrap(), choices[0], "play is the first choice");
    let k4 = K4Strategy { variant: Variant::Full }
        .play(&view)
        .expect("k4 has a move");
    (choices, k4)
}

fn edges(moves: &[Move]) -> Vec<Edge> {
    moves.iter().map(|m| m.edge).collect()
}

#[test]
fn stage1_fourth_edge_may_close_either_triangle() {
    // K3 building strategy, her 4th edge: a=0, b=1, c=2; his first edge
    // 3-4 was disjoint, so u = 3; he took ac = 0-2 and then 0-5. Both au
    // and cu are free: "a K^3 on a, b and u or ... c and u".
    let p = board(&[(0, 1), (1, 2), (1, 3)], &[(3, 4), (0, 2), (0, 5)]);
    let m = named(
        1,
        &[
            (slot::A, 0),
            (slot::B, 1),
            (slot::C, 2),
            (slot::U, 3),
            (slot::H1, 3),
            (slot::H2, 4),
        ],
    );
    let (choices, k4) = at(&p, &m, Some(e(0, 5)));
    assert_eq!(edges(&choices), vec![e(0, 3), e(2, 3)]);
    assert_eq!(choices[0], k4);
    assert!(choices.iter().all(|c| c.memory.words[STAGE] == 2));
    // Negative: with his third edge far away the two triangles are
    // isomorphic situations, and only one is kept.
    let p = board(&[(0, 1), (1, 2), (1, 3)], &[(3, 4), (0, 2), (5, 6)]);
    assert_eq!(edges(&at(&p, &m, Some(e(5, 6))).0), vec![e(0, 3)]);
}

#[test]
fn stage2_pendant_from_every_triangle_vertex_of_largest_s_degree() {
    // Triangle 0,1,2; S-degrees 0, 1, 1 (2's blue neighbour 5 has another
    // blue edge, so 1 and 2 are not alike). Fresh g = 3.
    let p = board(&[(0, 1), (0, 2), (1, 2)], &[(1, 4), (2, 5), (5, 6)]);
    let (choices, k4) = at(&p, &memory_in(2), Some(e(5, 6)));
    assert_eq!(edges(&choices), vec![e(1, 3), e(2, 3)]);
    assert_eq!(choices[0], k4);
    // Negative: the vertex of smaller S-degree is not "the vertex ... with
    // maximum S-degree".
    assert!(!edges(&choices).contains(&e(0, 3)));
}

#[test]
fn stage3_m_is_open_when_both_lie_in_blue_triangles() {
    // K4^- on 0,1,2,3 (l r = 2 3 blue); 0 and 1 both in blue triangles,
    // 1 of larger S-degree (k4's m). Fresh p0 = 9.
    let red = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)];
    let mut blue = vec![(2, 3), (0, 4), (0, 5), (4, 5), (1, 6), (1, 7), (6, 7), (1, 8)];
    let mut m = named(3, &[(slot::M, 0), (slot::N, 1), (slot::L, 2), (slot::R, 3)]);
    m.words[PENDING] = 1;
    let (choices, k4) = at(&board(&red, &blue), &m, Some(e(1, 8)));
    assert_eq!(edges(&choices), vec![e(1, 9), e(0, 9)]);
    assert_eq!(choices[0], k4);
    assert_eq!(choices[1].memory.name(slot::N), Some(1));
    // Negative: with only 0 in a blue triangle, m = 0 is forced.
    blue.retain(|&b| b != (6, 7));
    let (choices, k4) = at(&board(&red, &blue), &m, Some(e(1, 8)));
    assert_eq!(edges(&choices), vec![e(0, 9)]);
    assert_eq!(choices[0], k4);
}

/// Stage 4 on the `K4^-` 0,1,2,3 (hub m = 0, n = 1, l r = 2 3 blue) and
/// P = 4..8 joined to 0; S-degrees 2, 3, 3, 4, 5 with blue 4-5, 4-6.
fn stage4_board() -> (Position, Memory) {
    let mut red = vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)];
    red.extend((4..9).map(|p| (0, p)));
    let mut blue = vec![(2, 3), (4, 5), (4, 6), (1, 5), (1, 6), (1, 7), (1, 8)];
    blue.extend([
        (5, 20),
        (6, 21),
        (7, 22),
        (7, 23),
        (7, 24),
        (8, 25),
        (8, 26),
        (8, 27),
        (8, 28),
    ]);
    let mut m = named(4, &[(slot::M, 0), (slot::N, 1), (slot::L, 2), (slot::R, 3)]);
    for i in 0..5 {
        m.set_name(slot::p(i), Some(4 + i as Vertex));
    }
    (board(&red, &blue), m)
}

#[test]
fn modified_k3_first_edge_admits_both_readings_of_smallest_s_degrees() {
    let (p, m) = stage4_board();
    // Free pairs of P: 5-6 has S-degrees (3, 3), 4-7 has (2, 4): neither
    // beats the other in both; 4-8 (2, 5) and the rest are beaten.
    let (choices, k4) = at(&p, &m, Some(e(8, 28)));
    assert_eq!(edges(&choices), vec![e(5, 6), e(4, 7)]);
    assert_eq!(choices[0], k4, "k4: smallest sum, then smallest maximum");
    assert!(!edges(&choices).contains(&e(4, 8)), "a beaten pair is not admissible");
}

#[test]
fn modified_k3_without_l_r_leaves_the_last_case_open() {
    // P = 4..8, no claimed edge in P but the red f = 4-5, equal S-degrees,
    // his last edge elsewhere: case 4. With l, r = 2, 3 only vertices
    // neighbouring both count; without (Stage 6) every pair x y does.
    let mut red = vec![(0, 4), (0, 5), (0, 6), (0, 7), (0, 8), (4, 5)];
    red.push((2, 6));
    let p = board(&red, &[(20, 21)]);
    let ps = [4, 5, 6, 7, 8];
    let with = modified_k3::move_options(&p, Some(e(20, 21)), ps, [2, 3], true).unwrap();
    assert_eq!(with, vec![e(4, 6), e(5, 6)]);
    let without = modified_k3::move_options(&p, Some(e(20, 21)), ps, [2, 3], false).unwrap();
    assert_eq!(without.len(), 6);
    assert_eq!(without[..2], with[..], "k4's reading first");
    assert!(without.contains(&e(4, 7)) && without.contains(&e(5, 8)));
    assert_eq!(modified_k3::move_on(&p, Some(e(20, 21)), ps, [2, 3]).unwrap(), with[0]);
}

#[test]
fn stage6_offers_every_realised_promising_graph() {
    // Hub 0, triangle 0 1 2, p_i = 10..14 joined to 0: realised promising
    // graphs of several types, with different lines of her moves.
    let mut red = vec![(0, 1), (0, 2), (1, 2)];
    red.extend((10..15).map(|x| (0, x)));
    let p = board(&red, &[(8, 9)]);
    let mut m = named(6, &[(slot::A, 1), (slot::B, 2), (slot::C, 0)]);
    for i in 0..5 {
        m.set_name(slot::p(i), Some(10 + i as Vertex));
    }
    let (choices, k4) = at(&p, &m, Some(e(8, 9)));
    assert_eq!(choices[0], k4);
    assert!(
        choices.len() > 1,
        "more than one promising graph: {:?}",
        edges(&choices)
    );
    let plans: std::collections::BTreeSet<u32> = choices.iter().map(|c| c.memory.words[PLAN]).collect();
    assert!(plans.len() > 1, "plans of different types are offered: {plans:?}");
    for c in &choices {
        assert!(
            c.edge.touches(1) || c.edge.touches(2),
            "every line starts at b or c: {:?}",
            c.edge
        );
    }
}

#[test]
fn figure6_entry_leaves_the_hub_open_and_k4_reads_it_first() {
    let mut hubs_seen = 0;
    for p in parse(FIGURE6).unwrap() {
        let canon = canonical_form(&p, &memory_in(2), None);
        let (choices, k4) = at(&canon.position, &canon.memory, None);
        assert_eq!(choices[0], k4, "k4's Figure 6 entry is the first reading");
        let triangle: Vec<Vertex> = (0..canon.position.touched().count_ones() as Vertex)
            .filter(|&v| choices.iter().any(|c| c.memory.name(slot::C) == Some(v)))
            .collect();
        assert!(choices.iter().all(|c| c.memory.words[STAGE] == 6));
        assert!(choices.len() <= 3);
        hubs_seen = hubs_seen.max(triangle.len());
    }
    assert_eq!(hubs_seen, 3, "some Figure 6 position has three non-isomorphic hubs");
}

#[test]
fn forced_rules_give_one_move_and_dead_ends_stay_errors() {
    // Stage 3, p0 = 4 joined to m = 0, he answered elsewhere: n p0 only.
    let red = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (0, 4)];
    let m = named(
        3,
        &[(slot::M, 0), (slot::N, 1), (slot::L, 2), (slot::R, 3), (slot::p(0), 4)],
    );
    let (choices, k4) = at(&board(&red, &[(2, 3), (5, 6)]), &m, Some(e(5, 6)));
    assert_eq!(edges(&choices), vec![e(1, 4)]);
    assert_eq!(choices[0], k4);
    // He took both l p0 and r p0: no rule of Stage 3 applies, for any reading.
    let p = board(&red, &[(2, 3), (2, 4), (3, 4)]);
    let view = View {
        game: Game::clique(4),
        position: &p,
        memory: &m,
        last_reply: Some(e(3, 4)),
    };
    assert!(AsWritten.choices(&view).is_err());
}

#[test]
fn choices_depend_only_on_the_canonical_situation() {
    let p = board(&[(0, 1), (0, 2), (1, 2)], &[(1, 4), (2, 5), (5, 6)]);
    let shuffle = |v: Vertex| [6, 3, 0, 9, 2, 1, 5, 4, 7, 8][v as usize];
    let q = p.relabel(shuffle);
    let a = canonical_form(&p, &memory_in(2), Some(e(5, 6)));
    let b = canonical_form(&q, &memory_in(2), Some(e(shuffle(5), shuffle(6))));
    assert_eq!(a.key, b.key);
    let (ca, _) = at(&a.position, &a.memory, a.marked);
    let (cb, _) = at(&b.position, &b.memory, b.marked);
    assert_eq!(ca, cb);
}

#[test]
fn single_choice_strategies_keep_their_one_move() {
    let p = board(&[(0, 1), (0, 2), (1, 2)], &[(1, 4), (2, 5), (5, 6)]);
    let m = memory_in(2);
    let view = View {
        game: Game::clique(4),
        position: &p,
        memory: &m,
        last_reply: Some(e(5, 6)),
    };
    let k4 = by_name("k4").unwrap();
    assert_eq!(k4.choices(&view).unwrap(), vec![k4.play(&view).unwrap()]);
    assert!(by_name("k4-as-written").is_ok(), "registered");
}

#[test]
fn play_is_k4s_move_so_the_search_on_play_matches_k4() {
    use ramsey_verify::core::board::Board;
    use ramsey_verify::verify::{verify, Request};
    let k4 = verify(by_name("k4").unwrap().as_ref(), &Request::new(Board::Infinite, 21, 1)).unwrap();
    let first = verify(&AsWritten, &Request::new(Board::Infinite, 21, 1)).unwrap();
    assert_eq!(
        (first.verdict, first.positions, &first.line),
        (k4.verdict, k4.positions, &k4.line)
    );
}

/// `k4-as-written` with one reading of the Figure 6 entry fixed: at the
/// switch (her 5th move, Stage 2 with several options) it keeps option
/// `reading` (0: hub = the F-degree-3 vertex, `k4`'s; 1, 2: another
/// triangle vertex), or the last one if there are fewer; every other
/// choice stays open.
struct EntryReading(usize);

impl Strategy for EntryReading {
    fn name(&self) -> &'static str {
        "k4-as-written-entry"
    }
    fn description(&self) -> &'static str {
        "k4-as-written with the Figure 6 entry fixed"
    }
    fn game(&self) -> Game {
        AsWritten.game()
    }
    fn initial_memory(&self) -> Memory {
        AsWritten.initial_memory()
    }
    fn play(&self, view: &View) -> Result<Move, ramsey_verify::verify::strategy::StrategyError> {
        Ok(self.choices(view)?.swap_remove(0))
    }
    fn choices(&self, view: &View) -> Result<Vec<Move>, ramsey_verify::verify::strategy::StrategyError> {
        let mut all = AsWritten.choices(view)?;
        if view.memory.words[STAGE] == 2 && all.len() > 1 && all.iter().all(|m| m.memory.words[STAGE] == 6) {
            let keep = self.0.min(all.len() - 1);
            return Ok(vec![all.swap_remove(keep)]);
        }
        Ok(all)
    }
    fn completes_when_possible(&self) -> bool {
        true
    }
    fn phase(&self, memory: &Memory) -> &'static str {
        AsWritten.phase(memory)
    }
    fn slot_names(&self) -> &'static [&'static str] {
        AsWritten.slot_names()
    }
}

/// Where each reading of the Figure 6 entry runs out, every other choice
/// left to her (`--choices some`): the line the search reports, printed
/// with `-- --nocapture`. All three readings are refuted.
#[test]
fn every_reading_of_the_figure6_entry_is_refuted() {
    use ramsey_verify::core::board::Board;
    use ramsey_verify::verify::search::Choices;
    use ramsey_verify::verify::{verify, Request, Verdict};
    for reading in 0..3 {
        let request = Request {
            choices: Choices::Some,
            ..Request::new(Board::Infinite, 21, 1)
        };
        let report = verify(&EntryReading(reading), &request).unwrap();
        println!(
            "reading {reading}: {:?}, {} positions, {} of his moves\n{}",
            report.verdict,
            report.positions,
            report.line.count(ramsey_verify::core::board::Player::Second),
            report.line.to_text(Game::clique(4))
        );
        assert_eq!(report.verdict, Verdict::Refuted, "reading {reading}");
    }
}

/// Each derived Figure 6 position (after round 4, her 5th move next) under
/// `--choices some`: does some resolution of her options win from it within
/// the bound? Printed with `-- --nocapture` (the value of each option,
/// `Value::Fail` with the kind of failure). Finding pinned here: from every
/// one of the five, every resolution loses.
#[test]
fn figure6_positions_under_every_resolution() {
    use ramsey_verify::core::board::{Board, Player};
    use ramsey_verify::core::graph6::encode_position;
    use ramsey_verify::verify::search::{Choices, Value};
    use ramsey_verify::verify::{new_search, Request};
    let request = Request {
        choices: Choices::Some,
        ..Request::new(Board::Infinite, 21, 1)
    };
    let (mut lost, figure6) = (0, parse(FIGURE6).unwrap());
    for p in &figure6 {
        let canon = canonical_form(p, &memory_in(2), None);
        let (choices, _) = at(&canon.position, &canon.memory, None);
        let values: Vec<Value> = choices
            .iter()
            .map(|c| {
                let after = canon.position.with(c.edge, Player::First).unwrap();
                new_search(&AsWritten, &request)
                    .value(&canonical_form(&after, &c.memory, None))
                    .unwrap()
            })
            .collect();
        let won = values.iter().any(|v| matches!(v, Value::Win(_)));
        lost += usize::from(!won);
        println!("{}: {} options: {values:?}", encode_position(p), choices.len());
    }
    assert_eq!(lost, figure6.len());
}
