//! The strategy contract, checked rather than trusted.
//!
//! Exploring one reply per orbit is sound only if a strategy is a function
//! of the canonical (position, memory, last reply) it is shown, and the
//! standing-assumption shortcut (the engine plays her winning edge itself)
//! only if a strategy that declares [`Strategy::completes_when_possible`]
//! does complete whenever it can. The search checks both, and that
//! [`Strategy::play`] is among [`Strategy::choices`], on a fixed sample of
//! situations: one in [`SAMPLE`] by default (every one with `verify
//! --check-contract`), picked by a hash of the situation, so the same
//! situations are checked on every run and for any thread count. The
//! shortcut's wins are sampled [`SHORTCUT_RARER`] times more rarely by
//! default (every one with `--check-contract`): they are most of the
//! situations (in the K4 certification 1.54 million shortcut wins against
//! 122,000 situations the strategy is asked about), and each check is a
//! canonical labelling and a strategy call the search itself does not
//! need. Under `--choices one` a sampled shortcut win is checked against
//! `play`'s move, under `--choices all|some` against every option of
//! `choices` (each must complete the target: under `all` any of them may be
//! taken).
//!
//! In *every* situation, in every mode, the moves a strategy gives are
//! checked: `play`'s move (`--choices one`), or under `--choices all|some`
//! the options of `choices`, at least one, each on the board and unclaimed,
//! each memory naming only touched vertices; and strategy code that panics
//! is caught. Anything else is a bug in the strategy, not a counterexample
//! to it: an illegal move is no move, so a line "refuted" by it would
//! refute nothing (under `some` an illegal option would also be skipped
//! unseen), and a panic says nothing about the strategy as written.
//!
//! A broken contract ends the line with [`Ending::ContractBroken`] naming
//! the situation (the canonical position as red:blue graph6, the memory
//! and his last edge: the strategy's input, [`crate::core::graph6::situation_key`])
//! and what was wrong; `verify` then gives no verdict
//! ([`crate::verify::VerifyError::Contract`], which also carries the line of
//! play leading there; exit code 3).
//!
//! A strategy that has no move says why with an error
//! ([`crate::verify::strategy::StrategyError`], e.g. `RuleDoesNotApply`,
//! `NoFreshVertex`): that is the strategy failing as written, a
//! counterexample (REFUTED, `strategy_error`), in every mode.
//!
//! [`Strategy::completes_when_possible`]: crate::verify::strategy::Strategy::completes_when_possible
//! [`Strategy::play`]: crate::verify::strategy::Strategy::play
//! [`Strategy::choices`]: crate::verify::strategy::Strategy::choices

use super::choices::Choices;
use super::game::StrategyGame;
use crate::core::board::{Edge, Player, Position};
use crate::core::canon::{canonical_form, CanonicalForm};
use crate::core::graph6::situation_key;
use crate::core::memory::Memory;
use crate::verify::line::{Ending, Line};
use crate::verify::strategy::Move;
use std::hash::{BuildHasher, Hash};

/// By default one situation in this many is checked.
pub const SAMPLE: u64 = 64;

/// By default the shortcut's wins are sampled this many times more rarely
/// than the situations the strategy is asked about (one in 1,024).
pub const SHORTCUT_RARER: u64 = 16;

impl StrategyGame<'_> {
    /// Whether the situation hashed from `item` is in the checked sample.
    fn sampled(&self, item: impl Hash) -> bool {
        Self::in_sample(item, self.contract_sample)
    }

    /// Whether the shortcut win hashed from `item` is in the checked
    /// sample: every one where every situation is checked, else one in
    /// [`SHORTCUT_RARER`] times the situations' sample.
    fn shortcut_sampled(&self, item: impl Hash) -> bool {
        let every = match self.contract_sample {
            1 => 1,
            n => n.saturating_mul(SHORTCUT_RARER),
        };
        Self::in_sample(item, every)
    }

    /// The seed of `position` (him to move) for the sample of shortcut wins
    /// there: hashed once per node, so that each of his replies costs only
    /// the hash of two words.
    pub(super) fn seed(position: &Position) -> u64 {
        foldhash::fast::FixedState::with_seed(0x5eed).hash_one(position)
    }

    /// Whether `item` hashes into the fixed sample of one in `every`.
    fn in_sample(item: impl Hash, every: u64) -> bool {
        foldhash::fast::FixedState::with_seed(0x5eed)
            .hash_one(item)
            .is_multiple_of(every)
    }
}

/// The situation as text, for messages (the key of patch tables).
fn situation(canon: &CanonicalForm) -> String {
    format!("`{}`", situation_key(&canon.position, &canon.memory, canon.marked))
}

