//! Exact scores without lengths, with cutoffs: for questions that only ask
//! *who* wins (a game chromatic number over thousands of trees), where
//! ranking every line by length would make the search see every move.
//!
//! This is the engine's one core ([`super::Solver`]) asking a question of
//! its own ([`ScoreOnly`]): lengths are ignored, and a child reaching the
//! best score its mover can ever get (given by the caller, e.g. "I win")
//! is decisive ([`Question::decisive`]), so the rest of the node's moves are
//! cut off. The soundness argument: a player who has a move reaching their
//! best possible score needs no other move, so every stored score is still
//! the exact minimax score of its position. Positions are canonical and
//! moves are reduced by orbit exactly as in the solver. The search is
//! sequential, so the positions it visits are the same on every run.
//!
//! The shortcuts sound for that question come with a view of the game
//! ([`Deciding`], see [`crate::games::view`]: everything else is the
//! game's own). Children are first looked at without a search
//! ([`Hints::quick_value`]): a child where the game is over, or where the
//! player to move ends it at once with their best score, has that score
//! (the same argument one ply down); a move that ends the game at once
//! with the mover's best score is the only one tried
//! ([`Symmetric::orbit_moves`]). Both hold for this question only (they
//! give scores, not lengths: a position the mover wins at once is decided
//! with no plies left, where the exact value has one), which is why they
//! are the view's and not the game's. This asks [`Rules::moves`]
//! about positions that are not canonical, so a game used here must list
//! its moves correctly in any labels.

use super::extract::{fingerprint, Recorded};
use super::{inverse, Child, Hook, Limits, Solver, Stopped};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;
use crate::games::view;
use crate::games::{FinalScore, Hints, Question, Rules, Symmetric, Value};
use foldhash::fast::FixedState;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// A score-only exact search with cutoffs for one game.
pub struct Decider<'g, G: Symmetric + Hints> {
    solver: Solver<'g, Deciding<'g, G>, Recorder<'g, G>, ScoreOnly<G::Score>>,
    limits: Option<Limits>,
    /// Whether the search records its winning moves ([`Decider::recording`]).
    recording: bool,
}

/// Sorts the moves of a (canonical) position, the most promising for the
/// player to move first. Only speed depends on it.
pub type MoveOrder<G> = Box<dyn Fn(&<G as Rules>::Position, &mut [<G as Rules>::Move]) + Sync + Send>;

impl<'g, G: Symmetric + Hints> Decider<'g, G> {
    /// A search for `game`, where `best_for_first` is the largest score
    /// any position can have and `best_for_second` the smallest; no memory
    /// cap (see [`Decider::with_limits`]).
    pub fn new(game: &'g G, best_for_first: G::Score, best_for_second: G::Score) -> Decider<'g, G> {
        let deciding = Deciding {
            game,
            best: [best_for_first, best_for_second],
            order: None,
        };
        Decider::with(deciding, None, false)
    }

    fn with(deciding: Deciding<'g, G>, limits: Option<Limits>, recording: bool) -> Decider<'g, G> {
        // Sequential: the positions visited are the same on every run
        // (parallelise over independent questions instead).
        let question = ScoreOnly { best: deciding.best };
        let recorder = Recorder::new(&deciding, recording);
        let entry_bytes = recorder.entry_bytes();
        let solver = Solver::owning_asking(deciding, question)
            .with_hook(recorder)
            .with_parallel_plies(0)
            .with_entry_bytes(entry_bytes);
        Decider {
            solver: match limits {
                Some(limits) => solver.with_limits(limits),
                None => solver,
            },
            limits,
            recording,
        }
    }

    /// Tries moves in the order `order` gives them (cutoffs come sooner
    /// when winning moves come first; scores do not change).
    pub fn with_order(self, order: MoveOrder<G>) -> Decider<'g, G> {
        let game = self.solver.game();
        let deciding = Deciding {
            game: game.game,
            best: game.best,
            order: Some(order),
        };
        Decider::with(deciding, self.limits, self.recording)
    }

    /// The same (unused) search, recording at each position it stores
    /// where the player to move wins the move that wins there (the first
    /// decisive one, which its value comes from), and where the player to
    /// move loses the fingerprint of the position after each move, for a
    /// certificate writer ([`Decider::recorded`]): it then reads the
    /// strategy off the search without probing moves against the table (a
    /// canonical labelling per probe), and without labelling again the
    /// positions it has met already; at a losing position it also records
    /// the winning answer after each move (so the walk need not label the
    /// position after it to find its move there). About 40 bytes more per
    /// stored position, counted against the memory cap, and 8 plus an
    /// answer's per move of a losing position, counted against it too (the
    /// recorder's `held_bytes`) and in [`Decider::table_bytes`]. The values do
    /// not change. A game with a score form ([`Hints::score_form`]) records
    /// nothing: the writer asks [`Decider::chosen_move`] instead.
    pub fn recording(self) -> Decider<'g, G> {
        let recorder = Recorder::new(self.solver.game(), true);
        let entry_bytes = recorder.entry_bytes();
        let solver = self.solver.with_hook(recorder);
        Decider {
            solver: solver.with_entry_bytes(entry_bytes),
            limits: self.limits,
            recording: true,
        }
    }

