//! The generic parser of declarative formats: walks an op's [`Format`] over the tokens after
//! the op name, fills a [`ParseCtx`], then infers the missing types, resolves the operands and
//! builds the [`OperationState`] (properties, defaults, segment sizes, implicit terminators),
//! as MLIR's generated parsers do.

use super::constraints::AttrSyntax;
use super::custom::{Known, ParseCtx};
use super::format::{is_keyword, Elem, FillSlot, Format, GroupFirst, InferRule, ParseStep, PropSlot, Slot, Var};
use super::{spec_of, Arity, AttrSpec, OpSpec, ParsedAttrs, TypeClass};
use mica_ir::asm::AsmParser;
use mica_ir::{Attr, AttrKind, Context, Ident, OpDef, OperationState, Type};
use smallvec::SmallVec;

/// The parse hook of every op defined by a format.
pub(super) fn parse_op(def: &OpDef, p: &mut dyn AsmParser<'_>, state: &mut OperationState) -> Result<(), ()> {
    let Some((spec, format)) = spec_of(def).and_then(|s| s.parsed_format().map(|f| (s, f))) else {
        let at = p.offset();
        p.error_at(at, &format!("'{}' has no assembly format", def.name));
        return Err(());
    };
    if let Some(simple) = &format.simple {
        let start = p.offset();
        return super::fast::parse_simple(p, spec, format, simple, state, start);
    }
    let mut cx = ParseCtx::new(spec, p.offset());
    parse_steps(p, &mut cx, state, &format.parse)?;
    finish(p, &mut cx, format, state)
}

/// Parses the elements of `steps` in order.
fn parse_steps(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, state: &mut OperationState, steps: &[ParseStep]) -> Result<(), ()> {
    let mut next = 0;
    while let Some(step) = steps.get(next) {
        next += 1;
        match step {
            ParseStep::Keyword(k) => p.parse_keyword(k)?,
            ParseStep::Punct(s) => p.parse_punct(s)?,
            ParseStep::Operand(i) => {
                let o = p.parse_operand()?;
                cx.push_operand(*i, o);
            }
            ParseStep::OperandType(i, class) => {
                let ty = class.parse(p)?;
                cx.operand_types[*i] = Some(Known::Each { ty, len: 1 });
            }
            ParseStep::ResultType(i, class) => {
                let ty = class.parse(p)?;
                cx.result_types[*i] = Some(Known::Each { ty, len: 1 });
            }
            ParseStep::AttrDict(with_keyword) => parse_attr_dict(p, &mut cx.dict, *with_keyword)?,
            ParseStep::Group { first, then_len, else_len } => {
                let (then, rest) = steps[next..].split_at(*then_len);
                let present = match first {
                    GroupFirst::Keyword(k) => p.parse_optional_keyword(k),
                    GroupFirst::Punct(s) => p.parse_optional_punct(s),
                    GroupFirst::Elem(e) => parse_optional_first(p, cx, state, e)?,
                };
                let branch = if present { then } else { &rest[..*else_len] };
                if !branch.is_empty() {
                    parse_steps(p, cx, state, branch)?;
                }
                next += then_len + else_len;
            }
            ParseStep::Elem(e) => parse_other_elem(p, cx, state, e)?,
        }
    }
    Ok(())
}

/// Parses `attr-dict` (`attr-dict-with-keyword` when `with_keyword`) into `dict`.
#[inline(always)]
pub(super) fn parse_attr_dict(p: &mut dyn AsmParser<'_>, dict: &mut Vec<(Ident, Attr)>, with_keyword: bool) -> Result<(), ()> {
    if with_keyword && !p.parse_optional_keyword("attributes") {
        return Ok(());
    }
    match p.parse_optional_attr_dict()? {
        Some(entries) if dict.is_empty() => *dict = entries,
        Some(entries) => dict.extend(entries),
        None if with_keyword => {
            // Nothing was read: the error is where the dictionary should start.
            let at = p.offset();
            p.error_at(at, "expected '{' in attribute dictionary");
            return Err(());
        }
        None => {}
    }
    Ok(())
}

fn parse_literal(p: &mut dyn AsmParser<'_>, lit: &str, optional: bool) -> Result<bool, ()> {
    let is_word = is_keyword(lit);
    if optional {
        return Ok(if is_word { p.parse_optional_keyword(lit) } else { p.parse_optional_punct(lit) });
    }
    if is_word {
        p.parse_keyword(lit)?;
    } else {
        p.parse_punct(lit)?;
    }
    Ok(true)
}

