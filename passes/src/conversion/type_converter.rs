//! Type conversion for the conversion driver (MLIR's `TypeConverter`): callbacks that map a
//! type to its legal types, block signature conversions, and the materializations that bridge
//! a value of one type to another where converted and unconverted IR meet.
//!
//! Conversion callbacks are tried most recently added first; each may pass (`None`), fail, or
//! give the types (none to drop a value, several to split it). A type no callback handles
//! does not convert. Materializations build the IR that turns values of some types into a
//! value of another: source materializations turn converted values back into an original type
//! for users that were not converted, target materializations turn values into the converted
//! type a pattern asks for. [`TypeConverter::add_cast_materializations`] adds the usual ones,
//! `builtin.unrealized_conversion_cast`.

use super::rewriter::InsertPoint;
use mica_ir::{Attr, Block, Body, Context, OperationState, Type, Value};
use smallvec::SmallVec;

/// The types a type converts to (possibly none).
pub type Types = SmallVec<[Type; 1]>;

/// A conversion callback: `None` to pass, `Some(Err(()))` to fail, `Some(Ok(types))`.
pub type ConversionFn = Box<dyn Fn(&Context, Type) -> Option<Result<Types, ()>> + Send + Sync>;

/// A materialization: builds, at the insertion point, IR turning `inputs` into values of
/// `result_types` at `loc`; `None` when it cannot.
pub type MaterializationFn = Box<dyn Fn(&Context, &mut Body, InsertPoint, &[Type], &[Value], Attr) -> Option<Vec<Value>> + Send + Sync>;

/// How one original block argument maps to the converted signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputMapping {
    /// To `size` new arguments from position `start`.
    Args { start: usize, size: usize },
    /// To these values (the argument is dropped).
    Values(Vec<Value>),
}

/// A block (or function) signature conversion: where each original argument goes and the
/// types of the new arguments (MLIR's `SignatureConversion`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureConversion {
    inputs: Vec<Option<InputMapping>>,
    types: Vec<Type>,
}

impl SignatureConversion {
    /// A conversion of `n` original arguments, none mapped yet (unmapped ones are dropped).
    pub fn new(n: usize) -> Self {
        Self { inputs: vec![None; n], types: Vec::new() }
    }

    /// Maps original argument `orig` to new arguments of `types`, appended to the signature.
    pub fn add_inputs(&mut self, orig: usize, types: &[Type]) {
        self.inputs[orig] = Some(InputMapping::Args { start: self.types.len(), size: types.len() });
        self.types.extend_from_slice(types);
    }

    /// Appends new arguments that no original argument maps to.
    pub fn add_new_inputs(&mut self, types: &[Type]) {
        self.types.extend_from_slice(types);
    }

    /// Replaces original argument `orig` by `values` (it is dropped from the signature).
    pub fn remap_input(&mut self, orig: usize, values: &[Value]) {
        self.inputs[orig] = Some(InputMapping::Values(values.to_vec()));
    }

    /// The types of the converted signature.
    pub fn converted_types(&self) -> &[Type] {
        &self.types
    }

    /// Where original argument `i` went.
    pub fn input_mapping(&self, i: usize) -> Option<&InputMapping> {
        self.inputs.get(i).and_then(Option::as_ref)
    }

    /// The number of original arguments.
    pub fn num_original(&self) -> usize {
        self.inputs.len()
    }
}

/// Type conversion callbacks and materializations.
#[derive(Default)]
pub struct TypeConverter {
    conversions: Vec<ConversionFn>,
    source_materializations: Vec<MaterializationFn>,
    target_materializations: Vec<MaterializationFn>,
}

/// Creates `builtin.unrealized_conversion_cast` from `inputs` to `types` at `ip`.
pub fn build_cast(ctx: &Context, body: &mut Body, ip: InsertPoint, types: &[Type], inputs: &[Value], loc: Attr) -> Vec<Value> {
    let mut st = OperationState::new(ctx.ident("builtin.unrealized_conversion_cast"), ctx.empty_dict(), loc);
    st.operands.extend_from_slice(inputs);
    st.result_types.extend_from_slice(types);
    let op = body.create_op(st);
    ip.insert(body, op);
    body.results(op).to_vec()
}

impl TypeConverter {
    /// A converter that converts nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a conversion callback, tried before the ones added earlier.
    pub fn add_conversion(&mut self, f: impl Fn(&Context, Type) -> Option<Result<Types, ()>> + Send + Sync + 'static) {
        self.conversions.push(Box::new(f));
    }

