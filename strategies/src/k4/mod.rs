//! The Bowler–Gut K4 building strategy (Section 4, Theorem 4.3) and the
//! Beck-style variants of Section 3, one module per concept of the paper.
//! Every interpretation of the text is listed in `strategies/k4/README.md`.
//!
//! Memory (vertex-labelled, so the engine can relabel it):
//! - word [`STAGE`]: the stage (1..6, or [`L4_STAGE`] for Beck's L(4) answer);
//! - word [`PLAN`]: Stage 6's saved plan (0 none, [`PLAN_TRIANGLE`], or a
//!   promising plan's code from `promising.rs`, vertices in `slot::PLAN..`);
//! - word [`PENDING`]: 1 while Stage 3 still has to tell `m` from `n`;
//! - named vertices in the slots of [`slot`].

pub mod as_written;
pub mod beck_l4;
pub mod facts;
pub mod figures;
pub mod fixtures;
pub mod hub_search;
pub mod modified_k3;
pub mod promising;
pub mod safety;
pub mod stage1;
pub mod stage2;
pub mod stage3;
pub mod stage5;
pub mod stage6;
pub mod standing;

use ramsey_verify_lib::core::memory::Memory;
use ramsey_verify_lib::verify::patch::Patches;
use ramsey_verify_lib::verify::strategy::{Game, Move, Strategy, StrategyError, View};

/// Memory word holding the stage.
pub const STAGE: usize = 0;
/// Memory word holding Stage 6's saved plan.
pub const PLAN: usize = 1;
/// Memory word: Stage 3's roles `m`/`n` are not yet decided.
pub const PENDING: usize = 2;
const WORDS: usize = 3;
/// Stage word value of Beck's L(4) diversion (variant `k4-beck-l4`).
pub const L4_STAGE: u32 = 7;
/// Stage 6 plan: build a triangle on P with the modified K3 strategy.
pub const PLAN_TRIANGLE: u32 = 1;

/// Vertex slots of the memory.
pub mod slot {
    /// Slot of `a` (Stage 1, the K3 building strategy's `a`).
    pub const A: usize = 0;
    /// Slot of `b`, the vertex of her Stage 1 edges but the first.
    pub const B: usize = 1;
    /// Slot of `c`, the far end of her second edge `bc`.
    pub const C: usize = 2;
    /// Slot of `u`, the far end of her third edge `bu`.
    pub const U: usize = 3;
    /// Slot of one endpoint of his first edge.
    pub const H1: usize = 4;
    /// Slot of the other endpoint of his first edge.
    pub const H2: usize = 5;
    /// Slot of `m` (Stage 3).
    pub const M: usize = 6;
    /// Slot of `n` (Stage 3).
    pub const N: usize = 7;
    /// Slot of `l` (Stage 6).
    pub const L: usize = 8;
    /// Slot of `r` (Stage 6).
    pub const R: usize = 9;
    /// Slot of `p_i`.
    pub const fn p(i: usize) -> usize {
        10 + i
    }
    /// Number of `p_i` slots: five, and three more for `k4-repaired`.
    pub const P_SLOTS: usize = 8;
    /// First of the slots of Stage 6's saved promising plan.
    pub const PLAN: usize = 10 + P_SLOTS;
    /// Number of slots.
    pub const COUNT: usize = PLAN + crate::k4::promising::PLAN_NAME_SLOTS;
}

const SLOT_NAMES: [&str; slot::COUNT] = [
    "a", "b", "c", "u", "h1", "h2", "m", "n", "l", "r", "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "w0", "w1",
    "w2", "w3", "w4", "w5", "w6", "w7",
];

/// Which of the paper's strategies is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Section 4 as written: Stages 1-4 with the switch to Stages 5 and 6.
    Full,
    /// Beck's regular strategy (Section 3): Stages 1-4, never Stage 5 or 6.
    Regular,
    /// Repair of `Full` (see README): Stage 6 may name up to eight `p_i` and
    /// rule (c) builds its triangle on any five of them with no claimed edge
    /// among them.
    Repaired,
    /// `k4` with Stage 6 entered from Figure 6 without the paper's `p0`
    /// among the `p_i` ([`stage6::Figure6Entry::FreshP`]).
    FreshP,
    /// `k4` with the Stage 6 hub of a Figure 6 entry taken from the other
    /// two triangle vertices ([`stage6::Figure6Entry::OtherHub`]).
    OtherHub,
    /// `k4` with Stage 6(b) finding any forcing line of at most four of her
    /// moves (`Detection::ForcingLines`, the reading guide's general
    /// variant) instead of the promising graphs of Lemma 4.2.
    Forcing,
    /// `Forcing` and `FreshP` together.
    ForcingFreshP,
    /// `Forcing` and `OtherHub` with the guards of [`stage6::Rules::guard`]
    /// (safety against his forcing lines, forced wins at the hub found by
    /// search): the repair that leaves one Figure 6 position unanswered.
    Guarded,
    /// The regular strategy with Beck's L(4) answer (Section 3, last
    /// paragraph): with two blue triangles through B and C she claims
    /// BD1, BD2, BD3 for fresh D1..D3.
    BeckL4,
}