    /// What the search recorded ([`Decider::recording`]) at the position
    /// `canon` is the canonical form of (this game's form, as
    /// [`Symmetric::canonical`] gives it), in that position's labels:
    /// its winning move, or every move (one per orbit, in the search's
    /// order) with the fingerprint of the position after it; `None` where
    /// nothing was recorded (not recording, or not stored).
    pub fn recorded(&self, canon: &Canonical<G::Position>) -> Option<Recorded<G::Move>> {
        let book = self.solver.hook().book.as_ref()?;
        let f = fingerprint(&canon.key);
        let (m, after) = {
            let book = book.lock().expect("no panic holds it");
            (book.moves.get(&f).cloned(), book.after.get(&f).cloned())
        };
        let (game, back) = (self.solver.game(), inverse(&canon.to_canon));
        if let Some(m) = m {
            return Some(Recorded::Move(game.relabel_move(&m, &back)));
        }
        let (after, answers) = after?;
        let moves = game.orbit_moves(&canon.position, &canon.generators);
        let relabel = |m: &G::Move| game.relabel_move(m, &back);
        let replies = moves.iter().zip(after.iter()).zip(answers.iter());
        let replies = replies
            .map(|((m, &f), a)| (relabel(m), f, a.as_ref().map(relabel)))
            .collect();
        (moves.len() == after.len()).then_some(Recorded::Replies(replies))
    }

    /// Drops what the search recorded ([`Decider::recording`]) at the
    /// position whose canonical key has the fingerprint `f`: a certificate
    /// writer whose walk keeps that position has read it for good (the walk
    /// meets the position again only to drop it), so the records shrink as
    /// the walk grows instead of being held beside it to the end.
    pub fn forget(&self, f: u64) {
        let Some(book) = self.solver.hook().book.as_ref() else {
            return;
        };
        let mut book = book.lock().expect("no panic holds it");
        book.moves.remove(&f);
        if let Some((after, _)) = book.after.remove(&f) {
            let bytes = after_bytes::<G::Move>(after.len());
            self.solver.hook().after_bytes.fetch_sub(bytes, Ordering::Relaxed);
        }
    }

