//! What linalg's structured ops share: the `ins(...) outs(...)` syntax with its properties
//! and attribute dictionary, the split of parsed attributes into properties and discardable
//! ones, and the builder of the scalar regions MLIR creates for named ops (block arguments of
//! the operands' element types, `arith`/`math` payload ops, `linalg.yield`).

use crate::arith::{FASTMATH_FLAGS, OVERFLOW_FLAGS};
use crate::ods::OpSpec;
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Attr, AttrKind, Block, Body, Context, FloatKind, Ident, OperationState, Printer, Type, TypeKind, Value};

/// `t`'s element type when it is a ranked tensor or memref, else `t` (MLIR's block argument
/// type for an operand of a structured op).
pub fn block_arg_type(ctx: &Context, t: Type) -> Type {
    match ctx.type_kind(t) {
        TypeKind::RankedTensor { elem, .. } | TypeKind::MemRef { elem, .. } => *elem,
        _ => t,
    }
}

/// The rank of a ranked shaped type, 0 for anything else.
pub fn rank(ctx: &Context, t: Type) -> usize {
    ctx.type_kind(t).shape().map_or(0, |s| s.len())
}

/// The parts every structured op's custom form starts with.
pub struct CommonParts {
    /// The input types, in order.
    pub input_types: Vec<Type>,
    /// The output (init) types, in order.
    pub output_types: Vec<Type>,
    /// Entries of the attribute dictionary and of `<{...}>`.
    pub attrs: Vec<(Ident, Attr)>,
    /// Where the attribute dictionary is (or would be), and how many of `attrs` (the last
    /// ones) it holds.
    pub dict: (usize, usize),
}

/// Parses `<{props}>? {attrs}? (ins(%a, ... : T, ...))? (outs(%b, ... : T, ...))?`, resolving the
/// operands into `state` (inputs then outputs).
pub fn parse_common(p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<CommonParts, ()> {
    let mut attrs = Vec::new();
    if p.parse_optional_punct("<") {
        let at = p.offset();
        let Some(entries) = p.parse_optional_attr_dict()? else {
            p.error_at(at, "expected '{' in attribute dictionary");
            return Err(());
        };
        p.parse_punct(">")?;
        attrs.extend(entries);
    }
    let dict_at = p.offset();
    let mut dict_len = 0;
    if let Some(entries) = p.parse_optional_attr_dict()? {
        dict_len = entries.len();
        attrs.extend(entries);
    }
    let (ins, input_types) = parse_operand_group(p, "ins")?;
    let (outs, output_types) = parse_operand_group(p, "outs")?;
    resolve_all(p, state, &ins, &input_types)?;
    resolve_all(p, state, &outs, &output_types)?;
    Ok(CommonParts { input_types, output_types, attrs, dict: (dict_at, dict_len) })
}

/// `keyword ( %a, %b : T1, T2 )` if the keyword is there.
pub fn parse_operand_group(p: &mut dyn AsmParser<'_>, keyword: &str) -> Result<(Vec<(UnresolvedOperand, usize)>, Vec<Type>), ()> {
    let mut operands = Vec::new();
    let mut types = Vec::new();
    if !p.parse_optional_keyword(keyword) {
        return Ok((operands, types));
    }
    p.parse_punct("(")?;
    let at = p.offset();
    if p.peek_ssa_name() {
        loop {
            operands.push((p.parse_operand()?, at));
            if !p.parse_optional_punct(",") {
                break;
            }
        }
    }
    p.parse_punct(":")?;
    types.push(p.parse_type()?);
    while p.parse_optional_punct(",") {
        types.push(p.parse_type()?);
    }
    p.parse_punct(")")?;
    Ok((operands, types))
}

/// Resolves `operands` to `types` into `state`, with MLIR's count mismatch message.
pub fn resolve_all(p: &mut dyn AsmParser<'_>, state: &mut OperationState, operands: &[(UnresolvedOperand, usize)], types: &[Type]) -> Result<(), ()> {
    if operands.len() != types.len() {
        let at = operands.first().map_or(p.offset(), |o| o.1);
        p.error_at(
            at,
            &format!("number of operands and types do not match: got {} operands and {} types", operands.len(), types.len()),
        );
        return Err(());
    }
    for ((o, _), t) in operands.iter().zip(types) {
        let v = p.resolve_operand(o, *t)?;
        state.operands.push(v);
    }
    Ok(())
}

/// `-> T1, T2` (or `-> (T1, T2)`) if there.
pub fn parse_optional_arrow_types(p: &mut dyn AsmParser<'_>) -> Result<Vec<Type>, ()> {
    if !p.parse_optional_punct("->") {
        return Ok(Vec::new());
    }
    crate::asm_util::parse_paren_or_comma_types(p)
}

/// Puts `attrs` into `state`: the spec's inherent attributes (and `operandSegmentSizes` when
/// `segments` gives the input and output counts) become properties, the rest stay discardable.
pub fn store_attrs(ctx: &Context, spec: &OpSpec, state: &mut OperationState, attrs: Vec<(Ident, Attr)>, segments: Option<(usize, usize)>) {
    let (mut props, rest): (Vec<_>, Vec<_>) = attrs.into_iter().partition(|(k, _)| {
        let k = ctx.str(*k);
        spec.attrs.iter().any(|a| a.name == k) || (segments.is_some() && k == "operandSegmentSizes")
    });
    if let Some((ins, outs)) = segments {
        props.retain(|(k, _)| ctx.str(*k) != "operandSegmentSizes");
        props.push((ctx.ident("operandSegmentSizes"), segment_sizes(ctx, ins, outs)));
    }
    if !props.is_empty() {
        state.properties = Some(ctx.dict_attr(props));
    }
    state.attrs = ctx.dict_attr(rest);
}

/// `array<i32: ins, outs>`
pub fn segment_sizes(ctx: &Context, ins: usize, outs: usize) -> Attr {
    ctx.dense_int_array(32, [ins as i64, outs as i64])
}

/// Writes ` ins(%a, %b : T1, T2) outs(%c : T3)`, each part only when not empty.
pub fn print_ins_outs(p: &mut Printer<'_>, body: &Body, ins: &[Value], outs: &[Value]) {
    for (kw, vals) in [("ins", ins), ("outs", outs)] {
        if vals.is_empty() {
            continue;
        }
        p.write(" ");
        p.write(kw);
        p.write("(");
        for (i, v) in vals.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(body, *v);
        }
        p.write(" : ");
        let types: Vec<Type> = vals.iter().map(|v| body.value_type(*v)).collect();
        p.type_list(&types);
        p.write(")");
    }
}

