//! The K4 building strategy (strategies/k4/): each stage's rules on
//! hand-made positions, one complete stage subtree certified by the search,
//! and the regular strategy refuted.

use ramsey_verify::core::board::{Board, Edge, Player, Position, Vertex};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::core::memory::Memory;
use ramsey_verify::strategies::by_name;
use ramsey_verify::strategies::k4::fixtures::end_of_stage3;
use ramsey_verify::strategies::k4::{
    memory_in, modified_k3, slot, stage2, stage3, stage5, stage6, standing, K4Strategy, Variant, PENDING, PLAN,
    PLAN_TRIANGLE, STAGE,
};
use ramsey_verify::verify::search::{Search, Value};
use ramsey_verify::verify::strategy::{Game, View};
use ramsey_verify::verify::{verify, Request, Verdict};

fn e(u: Vertex, v: Vertex) -> Edge {
    Edge::new(u, v)
}

fn board(red: &[(Vertex, Vertex)], blue: &[(Vertex, Vertex)]) -> Position {
    let mut p = Position::empty(Board::Infinite);
    for &(u, v) in red {
        p.claim(e(u, v), Player::First).unwrap();
    }
    for &(u, v) in blue {
        p.claim(e(u, v), Player::Second).unwrap();
    }
    p
}

fn view<'a>(position: &'a Position, memory: &'a Memory, last: Option<Edge>) -> View<'a> {
    View {
        game: Game::clique(4),
        position,
        memory,
        last_reply: last,
    }
}

fn named(stage: u32, names: &[(usize, Vertex)]) -> Memory {
    let mut m = memory_in(stage);
    for &(s, v) in names {
        m.set_name(s, Some(v));
    }
    m
}

#[test]
fn standing_assumption_wins_before_it_blocks() {
    // Red K4^- on 0..3 missing 2-3; blue K4^- on 4..7 missing 6-7.
    let red = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)];
    let blue = [(4, 5), (4, 6), (4, 7), (5, 6), (5, 7)];
    assert_eq!(standing::override_move(&board(&red, &blue)), Some(e(2, 3)));
    assert_eq!(standing::override_move(&board(&[(0, 1)], &blue)), Some(e(6, 7)));
    assert_eq!(standing::override_move(&board(&[(0, 1)], &[(4, 5)])), None);
}

#[test]
fn stage2_claims_a_k4_minus_and_names_l_r() {
    let p = board(&[(0, 1), (0, 2), (1, 2), (2, 3)], &[(4, 5), (5, 6), (6, 7), (7, 8)]);
    let mut m = memory_in(2);
    assert_eq!(stage2::play(&p, &mut m).unwrap(), e(0, 3));
    assert_eq!(m.words[STAGE], 3);
    assert_eq!(m.words[PENDING], 1);
    assert_eq!((m.name(slot::L), m.name(slot::R)), (Some(1), Some(3)));
}

#[test]
fn stage2_extends_the_triangle_vertex_of_largest_s_degree() {
    let p = board(&[(0, 1), (0, 2), (1, 2)], &[(1, 5), (1, 6), (2, 7)]);
    let mut m = memory_in(2);
    assert_eq!(stage2::play(&p, &mut m).unwrap(), e(1, 3));
    assert_eq!(m.words[STAGE], 2);
}

#[test]
fn stage2_switches_on_figure5_positions_that_fit_the_degree_facts() {
    use ramsey_verify::strategies::k4::figures::{parse, FIGURE5};
    let fig5 = parse(FIGURE5).unwrap();
    let mut fitting = 0;
    for p in &fig5 {
        assert_eq!((p.edge_count(Player::First), p.edge_count(Player::Second)), (5, 5));
        let mut m = memory_in(2);
        stage2::switch(Variant::Regular, p, &mut m);
        assert_eq!(m.words[STAGE], 2, "the regular strategy never switches");
        stage2::switch(Variant::Full, p, &mut m);
        let fits = stage5::enter(p).is_some();
        assert_eq!(m.words[STAGE], if fits { 5 } else { 2 });
        fitting += usize::from(fits);
    }
    // Section 4 / Figure 5: four positions with c (F 3, S 2), a (F 3), p0 (F 1, S 1).
    assert_eq!(fitting, 4, "derived positions that fit the paper's degree facts");
    let mut m = memory_in(2);
    stage2::switch(Variant::Full, &board(&[(0, 1)], &[(2, 3)]), &mut m);
    assert_eq!(m.words[STAGE], 2);
}

