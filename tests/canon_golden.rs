//! Pins the canonical labelling itself, not only its properties: the search
//! shows strategies positions in canonical labels, so a change of labelling
//! changes their tie-breaks, hence the moves played and the position counts
//! of a certification. Performance work on `canon.rs` must keep this digest.
//! It was computed by the implementation before that work (commit d071016).

use ramsey_verify::bench::game_like_position;
use ramsey_verify::core::board::{members, Player, Vertex};
use ramsey_verify::core::canon::canonical_form;
use ramsey_verify::core::graph6::encode_position;
use ramsey_verify::core::memory::Memory;
use ramsey_verify::core::orbits::edge_orbit_representatives;
use sha2::{Digest, Sha256};

/// Canonical position, memory, marked edge, vertex map and edge orbit
/// representatives of game-like situations, as text.
fn canonical_forms_text() -> String {
    let mut text = String::new();
    for rounds in [3, 6, 10, 14] {
        for seed in 0..150u64 {
            let position = game_like_position(seed, rounds);
            let touched: Vec<Vertex> = members(position.touched()).collect();
            let mut memory = Memory::new(2, 6);
            memory.words[0] = (seed % 3) as u32;
            for slot in 0..(seed % 5) as usize {
                memory.set_name(slot, Some(touched[(seed as usize * 7 + slot * 3) % touched.len()]));
            }
            let marked = (seed % 2 == 1).then(|| position.edges(Player::Second)[0]);
            let c = canonical_form(&position, &memory, marked);
            let reps = edge_orbit_representatives(&c);
            let map: Vec<Vertex> = touched.iter().map(|&v| c.to_canon.apply(v)).collect();
            text.push_str(&format!(
                "{} {:?} {:?} {:?} {map:?} {reps:?}\n",
                encode_position(&c.position),
                c.memory,
                c.marked,
                c.key == canonical_form(&c.position, &c.memory, c.marked).key,
            ));
        }
    }
    text
}

fn digest(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

const PINNED: &str = "927c06e61060f174183a35de8deb79c487b1084a142f92ce3e2a7944c143aafc";

#[test]
fn canonical_labelling_is_unchanged() {
    assert_eq!(digest(&canonical_forms_text()), PINNED);
}

#[test]
fn the_digest_sees_one_changed_vertex_map() {
    // Negative check: another labelling of a single situation (vertex
    // numbers 0 and 1 exchanged in one line) no longer matches.
    let text = canonical_forms_text();
    let changed = text.replacen("[0, 1", "[1, 0", 1);
    assert_ne!(changed, text);
    assert_ne!(digest(&changed), PINNED);
}
