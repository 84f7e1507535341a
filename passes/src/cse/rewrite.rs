//! CSE's rewriting mode (`cse{egraph=true}`, Mica only; mlir-opt's CSE has no such option):
//! every pure op of a block, with one result and no regions, becomes an e-node (no
//! value-numbering pre-filter), and an [`egg::Runner`] bounded by node, iteration and time
//! limits applies two kinds of rewrites: commutativity of ops with the Commutative trait
//! (`a + b = b + a`), and the integer identities `x + 0 = x`, `x * 1 = x`, `x - 0 = x`,
//! `x | 0 = x`, `x ^ 0 = x` and `x & -1 = x` (`arith.addi`, `muli`, `subi`, `ori`, `xori`,
//! `andi` whose other operand is an `arith.constant` of the result's integer or index type;
//! never floats). The block is then walked in order: the first value of each e-class (a value
//! defined outside the block, or an earlier result) represents it, and each later op of the
//! class is replaced by it, so a replacement always dominates its uses. Graph regions are left
//! alone. The ordinary CSE runs afterwards and erases what became dead.

use super::Report;
use egg::{Applier, EGraph, Id, Language, PatternAst, Rewrite, Runner, SearchMatches, Searcher, StopReason, Subst, Symbol, Var};
use mica_ir::{Attr, AttrKind, Block, Body, Context, EntityRef, Ident, Op, Region, Traits, Type, TypeKind, Value, ValueDef};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::time::Duration;

/// Bounds on one block's e-graph run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// E-nodes the e-graph may grow to.
    pub nodes: usize,
    /// Rewrite iterations.
    pub iterations: usize,
    /// Time for one run.
    pub time: Duration,
}

impl Default for Bounds {
    fn default() -> Self {
        Self { nodes: 100_000, iterations: 30, time: Duration::from_secs(1) }
    }
}

/// One e-node: an op (its key and operand classes) or a value defined outside the e-graph.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum ENode {
    /// A value (by index) that is no candidate op's result.
    Leaf(u32),
    /// A candidate op: the number of its head and its operands' classes.
    Op(u32, SmallVec<[Id; 2]>),
}

impl Language for ENode {
    type Discriminant = (bool, u32);

    fn discriminant(&self) -> (bool, u32) {
        match self {
            ENode::Leaf(v) => (false, *v),
            ENode::Op(k, c) => (true, *k ^ (c.len() as u32) << 28),
        }
    }

    fn matches(&self, other: &Self) -> bool {
        match (self, other) {
            (ENode::Leaf(a), ENode::Leaf(b)) => a == b,
            (ENode::Op(a, x), ENode::Op(b, y)) => a == b && x.len() == y.len(),
            _ => false,
        }
    }

    fn children(&self) -> &[Id] {
        match self {
            ENode::Leaf(_) => &[],
            ENode::Op(_, c) => c,
        }
    }

    fn children_mut(&mut self) -> &mut [Id] {
        match self {
            ENode::Leaf(_) => &mut [],
            ENode::Op(_, c) => c,
        }
    }
}

/// The constant an identity needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Neutral {
    Zero,
    One,
    AllOnes,
}

impl Neutral {
    fn bit(self) -> u8 {
        match self {
            Neutral::Zero => 1,
            Neutral::One => 2,
            Neutral::AllOnes => 4,
        }
    }
}

/// An op up to its operands.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Head {
    name: Ident,
    props: Option<Attr>,
    attrs: Attr,
    ty: Type,
    operands: u32,
}

/// What the rewrites know of a head.
#[derive(Clone, Copy, Debug, Default)]
struct HeadInfo {
    /// Two operands and the Commutative trait.
    commutative: bool,
    /// The neutral operand of an identity op, and whether it may stand first too.
    identity: Option<(Neutral, bool)>,
    /// For an integer `arith.constant` that is some neutral element: which ones (a mask of
    /// [`Neutral::bit`]s) and its type.
    constant: Option<(u8, Type)>,
    /// The head's result type.
    ty: Option<Type>,
}

