//! Views: a game that is another game with some capabilities changed,
//! keeping its positions, moves and scores (e.g. the score-only search's
//! game, which changes the move order and the quick values, or a test's
//! game with a deliberately wrong bound).
//!
//! A view implements [`View`] (which game it sees) and, per capability,
//! the `View*` trait ([`ViewRules`], [`ViewSymmetric`], [`ViewNotation`],
//! [`ViewHints`]), overriding only the methods it changes. Each method of a
//! `View*` trait defaults to the *inner game's* method, and the capability
//! traits ([`Rules`], [`Symmetric`], [`Notation`], [`Hints`]) are
//! implemented for every view by the blanket implementations here. So:
//!
//! - a view cannot forget a forward: a method it leaves out is the inner
//!   game's, never the capability trait's default (which would silently
//!   drop the inner game's hints, orbit order or notation);
//! - a view cannot implement a capability trait by hand (that would
//!   conflict with the blanket implementation: a compile error);
//! - a view that leaves out a `View*` impl lacks that capability, a
//!   compile error wherever a search needs it.
//!
//! Implement the `View*` traits by path (`impl view::ViewHints for X`)
//! rather than importing them: with both a `View*` trait and its capability
//! trait in scope, a method call such as `x.start()` would be ambiguous.
//!
//! Forwarding is literal: a view that changes [`ViewRules::moves`] and not
//! [`ViewSymmetric::orbit_moves`] offers the inner game's orbit moves, and
//! one that changes [`ViewNotation::score_text`] keeps the inner game's
//! [`ViewNotation::score_json`]. Override the derived method too where it
//! should follow.

use super::{Hints, Notation, Rules, Symmetric, Value};
use crate::core::board::{Player, Vertex};
use crate::core::symmetry::Canonical;

/// The inner game's position, move and score types.
type Position<V> = <<V as View>::Inner as Rules>::Position;
type Move<V> = <<V as View>::Inner as Rules>::Move;
type Score<V> = <<V as View>::Inner as Rules>::Score;

/// A game seen through another: the game it sees.
pub trait View: Send + Sync {
    /// The game seen.
    type Inner: Rules;
    /// The game seen.
    fn inner(&self) -> &Self::Inner;
}

/// A view's rules: each method is the inner game's unless overridden.
pub trait ViewRules: View {
    /// [`Rules::start`].
    fn start(&self) -> Position<Self> {
        self.inner().start()
    }
    /// [`Rules::to_move`].
    fn to_move(&self, position: &Position<Self>) -> Player {
        self.inner().to_move(position)
    }
    /// [`Rules::outcome`].
    fn outcome(&self, position: &Position<Self>) -> Option<Score<Self>> {
        self.inner().outcome(position)
    }
    /// [`Rules::moves`].
    fn moves(&self, position: &Position<Self>) -> Vec<Move<Self>> {
        self.inner().moves(position)
    }
    /// [`Rules::play`].
    fn play(&self, position: &Position<Self>, m: &Move<Self>) -> Position<Self> {
        self.inner().play(position, m)
    }
}

impl<V: ViewRules> Rules for V {
    type Position = Position<V>;
    type Move = Move<V>;
    type Score = Score<V>;

    fn start(&self) -> Position<V> {
        ViewRules::start(self)
    }
    fn to_move(&self, position: &Position<V>) -> Player {
        ViewRules::to_move(self, position)
    }
    fn outcome(&self, position: &Position<V>) -> Option<Score<V>> {
        ViewRules::outcome(self, position)
    }
    fn moves(&self, position: &Position<V>) -> Vec<Move<V>> {
        ViewRules::moves(self, position)
    }
    fn play(&self, position: &Position<V>, m: &Move<V>) -> Position<V> {
        ViewRules::play(self, position, m)
    }
}

/// A view's symmetry: each method is the inner game's unless overridden.
pub trait ViewSymmetric: ViewRules<Inner: Symmetric> {
    /// [`Symmetric::canonical`].
    fn canonical(&self, position: &Position<Self>) -> Canonical<Position<Self>> {
        self.inner().canonical(position)
    }
    /// [`Symmetric::relabel_move`].
    fn relabel_move(&self, m: &Move<Self>, perm: &[Vertex]) -> Move<Self> {
        self.inner().relabel_move(m, perm)
    }
    /// [`Symmetric::orbit_moves`].
    fn orbit_moves(&self, position: &Position<Self>, generators: &[Vec<Vertex>]) -> Vec<Move<Self>> {
        self.inner().orbit_moves(position, generators)
    }
}