/// The K4 building strategy in one of its variants.
pub struct K4Strategy {
    /// Which variant of the strategy.
    pub variant: Variant,
}

/// All registered K4 strategies.
pub fn variants() -> Vec<Box<dyn Strategy>> {
    [
        Variant::Full,
        Variant::Regular,
        Variant::BeckL4,
        Variant::Repaired,
        Variant::FreshP,
        Variant::OtherHub,
        Variant::Forcing,
        Variant::ForcingFreshP,
        Variant::Guarded,
    ]
    .into_iter()
    .map(|variant| Box::new(K4Strategy { variant }) as Box<dyn Strategy>)
    .chain(std::iter::once(Box::new(patched()) as Box<dyn Strategy>))
    .chain(std::iter::once(Box::new(fast18()) as Box<dyn Strategy>))
    .chain(std::iter::once(Box::new(as_written::AsWritten) as Box<dyn Strategy>))
    .collect()
}

/// The table of `k4-patched`: moves found by `ramsey-verify repair` where
/// `k4-guarded` loses (see `strategies/k4/README.md`).
pub const PATCHES: &str = include_str!("patches.txt");

/// `k4-guarded` with the moves of [`PATCHES`] (`ramsey_verify_lib::verify::patch::Patched`).
pub fn patched() -> ramsey_verify_lib::verify::patch::Patched {
    let guarded = K4Strategy {
        variant: Variant::Guarded,
    };
    with_table(
        guarded,
        (PATCHES, "strategies/k4/patches.txt"),
        "k4-patched",
        "k4-guarded with a table of moves found by `ramsey-verify repair` where it loses",
    )
}

/// The table of `k4-fast18`: moves found by `ramsey-verify repair --batch
/// --bound 18` where `k4-patched` needs 19 of her moves (see
/// `docs/book/src/k4.md`, "Faster").
pub const FAST18: &str = include_str!("fast18.txt");

/// `k4-patched` with the moves of [`FAST18`]: a variant with its own table,
/// certified on its own to win within 18 of her moves (`k4-patched` keeps
/// its own labelling and table, which need 19).
pub fn fast18() -> ramsey_verify_lib::verify::patch::Patched {
    with_table(
        patched(),
        (FAST18, "strategies/k4/fast18.txt"),
        "k4-fast18",
        "k4-patched with a table of moves found by `ramsey-verify repair --batch` so that it wins within 18",
    )
}

/// `inner` with the moves of a committed table file (its `text` and path):
/// the table must be a valid one written for `inner`, or the build's own
/// data is wrong. The table is parsed on first use ([`Patches::lazy`]):
/// most runs never play these strategies.
fn with_table(
    inner: impl Strategy + 'static,
    (text, path): (&'static str, &'static str),
    name: &'static str,
    description: &'static str,
) -> ramsey_verify_lib::verify::patch::Patched {
    let inner: std::sync::Arc<dyn Strategy> = std::sync::Arc::new(inner);
    let checked = inner.clone();
    let table = Patches::lazy(move || {
        ramsey_verify_lib::verify::patch::PatchFile::parse(text)
            .unwrap_or_else(|e| panic!("{path} is not a valid patch table: {e}"))
            .table_for(checked.as_ref())
            .unwrap_or_else(|e| panic!("{path} is not a table for {}: {e}", checked.name()))
    });
    ramsey_verify_lib::verify::amend::Amended::with_amendment(inner, name, description, table)
}

/// A fresh memory in `stage` with no names: stages forget what they no
/// longer need, so that fewer positions are told apart.
pub fn memory_in(stage: u32) -> Memory {
    let mut memory = Memory::new(WORDS, slot::COUNT);
    memory.words[STAGE] = stage;
    memory
}

/// The phase name of a K4 memory: `stage k`, or `beck L(4)`.
pub fn phase_of(memory: &Memory) -> &'static str {
    const STAGES: [&str; 7] = [
        "stage 0", "stage 1", "stage 2", "stage 3", "stage 4", "stage 5", "stage 6",
    ];
    match memory.words.get(STAGE) {
        Some(&L4_STAGE) => "beck L(4)",
        Some(&s) => STAGES.get(s as usize).copied().unwrap_or("stage ?"),
        None => "",
    }
}

