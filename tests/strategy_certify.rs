//! The strategy certifier (`engine::strategy::certify`, the engine's one
//! solver on the strategy as a game) against a plain brute-force walk
//! written here: every line, depth first, no table. On small colouring
//! games and a Ramsey game on K4, with strategies that hold, fail, leave
//! choices open, read the opponent's last move, play illegal moves or
//! none, both must give the same verdict, the same first counterexample
//! (line and kind) and, where the strategy holds, the same number of
//! (position, last move) pairs. Every counterexample is replayed: legal,
//! the strategy's own moves, and ending in a loss.

use ramsey_verify::core::board::{Board, Edge, Player, Position};
use ramsey_verify::engine::strategy::{certify, certify_limited, Counterexample, FailureKind, LabelledStrategy};
use ramsey_verify::engine::{Limits, StopReason};
use ramsey_verify::games::colouring::{self, ColourMove, ColourPosition, ColouringGame, Graph, Winner};
use ramsey_verify::games::ramsey::{Outcome, RamseyGame};
use ramsey_verify::games::Rules;
use std::collections::HashSet;
use std::hash::Hash;

/// What a check gives: the pairs checked, or the first failure.
type Verdict<M> = Result<u64, (Vec<M>, FailureKind)>;

/// A strategy as a function of (game, position, last move).
struct By<F>(F);

impl<G: Rules, F> LabelledStrategy<G> for By<F>
where
    F: Fn(&G, &G::Position, Option<&G::Move>) -> Vec<G::Move> + Sync,
{
    fn choose(&self, game: &G, position: &G::Position, last: Option<&G::Move>) -> Vec<G::Move> {
        (self.0)(game, position, last)
    }
}

/// One certification question.
struct Case<'a, G: Rules> {
    game: &'a G,
    player: Player,
    strategy: &'a dyn LabelledStrategy<G>,
    promised: G::Score,
}

impl<G: Rules> Case<'_, G>
where
    G::Position: Hash + Eq,
{
    fn good(&self, score: G::Score) -> bool {
        match self.player {
            Player::First => score >= self.promised,
            Player::Second => score <= self.promised,
        }
    }

    /// The brute-force walk: the first failure in move order, else the
    /// distinct (position, last move) pairs where the game goes on.
    fn brute(&self) -> Verdict<G::Move> {
        let mut pairs = HashSet::new();
        self.walk(&self.game.start(), None, &mut Vec::new(), &mut pairs)?;
        Ok(pairs.len() as u64)
    }

    fn walk(
        &self,
        p: &G::Position,
        last: Option<G::Move>,
        line: &mut Vec<G::Move>,
        pairs: &mut HashSet<(G::Position, Option<G::Move>)>,
    ) -> Result<(), (Vec<G::Move>, FailureKind)> {
        if let Some(score) = self.game.outcome(p) {
            return match self.good(score) {
                true => Ok(()),
                false => Err((line.clone(), FailureKind::Lost)),
            };
        }
        pairs.insert((p.clone(), last.clone()));
        let legal = self.game.moves(p);
        let ours = self.game.to_move(p) == self.player;
        let moves = match ours {
            true => self.strategy.choose(self.game, p, last.as_ref()),
            false => legal.clone(),
        };
        if moves.is_empty() {
            return Err((line.clone(), FailureKind::NoLegalMove));
        }
        for m in moves {
            line.push(m.clone());
            if !legal.contains(&m) {
                return Err((line.clone(), FailureKind::NoLegalMove));
            }
            let next_last = if ours { last.clone() } else { Some(m.clone()) };
            self.walk(&self.game.play(p, &m), next_last, line, pairs)?;
            line.pop();
        }
        Ok(())
    }

    /// The certifier's verdict.
    fn certified(&self) -> Verdict<G::Move> {
        let start = self.game.start();
        certify(self.game, &start, self.player, self.strategy, self.promised).map_err(|e| (e.line, e.reason))
    }

    /// Replays a counterexample: every move legal (but a last illegal one
    /// of the strategy's), the strategy's moves among its options, and the
    /// end a loss or a strategy without a legal move.
    fn replay(&self, line: &[G::Move], reason: FailureKind) {
        let (mut p, mut last) = (self.game.start(), None);
        for (i, m) in line.iter().enumerate() {
            assert!(self.game.outcome(&p).is_none(), "the line goes on after the end");
            let ours = self.game.to_move(&p) == self.player;
            if ours {
                assert!(self.strategy.choose(self.game, &p, last.as_ref()).contains(m));
            }
            if !self.game.moves(&p).contains(m) {
                assert!(ours && i + 1 == line.len() && reason == FailureKind::NoLegalMove);
                return;
            }
            p = self.game.play(&p, m);
            if !ours {
                last = Some(m.clone());
            }
        }
        match reason {
            FailureKind::Lost => assert!(!self.good(self.game.outcome(&p).expect("a finished game"))),
            FailureKind::NoLegalMove => {
                assert!(self.game.outcome(&p).is_none());
                assert_eq!(self.game.to_move(&p), self.player);
                assert!(self.strategy.choose(self.game, &p, last.as_ref()).is_empty());
            }
        }
    }

    /// Certifier and walk agree; a counterexample replays. Whether the
    /// strategy holds.
    fn agree(&self, what: &str) -> bool {
        let (certified, brute) = (self.certified(), self.brute());
        assert_eq!(certified, brute, "{what}");
        if let Err((line, reason)) = &certified {
            self.replay(line, *reason);
        }
        certified.is_ok()
    }
}

