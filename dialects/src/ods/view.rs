//! A view of one operation through its spec: operand and result groups by slot (sizes from the
//! segment-size properties or the variadic rules), inherent attributes by name.

use super::{Arity, OpSpec, ValueSpec};
use mica_ir::{Attr, AttrKind, Body, Context, Op, Type, Value};
use smallvec::SmallVec;
use std::ops::Range;

/// One op seen through its spec.
pub struct OpView<'a> {
    /// The context.
    pub ctx: &'a Context,
    /// The spec.
    pub spec: &'a OpSpec,
    /// The body holding the op.
    pub body: &'a Body,
    /// The op.
    pub op: Op,
    /// The op holding the region this op is in, with its body, when known (set while
    /// verifying).
    pub parent: Option<(&'a Body, Op)>,
    operands: &'a [Value],
    /// Per operand slot, its index range among the operands; empty when every slot holds
    /// exactly one value (slot `i` is operand `i`).
    operand_ranges: SmallVec<[(u32, u32); 4]>,
    /// The same for results.
    result_ranges: SmallVec<[(u32, u32); 4]>,
}

impl<'a> OpView<'a> {
    /// The view of `op`; `Err` says why its operands or results do not fit the slots (MLIR's
    /// segment-size messages).
    pub fn new(ctx: &'a Context, spec: &'a OpSpec, body: &'a Body, op: Op) -> Result<Self, String> {
        let operands = body.operand_values(op);
        let seg = |name: &str| ctx.op_attr(body, op, name);
        let operand_ranges = if !spec.operand_segments && one_each(&spec.operands, operands.len()) {
            SmallVec::new()
        } else {
            group_ranges(ctx, &spec.operands, operands.len(), spec.operand_segments.then(|| seg("operandSegmentSizes")), "operand")?
        };
        let n_results = body.results(op).len();
        let result_ranges = if !spec.result_segments && one_each(&spec.results, n_results) {
            SmallVec::new()
        } else {
            group_ranges(ctx, &spec.results, n_results, spec.result_segments.then(|| seg("resultSegmentSizes")), "result")?
        };
        Ok(Self { ctx, spec, body, op, parent: None, operands, operand_ranges, result_ranges })
    }

    /// The values of operand slot `i`.
    pub fn operand_group(&self, i: usize) -> &[Value] {
        &self.operands[slot_range(&self.operand_ranges, i)]
    }

    /// The values of result slot `i`.
    pub fn result_group(&self, i: usize) -> &[Value] {
        &self.body.results(self.op)[slot_range(&self.result_ranges, i)]
    }

    /// The index of the first operand of slot `i` among all operands.
    pub fn operand_start(&self, i: usize) -> usize {
        slot_range(&self.operand_ranges, i).start
    }

    /// The index of the first result of slot `i` among all results.
    pub fn result_start(&self, i: usize) -> usize {
        slot_range(&self.result_ranges, i).start
    }

    /// All operands.
    pub fn operands(&self) -> &'a [Value] {
        self.operands
    }

    /// The operand (single) named `name`.
    pub fn operand(&self, name: &str) -> Option<Value> {
        self.operand_group(self.spec.operand_index(name)?).first().copied()
    }

    /// The operand group named `name`.
    pub fn operands_named(&self, name: &str) -> &[Value] {
        self.spec.operand_index(name).map_or(&[], |i| self.operand_group(i))
    }

    /// The result (single) named `name`.
    pub fn result(&self, name: &str) -> Option<Value> {
        self.result_group(self.spec.result_index(name)?).first().copied()
    }

    /// The type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.body.value_type(v)
    }

    /// The inherent attribute `name` (a property, or a discardable attribute of that name).
    pub fn attr(&self, name: &str) -> Option<Attr> {
        self.ctx.op_attr(self.body, self.op, name)
    }

    /// The inherent attribute in slot `i`.
    pub fn attr_at(&self, i: usize) -> Option<Attr> {
        self.ctx.op_attr_id(self.body, self.op, self.spec.attrs[i].ident(self.ctx))
    }

    /// The integer value of attribute `name`.
    pub fn attr_i64(&self, name: &str) -> Option<i64> {
        self.attr(name).and_then(|a| self.ctx.as_i64(a))
    }

    /// The elements of a dense array attribute `name` (as i64).
    pub fn attr_dense_i64(&self, name: &str) -> Option<Vec<i64>> {
        match self.ctx.attr_kind(self.attr(name)?) {
            AttrKind::DenseArray { values, .. } => Some(values.iter().map(|v| *v as i64).collect()),
            _ => None,
        }
    }
}

/// The index range of slot `i` given the ranges `group_ranges` made.
fn slot_range(ranges: &[(u32, u32)], i: usize) -> Range<usize> {
    match ranges.get(i) {
        Some(&(start, end)) => start as usize..end as usize,
        None => i..i + 1,
    }
}

/// Whether `n` values fill `slots` one each (every slot holds exactly one value).
fn one_each(slots: &[ValueSpec], n: usize) -> bool {
    n == slots.len() && slots.iter().all(|s| s.arity == Arity::Single)
}

/// The index ranges of each slot among `n` values.
#[cold]
fn group_ranges(
    ctx: &Context,
    slots: &[ValueSpec],
    n: usize,
    segments: Option<Option<Attr>>,
    what: &str,
) -> Result<SmallVec<[(u32, u32); 4]>, String> {
    let attr_name = if what == "operand" { "operandSegmentSizes" } else { "resultSegmentSizes" };
    let mut sizes: SmallVec<[usize; 4]> = SmallVec::new();
    match segments {
        Some(seg) => {
            let Some(seg) = seg else {
                return Err(format!("requires attribute '{attr_name}'"));
            };
            let values: Vec<i64> = match ctx.attr_kind(seg) {
                AttrKind::DenseArray { values, .. } => values.iter().map(|v| *v as i32 as i64).collect(),
                _ => return Err(format!("'{attr_name}' attribute must be a dense i32 array")),
            };
            if values.len() != slots.len() {
                return Err(format!("'{attr_name}' attribute for specifying {what} segments must have {} elements, but got {}", slots.len(), values.len()));
            }
            if values.iter().any(|v| *v < 0) {
                return Err(format!("'{attr_name}' attribute cannot have negative elements"));
            }
            let total: i64 = values.iter().sum();
            if total as usize != n {
                return Err(format!("{what} count ({n}) does not match with the total size ({total}) specified in attribute '{attr_name}'"));
            }
            sizes.extend(values.iter().map(|v| *v as usize));
        }
        None => {
            let singles = slots.iter().filter(|s| s.arity == Arity::Single).count();
            let variadics = slots.len() - singles;
            let rest = n.saturating_sub(singles);
            // Several variadic slots without segment sizes share the rest equally (MLIR's
            // `SameVariadicOperandSize`; ODS allows no other layout without segments).
            let share = if variadics == 0 { 0 } else { rest / variadics };
            sizes.extend(slots.iter().map(|s| if s.arity == Arity::Single { 1 } else { share }));
        }
    }
    let mut out = SmallVec::new();
    let mut at = 0;
    for s in sizes {
        let end = (at + s).min(n);
        out.push((at.min(n) as u32, end as u32));
        at += s;
    }
    Ok(out)
}
