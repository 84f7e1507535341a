//! The parser's fast path for simple formats: an op with a few single operands and results,
//! no regions or successors, whose format is made of its operands (each once, in slot order),
//! literals, attributes, `attr-dict`, `type(...)` of single slots and optional groups of
//! literals and attributes, and whose other types follow from the format alone (its
//! [`Format::type_fills`], or one pass of its type relations) — most arith, math and index
//! ops. Whether a format qualifies is decided once, when it is compiled ([`compile`]); such ops
//! are then parsed into a few fixed-size arrays instead of a [`ParseCtx`], making the same
//! parser calls in the same order, with the same diagnostics, and building the same op as the
//! general path ([`super::parse`]) would. An op whose type from an attribute or a transform
//! turns out missing is finished by the general path from what was parsed.

use super::custom::{Known, ParseCtx};
use super::format::{Elem, FillSlot, Format, GroupFirst, InferRule, ParseStep, PropSlot, Slot, TypeFill};
use super::parse::{attr_starts, check_source_type, parse_attr_dict, parse_attr_value, set_attributes, split_dict};
use super::{Arity, OpSpec, TypeClass, TypeTransform};
use mica_ir::asm::{AsmParser, UnresolvedOperand};
use mica_ir::{Attr, Ident, OperationState, Type};
use smallvec::SmallVec;

/// The most operand slots of a simple format.
const MAX_OPERANDS: usize = 4;
/// The most result slots of a simple format.
const MAX_RESULTS: usize = 2;
/// The most attribute slots of a simple format.
const MAX_ATTRS: usize = 4;
/// Where the types of the slots are kept while parsing: operand slot `i` at `i`, result slot
/// `j` at `MAX_OPERANDS + j`.
const MAX_TYPES: usize = MAX_OPERANDS + MAX_RESULTS;

/// A simple format compiled for the fast path.
#[derive(Clone, Debug)]
pub(crate) struct Simple {
    /// The steps, an optional group followed by its own steps as in [`Format::parse`].
    steps: Box<[Step]>,
    /// The literals the steps name.
    lits: Box<[Box<str>]>,
    /// The steps again when they are those of a binary op (see [`Binary`]), the most common.
    binary: Option<Binary>,
    /// Per operand slot, then per result slot (at [`MAX_OPERANDS`]): where in the parsed types
    /// its type is, the format's [`Format::type_fills`] or type relations followed through.
    type_at: [u8; MAX_TYPES],
    /// The types not parsed but derived from others, with the index they are kept at (that of
    /// their own slot, which no type is parsed into).
    derived: SmallVec<[(u8, Src); 1]>,
    /// How many operand slots.
    n_operands: u8,
    /// How many result slots.
    n_results: u8,
    /// The attribute slots with a default value ([`Format::default_attrs`]).
    defaults: SmallVec<[u8; MAX_ATTRS]>,
    /// The attribute slots in property order ([`Format::props_sorted`]).
    props: SmallVec<[u8; MAX_ATTRS]>,
    /// The written types checked against their slots' constraints before others are made
    /// from them ([`Format::source_checks`]): where each is kept, and its slot.
    sources: SmallVec<[(u8, Slot); 1]>,
}

/// One step of a simple format.
#[derive(Copy, Clone, Debug)]
enum Step {
    /// A keyword literal (its index in [`Simple::lits`]).
    Keyword(u8),
    /// A punctuation literal.
    Punct(u8),
    /// `$operand` of operand slot `i`.
    Operand(u8),
    /// `type(...)` of the slot whose type is kept at this index (see [`MAX_TYPES`]), read as
    /// the slot's class.
    Type(u8, TypeClass),
    /// `attr-dict` (with the keyword when true).
    AttrDict(bool),
    /// Attribute slot `slot`, written qualified or not.
    Attr { slot: u8, qualified: bool },
    /// An optional group anchored on `first`; its `then_len` steps follow, then the
    /// `else_len` steps of its else group.
    Group { first: First, then_len: u8, else_len: u8 },
}

/// The steps of a binary op's format, `$a <punct> $b (<keyword> $attr^)? attr-dict <punct>
/// type($x)` (`$lhs `,` $rhs (`overflow` `` $overflowFlags^)? attr-dict `:` type($result)`),
/// parsed without going through [`Step`]s.
#[derive(Copy, Clone, Debug)]
struct Binary {
    /// The literal between the operands.
    between: u8,
    /// The optional group: its keyword, and the attribute slot it anchors (qualified or not).
    group: Option<(u8, u8, bool)>,
    /// The literal before the type.
    before_type: u8,
    /// Where the type is kept (see [`MAX_TYPES`]).
    ty: u8,
    /// The class the type is read as.
    class: TypeClass,
}

