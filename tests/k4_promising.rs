//! The six promising-graph types of Figure 3 (Lemma 4.2), as reconstructed
//! in strategies/k4/promising.rs: detection, the forcing lines, and the
//! engine's verdict on every reply of his.

use ramsey_verify::core::board::{Board, Edge, Player, Position, Vertex};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::core::memory::Memory;
use ramsey_verify::strategies::k4::promising::{
    find_plan, forcing_line, forcing_lines, is_forcing_line, lemma_conditions, next_move, BlueRule, Detection, Plan,
    PlanKind, PlanSlots, PromisingType, MAX_LINE, PLAN_NAME_SLOTS, TYPES, TYPE_5, TYPE_6,
};
use ramsey_verify::verify::search::{FailKind, Search, Value};
use ramsey_verify::verify::strategy::{Game, Move, Strategy, StrategyError, View};
use rand::{Rng, SeedableRng};

const SLOTS: PlanSlots = PlanSlots { word: 0, first_name: 0 };
const EXACT: Detection = Detection::Paper(BlueRule::Exact);
const RELAXED: Detection = Detection::Paper(BlueRule::MayBeFree);
const SEARCHED: Detection = Detection::ForcingLines { max_moves: MAX_LINE };

/// Plays only the line: completes her threat if she has one, else the
/// saved plan's next move (finding a plan first if none is saved). It never
/// blocks his threats, so a line that lets him threaten loses.
struct LinePlayer {
    detection: Detection,
}

impl Strategy for LinePlayer {
    fn name(&self) -> &'static str {
        "test-line"
    }
    fn description(&self) -> &'static str {
        "plays a promising graph's forcing line"
    }
    fn game(&self) -> Game {
        Game::clique(4)
    }
    fn initial_memory(&self) -> Memory {
        Memory::new(1, PLAN_NAME_SLOTS)
    }
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        let mut memory = view.memory.clone();
        if let Some(&edge) = view.position.threats(Player::First, 4).first() {
            return Ok(Move { edge, memory });
        }
        let plan = match Plan::load(&memory, SLOTS) {
            Some(plan) => plan,
            None => find_plan(view.position, self.detection).ok_or(no_rule("no plan"))?,
        };
        plan.save(&mut memory, SLOTS);
        let edge = next_move(&plan, view.position).ok_or(no_rule("plan broken"))?;
        Ok(Move { edge, memory })
    }
}

fn no_rule(why: &str) -> StrategyError {
    StrategyError::RuleDoesNotApply(why.into())
}

/// The type realised at vertices 0.. of an otherwise empty K_aleph0.
fn realised(ty: &PromisingType) -> Position {
    let mut position = Position::empty(Board::Infinite);
    ty.realise(&mut position, &identity(ty));
    position
}

fn identity(ty: &PromisingType) -> Vec<Vertex> {
    (0..ty.size() as Vertex).collect()
}

fn edge((i, j): (usize, usize)) -> Edge {
    Edge::new(i as Vertex, j as Vertex)
}

fn paper_line(ty: &PromisingType) -> Vec<Edge> {
    ty.move_pairs().into_iter().map(edge).collect()
}

/// Her total number of moves if the proof's line is played out: the
/// type's red edges, the line, and the completing move.
fn proof_total(ty: &PromisingType) -> u32 {
    (ty.red_pairs().len() + ty.move_pairs().len() + 1) as u32
}

/// The engine's value after her first move from `position` (her turn),
/// with `memory` as her memory, against every reply of his; `None` if she
/// has no legal first move (e.g. the memory names an untouched vertex).
fn try_value(position: &Position, memory: &Memory, detection: Detection, bound: u32) -> Option<Value> {
    let player = LinePlayer { detection };
    value_on(&Search::new(&player, Board::Infinite, bound), position, memory)
}

