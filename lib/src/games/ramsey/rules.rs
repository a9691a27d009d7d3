//! The rule sets of graph Ramsey games (the reading of each is in the
//! module docs of [`super`]).

/// Rule sets of graph Ramsey games (see the module docs for our reading).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rules {
    /// Strong achievement game: first to own the target wins; full = draw.
    Achieve,
    /// Achievement game where a draw counts as a second-player win.
    AchieveSecond,
    /// Weak achievement game: only the first player builds.
    Maker,
    /// Avoidance game: completing is illegal; unable to move loses.
    Avoid,
    /// Misère game: completing loses; full board = draw.
    Misere,
    /// Avoidance+ game: a move colours any nonempty set of free edges.
    AvoidPlus,
    /// Misère twin of avoidance+.
    MiserePlus,
    /// One-colour avoidance (Hajnal's triangle-free game with target K3):
    /// every edge joins one common graph; completing the target there is
    /// illegal; unable to move loses.
    SharedAvoid,
}

impl Rules {
    /// Every rule set, in the order of [`Rules::name`]'s list.
    pub const ALL: [Rules; 8] = [
        Rules::Achieve,
        Rules::AchieveSecond,
        Rules::Maker,
        Rules::Avoid,
        Rules::Misere,
        Rules::AvoidPlus,
        Rules::MiserePlus,
        Rules::SharedAvoid,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Achieve => "achieve",
            Rules::AchieveSecond => "achieve-second",
            Rules::Maker => "maker",
            Rules::Avoid => "avoid",
            Rules::Misere => "misere",
            Rules::AvoidPlus => "avoid-plus",
            Rules::MiserePlus => "misere-plus",
            Rules::SharedAvoid => "shared-avoid",
        }
    }

    /// The rules in one sentence, for a person about to play.
    pub fn sentence(self) -> &'static str {
        match self {
            Rules::Achieve => "the first to own a copy of their target wins; a full board is a draw",
            Rules::AchieveSecond => "the first to own a copy of their target wins; a full board is a win for the player who moves second",
            Rules::Maker => "only the first player's target counts: the player who moves second only blocks, and wins if the board fills first",
            Rules::Avoid => "completing a copy of your own target is not allowed; who cannot move loses",
            Rules::Misere => "who completes a copy of their own target loses; a full board is a draw",
            Rules::AvoidPlus => {
                "a move colours any nonempty set of free edges; completing a copy of your own target is not allowed; who cannot move loses"
            }
            Rules::MiserePlus => {
                "a move colours any nonempty set of free edges; who completes a copy of their own target loses; a full board is a draw"
            }
            Rules::SharedAvoid => {
                "both players add edges to one common graph; a move may not complete a copy of the target in it; who cannot move loses"
            }
        }
    }

    /// Whether a move colours a nonempty set of edges instead of one.
    pub fn sets(self) -> bool {
        matches!(self, Rules::AvoidPlus | Rules::MiserePlus)
    }

    /// Whether the second player's target counts (in the weak game the
    /// second player only blocks).
    pub fn second_builds(self) -> bool {
        self != Rules::Maker
    }

    /// Whether completing one's target is illegal rather than decisive.
    pub(super) fn forbids_completion(self) -> bool {
        matches!(self, Rules::Avoid | Rules::AvoidPlus | Rules::SharedAvoid)
    }

    /// Whether a game under these rules can end without a winner: only
    /// where a full board (or no move) is a draw ([`RamseyGame`](super::RamseyGame)'s `stuck`
    /// score); under the others the player who cannot move loses, or a full
    /// board is the second player's win. A win/loss search
    /// (`engine::dfpn`) that disproves one player's win has then proven the
    /// other's.
    pub fn draws(self) -> bool {
        matches!(self, Rules::Achieve | Rules::Misere | Rules::MiserePlus)
    }

    /// Whether both players' edges make one common graph (the one-colour
    /// game): targets are looked for in the union of the colours.
    pub fn shared(self) -> bool {
        self == Rules::SharedAvoid
    }
}

crate::games::named_on_command_line!(Rules, "rules");
