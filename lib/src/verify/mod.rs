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
