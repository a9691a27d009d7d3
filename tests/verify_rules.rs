//! The verifier plays a strategy under the rule set of its game statement:
//! the strong game (achieve), achieve-second, and the weak game (maker),
//! where his K_k does not end the game.

use ramsey_verify::core::board::{Board, Edge, Player, Vertex};
use ramsey_verify::core::memory::Memory;
use ramsey_verify::games::ramsey::Rules;
use ramsey_verify::verify::search::FailKind;
use ramsey_verify::verify::strategy::{Game, Move, Strategy, StrategyError, View};
use ramsey_verify::verify::{verify, Request, Verdict};
mod common;
use common::{bad_input, ramsey};

/// A slow Maker strategy for K3: three disjoint edges first (ignoring him),
/// then a star from an endpoint of her first edge to fresh vertices,
/// completing a triangle whenever she can. It loses the strong game (he
/// builds a triangle while she plays her matching) and wins the weak one.
struct SlowStar;

impl Strategy for SlowStar {
    fn name(&self) -> &'static str {
        "slow-star"
    }
    fn description(&self) -> &'static str {
        "test strategy: a matching, then a star"
    }
    fn game(&self) -> Game {
        Game::clique(3)
    }
    fn initial_memory(&self) -> Memory {
        Memory::new(0, 1)
    }
    fn completes_when_possible(&self) -> bool {
        true
    }
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        let p = view.position;
        let mut memory = view.memory.clone();
        let touched = p.touched();
        let capacity = p.board().capacity() as Vertex;
        let fresh: Vec<Vertex> = (0..capacity).filter(|&v| touched >> v & 1 == 0).take(2).collect();
        let wins = p.threats(Player::First, 3);
        let edge = if let Some(&win) = wins.first() {
            win
        } else if view.move_number() <= 3 {
            let [a, b] = fresh[..] else {
                return Err(StrategyError::NoFreshVertex);
            };
            if view.move_number() == 1 {
                memory.set_name(0, Some(a));
            }
            Edge::new(a, b)
        } else {
            let hub = memory.require(0, "hub")?;
            Edge::new(hub, *fresh.first().ok_or(StrategyError::NoFreshVertex)?)
        };
        Ok(Move { edge, memory })
    }
}

fn request(rules: Rules) -> Request {
    Request {
        rules: Some(rules),
        ..Request::new(Board::Infinite, 10, 1)
    }
}

#[test]
fn a_maker_strategy_loses_the_strong_game_and_wins_the_weak_one() {
    for rules in [Rules::Achieve, Rules::AchieveSecond] {
        let report = verify(&SlowStar, &request(rules)).unwrap();
        assert_eq!(report.verdict, Verdict::Refuted, "{rules}");
        assert_eq!(
            report.failure,
            Some(FailKind::SecondPlayerWins),
            "{rules}: he builds his triangle first"
        );
    }
    let weak = verify(&SlowStar, &request(Rules::Maker)).unwrap();
    assert_eq!(weak.verdict, Verdict::Verified);
    assert_eq!(weak.rules, Rules::Maker);
}

#[test]
fn the_k3_strategy_wins_under_every_building_rule_set_in_four_moves() {
    let k3 = ramsey_verify::strategies::by_name("k3").unwrap();
    for rules in ramsey_verify::verify::strategy::VERIFIABLE_RULES {
        let report = verify(k3.as_ref(), &request(rules)).unwrap();
        assert_eq!(
            (report.verdict, report.max_moves),
            (Verdict::Verified, Some(4)),
            "{rules}"
        );
    }
}

#[test]
fn rules_the_verifier_does_not_play_are_refused() {
    for rules in ["avoid", "misere", "avoid-plus", "misere-plus", "nonsense"] {
        let (code, _, err) = ramsey(&["verify", "--strategy", "k3", "--rules", rules]);
        bad_input(code, &err, rules);
    }
    let (code, _, err) = ramsey(&[
        "verify",
        "--strategy",
        "k3",
        "--rules",
        "maker",
        "--cert",
        "/tmp/never-written.cert",
    ]);
    bad_input(code, &err, "maker --cert");
    assert!(!std::path::Path::new("/tmp/never-written.cert").exists());
}

#[test]
fn verify_reports_its_rules() {
    let (code, out, _) = ramsey(&["verify", "--strategy", "k3", "--rules", "maker", "--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rules"], "maker");
    let (_, out, _) = ramsey(&["verify", "--strategy", "k3", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rules"], "achieve");
}
