//! What a winner-only search records for a colouring certificate
//! (`Decider::recording`, on `ColouringGame::for_certified_search`): at
//! every position reached from the start, a recorded move must win (the
//! search says the mover wins after it), and recorded replies must be
//! every move up to symmetry, each with the fingerprint of the canonical
//! form of the position after it, all of them losing for the mover, and
//! with the answer recorded there (in the labels of the position before
//! the reply) a winning move of the other player after it: the walk plays
//! it without labelling that position. A search that is not recording
//! records nothing. Each kind of record must be met, so the checks cannot
//! pass on nothing. (The answers' check was made to fail by recording the
//! answer in the labels of the position after the reply, the child's
//! canonical labelling not undone: on P3 x P3 an answer then loses.)

use ramsey_verify::analysis::colouring::chromatic::construction_order;
use ramsey_verify::engine::extract::{fingerprint, Recorded};
use ramsey_verify::engine::{Decider, Limits};
use ramsey_verify::games::colouring::graph::parse_graph;
use ramsey_verify::games::colouring::{ColourMove, ColourPosition, ColouringGame, Rules, Winner};
use ramsey_verify::games::prelude::*;
use std::collections::HashSet;

/// Who wins after `m` at `p`, by the search.
fn after(decider: &Decider<'_, ColouringGame>, game: &ColouringGame, p: &ColourPosition, m: &ColourMove) -> Winner {
    decider.score(&game.play(p, m)).unwrap()
}

/// `m`, recorded at a position with `p`'s form, as a move of `p`: a
/// token's free colour is not part of the form, so any free colour of it
/// is the same move up to tokens.
fn legal(game: &ColouringGame, p: &ColourPosition, m: ColourMove) -> ColourMove {
    match game.moves(p).contains(&m) {
        true => m,
        false => {
            assert!(p.in_safe_component(m.v), "{m:?} at {p:?}");
            let c = p.free_colours(m.v).trailing_zeros() as u8;
            ColourMove { c, ..m }
        }
    }
}

/// Checks every record at the positions reached from the start (up to
/// `limit` of them, breadth first); the numbers of recorded moves, of
/// recorded replies and of recorded answers met.
fn check_records(graph: &str, k: usize, limit: usize) -> (usize, usize, usize) {
    let game = ColouringGame::new(parse_graph(graph).unwrap(), k, Rules::Ccg, None, None)
        .unwrap()
        .for_certified_search();
    let decider = Decider::new(&game, Winner::First, Winner::Second)
        .with_order(Box::new(construction_order))
        .recording();
    decider.score(&game.start()).unwrap();
    let (mut moves, mut replies, mut answers) = (0, 0, 0);
    let mut seen = HashSet::new();
    let mut ply = vec![game.start()];
    while !ply.is_empty() && seen.len() < limit {
        let mut next = Vec::new();
        for p in ply.into_iter().filter(|p| game.outcome(p).is_none()) {
            let canon = game.canonical(&p);
            if !seen.insert(canon.key.clone()) {
                continue;
            }
            let mover = Winner::of(game.to_move(&p));
            match decider.recorded(&canon) {
                Some(Recorded::Move(m)) => {
                    let m = legal(&game, &p, m);
                    assert_eq!(after(&decider, &game, &p, &m), mover, "{m:?} at {p:?}");
                    moves += 1;
                }
                Some(Recorded::Replies(all)) => {
                    for (m, f, answer) in &all {
                        assert!(game.moves(&p).contains(m), "{m:?} at {p:?}");
                        assert_ne!(after(&decider, &game, &p, m), mover, "{m:?} at {p:?}");
                        let q = game.play(&p, m);
                        if *f != 0 {
                            assert_eq!(*f, fingerprint(&game.canonical(&q).key));
                        }
                        if let Some(a) = answer {
                            assert_ne!(*f, 0, "an answer where the position after {m:?} was not labelled");
                            let a = legal(&game, &q, *a);
                            assert_ne!(after(&decider, &game, &q, &a), mover, "{a:?} after {m:?} at {p:?}");
                            answers += 1;
                        }
                    }
                    let orbits = game.orbit_moves(&canon.position, &canon.generators).len();
                    assert_eq!(all.len(), orbits, "one reply per orbit at {p:?}");
                    replies += 1;
                }
                None => {}
            }
            next.extend(game.moves(&p).iter().map(|m| game.play(&p, m)));
        }
        ply = next;
    }
    (moves, replies, answers)
}

#[test]
fn recorded_moves_win_and_recorded_replies_are_every_losing_move_with_its_position_and_answer() {
    let mut all_answers = 0;
    for (graph, k) in [("grid:3x3", 3), ("grid:3x4", 3), ("grid:3x4", 4)] {
        let (moves, replies, answers) = check_records(graph, k, 3000);
        assert!(
            moves > 0 && replies > 0,
            "{graph} with {k}: {moves} moves, {replies} replies"
        );
        all_answers += answers;
    }
    // With 4 colours on P3 x P4 player 1's answers all end the game at
    // once (decided unlabelled): the answers are met with 3.
    assert!(all_answers > 0, "no recorded answer met");
}

#[test]
fn a_search_that_is_not_recording_records_nothing() {
    let game = ColouringGame::new(parse_graph("grid:3x3").unwrap(), 3, Rules::Ccg, None, None)
        .unwrap()
        .for_certified_search();
    let decider = Decider::new(&game, Winner::First, Winner::Second).with_order(Box::new(construction_order));
    decider.score(&game.start()).unwrap();
    assert_eq!(decider.recorded(&game.canonical(&game.start())), None);
}

/// The fingerprints recorded at losing positions grow with the search, so
/// its memory cap counts them with the table. Recording holds `held -
/// plain` bytes more than the plain search at the end: the fingerprints
/// and answers (11 bytes per reply of a losing position), and a record per stored
/// position. The smallest cap under which the recording search finishes
/// must be above the plain search's by at least half that (here the
/// fingerprints are about two thirds of it); a recorder whose fingerprints
/// are not counted needs only the per-position part more (made to fail by
/// leaving the recorder's `held_bytes` at 0: 288 bytes more instead of
/// 888, half of 952 being 476, before the answers were recorded).
#[test]
fn the_recorded_replies_count_against_the_memory_cap() {
    let game = ColouringGame::new(parse_graph("grid:3x4").unwrap(), 3, Rules::Ccg, None, None)
        .unwrap()
        .for_certified_search();
    let search = |recording: bool, cap: Option<u64>| {
        let mut decider = Decider::new(&game, Winner::First, Winner::Second).with_order(Box::new(construction_order));
        if recording {
            decider = decider.recording();
        }
        if let Some(cap) = cap {
            decider = decider.with_limits(Limits::default().with_threads(1).with_max_memory(cap));
        }
        decider.score(&game.start()).map(|_| decider.table_bytes())
    };
    // The smallest cap under which the search finishes (stops are
    // monotone in the cap: one thread, the same positions in one order).
    let smallest = |recording: bool, held: u64| {
        let (mut lo, mut hi) = (0u64, held);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            match search(recording, Some(mid)) {
                Ok(_) => hi = mid,
                Err(_) => lo = mid,
            }
        }
        hi
    };
    let held = search(true, None).unwrap();
    let plain = search(false, None).unwrap();
    assert!(held > plain, "recording holds {held} bytes, the plain search {plain}");
    let (recording_cap, plain_cap) = (smallest(true, held), smallest(false, plain));
    assert!(
        recording_cap - plain_cap >= (held - plain) / 2,
        "the recording search finished under {recording_cap} bytes, the plain one under {plain_cap}, \
         recording holding {} more",
        held - plain
    );
}