/// Colouring strategies: the first legal move; every legal move (open
/// choices); a move next to his last one (reads labels and the last move);
/// a broken one (also recolours vertex 0 once it is coloured: illegal);
/// one that gives up with two vertices coloured.
fn colouring_strategies() -> Vec<(&'static str, Box<dyn LabelledStrategy<ColouringGame>>)> {
    type P = ColourPosition;
    type M = ColourMove;
    vec![
        (
            "first",
            Box::new(By(|g: &ColouringGame, p: &P, _: Option<&M>| {
                g.moves(p).into_iter().take(1).collect()
            })),
        ),
        (
            "every",
            Box::new(By(|g: &ColouringGame, p: &P, _: Option<&M>| g.moves(p))),
        ),
        (
            "next-to-last",
            Box::new(By(|g: &ColouringGame, p: &P, last: Option<&M>| {
                let moves = g.moves(p);
                let near = last.and_then(|w| {
                    let around = g.graph().neighbours(w.v);
                    moves.iter().rev().find(|m| around >> m.v & 1 == 1).copied()
                });
                near.or(moves.last().copied()).into_iter().collect()
            })),
        ),
        (
            "broken",
            Box::new(By(|g: &ColouringGame, p: &P, _: Option<&M>| {
                let mut moves: Vec<M> = g.moves(p).into_iter().take(1).collect();
                if p.colour(0) != 0 {
                    moves.push(ColourMove { v: 0, c: 1 });
                }
                moves
            })),
        ),
        (
            "gives-up",
            Box::new(By(|g: &ColouringGame, p: &P, _: Option<&M>| {
                match p.n() - (p.uncoloured().count_ones() as usize) < 2 {
                    true => g.moves(p).into_iter().take(1).collect(),
                    false => vec![],
                }
            })),
        ),
    ]
}