fn value_on(search: &Search, position: &Position, memory: &Memory) -> Option<Value> {
    let (edge, memory) = search.her_turn(position, memory, None).ok()?;
    let after = position.with(edge, Player::First).unwrap();
    if after.has_clique(Player::First, 4) {
        return Some(Value::Win(after.edge_count(Player::First) as u32));
    }
    Some(search.value(&canonical_form(&after, &memory, None)).unwrap())
}

fn value(position: &Position, memory: &Memory, detection: Detection, bound: u32) -> Value {
    try_value(position, memory, detection, bound).expect("she has a first move")
}

/// Memory holding the type's own plan at the identity roles.
fn fixed_plan(ty: &PromisingType) -> Memory {
    let mut memory = LinePlayer { detection: EXACT }.initial_memory();
    let plan = Plan {
        kind: PlanKind::Promising(ty.number),
        vertices: identity(ty),
    };
    plan.save(&mut memory, SLOTS);
    memory
}

fn empty_memory() -> Memory {
    LinePlayer { detection: EXACT }.initial_memory()
}

fn without(position: &Position, gone: Edge) -> Position {
    let mut out = Position::empty(position.board().clone());
    for player in [Player::First, Player::Second] {
        for e in position.edges(player).into_iter().filter(|&e| e != gone) {
            out.claim(e, player).unwrap();
        }
    }
    out
}

#[test]
fn type_tables_are_consistent() {
    for ty in &TYPES {
        let mut all = ty.red_pairs();
        all.extend(ty.blue_pairs());
        all.extend(ty.move_pairs());
        all.extend(ty.answer_pairs());
        all.extend(ty.final_pairs());
        let mut seen: Vec<Edge> = all.iter().map(|&p| edge(p)).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), all.len(), "type {} uses a pair twice", ty.number);
        assert_eq!(ty.answer_pairs().len() + 1, ty.move_pairs().len());
        assert!(ty.move_pairs().len() <= MAX_LINE);
        let position = realised(ty);
        assert!(position.threats(Player::First, 4).is_empty());
        assert!(position.threats(Player::Second, 4).is_empty());
        assert_forced_as_listed(ty, position);
    }
}

/// Each move of the line makes exactly one threat, whose missing edge is
/// the listed answer; the last move threatens (at least) the listed finals.
fn assert_forced_as_listed(ty: &PromisingType, mut position: Position) {
    let answers = ty.answer_pairs().into_iter().map(edge).map(Some);
    for (her, his) in paper_line(ty).into_iter().zip(answers.chain([None])) {
        position.claim(her, Player::First).unwrap();
        let threats = position.threats(Player::First, 4);
        match his {
            Some(his) => {
                assert_eq!(threats, vec![his], "type {} after {her}", ty.number);
                position.claim(his, Player::Second).unwrap();
            }
            None => {
                for f in ty.final_pairs() {
                    assert!(threats.contains(&edge(f)), "type {}: final threat {f:?}", ty.number);
                }
            }
        }
    }
}

#[test]
fn each_type_is_detected_with_its_own_line() {
    for ty in &TYPES {
        let canon = canonical_form(&realised(ty), &Memory::default(), None).position;
        let plan = find_plan(&canon, EXACT).expect("detected");
        assert_eq!(plan.kind, PlanKind::Promising(ty.number));
        assert!(is_forcing_line(&canon, &plan.moves()), "type {}", ty.number);
        let relaxed = find_plan(&canon, RELAXED).expect("detected with blue edges optional");
        assert_eq!(relaxed.moves().len(), ty.move_pairs().len(), "type {}", ty.number);
    }
}

#[test]
fn each_line_wins_in_exactly_the_proofs_number_of_moves_against_every_reply() {
    for ty in &TYPES {
        let position = realised(ty);
        let total = proof_total(ty);
        for detection in [EXACT, RELAXED, SEARCHED] {
            let won = value(&position, &empty_memory(), detection, total);
            assert_eq!(won, Value::Win(total), "type {} with {detection:?}", ty.number);
            let short = value(&position, &empty_memory(), detection, total - 1);
            assert!(
                matches!(
                    short,
                    Value::Fail {
                        kind: FailKind::BoundExceeded,
                        ..
                    }
                ),
                "type {}: he can make her play the whole line, got {short:?}",
                ty.number
            );
        }
    }
}

