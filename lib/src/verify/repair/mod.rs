//! Counterexample-guided repair of a strategy by a table of moves.
//!
//! When a reconstructed strategy loses only in a few places, a researcher
//! wants to know whether *small* changes to its play save it, and which.
//! `repair` answers that: it verifies the strategy (with the patch table so
//! far, [`crate::verify::patch::Patched`]), takes the counterexample line, and walks
//! her decisions on it from the last to the first. At each decision it tries
//! her other moves (one per orbit of the situation) and keeps the first one
//! after which the strategy, otherwise unchanged, wins within the bound.
//! That move becomes a table entry and the next round starts; the run ends
//! when the strategy verifies, or when no single move on the counterexample
//! line saves it (the line is returned).
//!
//! Soundness does not rest on this search: the result is a strategy that
//! `verify` certifies like any other. One round's values are shared by all
//! candidate moves of that round: a candidate changes her move in one
//! situation only, and no position after it can repeat that situation (it
//! has fewer edges), so the value of a candidate's subtree is the value of
//! the strategy with that single new entry.

use crate::core::board::{Edge, Player, Position};
use crate::core::canon::canonical_form;
use crate::core::graph6::situation_key;
use crate::core::memory::Memory;
use crate::core::orbits::edge_orbit_representatives;
use crate::engine::{LimitsError, Stopped};
use crate::verify::line::{Ending, Line};
use crate::verify::patch::{memory_for, PatchTable, Patched, Patches};
use crate::verify::search::contract::{panicked_at, ContractError};
use crate::verify::search::guarded;
use crate::verify::search::{ReplayError, Search, Value};
use crate::verify::strategy::{Strategy, View};
use crate::verify::{new_search, Request};
use std::sync::Arc;

/// What a repair run starts from and may change.
pub struct RepairTask {
    /// The strategy to repair (the table's moves override it).
    pub strategy: Arc<dyn Strategy>,
    /// The table to start from (empty for none).
    pub table: PatchTable,
    /// A line the strategy plays (both players' moves, red first, ending
    /// with hers), so that only the subtree after it is repaired (empty:
    /// the whole game).
    pub prefix: Vec<Edge>,
    /// Her first move number that may be patched.
    pub from_move: usize,
    /// Most rounds (table entries added) before the run stops.
    pub max_rounds: usize,
}

/// How a repair run ended; every variant carries the table it built.
pub enum RepairOutcome {
    /// The patched strategy wins every line within the bound.
    Verified {
        /// The table that makes it win.
        table: PatchTable,
        /// The largest number of her moves on any line, as `verify` reports it.
        max_moves: u32,
    },
    /// No single move on this counterexample line saves the strategy.
    Stuck {
        /// The table built so far.
        table: PatchTable,
        /// The counterexample line no single move saves.
        line: Line,
    },
    /// `max_rounds` entries were added and it still loses.
    OutOfRounds {
        /// The table built so far.
        table: PatchTable,
    },
    /// The counterexample line ends in a bug of the strategy (an illegal
    /// move, a panic, ...: [`crate::verify::search::contract`]), which is no
    /// counterexample to repair: the strategy must be fixed.
    Broken {
        /// The table built so far.
        table: PatchTable,
        /// The broken contract, its situation and line.
        error: ContractError,
    },
}

