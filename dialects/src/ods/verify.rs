//! The generic verifier of declaratively defined ops, in MLIR's order: segment sizes,
//! attributes (presence, then constraints), operand and result types, region sizes,
//! predicate traits, native traits (same types, same shapes…), and the op's hand-written
//! verifier; after the ops in its regions, implicit terminators and the region verifier.

use super::{op_error, spec_of, Arity, Check, OpSpec, OpView, Presence};
use super::format::Slot;
use crate::ods::constraints::{element_or_self, AttrSyntax};
use mica_ir::{Body, Context, Diagnostic, Op, OpDef, Traits, Type, TypeKind, Value, DYNAMIC};

/// The verify hook of every declaratively defined op.
pub(crate) fn verify_op(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let Some(spec) = spec_of(def) else { return Ok(()) };
    let mut view = OpView::new(ctx, spec, body, op).map_err(|m| op_error(ctx, body, op, &m))?;
    view.parent = parent;
    invariants(ctx, spec, &view, parent).map_err(|m| op_error(ctx, body, op, &m))?;
    if spec.traits.contains(Traits::SYMBOL) {
        mica_ir::verify::verify_symbol_parent(ctx, body, op, parent)?;
    }
    if let Some(f) = spec.successor_operands {
        verify_successor_operands(&view, f).map_err(|m| Diagnostic::on_op(body, op, m))?;
    }
    if let Some(attr) = spec.branch_weights {
        verify_weights(&view, attr, "branch", "successors", body.successors(op).len()).map_err(|m| Diagnostic::on_op(body, op, m))?;
    }
    verify_inferred_types(ctx, spec, &view)?;
    if let Some(f) = spec.verify {
        f(ctx, &view).map_err(|m| op_error(ctx, body, op, &m))?;
    }
    Ok(())
}

/// MLIR's `InferTypeOpInterface` check of an op whose result types its format generator
/// infers from its first single operand (`SameOperandsAndResultType`, with single results
/// only): each result type is exactly that operand's (the trait alone lets shapes differ by a
/// dynamic size). Checked after the op's traits, before its hand-written verifier; gives the
/// two errors MLIR reports.
fn verify_inferred_types(ctx: &Context, spec: &OpSpec, v: &OpView<'_>) -> Result<(), Diagnostic> {
    if spec.results.is_empty() || !spec.checks.iter().any(|c| matches!(c, Check::SameOperandsAndResultType)) {
        return Ok(());
    }
    let Some(anchor) = spec.operands.iter().position(|o| o.arity == Arity::Single) else { return Ok(()) };
    if spec.results.iter().any(|r| r.arity != Arity::Single) {
        return Ok(());
    }
    let Some(&x) = v.operand_group(anchor).first() else { return Ok(()) };
    let t = v.ty(x);
    let results = v.results();
    if results.iter().all(|r| v.ty(*r) == t) {
        return Ok(());
    }
    let list = |types: &mut dyn Iterator<Item = Type>| types.map(|t| format!("'{}'", type_str(ctx, t))).collect::<Vec<_>>().join(", ");
    let inferred = list(&mut std::iter::repeat_n(t, results.len()));
    let actual = list(&mut results.iter().map(|r| v.ty(*r)));
    let (body, op) = (v.body, v.op);
    let name = ctx.str(body.op(op).name);
    let mut d = Diagnostic::on_op(body, op, format!("'{name}' op inferred type(s) {inferred} are incompatible with return type(s) of operation {actual}"));
    d.notes.push(Diagnostic::error(body.op(op).loc, format!("'{name}' op failed to infer returned types")));
    Err(d)
}

/// The region verify hook (MLIR's `verifyRegions`).
pub(super) fn verify_op_regions(def: &OpDef, ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let Some(spec) = spec_of(def) else { return Ok(()) };
    implicit_terminators(ctx, spec, body, op)?;
    let Some(f) = spec.verify_regions else { return Ok(()) };
    let mut view = OpView::new(ctx, spec, body, op).map_err(|m| op_error(ctx, body, op, &m))?;
    view.parent = parent;
    f(ctx, &view).map_err(|m| op_error(ctx, body, op, &m))
}