    /// The same (unused) search with its table capped at `limits`' memory
    /// cap: past it [`Decider::score`] stops with [`Stopped`].
    pub fn with_limits(self, limits: Limits) -> Decider<'g, G> {
        let Decider { solver, recording, .. } = self;
        Decider {
            solver: solver.with_limits(limits),
            limits: Some(limits),
            recording,
        }
    }

    /// The exact score of `position` (any labels) under optimal play.
    pub fn score(&self, position: &G::Position) -> Result<G::Score, Stopped> {
        Ok(self.solver.value(position)?.score)
    }

    /// The score of `position` (any labels) if known without a search
    /// ([`Solver::known`]): the table does not grow.
    pub fn known(&self, position: &G::Position) -> Option<G::Score> {
        self.solver.known(position).map(|v| v.score)
    }

    /// The move `position`'s score comes from (in `position`'s labels):
    /// the first decisive one in move order, else the first best; `None`
    /// where the game is over. For a certificate: at a position its player
    /// wins, a winning move, found with little more search.
    pub fn chosen_move(&self, position: &G::Position) -> Result<Option<G::Move>, Stopped> {
        self.solver.chosen_move(position)
    }

    /// Approximate bytes held by the table (its peak: nothing is evicted),
    /// with what the search recorded ([`Decider::recording`]).
    pub fn table_bytes(&self) -> u64 {
        self.solver.table_bytes()
    }

    /// Positions entered so far (for progress displays).
    pub fn visited(&self) -> u64 {
        self.solver.visited()
    }

    /// Whether `bytes` more, held beside the table by a certificate writer
    /// reading a strategy off this search, fit under the memory cap: the
    /// writer stops with [`Stopped`] (a certificate cap) where they do not,
    /// instead of growing past `--max-memory`.
    pub fn room_for(&self, bytes: u64) -> Result<(), Stopped> {
        self.solver.room_for(bytes)
    }

    /// A line from `position` (any labels) to the end of the game along
    /// which the score stays the score of `position`: at each turn the
    /// first move in move order that keeps it (the first decisive one, else
    /// the first best; in a game of win or loss, the loser's first move).
    /// Asked after [`Decider::score`], it searches little more.
    pub fn line(&self, position: &G::Position) -> Result<Vec<G::Move>, Stopped> {
        self.solver.optimal_line(position)
    }

    /// Positions stored so far, up to isomorphism.
    pub fn positions(&self) -> u64 {
        self.solver.positions()
    }
}

/// What a score-only search records for a certificate writer
/// ([`Decider::recording`]), by the fingerprint of the canonical key of
/// the position: where its mover wins, the winning move; where its mover
/// loses, the fingerprints of the positions after each move (0 where the
/// search decided it unlabelled) and the winning answer recorded there,
/// in canonical labels and move order.
/// `None`: not recording. The search is sequential, so the book is the
/// same on every run. Two keys with one fingerprint would hand a writer
/// the record of another position: the certificate then fails its check,
/// it is never false.
struct Recorder<'g, G: Rules> {
    game: &'g G,
    /// The best score each player can ever reach (first, second).
    best: [G::Score; 2],
    book: Option<Mutex<Book<G::Move>>>,
    /// Bytes of the fingerprints and answers in [`Book::after`].
    after_bytes: AtomicU64,
}

/// The records of a [`Recorder`].
struct Book<M> {
    moves: HashMap<u64, M, FixedState>,
    after: HashMap<u64, After<M>, FixedState>,
}

/// What a losing position records of its moves, in move order: the
/// fingerprint of the position after each, and the other player's winning
/// answer there in the losing position's canonical labels (`None` where
/// it was not recorded: a position decided unlabelled). With the answer,
/// a writer's walk needs no labelling of the position after the move: the
/// fingerprint says whether it met it, the answer is its move there.
type After<M> = (Box<[u64]>, Box<[Option<M>]>);

