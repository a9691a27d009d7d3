//! The search proper: expanding a position into its children and the
//! threshold loop of df-pn (module docs of `dfpn`).

use super::table::{Numbers, Table, INF};
use super::Dfpn;
use crate::core::symmetry::Canonical;
use crate::engine::Stopped;
use crate::games::{Hints, Symmetric};
use std::sync::atomic::Ordering;

/// A child of an expanded position: whether it has been looked at, its
/// canonical form unless it was decided on sight (or not looked at), and
/// its numbers.
///
/// Children are looked at (played, decided on sight or labelled and looked
/// up) only when the search first selects them: until then they count as
/// never seen, numbers (1, 1), which is sound (such a child proves and
/// disproves nothing) and saves the canonical labelling of every child of
/// a position settled by one of its first children.
struct Kid<P> {
    seen: bool,
    canon: Option<Canonical<P>>,
    numbers: Numbers,
}

impl<P> Kid<P> {
    /// A child not looked at yet.
    const UNSEEN: Kid<P> = Kid {
        seen: false,
        canon: None,
        numbers: Numbers::UNKNOWN,
    };
}

/// The ε of the 1 + ε trick (Pawlewicz and Lew): a child is searched until
/// its number passes (1 + ε) times its best sibling's. Pawlewicz and Lew
/// use ε = 1/4; the Ramsey games here prefer a much larger one (the
/// triangle-free game on K11, one thread: 12.8 s of CPU with ε = 1/4,
/// 7.4 s with 1, 5.7 s with 3, 4.1 s with 15 and with 63), that is, a
/// search closer to depth-first, whose move order is already good.
const EPSILON: u64 = 15;

/// What a search of a position found: its numbers when it was left, the
/// move of the side it is solved for (if solved, and that side is to move
/// there; in the canonical labels), and the expansions it cost.
pub(super) struct Searched<M> {
    pub(super) numbers: Numbers,
    pub(super) decisive: Option<M>,
    work: u64,
}

impl<G: Symmetric + Hints> Dfpn<'_, G> {
    /// The numbers of `position` (any labels) if it is decided on sight
    /// (module docs): the game is over, the game's quick value, or an ending
    /// move of the player to move with their best score.
    pub(super) fn judge(&self, position: &G::Position) -> Option<Numbers> {
        if let Some(score) = self.game.outcome(position) {
            return Some(self.numbers_of(score));
        }
        if let Some(value) = self.game.quick_value(position) {
            return Some(self.numbers_of(value.score));
        }
        let best = self.best[self.game.to_move(position) as usize];
        match self.game.ending_move(position, best) {
            Some(Some(_)) => Some(self.numbers_of(best)),
            _ => None,
        }
    }

    /// Searches canonical `canon` until it is proven or disproven.
    pub(super) fn solve(
        &self,
        table: &mut Table,
        canon: &Canonical<G::Position>,
    ) -> Result<Searched<G::Move>, Stopped> {
        self.mid(
            table,
            canon,
            Numbers {
                proof: INF,
                disproof: INF,
            },
        )
    }

    /// The moves of canonical `canon` (one per orbit, in the search's
    /// order) and its children, none of them looked at yet.
    fn expand(&self, canon: &Canonical<G::Position>) -> (Vec<G::Move>, Vec<Kid<G::Position>>) {
        let position = &canon.position;
        let mut moves = self.game.orbit_moves(position, &canon.generators);
        if let Some(order) = &self.order {
            order(position, &mut moves);
        }
        let kids = moves.iter().map(|_| Kid::UNSEEN).collect();
        (moves, kids)
    }

    /// The child after move `m` at canonical `position`: decided on sight,
    /// or labelled with its numbers from the table.
    fn kid(&self, table: &Table, position: &G::Position, m: &G::Move) -> Kid<G::Position> {
        if let Some(value) = self.game.quick_move_value(position, m) {
            return Kid {
                seen: true,
                canon: None,
                numbers: self.numbers_of(value.score),
            };
        }
        let child = self.game.play(position, m);
        if let Some(numbers) = self.judge(&child) {
            return Kid {
                seen: true,
                canon: None,
                numbers,
            };
        }
        let canon = self.game.canonical(&child);
        let numbers = table.get(&canon.key);
        Kid {
            seen: true,
            canon: Some(canon),
            numbers,
        }
    }

    /// Searches canonical `canon` (a position not decided on sight) until
    /// its proof number reaches `th.proof` or its disproof number reaches
    /// `th.disproof`, then stores and returns its numbers.
    fn mid(
        &self,
        table: &mut Table,
        canon: &Canonical<G::Position>,
        th: Numbers,
    ) -> Result<Searched<G::Move>, Stopped> {
        self.check_interrupt()?;
        self.expansions.fetch_add(1, Ordering::Relaxed);
        let ours = self.game.to_move(&canon.position) == self.prover;
        let (moves, mut kids) = self.expand(canon);
        let mut work = 1;
        let mut here = combine(ours, &kids);
        while here.proof < th.proof && here.disproof < th.disproof {
            let (index, limit) = select(ours, &kids);
            if !kids[index].seen {
                kids[index] = self.kid(table, &canon.position, &moves[index]);
                here = combine(ours, &kids);
                continue;
            }
            let kid = &kids[index];
            let child_th = match ours {
                true => Numbers {
                    proof: th.proof.min(limit),
                    disproof: th.disproof - (here.disproof - kid.numbers.disproof),
                },
                false => Numbers {
                    proof: th.proof - (here.proof - kid.numbers.proof),
                    disproof: th.disproof.min(limit),
                },
            };
            let canon = kid.canon.as_ref().expect("a most-proving child is open");
            let searched = self.mid(table, canon, child_th)?;
            kids[index].numbers = searched.numbers;
            work += searched.work;
            here = combine(ours, &kids);
        }
        table.store(&canon.key, here, work);
        self.bytes.store(table.bytes(), Ordering::Relaxed);
        let decisive = kids.iter().position(|k| settles(ours, k.numbers));
        Ok(Searched {
            numbers: here,
            decisive: decisive.map(|i| moves[i].clone()),
            work,
        })
    }
}

