//! Concrete first-player strategies. Each one only uses the engine's public
//! interface ([`crate::strategy`], [`crate::board`]); the engine never names
//! a strategy: programs look strategies up in a [`Registry`], which
//! [`Registry::builtin`] fills from [`all`].

pub mod k3;
pub mod k4;

use crate::registry::{Registry, UnknownStrategy};
use crate::strategy::Strategy;
use std::sync::Arc;

/// Every strategy of this crate, in the order `strategies` lists them (the
/// contents of [`Registry::builtin`]).
pub fn all() -> Vec<Box<dyn Strategy>> {
    let mut list: Vec<Box<dyn Strategy>> = Vec::new();
    list.extend(k3::variants());
    list.extend(k4::variants());
    list
}

/// The built-in strategy called `name`: shorthand for
/// `Registry::builtin().get(name)`.
pub fn by_name(name: &str) -> Result<Arc<dyn Strategy>, UnknownStrategy> {
    Registry::builtin().get(name)
}
