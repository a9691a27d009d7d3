//! One exchange of the strategy game: his edge, then her answer from the
//! strategy (called on the canonical form, panics caught, her move and
//! memory checked: [`super::contract`]), with the standing-assumption
//! shortcuts.

use super::game::{win_in, AtNode, Exchange, Score, StrategyGame};
use super::value::FailKind;
use crate::core::board::{Edge, Player, Position, Vertex};
use crate::core::canon::{canonical_form, CanonicalForm};
use crate::core::memory::Memory;
use crate::games::Value;
use crate::verify::line::Ending;
use crate::verify::strategy::{StrategyError, View};

thread_local! {
    /// Set while strategy code runs on this thread (see [`quiet_strategy_panics`]).
    static IN_STRATEGY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs a panic hook that stays silent for panics inside strategy code
/// (the search catches them and reports a broken contract, naming the
/// situation: [`super::contract`]) and prints every other panic as before.
/// For binaries; the hook is process-wide.
pub fn quiet_strategy_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_STRATEGY.with(|flag| flag.get()) {
            default(info);
        }
    }));
}

/// Runs strategy code `call` with a panic in it caught (and kept quiet by
/// [`quiet_strategy_panics`]): its result, or the panic's message. The
/// search calls strategies through this, and so does every other caller of
/// strategy code (`repair`).
pub(crate) fn guarded<T>(call: impl FnOnce() -> T) -> Result<T, Panicked> {
    IN_STRATEGY.with(|flag| flag.set(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(call));
    IN_STRATEGY.with(|flag| flag.set(false));
    result.map_err(|panic| Panicked(panic_message(&panic)))
}

/// Strategy code panicked: the panic's message (`no message` if it had
/// none).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Panicked(pub String);

/// The text of a panic payload, as far as it has one.
fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".into())
}