impl<V: ViewSymmetric> Symmetric for V {
    fn canonical(&self, position: &Position<V>) -> Canonical<Position<V>> {
        ViewSymmetric::canonical(self, position)
    }
    fn relabel_move(&self, m: &Move<V>, perm: &[Vertex]) -> Move<V> {
        ViewSymmetric::relabel_move(self, m, perm)
    }
    fn orbit_moves(&self, position: &Position<V>, generators: &[Vec<Vertex>]) -> Vec<Move<V>> {
        ViewSymmetric::orbit_moves(self, position, generators)
    }
}

/// A view's notation: each method is the inner game's unless overridden.
pub trait ViewNotation: ViewRules<Inner: Notation> {
    /// [`Notation::move_text`].
    fn move_text(&self, m: &Move<Self>) -> String {
        self.inner().move_text(m)
    }
    /// [`Notation::score_text`].
    fn score_text(&self, score: Score<Self>) -> String {
        self.inner().score_text(score)
    }
    /// [`Notation::move_json`].
    fn move_json(&self, m: &Move<Self>) -> serde_json::Value {
        self.inner().move_json(m)
    }
    /// [`Notation::score_json`].
    fn score_json(&self, score: Score<Self>) -> serde_json::Value {
        self.inner().score_json(score)
    }
}

impl<V: ViewNotation> Notation for V {
    fn move_text(&self, m: &Move<V>) -> String {
        ViewNotation::move_text(self, m)
    }
    fn score_text(&self, score: Score<V>) -> String {
        ViewNotation::score_text(self, score)
    }
    fn move_json(&self, m: &Move<V>) -> serde_json::Value {
        ViewNotation::move_json(self, m)
    }
    fn score_json(&self, score: Score<V>) -> serde_json::Value {
        ViewNotation::score_json(self, score)
    }
}

/// A view's hints: each method is the inner game's unless overridden (a
/// view's hints must hold for the view's own rules).
pub trait ViewHints: ViewRules<Inner: Hints> {
    /// [`Hints::score_bounds`].
    fn score_bounds(&self, position: &Position<Self>) -> Option<(Score<Self>, Score<Self>)> {
        self.inner().score_bounds(position)
    }
    /// [`Hints::move_priority`].
    fn move_priority(&self, position: &Position<Self>, m: &Move<Self>) -> i32 {
        self.inner().move_priority(position, m)
    }
    /// [`Hints::quick_value`].
    fn quick_value(&self, position: &Position<Self>) -> Option<Value<Score<Self>>> {
        self.inner().quick_value(position)
    }
    /// [`Hints::quick_score`].
    fn quick_score(&self, position: &Position<Self>) -> Option<Score<Self>> {
        self.inner().quick_score(position)
    }
    /// [`Hints::quick_move_value`].
    fn quick_move_value(&self, position: &Position<Self>, m: &Move<Self>) -> Option<Value<Score<Self>>> {
        self.inner().quick_move_value(position, m)
    }
    /// [`Hints::ending_move`].
    fn ending_move(&self, position: &Position<Self>, score: Score<Self>) -> Option<Option<Move<Self>>> {
        self.inner().ending_move(position, score)
    }
    /// [`Hints::score_form`].
    fn score_form(&self, position: &Position<Self>) -> Option<Canonical<Position<Self>>> {
        self.inner().score_form(position)
    }
    /// [`Hints::plies`].
    fn plies(&self, m: &Move<Self>) -> u32 {
        self.inner().plies(m)
    }
}

impl<V: ViewHints> Hints for V {
    fn score_bounds(&self, position: &Position<V>) -> Option<(Score<V>, Score<V>)> {
        ViewHints::score_bounds(self, position)
    }
    fn move_priority(&self, position: &Position<V>, m: &Move<V>) -> i32 {
        ViewHints::move_priority(self, position, m)
    }
    fn quick_value(&self, position: &Position<V>) -> Option<Value<Score<V>>> {
        ViewHints::quick_value(self, position)
    }
    fn quick_score(&self, position: &Position<V>) -> Option<Score<V>> {
        ViewHints::quick_score(self, position)
    }
    fn quick_move_value(&self, position: &Position<V>, m: &Move<V>) -> Option<Value<Score<V>>> {
        ViewHints::quick_move_value(self, position, m)
    }
    fn ending_move(&self, position: &Position<V>, score: Score<V>) -> Option<Option<Move<V>>> {
        ViewHints::ending_move(self, position, score)
    }
    fn score_form(&self, position: &Position<V>) -> Option<Canonical<Position<V>>> {
        ViewHints::score_form(self, position)
    }
    fn plies(&self, m: &Move<V>) -> u32 {
        ViewHints::plies(self, m)
    }
}