/// Writes ` -> T1, T2` when there are result types.
pub fn print_arrow_types(p: &mut Printer<'_>, types: &[Type]) {
    if types.is_empty() {
        return;
    }
    p.write(" -> ");
    p.print_result_types(types);
}

/// The i64 values of a dense elements attribute of integers (splats expanded to `n`).
pub fn dense_i64s(ctx: &Context, a: Attr, n: usize) -> Option<Vec<i64>> {
    let AttrKind::DenseElements { ty, splat, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.type_kind(*ty).element_type()?;
    let width = match ctx.type_kind(elem) {
        TypeKind::Integer { width, .. } => *width as usize,
        TypeKind::Index => 64,
        _ => return None,
    };
    let bytes = width.div_ceil(8);
    let read = |chunk: &[u8]| {
        let mut buf = [0u8; 8];
        let k = chunk.len().min(8);
        buf[..k].copy_from_slice(&chunk[..k]);
        let v = i64::from_le_bytes(buf);
        if width >= 64 { v } else { (v << (64 - width)) >> (64 - width) }
    };
    if *splat {
        let v = read(data.get(..bytes)?);
        return Some(vec![v; n]);
    }
    Some(data.chunks(bytes).map(read).collect())
}

// ------------------------------------------------------------------------------ region builder

/// Builds the scalar body of a structured op in one block, op by op, as MLIR's region builders
/// do: every op and block argument at the unknown location unless told otherwise.
pub struct RegionBuilder<'a> {
    ctx: &'a Context,
    body: &'a mut Body,
    block: Block,
    loc: Attr,
}