#[test]
fn forcing_line_search_finds_every_types_line_and_nothing_shorter() {
    for ty in &TYPES {
        let position = realised(ty);
        let length = ty.move_pairs().len();
        let line = paper_line(ty);
        assert!(is_forcing_line(&position, &line), "type {}", ty.number);
        assert!(forcing_lines(&position, length).contains(&line), "type {}", ty.number);
        assert_eq!(forcing_line(&position, MAX_LINE).map(|l| l.len()), Some(length));
        assert_eq!(
            forcing_line(&position, length - 1),
            None,
            "type {} is redundant",
            ty.number
        );
    }
}

#[test]
fn an_unclaimed_blue_edge_does_not_hurt_the_line() {
    for ty in &TYPES {
        for pair in ty.blue_pairs() {
            let position = without(&realised(ty), edge(pair));
            let won = value(&position, &fixed_plan(ty), EXACT, proof_total(ty));
            assert!(
                matches!(won, Value::Win(_)),
                "type {} without {pair:?}: {won:?}",
                ty.number
            );
            assert!(
                find_plan(&position, RELAXED).is_some(),
                "type {} without {pair:?}",
                ty.number
            );
            let exact = find_plan(&position, EXACT).map(|p| p.kind);
            assert_ne!(
                exact,
                Some(PlanKind::Promising(ty.number)),
                "exact copies need every blue edge"
            );
        }
    }
    // The paper's example: bd in (6). Exact detection does not see a (6).
    let six = PromisingType::numbered(6).unwrap();
    let position = without(&realised(six), Edge::new(1, 3));
    let exact = find_plan(&position, EXACT);
    assert!(exact.is_none_or(|p| p.kind != PlanKind::Promising(6)));
    let relaxed = find_plan(&position, RELAXED).unwrap();
    assert_eq!(value(&position, &empty_memory(), RELAXED, proof_total(six)), {
        let moves = relaxed.moves().len();
        Value::Win((six.red_pairs().len() + moves + 1) as u32)
    });
}

#[test]
fn removing_one_of_her_red_edges_breaks_the_type() {
    for ty in &TYPES {
        for pair in ty.red_pairs() {
            let position = without(&realised(ty), edge(pair));
            let plan = find_plan(&position, EXACT);
            assert!(plan.is_none(), "type {} without {pair:?}: {plan:?}", ty.number);
            // None: a role vertex lost its only edge, the plan cannot name it.
            let lost = try_value(&position, &fixed_plan(ty), EXACT, proof_total(ty));
            assert!(
                !matches!(lost, Some(Value::Win(_))),
                "type {} without {pair:?}",
                ty.number
            );
        }
    }
}

/// Fresh vertices 20.. with blue edges `ux`, `uy`, `vx`, `xy`: with `uv` his
/// too, `{u, v, x, y}` is a blue threat (missing `vy`).
fn threat_gadget(position: &mut Position, u: Vertex, v: Vertex) {
    let (x, y) = (20, 21);
    for (p, q) in [(u, x), (u, y), (v, x), (x, y)] {
        position.claim(Edge::new(p, q), Player::Second).unwrap();
    }
}

#[test]
fn a_blue_threat_stops_detection() {
    for ty in &TYPES {
        let mut position = realised(ty);
        for (p, q) in [(20, 21), (20, 22), (20, 23), (21, 22), (21, 23)] {
            position.claim(Edge::new(p, q), Player::Second).unwrap();
        }
        for detection in [EXACT, RELAXED, SEARCHED] {
            assert_eq!(find_plan(&position, detection), None, "type {}", ty.number);
        }
    }
}