/// `a op b = b op a` for one commutative head.
struct Commute(u32);

/// `x op neutral = x` (and `neutral op x = x`) for one identity head.
struct Identity(u32, Neutral, bool, Type, std::sync::Arc<Vec<HeadInfo>>);

const A: u32 = 0;
const B: u32 = 1;

impl Searcher<ENode, ()> for Commute {
    fn search_eclass_with_limit(&self, egraph: &EGraph<ENode, ()>, eclass: Id, limit: usize) -> Option<SearchMatches<'_, ENode>> {
        let mut substs = Vec::new();
        for n in &egraph[eclass].nodes {
            if let ENode::Op(k, c) = n {
                if *k == self.0 && c.len() == 2 && substs.len() < limit {
                    let mut s = Subst::with_capacity(2);
                    s.insert(Var::from_u32(A), c[0]);
                    s.insert(Var::from_u32(B), c[1]);
                    substs.push(s);
                }
            }
        }
        (!substs.is_empty()).then_some(SearchMatches { eclass, substs, ast: None })
    }

    fn vars(&self) -> Vec<Var> {
        vec![Var::from_u32(A), Var::from_u32(B)]
    }
}

impl Applier<ENode, ()> for Commute {
    fn apply_one(&self, egraph: &mut EGraph<ENode, ()>, eclass: Id, subst: &Subst, _: Option<&PatternAst<ENode>>, _: Symbol) -> Vec<Id> {
        let (Some(&a), Some(&b)) = (subst.get(Var::from_u32(A)), subst.get(Var::from_u32(B))) else { return Vec::new() };
        let swapped = egraph.add(ENode::Op(self.0, smallvec::smallvec![b, a]));
        if egraph.union(eclass, swapped) { vec![eclass] } else { Vec::new() }
    }
}

impl Identity {
    /// Whether `class` holds the neutral constant of this identity.
    fn neutral(&self, egraph: &EGraph<ENode, ()>, class: Id) -> bool {
        egraph[class].nodes.iter().any(|n| match n {
            ENode::Op(k, c) if c.is_empty() => self.4.get(*k as usize).and_then(|i| i.constant).is_some_and(|(mask, ty)| mask & self.1.bit() != 0 && ty == self.3),
            _ => false,
        })
    }
}

impl Searcher<ENode, ()> for Identity {
    fn search_eclass_with_limit(&self, egraph: &EGraph<ENode, ()>, eclass: Id, limit: usize) -> Option<SearchMatches<'_, ENode>> {
        let mut substs = Vec::new();
        for n in &egraph[eclass].nodes {
            let ENode::Op(k, c) = n else { continue };
            if *k != self.0 || c.len() != 2 || substs.len() >= limit {
                continue;
            }
            let x = if self.neutral(egraph, c[1]) {
                c[0]
            } else if self.2 && self.neutral(egraph, c[0]) {
                c[1]
            } else {
                continue;
            };
            let mut s = Subst::with_capacity(1);
            s.insert(Var::from_u32(A), x);
            substs.push(s);
        }
        (!substs.is_empty()).then_some(SearchMatches { eclass, substs, ast: None })
    }

    fn vars(&self) -> Vec<Var> {
        vec![Var::from_u32(A)]
    }
}

impl Applier<ENode, ()> for Identity {
    fn apply_one(&self, egraph: &mut EGraph<ENode, ()>, eclass: Id, subst: &Subst, _: Option<&PatternAst<ENode>>, _: Symbol) -> Vec<Id> {
        let Some(&x) = subst.get(Var::from_u32(A)) else { return Vec::new() };
        if egraph.union(eclass, x) { vec![eclass] } else { Vec::new() }
    }
}