impl<'a> RegionBuilder<'a> {
    /// A builder appending to a new block of `region`, with one argument per type.
    pub fn new(ctx: &'a Context, body: &'a mut Body, region: mica_ir::Region, arg_types: &[Type]) -> Self {
        let block = body.append_block(region);
        let unknown = ctx.unknown_loc();
        for t in arg_types {
            body.add_block_arg(block, *t, Some(unknown));
        }
        Self { ctx, body, block, loc: unknown }
    }

    /// Gives the ops built from now on location `loc`.
    pub fn at(mut self, loc: Attr) -> Self {
        self.loc = loc;
        self
    }

    /// The context.
    pub fn ctx(&self) -> &'a Context {
        self.ctx
    }

    /// Block argument `i`.
    pub fn arg(&self, i: usize) -> Value {
        self.body.block_args(self.block)[i]
    }

    /// The number of block arguments.
    pub fn num_args(&self) -> usize {
        self.body.block_args(self.block).len()
    }

    /// The type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.body.value_type(v)
    }

    /// Appends op `name` with `operands`, result types and properties.
    pub fn op(&mut self, name: &str, operands: &[Value], results: &[Type], props: Vec<(Ident, Attr)>, attrs: Vec<(Ident, Attr)>) -> Option<Value> {
        let ctx = self.ctx;
        let mut st = OperationState::new(ctx.ident(name), ctx.dict_attr(attrs), self.loc);
        st.operands.extend(operands.iter().copied());
        st.result_types.extend(results.iter().copied());
        if !props.is_empty() {
            st.properties = Some(ctx.dict_attr(props));
        }
        let op = self.body.create_op(st);
        self.body.append_op(self.block, op);
        self.body.results(op).first().copied()
    }

    fn fastmath(&self) -> Vec<(Ident, Attr)> {
        vec![(self.ctx.ident("fastmath"), FASTMATH_FLAGS.attr(self.ctx, 0))]
    }

    fn overflow(&self) -> Vec<(Ident, Attr)> {
        vec![(self.ctx.ident("overflowFlags"), OVERFLOW_FLAGS.attr(self.ctx, 0))]
    }

    /// A float op with the default `fastmath` property.
    fn float_op(&mut self, name: &str, operands: &[Value]) -> Value {
        let t = self.ty(operands[0]);
        let props = self.fastmath();
        self.op(name, operands, &[t], props, vec![]).expect("one result")
    }

    /// An integer op with the default `overflowFlags` property.
    fn int_op_overflow(&mut self, name: &str, operands: &[Value]) -> Value {
        let t = self.ty(operands[0]);
        let props = self.overflow();
        self.op(name, operands, &[t], props, vec![]).expect("one result")
    }

    /// An op without properties whose result has its first operand's type.
    fn plain_op(&mut self, name: &str, operands: &[Value]) -> Value {
        let t = self.ty(operands[0]);
        self.op(name, operands, &[t], vec![], vec![]).expect("one result")
    }

    /// `arith.constant value` of type `ty`.
    pub fn constant(&mut self, ty: Type, value: Attr) -> Value {
        let props = vec![(self.ctx.ident("value"), value)];
        self.op("arith.constant", &[], &[ty], props, vec![]).expect("one result")
    }

    /// `linalg.index dim`
    pub fn index(&mut self, dim: i64) -> Value {
        let ctx = self.ctx;
        let props = vec![(ctx.ident("dim"), ctx.int_attr(ctx.int_type(64), dim))];
        self.op("linalg.index", &[], &[ctx.index_type()], props, vec![]).expect("one result")
    }

    /// `linalg.yield values`
    pub fn yield_values(&mut self, values: &[Value]) {
        self.op("linalg.yield", values, &[], vec![], vec![]);
    }

    fn is_float(&self, v: Value) -> bool {
        matches!(self.ctx.type_kind(self.ty(v)), TypeKind::Float(_))
    }

    fn is_int(&self, v: Value) -> bool {
        matches!(self.ctx.type_kind(self.ty(v)), TypeKind::Integer { .. })
    }

    fn is_complex(&self, v: Value) -> bool {
        matches!(self.ctx.type_kind(self.ty(v)), TypeKind::Complex(_))
    }

    /// OpDSL's unary functions.
    pub fn unary(&mut self, f: UnaryFn, x: Value) -> Result<Value, String> {
        if !self.is_float(x) {
            return Err("unsupported non numeric type".into());
        }
        Ok(match f {
            UnaryFn::Exp => self.float_op("math.exp", &[x]),
            UnaryFn::Log => self.float_op("math.log", &[x]),
            UnaryFn::Abs => self.float_op("math.absf", &[x]),
            UnaryFn::Ceil => self.float_op("math.ceil", &[x]),
            UnaryFn::Floor => self.float_op("math.floor", &[x]),
            UnaryFn::Negf => self.float_op("arith.negf", &[x]),
            UnaryFn::Reciprocal => {
                let t = self.ty(x);
                let one = float_one(self.ctx, t).ok_or("unsupported non numeric type")?;
                let c = self.op("arith.constant", &[], &[t], vec![(self.ctx.ident("value"), one)], vec![]).expect("one result");
                self.float_op("arith.divf", &[c, x])
            }
            UnaryFn::Round => self.float_op("math.round", &[x]),
            UnaryFn::Sqrt => self.float_op("math.sqrt", &[x]),
            UnaryFn::Rsqrt => self.float_op("math.rsqrt", &[x]),
            UnaryFn::Square => self.float_op("arith.mulf", &[x, x]),
            UnaryFn::Tanh => self.float_op("math.tanh", &[x]),
            UnaryFn::Erf => self.float_op("math.erf", &[x]),
        })
    }

    /// OpDSL's binary functions.
    pub fn binary(&mut self, f: BinaryFn, a: Value, b: Value) -> Result<Value, String> {
        let all_complex = self.is_complex(a) && self.is_complex(b);
        let all_float = self.is_float(a) && self.is_float(b);
        let all_int = self.is_int(a) && self.is_int(b);
        let all_bool = all_int && self.ctx.int_width(self.ty(a)) == 1 && self.ctx.int_width(self.ty(b)) == 1;
        if !all_complex && !all_float && !all_int {
            let name = |v: Value| mica_ir::printer::type_string(self.ctx, self.ty(v));
            return Err(format!(
                "Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got '{}' and '{}'",
                name(a),
                name(b)
            ));
        }
        Ok(match f {
            BinaryFn::Add if all_complex => self.plain_op("complex.add", &[a, b]),
            BinaryFn::Add if all_float => self.float_op("arith.addf", &[a, b]),
            BinaryFn::Add if all_bool => self.plain_op("arith.ori", &[a, b]),
            BinaryFn::Add => self.int_op_overflow("arith.addi", &[a, b]),
            BinaryFn::Sub if all_complex => self.plain_op("complex.sub", &[a, b]),
            BinaryFn::Sub if all_float => self.float_op("arith.subf", &[a, b]),
            BinaryFn::Sub if all_bool => return Err("unsupported operation: sub with bools".into()),
            BinaryFn::Sub => self.int_op_overflow("arith.subi", &[a, b]),
            BinaryFn::Mul if all_complex => self.plain_op("complex.mul", &[a, b]),
            BinaryFn::Mul if all_float => self.float_op("arith.mulf", &[a, b]),
            BinaryFn::Mul if all_bool => self.plain_op("arith.andi", &[a, b]),
            BinaryFn::Mul => self.int_op_overflow("arith.muli", &[a, b]),
            BinaryFn::Div if all_complex => self.plain_op("complex.div", &[a, b]),
            BinaryFn::Div if all_float => self.float_op("arith.divf", &[a, b]),
            BinaryFn::Div if all_bool => return Err("unsupported operation: div with bools".into()),
            BinaryFn::Div => self.plain_op("arith.divsi", &[a, b]),
            BinaryFn::DivUnsigned if !all_int || all_bool => return Err("unsupported operation: unsigned div not on uint".into()),
            BinaryFn::DivUnsigned => self.plain_op("arith.divui", &[a, b]),
            BinaryFn::MaxSigned if all_float => self.float_op("arith.maximumf", &[a, b]),
            BinaryFn::MaxSigned => self.plain_op("arith.maxsi", &[a, b]),
            BinaryFn::MinSigned if all_float => self.float_op("arith.minimumf", &[a, b]),
            BinaryFn::MinSigned => self.plain_op("arith.minsi", &[a, b]),
            BinaryFn::MaxUnsigned if !all_int || all_bool => return Err("unsupported operation: unsigned max not on uint".into()),
            BinaryFn::MaxUnsigned => self.plain_op("arith.maxui", &[a, b]),
            BinaryFn::MinUnsigned if !all_int || all_bool => return Err("unsupported operation: unsigned min not on uint".into()),
            BinaryFn::MinUnsigned => self.plain_op("arith.minui", &[a, b]),
            // MLIR builds `math.powf` whatever the types; its verifier then rejects non-floats.
            BinaryFn::Powf => self.float_op("math.powf", &[a, b]),
        })
    }

    /// OpDSL's `select`.
    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let t = self.ty(a);
        self.op("arith.select", &[c, a, b], &[t], vec![], vec![]).expect("one result")
    }

    /// OpDSL's type functions (MLIR's `convertScalarToDtype`): `x` converted to `to`.
    pub fn cast(&mut self, to: Type, x: Value, unsigned: bool) -> Value {
        let ctx = self.ctx;
        let from = self.ty(x);
        if from == to {
            return x;
        }
        let conv = |b: &mut Self, name: &str| {
            // trunci's overflow flags are a defaulted property, there even when built.
            let props = if name == "arith.trunci" { b.overflow() } else { vec![] };
            b.op(name, &[x], &[to], props, vec![]).expect("one result")
        };
        match (ctx.type_kind(from), ctx.type_kind(to)) {
            (TypeKind::Float(_), TypeKind::Integer { .. }) => conv(self, if unsigned { "arith.fptoui" } else { "arith.fptosi" }),
            (TypeKind::Index, TypeKind::Integer { .. }) => conv(self, "arith.index_cast"),
            (TypeKind::Integer { width: a, .. }, TypeKind::Integer { width: b, .. }) => {
                if b > a {
                    conv(self, if unsigned { "arith.extui" } else { "arith.extsi" })
                } else if b < a {
                    conv(self, "arith.trunci")
                } else {
                    x
                }
            }
            (TypeKind::Integer { .. } | TypeKind::Index, TypeKind::Float(_)) => conv(self, if unsigned { "arith.uitofp" } else { "arith.sitofp" }),
            (TypeKind::Float(a), TypeKind::Float(b)) => {
                if b.bit_width() > a.bit_width() {
                    conv(self, "arith.extf")
                } else if b.bit_width() < a.bit_width() {
                    conv(self, "arith.truncf")
                } else {
                    x
                }
            }
            _ => x,
        }
    }
}