impl Binary {
    /// The binary shape of `steps`, if they have it.
    fn of(steps: &[Step]) -> Option<Binary> {
        let (between, rest) = match steps {
            [Step::Operand(0), Step::Punct(between), Step::Operand(1), rest @ ..] => (*between, rest),
            _ => return None,
        };
        let (group, rest) = match rest {
            [Step::Group { first: First::Keyword(k), then_len: 1, else_len: 0 }, Step::Attr { slot, qualified }, rest @ ..] => (Some((*k, *slot, *qualified)), rest),
            rest => (None, rest),
        };
        match rest {
            [Step::AttrDict(false), Step::Punct(before_type), Step::Type(ty, class)] => {
                Some(Binary { between, group, before_type: *before_type, ty: *ty, class: *class })
            }
            _ => None,
        }
    }
}

/// Where the type of a slot of a simple format comes from (see [`Simple::type_at`]).
#[derive(Copy, Clone, Debug)]
enum Src {
    /// The type parsed at this index (see [`MAX_TYPES`]), if any.
    Parsed(u8),
    /// The type of the value of attribute slot `i` (which the format writes).
    Attr(u8),
    /// A transform of the type parsed at this index.
    Transform(u8, TypeTransform),
}

/// The first element of an optional group of a simple format.
#[derive(Copy, Clone, Debug)]
enum First {
    /// A keyword literal.
    Keyword(u8),
    /// A punctuation literal.
    Punct(u8),
    /// Attribute slot `slot`.
    Attr { slot: u8, qualified: bool },
}

/// The fast-path program of `format` (compiled for `spec`), when it is simple: single operand
/// and result slots only, each operand written once outside optional groups and in slot
/// order, optional groups of literals and attributes, every type known from the format.
pub(super) fn compile(format: &Format, spec: &OpSpec) -> Option<Simple> {
    if spec.operands.len() > MAX_OPERANDS
        || spec.results.len() > MAX_RESULTS
        || spec.attrs.len() > MAX_ATTRS
        || !spec.regions.is_empty()
        || !spec.successors.is_empty()
        || spec.operands.iter().chain(&spec.results).any(|v| v.arity != Arity::Single)
        || !format.operands_in_order
    {
        return None;
    }
    let mut lits: Vec<Box<str>> = Vec::new();
    let mut lit = |l: &str| -> Option<u8> {
        let at = lits.iter().position(|x| **x == *l).unwrap_or_else(|| {
            lits.push(l.into());
            lits.len() - 1
        });
        u8::try_from(at).ok()
    };
    let mut uses = [0usize; MAX_OPERANDS];
    let mut steps = Vec::new();
    let mut group_left = 0usize;
    for step in &format.parse {
        let in_group = group_left > 0;
        group_left = group_left.saturating_sub(1);
        steps.push(match step {
            ParseStep::Keyword(k) => Step::Keyword(lit(k)?),
            ParseStep::Punct(s) => Step::Punct(lit(s)?),
            ParseStep::Elem(Elem::Attr(i, q)) => Step::Attr { slot: *i as u8, qualified: *q },
            _ if in_group => return None,
            ParseStep::Operand(i) => {
                uses[*i] += 1;
                Step::Operand(*i as u8)
            }
            ParseStep::OperandType(i, class) => Step::Type(*i as u8, *class),
            ParseStep::ResultType(i, class) => Step::Type((MAX_OPERANDS + *i) as u8, *class),
            ParseStep::AttrDict(with_keyword) => Step::AttrDict(*with_keyword),
            ParseStep::Group { first, then_len, else_len } => {
                let first = match first {
                    GroupFirst::Keyword(k) => First::Keyword(lit(k)?),
                    GroupFirst::Punct(s) => First::Punct(lit(s)?),
                    GroupFirst::Elem(Elem::Attr(i, q)) => First::Attr { slot: *i as u8, qualified: *q },
                    GroupFirst::Elem(_) => return None,
                };
                group_left = then_len + else_len;
                Step::Group { first, then_len: u8::try_from(*then_len).ok()?, else_len: u8::try_from(*else_len).ok()? }
            }
            ParseStep::Elem(_) => return None,
        });
    }
    if uses[..spec.operands.len()].iter().any(|n| *n != 1) {
        return None;
    }
    let type_src = match &format.type_fills {
        Some(fills) => filled_types(fills)?,
        None => inferred_types(format, spec, &steps)?,
    };
    let mut props = SmallVec::new();
    for p in &format.props_sorted {
        let PropSlot::Attr(i) = p else { return None };
        props.push(*i as u8);
    }
    let mut type_at = [0; MAX_TYPES];
    let mut derived = SmallVec::new();
    for (k, src) in type_src.iter().enumerate() {
        type_at[k] = match *src {
            Src::Parsed(j) => j,
            src => {
                derived.push((k as u8, src));
                k as u8
            }
        };
    }
    let mut sources = SmallVec::new();
    for &slot in &format.source_checks {
        let k = match slot {
            Slot::Operand(i) => i,
            Slot::Result(j) => MAX_OPERANDS + j,
            Slot::Attr(_) | Slot::Missing => continue,
        };
        sources.push((k as u8, slot));
    }
    Some(Simple {
        sources,
        binary: Binary::of(&steps),
        type_at,
        derived,
        steps: steps.into(),
        lits: lits.into(),
        n_operands: spec.operands.len() as u8,
        n_results: spec.results.len() as u8,
        defaults: format.default_attrs.iter().map(|i| *i as u8).collect(),
        props,
    })
}