#[test]
fn stage2_switches_to_stage6_on_figure6_positions() {
    use ramsey_verify::strategies::k4::figures::{parse, FIGURE6};
    let fig6 = parse(FIGURE6).unwrap();
    assert!(!fig6.is_empty());
    for p in &fig6 {
        assert_eq!((p.edge_count(Player::First), p.edge_count(Player::Second)), (4, 4));
        // Section 4, Figure 6: p0 has F-degree 1, a has F-degree 3.
        let memory = stage6::enter_from_stage2(p, stage6::Figure6Entry::Paper).expect("the degree facts fit");
        let (hub, p0) = (memory.name(slot::C).unwrap(), memory.name(slot::p(0)).unwrap());
        assert_eq!((p.f_degree(hub), p.f_degree(p0)), (3, 1));
        for variant in [
            Variant::Full,
            Variant::Repaired,
            Variant::FreshP,
            Variant::OtherHub,
            Variant::Forcing,
        ] {
            let mut m = memory_in(2);
            stage2::switch(variant, p, &mut m);
            assert_eq!(m.words[STAGE], 6, "{variant:?}");
        }
        let mut m = memory_in(2);
        stage2::switch(Variant::Regular, p, &mut m);
        assert_eq!(m.words[STAGE], 2);
    }
}

/// K4^- on m=0, n=1, l=2, r=3 (blue l-r), with `extra` edges.
fn stage3_board(red: &[(Vertex, Vertex)], blue: &[(Vertex, Vertex)]) -> Position {
    let mut r = vec![(0, 1), (0, 2), (0, 3), (1, 2), (1, 3)];
    r.extend_from_slice(red);
    let mut b = vec![(2, 3)];
    b.extend_from_slice(blue);
    board(&r, &b)
}

#[test]
fn stage3_m_is_the_vertex_in_a_blue_triangle() {
    // Candidates 0 and 1; 1 lies in the blue triangle 1-8-9.
    let p = stage3_board(&[], &[(1, 8), (1, 9), (8, 9), (0, 10), (0, 11)]);
    let mut m = named(3, &[(slot::M, 0), (slot::N, 1), (slot::L, 2), (slot::R, 3)]);
    m.words[PENDING] = 1;
    let edge = stage3::play(&view(&p, &m.clone(), None), &mut m).unwrap();
    assert_eq!(m.name(slot::M), Some(1), "blue triangle beats S-degree");
    assert_eq!(edge, e(1, 4));
    assert_eq!(m.name(slot::p(0)), Some(4));
}

#[test]
fn stage3_rules_for_the_latest_p() {
    let names = [(slot::M, 0), (slot::N, 1), (slot::L, 2), (slot::R, 3), (slot::p(0), 4)];
    let m = named(3, &names);
    let play = |blue: &[(Vertex, Vertex)]| {
        let p = stage3_board(&[(0, 4)], blue);
        let mut mem = m.clone();
        (stage3::play(&view(&p, &m, None), &mut mem).unwrap(), mem)
    };
    let (edge, mem) = play(&[(1, 4)]);
    assert_eq!((edge, mem.name(slot::p(1))), (e(0, 5), Some(5)), "n p0 blue: next p");
    assert_eq!(play(&[(2, 4)]).0, e(3, 4), "l p0 blue: claim r p0");
    assert_eq!(play(&[(3, 4)]).0, e(2, 4), "r p0 blue: claim l p0");
    assert_eq!(play(&[(7, 8)]).0, e(1, 4), "no answer: claim n p0");
}

#[test]
fn modified_k3_first_edge_takes_the_smallest_s_degrees() {
    let p = board(&[], &[(10, 11), (10, 12), (11, 13)]);
    let ps = [10, 11, 12, 13, 14];
    // S-degrees 2, 2, 1, 1, 0: the free pair with the smallest sum is 12-14 or 13-14.
    assert_eq!(modified_k3::move_on(&p, None, ps, [0, 1]).unwrap(), e(12, 14));
}