/// Parses a comma-separated list of types, maybe empty, into `cx`'s type list.
#[inline(never)]
fn parse_type_list(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>) -> Result<Known, ()> {
    let start = cx.types.len();
    if let Some(t) = p.parse_optional_type()? {
        cx.types.push(t);
        while p.parse_optional_punct(",") {
            cx.types.push(p.parse_type()?);
        }
    }
    Ok(Known::List { start: start as u32, len: (cx.types.len() - start) as u32, ranged: false })
}

fn var_arity(spec: &OpSpec, v: &Var) -> Arity {
    match v {
        Var::Operand(i) => spec.operands[*i].arity,
        Var::Result(i) => spec.results[*i].arity,
        Var::Operands | Var::Results => Arity::Variadic,
    }
}

/// The class a single slot's type is read as.
fn single_class(spec: &OpSpec, v: &Var) -> TypeClass {
    match v {
        Var::Operand(i) => spec.operands[*i].class,
        Var::Result(i) => spec.results[*i].class,
        Var::Operands | Var::Results => TypeClass::Any,
    }
}

#[inline(always)]
fn parse_types_of(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, v: &Var) -> Result<(), ()> {
    let at = p.offset();
    let known = match var_arity(cx.spec, v) {
        Arity::Single => Known::Each { ty: single_class(cx.spec, v).parse(p)?, len: 1 },
        Arity::Optional => match p.parse_optional_type()? {
            Some(ty) => Known::Each { ty, len: 1 },
            None => cx.list(&[], false),
        },
        Arity::Variadic => parse_type_list(p, cx)?,
    };
    cx.set_known(v, known, at);
    Ok(())
}

/// Parses an attribute written the way its constraint writes it.
pub(super) fn parse_attr_value(p: &mut dyn AsmParser<'_>, a: &AttrSpec, qualified: bool) -> Result<Attr, ()> {
    let ctx = p.ctx();
    let kind = matches!(a.constraint.syntax, AttrSyntax::Kind);
    if qualified || kind {
        let at = p.offset();
        let v = p.parse_attribute()?;
        if kind && !(a.constraint.check)(ctx, v) {
            p.error_at(at, "invalid kind of attribute specified");
            return Err(());
        }
        return Ok(v);
    }
    match &a.constraint.syntax {
        AttrSyntax::Plain | AttrSyntax::Kind | AttrSyntax::Str => p.parse_attribute(),
        AttrSyntax::Typed(ty) => p.parse_attribute_of_type(ty(ctx)),
        AttrSyntax::Unit => Ok(ctx.unit_attr()),
        AttrSyntax::IntEnum(e) => {
            // As MLIR's generated parser: a bare keyword is taken only when it names a case;
            // a quoted string is taken whatever it holds and then must name one.
            let at = p.offset();
            let keyword = p.parse_optional_any_keyword().map(|w| (e.symbolize(&w), w));
            match keyword {
                Some((Some(v), _)) => return Ok(e.attr(ctx, v)),
                Some((None, _)) => {}
                None => {
                    if let Some(word) = p.parse_optional_string()? {
                        return match e.symbolize(&word) {
                            Some(v) => Ok(e.attr(ctx, v)),
                            None => {
                                p.error_at(at, &format!("invalid {} attribute specification: \"{word}\"", a.name));
                                Err(())
                            }
                        };
                    }
                }
            }
            let names: Vec<&str> = e.cases.iter().map(|c| c.0).collect();
            p.error_at(
                at,
                &format!(
                    "expected string or keyword containing one of the following enum values for attribute '{}' [{}]",
                    a.name,
                    names.join(", ")
                ),
            );
            Err(())
        }
        AttrSyntax::Dialect { dialect, mnemonic } => {
            let Some(def) = ctx.registry().attr_def(dialect, mnemonic) else {
                let at = p.offset();
                p.error_at(at, &format!("unknown attribute #{dialect}.{mnemonic}"));
                return Err(());
            };
            let params = (def.parse)(def, p)?;
            Ok(ctx.attr(AttrKind::Dialect { dialect: ctx.ident(dialect), mnemonic: ctx.ident(mnemonic), params: params.into() }))
        }
        AttrSyntax::SymbolName => {
            let at = p.offset();
            match p.parse_optional_symbol_name_attr()? {
                Some(s) => Ok(s),
                None => {
                    p.error_at(at, "expected valid '@'-identifier for symbol name");
                    Err(())
                }
            }
        }
        AttrSyntax::DenseArray(elem) => {
            let width = ctx.int_width(elem(ctx));
            p.parse_punct("[")?;
            let mut values: Vec<i64> = Vec::new();
            if !p.parse_optional_punct("]") {
                loop {
                    let at = p.offset();
                    let v = if p.parse_optional_keyword("true") {
                        1
                    } else if p.parse_optional_keyword("false") {
                        0
                    } else {
                        match p.parse_optional_integer()? {
                            Some(v) => v,
                            None => {
                                p.error_at(at, "expected integer value");
                                return Err(());
                            }
                        }
                    };
                    values.push(v);
                    if p.parse_optional_punct("]") {
                        break;
                    }
                    p.parse_punct(",")?;
                }
            }
            Ok(ctx.dense_int_array(width, values))
        }
        AttrSyntax::TypeAttr => Ok(ctx.type_attr(p.parse_type()?)),
        AttrSyntax::OpaqueEnum { dialect, mnemonic, cases } => {
            let at = p.offset();
            match p.parse_optional_any_keyword() {
                Some(w) if cases.symbolize(&w).is_some() => Ok(super::constraints::opaque_enum_attr(ctx, dialect, mnemonic, &w)),
                _ => {
                    let names: Vec<&str> = cases.cases.iter().map(|c| c.0).collect();
                    p.error_at(at, &format!("expected {mnemonic} to be one of: {}", names.join(", ")));
                    Err(())
                }
            }
        }
    }
}

