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
//! With [`RepairTask::batch`] a round instead fixes every failing decision
//! of one verification at once (`repair/batch.rs`): the lines that need too many
//! moves may be so many that one entry per verification is far too slow.
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
use std::collections::BTreeMap;
use std::sync::Arc;

mod batch;

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
    /// Most rounds (verifications that add entries) before the run stops.
    pub max_rounds: usize,
    /// Fix every failing decision of a verification in one round
    /// (`repair/batch.rs`) instead of one decision on its counterexample line.
    pub batch: bool,
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
    /// No single move on this counterexample line saves the strategy (in
    /// batch mode: no failing decision of the round could be fixed).
    Stuck {
        /// The table built so far.
        table: PatchTable,
        /// The counterexample line no single move saves.
        line: Line,
    },
    /// `max_rounds` rounds added entries and it still loses.
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

/// One round's entries, for progress reports. In batch mode a round that
/// adds none (the run is then stuck) is reported too, for its failing
/// situations.
pub struct Round {
    /// The round's number, from 1.
    pub number: usize,
    /// His moves on the counterexample line of this round.
    pub his_moves: usize,
    /// Entries added, counted by her move number at which they apply.
    pub added: BTreeMap<usize, usize>,
    /// In batch mode, the distinct failing situations the round looked at,
    /// by her move number there (empty otherwise).
    pub failing: BTreeMap<usize, usize>,
    /// Positions the round's search certified.
    pub positions: u64,
}

/// What one round found.
enum Found {
    /// Entries to add: situation key, her edge, her move number there
    /// (none: the run is stuck, after the round is reported).
    Entries {
        /// The entries.
        entries: Vec<(String, Edge, usize)>,
        /// [`Round::failing`].
        failing: BTreeMap<usize, usize>,
    },
    /// Nothing to add, nothing to report: the run is stuck on the round's
    /// line.
    Stuck,
    /// A bug of the strategy (which a repair does not patch over).
    Broken(ContractError),
}

/// Where a round starts: the patched strategy and its search, the position
/// after the task's prefix (him to move) with her memory, and her first
/// move number that may be patched.
struct Start<'s, 'p> {
    search: &'s Search<'p>,
    patched: &'s Patched,
    position: Position,
    memory: Memory,
    from_move: usize,
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
        let line = search.principal_line_from(position.clone(), memory.clone(), prefix.clone())?;
        if let Some(error) = ContractError::of(&line) {
            return Ok(RepairOutcome::Broken { table, error });
        }
        let start = Start {
            search: &search,
            patched: &patched,
            position,
            memory,
            from_move: task.from_move,
        };
        let found = match task.batch {
            true => batch::round(&start, &prefix)?,
            false => single_round(&start, &line, task.prefix.len())?,
        };
        let (entries, failing) = match found {
            Found::Entries { entries, failing } => (entries, failing),
            Found::Stuck => return Ok(RepairOutcome::Stuck { table, line }),
            Found::Broken(error) => return Ok(RepairOutcome::Broken { table, error }),
        };
        let (stuck, mut added) = (entries.is_empty(), BTreeMap::new());
        for (key, edge, at_move) in entries {
            table.insert(key, edge.into());
            *added.entry(at_move).or_default() += 1;
        }
        on_round(&Round {
            number,
            his_moves: line.count(Player::Second),
            added,
            failing,
            positions: search.positions(),
        });
        if stuck {
            return Ok(RepairOutcome::Stuck { table, line });
        }
    }
    Ok(RepairOutcome::OutOfRounds { table })
}

/// One round of the one-entry repair: the last decision on `line` (the
/// round's counterexample; `prefix_len` of its moves are the task's
/// prefix) at which another move saves the strategy.
fn single_round(start: &Start, line: &Line, prefix_len: usize) -> Result<Found, RepairError> {
    let after_prefix = line.moves.iter().skip(prefix_len.max(1)).map(|m| m.edge);
    let (position, memory) = (start.position.clone(), start.memory.clone());
    let decisions = decisions(start.search, position, memory, after_prefix.step_by(2));
    let found = decisions
        .iter()
        .rev()
        .filter(|d| d.position.edge_count(Player::First) + 1 >= start.from_move)
        .find_map(|d| match saving_move(start.search, start.patched, d) {
            Ok(None) => None,
            Ok(Some((key, edge))) => Some(Ok((key, edge, d))),
            Err(no) => Some(Err((no, d))),
        });
    Ok(match found {
        Some(Ok((key, edge, at))) => Found::Entries {
            entries: vec![(key, edge, at.position.edge_count(Player::First) + 1)],
            failing: BTreeMap::new(),
        },
        Some(Err((NoSave::Stopped(stopped), _))) => return Err(stopped.into()),
        Some(Err((NoSave::Panicked(message), d))) => Found::Broken(broken_at(line.clone(), d, message)),
        None => Found::Stuck,
    })
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