/// Moves as `[0-1, 2-3]`: the two answers of a strategy that changed its
/// mind are shown in full (their numbers can agree where the moves differ).
fn move_list(moves: &[Move]) -> String {
    let edges: Vec<String> = moves.iter().map(|m| m.edge.to_string()).collect();
    format!("[{}]", edges.join(", "))
}

impl StrategyGame<'_> {
    /// Checks, on sampled situations, that asking again gives the same
    /// move and that the move is among the strategy's choices.
    pub(super) fn check_play(&self, canon: &CanonicalForm, played: &Move) -> Result<(), Ending> {
        if !self.sampled(&canon.key.0) {
            return Ok(());
        }
        let again = self.call_strategy(canon, |view| self.strategy.play(view))?;
        if again != *played {
            return Err(broken(format!(
                "at {} it played {} and then {}; a strategy must be a function of the canonical situation",
                situation(canon),
                played.edge,
                again.edge
            )));
        }
        let choices = self.call_strategy(canon, |view| self.strategy.choices(view))?;
        self.check_member(canon, played, &choices)
    }

    /// Checks, on sampled situations, that asking again gives the same
    /// choices and that they contain the move of `play`.
    pub(super) fn check_choices(&self, canon: &CanonicalForm, choices: &[Move]) -> Result<(), Ending> {
        if choices.is_empty() {
            return Err(broken(format!(
                "at {} its choices are empty without a reason; a strategy with no move returns an error \
                 saying why (a bug in the strategy, not a counterexample)",
                situation(canon)
            )));
        }
        choices.iter().try_for_each(|m| self.check_legal(canon, m))?;
        if !self.sampled(&canon.key.0) {
            return Ok(());
        }
        let again = self.call_strategy(canon, |view| self.strategy.choices(view))?;
        if again != choices {
            return Err(broken(format!(
                "at {} it allowed {} and then {}; a strategy must be a function of the canonical situation",
                situation(canon),
                move_list(choices),
                move_list(&again)
            )));
        }
        let played = self.call_strategy(canon, |view| self.strategy.play(view))?;
        self.check_member(canon, &played, choices)
    }

    /// Checks, in every situation, that `m` (canonical labels, as the
    /// strategy gave it) is on the board and unclaimed and that its memory
    /// names only touched vertices.
    pub(super) fn check_legal(&self, canon: &CanonicalForm, m: &Move) -> Result<(), Ending> {
        let (u, v) = m.edge.ends();
        let touched = |w: u8| canon.position.touched() >> w & 1 == 1 || w == u || w == v;
        let why = if v as usize >= self.board.capacity() {
            format!("its move {u}-{v} leaves the board")
        } else if !canon.position.is_free(m.edge) {
            format!("its move {u}-{v} is already claimed")
        } else if let Some(w) = m
            .memory
            .names
            .iter()
            .flatten()
            .find(|&&w| w as usize >= crate::core::board::MAX_VERTICES || !touched(w))
        {
            format!("its memory after {u}-{v} names vertex {w}, which no claimed edge touches")
        } else {
            return Ok(());
        };
        Err(broken(format!(
            "at {} {why}; a strategy must give legal moves (a bug in the strategy, not a counterexample)",
            situation(canon)
        )))
    }

    fn check_member(&self, canon: &CanonicalForm, played: &Move, choices: &[Move]) -> Result<(), Ending> {
        match choices.contains(played) {
            true => Ok(()),
            false => Err(broken(format!(
                "at {} play gives {}, which its choices do not allow",
                situation(canon),
                played.edge
            ))),
        }
    }

    /// Checks, on sampled situations where the engine takes her winning
    /// edge itself after his `his` in `before` (whose seed is `seed`), that
    /// the strategy would have completed the target too: `play`'s move, or
    /// under `--choices all|some` every option. The position after his edge
    /// is only built for the sample.
    pub(super) fn check_shortcut(
        &self,
        before: &Position,
        memory: &Memory,
        his: Edge,
        seed: u64,
    ) -> Result<(), Ending> {
        if !self.shortcut_sampled((seed, his)) {
            return Ok(());
        }
        let after = before.with(his, Player::Second).expect("replies are unclaimed edges");
        let canon = canonical_form(&after, memory, Some(his));
        let dawdles = |what: String| {
            broken(format!(
                "it declares that it completes the target whenever it can, but at {} {what}",
                situation(&canon)
            ))
        };
        let asked = match self.choices {
            Choices::One => self.call_strategy(&canon, |view| self.strategy.play(view).map(|m| vec![m])),
            _ => self.call_strategy(&canon, |view| self.strategy.choices(view)),
        };
        let moves = asked.map_err(|ending| match ending {
            Ending::StrategyError(why) => dawdles(format!("it has no move: {why}")),
            other => other,
        })?;
        let k = self.game.clique;
        let completes =
            |m: &&Move| canon.position.is_free(m.edge) && canon.position.completes_clique(Player::First, m.edge, k);
        match (moves.is_empty(), moves.iter().find(|m| !completes(m))) {
            (true, _) => Err(dawdles("its choices are empty".into())),
            (false, None) => Ok(()),
            (false, Some(m)) if self.choices == Choices::One => Err(dawdles(format!("it plays {}", m.edge))),
            (false, Some(m)) => Err(dawdles(format!("its choices allow {}", m.edge))),
        }
    }
}