/// Whether the attribute `a` can start here (for optional groups anchored on it).
pub(super) fn attr_starts(p: &dyn AsmParser<'_>, a: &AttrSpec) -> bool {
    match &a.constraint.syntax {
        // MLIR's generated parser only takes a keyword naming one of the cases.
        AttrSyntax::IntEnum(spec) => spec.cases.iter().any(|(name, _)| p.peek_keyword(name)) || p.peek_string(),
        AttrSyntax::Dialect { .. } => p.peek_punct("<"),
        AttrSyntax::SymbolName => p.peek_symbol(),
        AttrSyntax::DenseArray(_) => p.peek_punct("["),
        AttrSyntax::TypeAttr => p.peek_type(),
        AttrSyntax::OpaqueEnum { .. } => p.peek_any_keyword(),
        AttrSyntax::Unit => false,
        AttrSyntax::Plain | AttrSyntax::Kind | AttrSyntax::Typed(_) => p.peek_attribute(),
        AttrSyntax::Str => p.peek_string(),
    }
}

fn parse_region_into(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, state: &mut OperationState, slot: usize) -> Result<(), ()> {
    p.parse_region(state, &[])?;
    cx.region_slots.push(slot);
    Ok(())
}

/// Parses one element (of an `oilist` clause, or the first of an optional group): the
/// elements most formats are made of here, the others in [`parse_other_elem`].
#[inline(always)]
fn parse_elem(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, state: &mut OperationState, e: &Elem) -> Result<(), ()> {
    match e {
        Elem::Literal(l) => parse_literal(p, l, false).map(|_| ()),
        Elem::Space(_) | Elem::Newline => Ok(()),
        Elem::Operand(i) => parse_operand_elem(p, cx, *i),
        Elem::Type(v, _) => parse_types_of(p, cx, v),
        Elem::AttrDict(with_keyword) => parse_attr_dict(p, &mut cx.dict, *with_keyword),
        _ => parse_other_elem(p, cx, state, e),
    }
}

/// Parses `$operand` of slot `i`.
#[inline(always)]
fn parse_operand_elem(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, i: usize) -> Result<(), ()> {
    if cx.spec.operands[i].arity == Arity::Single {
        let o = p.parse_operand()?;
        cx.push_operand(i, o);
        return Ok(());
    }
    parse_operand_group(p, cx, i)
}

/// Parses `$operand` of slot `i`, an optional or variadic one: nothing unless an SSA name
/// comes, then one operand (optional) or a comma-separated list (variadic).
#[inline(never)]
fn parse_operand_group(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, i: usize) -> Result<(), ()> {
    if !p.peek_ssa_name() {
        return Ok(());
    }
    let variadic = cx.spec.operands[i].arity == Arity::Variadic;
    loop {
        let o = p.parse_operand()?;
        cx.push_operand(i, o);
        if !variadic || !p.parse_optional_punct(",") {
            return Ok(());
        }
    }
}