/// `1.0` of float type `t`.
fn float_one(ctx: &Context, t: Type) -> Option<Attr> {
    let bits: u128 = match ctx.type_kind(t) {
        TypeKind::Float(FloatKind::F16) => 0x3C00,
        TypeKind::Float(FloatKind::BF16) => 0x3F80,
        TypeKind::Float(FloatKind::F32) => 0x3F80_0000,
        TypeKind::Float(FloatKind::F64) => 0x3FF0_0000_0000_0000,
        _ => return None,
    };
    Some(ctx.attr(AttrKind::Float { ty: t, bits }))
}

/// OpDSL's unary functions (`#linalg.unary_fn`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnaryFn {
    /// `math.exp`
    Exp,
    /// `math.log`
    Log,
    /// `math.absf`
    Abs,
    /// `math.ceil`
    Ceil,
    /// `math.floor`
    Floor,
    /// `arith.negf`
    Negf,
    /// `1 / x`
    Reciprocal,
    /// `math.round`
    Round,
    /// `math.sqrt`
    Sqrt,
    /// `math.rsqrt`
    Rsqrt,
    /// `x * x`
    Square,
    /// `math.tanh`
    Tanh,
    /// `math.erf`
    Erf,
}

/// OpDSL's binary functions (`#linalg.binary_fn`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinaryFn {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// signed `/`
    Div,
    /// unsigned `/`
    DivUnsigned,
    /// signed max
    MaxSigned,
    /// signed min
    MinSigned,
    /// unsigned max
    MaxUnsigned,
    /// unsigned min
    MinUnsigned,
    /// `math.powf`
    Powf,
}