#[test]
fn a_threat_through_a_vulnerable_edge_stops_detection_and_the_line() {
    for ty in TYPES.iter().filter(|ty| !ty.answers.is_empty()) {
        let (u, v) = ty.answer_pairs()[0];
        let mut position = realised(ty);
        threat_gadget(&mut position, u as Vertex, v as Vertex);
        assert!(
            position.threats(Player::Second, 4).is_empty(),
            "no threat before his answer"
        );
        // The copy whose vulnerable edge meets the gadget is rejected; a
        // copy avoiding it (e.g. with d and e swapped) must still win.
        let own = Plan::load(&fixed_plan(ty), SLOTS).unwrap();
        for detection in [EXACT, RELAXED] {
            if let Some(plan) = find_plan(&position, detection) {
                assert_ne!(plan, own, "type {}", ty.number);
                let won = value(&position, &empty_memory(), detection, proof_total(ty));
                assert!(matches!(won, Value::Win(_)), "type {}: {won:?}", ty.number);
            }
        }
        let lost = value(&position, &fixed_plan(ty), EXACT, proof_total(ty));
        assert!(
            matches!(
                lost,
                Value::Fail {
                    kind: FailKind::SecondPlayerWins,
                    ..
                }
            ),
            "type {}: {lost:?}",
            ty.number
        );
    }
}

#[test]
fn a_plan_survives_memory_and_relabelling() {
    let ty = PromisingType::numbered(5).unwrap();
    let position = realised(ty);
    let plan = find_plan(&position, EXACT).unwrap();
    let mut memory = empty_memory();
    plan.save(&mut memory, SLOTS);
    assert_eq!(Plan::load(&memory, SLOTS), Some(plan.clone()));
    let shift = |v: Vertex| v + 30;
    let moved = Plan::load(&memory.relabel(shift), SLOTS).unwrap();
    let first = next_move(&moved, &position.relabel(shift));
    assert_eq!(first, next_move(&plan, &position).map(|e| e.map(shift)));
    Plan::forget(&mut memory, SLOTS);
    assert_eq!(Plan::load(&memory, SLOTS), None);
    let searched = find_plan(&position, SEARCHED).unwrap();
    searched.save(&mut memory, SLOTS);
    assert_eq!(Plan::load(&memory, SLOTS), Some(searched));
}

/// A random position on `n` vertices with `pairs` red and `pairs` blue
/// edges and no monochromatic K4.
fn random_position(rng: &mut impl Rng, board: Board, n: u8, pairs: usize) -> Position {
    let mut position = Position::empty(board);
    for i in 0..2 * pairs {
        let player = if i % 2 == 0 { Player::First } else { Player::Second };
        for _ in 0..50 {
            let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
            if u != v && position.is_free(Edge::new(u, v)) {
                let next = position.with(Edge::new(u, v), player).unwrap();
                if !next.has_clique(player, 4) {
                    position = next;
                    break;
                }
            }
        }
    }
    position
}

/// Lemma 4.2 in context: wherever detection fires on a random board, the
/// saved line wins against every reply within its length, and the general
/// search finds a line at least as short whenever it may start.
#[test]
fn detected_plans_win_on_random_boards() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(4_2);
    let mut fired = [0; 3];
    for round in 0..1500 {
        let n = 9 + rng.random_range(0..6u8);
        let board = if round % 2 == 0 {
            Board::Infinite
        } else {
            Board::Complete(n as usize)
        };
        let pairs = 10 + rng.random_range(0..8);
        let position = random_position(&mut rng, board.clone(), n, pairs);
        for (k, detection) in [EXACT, RELAXED, SEARCHED].into_iter().enumerate() {
            let Some(plan) = find_plan(&position, detection) else {
                continue;
            };
            fired[k] += 1;
            let moves = plan.moves().len();
            let bound = (position.edge_count(Player::First) + moves + 1) as u32;
            let player = LinePlayer { detection };
            let search = Search::new(&player, board.clone(), bound);
            let won = value_on(&search, &position, &empty_memory());
            assert!(matches!(won, Some(Value::Win(_))), "{plan:?} on {position:?}: {won:?}");
            let quiet = position.threats(Player::First, 4).is_empty();
            if quiet {
                assert!(forcing_line(&position, moves).is_some(), "{plan:?} on {position:?}");
            }
        }
    }
    assert!(
        fired.iter().all(|&f| f > 50),
        "too few detections to mean anything: {fired:?}"
    );
}

