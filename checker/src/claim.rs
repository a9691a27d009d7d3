//! The claim of a strong-game certificate: version 2 states that she wins,
//! version 4 names its claim in the header's `claim` line (proofs/FORMAT.md,
//! "Version 4: open choices"); version 9 claims that she cannot win
//! within its bound ("Version 9: no forced win within b").

use crate::text::clip;
use crate::Rejection;

/// What a strong-game certificate (version 2 or 4) claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrongClaim {
    /// Version 2: she wins; one move per entry.
    Wins,
    /// Version 4 `every-option-wins`: every move listed in an entry wins
    /// (entries list the options of a strategy with open choices).
    EveryOptionWins,
    /// Version 4 `every-option-loses`: a tree of his replies beating every
    /// listed option of hers ([`crate::refutation`]).
    EveryOptionLoses,
    /// Version 4 `line-loses`: one line, her one move per turn, that she loses.
    LineLoses,
    /// Version 9: she cannot force a red `K_k` within `bound` of her moves
    /// from the start (her turn); entries are his replies ([`crate::nowin`]).
    NoWin,
}

impl StrongClaim {
    /// The word of the `claim` header line (`wins` for version 2).
    pub fn name(self) -> &'static str {
        match self {
            StrongClaim::Wins => "wins",
            StrongClaim::EveryOptionWins => "every-option-wins",
            StrongClaim::EveryOptionLoses => "every-option-loses",
            StrongClaim::LineLoses => "line-loses",
            StrongClaim::NoWin => "no-win",
        }
    }

    /// Whether the body is a refutation tree rather than entries.
    pub fn refutes(self) -> bool {
        matches!(self, StrongClaim::EveryOptionLoses | StrongClaim::LineLoses)
    }
}

/// The claim named by a version-4 `claim` line.
pub(crate) fn parse_claim(text: &str) -> Result<StrongClaim, Rejection> {
    [
        StrongClaim::EveryOptionWins,
        StrongClaim::EveryOptionLoses,
        StrongClaim::LineLoses,
    ]
    .into_iter()
    .find(|c| c.name() == text)
    .ok_or_else(|| {
        Rejection::unreadable(format!(
            "header: claim `{}` is not every-option-wins, every-option-loses or line-loses",
            clip(text)
        ))
    })
}