/// Runs the rewriting mode on everything inside `op` (an op of `body`).
pub(super) fn run(ctx: &Context, body: &mut Body, op: Op, bounds: Bounds, report: &mut Report) {
    let graph = ctx.registry().traits(body.op(op).name).contains(Traits::GRAPH_REGION);
    if let Some(nested) = body.nested_mut(op) {
        let roots = nested.roots.clone();
        walk(ctx, nested, &roots, graph, bounds, report);
    } else {
        let regions: SmallVec<[Region; 2]> = body.local_regions(op).iter().copied().collect();
        walk(ctx, body, &regions, graph, bounds, report);
    }
}

fn walk(ctx: &Context, body: &mut Body, regions: &[Region], graph: bool, bounds: Bounds, report: &mut Report) {
    for &r in regions {
        let blocks: SmallVec<[Block; 4]> = body.region_blocks(r).iter().copied().collect();
        for b in blocks {
            if !graph {
                simplify_block(ctx, body, b, bounds, report);
            }
            let ops: Vec<Op> = body.block_ops(b).collect();
            for op in ops {
                let inner_graph = ctx.registry().traits(body.op(op).name).contains(Traits::GRAPH_REGION);
                if let Some(nested) = body.nested_mut(op) {
                    let roots = nested.roots.clone();
                    walk(ctx, nested, &roots, inner_graph, bounds, report);
                } else if !body.local_regions(op).is_empty() {
                    let inner: SmallVec<[Region; 2]> = body.local_regions(op).iter().copied().collect();
                    walk(ctx, body, &inner, inner_graph, bounds, report);
                }
            }
        }
    }
}

/// What the rewrites know of `head`.
fn head_info(ctx: &Context, body: &Body, op: Op, head: &Head) -> HeadInfo {
    let mut info = HeadInfo { ty: Some(head.ty), ..HeadInfo::default() };
    if !matches!(ctx.type_kind(head.ty), TypeKind::Integer { .. } | TypeKind::Index) {
        return info;
    }
    let name = ctx.str(head.name);
    info.commutative = head.operands == 2 && ctx.registry().traits(head.name).contains(Traits::COMMUTATIVE);
    if head.operands == 2 {
        info.identity = match name {
            "arith.addi" | "arith.ori" | "arith.xori" => Some((Neutral::Zero, true)),
            "arith.subi" => Some((Neutral::Zero, false)),
            "arith.muli" => Some((Neutral::One, true)),
            "arith.andi" => Some((Neutral::AllOnes, true)),
            _ => None,
        };
    }
    if name == "arith.constant" && head.operands == 0 {
        let width = ctx.int_width(head.ty);
        let value = ctx
            .op_attr_id(body, op, mica_ir::Ident::VALUE)
            .filter(|a| matches!(ctx.attr_kind(*a), AttrKind::Integer { ty, .. } if *ty == head.ty))
            .and_then(|a| ctx.as_i64(a));
        // `true : i1` is both one and all ones.
        let mask = match value {
            Some(0) => Neutral::Zero.bit(),
            Some(1) => Neutral::One.bit(),
            Some(-1) if width == 1 => Neutral::One.bit() | Neutral::AllOnes.bit(),
            Some(-1) => Neutral::AllOnes.bit(),
            _ => 0,
        };
        info.constant = (mask != 0).then_some((mask, head.ty));
    }
    info
}

/// Whether `op` goes into the e-graph: pure, one result, no regions, no terminator.
fn is_candidate(ctx: &Context, body: &Body, op: Op) -> bool {
    !ctx.registry().traits(body.op(op).name).contains(Traits::TERMINATOR)
        && body.nested(op).is_none()
        && body.local_regions(op).is_empty()
        && body.results(op).len() == 1
        && crate::effects::effects(ctx, body, op) == crate::effects::Effects::None
}

/// The number of `op`'s head (a candidate), numbered on first sight with what the rewrites
/// know of it.
fn key_of(ctx: &Context, body: &Body, op: Op, heads: &mut FxHashMap<Head, u32>, infos: &mut Vec<HeadInfo>) -> u32 {
    let d = body.op(op);
    let head = Head { name: d.name, props: d.properties(), attrs: d.attrs, ty: body.value_type(body.results(op)[0]), operands: body.num_operands(op) as u32 };
    if let Some(&k) = heads.get(&head) {
        return k;
    }
    let k = infos.len() as u32;
    infos.push(head_info(ctx, body, op, &head));
    heads.insert(head, k);
    k
}