/// [`parse_elem`] for the elements it leaves out.
#[inline(never)]
fn parse_other_elem(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, state: &mut OperationState, e: &Elem) -> Result<(), ()> {
    match e {
        Elem::Literal(_) | Elem::Space(_) | Elem::Newline | Elem::Operand(_) | Elem::Type(..) | Elem::AttrDict(_) => parse_elem(p, cx, state, e),
        Elem::Attr(i, q) => {
            let a = parse_attr_value(p, &cx.spec.attrs[*i], *q)?;
            cx.attrs[*i] = Some(a);
            Ok(())
        }
        Elem::Region(i) => {
            if cx.spec.regions[*i].variadic {
                if p.peek_region() {
                    loop {
                        parse_region_into(p, cx, state, *i)?;
                        if !p.parse_optional_punct(",") {
                            break;
                        }
                    }
                }
                Ok(())
            } else {
                parse_region_into(p, cx, state, *i)
            }
        }
        Elem::Successor(i) => {
            if cx.spec.successors[*i].variadic {
                if p.peek_successor() {
                    loop {
                        let b = p.parse_successor()?;
                        cx.push_successor(*i, b);
                        if !p.parse_optional_punct(",") {
                            break;
                        }
                    }
                }
            } else {
                let b = p.parse_successor()?;
                cx.push_successor(*i, b);
            }
            Ok(())
        }
        Elem::FunctionalType(a, b) => {
            let at = p.offset();
            let t = p.parse_type()?;
            let Some((ins, outs)) = p.ctx().function_signature(t) else {
                p.error_at(at, "invalid kind of type specified");
                return Err(());
            };
            cx.set_types(a, ins, at);
            cx.set_types(b, outs, at);
            Ok(())
        }
        Elem::PropDict => {
            if p.parse_optional_punct("<") {
                let at = p.offset();
                let Some(entries) = p.parse_optional_attr_dict()? else {
                    p.error_at(at, "expected '{' in attribute dictionary");
                    return Err(());
                };
                p.parse_punct(">")?;
                cx.dict.extend(entries);
            }
            Ok(())
        }
        Elem::Operands => {
            let mut all = Vec::new();
            if p.peek_ssa_name() {
                loop {
                    all.push(p.parse_operand()?);
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
            }
            distribute_operands(cx, all);
            Ok(())
        }
        Elem::Regions => {
            let mut slot = 0;
            while p.peek_region() {
                parse_region_into(p, cx, state, slot.min(cx.spec.regions.len().saturating_sub(1)))?;
                if !cx.spec.regions.get(slot).is_some_and(|r| r.variadic) {
                    slot += 1;
                }
                if !p.parse_optional_punct(",") {
                    break;
                }
            }
            Ok(())
        }
        Elem::Successors => {
            if p.peek_successor() {
                loop {
                    let b = p.parse_successor()?;
                    if let Some(last) = cx.spec.successors.len().checked_sub(1) {
                        cx.push_successor(last, b);
                    }
                    if !p.parse_optional_punct(",") {
                        break;
                    }
                }
            }
            Ok(())
        }
        Elem::Custom(dir, args) => (dir.parse)(p, cx, state, args).map(|_| ()),
        Elem::Optional { then, otherwise, .. } => {
            let (first_at, first) = then
                .iter()
                .enumerate()
                .find(|(_, e)| !matches!(e, Elem::Space(_) | Elem::Newline))
                .expect("optional groups are not empty");
            if parse_optional_first(p, cx, state, first)? {
                for e in &then[first_at + 1..] {
                    parse_elem(p, cx, state, e)?;
                }
            } else {
                for e in otherwise {
                    parse_elem(p, cx, state, e)?;
                }
            }
            Ok(())
        }
        Elem::OIList(clauses) => {
            let mut seen = vec![false; clauses.len()];
            'outer: loop {
                for (k, clause) in clauses.iter().enumerate() {
                    let Some(Elem::Literal(kw)) = clause.first() else { continue };
                    let at = p.offset();
                    if p.parse_optional_keyword(kw) {
                        if seen[k] {
                            p.error_at(at, &format!("`{kw}` clause can appear at most once in the expansion of the oilist directive"));
                            return Err(());
                        }
                        seen[k] = true;
                        for e in &clause[1..] {
                            // A unit attribute in the clause is set by parse_elem without input.
                            parse_elem(p, cx, state, e)?;
                        }
                        continue 'outer;
                    }
                }
                return Ok(());
            }
        }
    }
}