impl<'g, G: Hints> Recorder<'g, G> {
    /// The recorder of a search of `deciding`, recording if `recording`
    /// and the game has no score form ([`Hints::score_form`]: positions of
    /// one key may have different moves, so a move recorded at one says
    /// nothing of another; a writer asks [`Decider::chosen_move`] there).
    fn new(deciding: &Deciding<'g, G>, recording: bool) -> Recorder<'g, G> {
        let recording = recording && deciding.game.score_form(&deciding.game.start()).is_none();
        let book = Book {
            moves: HashMap::default(),
            after: HashMap::default(),
        };
        Recorder {
            game: deciding.game,
            best: deciding.best,
            book: recording.then(|| Mutex::new(book)),
            after_bytes: AtomicU64::new(0),
        }
    }

    /// Bytes counted per stored position while recording: a fingerprint
    /// and a move or two slices (the larger), and the map's slack.
    fn entry_bytes(&self) -> u64 {
        let largest = std::mem::size_of::<(u64, G::Move)>().max(std::mem::size_of::<(u64, After<G::Move>)>());
        match self.book.is_some() {
            true => largest as u64 + 8,
            false => 0,
        }
    }
}

impl<G: Symmetric + Hints> Recorder<'_, G> {
    /// [`Hook::child`]'s note while recording (kept out of the hook, which
    /// every search calls for every child, recording or not).
    #[inline(never)]
    fn note(
        &self,
        book: &Mutex<Book<G::Move>>,
        m: &G::Move,
        child: &G::Position,
        canon: Option<&Canonical<G::Position>>,
        value: Value<G::Score>,
    ) -> (G::Move, u64, Option<G::Move>) {
        let Some(canon) = canon else {
            return (m.clone(), 0, None);
        };
        let f = fingerprint(&canon.key);
        let wins = value.score == self.best[self.game.to_move(child) as usize];
        let answer = match wins {
            true => book.lock().expect("no panic holds it").moves.get(&f).cloned(),
            false => None,
        };
        let answer = answer.map(|a| self.game.relabel_move(&a, &inverse(&canon.to_canon)));
        (m.clone(), f, answer)
    }
}

impl<'g, G: Symmetric + Hints> Hook<Deciding<'g, G>> for Recorder<'g, G> {
    /// The move, the fingerprint of the position after it and, where that
    /// position's mover wins, the move recorded there in the node's labels
    /// (the child's canonical labelling undone), while recording.
    type Note = Option<(G::Move, u64, Option<G::Move>)>;
    #[inline]
    fn child(
        &self,
        _node: &Canonical<G::Position>,
        m: &G::Move,
        child: &G::Position,
        canon: Option<&Canonical<G::Position>>,
        value: Value<G::Score>,
    ) -> Self::Note {
        let book = self.book.as_ref()?;
        Some(self.note(book, m, child, canon, value))
    }
    fn decided(&self, _node: &Canonical<G::Position>, m: &G::Move, _value: Value<G::Score>) -> Self::Note {
        self.book.as_ref().map(|_| (m.clone(), 0, None))
    }
    /// Where its mover wins, the node's first child with its score: the
    /// first decisive one (no earlier child reached that score, or it
    /// would have been decisive), the move the value comes from. Where
    /// its mover loses, every child was evaluated (none was decisive).
    fn stored(&self, node: &Canonical<G::Position>, value: Value<G::Score>, children: &[Child<G::Score, Self::Note>]) {
        let Some(book) = &self.book else { return };
        let f = fingerprint(&node.key);
        if value.score == self.best[self.game.to_move(&node.position) as usize] {
            let first = children
                .iter()
                .find(|c| c.value.is_some_and(|v| v.score == value.score));
            if let Some((m, _, _)) = first.and_then(|c| c.note.clone()) {
                book.lock().expect("no panic holds it").moves.insert(f, m);
            }
            return;
        }
        let after: Option<Box<[u64]>> = children.iter().map(|c| c.note.as_ref().map(|n| n.1)).collect();
        if let Some(after) = after.filter(|a| !a.is_empty()) {
            let answers = children
                .iter()
                .map(|c| c.note.as_ref().and_then(|n| n.2.clone()))
                .collect();
            self.after_bytes
                .fetch_add(after_bytes::<G::Move>(after.len()), Ordering::Relaxed);
            book.lock()
                .expect("no panic holds it")
                .after
                .insert(f, (after, answers));
        }
    }
    /// The fingerprints of [`Book::after`]: they grow with the search, so
    /// the search's memory cap counts them with the table (not only the
    /// writer that reads them afterwards).
    fn held_bytes(&self) -> u64 {
        self.after_bytes.load(Ordering::Relaxed)
    }
}

