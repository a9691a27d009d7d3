//! Version 14: "the prover does not win within `L` plies" for a graph
//! Ramsey game whose moves colour one edge each (proofs/FORMAT.md,
//! "Version 14: no win within L plies"). The body is the other colour's
//! (the *holder's*) strategy: one move per position where he is to move,
//! with the plies after it during which the prover does not win.
//!
//! Every move colours one edge, so the plies played since the start are
//! the edges coloured since, and whose turn it is follows from their
//! parity: both are read off a position, so an entry's claim "no win of
//! the prover within `l` plies after my move" is the claim "no win of the
//! prover up to the `c + 1 + l`-th coloured edge" (`c`: the entry's
//! coloured edges), its *reach*. An entry covers a position up to
//! isomorphism if its reach is at least the one needed, so the index keeps
//! `u32::MAX - reach` ([`reach_key`]): the least key is the longest
//! reach, and the closure's depth comparison ("at most the limit") is the
//! reach comparison. The closure itself is the one of versions 3 and 5
//! ([`super::closure`]), with a goal (`Horizon`) that accepts every end
//! but the prover's win, and holds at the reach unless the prover has
//! just won there.

use super::closure::{Goal, Index, Layout, Missing, Strategy};
use super::header::Header;
use super::position::{other, Position};
use super::rules::{name, End, Game};
use super::{no_target_at_start, statement, Statement};
use crate::graph::Colour;
use crate::text::clip;
use crate::Rejection;

/// Checks a version-14 body claiming that `prover` does not win within
/// `plies` plies from the start: the start, then every entry on
/// `threads` threads. Returns the statement, the plies, the entries and
/// the prover's moves tried.
pub fn check(
    header: &Header,
    body: &[u8],
    threads: usize,
    prover: Colour,
    plies: u32,
) -> Result<(Statement, u32, usize, usize), Rejection> {
    let game = Game {
        rules: header.rules,
        targets: [header.targets[0].0.clone(), header.targets[1].0.clone()],
        first: header.first,
    };
    let holder = other(prover);
    let layout = Layout {
        board: &header.board,
        first_line: header.first_line,
        winner: Some(holder),
        position: Position::coloured,
        depth: reach_key,
    };
    let index = Index::new(layout, body.split(|&b| b == b'\n').take(header.entries).collect())?;
    no_target_at_start(header, &game).map_err(Rejection::invalid)?;
    let clock = Clock {
        start: coloured(&header.start),
        to_move: header.to_move,
    };
    let horizon = |reach: u64| Horizon {
        game: &game,
        prover,
        clock,
        reach,
    };
    let reach = clock.start as u64 + u64::from(plies);
    let at_start = root(header, &horizon(reach), &index).map_err(Rejection::invalid)?;
    let replies = crate::check_all(index.len(), threads, &|i| {
        let line = index.line_number(i);
        let e = index.entry(i).ok_or((line, "unparsable".to_string()))?;
        let c = coloured(&e.position);
        if c < clock.start || clock.mover(c) != holder {
            return Err((
                line,
                format!(
                    "a position with {c} coloured edges is not one where {} moves (the start has {} and {} to move)",
                    name(holder),
                    clock.start,
                    name(clock.to_move)
                ),
            ));
        }
        let goal = horizon(u64::from(u32::MAX - e.depth));
        let strategy = Strategy {
            rules: &game,
            goal: &goal,
            prover: holder,
        };
        check_entry(&strategy, &e.position, &e.mv, e.depth, &index).map_err(|why| (line, why))
    })?;
    let mut statement = statement(header, None);
    statement.no_win_within = Some((name(prover), plies));
    Ok((statement, plies, index.len(), replies + at_start))
}

/// Checks the holder's entry `(position, mv)` of key `key` (its reach):
/// his move is legal, and after it the prover does not win up to the reach.
fn check_entry(
    strategy: &Strategy<Game, Horizon>,
    position: &Position,
    mv: &[(usize, usize)],
    key: u32,
    index: &Index,
) -> Result<usize, String> {
    use super::closure::Rulebook;
    strategy.rules.playable(position, strategy.prover)?;
    let after = strategy.rules.play(position, mv, strategy.prover)?;
    let context = || format!("after move {}", super::closure::move_text(mv));
    Ok(strategy.reply_turn(&after, Some(key), index, &context)?.0)
}

/// The claim at the start: with the prover to move, every move of hers is
/// answered; with the holder to move, his entry for the start reaches far
/// enough. Returns the prover's moves tried there.
fn root(header: &Header, horizon: &Horizon, index: &Index) -> Result<usize, String> {
    let holder = other(horizon.prover);
    let strategy = Strategy {
        rules: horizon.game,
        goal: horizon,
        prover: holder,
    };
    let key = key_of(horizon.reach);
    if header.to_move == horizon.prover {
        let context = || "from the start position".to_string();
        return Ok(strategy.reply_turn(&header.start, Some(key), index, &context)?.0);
    }
    match strategy.prover_turn(&header.start, Some(key), index) {
        Ok(_) => Ok(0),
        Err(Missing::End(end)) => Err(format!("the start position is over: the game ended in {end}")),
        Err(Missing::Entry(found)) => Err(format!(
            "no entry of {} for the start position reaching its plies ({found}): the root is missing",
            name(holder)
        )),
    }
}

/// An entry's key: `u32::MAX` less its reach, the coloured edges of its
/// position plus one (his move) plus the plies `text` it claims after it
/// (module docs); a reach past `u32::MAX` is kept as `u32::MAX`, which no
/// position of at most 8,128 edges attains, so such an entry must hold the
/// prover off to the end of the game.
pub fn reach_key(position: &Position, text: &str) -> Result<u32, String> {
    let plies: u32 = text
        .parse()
        .map_err(|_| format!("plies `{}` is not a number", clip(text)))?;
    Ok(key_of(coloured(position) as u64 + 1 + u64::from(plies)))
}

/// The key of a reach (module docs).
fn key_of(reach: u64) -> u32 {
    u32::MAX - reach.min(u64::from(u32::MAX)) as u32
}

/// The coloured edges of `p`.
fn coloured(p: &Position) -> usize {
    let ones = |c: Colour| p.rows(c).iter().map(|r| r.count_ones() as usize).sum::<usize>();
    (ones(Colour::Red) + ones(Colour::Blue)) / 2
}

/// Whose turn it is at a position, read off its coloured edges: every
/// move colours one edge and the players alternate from the start.
#[derive(Clone, Copy)]
struct Clock {
    /// Coloured edges at the start.
    start: usize,
    /// Who moves at the start.
    to_move: Colour,
}

impl Clock {
    /// Who moves at a position with `c >= start` coloured edges.
    fn mover(self, c: usize) -> Colour {
        match (c - self.start) % 2 {
            0 => self.to_move,
            _ => other(self.to_move),
        }
    }
}

/// The claim "the prover does not win up to the `reach`-th coloured edge".
struct Horizon<'a> {
    game: &'a Game,
    prover: Colour,
    clock: Clock,
    /// Coloured edges (the start's included) up to which she does not win.
    reach: u64,
}

impl Goal<Game> for Horizon<'_> {
    /// Every end but her win: a draw, the holder's win.
    fn accepts(&self, end: End) -> bool {
        end != End::Win(self.prover)
    }
    /// At the reach or past it, unless the game has just ended there in
    /// her win (the last ply in time is in time).
    fn settled(&self, p: &Position) -> bool {
        let c = coloured(p);
        c >= self.clock.start
            && c as u64 >= self.reach
            && self.game.end(p, self.clock.mover(c)) != Some(End::Win(self.prover))
    }
}