/// Why a repair run has no outcome.
#[derive(Debug, thiserror::Error)]
pub enum RepairError {
    /// The line to repair after is not one the strategy plays.
    #[error(transparent)]
    Line(#[from] ReplayError),
    /// Unusable limits (e.g. no thread pool of that size).
    #[error(transparent)]
    Limits(#[from] LimitsError),
    /// A limit stopped a search.
    #[error(transparent)]
    Stopped(#[from] Stopped),
    /// Her moves are numbered 1 to the bound: from this one on, none could
    /// be patched.
    #[error("her move {from_move} is not one of her moves 1 to {bound}: no move could be patched")]
    FromMove {
        /// [`RepairTask::from_move`].
        from_move: usize,
        /// The request's bound on her moves.
        bound: u32,
    },
    /// [`RepairTask::max_rounds`] is 0: no entry could be added.
    #[error("a repair needs at least one round (max_rounds is 0)")]
    NoRounds,
}

/// Whether her move `from_move` (from 1) can be patched under `bound`:
/// checked by [`repair`] before any search, and by callers that want to
/// refuse it before reading anything else.
pub fn check_from_move(from_move: usize, bound: u32) -> Result<(), RepairError> {
    match (1..=bound as usize).contains(&from_move) {
        true => Ok(()),
        false => Err(RepairError::FromMove { from_move, bound }),
    }
}

/// Why no move at a decision saves the strategy there.
enum NoSave {
    /// The strategy panics in the situation.
    Panicked(String),
    /// A limit stopped the search.
    Stopped(Stopped),
}

/// One entry added, for progress reports.
pub struct Round {
    /// The entry's number, from 1.
    pub number: usize,
    /// His moves on the counterexample line of this round.
    pub his_moves: usize,
    /// Her move number at which the entry applies.
    pub at_move: usize,
    /// Positions the round's search certified.
    pub positions: u64,
}

/// A situation where she is to move: after his edge `his`.
struct Decision {
    position: Position,
    memory: Memory,
    his: Edge,
}

/// Repairs `task.strategy` as described in the module documentation,
/// calling `on_round` after every entry added; on a pool of
/// `request.limits`' threads, each search under its memory cap.
pub fn repair(
    task: RepairTask,
    request: &Request,
    on_round: impl FnMut(&Round) + Send,
) -> Result<RepairOutcome, RepairError> {
    check_from_move(task.from_move, request.bound)?;
    if task.max_rounds == 0 {
        return Err(RepairError::NoRounds);
    }
    request.limits.install(|| repair_on_pool(task, request, on_round))?
}

fn repair_on_pool(
    task: RepairTask,
    request: &Request,
    mut on_round: impl FnMut(&Round),
) -> Result<RepairOutcome, RepairError> {
    let mut table = task.table.clone();
    for number in 1..=task.max_rounds + 1 {
        let patched = Patches::over(task.strategy.clone(), "patched", "", table.clone());
        let search = new_search(&patched, request);
        let (position, memory, prefix) = search.replay_line(&task.prefix).map_err(RepairError::Line)?;
        let value = search.value(&canonical_form(&position, &memory, None))?;
        if let Value::Win(max_moves) = value {
            return Ok(RepairOutcome::Verified { table, max_moves });
        }
        if number > task.max_rounds {
            break;
        }
        let line = search.principal_line_from(position.clone(), memory.clone(), prefix)?;
        if let Some(error) = ContractError::of(&line) {
            return Ok(RepairOutcome::Broken { table, error });
        }
        let after_prefix = line.moves.iter().skip(task.prefix.len().max(1)).map(|m| m.edge);
        let decisions = decisions(&search, position, memory, after_prefix.step_by(2));
        let found = decisions
            .iter()
            .rev()
            .filter(|d| d.position.edge_count(Player::First) + 1 >= task.from_move)
            .find_map(|d| match saving_move(&search, &patched, d) {
                Ok(None) => None,
                Ok(Some((key, edge))) => Some(Ok((key, edge, d))),
                Err(no) => Some(Err((no, d))),
            });
        let (key, edge, at) = match found {
            Some(Ok(found)) => found,
            Some(Err((NoSave::Stopped(stopped), _))) => return Err(stopped.into()),
            Some(Err((NoSave::Panicked(message), d))) => {
                let error = broken_at(line.clone(), d, message);
                return Ok(RepairOutcome::Broken { table, error });
            }
            None => return Ok(RepairOutcome::Stuck { table, line }),
        };
        table.insert(key, edge.into());
        on_round(&Round {
            number,
            his_moves: line.count(Player::Second),
            at_move: at.position.edge_count(Player::First) + 1,
            positions: search.positions(),
        });
    }
    Ok(RepairOutcome::OutOfRounds { table })
}

/// Her decisions when he plays `his_moves` from `position` (him to move,
/// her `memory`) and she answers by the strategy.
fn decisions(
    search: &Search,
    mut position: Position,
    mut memory: Memory,
    his_moves: impl Iterator<Item = Edge>,
) -> Vec<Decision> {
    let mut out = Vec::new();
    for his in his_moves {
        let x = search.exchange(&position, &memory, his);
        // After his winning (or board-filling) move she has no decision.
        if matches!(x.ending, Some(Ending::SecondPlayerWins | Ending::Draw)) {
            break;
        }
        out.push(Decision {
            position: position.with(his, Player::Second).expect("line moves are legal"),
            memory: memory.clone(),
            his,
        });
        if x.ending.is_some() {
            break;
        }
        (position, memory) = (x.position, x.memory);
    }
    out
}

/// The broken contract `message` at `decision`, a situation on `line`: the
/// line up to his move there.
fn broken_at(mut line: Line, decision: &Decision, message: String) -> ContractError {
    let p = &decision.position;
    line.moves
        .truncate(p.edge_count(Player::First) + p.edge_count(Player::Second));
    line.ending = Ending::ContractBroken(message.clone());
    ContractError { message, line }
}

/// The first of her moves at `decision`, other than the patched strategy's,
/// after which the strategy wins within the bound: its situation key and
/// edge (canonical labels); or what is wrong if the strategy panics there
/// (which the search did not see: it asks once per situation), or the
/// limit that stopped the search.
fn saving_move(search: &Search, patched: &Patched, decision: &Decision) -> Result<Option<(String, Edge)>, NoSave> {
    if decision.position.edge_count(Player::First) as u32 >= search.bound {
        return Ok(None);
    }
    let canon = canonical_form(&decision.position, &decision.memory, Some(decision.his));
    let view = View {
        game: patched.game(),
        position: &canon.position,
        memory: &canon.memory,
        last_reply: canon.marked,
    };
    let (own, current) = guarded(|| {
        let own = patched.inner().play(&view);
        let current = patched.play_over(&view, own.clone()).ok().map(|m| m.edge);
        (own, current)
    })
    .map_err(|panic| NoSave::Panicked(panicked_at(&canon, &panic.0)))?;
    let clique = patched.game().clique;
    let candidates = edge_orbit_representatives(&canon)
        .into_iter()
        .filter(|&e| Some(e) != current && canon.position.is_free(e));
    for e in candidates {
        let after = canon.position.with(e, Player::First).expect("free edge");
        let saves = after.has_clique(Player::First, clique) || {
            let memory = memory_for(&own, &view, e);
            let value = || search.value(&canonical_form(&after, &memory, None));
            !after.is_full() && matches!(value().map_err(NoSave::Stopped)?, Value::Win(_))
        };
        if saves {
            return Ok(Some((situation_key(&canon.position, &canon.memory, canon.marked), e)));
        }
    }
    Ok(None)
}