/// Whether a child with `numbers` settles its parent for the player to
/// move there (`ours`: the prover, who needs one proven child; else the
/// other player, who needs one disproven child).
fn settles(ours: bool, numbers: Numbers) -> bool {
    match ours {
        true => numbers.proof == 0,
        false => numbers.disproof == 0,
    }
}

/// A position's numbers from its children's: at the prover's positions
/// (`ours`) the least proof number and the sum of disproof numbers, at the
/// other player's the reverse. Sums stop below [`INF`] unless a term is
/// infinite, so only a solved position has an infinite number.
fn combine<P>(ours: bool, kids: &[Kid<P>]) -> Numbers {
    let least = |f: fn(&Numbers) -> u64| kids.iter().map(|k| f(&k.numbers)).min().unwrap_or(INF);
    let sum = |f: fn(&Numbers) -> u64| {
        let terms = kids.iter().map(|k| f(&k.numbers));
        match terms.clone().any(|t| t >= INF) {
            true => INF,
            false => terms.fold(0, |a: u64, t| a.saturating_add(t)).min(INF - 1),
        }
    };
    match ours {
        true => Numbers {
            proof: least(|n| n.proof),
            disproof: sum(|n| n.disproof),
        },
        false => Numbers {
            proof: sum(|n| n.proof),
            disproof: least(|n| n.disproof),
        },
    }
}

/// The most-proving child (the first least proof number at the prover's
/// positions, the first least disproof number at the other player's) and
/// the threshold it is searched under: the second-least such number grown
/// by the 1 + ε trick ([`EPSILON`]), at least one more than it.
fn select<P>(ours: bool, kids: &[Kid<P>]) -> (usize, u64) {
    let key = |k: &Kid<P>| match ours {
        true => k.numbers.proof,
        false => k.numbers.disproof,
    };
    let mut best = (0, INF);
    let mut second = INF;
    for (i, kid) in kids.iter().enumerate() {
        let n = key(kid);
        if n < best.1 {
            second = best.1;
            best = (i, n);
        } else if n < second {
            second = n;
        }
    }
    let grown = second.saturating_add(EPSILON * second.max(1)).min(INF);
    (best.0, grown)
}