impl StrategyGame<'_> {
    /// Her move from (`position`, `memory`) after his `last` edge, in the
    /// caller's labels, or the ending that stops her.
    pub fn her_turn(&self, position: &Position, memory: &Memory, last: Option<Edge>) -> Result<(Edge, Memory), Ending> {
        self.bound_allows(position)?;
        let canon = canonical_form(position, memory, last);
        let chosen = self.call_strategy(&canon, |view| self.strategy.play(view))?;
        self.check_legal(&canon, &chosen)?;
        self.check_play(&canon, &chosen)?;
        Ok(self.back_to_caller(&canon.to_canon.inverse_table(), chosen.edge, &chosen.memory))
    }

    /// Every move the strategy allows from (`position`, `memory`) after
    /// his `last` edge ([`crate::verify::strategy::Strategy::choices`]), each in
    /// the caller's labels; or the ending that stops her before any choice.
    pub fn her_options(&self, position: &Position, memory: &Memory, last: Option<Edge>) -> super::game::Options {
        self.bound_allows(position)?;
        let canon = canonical_form(position, memory, last);
        let options = self.call_strategy(&canon, |view| self.strategy.choices(view))?;
        self.check_choices(&canon, &options)?;
        let back = canon.to_canon.inverse_table();
        let to_caller = |m: crate::verify::strategy::Move| self.back_to_caller(&back, m.edge, &m.memory);
        Ok(options.into_iter().map(to_caller).collect())
    }

    /// Stops her at the bound on her moves.
    fn bound_allows(&self, position: &Position) -> Result<(), Ending> {
        match position.edge_count(Player::First) as u32 >= self.bound {
            true => Err(Ending::BoundExceeded),
            false => Ok(()),
        }
    }

    /// Calls strategy code on the canonical view of `canon`. An error the
    /// strategy returns (it says why it has no move) is a counterexample to
    /// that strategy; a panic in strategy code is a bug in it, a broken
    /// contract naming the situation ([`super::contract`]). Neither ends
    /// the run.
    pub(super) fn call_strategy<T>(
        &self,
        canon: &CanonicalForm,
        call: impl FnOnce(&View) -> Result<T, StrategyError>,
    ) -> Result<T, Ending> {
        let view = View {
            game: self.game,
            position: &canon.position,
            memory: &canon.memory,
            last_reply: canon.marked,
        };
        guarded(|| call(&view))
            .map_err(|panic| super::contract::broken(super::contract::panicked_at(canon, &panic.0)))?
            .map_err(|e| Ending::StrategyError(e.to_string()))
    }

    /// Her move and memory, chosen (and checked legal) in canonical labels,
    /// mapped back by `back` to the caller's labels.
    fn back_to_caller(&self, back: &[Vertex], edge: Edge, memory: &Memory) -> (Edge, Memory) {
        let capacity = self.board.capacity();
        let memory = memory.relabel(|v| if (v as usize) < capacity { back[v as usize] } else { v });
        (edge.map(|v| back[v as usize]), memory)
    }

    /// Whether the standing-assumption shortcuts apply.
    fn shortcuts_apply(&self) -> bool {
        self.shortcuts && self.strategy.completes_when_possible()
    }

    /// Her winning edge after his `his` in `position` (his edge on the
    /// board), taken without canonical labelling or a strategy call when
    /// the strategy declares that it completes the target whenever it can.
    /// `her_threats` are her threats before his move: his move can only
    /// remove one.
    pub(super) fn shortcut_win(&self, position: &Position, his: Edge, her_threats: &[Edge]) -> Option<Edge> {
        let moves = position.edge_count(Player::First) as u32;
        if !self.shortcuts_apply() || moves >= self.bound {
            return None;
        }
        her_threats.iter().copied().find(|&e| e != his)
    }

    /// Her threats in `position` when the shortcuts need them (else none),
    /// with the position's seed for the contract sample of shortcut wins.
    pub(super) fn threats_for_shortcuts(&self, position: &Position) -> AtNode {
        match self.shortcuts_apply() {
            true => AtNode {
                threats: position.threats(Player::First, self.game.clique),
                seed: Self::seed(position),
            },
            false => AtNode::default(),
        }
    }

    /// The value of a position with him to move in which she has a double
    /// threat, without canonical labelling: he loses unless he can complete
    /// his own target now. Only for strategies that complete when possible,
    /// and only when her winning move is within the bound (otherwise which
    /// failure comes first depends on the reply order).
    pub(super) fn double_threat_value(&self, position: &Position) -> Option<Value<Score>> {
        let k = self.game.clique;
        let moves = position.edge_count(Player::First) as u32;
        if !self.shortcuts_apply() || moves >= self.bound || !position.has_double_threat(Player::First, k) {
            return None;
        }
        let he_completes = self.game.second_builds() && !position.threats(Player::Second, k).is_empty();
        let score = match he_completes {
            false => win_in(moves as usize + 1),
            true => Score::Fail(FailKind::SecondPlayerWins),
        };
        Some(Value { score, plies: 1 })
    }

    /// His edge `his`, then her answer, from a position with him to move.
    pub fn exchange(&self, position: &Position, memory: &Memory, his: Edge) -> Exchange {
        self.exchange_given(position, memory, his, &self.threats_for_shortcuts(position))
    }

    /// The position after his edge `his`, and the ending if that ends the
    /// game (he completes his target, or the board is full).
    pub(super) fn after_his(&self, position: &Position, his: Edge) -> (Position, Option<Ending>) {
        let after = position.with(his, Player::Second).expect("replies are unclaimed edges");
        (after, self.his_ending(position, his))
    }

    /// The ending his (unclaimed) edge `his` brings about in `position`, if
    /// any: he completes his target, or it fills the board.
    fn his_ending(&self, position: &Position, his: Edge) -> Option<Ending> {
        if self.game.second_builds() && position.completes_clique(Player::Second, his, self.game.clique) {
            Some(Ending::SecondPlayerWins)
        } else if position.free_edge_count() == Some(1) {
            Some(Ending::Draw)
        } else {
            None
        }
    }

    /// The score of his edge `his` at a node with him to move (`at`: her
    /// threats there), where it is known without playing the exchange: the
    /// game ends with his edge, or she completes her target at once by the
    /// shortcut ([`StrategyGame::shortcut_win`], its contract sample
    /// checked). The same score as the played exchange's ending; the child
    /// is not built.
    pub(super) fn his_edge_score(&self, position: &Position, memory: &Memory, his: Edge, at: &AtNode) -> Option<Score> {
        if let Some(ending) = self.his_ending(position, his) {
            return Some(Score::Fail(
                FailKind::of(&ending).expect("he ends the game without her win"),
            ));
        }
        self.shortcut_win(position, his, &at.threats)?;
        match self.check_shortcut(position, memory, his, at.seed) {
            Ok(()) => Some(win_in(position.edge_count(Player::First) + 1)),
            Err(_) => Some(Score::Fail(FailKind::ContractBroken)),
        }
    }

    /// [`StrategyGame::exchange`] with her threats in `position` already
    /// known (they are the same for every reply at a node).
    pub(super) fn exchange_given(&self, position: &Position, memory: &Memory, his: Edge, at: &AtNode) -> Exchange {
        let (after, stop) = self.after_his(position, his);
        let answer = match (stop, self.shortcut_win(position, his, &at.threats)) {
            (Some(ending), _) => Err(ending),
            (None, Some(win)) => return self.shortcut_exchange(position, after, memory, (his, at.seed), win),
            (None, None) => self.her_turn(&after, memory, Some(his)),
        };
        match answer {
            Err(ending) => Exchange {
                his,
                her: None,
                position: after,
                memory: memory.clone(),
                ending: Some(ending),
            },
            Ok((her, memory)) => {
                let (position, ending) = self.claim_hers(after, her);
                Exchange {
                    his,
                    her: Some(her),
                    position,
                    memory,
                    ending,
                }
            }
        }
    }

    /// The exchange in which the engine plays her threat's missing edge
    /// `win` after his `his` in `before` (`after`: his edge on the board;
    /// `seed`: the position's before it, [`AtNode`]). His edge is not `win`
    /// and claims no red edge, so `win` still completes her clique: no
    /// clique search.
    pub(super) fn shortcut_exchange(
        &self,
        before: &Position,
        mut after: Position,
        memory: &Memory,
        (his, seed): (Edge, u64),
        win: Edge,
    ) -> Exchange {
        let (her, ending) = match self.check_shortcut(before, memory, his, seed) {
            Err(broken) => (None, broken),
            Ok(()) => {
                debug_assert!(after.completes_clique(Player::First, win, self.game.clique));
                after
                    .claim(win, Player::First)
                    .expect("a threat's missing edge is free");
                (Some(win), Ending::FirstPlayerWins)
            }
        };
        Exchange {
            his,
            her,
            position: after,
            memory: memory.clone(),
            ending: Some(ending),
        }
    }

    /// `position` with her (checked legal) edge claimed, and whether that wins.
    pub(super) fn claim_hers(&self, mut position: Position, her: Edge) -> (Position, Option<Ending>) {
        let wins = position.completes_clique(Player::First, her, self.game.clique);
        position.claim(her, Player::First).expect("checked legal");
        (position, wins.then_some(Ending::FirstPlayerWins))
    }
}