/// `SingleBlockImplicitTerminator`, a region trait: checked once the regions' ops are.
fn implicit_terminators(ctx: &Context, spec: &OpSpec, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (rb, regions) = body.op_regions(op);
    if let Some(term) = spec.implicit_terminator {
        let term_id = spec.implicit_terminator_ident.unwrap_or_else(|| ctx.ident(term));
        for r in regions {
            for &b in rb.region_blocks(*r) {
                // An empty block is reported before the ops inside are verified.
                if let Some(last) = rb.block_last_op(b).filter(|&l| rb.op(l).name != term_id) {
                    let name = ctx.str(rb.op(last).name);
                    let loc = body.op(op).loc;
                    return Err(op_error(ctx, body, op, &format!("expects regions to end with '{term}', found '{name}'"))
                        .with_note(loc, format!("in custom textual format, the absence of terminator implies '{term}'")));
                }
            }
        }
    }
    Ok(())
}

/// MLIR's `BranchOpInterface` check: each successor gets as many operands as it has
/// arguments, of the same types.
fn verify_successor_operands(v: &OpView<'_>, f: super::SuccessorOperandsFn) -> Result<(), String> {
    let succ = v.body.successors(v.op);
    for (i, &b) in succ.iter().enumerate() {
        let Some(range) = f(v, i) else { continue };
        let args = v.body.block_args(b);
        let operands = v.operands().get(range).unwrap_or(&[]);
        if operands.len() != args.len() {
            return Err(format!("branch has {} operands for successor #{i}, but target block has {}", operands.len(), args.len()));
        }
        for (k, (&o, &a)) in operands.iter().zip(args).enumerate() {
            if v.ty(o) != v.ty(a) {
                return Err(format!("type mismatch for bb argument #{k} of successor #{i}"));
            }
        }
    }
    Ok(())
}

/// MLIR's weighted branch checks: as many weights as `what` (`successors`), not all zero.
fn verify_weights(v: &OpView<'_>, attr: &str, kind: &str, what: &str, n: usize) -> Result<(), String> {
    let Some(weights) = v.attr_dense_i64(attr) else { return Ok(()) };
    if weights.len() != n {
        return Err(format!("expects number of {kind} weights to match number of {what}: {} vs {n}", weights.len()));
    }
    if !weights.is_empty() && weights.iter().all(|w| *w == 0) {
        return Err(format!("{kind} weights cannot all be zero"));
    }
    Ok(())
}

fn type_str(ctx: &Context, t: Type) -> String {
    mica_ir::printer::type_string(ctx, t)
}