/// The type sources of the slots of a format whose types `fills` fill in.
fn filled_types(fills: &[TypeFill]) -> Option<[Src; MAX_TYPES]> {
    let type_index = |s: FillSlot| match s {
        FillSlot::SingleOperand(i) => Some(i),
        FillSlot::Result(i) => Some(MAX_OPERANDS + i),
        FillSlot::OperandGroup(_) => None,
    };
    let mut type_src: [Src; MAX_TYPES] = std::array::from_fn(|k| Src::Parsed(k as u8));
    for fill in fills {
        let from = type_src[type_index(fill.from)?];
        for &to in &fill.to {
            type_src[type_index(to)?] = from;
        }
    }
    Some(type_src)
}

/// The type sources of the slots of a simple format (compiled to `steps`) whose types its type
/// relations give: the general path's first inference pass ([`Format::infer`]) run on the
/// format, when it leaves no type unknown. A type from an attribute or a transform may still
/// be missing in an op; the op then takes the general path's finishing.
fn inferred_types(format: &Format, spec: &OpSpec, steps: &[Step]) -> Option<[Src; MAX_TYPES]> {
    let mut type_src: [Option<Src>; MAX_TYPES] = [None; MAX_TYPES];
    let mut attr_written = [false; MAX_ATTRS];
    let mut in_group = 0;
    for step in steps {
        match *step {
            Step::Type(k, _) => type_src[k as usize] = Some(Src::Parsed(k)),
            Step::Attr { slot, .. } if in_group == 0 => attr_written[slot as usize] = true,
            Step::Group { then_len, else_len, .. } => {
                in_group = then_len as usize + else_len as usize + 1;
            }
            _ => {}
        }
        in_group = usize::saturating_sub(in_group, 1);
    }
    let index = |s: Slot| match s {
        Slot::Operand(i) => Some(i),
        Slot::Result(i) => Some(MAX_OPERANDS + i),
        Slot::Attr(_) | Slot::Missing => None,
    };
    // Unwritten attributes may have defaults: their types are left to the general path.
    let mentions = |s: &Slot| !matches!(s, Slot::Attr(i) if !attr_written[*i]);
    let slots = spec.operands.len();
    let all_known = |src: &[Option<Src>; MAX_TYPES]| src[..slots].iter().chain(&src[MAX_OPERANDS..MAX_OPERANDS + spec.results.len()]).all(Option::is_some);
    if !all_known(&type_src) {
        for rule in &format.infer {
            let known = |src: &[Option<Src>; MAX_TYPES], s: Slot| match s {
                Slot::Attr(i) => Some(Src::Attr(i as u8)),
                Slot::Missing => None,
                s => src[index(s)?],
            };
            match rule {
                InferRule::Same(slots) => {
                    if !slots.iter().all(mentions) {
                        return None;
                    }
                    if let Some(t) = slots.iter().find_map(|s| known(&type_src, *s)) {
                        for s in slots {
                            if let Some(k) = index(*s) {
                                type_src[k].get_or_insert(t);
                            }
                        }
                    }
                }
                InferRule::MatchWith { from, to, transform } => {
                    if !mentions(from) || !mentions(to) {
                        return None;
                    }
                    if known(&type_src, *to).is_none() {
                        match known(&type_src, *from) {
                            Some(Src::Parsed(k)) => type_src[index(*to)?] = Some(Src::Transform(k, *transform)),
                            Some(_) => return None,
                            None => {}
                        }
                    }
                }
                InferRule::MatchWithRange { .. } => return None,
            }
        }
    }
    if !all_known(&type_src) {
        return None;
    }
    Some(std::array::from_fn(|k| type_src[k].unwrap_or(Src::Parsed(k as u8))))
}

