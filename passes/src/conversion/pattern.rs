//! Conversion patterns and the order the driver tries them in (MLIR's `ConversionPattern` and
//! the legalization cost model of its `OperationLegalizer`).
//!
//! A pattern names the op it matches (or matches any op), its benefit and, optionally, the ops
//! it generates and the type converter its operands are converted with. The driver orders the
//! patterns of each op as MLIR does: patterns whose root is always legal are dropped; unless
//! some pattern matches any op, so are patterns generating ops that can never become legal;
//! the rest are sorted by legalization depth (how many rewrites it takes to reach legal ops),
//! then by benefit. At match time, the op's own patterns and the any-op patterns interleave by
//! that rank, the op's own first on ties.

use super::rewriter::ConversionRewriter;
use super::target::{Action, ConversionTarget};
use super::type_converter::TypeConverter;
use mica_ir::{Context, Op, Value};
use rustc_hash::{FxHashMap, FxHashSet};

/// A rewrite that legalizes ops.
pub trait ConversionPattern: Send + Sync {
    /// The name reported in diagnostics (MLIR's debug name).
    fn name(&self) -> &'static str;
    /// The op name it matches; `None`: any op.
    fn root(&self) -> Option<&'static str>;
    /// Higher benefits are tried first, among patterns of the same legalization depth.
    fn benefit(&self) -> u16 {
        1
    }
    /// The ops it may create (for the cost model; empty when unknown).
    fn generated_ops(&self) -> &[&'static str] {
        &[]
    }
    /// Whether it may apply to an op it created itself (else the driver never nests it).
    fn has_bounded_recursion(&self) -> bool {
        false
    }
    /// The converter for its operands: with one, it sees each operand as a value of the
    /// converted type (materialized when needed); without, the most recent replacement.
    fn type_converter(&self) -> Option<&TypeConverter> {
        None
    }
    /// Rewrites `op`, whose operands as the pattern should see them are `operands`; says
    /// whether it did. A pattern that says no must leave the IR as it was.
    fn match_and_rewrite<'p>(&'p self, ctx: &Context, rw: &mut ConversionRewriter<'_, 'p>, op: Op, operands: &[Value]) -> bool;
}

/// A set of conversion patterns.
#[derive(Default)]
pub struct PatternSet {
    pub(crate) patterns: Vec<Box<dyn ConversionPattern>>,
}

impl PatternSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a pattern.
    pub fn add(&mut self, p: impl ConversionPattern + 'static) {
        self.patterns.push(Box::new(p));
    }

    /// The number of patterns.
    pub fn len(&self) -> usize {
        self.patterns.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.patterns.is_empty()
    }
}

/// The patterns to try per op name, ranked.
pub(crate) struct Ordering {
    /// Per root op name: pattern indices, best first, with their rank.
    by_root: FxHashMap<&'static str, Vec<(usize, usize)>>,
    /// Patterns matching any op, best first, with their rank.
    any: Vec<(usize, usize)>,
}