fn invariants(ctx: &Context, spec: &OpSpec, v: &OpView<'_>, parent: Option<(&Body, Op)>) -> Result<(), String> {
    // One pass over the attributes: a missing required one is reported before the first one
    // failing its constraint, wherever either is (MLIR checks presence first).
    let mut failed = None;
    for (i, a) in spec.attrs.iter().enumerate() {
        match v.attr_at(i) {
            None if matches!(a.presence, Presence::Required) => return Err(format!("requires attribute '{}'", a.name)),
            Some(x) if failed.is_none() && !a.is_valid_default(x) && !a.constraint.satisfied(ctx, x) => failed = Some(a),
            _ => {}
        }
    }
    if let Some(a) = failed {
        let summary = match &a.constraint.syntax {
            AttrSyntax::IntEnum(e) => e.int_summary(),
            _ => a.constraint.summary.to_string(),
        };
        return Err(format!("attribute '{}' failed to satisfy constraint: {summary}", a.name));
    }
    // The last constraint and type that passed: slots often share both (`lhs`, `rhs`, `result`).
    let mut passed: Option<(*const super::TypeConstraint, Type)> = None;
    let mut satisfies = |c: &'static super::TypeConstraint, t: Type| {
        let key = (c as *const super::TypeConstraint, t);
        if passed == Some(key) {
            return true;
        }
        let ok = (c.check)(ctx, t);
        if ok {
            passed = Some(key);
        }
        ok
    };
    for (s, (start, group)) in spec.operands.iter().zip(v.operand_groups()) {
        for (k, x) in group.iter().enumerate() {
            let t = v.ty(*x);
            if !satisfies(s.ty, t) {
                let n = start + k;
                return Err(format!("operand #{n} must be {}, but got '{}'", slot_summary(s.arity, s.ty.summary), type_str(ctx, t)));
            }
        }
    }
    for (s, (start, group)) in spec.results.iter().zip(v.result_groups()) {
        for (k, x) in group.iter().enumerate() {
            let t = v.ty(*x);
            if !satisfies(s.ty, t) {
                let n = start + k;
                return Err(format!("result #{n} must be {}, but got '{}'", slot_summary(s.arity, s.ty.summary), type_str(ctx, t)));
            }
        }
    }
    let (rb, regions) = v.body.op_regions(v.op);
    // The region constraints come after the predicate traits (`AllTypesMatch`...) of the
    // generated invariants and before the native traits, as in MLIR.
    let check_regions = || {
        for (i, r) in regions.iter().enumerate() {
            let Some(slot) = spec.regions.get(i).or(spec.regions.last()) else { break };
            if let Some(n) = slot.blocks {
                if rb.region_blocks(*r).len() != n {
                    return Err(format!("region #{i} ('{}') failed to verify constraint: region with {n} blocks", slot.name));
                }
            }
        }
        Ok(())
    };
    let mut regions_checked = false;
    if !spec.checks.is_empty() {
        let types = Types::new(v);
        for planned in spec.check_plan() {
            let c = &spec.checks[planned.index];
            if !regions_checked && !c.is_predicate() {
                regions_checked = true;
                check_regions()?;
            }
            if let Check::HasParent(names) = c {
                let found = parent.map(|(pb, pop)| ctx.str(pb.op(pop).name));
                if !found.is_some_and(|n| names.contains(&n)) {
                    return Err(match names {
                        [one] => format!("expects parent op '{one}'"),
                        _ => format!("expects parent op to be one of '{}'", names.join(", ")),
                    });
                }
                continue;
            }
            check(ctx, v, c, &planned.slots, &types)?;
        }
    }
    if !regions_checked {
        check_regions()?;
    }
    if spec.implicit_terminator.is_some() {
        for r in regions {
            if rb.region_blocks(*r).iter().any(|b| rb.block_last_op(*b).is_none()) {
                return Err("expects a non-empty block".to_string());
            }
        }
    }
    Ok(())
}

/// A slot's constraint summary as MLIR writes it in messages (`variadic of ...`).
pub(super) fn slot_summary(arity: Arity, summary: &str) -> String {
    match arity {
        Arity::Variadic => format!("variadic of {summary}"),
        _ => summary.to_string(),
    }
}

/// The type of a named operand, result or typed attribute.
fn named_type(ctx: &Context, v: &OpView<'_>, name: &str) -> Option<Type> {
    if let Some(x) = v.operand(name).or_else(|| v.result(name)) {
        return Some(v.ty(x));
    }
    v.attr(name).and_then(|a| super::constraints::attr_type(ctx, a))
}

/// [`named_type`] of `name`, which resolves to `slot`: read from the slot, by name only when
/// the slot holds nothing (an absent group, or a name that is no slot).
fn slot_type(ctx: &Context, v: &OpView<'_>, slot: Slot, name: &str) -> Option<Type> {
    let found = match slot {
        Slot::Operand(i) => v.operand_group(i).first().map(|x| v.ty(*x)),
        Slot::Result(i) => v.result_group(i).first().map(|x| v.ty(*x)),
        Slot::Attr(i) => return v.attr_at(i).and_then(|a| super::constraints::attr_type(ctx, a)),
        Slot::Missing => None,
    };
    found.or_else(|| named_type(ctx, v, name))
}

/// One check of an op, in the order the verifier runs them, with the slots its names refer to.
#[derive(Clone, Debug)]
pub(crate) struct PlannedCheck {
    /// The check's index in the spec's checks.
    index: usize,
    /// The slots of the names the check compares, in the check's order (`AllTypesMatch`'s
    /// names; `from` and `to` of `TypesMatchWith` and `TypesMatchWithRange`).
    slots: Vec<Slot>,
}