/// What has been parsed of a simple op: one value per slot.
struct Parsed {
    /// The operand of each slot.
    operands: [UnresolvedOperand; MAX_OPERANDS],
    /// The types written (see [`MAX_TYPES`]).
    types: [Option<Type>; MAX_TYPES],
    /// Inherent attributes per attribute slot.
    attrs: [Option<Attr>; MAX_ATTRS],
    /// Entries of the attribute dictionary.
    dict: Vec<(Ident, Attr)>,
}

/// Parses an op of a simple format (compiled to `simple`) into `state`; `start` is the offset
/// of its first token after the name.
pub(super) fn parse_simple(p: &mut dyn AsmParser<'_>, spec: &OpSpec, format: &Format, simple: &Simple, state: &mut OperationState, start: usize) -> Result<(), ()> {
    let mut st = Parsed {
        operands: [UnresolvedOperand { offset: 0, name_len: 0, number: 0 }; MAX_OPERANDS],
        types: [None; MAX_TYPES],
        attrs: [None; MAX_ATTRS],
        dict: Vec::new(),
    };
    match simple.binary {
        Some(b) => parse_binary(p, spec, simple, &mut st, b)?,
        None => parse_steps(p, spec, simple, &mut st, &simple.steps)?,
    }
    finish(p, spec, format, simple, &mut st, state, start)
}

/// Parses the steps of a binary op: those [`parse_steps`] would parse, in the same order.
#[inline(always)]
fn parse_binary(p: &mut dyn AsmParser<'_>, spec: &OpSpec, simple: &Simple, st: &mut Parsed, b: Binary) -> Result<(), ()> {
    st.operands[0] = p.parse_operand()?;
    p.parse_punct(&simple.lits[b.between as usize])?;
    st.operands[1] = p.parse_operand()?;
    if let Some((keyword, slot, qualified)) = b.group {
        if p.parse_optional_keyword(&simple.lits[keyword as usize]) {
            st.attrs[slot as usize] = Some(parse_attr_value(p, &spec.attrs[slot as usize], qualified)?);
        }
    }
    parse_attr_dict(p, &mut st.dict, false)?;
    p.parse_punct(&simple.lits[b.before_type as usize])?;
    st.types[b.ty as usize] = Some(b.class.parse(p)?);
    Ok(())
}

/// Parses `steps` in order.
fn parse_steps(p: &mut dyn AsmParser<'_>, spec: &OpSpec, simple: &Simple, st: &mut Parsed, steps: &[Step]) -> Result<(), ()> {
    let mut it = steps.iter();
    while let Some(step) = it.next() {
        match *step {
            Step::Keyword(k) => p.parse_keyword(&simple.lits[k as usize])?,
            Step::Punct(s) => p.parse_punct(&simple.lits[s as usize])?,
            Step::Operand(i) => st.operands[i as usize] = p.parse_operand()?,
            Step::Type(k, class) => st.types[k as usize] = Some(class.parse(p)?),
            Step::AttrDict(with_keyword) => parse_attr_dict(p, &mut st.dict, with_keyword)?,
            Step::Attr { slot, qualified } => st.attrs[slot as usize] = Some(parse_attr_value(p, &spec.attrs[slot as usize], qualified)?),
            Step::Group { first, then_len, else_len } => {
                let present = match first {
                    First::Keyword(k) => p.parse_optional_keyword(&simple.lits[k as usize]),
                    First::Punct(s) => p.parse_optional_punct(&simple.lits[s as usize]),
                    First::Attr { slot, qualified } => {
                        let a = &spec.attrs[slot as usize];
                        let present = if qualified { p.peek_attribute() } else { attr_starts(p, a) };
                        if present {
                            st.attrs[slot as usize] = Some(parse_attr_value(p, a, qualified)?);
                        }
                        present
                    }
                };
                let (then, rest) = it.as_slice().split_at(then_len as usize);
                let (otherwise, rest) = rest.split_at(else_len as usize);
                let branch = if present { then } else { otherwise };
                if !branch.is_empty() {
                    parse_steps(p, spec, simple, st, branch)?;
                }
                it = rest.iter();
            }
        }
    }
    Ok(())
}