fn simplify_block(ctx: &Context, body: &mut Body, block: Block, bounds: Bounds, report: &mut Report) {
    let mut egraph: EGraph<ENode, ()> = EGraph::default();
    let mut heads: FxHashMap<Head, u32> = FxHashMap::default();
    let mut infos: Vec<HeadInfo> = Vec::new();
    let mut class_of: FxHashMap<Value, Id> = FxHashMap::default();
    let mut leaves: Vec<(Value, Id)> = Vec::new();
    let mut members: Vec<(Op, Id)> = Vec::new();
    for op in body.block_ops(block) {
        if !is_candidate(ctx, body, op) {
            continue;
        }
        let mut children: SmallVec<[Id; 2]> = SmallVec::new();
        for v in body.operands(op) {
            let id = match class_of.get(&v) {
                Some(&id) => id,
                None => {
                    // A constant defined outside the block is its own e-node (a neutral
                    // element found there counts); other values are leaves.
                    let node = match body.value(v).def {
                        ValueDef::Result(def, _) if is_candidate(ctx, body, def) && body.num_operands(def) == 0 => {
                            ENode::Op(key_of(ctx, body, def, &mut heads, &mut infos), SmallVec::new())
                        }
                        _ => ENode::Leaf(v.index() as u32),
                    };
                    let id = egraph.add(node);
                    class_of.insert(v, id);
                    leaves.push((v, id));
                    id
                }
            };
            children.push(id);
        }
        let key = key_of(ctx, body, op, &mut heads, &mut infos);
        let result = body.results(op)[0];
        let id = egraph.add(ENode::Op(key, children));
        class_of.insert(result, id);
        members.push((op, id));
    }
    if members.is_empty() {
        return;
    }
    let infos = std::sync::Arc::new(infos);
    let mut rules: Vec<Rewrite<ENode, ()>> = Vec::new();
    for (k, info) in infos.iter().enumerate() {
        let k = k as u32;
        if info.commutative {
            if let Ok(r) = Rewrite::new(format!("commute-{k}"), Commute(k), Commute(k)) {
                rules.push(r);
            }
        }
        if let (Some((neutral, either)), Some(ty)) = (info.identity, info.ty) {
            let rule = |id: u32| Identity(id, neutral, either, ty, infos.clone());
            if let Ok(r) = Rewrite::new(format!("identity-{k}"), rule(k), rule(k)) {
                rules.push(r);
            }
        }
    }
    let runner = Runner::default()
        .with_egraph(egraph)
        .with_node_limit(bounds.nodes)
        .with_iter_limit(bounds.iterations)
        .with_time_limit(bounds.time)
        .run(&rules);
    report.rewrite_runs += 1;
    match runner.stop_reason {
        Some(StopReason::Saturated) | None => report.rewrite_saturated += 1,
        Some(StopReason::NodeLimit(_)) => report.rewrite_node_limit += 1,
        Some(StopReason::IterationLimit(_)) => report.rewrite_iteration_limit += 1,
        Some(StopReason::TimeLimit(_)) => report.rewrite_time_limit += 1,
        Some(StopReason::Other(_)) => {}
    }
    let egraph = runner.egraph;
    report.enodes += egraph.total_number_of_nodes() as u64;
    // Values defined outside the block dominate all of it; results represent their class from
    // their definition on.
    let mut reps: FxHashMap<Id, Value> = FxHashMap::default();
    for (v, id) in leaves {
        reps.entry(egraph.find(id)).or_insert(v);
    }
    for (op, id) in members {
        let result = body.results(op)[0];
        match reps.get(&egraph.find(id)) {
            Some(&rep) if rep != result => {
                body.replace_all_uses(result, rep);
                body.erase_op(op);
                report.merged += 1;
            }
            _ => {
                reps.insert(egraph.find(id), result);
            }
        }
    }
}