/// The checks of `spec` in MLIR's order (the predicate traits inside the generated
/// invariants, then the native traits), their names resolved to slots.
pub(crate) fn plan_checks(spec: &OpSpec) -> Vec<PlannedCheck> {
    let plan = |index: usize| {
        let names: &[&str] = match &spec.checks[index] {
            Check::AllTypesMatch(names) => names,
            Check::TypesMatchWith { from, to, .. } | Check::TypesMatchWithRange { from, to, .. } => &[from, to],
            _ => &[],
        };
        PlannedCheck { index, slots: names.iter().map(|n| Slot::resolve(spec, n)).collect() }
    };
    let predicates = (0..spec.checks.len()).filter(|&i| spec.checks[i].is_predicate());
    let native = (0..spec.checks.len()).filter(|&i| !spec.checks[i].is_predicate());
    predicates.chain(native).map(plan).collect()
}

/// MLIR's `verifyCompatibleShape` of two types: both scalars, or both shaped with
/// compatible dimensions (equal, or one dynamic, or one side unranked).
pub fn compatible_shape(ctx: &Context, a: Type, b: Type) -> bool {
    let (ka, kb) = (ctx.type_kind(a), ctx.type_kind(b));
    if !ka.is_shaped() || !kb.is_shaped() {
        return !ka.is_shaped() && !kb.is_shaped();
    }
    match (ka.shape(), kb.shape()) {
        (Some(x), Some(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| p == q || *p == DYNAMIC || *q == DYNAMIC),
        _ => true,
    }
}

/// MLIR's `verifyCompatibleShapes` of a list of types: none or all shaped, none or all
/// vectors with a scalable dimension, and every static size of a dimension the same in all
/// ranked ones. That is every pair [`compatible_shape`] and alike in scalability.
fn compatible_shapes<I: Iterator<Item = Type> + Clone>(ctx: &Context, types: I) -> bool {
    let mut rest = types;
    while let Some(a) = rest.next() {
        let scalable = is_scalable_vector(ctx, a);
        if rest.clone().any(|b| !compatible_shape(ctx, a, b) || is_scalable_vector(ctx, b) != scalable) {
            return false;
        }
    }
    true
}

/// The operands and results of an op under check, whose types the checks compare.
struct Types<'a> {
    body: &'a Body,
    operands: &'a [Value],
    results: &'a [Value],
    /// The one type of every operand and result, when they all have the same: found when a
    /// check first asks.
    same: std::cell::OnceCell<Option<Type>>,
}

impl<'a> Types<'a> {
    fn new(v: &OpView<'a>) -> Self {
        Self { body: v.body, operands: v.operands(), results: v.results(), same: std::cell::OnceCell::new() }
    }

    /// The one type of every operand and result, when they all have the same.
    fn same(&self) -> Option<Type> {
        *self.same.get_or_init(|| {
            let first = self.operands().chain(self.results()).next();
            first.filter(|&f| self.operands().chain(self.results()).all(|x| x == f))
        })
    }

    /// The operand types, in order.
    fn operands(&self) -> impl Iterator<Item = Type> + Clone + '_ {
        self.operands.iter().map(|x| self.body.value_type(*x))
    }

    /// The result types, in order.
    fn results(&self) -> impl Iterator<Item = Type> + Clone + '_ {
        self.results.iter().map(|x| self.body.value_type(*x))
    }

    /// The first operand type.
    fn first_operand(&self) -> Option<Type> {
        self.operands().next()
    }

    /// The first result type.
    fn first_result(&self) -> Option<Type> {
        self.results().next()
    }
}