impl Ordering {
    /// Builds the legalization graph and ranks the patterns.
    pub(crate) fn new(set: &PatternSet, target: &ConversionTarget) -> Self {
        let mut any: Vec<usize> = Vec::new();
        let mut legalizers: FxHashMap<&'static str, Vec<usize>> = FxHashMap::default();
        let mut parents: FxHashMap<&'static str, FxHashSet<&'static str>> = FxHashMap::default();
        let mut invalid: FxHashMap<&'static str, Vec<usize>> = FxHashMap::default();
        let mut worklist: Vec<usize> = Vec::new();
        for (i, p) in set.patterns.iter().enumerate() {
            let Some(root) = p.root() else {
                any.push(i);
                continue;
            };
            if target.action(root) == Some(Action::Legal) {
                continue;
            }
            invalid.entry(root).or_default().push(i);
            for g in p.generated_ops() {
                parents.entry(g).or_default().insert(root);
            }
            worklist.push(i);
        }
        if !any.is_empty() {
            for &i in &worklist {
                legalizers.entry(set.patterns[i].root().expect("rooted")).or_default().push(i);
            }
        } else {
            // Patterns become usable once everything they generate is legal or legalizable.
            // Popped from the back, as MLIR's set vector.
            let mut queued: FxHashSet<usize> = worklist.iter().copied().collect();
            while let Some(i) = worklist.pop() {
                queued.remove(&i);
                let p = &set.patterns[i];
                let blocked = p.generated_ops().iter().any(|g| {
                    let action = target.action(g);
                    !legalizers.contains_key(g) && (action.is_none() || action == Some(Action::Illegal))
                });
                if blocked {
                    continue;
                }
                let root = p.root().expect("rooted");
                legalizers.entry(root).or_default().push(i);
                if let Some(v) = invalid.get_mut(root) {
                    v.retain(|x| *x != i);
                }
                let parent_roots: Vec<&'static str> = parents.get(root).map(|s| s.iter().copied().collect()).unwrap_or_default();
                let mut parent_roots = parent_roots;
                parent_roots.sort_unstable();
                for pr in parent_roots {
                    for &j in invalid.get(pr).map(Vec::as_slice).unwrap_or(&[]) {
                        if queued.insert(j) {
                            worklist.push(j);
                        }
                    }
                }
            }
        }
        // Depths, then the sort by depth and benefit.
        let mut depth: FxHashMap<&'static str, usize> = FxHashMap::default();
        let roots: Vec<&'static str> = {
            let mut r: Vec<&'static str> = legalizers.keys().copied().collect();
            r.sort_unstable();
            r
        };
        for r in roots {
            op_depth(set, r, &mut depth, &mut legalizers);
        }
        if !any.is_empty() {
            sort_by_cost(set, &mut any, &mut depth, &mut legalizers);
        }
        let rank = |v: &Vec<usize>| v.iter().enumerate().map(|(k, &i)| (i, v.len() - k)).collect::<Vec<_>>();
        Ordering { by_root: legalizers.iter().map(|(k, v)| (*k, rank(v))).collect(), any: rank(&any) }
    }

    /// The patterns to try on an op named `name`, in order.
    pub(crate) fn for_op(&self, name: &str) -> Vec<usize> {
        let own: &[(usize, usize)] = self.by_root.get(name).map_or(&[], Vec::as_slice);
        let (mut a, mut b) = (0, 0);
        let mut out = Vec::with_capacity(own.len() + self.any.len());
        while a < own.len() || b < self.any.len() {
            let take_any = b < self.any.len() && (a >= own.len() || own[a].1 < self.any[b].1);
            if take_any {
                out.push(self.any[b].0);
                b += 1;
            } else {
                out.push(own[a].0);
                a += 1;
            }
        }
        out
    }
}

/// The smallest number of rewrites that legalizes an op named `name` (0: it needs none).
fn op_depth(set: &PatternSet, name: &'static str, depth: &mut FxHashMap<&'static str, usize>, legalizers: &mut FxHashMap<&'static str, Vec<usize>>) -> usize {
    if let Some(&d) = depth.get(name) {
        return d;
    }
    let Some(mut patterns) = legalizers.get(name).cloned().filter(|p| !p.is_empty()) else { return 0 };
    depth.insert(name, usize::MAX);
    let d = sort_by_cost(set, &mut patterns, depth, legalizers);
    legalizers.insert(name, patterns);
    depth.insert(name, d);
    d
}

/// Sorts `patterns` by legalization depth, then benefit (stable); returns the smallest depth.
fn sort_by_cost(set: &PatternSet, patterns: &mut Vec<usize>, depth: &mut FxHashMap<&'static str, usize>, legalizers: &mut FxHashMap<&'static str, Vec<usize>>) -> usize {
    let mut with_depth: Vec<(usize, usize)> = Vec::with_capacity(patterns.len());
    let mut min = usize::MAX;
    for &i in patterns.iter() {
        let mut d = 1usize;
        for g in set.patterns[i].generated_ops() {
            d = d.max(op_depth(set, g, depth, legalizers).saturating_add(1));
        }
        with_depth.push((i, d));
        min = min.min(d);
    }
    if with_depth.len() > 1 {
        with_depth.sort_by(|x, y| x.1.cmp(&y.1).then_with(|| set.patterns[y.0].benefit().cmp(&set.patterns[x.0].benefit())));
        *patterns = with_depth.into_iter().map(|(i, _)| i).collect();
    }
    min
}