/// Parses the first element of an optional group if it is there.
fn parse_optional_first(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, state: &mut OperationState, e: &Elem) -> Result<bool, ()> {
    let present = match e {
        Elem::Literal(l) => return parse_literal(p, l, true),
        Elem::Operand(_) => p.peek_ssa_name(),
        Elem::Attr(i, q) => {
            let a = &cx.spec.attrs[*i];
            if *q { p.peek_attribute() } else { attr_starts(p, a) }
        }
        Elem::Region(_) | Elem::Regions => p.peek_region(),
        Elem::Successor(_) | Elem::Successors => p.peek_successor(),
        Elem::Type(..) => p.peek_type(),
        Elem::FunctionalType(..) => p.peek_punct("("),
        Elem::Custom(dir, args) => return (dir.parse)(p, cx, state, args),
        Elem::AttrDict(_) | Elem::PropDict => true,
        Elem::Operands => p.peek_ssa_name(),
        Elem::Optional { .. } | Elem::OIList(_) | Elem::Space(_) | Elem::Newline => true,
    };
    if present {
        parse_elem(p, cx, state, e)?;
    }
    Ok(present)
}

/// Spreads a flat operand list over the slots: one per single slot, the rest to the variadic.
fn distribute_operands(cx: &mut ParseCtx<'_>, all: Vec<mica_ir::asm::UnresolvedOperand>) {
    let spec = cx.spec;
    let singles = spec.operands.iter().filter(|o| o.arity == Arity::Single).count();
    let rest = all.len().saturating_sub(singles);
    let mut it = all.into_iter();
    for (i, o) in spec.operands.iter().enumerate() {
        let n = if o.arity == Arity::Single { 1 } else { rest };
        for v in it.by_ref().take(n) {
            cx.push_operand(i, v);
        }
    }
}

// ------------------------------------------------------------------------------ finishing