#[test]
fn modified_k3_second_edge_follows_his_edge() {
    let ps = [10, 11, 12, 13, 14];
    let p = board(&[(10, 11)], &[(11, 12)]);
    // His edge meets f at 11: join 11 to a vertex fresh in G[P] (13 or 14).
    assert_eq!(
        modified_k3::move_on(&p, Some(e(11, 12)), ps, [0, 1]).unwrap(),
        e(11, 13)
    );
    let p = board(&[(10, 11)], &[(12, 13)]);
    // His edge inside P away from f: f's vertex to his edge's vertex.
    assert_eq!(
        modified_k3::move_on(&p, Some(e(12, 13)), ps, [0, 1]).unwrap(),
        e(10, 12)
    );
}

#[test]
fn modified_k3_third_edge_makes_two_threats() {
    // Hub 0 joined to P = 10..14; her path 10-11-12 in P, 10-12 blue.
    let mut red: Vec<(Vertex, Vertex)> = (10..15).map(|p| (0, p)).collect();
    red.extend([(10, 11), (11, 12)]);
    let p = board(&red, &[(10, 12)]);
    let edge = modified_k3::move_on(&p, Some(e(10, 12)), [10, 11, 12, 13, 14], [1, 2]).unwrap();
    assert_eq!(edge, e(11, 13), "x v with x = 13, v = 11");
    assert!(p.with(edge, Player::First).unwrap().has_double_threat(Player::First, 4));
}

/// Triangle a=1, b=2, c=0; c-p0 with p0=3; a-5 pendant; blue c-6, c-7, p0-8.
fn stage5_board() -> Position {
    board(
        &[(0, 1), (0, 2), (1, 2), (0, 3), (1, 5)],
        &[(0, 6), (0, 7), (3, 8), (9, 10), (11, 12)],
    )
}

#[test]
fn stage5_names_by_degrees_and_hands_over_to_stage3() {
    let p = stage5_board();
    let mut m = stage5::enter(&p).expect("degree facts fit");
    let names: Vec<_> = [slot::A, slot::B, slot::C, slot::p(0)]
        .iter()
        .map(|&s| m.name(s))
        .collect();
    assert_eq!(names, vec![Some(1), Some(2), Some(0), Some(3)]);
    assert_eq!(stage5::play(&p, &mut m).unwrap(), e(0, 4), "c p1 for a fresh p1");
    let p = p
        .with(e(0, 4), Player::First)
        .unwrap()
        .with(e(20, 21), Player::Second)
        .unwrap();
    assert_eq!(
        stage5::play(&p, &mut m).unwrap(),
        e(1, 4),
        "a p1 when a p1, b p1 are free"
    );
    assert_eq!(m.words[STAGE], 3);
    assert_eq!(
        (m.name(slot::M), m.name(slot::N), m.name(slot::R)),
        (Some(0), Some(1), Some(4))
    );
}

#[test]
fn stage5_goes_on_to_p2_and_stage6() {
    let p = stage5_board().with(e(0, 4), Player::First).unwrap();
    let p = p.with(e(2, 4), Player::Second).unwrap();
    let mut m = stage5::enter(&stage5_board()).unwrap();
    m.set_name(slot::p(1), Some(4));
    assert_eq!(stage5::play(&p, &mut m).unwrap(), e(0, 13), "b p1 blue: c p2");
    let p = p
        .with(e(0, 13), Player::First)
        .unwrap()
        .with(e(4, 13), Player::Second)
        .unwrap();
    assert_eq!(stage5::play(&p, &mut m).unwrap(), e(0, 14), "p1 p2 blue: c p3");
    assert_eq!(m.words[STAGE], 6);
}

