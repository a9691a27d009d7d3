//! Concrete first-player strategies. Each one only uses the engine's public
//! interface ([`crate::strategy`], [`crate::board`]); the engine never names
//! a strategy except through this registry.

pub mod k3;
pub mod k4;

use crate::strategy::Strategy;

/// Every strategy the tool knows, in the order `strategies` lists them.
pub fn all() -> Vec<Box<dyn Strategy>> {
    let mut list: Vec<Box<dyn Strategy>> = Vec::new();
    list.extend(k3::variants());
    list.extend(k4::variants());
    list
}

/// The strategy called `name`.
pub fn by_name(name: &str) -> Result<Box<dyn Strategy>, String> {
    all().into_iter().find(|s| s.name() == name).ok_or_else(|| {
        let names: Vec<_> = all().iter().map(|s| s.name()).collect();
        format!("unknown strategy `{name}` (known: {})", names.join(", "))
    })
}