/// Moves inherent attributes out of the dictionary, fills defaults, infers and resolves types,
/// and writes everything into `state`.
pub(super) fn finish(p: &mut dyn AsmParser<'_>, cx: &mut ParseCtx<'_>, format: &Format, state: &mut OperationState) -> Result<(), ()> {
    let ctx = p.ctx();
    let spec = cx.spec;
    // Inherent attributes written in the dictionary become properties (most ops have no
    // dictionary: nothing to move then).
    let discardable = split_dict(ctx, spec, &mut cx.dict, &mut cx.attrs);
    for &i in &format.default_attrs {
        if cx.attrs[i].is_none() {
            cx.attrs[i] = spec.attrs[i].default_value(ctx);
        }
    }
    if !format.operands_in_order {
        cx.sort_operands();
    }
    // Operand types given all at once.
    if let Some((types, at)) = cx.all_operand_types.take() {
        let n = cx.operands.len();
        if n != types.len() {
            p.error_at(at, &format!("{n} operands present, but expected {}", types.len()));
            return Err(());
        }
        for i in 0..spec.operands.len() {
            let range = cx.operand_range(i);
            cx.operand_types[i] = Some(types.part(range.start as u32, range.len() as u32));
        }
    }
    if let Some(types) = cx.all_result_types.take() {
        let len = types.len() as u32;
        let rest = len.saturating_sub(spec.single_slots.1 as u32);
        let mut at = 0;
        for (i, r) in spec.results.iter().enumerate() {
            let k = if r.arity == Arity::Single { 1 } else { rest };
            let end = (at + k).min(len);
            let from = at.min(end);
            cx.result_types[i] = Some(types.part(from, end - from));
            at = end;
        }
    }
    for &slot in &format.source_checks {
        let known = match slot {
            Slot::Operand(i) => cx.operand_types[i],
            Slot::Result(i) => cx.result_types[i],
            Slot::Attr(_) | Slot::Missing => None,
        };
        if let Some(known) = known {
            for k in 0..known.len() {
                check_source_type(p, spec, slot, cx.nth(known, k))?;
            }
        }
    }
    match &format.type_fills {
        Some(fills) => {
            for fill in fills {
                let from = match fill.from {
                    FillSlot::SingleOperand(i) | FillSlot::OperandGroup(i) => cx.operand_types[i],
                    FillSlot::Result(i) => cx.result_types[i],
                };
                let Some(t) = from.and_then(|k| cx.first(k)) else { continue };
                for &to in &fill.to {
                    match to {
                        FillSlot::SingleOperand(i) => cx.operand_types[i] = Some(Known::Each { ty: t, len: 1 }),
                        FillSlot::OperandGroup(i) => {
                            let len = cx.operand_range(i).len() as u32;
                            cx.operand_types[i] = Some(Known::Each { ty: t, len });
                        }
                        FillSlot::Result(i) => cx.result_types[i] = Some(Known::Each { ty: t, len: 1 }),
                    }
                }
            }
        }
        None => infer_types(ctx, cx, &format.infer),
    }
    resolve_operands(p, cx, format.same_type, state)?;
    // Results: explicit or inferred by the op.
    // Ops that infer their results do so for variadic results too.
    // Type fills leave no type unknown.
    if format.type_fills.is_none() && cx.result_types.iter().zip(&spec.results).any(|(t, r)| t.is_none() && (r.arity == Arity::Single || spec.infer.is_some())) {
        if let Some(infer) = spec.infer {
            let mut operand_types: Vec<Type> = Vec::new();
            for t in cx.operand_types.iter().flatten() {
                cx.extend_with(*t, &mut operand_types);
            }
            let operand_counts = (0..spec.operands.len()).map(|i| cx.operand_range(i).len()).collect();
            let attrs = ParsedAttrs { ctx, spec, values: &cx.attrs, operand_counts };
            match infer(ctx, &operand_types, &attrs) {
                Ok(types) => {
                    state.result_types.extend(types);
                }
                Err(msg) => {
                    p.error_at(cx.start, &msg);
                    return Err(());
                }
            }
        } else {
            let missing = spec.results.iter().zip(&cx.result_types).find(|(_, t)| t.is_none()).map_or("", |(r, _)| r.name);
            p.error_at(cx.start, &format!("could not infer the type of result '{missing}'"));
            return Err(());
        }
    } else {
        for t in cx.result_types.iter().flatten() {
            match *t {
                Known::Each { ty, len: 1 } => state.result_types.push(ty),
                t => cx.extend_with(t, &mut state.result_types),
            }
        }
    }
    if !cx.successors.is_empty() {
        if !cx.successors.is_sorted_by_key(|(s, _)| *s) {
            cx.successors.sort_by_key(|(s, _)| *s);
        }
        state.successors.extend(cx.successors.iter().map(|(_, b)| *b));
    }
    if !spec.regions.is_empty() || !state.regions.is_empty() {
        finish_regions(p, cx, state);
    }
    // Properties, in name order.
    let mut props: SmallVec<[(Ident, Attr); 4]> = SmallVec::new();
    for slot in &format.props_sorted {
        match *slot {
            PropSlot::Attr(i) => {
                if let Some(v) = cx.attrs[i] {
                    props.push((spec.attrs[i].ident(ctx), v));
                }
            }
            PropSlot::OperandSegments => {
                let sizes = (0..spec.operands.len()).map(|i| cx.operand_range(i).len() as i64);
                props.push((ctx.ident("operandSegmentSizes"), ctx.dense_int_array(32, sizes)));
            }
            PropSlot::ResultSegments => {
                let sizes = cx.result_types.iter().map(|t| t.map_or(0, Known::len) as i64);
                props.push((ctx.ident("resultSegmentSizes"), ctx.dense_int_array(32, sizes)));
            }
        }
    }
    set_attributes(ctx, format, &props, discardable, state);
    Ok(())
}

/// The error of [`check_source_type`], at the op's name.
#[cold]
#[inline(never)]
fn source_type_error(p: &mut dyn AsmParser<'_>, spec: &OpSpec, slot: Slot, t: Type) {
    let v = match slot {
        Slot::Operand(i) => &spec.operands[i],
        Slot::Result(i) => &spec.results[i],
        Slot::Attr(_) | Slot::Missing => return,
    };
    let at = p.name_offset();
    let got = mica_ir::printer::type_string(p.ctx(), t);
    p.error_at(at, &format!("'{}' must be {}, but got '{got}'", v.name, super::verify::slot_summary(v.arity, v.ty.summary)));
}