impl Variant {
    /// Whether Stage 2 switches to Stages 5 and 6 on the figures.
    pub fn uses_figures(self) -> bool {
        !matches!(self, Variant::Regular | Variant::BeckL4)
    }

    /// How Stage 6 is entered from a Figure 6 position.
    pub fn figure6_entry(self) -> stage6::Figure6Entry {
        match self {
            Variant::FreshP | Variant::ForcingFreshP => stage6::Figure6Entry::FreshP,
            Variant::OtherHub | Variant::Guarded => stage6::Figure6Entry::OtherHub,
            _ => stage6::Figure6Entry::Paper,
        }
    }

    /// Stage 6's rules (d) bound and (b) detection.
    pub fn stage6_rules(self) -> stage6::Rules {
        let paper = stage6::Rules::PAPER;
        match self {
            Variant::Repaired => stage6::Rules {
                max_p: slot::P_SLOTS,
                ..paper
            },
            Variant::Forcing | Variant::ForcingFreshP | Variant::Guarded => stage6::Rules {
                detection: promising::Detection::ForcingLines {
                    max_moves: promising::MAX_LINE,
                },
                guard: self == Variant::Guarded,
                ..paper
            },
            _ => paper,
        }
    }
}

impl K4Strategy {
    /// Her move by the rules of the stage in `memory`.
    fn stage_move(
        &self,
        view: &View,
        memory: &mut Memory,
    ) -> Result<ramsey_verify_lib::core::board::Edge, StrategyError> {
        match memory.words[STAGE] {
            1 => stage1::play(view, memory),
            2 => stage2::play(view.position, memory),
            3 => stage3::play(view, memory),
            4 => modified_k3::stage4(view, memory),
            5 => stage5::play(view.position, memory),
            6 => stage6::play(view, memory, self.variant.stage6_rules()),
            L4_STAGE => beck_l4::play_beck_l4(view, memory),
            s => Err(StrategyError::RuleDoesNotApply(format!("unknown stage {s}"))),
        }
    }
}

impl Strategy for K4Strategy {
    fn name(&self) -> &'static str {
        match self.variant {
            Variant::Full => "k4",
            Variant::Regular => "k4-regular",
            Variant::BeckL4 => "k4-beck-l4",
            Variant::Repaired => "k4-repaired",
            Variant::FreshP => "k4-fresh-p",
            Variant::OtherHub => "k4-other-hub",
            Variant::Forcing => "k4-forcing",
            Variant::ForcingFreshP => "k4-forcing-fresh-p",
            Variant::Guarded => "k4-guarded",
        }
    }

    fn description(&self) -> &'static str {
        match self.variant {
            Variant::Full => "K4 building strategy (Bowler & Gut, Section 4, Theorem 4.3)",
            Variant::Regular => "Beck's regular strategy: Stages 1-4 only, no switch to 5/6 (Section 3)",
            Variant::BeckL4 => "regular strategy with Beck's L(4) answer BD1, BD2, BD3 (Section 3)",
            Variant::Repaired => "k4 with a repaired Stage 6: up to 8 p_i, rule (c) on any 5 independent ones",
            Variant::FreshP => "k4, Figure 6 entry: the F-degree-1 vertex is not one of the p_i",
            Variant::OtherHub => "k4, Figure 6 entry: Stage 6 hub c is another triangle vertex than a",
            Variant::Forcing => "k4 with Stage 6(b) = any forcing line of at most 4 of her moves",
            Variant::ForcingFreshP => "k4-forcing and k4-fresh-p together",
            Variant::Guarded => "k4-forcing with the other-hub entry and Stage 6 guards (safety, hub search)",
        }
    }

    fn game(&self) -> Game {
        Game::clique(4)
    }

    fn initial_memory(&self) -> Memory {
        memory_in(1)
    }

    /// Stage 2's switch first (it only renames and changes the stage), then
    /// the standing assumption, then the rules of the current stage.
    fn play(&self, view: &View) -> Result<Move, StrategyError> {
        let mut memory = view.memory.clone();
        if memory.words[STAGE] == 2 {
            stage2::switch(self.variant, view.position, &mut memory);
        }
        let edge = match standing::override_move(view.position) {
            Some(edge) => edge,
            None => self.stage_move(view, &mut memory)?,
        };
        Ok(Move { edge, memory })
    }

    /// The standing assumption (`standing.rs`) takes every win first.
    fn completes_when_possible(&self) -> bool {
        true
    }

    fn phase(&self, memory: &Memory) -> &'static str {
        phase_of(memory)
    }

    fn slot_names(&self) -> &'static [&'static str] {
        &SLOT_NAMES
    }
}