#[test]
fn stage6_adds_p_vertices_then_builds_the_triangle() {
    let p = board(&[(0, 1), (0, 2), (1, 2), (0, 3)], &[(1, 5), (1, 6), (2, 7), (8, 9)]);
    let mut m = named(6, &[(slot::A, 1), (slot::B, 2), (slot::C, 0), (slot::p(0), 3)]);
    let before = m.clone();
    let v = view(&p, &before, None);
    assert_eq!(
        stage6::play(&v, &mut m, stage6::Rules::PAPER).unwrap(),
        e(0, 4),
        "rule (d): c p1"
    );
    let mut red = vec![(0, 1), (0, 2), (1, 2)];
    red.extend((10..15).map(|x| (0, x)));
    let mut m = named(6, &[(slot::A, 1), (slot::B, 2), (slot::C, 0)]);
    for i in 0..5 {
        m.set_name(slot::p(i), Some(10 + i as Vertex));
    }
    // Hub 0 with the red edge 1-2 and free 1-p, 2-p: a promising graph of
    // type 2 (rule (b)) comes before rule (c).
    let p = board(&red, &[(8, 9)]);
    let (before, mut after) = (m.clone(), m.clone());
    let edge = stage6::play(&view(&p, &before, None), &mut after, stage6::Rules::PAPER).unwrap();
    assert!(edge.touches(1) || edge.touches(2), "rule (b) plays c d, got {edge:?}");
    assert!(after.words[PLAN] > PLAN_TRIANGLE, "a promising plan is saved");
    let blue: Vec<(Vertex, Vertex)> = (10..15).flat_map(|x| [(1, x), (2, x)]).collect();
    let p = board(&red, &blue);
    assert_eq!(
        stage6::play(&view(&p, &before, None), &mut m, stage6::Rules::PAPER).unwrap(),
        e(10, 11),
        "rule (c)"
    );
    assert_eq!(m.words[PLAN], PLAN_TRIANGLE);
}

#[test]
fn stage4_subtree_is_certified_by_the_search() {
    let k4 = K4Strategy { variant: Variant::Full };
    let (position, memory) = end_of_stage3();
    let search = Search::new(&k4, Board::Infinite, 21);
    let value = search.value(&canonical_form(&position, &memory, None));
    let Ok(Value::Win(moves)) = value else {
        panic!("Stage 3/4 subtree fails: {value:?}")
    };
    assert!(moves > 10 && moves <= 21, "she wins within the bound ({moves} moves)");
    assert!(search.positions() > 10, "the whole subtree was searched");
}

#[test]
fn stage4_subtree_fails_with_a_tight_bound() {
    let k4 = K4Strategy { variant: Variant::Full };
    let (position, memory) = end_of_stage3();
    let search = Search::new(&k4, Board::Infinite, 12);
    assert!(matches!(
        search.value(&canonical_form(&position, &memory, None)),
        Ok(Value::Fail { .. })
    ));
}

#[test]
fn regular_strategy_is_refuted() {
    let regular = by_name("k4-regular").unwrap();
    let request = Request::new(Board::Infinite, 21, 1);
    let report = verify(regular.as_ref(), &request).unwrap();
    assert_eq!(report.verdict, Verdict::Refuted);
    assert!(
        report.line.count(Player::Second) >= 5,
        "no refutation before Stage 2 ends"
    );
}

#[test]
fn phases_and_slot_names() {
    let k4 = by_name("k4").unwrap();
    assert_eq!(k4.phase(&memory_in(3)), "stage 3");
    assert_eq!(k4.slot_names()[slot::p(4)], "p4");
    assert_eq!(k4.slot_names().len(), slot::COUNT);
}

/// Refuted K4 runs cancel subtrees in parallel (a failure recorded under a
/// cancelled ancestor once tripped an `unreachable!`): the reports must be
/// identical for one and two threads.
#[test]
fn refutations_do_not_depend_on_the_thread_count() {
    for name in ["k4-regular", "k4"] {
        let strategy = by_name(name).unwrap();
        let one = verify(strategy.as_ref(), &Request::new(Board::Infinite, 21, 1)).unwrap();
        for _ in 0..3 {
            let two = verify(strategy.as_ref(), &Request::new(Board::Infinite, 21, 2)).unwrap();
            assert_eq!(one.verdict, two.verdict, "{name}");
            assert_eq!(one.positions, two.positions, "{name}");
            assert_eq!(one.line, two.line, "{name}");
        }
    }
}

