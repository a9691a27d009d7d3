//! What a layer (see [`super`]'s "Wrappers") writes the same way as
//! another: a provided method it keeps as the trait's default, or one it
//! hands to the inner game unchanged. A layer must write every provided
//! method (`clippy::missing_trait_methods` is denied on its impls), so
//! that none is left to a default by oversight; these macros write such a
//! decision in one line, and the layer says why beside it.
//!
//! - `defaults!(m, ...)`: each listed method of [`Symmetric`], [`Notation`]
//!   or [`Hints`] as the trait's default ("none known", the text as JSON,
//!   the whole form before the key...): a call to the same function in
//!   [`provided`] that the trait's default method calls, so the default
//!   has one body and a layer cannot keep an old copy of it;
//! - `forwards!(m, ...)`: each listed method as the inner game's, for a
//!   layer whose inner game is its field `inner` and whose position holds
//!   the inner game's in its field `position`.
//!
//! [`Symmetric`]: super::Symmetric
//! [`Notation`]: super::Notation
//! [`Hints`]: super::Hints
//! [`provided`]: super::capabilities::provided

/// Writes each listed provided method of `Symmetric`, `Notation` or
/// `Hints` as a call to its one body in `games::capabilities::provided`,
/// the body the trait's default calls too (module docs). Only the
/// signature is written here, and the compiler holds it to the trait's.
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
            $crate::games::capabilities::provided::canonical_if(self, p, wanted)
        }
    };
    (@ move_json) => {
        fn move_json(&self, m: &Self::Move) -> serde_json::Value {
            $crate::games::capabilities::provided::move_json(self, m)
        }
    };
    (@ score_json) => {
        fn score_json(&self, score: Self::Score) -> serde_json::Value {
            $crate::games::capabilities::provided::score_json(self, score)
        }
    };
    (@ score_bounds) => {
        fn score_bounds(&self, p: &Self::Position) -> Option<(Self::Score, Self::Score)> {
            $crate::games::capabilities::provided::score_bounds(self, p)
        }
    };
    (@ score_bounds_for) => {
        fn score_bounds_for(
            &self,
            p: &Self::Position,
            meets: &dyn Fn(Self::Score) -> bool,
        ) -> (Option<Self::Score>, Option<Self::Score>) {
            $crate::games::capabilities::provided::score_bounds_for(self, p, meets)
        }
    };
    (@ bounds_by_side) => {
        fn bounds_by_side(&self) -> bool {
            $crate::games::capabilities::provided::bounds_by_side(self)
        }
    };
    (@ score_bound_side) => {
        fn score_bound_side(
            &self,
            p: &Self::Position,
            meets: &dyn Fn(Self::Score) -> bool,
            player: $crate::core::board::Player,
        ) -> Option<Self::Score> {
            $crate::games::capabilities::provided::score_bound_side(self, p, meets, player)
        }
    };
    (@ move_priority) => {
        fn move_priority(&self, p: &Self::Position, m: &Self::Move) -> i32 {
            $crate::games::capabilities::provided::move_priority(self, p, m)
        }
    };
    (@ search_directly) => {
        fn search_directly(&self, p: &Self::Position) -> bool {
            $crate::games::capabilities::provided::search_directly(self, p)
        }
    };
    (@ quick_move_value) => {
        fn quick_move_value(
            &self,
            p: &Self::Position,
            m: &Self::Move,
        ) -> Option<$crate::games::Value<Self::Score>> {
            $crate::games::capabilities::provided::quick_move_value(self, p, m)
        }
    };
    (@ ending_move) => {
        fn ending_move(&self, p: &Self::Position, score: Self::Score) -> Option<Option<Self::Move>> {
            $crate::games::capabilities::provided::ending_move(self, p, score)
        }
    };
    (@ quick_score) => {
        fn quick_score(&self, p: &Self::Position) -> Option<Self::Score> {
            $crate::games::capabilities::provided::quick_score(self, p)
        }
    };
    (@ score_form) => {
        fn score_form(
            &self,
            p: &Self::Position,
        ) -> Option<$crate::core::symmetry::Canonical<Self::Position>> {
            $crate::games::capabilities::provided::score_form(self, p)
        }
    };
    (@ plies) => {
        fn plies(&self, m: &Self::Move) -> u32 {
            $crate::games::capabilities::provided::plies(self, m)
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
