//! A node's bare labelling (its position up to isomorphism, without her
//! memory) for the certificate writer, derived where it can be from the
//! parent's instead of labelled afresh.
//!
//! The writer needs, at every node where it records her answers, the
//! node's bare class and *some* isomorphism onto its canonical form
//! (`cert/answers.rs`: her move is written as the least of its orbit, so
//! no particular isomorphism is needed). Labelling each node from scratch
//! was a tenth of a certified K4 run (842,000 nodes of only 73,000 bare
//! classes). A node reached by his edge `his` and her answer `her` from a
//! parent whose bare labelling is known is the parent's bare form plus two
//! edges, and the writer labels that once per (class after his edge, her
//! move up to symmetry): [`Origin`] keeps what that needs. The search only
//! carries these cells; the writer fills them (`cert/bare.rs`).

use crate::core::board::{Edge, Position, Vertex};
use crate::core::canon::Key;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, OnceLock, RwLock};

/// A canonical bare position: one per class, shared by the nodes of the class.
pub struct ClassForm {
    /// Its class (canonical key, no memory).
    pub key: Key,
    /// The position in canonical labels.
    pub position: Position,
    /// Generators of its automorphism group (permutations of its touched
    /// vertices `0..t`; vertices from `t` on are fixed).
    pub generators: Vec<Vec<Vertex>>,
    /// The writer's labellings of this form plus one of his replies (the
    /// least edge of its orbit), each made once (`cert/answers.rs`). Kept
    /// here, not in a map keyed by the class, because every one of his
    /// replies told looks one up (3.2 million on K4): no key is hashed, and
    /// a slot is claimed before it is labelled, so two threads never label
    /// the same position (44,000 times in a two-thread K4 run before).
    pub replies: RwLock<Vec<(Edge, Arc<OnceLock<Label>>)>>,
}

impl ClassForm {
    /// The form of a class, with no reply labelled yet.
    pub fn new(key: Key, position: Position, generators: Vec<Vec<Vertex>>) -> ClassForm {
        ClassForm {
            key,
            position,
            generators,
            replies: RwLock::default(),
        }
    }
}

/// The canonical labelling of a class's form plus one of his replies
/// (`C + e`), as the certificate writer keeps it (`cert/answers.rs`).
pub struct Label {
    /// Its class (canonical key, no memory).
    pub class: Key,
    /// The image of each vertex below the largest touched one, plus one;
    /// every vertex above is its own image (as in
    /// [`crate::core::canon::canonical_form`], which puts untouched vertices
    /// after the touched ones in increasing order).
    pub map: Box<[Vertex]>,
    /// Its number of touched vertices.
    pub touched: u8,
    /// Generators of the automorphism group of its canonical form
    /// (permutations of the touched vertices).
    pub generators: Vec<Vec<Vertex>>,
    /// The best (depth, her move) told through this labelling so far,
    /// packed by the writer; `u64::MAX` before the first.
    pub best: AtomicU64,
}

/// A node's bare labelling: its class and an isomorphism onto the class's form.
pub struct Bare {
    /// The class's canonical form.
    pub class: Arc<ClassForm>,
    /// The image in `class.position`'s labels of each vertex of the node
    /// (a bijection of the board's vertices), [`trimmed`].
    pub to_form: Box<[Vertex]>,
}

/// A permutation of the board's vertices without its identity tail: a
/// certified K4 run keeps two per stored node (842,000), and on
/// `K_aleph0` a full one is 128 bytes where about 20 move; the full maps
/// were 200 MB of the run's peak. [`image`] reads it.
pub fn trimmed(map: &[Vertex]) -> Box<[Vertex]> {
    let moved = map.iter().enumerate().rposition(|(v, &w)| v != w as usize);
    map[..moved.map_or(0, |v| v + 1)].into()
}

/// The image of `v` under a [`trimmed`] permutation (or any map that fixes
/// every vertex past its end).
pub fn image(map: &[Vertex], v: Vertex) -> Vertex {
    map.get(v as usize).copied().unwrap_or(v)
}

/// How a node's bare labelling is found.
pub enum Source {
    /// By labelling the node's position (no usable parent).
    Labelled(Position),
    /// From the parent's.
    Derived(Origin),
}

/// A node reached from a parent by his edge and her answer.
pub struct Origin {
    /// The parent's cell.
    pub parent: Arc<BareCell>,
    /// His edge, in the parent's labels.
    pub his: Edge,
    /// Her answer, in the parent's labels.
    pub her: Edge,
    /// The image in the node's labels of each vertex in the parent's
    /// labels, [`trimmed`].
    pub to_node: Box<[Vertex]>,
}

/// A node's bare labelling, worked out at most once, when first asked for.
pub struct BareCell {
    /// Where it comes from.
    pub source: Source,
    /// It, once worked out.
    pub bare: OnceLock<Bare>,
}

impl BareCell {
    /// A cell to be filled from `source`.
    pub fn new(source: Source) -> Arc<BareCell> {
        Arc::new(BareCell {
            source,
            bare: OnceLock::new(),
        })
    }
}

/// Cells hold positions and labellings too long to print usefully.
impl std::fmt::Debug for BareCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BareCell")
    }
}