/// Checks `t`, a type written for the operand or result `slot` that another type is made
/// from, against the slot's constraint, as MLIR's generated parsers do before using it
/// ([`Format::source_checks`]); fails with [`source_type_error`] when it does not satisfy it.
#[inline]
pub(super) fn check_source_type(p: &mut dyn AsmParser<'_>, spec: &OpSpec, slot: Slot, t: Type) -> Result<(), ()> {
    let c = match slot {
        Slot::Operand(i) => spec.operands[i].ty,
        Slot::Result(i) => spec.results[i].ty,
        Slot::Attr(_) | Slot::Missing => return Ok(()),
    };
    if (c.check)(p.ctx(), t) {
        return Ok(());
    }
    source_type_error(p, spec, slot, t);
    Err(())
}

/// Moves the inherent attributes written in an op's attribute dictionary `dict` (left empty)
/// into their slots of `attrs`, replacing what the custom syntax set (as MLIR's parsers make
/// the dictionary's inherent attributes the op's properties); gives the discardable ones.
#[inline(always)]
pub(super) fn split_dict(ctx: &Context, spec: &OpSpec, dict: &mut Vec<(Ident, Attr)>, attrs: &mut [Option<Attr>]) -> Vec<(Ident, Attr)> {
    let mut discardable = Vec::new();
    if dict.is_empty() {
        return discardable;
    }
    for (k, v) in std::mem::take(dict) {
        match spec.attrs.iter().position(|a| a.ident(ctx) == k) {
            Some(i) => attrs[i] = Some(v),
            _ => discardable.push((k, v)),
        }
    }
    discardable
}

/// Writes an op's properties (`props`, in name order: the format's first dictionary again
/// when they are its entries) and discardable attributes into `state`.
#[inline(always)]
pub(super) fn set_attributes(ctx: &Context, format: &Format, props: &[(Ident, Attr)], discardable: Vec<(Ident, Attr)>, state: &mut OperationState) {
    if !props.is_empty() {
        let dict = match format.first_props.get() {
            Some((entries, dict)) if **entries == *props => *dict,
            _ => {
                let dict = ctx.dict_attr_sorted(props);
                let _ = format.first_props.set((props.into(), dict));
                dict
            }
        };
        state.properties = Some(dict);
    }
    state.attrs = if discardable.is_empty() { ctx.empty_dict() } else { ctx.dict_attr(discardable) };
}

/// Resolves the operands (in slot order, see [`ParseCtx::sort_operands`]) to values of the
/// types known for their slots into `state`; `same_type`: see [`Format::same_type`].
fn resolve_operands(p: &mut dyn AsmParser<'_>, cx: &ParseCtx<'_>, same_type: bool, state: &mut OperationState) -> Result<(), ()> {
    let spec = cx.spec;
    let operands = &cx.operands[..];
    let types = &cx.operand_types[..];
    // Most ops: each slot holds one operand and has one type.
    if operands.len() == types.len()
        && operands.iter().zip(types).enumerate().all(|(k, ((slot, _), t))| *slot == k && t.is_some_and(|t| t.len() == 1))
    {
        for ((_, o), &t) in operands.iter().zip(types.iter().flatten()) {
            let v = p.resolve_operand(o, cx.nth(t, 0))?;
            state.operands.push(v);
        }
        return Ok(());
    }
    // The slots in order, with a running cursor: `operand_range` per slot measured 1.3% more
    // instructions on a file of 30,000 arith ops.
    let mut next = 0;
    for (i, (slot, types)) in spec.operands.iter().zip(types).enumerate() {
        let start = next;
        while operands.get(next).is_some_and(|(s, _)| *s == i) {
            next += 1;
        }
        let n = next - start;
        let Some(types) = *types else {
            if n == 0 {
                continue;
            }
            p.error_at(cx.start, &format!("could not infer the type of operand '{}'", slot.name));
            return Err(());
        };
        // One type written for a variadic group of an op whose operands share a type.
        let splat = types.len() == 1 && n > 1 && slot.arity == Arity::Variadic && same_type;
        if !splat && types.len() != n {
            if let Known::List { ranged: true, .. } = types {
                let at = operands.get(start).map_or(cx.start, |(_, o)| o.offset);
                p.error_at(at, &format!("number of operands and types do not match: got {n} operands and {} types", types.len()));
            } else {
                p.error_at(cx.start, &format!("{n} operands present, but expected {}", types.len()));
            }
            return Err(());
        }
        for (k, (_, o)) in operands[start..next].iter().enumerate() {
            let t = cx.nth(types, if splat { 0 } else { k });
            let v = p.resolve_operand(o, t)?;
            state.operands.push(v);
        }
    }
    Ok(())
}

