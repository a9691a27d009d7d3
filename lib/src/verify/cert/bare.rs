//! Nodes' bare labellings for the certificate writer, derived from the
//! parent's (`verify/search/bare.rs` says why).
//!
//! A node reached from its parent by his edge `his` and her answer `her`
//! has the bare position `parent + his + her`. Through the parent's bare
//! labelling `β` (onto its form `C`), an automorphism `g` of `C` taking
//! `β(his)` to the least edge `e` of its orbit, and the labelling `L` of
//! `C + e` (onto `D`, the writer's own: `cert/answers.rs`), the node's
//! position becomes `D + a`; renaming untouched vertices (`f`) and an
//! automorphism `k` of `D` make `a` the least of its orbit, `a*`. `D + a*`
//! is labelled once per (class of `D`, `a*`) ([`Step`]), onto the node's
//! bare form `C'` by `λ`, and the node's bare labelling is the composition
//! `λ k f L g β` after the search's own relabelling of the parent into the
//! node. It is *an* isomorphism onto `C'`, depending on the parent the node
//! was first reached from; the certificate does not depend on which
//! (`cert/answers.rs`). Only the class and the form have to be canonaut's.

use super::answers::{after, Answers, Step};
use super::first_fresh;
use super::orbit::least_with_perm;
use crate::core::board::{Edge, Player, Position, Vertex};
use crate::core::canon::canonical_form;
use crate::core::memory::Memory;
use crate::verify::search::bare::{image, trimmed, Bare, BareCell, ClassForm, Label, Origin, Source};
use std::sync::Arc;

impl Answers {
    /// The bare labelling of the node whose cell is `cell`, worked out
    /// (once) from the parent's or by labelling the node.
    pub(super) fn bare<'c>(&self, cell: &'c BareCell) -> &'c Bare {
        cell.bare.get_or_init(|| match &cell.source {
            Source::Labelled(position) => self.labelled(position),
            Source::Derived(origin) => self.derived(origin),
        })
    }

    /// The bare labelling of `position`, by canonaut.
    pub(super) fn labelled(&self, position: &Position) -> Bare {
        let canon = canonical_form(position, &Memory::default(), None);
        Bare {
            to_form: trimmed(&canon.to_canon.map),
            class: self.class(canon.key, canon.position, canon.generators),
        }
    }

    fn derived(&self, origin: &Origin) -> Bare {
        let parent = self.bare(&origin.parent);
        let beta = &parent.to_form;
        // Every map below fixes the vertices from `n` on (see `span`).
        let n = span(parent, origin);
        let (e, g) = least_with_perm(&parent.class.generators, origin.his.map(|v| image(beta, v)), n);
        let label = self.labelling(&parent.class, e);
        let n = n.max(label.span());
        let through = |v: Vertex| label.apply(image(&g, image(beta, v)));
        let a = origin.her.map(through);
        let f = fresh_first(a, label.touched, n);
        let (a, k) = least_with_perm(&label.generators, a.map(|v| f[v as usize]), n);
        let step = self.step(&parent.class, e, &label, a);
        let mut to_form = vec![0; n];
        for p in 0..n as Vertex {
            let x = image(&k, f[through(p) as usize]);
            to_form[image(&origin.to_node, p) as usize] = image(&step.map, x);
        }
        Bare {
            class: step.class.clone(),
            to_form: trimmed(&to_form),
        }
    }

    /// The step from `D = L(class + e)` by her move `a` (`D`'s labels, the
    /// least of its orbit), labelled once.
    fn step(&self, class: &ClassForm, e: Edge, label: &Label, a: Edge) -> Arc<Step> {
        let key = (label.class.clone(), a);
        if let Some(step) = self.steps.get(&key) {
            return step.clone();
        }
        let d = after(class, e).relabel(|v| label.apply(v));
        let position = d.with(a, Player::First).expect("her answer is unclaimed");
        let top = (u128::BITS - position.touched().leading_zeros()) as usize;
        let canon = canonical_form(&position, &Memory::default(), None);
        let step = Arc::new(Step {
            map: canon.to_canon.map[..top].into(),
            class: self.class(canon.key, canon.position, canon.generators),
        });
        self.steps.entry(key).or_insert(step).clone()
    }

    /// The form of the class `key`, kept once per class.
    fn class(&self, key: crate::core::canon::Key, position: Position, generators: Vec<Vec<Vertex>>) -> Arc<ClassForm> {
        if let Some(form) = self.classes.get(&key) {
            return form.clone();
        }
        let form = Arc::new(ClassForm::new(key.clone(), position, generators));
        self.classes.entry(key).or_insert(form).clone()
    }
}

/// A bound on the vertices the derivation of a node's labelling from the
/// parent's moves: the parent's labelling and the search's relabelling fix
/// every vertex past their ends, the form's symmetries every untouched
/// vertex, and his edge and her answer (with the fresh vertices beside
/// them) lie below it too. [`Label::span`] adds the labelling of `C + e`'s.
fn span(parent: &Bare, origin: &Origin) -> usize {
    let ends = |e: Edge| e.ends().1 as usize + 1;
    let t = parent.class.position.touched_count();
    [
        parent.to_form.len(),
        origin.to_node.len(),
        t + 2,
        ends(origin.his),
        ends(origin.her),
    ]
    .into_iter()
    .max()
    .unwrap_or(0)
}

/// A permutation of the `n` vertices exchanging untouched ones (those from
/// `t` on) so that `a` becomes [`first_fresh`]'s form of it.
fn fresh_first(a: Edge, t: u8, n: usize) -> Vec<Vertex> {
    let mut perm: Vec<Vertex> = (0..n).map(|v| v as Vertex).collect();
    let wanted = first_fresh(a, t);
    for (from, to) in [(a.ends().0, wanted.ends().0), (a.ends().1, wanted.ends().1)] {
        let from = perm[from as usize];
        if from != to {
            for image in perm.iter_mut() {
                if *image == from {
                    *image = to;
                } else if *image == to {
                    *image = from;
                }
            }
        }
    }
    perm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_first_renames_untouched_ends_only() {
        let e = Edge::new;
        let check = |a: Edge, t: u8| {
            let perm = fresh_first(a, t, 12);
            assert_eq!(a.map(|v| perm[v as usize]), first_fresh(a, t), "{a:?}, t = {t}");
            assert!((0..t).all(|v| perm[v as usize] == v), "{a:?}: touched vertices move");
        };
        for a in [e(1, 2), e(2, 7), e(5, 9), e(4, 5), e(4, 9), e(6, 7)] {
            check(a, 4);
        }
    }
}
