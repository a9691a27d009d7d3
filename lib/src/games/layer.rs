//! What a layer (see [`super`]'s "Wrappers") writes the same way as
//! another: a provided method it keeps as the trait's default, or one it
//! hands to the inner game unchanged. A layer must write every provided
//! method (`clippy::missing_trait_methods` is denied on its impls), so
//! that none is left to a default by oversight; these macros write such a
//! decision in one line, and the layer says why beside it.
//!
//! - `defaults!(m, ...)`: each listed method of [`Symmetric`], [`Notation`]
//!   or [`Hints`] with its default body in the trait ("none known", the
//!   text as JSON, the whole form before the key...);
//! - `forwards!(m, ...)`: each listed method as the inner game's, for a
//!   layer whose inner game is its field `inner` and whose position holds
//!   the inner game's in its field `position`.
//!
//! [`Symmetric`]: super::Symmetric
//! [`Notation`]: super::Notation
//! [`Hints`]: super::Hints

/// Writes each listed provided method of `Symmetric`, `Notation` or
/// `Hints` with the trait's default body (module docs).
macro_rules! defaults {
    ($($method:ident),+ $(,)?) => {
        $($crate::games::layer::defaults!(@ $method);)+
    };
    (@ canonical_if) => {
        fn canonical_if(
            &self,
            p: &Self::Position,
            wanted: &mut $crate::core::symmetry::Wanted,
        ) -> Option<$crate::core::symmetry::Canonical<Self::Position>> {
            self.canonical(p).kept_if(wanted)
        }
    };
    (@ move_json) => {
        fn move_json(&self, m: &Self::Move) -> serde_json::Value {
            serde_json::Value::String(self.move_text(m))
        }
    };
    (@ score_json) => {
        fn score_json(&self, score: Self::Score) -> serde_json::Value {
            serde_json::Value::String(self.score_text(score))
        }
    };
    (@ score_bounds) => {
        fn score_bounds(&self, _p: &Self::Position) -> Option<(Self::Score, Self::Score)> {
            None
        }
    };
    (@ score_bounds_for) => {
        fn score_bounds_for(
            &self,
            p: &Self::Position,
            _meets: &dyn Fn(Self::Score) -> bool,
        ) -> (Option<Self::Score>, Option<Self::Score>) {
            self.score_bounds(p).unzip()
        }
    };
    (@ bounds_by_side) => {
        fn bounds_by_side(&self) -> bool {
            false
        }
    };
    (@ score_bound_side) => {
        fn score_bound_side(
            &self,
            p: &Self::Position,
            meets: &dyn Fn(Self::Score) -> bool,
            player: $crate::core::board::Player,
        ) -> Option<Self::Score> {
            $crate::games::side_of(player, self.score_bounds_for(p, meets))
        }
    };
    (@ move_priority) => {
        fn move_priority(&self, _p: &Self::Position, _m: &Self::Move) -> i32 {
            0
        }
    };
    (@ search_directly) => {
        fn search_directly(&self, _p: &Self::Position) -> bool {
            false
        }
    };
    (@ quick_move_value) => {
        fn quick_move_value(
            &self,
            _p: &Self::Position,
            _m: &Self::Move,
        ) -> Option<$crate::games::Value<Self::Score>> {
            None
        }
    };
    (@ ending_move) => {
        fn ending_move(&self, _p: &Self::Position, _score: Self::Score) -> Option<Option<Self::Move>> {
            None
        }
    };
    (@ quick_score) => {
        fn quick_score(&self, _p: &Self::Position) -> Option<Self::Score> {
            None
        }
    };
    (@ score_form) => {
        fn score_form(
            &self,
            _p: &Self::Position,
        ) -> Option<$crate::core::symmetry::Canonical<Self::Position>> {
            None
        }
    };
    (@ plies) => {
        fn plies(&self, _m: &Self::Move) -> u32 {
            1
        }
    };
}

/// Writes each listed method as the inner game's (`self.inner`), on the
/// inner game's position (`p.position`) where it takes one (module
/// docs).
macro_rules! forwards {
    ($($method:ident),+ $(,)?) => {
        $($crate::games::layer::forwards!(@ $method);)+
    };
    (@ moves) => {
        fn moves(&self, p: &Self::Position) -> Vec<Self::Move> {
            self.inner.moves(&p.position)
        }
    };
    (@ relabel_move) => {
        fn relabel_move(&self, m: &Self::Move, perm: &[$crate::core::board::Vertex]) -> Self::Move {
            self.inner.relabel_move(m, perm)
        }
    };
    (@ move_text) => {
        fn move_text(&self, m: &Self::Move) -> String {
            self.inner.move_text(m)
        }
    };
    (@ move_json) => {
        fn move_json(&self, m: &Self::Move) -> serde_json::Value {
            self.inner.move_json(m)
        }
    };
    (@ move_priority) => {
        fn move_priority(&self, p: &Self::Position, m: &Self::Move) -> i32 {
            self.inner.move_priority(&p.position, m)
        }
    };
    (@ plies) => {
        fn plies(&self, m: &Self::Move) -> u32 {
            self.inner.plies(m)
        }
    };
}

pub(crate) use {defaults, forwards};