#[test]
fn colouring_games_agree_with_the_brute_force_walk() {
    let strategies = colouring_strategies();
    let (mut holds, mut fails) = (0, 0);
    for n in 1..=4usize {
        for mask in 0..1u64 << (n * (n - 1) / 2) {
            for k in 1..=3 {
                for rules in colouring::Rules::ALL {
                    let game = ColouringGame::new(Graph::from_mask(n, mask), k, rules, None, None).unwrap();
                    for game in [game.clone(), game.played_out()] {
                        for (name, strategy) in &strategies {
                            for player in [Player::First, Player::Second] {
                                let case = Case {
                                    game: &game,
                                    player,
                                    strategy: strategy.as_ref(),
                                    promised: Winner::of(player),
                                };
                                let what = format!("{name} {player:?} {rules} k={k} n={n} mask={mask}");
                                match case.agree(&what) {
                                    true => holds += 1,
                                    false => fails += 1,
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(holds > 500 && fails > 500, "{holds} hold, {fails} fail");
}

/// A small CCG (4 vertices, 3 edges, 2 colours), played out.
fn small_game() -> ColouringGame {
    ColouringGame::new(Graph::from_mask(4, 0b100101), 2, colouring::Rules::Ccg, None, None)
        .unwrap()
        .played_out()
}

#[test]
fn a_broken_strategy_is_refuted_by_a_legal_line() {
    let game = small_game();
    let strategies = colouring_strategies();
    for (name, strategy) in strategies
        .iter()
        .filter(|(name, _)| ["broken", "gives-up"].contains(name))
    {
        let case = Case {
            game: &game,
            player: Player::First,
            strategy: strategy.as_ref(),
            promised: Winner::First,
        };
        let Err(Counterexample { line, reason }) =
            certify(&game, &game.start(), Player::First, strategy.as_ref(), Winner::First)
        else {
            panic!("{name} must be refuted");
        };
        case.replay(&line, reason);
        assert!(!case.agree(name));
    }
}

#[test]
fn ramsey_k4_agrees_with_the_brute_force_walk() {
    let game = RamseyGame::new(
        Position::empty(Board::complete_graph(4)),
        ["K3".parse().unwrap(), "K3".parse().unwrap()],
        ramsey_verify::games::ramsey::Rules::Achieve,
        Player::First,
    )
    .unwrap();
    type M = Vec<Edge>;
    let first = By(|g: &RamseyGame, p: &Position, _: Option<&M>| g.moves(p).into_iter().take(1).collect());
    let every = By(|g: &RamseyGame, p: &Position, _: Option<&M>| g.moves(p));
    // Answers his edge with one of its own vertices' edges if it can;
    // else claims edge 0-1, taken after the first move: illegal.
    let broken = By(|g: &RamseyGame, p: &Position, last: Option<&M>| {
        let touching = |m: &M| last.is_some_and(|l| l[0].ends().0 == m[0].ends().0);
        let moves = g.moves(p);
        vec![moves
            .iter()
            .find(|m| touching(m))
            .cloned()
            .unwrap_or(vec![Edge::new(0, 1)])]
    });
    let mut verdicts = Vec::new();
    let strategies: [(&str, &dyn LabelledStrategy<RamseyGame>); 3] =
        [("first", &first), ("every", &every), ("broken", &broken)];
    for (name, strategy) in strategies {
        for player in [Player::First, Player::Second] {
            for promised in [Outcome::BlueWins, Outcome::Draw, Outcome::RedWins] {
                let case = Case {
                    game: &game,
                    player,
                    strategy,
                    promised,
                };
                verdicts.push(case.agree(&format!("{name} {player:?} {promised:?}")));
            }
        }
    }
    assert!(verdicts.contains(&true) && verdicts.contains(&false), "{verdicts:?}");
    // Even the worst promise fails when the strategy moves illegally.
    let case = Case {
        game: &game,
        player: Player::First,
        strategy: &broken,
        promised: Outcome::BlueWins,
    };
    assert!(
        !case.agree("broken holds nothing"),
        "an illegal move is refuted whatever the promise"
    );
}

#[test]
fn results_do_not_depend_on_threads_and_a_memory_cap_stops() {
    let game = ColouringGame::new(Graph::from_mask(5, 0b1001010011), 3, colouring::Rules::Cg, None, None)
        .unwrap()
        .played_out();
    let strategies = colouring_strategies();
    for (name, strategy) in &strategies {
        let run = |threads: usize| {
            let limits = Limits::default().with_threads(threads);
            limits
                .install(|| {
                    certify_limited(
                        &game,
                        &game.start(),
                        Player::First,
                        strategy.as_ref(),
                        Winner::First,
                        limits,
                    )
                })
                .unwrap()
                .unwrap()
                .map_err(|e| (e.line, e.reason))
        };
        let one = run(1);
        for threads in [2, 3] {
            assert_eq!(run(threads), one, "{name} on {threads} threads");
        }
    }
    // Promising player 1 no more than a loss holds, so every pair is
    // stored: past about ten of them the cap stops the search.
    let first = &strategies[0].1;
    let tiny = Limits::default().with_max_memory(1000);
    let stopped = certify_limited(
        &game,
        &game.start(),
        Player::First,
        first.as_ref(),
        Winner::Second,
        tiny,
    )
    .unwrap_err();
    assert_eq!(stopped.reason, StopReason::MemoryCap { bytes: 1000 });
}
