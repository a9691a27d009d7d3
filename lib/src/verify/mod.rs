//! Strategy verification: the [`strategy::Strategy`] trait, runs
//! ([`verify()`]) that play a strategy against every reply of the adversary
//! ([`search`]), counterexample lines ([`mod@line`]), shortest refutations,
//! failure classes, repair by patch tables, variants of strategies
//! ([`patch`], [`amend`]), the [`registry`] a command line serves, and
//! proof certificates ([`cert`]).

pub mod amend;
pub mod cert;
pub mod classes;
pub mod jobs;
pub mod line;
pub mod patch;
pub mod registry;
pub mod repair;
mod run;
pub mod search;
pub mod shortest;
pub mod strategy;

pub use run::{
    fail_kind_name, game_of, new_search, shorten, verify, verify_observed, ChoiceNote, Report, Request, ShortestNote,
    Verdict, VerifyError,
};
pub use search::contract::ContractError;

/// The most moves of hers a run may be bounded by: far above every
/// strategy here (K4 needs 19), low enough that a mistyped bound fails
/// at once instead of searching for hours.
pub const MAX_BOUND: u32 = 200;

/// A bound on her moves as a person types it (`--bound`, `--budget`, and
/// the Python package's `bound=`): from 1 to [`MAX_BOUND`], with the one
/// message every caller shows.
pub fn parse_bound(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(0) => Err("the bound must be at least 1".into()),
        Ok(b) if b > MAX_BOUND => Err(format!("the bound must be at most {MAX_BOUND}")),
        Ok(b) => Ok(b),
        Err(_) => Err(format!("the bound must be a positive number, not `{text}`")),
    }
}