/// Bytes [`Book::after`] holds for a losing position with `moves` moves:
/// a fingerprint and an answer per move, and the answers' slice.
fn after_bytes<M>(moves: usize) -> u64 {
    ((8 + std::mem::size_of::<Option<M>>()) * moves + std::mem::size_of::<Box<[Option<M>]>>()) as u64
}

/// The question "what is the score?": lengths are not ranked, and each
/// player's best score is decisive for them.
struct ScoreOnly<S> {
    /// The best score each player can ever reach (first, second).
    best: [S; 2],
}

impl<S: FinalScore> Question<S> for ScoreOnly<S> {
    fn decisive(&self, mover: Player, score: S) -> bool {
        score == self.best[mover as usize]
    }
    /// Score only: lengths are not ranked.
    fn hurries(&self, _score: S) -> Option<Player> {
        None
    }
}

/// The game with the shortcuts sound for [`ScoreOnly`]: a view that
/// changes the orbit moves and the quick values, and keeps the rest.
struct Deciding<'g, G: Rules> {
    game: &'g G,
    /// The best score each player can ever reach (first, second).
    best: [G::Score; 2],
    order: Option<MoveOrder<G>>,
}

impl<G: Hints> Deciding<'_, G> {
    /// The score of `position` if the game is over there, if the game's
    /// quick value or quick score gives it ([`Hints::quick_value`],
    /// [`Hints::quick_score`]), or if the player to
    /// move can end it at once with their best score.
    fn quick_score(&self, position: &G::Position) -> Option<G::Score> {
        if let Some(score) = self.game.outcome(position) {
            return Some(score);
        }
        if let Some(value) = self.game.quick_value(position) {
            return Some(value.score);
        }
        if let Some(score) = self.game.quick_score(position) {
            return Some(score);
        }
        let target = self.best[self.game.to_move(position) as usize];
        let ends = match self.game.ending_move(position, target) {
            Some(found) => found.is_some(),
            None => self
                .game
                .moves(position)
                .iter()
                .any(|m| self.ends_with(position, m, target)),
        };
        ends.then_some(target)
    }

    /// Whether move `m` ends the game at once with `target`.
    fn ends_with(&self, position: &G::Position, m: &G::Move, target: G::Score) -> bool {
        self.game.outcome(&self.game.play(position, m)) == Some(target)
    }
}

impl<'g, G: Rules> view::View for Deciding<'g, G> {
    type Inner = G;
    fn inner(&self) -> &G {
        self.game
    }
}

impl<G: Rules> view::ViewRules for Deciding<'_, G> {}

impl<G: Symmetric + Hints> view::ViewSymmetric for Deciding<'_, G> {
    /// The game's score form where it has one ([`Hints::score_form`]:
    /// positions of one score share a table entry), else its canonical
    /// form.
    fn canonical(&self, position: &G::Position) -> Canonical<G::Position> {
        self.game
            .score_form(position)
            .unwrap_or_else(|| self.game.canonical(position))
    }

    /// The game's orbit moves in the caller's order; or, where a move
    /// ends the game at once with the mover's best score, that move alone
    /// (it is decisive, so no other move would be searched): the one
    /// [`Hints::ending_move`] gives, else the first such orbit move.
    fn orbit_moves(&self, position: &G::Position, generators: &[Vec<Vertex>]) -> Vec<G::Move> {
        let target = self.best[self.game.to_move(position) as usize];
        let hint = self.game.ending_move(position, target);
        if let Some(Some(m)) = hint {
            return vec![m];
        }
        let mut moves = self.game.orbit_moves(position, generators);
        if let Some(order) = &self.order {
            order(position, &mut moves);
        }
        let first_ending = || moves.iter().position(|m| self.ends_with(position, m, target));
        if let Some(i) = hint.is_none().then(first_ending).flatten() {
            moves.swap(0, i);
            moves.truncate(1);
        }
        moves
    }
}

impl<G: Hints> view::ViewHints for Deciding<'_, G> {
    fn quick_value(&self, position: &G::Position) -> Option<Value<G::Score>> {
        self.quick_score(position).map(|score| Value { score, plies: 0 })
    }
}