fn check(ctx: &Context, v: &OpView<'_>, c: &Check, slots: &[Slot], types: &Types<'_>) -> Result<(), String> {
    // Operands and results of one type pass the checks of equal types, shapes and element
    // types; an elementwise op passes unless its one type is a vector or tensor that only
    // operands or only results have.
    let passes_as_one_type = match c {
        Check::SameOperandsAndResultType | Check::SameTypeOperands | Check::SameOperandsAndResultShape | Check::SameOperandsAndResultElementType => types.same().is_some(),
        Check::Elementwise => types.same().is_some_and(|t| !is_mappable(ctx, t) || (!types.operands.is_empty() && !types.results.is_empty())),
        _ => false,
    };
    if passes_as_one_type {
        return Ok(());
    }
    match c {
        Check::SameOperandsAndResultType => {
            let (Some(first), false) = (types.first_result(), types.operands.is_empty()) else { return Ok(()) };
            let elem = element_or_self(ctx, first);
            let encoding = |t: Type| match ctx.type_kind(t) {
                TypeKind::RankedTensor { encoding, .. } => *encoding,
                _ => None,
            };
            for t in types.results().skip(1).chain(types.operands()) {
                if element_or_self(ctx, t) != elem || !compatible_shape(ctx, t, first) || encoding(t) != encoding(first) {
                    return Err("requires the same type for all operands and results".into());
                }
            }
        }
        Check::SameTypeOperands => {
            if types.first_operand().is_some_and(|first| types.operands().any(|t| t != first)) {
                return Err("requires all operands to have the same type".into());
            }
        }
        Check::SameOperandsAndResultShape => {
            if types.first_operand().is_none() {
                return Ok(());
            }
            if !compatible_shapes(ctx, types.operands().chain(types.results())) {
                return Err("requires the same shape for all operands and results".into());
            }
        }
        Check::SameOperandsAndResultElementType => {
            let Some(first) = types.first_result().or(types.first_operand()) else { return Ok(()) };
            let elem = element_or_self(ctx, first);
            if types.results().chain(types.operands()).any(|t| element_or_self(ctx, t) != elem) {
                return Err("requires the same element type for all operands and results".into());
            }
        }
        Check::AllTypesMatch(names) => {
            let mut known = names.iter().zip(slots).filter_map(|(n, s)| slot_type(ctx, v, *s, n));
            if known.next().is_some_and(|first| known.any(|t| t != first)) {
                return Err(format!("failed to verify that all of {{{}}} have same type", names.join(", ")));
            }
        }
        Check::TypesMatchWith { summary, from, to, transform } => {
            if let (Some(f), Some(t)) = (slot_type(ctx, v, slots[0], from), slot_type(ctx, v, slots[1], to)) {
                if transform(ctx, f) != Some(t) {
                    return Err(format!("failed to verify that {summary}"));
                }
            }
        }
        Check::TypesMatchWithRange { summary, from, transform, .. } => {
            if let Some(f) = slot_type(ctx, v, slots[0], from) {
                let group = match slots[1] {
                    Slot::Operand(i) => v.operand_group(i),
                    _ => &[],
                };
                let matches = |want: &[Type]| want.len() == group.len() && want.iter().zip(group).all(|(w, x)| *w == v.ty(*x));
                if transform(ctx, f).is_some_and(|want| !matches(&want)) {
                    return Err(format!("failed to verify that {summary}"));
                }
            }
        }
        Check::Elementwise => {
            // The non-scalar operands, then results: how many, and whether all have the base
            // type of the first.
            let (mut operands, mut results, mut alike) = (0, 0, true);
            let mut first: Option<Type> = None;
            let base = |t: Type| std::mem::discriminant(ctx.type_kind(t));
            let mut see = |t: Type| match first {
                None => first = Some(t),
                Some(f) => alike &= base(t) == base(f),
            };
            for t in types.operands().filter(|t| is_mappable(ctx, *t)) {
                operands += 1;
                see(t);
            }
            for t in types.results().filter(|t| is_mappable(ctx, *t)) {
                results += 1;
                see(t);
            }
            if results == 0 && operands == 0 {
                return Ok(());
            }
            if operands == 0 {
                return Err("if a result is non-scalar, then at least one operand must be non-scalar".into());
            }
            if results == 0 {
                return Err("if an operand is non-scalar, then there must be at least one non-scalar result".into());
            }
            if results != types.results.len() {
                return Err("if an operand is non-scalar, then all results must be non-scalar".into());
            }
            let mappable = types.operands().chain(types.results()).filter(|t| is_mappable(ctx, *t));
            if !alike || !compatible_shapes(ctx, mappable) {
                return Err("all non-scalar operands/results must have the same shape and base type".into());
            }
        }
        Check::Pred { summary, check } => {
            if !check(ctx, v) {
                return Err(format!("failed to verify that {summary}"));
            }
        }
        Check::HasParent(_) => {}
    }
    Ok(())
}

/// Whether `t` is a vector with at least one scalable dimension.
fn is_scalable_vector(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Vector { scalable, .. } if scalable.contains(&true))
}

/// Whether `t` is a type MLIR's `Elementwise` maps over (a vector or a tensor).
fn is_mappable(ctx: &Context, t: Type) -> bool {
    matches!(ctx.type_kind(t), TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } | TypeKind::UnrankedTensor { .. })
}
