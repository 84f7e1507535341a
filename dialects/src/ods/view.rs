//! A view of one operation through its spec: operand and result groups by slot (sizes from the
//! segment-size properties or the variadic rules), inherent attributes by name.

use super::{Arity, OpSpec, ValueSpec};
use mica_ir::{Attr, AttrKind, Body, Context, Op, OpAttrs, Type, Value};
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
    results: &'a [Value],
    /// The op's properties and discardable attributes.
    attrs: OpAttrs<'a>,
    /// How the operands fill the operand slots.
    operand_layout: Layout<'a>,
    /// How the results fill the result slots.
    result_layout: Layout<'a>,
}

/// How an op's values fill its slots (of operands or of results).
#[derive(Clone, Copy)]
enum Layout<'a> {
    /// Slot `i` holds value `i`.
    OneEach,
    /// A single slot holds one value, any other slot this many (no segment sizes).
    Shared(usize),
    /// The slots' sizes from a segment-size attribute (checked against the values).
    Segments(&'a [u128]),
}

impl<'a> OpView<'a> {
    /// The view of `op`; `Err` says why its operands or results do not fit the slots (MLIR's
    /// segment-size messages).
    #[inline(always)]
    pub fn new(ctx: &'a Context, spec: &'a OpSpec, body: &'a Body, op: Op) -> Result<Self, String> {
        let (operands, results) = (body.operand_values(op), body.results(op));
        let attrs = ctx.op_attrs(body, op);
        let seg = |name: &str| ctx.op_attr(body, op, name);
        let operand_layout = match spec.operand_segments {
            true => Layout::Segments(segment_sizes(ctx, &spec.operands, operands.len(), seg("operandSegmentSizes"), "operand")?),
            false => layout(&spec.operands, spec.single_slots.0, operands.len()),
        };
        let result_layout = match spec.result_segments {
            true => Layout::Segments(segment_sizes(ctx, &spec.results, results.len(), seg("resultSegmentSizes"), "result")?),
            false => layout(&spec.results, spec.single_slots.1, results.len()),
        };
        Ok(Self { ctx, spec, body, op, parent: None, operands, results, attrs, operand_layout, result_layout })
    }