/// What is wrong when strategy code panicked at `canon` with `message`.
pub(crate) fn panicked_at(canon: &CanonicalForm, message: &str) -> String {
    format!(
        "at {} the strategy panicked: {message}; strategy code must not panic (a bug in the strategy, not a \
         counterexample)",
        situation(canon)
    )
}

/// The ending of a line on which the strategy broke its contract.
pub(super) fn broken(message: String) -> Ending {
    Ending::ContractBroken(message)
}

/// A broken strategy contract ([`crate::verify::search::contract`]): what was
/// wrong, in which situation, and how play got there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the strategy breaks its contract: {message}; play reaches it by the line {}", line_text(.line))]
pub struct ContractError {
    /// What was wrong, naming the situation the strategy was asked about
    /// in its own (canonical) labels: `at `RED:BLUE WORDS NAMES LAST``
    /// (the position as two graph6 strings, the memory's words and named
    /// vertices, his last edge: [`crate::core::graph6::situation_key`]).
    pub message: String,
    /// The line of play from the empty board to that situation (in the
    /// labels of play), ending in [`Ending::ContractBroken`] with the
    /// message.
    pub line: Line,
}

impl ContractError {
    /// The error a line ending in a broken contract reports, `None` for
    /// any other line.
    pub fn of(line: &Line) -> Option<ContractError> {
        match &line.ending {
            Ending::ContractBroken(message) => Some(ContractError {
                message: message.clone(),
                line: line.clone(),
            }),
            _ => None,
        }
    }
}

/// A line's moves as `--line` takes them (`"0-1,2-3"`, red first), or
/// `""` before her first move.
fn line_text(line: &Line) -> String {
    let edges: Vec<String> = line.moves.iter().map(|m| m.edge.to_string()).collect();
    format!("\"{}\"", edges.join(","))
}

#[cfg(test)]
mod tests {
    use super::{StrategyGame, SAMPLE, SHORTCUT_RARER};
    use crate::core::board::{Board, Edge};
    use crate::core::memory::Memory;
    use crate::verify::search::choices::Choices;
    use crate::verify::strategy::{Game, Move, Strategy, StrategyError, View};

    /// Any K3 strategy will do: the sample depends on the rules only.
    struct FirstEdge;

    impl Strategy for FirstEdge {
        fn name(&self) -> &'static str {
            "first-edge"
        }
        fn description(&self) -> &'static str {
            "claims 0-1"
        }
        fn game(&self) -> Game {
            Game::clique(3)
        }
        fn initial_memory(&self) -> Memory {
            Memory::new(0, 0)
        }
        fn play(&self, view: &View) -> Result<Move, StrategyError> {
            Ok(Move {
                edge: Edge::new(0, 1),
                memory: view.memory.clone(),
            })
        }
    }

    fn rules(strategy: &dyn crate::verify::strategy::Strategy, contract_sample: u64) -> StrategyGame<'_> {
        StrategyGame {
            strategy,
            game: strategy.game(),
            board: Board::Infinite,
            bound: 4,
            shortcuts: true,
            choices: Choices::One,
            contract_sample,
            certifying: false,
        }
    }

    #[test]
    fn shortcut_wins_are_sampled_more_rarely_within_the_situations_sample_and_all_when_checking_all() {
        let strategy = FirstEdge;
        let (default, all) = (rules(&strategy, SAMPLE), rules(&strategy, 1));
        let items = 0..(1u64 << 20);
        let picked: Vec<u64> = items.clone().filter(|&i| default.shortcut_sampled(i)).collect();
        assert!(
            picked.iter().all(|&i| default.sampled(i)),
            "a subset of the situations' sample"
        );
        let expected = (1u64 << 20) / (SAMPLE * SHORTCUT_RARER);
        assert!(
            picked.len() as u64 > expected / 2 && (picked.len() as u64) < expected * 2,
            "{}",
            picked.len()
        );
        assert!(items.clone().all(|i| all.shortcut_sampled(i) && all.sampled(i)));
    }
}