/// Puts the regions parsed in slot order, adds the empty regions the format left out and the
/// implicit terminators.
fn finish_regions(p: &mut dyn AsmParser<'_>, cx: &ParseCtx<'_>, state: &mut OperationState) {
    let spec = cx.spec;
    // Regions in slot order.
    if cx.region_slots.windows(2).any(|w| w[0] > w[1]) {
        let mut order: Vec<usize> = (0..cx.region_slots.len()).collect();
        order.sort_by_key(|&k| cx.region_slots[k]);
        let regions = state.regions.clone();
        if regions.len() == order.len() {
            state.regions = order.iter().map(|&k| regions[k]).collect();
        }
    }
    // Regions the format may leave out are still there, empty.
    let slots_parsed = cx.region_slots.len();
    let fixed = spec.regions.iter().filter(|r| !r.variadic).count();
    for _ in slots_parsed..fixed {
        p.add_empty_region(state);
    }
    if let Some(term) = spec.implicit_terminator {
        for k in 0..state.regions.len() {
            p.ensure_terminator(state, k, term);
        }
    }
}

/// The known type of a slot (the first of its group).
fn known(ctx: &Context, cx: &ParseCtx<'_>, slot: Slot) -> Option<Type> {
    match slot {
        Slot::Operand(i) => cx.first(cx.operand_types[i]?),
        Slot::Result(i) => cx.first(cx.result_types[i]?),
        Slot::Attr(i) => cx.attrs[i].and_then(|a| super::constraints::attr_type(ctx, a)),
        Slot::Missing => None,
    }
}

/// Gives an operand or result slot whose types are unknown the type `t` (each of its values);
/// whether it changed anything.
#[inline]
fn set(cx: &mut ParseCtx<'_>, slot: Slot, t: Type) -> bool {
    match slot {
        Slot::Operand(i) if cx.operand_types[i].is_none() => {
            let n = cx.operand_range(i).len().max(if cx.spec.operands[i].arity == Arity::Single { 1 } else { 0 });
            cx.operand_types[i] = Some(Known::Each { ty: t, len: n as u32 });
            true
        }
        Slot::Result(i) if cx.result_types[i].is_none() => {
            cx.result_types[i] = Some(Known::Each { ty: t, len: 1 });
            true
        }
        _ => false,
    }
}

/// Fills unknown operand and result types from the op's type relations and buildable
/// constraints, until nothing changes.
fn infer_types(ctx: &Context, cx: &mut ParseCtx<'_>, rules: &[InferRule]) {
    let spec = cx.spec;
    let all_known = |cx: &ParseCtx<'_>| cx.operand_types.iter().all(Option::is_some) && cx.result_types.iter().all(Option::is_some);
    while !all_known(cx) {
        let mut changed = false;
        for rule in rules {
            match rule {
                InferRule::Same(slots) => {
                    if let Some(t) = slots.iter().find_map(|s| known(ctx, cx, *s)) {
                        for s in slots {
                            changed |= set(cx, *s, t);
                        }
                    }
                }
                InferRule::MatchWithRange { from, to, transform } => {
                    if let (Some(i), Some(t)) = (*to, known(ctx, cx, *from)) {
                        if cx.operand_types[i].is_none() {
                            if let Some(types) = transform(ctx, t) {
                                cx.operand_types[i] = Some(cx.list(&types, true));
                                changed = true;
                            }
                        }
                    }
                }
                InferRule::MatchWith { from, to, transform } => {
                    if known(ctx, cx, *to).is_none() {
                        if let Some(t) = known(ctx, cx, *from).and_then(|t| transform(ctx, t)) {
                            changed |= set(cx, *to, t);
                        }
                    }
                }
            }
        }
        if changed && all_known(cx) {
            break;
        }
        for (i, o) in spec.operands.iter().enumerate() {
            if cx.operand_types[i].is_none() {
                if let Some(b) = o.ty.buildable {
                    let n = cx.operand_range(i).len();
                    cx.operand_types[i] = Some(Known::Each { ty: b(ctx), len: n as u32 });
                    changed = true;
                }
            }
        }
        for (i, r) in spec.results.iter().enumerate() {
            if cx.result_types[i].is_none() && r.arity == Arity::Single {
                if let Some(b) = r.ty.buildable {
                    cx.result_types[i] = Some(Known::Each { ty: b(ctx), len: 1 });
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}