/// The general path's finishing, for a simple op: inherent attributes out of the dictionary,
/// defaults, types, operands resolved, results and properties into `state`.
fn finish(p: &mut dyn AsmParser<'_>, spec: &OpSpec, format: &Format, simple: &Simple, st: &mut Parsed, state: &mut OperationState, start: usize) -> Result<(), ()> {
    for &(k, slot) in &simple.sources {
        if let Some(t) = st.types[k as usize] {
            check_source_type(p, spec, slot, t)?;
        }
    }
    let ctx = p.ctx();
    if !simple.derived.is_empty() && !derive_types(ctx, simple, st) {
        return finish_general(p, spec, format, st, state, start);
    }
    let discardable = split_dict(ctx, spec, &mut st.dict, &mut st.attrs);
    for &i in &simple.defaults {
        let i = i as usize;
        if st.attrs[i].is_none() {
            st.attrs[i] = spec.attrs[i].default_value(ctx);
        }
    }
    // One operand per slot, in slot order.
    for i in 0..simple.n_operands as usize {
        let Some(t) = st.types[simple.type_at[i] as usize] else {
            p.error_at(start, &format!("could not infer the type of operand '{}'", spec.operands[i].name));
            return Err(());
        };
        let v = p.resolve_operand(&st.operands[i], t)?;
        state.operands.push(v);
    }
    for j in 0..simple.n_results as usize {
        if let Some(t) = st.types[simple.type_at[MAX_OPERANDS + j] as usize] {
            state.result_types.push(t);
        }
    }
    // Properties, in name order: most often those of the first op.
    if let Some((entries, dict)) = format.first_props.get() {
        let mut n = 0;
        let same = simple.props.iter().all(|&i| match st.attrs[i as usize] {
            Some(v) => {
                n += 1;
                entries.get(n - 1) == Some(&(spec.attrs[i as usize].ident(ctx), v))
            }
            None => true,
        });
        if same && n == entries.len() {
            state.properties = Some(*dict);
            state.attrs = if discardable.is_empty() { ctx.empty_dict() } else { ctx.dict_attr(discardable) };
            return Ok(());
        }
    }
    let mut props: SmallVec<[(Ident, Attr); MAX_ATTRS]> = SmallVec::new();
    for &i in &simple.props {
        let i = i as usize;
        if let Some(v) = st.attrs[i] {
            props.push((spec.attrs[i].ident(ctx), v));
        }
    }
    set_attributes(ctx, format, &props, discardable, state);
    Ok(())
}

/// Puts the types derived from others with the parsed ones (before anything else changes);
/// false, with nothing changed, when one is missing (the op then takes the general finishing).
#[inline(never)]
fn derive_types(ctx: &mica_ir::Context, simple: &Simple, st: &mut Parsed) -> bool {
    for (n, &(k, src)) in simple.derived.iter().enumerate() {
        let t = match src {
            Src::Parsed(j) => st.types[j as usize],
            Src::Attr(i) => st.attrs[i as usize].and_then(|a| super::constraints::attr_type(ctx, a)),
            Src::Transform(j, f) => st.types[j as usize].and_then(|t| f(ctx, t)),
        };
        if t.is_none() {
            for &(k, _) in &simple.derived[..n] {
                st.types[k as usize] = None;
            }
            return false;
        }
        st.types[k as usize] = t;
    }
    true
}

/// Finishes a simple op the general way (see [`super::parse`]), from what was parsed.
#[inline(never)]
fn finish_general(p: &mut dyn AsmParser<'_>, spec: &OpSpec, format: &Format, st: &mut Parsed, state: &mut OperationState, start: usize) -> Result<(), ()> {
    let mut cx = ParseCtx::new(spec, start);
    for (i, o) in st.operands[..spec.operands.len()].iter().enumerate() {
        cx.push_operand(i, *o);
    }
    let known = |t: Option<Type>| t.map(|ty| Known::Each { ty, len: 1 });
    for i in 0..spec.operands.len() {
        cx.operand_types[i] = known(st.types[i]);
    }
    for j in 0..spec.results.len() {
        cx.result_types[j] = known(st.types[MAX_OPERANDS + j]);
    }
    cx.attrs.copy_from_slice(&st.attrs[..spec.attrs.len()]);
    cx.dict = std::mem::take(&mut st.dict);
    super::parse::finish(p, &mut cx, format, state)
}