    /// Adds a conversion that keeps every type as it is (tried last when added first).
    pub fn add_identity_conversion(&mut self) {
        self.add_conversion(|_, t| Some(Ok(smallvec::smallvec![t])));
    }

    /// Adds a source materialization, tried before the ones added earlier.
    pub fn add_source_materialization(&mut self, f: MaterializationFn) {
        self.source_materializations.push(f);
    }

    /// Adds a target materialization, tried before the ones added earlier.
    pub fn add_target_materialization(&mut self, f: MaterializationFn) {
        self.target_materializations.push(f);
    }

    /// Adds source and target materializations that build `builtin.unrealized_conversion_cast`.
    pub fn add_cast_materializations(&mut self) {
        self.add_source_materialization(Box::new(|ctx, body, ip, types, inputs, loc| Some(build_cast(ctx, body, ip, types, inputs, loc))));
        self.add_target_materialization(Box::new(|ctx, body, ip, types, inputs, loc| Some(build_cast(ctx, body, ip, types, inputs, loc))));
    }

    /// The types `t` converts to, if it converts.
    pub fn convert_type(&self, ctx: &Context, t: Type) -> Option<Types> {
        for f in self.conversions.iter().rev() {
            if let Some(r) = f(ctx, t) {
                return r.ok();
            }
        }
        None
    }

    /// The single type `t` converts to, if it converts to exactly one.
    pub fn convert_type_one(&self, ctx: &Context, t: Type) -> Option<Type> {
        self.convert_type(ctx, t).filter(|v| v.len() == 1).map(|v| v[0])
    }

    /// The types `types` convert to, concatenated, if all convert.
    pub fn convert_types(&self, ctx: &Context, types: &[Type]) -> Option<Vec<Type>> {
        let mut out = Vec::with_capacity(types.len());
        for &t in types {
            out.extend(self.convert_type(ctx, t)?);
        }
        Some(out)
    }

    /// Whether `t` converts to itself.
    pub fn is_legal_type(&self, ctx: &Context, t: Type) -> bool {
        self.convert_type_one(ctx, t) == Some(t)
    }

    /// Whether every operand and result type of `op` is legal.
    pub fn is_legal_op(&self, ctx: &Context, body: &Body, op: mica_ir::Op) -> bool {
        body.operands(op).all(|v| self.is_legal_type(ctx, body.value_type(v))) && body.results(op).iter().all(|v| self.is_legal_type(ctx, body.value_type(*v)))
    }

    /// Whether a function type's inputs and results are all legal.
    pub fn is_signature_legal(&self, ctx: &Context, fn_type: Type) -> bool {
        ctx.function_signature(fn_type).is_some_and(|(i, r)| i.iter().chain(r).all(|t| self.is_legal_type(ctx, *t)))
    }

    /// Adds the conversion of `types` (original arguments from `offset`) to `conv`; `false`
    /// when one does not convert.
    pub fn convert_signature_args(&self, ctx: &Context, types: &[Type], conv: &mut SignatureConversion, offset: usize) -> bool {
        for (i, &t) in types.iter().enumerate() {
            let Some(converted) = self.convert_type(ctx, t) else { return false };
            if !converted.is_empty() {
                conv.add_inputs(offset + i, &converted);
            }
        }
        true
    }

    /// The conversion of `block`'s argument types, if they all convert.
    pub fn convert_block_signature(&self, ctx: &Context, body: &Body, block: Block) -> Option<SignatureConversion> {
        let types: Vec<Type> = body.block_args(block).iter().map(|a| body.value_type(*a)).collect();
        let mut conv = SignatureConversion::new(types.len());
        self.convert_signature_args(ctx, &types, &mut conv, 0).then_some(conv)
    }

    /// Runs the source materializations (most recent first) until one builds a value.
    pub fn materialize_source(&self, ctx: &Context, body: &mut Body, ip: InsertPoint, ty: Type, inputs: &[Value], loc: Attr) -> Option<Value> {
        self.source_materializations.iter().rev().find_map(|f| f(ctx, body, ip, &[ty], inputs, loc)).and_then(|v| v.first().copied())
    }

    /// Runs the target materializations (most recent first) until one builds the values.
    pub fn materialize_target(&self, ctx: &Context, body: &mut Body, ip: InsertPoint, types: &[Type], inputs: &[Value], loc: Attr) -> Option<Vec<Value>> {
        self.target_materializations.iter().rev().find_map(|f| f(ctx, body, ip, types, inputs, loc))
    }
}
