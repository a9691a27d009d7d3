//! Amended strategies (`verify::amend`): an amendment changes her moves
//! except the ones that win at once.

use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::core::memory::Memory;
use ramsey_verify::strategies::{by_name, k3::SLOTS};
use ramsey_verify::verify::amend::Amended;
use ramsey_verify::verify::strategy::{Move, Strategy, View};

/// Lemma 4.1's strategy before her 3rd move: her `ab` = 0-1, his 1-2,
/// her `bc` = 1-3, then his `reply`.
fn before_third_move(reply: Edge) -> (Position, Memory) {
    let mut position = Position::empty(Board::Infinite);
    let moves = [Edge::new(0, 1), Edge::new(1, 2), Edge::new(1, 3), reply];
    for (i, &e) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { Player::First } else { Player::Second };
        position.claim(e, player).unwrap();
    }
    let mut memory = by_name("k3").unwrap().initial_memory();
    for (slot, v) in [
        (SLOTS.a, 0),
        (SLOTS.b, 1),
        (SLOTS.c, 3),
        (SLOTS.first_reply[0], 1),
        (SLOTS.first_reply[1], 2),
    ] {
        memory.set_name(slot, Some(v));
    }
    (position, memory)
}

#[test]
fn a_winning_move_is_never_amended_and_every_other_move_is() {
    let away = Edge::new(10, 11);
    let amended = Amended::new(by_name("k3").unwrap(), "k3-away", "", move |_: &View, own: Move| {
        Ok(Move { edge: away, ..own })
    });
    // He left ac = 0-3 free: she wins with it, amendment or not.
    // He took ac: her move bu is amended.
    for (reply, expected) in [(Edge::new(2, 4), Edge::new(0, 3)), (Edge::new(0, 3), away)] {
        let (position, memory) = before_third_move(reply);
        let view = View {
            game: amended.game(),
            position: &position,
            memory: &memory,
            last_reply: Some(reply),
        };
        assert_eq!(amended.play(&view).unwrap().edge, expected, "his reply {reply}");
    }
    assert_eq!(amended.name(), "k3-away");
    assert_eq!(amended.inner().name(), "k3");
}
