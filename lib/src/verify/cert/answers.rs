//! Labelling the positions after his replies once per (node form, orbit of
//! his reply) instead of once per reply told.
//!
//! At a node (him to move) the search tells her answer to each of his
//! replies; the certificate needs the position after his reply up to
//! isomorphism, without her memory. The node's bare labelling (any
//! isomorphism onto its bare canonical form `C`: [`Bare`], derived from the
//! parent's where it can be, `cert/bare.rs`) maps his reply and her answer
//! into `C`'s labels; an automorphism of `C` then takes his reply to the
//! smallest edge `e` of its orbit (her answer with it: the same move, seen
//! through a symmetry). `C + e` is one labelled position for every node
//! with bare form `C` and every reply in that orbit, so it is labelled
//! once, and her answer is read off in its canonical labels. Many nodes
//! share a bare form (they differ in her memory), so this labels far fewer
//! positions than there are replies.
//!
//! Her answer is written as the least edge of its orbit under the
//! automorphisms of `C + e`'s canonical form (after renaming its untouched
//! ends [`first_fresh`]): another isomorphism onto `C`, or another
//! automorphism taking his reply to `e`, changes her answer only by such an
//! automorphism, so the written move does not depend on which one was used
//! (nor on the thread or the parent a node was first reached from).

use super::first_fresh;
use super::orbit::{least_of_orbit, smallest_image};
use crate::core::board::{Edge, Player, Position, Vertex};
use crate::core::canon::{canonical_form, Key};
use crate::core::memory::Memory;
use crate::verify::search::bare::{image, Bare, ClassForm, Label};
use dashmap::DashMap;
use foldhash::fast::FixedState;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, PoisonError};

/// A labelling of `C + e` kept in `C`'s [`ClassForm::replies`], made.
#[derive(Clone)]
pub(super) struct Labelled(Arc<OnceLock<Label>>);

impl std::ops::Deref for Labelled {
    type Target = Label;

    fn deref(&self) -> &Label {
        self.0.get().expect("a labelling is made before it is handed out")
    }
}

impl Label {
    /// The image of `v` in the canonical labels.
    pub(super) fn apply(&self, v: Vertex) -> Vertex {
        image(&self.map, v)
    }

    /// A bound past which this labelling fixes every vertex and the
    /// untouched vertices [`first_fresh`] renames lie below.
    pub(super) fn span(&self) -> usize {
        self.map.len().max(self.touched as usize + 2)
    }

    /// Whether her move `her` (canonical labels) of `depth` is better
    /// (smaller depth, then smaller move) than every one told through this
    /// labelling before; kept if so. Most of his replies at a node reach a
    /// labelling already told the same answer (about twelve tellings per
    /// entry on K4), and only an improvement can change the entry of the
    /// class, so the recorder updates its map only then: the entries are
    /// the same, whatever the order of the tellings.
    pub(super) fn improves(&self, depth: u32, her: Edge) -> bool {
        let packed = pack(depth, her);
        // Read first: most tellings do not improve, and a read leaves the
        // cache line shared between the threads where a `fetch_min` would
        // take it over.
        self.best.load(Ordering::Relaxed) > packed && self.best.fetch_min(packed, Ordering::Relaxed) > packed
    }
}

/// `(depth, her)` as one number ordered as the pair is (an edge's ends
/// are below 256).
fn pack(depth: u32, her: Edge) -> u64 {
    let (u, v) = her.ends();
    (u64::from(depth) << 16) | (u64::from(u) << 8) | u64::from(v)
}

/// The nodes' bare forms, each holding the labellings made of it plus one
/// of his replies ([`ClassForm::replies`]); and those `cert/bare.rs`
/// derives nodes' bare labellings through.
#[derive(Default)]
pub(super) struct Answers {
    /// Per class after his reply and her move (least of its orbit), the
    /// class after her move and the labelling onto it (`cert/bare.rs`).
    pub(super) steps: DashMap<(Key, Edge), Arc<Step>, FixedState>,
    /// The bare canonical forms met, one per class.
    pub(super) classes: DashMap<Key, Arc<ClassForm>, FixedState>,
}

/// The class of `D + a*` and a labelling onto its form: one step of
/// `cert/bare.rs`'s derivation, kept in [`Answers::steps`].
pub(super) struct Step {
    pub(super) class: Arc<ClassForm>,
    /// The image of each vertex of `D + a*` below its largest touched one,
    /// plus one; the vertices above are fixed.
    pub(super) map: Box<[Vertex]>,
}

impl Answers {
    /// Her answer `her` to his reply `his` at a node whose bare labelling
    /// is `bare` (both edges in the node's labels): the labelling of the
    /// position after his reply (its class: `Label::class`), her move in
    /// its canonical labels (its untouched ends renamed by [`first_fresh`],
    /// the least of its orbit), and the canonical position (worked out only
    /// if called).
    pub(super) fn label<'a>(
        &self,
        bare: &'a Bare,
        his: Edge,
        her: Edge,
    ) -> (Labelled, Edge, impl FnOnce() -> Position + 'a) {
        let to_form = |e: Edge| e.map(|v| image(&bare.to_form, v));
        let (his, her) = smallest_image(&bare.class.generators, to_form(his), to_form(her));
        let label = self.labelling(&bare.class, his);
        let her = first_fresh(her.map(|v| label.apply(v)), label.touched);
        let her = least_of_orbit(&label.generators, her);
        let kept = label.clone();
        let position = move || after(&bare.class, his).relabel(|v| kept.apply(v));
        (label, her, position)
    }

    /// The labelling of `class + his` (`his` the least of its orbit), made
    /// once: a thread asking for it while another makes it waits.
    pub(super) fn labelling(&self, class: &ClassForm, his: Edge) -> Labelled {
        let slot = reply_slot(class, his);
        slot.get_or_init(|| label(class, his));
        Labelled(slot)
    }

    /// Forgets every labelling.
    pub(super) fn clear(&self) {
        self.steps.clear();
        self.classes.clear();
    }
}

/// The slot of `class + his` in the form's list, claimed if new.
fn reply_slot(class: &ClassForm, his: Edge) -> Arc<OnceLock<Label>> {
    let find =
        |list: &[(Edge, Arc<OnceLock<Label>>)]| list.iter().find(|(e, _)| *e == his).map(|(_, slot)| slot.clone());
    let found = find(&class.replies.read().unwrap_or_else(PoisonError::into_inner));
    found.unwrap_or_else(|| {
        let mut list = class.replies.write().unwrap_or_else(PoisonError::into_inner);
        find(&list).unwrap_or_else(|| {
            let slot = Arc::new(OnceLock::new());
            list.push((his, slot.clone()));
            slot
        })
    })
}

/// Labels `C + his` by canonaut.
fn label(class: &ClassForm, his: Edge) -> Label {
    let before = after(class, his);
    let canon = canonical_form(&before, &Memory::default(), None);
    let top = (u128::BITS - before.touched().leading_zeros()) as usize;
    Label {
        class: canon.key,
        map: canon.to_canon.map[..top].into(),
        touched: canon.position.touched_count() as u8,
        generators: canon.generators,
        best: AtomicU64::new(u64::MAX),
    }
}

/// The bare form with his edge `his` claimed.
pub(super) fn after(bare: &ClassForm, his: Edge) -> Position {
    bare.position.with(his, Player::Second).expect("his reply is unclaimed")
}