    /// The values of operand slot `i`.
    #[inline]
    pub fn operand_group(&self, i: usize) -> &'a [Value] {
        match self.operand_layout {
            Layout::OneEach => std::slice::from_ref(&self.operands[i]),
            layout => &self.operands[slot_range(&self.spec.operands, layout, self.operands.len(), i)],
        }
    }

    /// The values of result slot `i`.
    #[inline]
    pub fn result_group(&self, i: usize) -> &'a [Value] {
        match self.result_layout {
            Layout::OneEach => std::slice::from_ref(&self.results[i]),
            layout => &self.results[slot_range(&self.spec.results, layout, self.results.len(), i)],
        }
    }

    /// Each operand slot's first index among all operands and its values, in slot order.
    pub fn operand_groups(&self) -> impl Iterator<Item = (usize, &'a [Value])> + 'a {
        groups(&self.spec.operands, self.operand_layout, self.operands)
    }

    /// Each result slot's first index among all results and its values, in slot order.
    pub fn result_groups(&self) -> impl Iterator<Item = (usize, &'a [Value])> + 'a {
        groups(&self.spec.results, self.result_layout, self.results)
    }

    /// The index of the first operand of slot `i` among all operands.
    #[inline]
    pub fn operand_start(&self, i: usize) -> usize {
        slot_range(&self.spec.operands, self.operand_layout, self.operands.len(), i).start
    }

    /// The index of the first result of slot `i` among all results.
    #[inline]
    pub fn result_start(&self, i: usize) -> usize {
        slot_range(&self.spec.results, self.result_layout, self.results.len(), i).start
    }

    /// All operands.
    pub fn operands(&self) -> &'a [Value] {
        self.operands
    }

    /// All results.
    pub fn results(&self) -> &'a [Value] {
        self.results
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
        match self.spec.attr_index(name) {
            Some(i) => self.attr_at(i),
            None => self.ctx.op_attr(self.body, self.op, name),
        }
    }

    /// The inherent attribute in slot `i`.
    pub fn attr_at(&self, i: usize) -> Option<Attr> {
        self.attrs.get(self.spec.attrs[i].ident(self.ctx))
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

/// The index range of slot `i` of `slots` among `n` values laid out as `layout` says (slot
/// `i` alone past the slots).
#[inline]
fn slot_range(slots: &[ValueSpec], layout: Layout<'_>, n: usize, i: usize) -> Range<usize> {
    if i >= slots.len() {
        return i..i + 1;
    }
    let start: usize = match layout {
        Layout::OneEach => return i..i + 1,
        // Each single slot before `i` holds one value, each other slot `share`.
        Layout::Shared(share) => usize::from(slots[i].before.0) + usize::from(slots[i].before.1) * share,
        Layout::Segments(_) => (0..i).map(|k| slot_size(slots, layout, k)).sum(),
    };
    start.min(n)..(start + slot_size(slots, layout, i)).min(n)
}

/// How many values slot `k` of `slots` holds when they are laid out as `layout` says.
#[inline]
fn slot_size(slots: &[ValueSpec], layout: Layout<'_>, k: usize) -> usize {
    match layout {
        Layout::OneEach => 1,
        Layout::Shared(_) if slots[k].arity == Arity::Single => 1,
        Layout::Shared(share) => share,
        Layout::Segments(sizes) => sizes[k] as i32 as usize,
    }
}

/// Each of `slots` with its first index among `values` and its values, in one pass (what
/// [`slot_range`] gives each slot).
fn groups<'a>(slots: &'a [ValueSpec], layout: Layout<'a>, values: &'a [Value]) -> impl Iterator<Item = (usize, &'a [Value])> + 'a {
    let n = values.len();
    let mut start = 0;
    (0..slots.len()).map(move |k| {
        let size = slot_size(slots, layout, k);
        let range = start.min(n)..(start + size).min(n);
        start += size;
        (range.start, &values[range])
    })
}

/// How `n` values fill `slots`, `singles` of them single, that no segment-size attribute
/// sizes.
#[inline]
fn layout(slots: &[ValueSpec], singles: usize, n: usize) -> Layout<'static> {
    let variadics = slots.len() - singles;
    if variadics == 0 && n == slots.len() {
        return Layout::OneEach;
    }
    // Several variadic slots without segment sizes share the rest equally (MLIR's
    // `SameVariadicOperandSize`; ODS allows no other layout without segments).
    let rest = n.saturating_sub(singles);
    Layout::Shared(if variadics == 0 { 0 } else { rest / variadics })
}

/// The elements of a segment-size attribute, once checked against `slots` and the `n` values
/// they share (MLIR's segment-size messages).
fn segment_sizes<'a>(ctx: &'a Context, slots: &[ValueSpec], n: usize, seg: Option<Attr>, what: &str) -> Result<&'a [u128], String> {
    let attr_name = if what == "operand" { "operandSegmentSizes" } else { "resultSegmentSizes" };
    // A missing property is MLIR's default: every group empty.
    let Some(seg) = seg else {
        const EMPTY: [u128; 16] = [0; 16];
        return match EMPTY.get(..slots.len()) {
            Some(zeros) if n == 0 => Ok(zeros),
            Some(_) => Err(format!("{what} count ({n}) does not match with the total size (0) specified in attribute '{attr_name}'")),
            None => Err(format!("requires attribute '{attr_name}'")),
        };
    };
    let AttrKind::DenseArray { values, .. } = ctx.attr_kind(seg) else {
        return Err(format!("'{attr_name}' attribute must be a dense i32 array"));
    };
    if values.len() != slots.len() {
        return Err(format!("'{attr_name}' attribute for specifying {what} segments must have {} elements, but got {}", slots.len(), values.len()));
    }
    let sizes = || values.iter().map(|v| *v as i32 as i64);
    if sizes().any(|v| v < 0) {
        return Err(format!("'{attr_name}' attribute cannot have negative elements"));
    }
    let total: i64 = sizes().sum();
    if total as usize != n {
        return Err(format!("{what} count ({n}) does not match with the total size ({total}) specified in attribute '{attr_name}'"));
    }
    Ok(values)
}
