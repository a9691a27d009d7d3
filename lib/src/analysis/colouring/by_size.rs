//! Questions asked of every tree of each size 1, 2, ..., N (the census of
//! chi_g, [`super::trees::CensusBySize`]; Theorem 5.3's strategy,
//! [`super::trees53::CertifyBySize`]), answered one size at a time: the
//! larger sizes take minutes, so a caller shows each size's row as soon as
//! it is done, and the summary (JSON, or a closing verdict) at the end.

use crate::engine::Stopped;
use std::ops::RangeInclusive;
use std::time::Instant;

/// The largest tree size the census and the certification accept: the
/// trees on 20 vertices are about a million already.
pub const MAX_TREE_SIZE: usize = 20;

/// Why a question about tree sizes is not asked, with the message the
/// command line shows.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TreeSizeError {
    /// The census's largest size is outside `1..=MAX_TREE_SIZE`.
    #[error("--trees takes 1..={MAX_TREE_SIZE}, not {0}")]
    Census(usize),
    /// The certification's largest size is outside `1..=MAX_TREE_SIZE`, or
    /// the strategy has no colours.
    #[error("--certify-trees takes 1..={MAX_TREE_SIZE} and at least 1 colour")]
    Certify,
    /// With a certificate, the strategy's colours are outside `1..=9` (one
    /// digit each in its states), or the size as for [`TreeSizeError::Certify`].
    #[error("--certify-trees with --cert takes 1..={MAX_TREE_SIZE} and 1 to 9 colours")]
    CertifyStates,
}

/// Whether `max_n` is a size the questions accept.
pub(super) fn size_fits(max_n: usize) -> bool {
    (1..=MAX_TREE_SIZE).contains(&max_n)
}

/// One size's answer and the wall time it took.
#[derive(Clone, Debug)]
pub struct Timed<T> {
    /// The answer.
    pub value: T,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl<T> Timed<T> {
    /// Runs `work`, timing it.
    pub fn run<E>(work: impl FnOnce() -> Result<T, E>) -> Result<Timed<T>, E> {
        let started = Instant::now();
        let value = work()?;
        Ok(Timed {
            value,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}

/// A question asked of the trees of each size in [`BySize::sizes`], one
/// row per size, so that the caller decides when to show what.
pub trait BySize {
    /// One size's answer.
    type Row;
    /// The sizes asked about, in order.
    fn sizes(&self) -> RangeInclusive<usize>;
    /// The answer for the trees on `n` vertices.
    fn row(&self, n: usize) -> Result<Self::Row, Stopped>;
    /// A row as text, one or more lines.
    fn row_text(&self, row: &Self::Row) -> String;
    /// The text after the last row, if any (a verdict).
    fn closing_text(&self, rows: &[Self::Row]) -> Option<String>;
    /// Every row and the summary as one JSON object.
    fn to_json(&self, rows: &[Self::Row]) -> serde_json::Value;
}