#[test]
fn repaired_stage6_builds_on_five_independent_p_among_more() {
    let mut red = vec![(0, 1), (0, 2), (1, 2)];
    red.extend((10..16).map(|x| (0, x)));
    let mut blue: Vec<(Vertex, Vertex)> = (10..16).flat_map(|x| [(1, x), (2, x)]).collect();
    blue.push((10, 11));
    let p = board(&red, &blue);
    let mut m = named(6, &[(slot::A, 1), (slot::B, 2), (slot::C, 0)]);
    for i in 0..5 {
        m.set_name(slot::p(i), Some(10 + i as Vertex));
    }
    let before = m.clone();
    let mut paper = m.clone();
    assert!(
        stage6::play_without_promising(&view(&p, &before, None), &mut paper, 5).is_err(),
        "the paper's Stage 6 is stuck"
    );
    assert_eq!(
        stage6::play_without_promising(&view(&p, &before, None), &mut m, 8).unwrap(),
        e(0, 3),
        "a sixth p"
    );
    m.set_name(slot::p(5), Some(15));
    let before = m.clone();
    stage6::play_without_promising(&view(&p, &before, None), &mut m, 8).unwrap();
    assert_eq!(m.words[PLAN], PLAN_TRIANGLE);
    let chosen: Vec<_> = (0..5).map(|i| m.name(slot::p(i)).unwrap()).collect();
    assert_eq!(
        chosen,
        vec![10, 12, 13, 14, 15],
        "p0 and the first four p_i not joined to it"
    );
}

/// The Figure 6 entries of the variants (README: `k4-fresh-p`,
/// `k4-other-hub`): same triangle, different hub and `p_i`.
#[test]
fn figure6_entry_variants_name_the_hub_and_p0_as_documented() {
    use ramsey_verify::strategies::k4::figures::{parse, FIGURE6};
    use stage6::Figure6Entry;
    for p in &parse(FIGURE6).unwrap() {
        let fresh = stage6::enter_from_stage2(p, Figure6Entry::FreshP).unwrap();
        assert_eq!(p.f_degree(fresh.name(slot::C).unwrap()), 3);
        assert_eq!(fresh.name(slot::p(0)), None, "p0 is not one of the p_i");
        let other = stage6::enter_from_stage2(p, Figure6Entry::OtherHub).unwrap();
        let hub = other.name(slot::C).unwrap();
        assert_eq!(p.f_degree(hub), 2, "the hub is not the F-degree-3 vertex");
        assert_eq!(
            p.f_degree(other.name(slot::A).unwrap()) + p.f_degree(other.name(slot::B).unwrap()),
            5
        );
        assert_eq!(other.name(slot::p(0)), None);
    }
    assert_eq!(Variant::Full.stage6_rules(), stage6::Rules::PAPER);
    assert_ne!(Variant::Forcing.stage6_rules(), stage6::Rules::PAPER);
}

/// Negative tests: the Figure 6 readings without the paper's `p0` are
/// refuted at bound 21 (README, Results), in well under a second.
#[test]
fn figure6_entry_variants_are_refuted() {
    for name in ["k4-fresh-p", "k4-other-hub"] {
        let strategy = by_name(name).unwrap();
        let report = verify(strategy.as_ref(), &Request::new(Board::Infinite, 21, 1)).unwrap();
        assert_eq!(report.verdict, Verdict::Refuted, "{name}");
    }
}

/// Stage 5 hands over to Stage 3 with `r = p_i`, so the modified K3
/// strategy may get an `r` inside `P`; its fourth second-edge case counts
/// neighbours among `l, r` and must not pair `r` with itself (it panicked).
#[test]
fn modified_k3_second_edge_accepts_r_inside_p() {
    let p = board(&[(0, 1)], &[(10, 11)]);
    let edge = modified_k3::move_on(&p, None, [0, 1, 2, 3, 4], [5, 2]).unwrap();
    assert!(
        edge.touches(0) || edge.touches(1),
        "the second edge meets the first: {edge:?}"
    );
}