/// The inclusion-minimal blue sets that make `ty` (its blue edges ignored)
/// a type: pairs its line does not use, such that nobody has a threat, the
/// line is forcing, Lemma 4.2's conditions hold, and no forcing line is
/// shorter than the proof's.
fn minimal_blue_sets(ty: &PromisingType) -> Vec<Vec<Edge>> {
    let bare = PromisingType { blue: "", ..*ty };
    let mut used: Vec<Edge> = [
        bare.red_pairs(),
        bare.move_pairs(),
        bare.answer_pairs(),
        bare.final_pairs(),
    ]
    .concat()
    .into_iter()
    .map(edge)
    .collect();
    used.sort();
    let n = ty.size() as Vertex;
    let candidates: Vec<Edge> = (1..n)
        .flat_map(|i| (i + 1..n).map(move |j| Edge::new(i, j)))
        .filter(|e| used.binary_search(e).is_err())
        .collect();
    let mut masks: Vec<u32> = (0..1u32 << candidates.len()).collect();
    masks.sort_by_key(|m| m.count_ones());
    let vulnerable: Vec<Edge> = ty.answer_pairs().into_iter().map(edge).collect();
    let mut minimal: Vec<u32> = Vec::new();
    for mask in masks {
        if minimal.iter().any(|&m| m & !mask == 0) {
            continue;
        }
        let mut position = realised(&bare);
        for (k, &e) in candidates.iter().enumerate() {
            if mask >> k & 1 == 1 {
                position.claim(e, Player::Second).unwrap();
            }
        }
        let ok = position.threats(Player::First, 4).is_empty()
            && lemma_conditions(&position, &vulnerable)
            && is_forcing_line(&position, &paper_line(ty))
            && forcing_line(&position, ty.move_pairs().len() - 1).is_none();
        if ok {
            minimal.push(mask);
        }
    }
    let set = |m: u32| {
        (0..candidates.len())
            .filter(|k| m >> k & 1 == 1)
            .map(|k| candidates[k])
            .collect()
    };
    minimal.into_iter().map(set).collect()
}

/// The module docs' claim: each type's blue edges are an inclusion-minimal
/// choice that keeps the type from being redundant; unique for (1)-(5), one
/// of two for (6).
#[test]
fn blue_edges_are_a_minimal_non_redundant_choice() {
    for ty in &TYPES {
        let sets = minimal_blue_sets(ty);
        let mut blue: Vec<Edge> = ty.blue_pairs().into_iter().map(edge).collect();
        blue.sort();
        assert!(sets.contains(&blue), "type {}: minimal sets {sets:?}", ty.number);
        assert_eq!(
            sets.len(),
            if ty.number == 6 { 2 } else { 1 },
            "type {}: {sets:?}",
            ty.number
        );
    }
}

/// The module docs' claim: in (5) and (6), `c` cannot keep making the moves
/// (with `g` answering as the smaller type's `b`): no blue set works.
#[test]
fn in_types_5_and_6_c_cannot_keep_the_moves() {
    let five = PromisingType {
        moves: "cg ce cf cd",
        answers: "bg ge gf",
        ..TYPE_5
    };
    let six = PromisingType {
        moves: "cg cf cd ce",
        answers: "bg gf df",
        ..TYPE_6
    };
    for ty in [five, six] {
        assert_eq!(minimal_blue_sets(&ty), Vec::<Vec<Edge>>::new(), "type {}", ty.number);
    }
}
