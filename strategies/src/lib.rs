//! Concrete first-player strategies. Each one only uses the engine's public
//! interface ([`ramsey_verify_lib::verify::strategy`], [`ramsey_verify_lib::core::board`]); the engine never names
//! a strategy: programs look strategies up in a [`Registry`], which
//! [`builtin`] fills from [`all`].

pub mod k3;
pub mod k4;

use ramsey_verify_lib::verify::registry::{Registry, UnknownStrategy};
use ramsey_verify_lib::verify::strategy::Strategy;
use std::sync::Arc;

/// Every strategy of this crate, in the order `strategies` lists them (the
/// contents of [`builtin`]).
pub fn all() -> Vec<Box<dyn Strategy>> {
    let mut list: Vec<Box<dyn Strategy>> = Vec::new();
    list.extend(k3::variants());
    list.extend(k4::variants());
    list
}

/// The strategies of this crate as a [`Registry`]: the K3 building
/// strategy of Bowler and Gut, its deliberately broken variants, and the K4
/// strategies. The stock `ramsey-verify` binary serves exactly these.
pub fn builtin() -> Registry {
    let mut registry = Registry::new();
    for strategy in all() {
        registry
            .add(strategy)
            .expect("the built-in strategies have distinct names");
    }
    registry
}

/// The built-in strategy called `name`: shorthand for
/// `builtin().get(name)`.
pub fn by_name(name: &str) -> Result<Arc<dyn Strategy>, UnknownStrategy> {
    builtin().get(name)
}
