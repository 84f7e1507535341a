//! MLIR's declarative assembly format (`$lhs `,` $rhs attr-dict `:` type($result)`), read once
//! per op into a small tree that the generic parser and printer walk.
//!
//! Supported: literals (keywords and punctuation, `` ` ` `` and `` `` `` spacing, `` `\n` ``),
//! variables (`$name` for operands, attributes, regions, successors), `type(...)`,
//! `qualified(...)`, `functional-type(...)`, `attr-dict`, `attr-dict-with-keyword`,
//! `prop-dict`, `operands`, `results`, `regions`, `successors`, `custom<Name>(...)` (with
//! `ref(...)`), optional groups `(...)?` with a `^` anchor and an else group `(...):(...)?`, and
//! `oilist(...)`.

use super::custom::{CustomArg, CustomDirective};
use mica_ir::{Attr, Ident};
use super::{Arity, Check, OpSpec, Presence, TypeClass, TypeRangeTransform, TypeTransform};

/// What a `type(...)` directive or a custom argument refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Var {
    /// An operand slot.
    Operand(usize),
    /// A result slot.
    Result(usize),
    /// All operands.
    Operands,
    /// All results.
    Results,
}

/// One element of a format.
#[derive(Clone, Debug)]
pub enum Elem {
    /// A keyword or punctuation literal.
    Literal(String),
    /// `` ` ` `` (true: a space) or `` `` `` (false: no space).
    Space(bool),
    /// `` `\n` ``
    Newline,
    /// `$operand`
    Operand(usize),
    /// `$attr`; `true` when `qualified(...)`.
    Attr(usize, bool),
    /// `$region`
    Region(usize),
    /// `$successor`
    Successor(usize),
    /// `type(...)`; `true` when `qualified(...)`.
    Type(Var, bool),
    /// `functional-type(inputs, results)`
    FunctionalType(Var, Var),
    /// `attr-dict`; `true` for `attr-dict-with-keyword`.
    AttrDict(bool),
    /// `prop-dict`
    PropDict,
    /// `operands`
    Operands,
    /// `regions`
    Regions,
    /// `successors`
    Successors,
    /// `custom<Name>(args)`
    Custom(&'static CustomDirective, Vec<CustomArg>),
    /// `(then)?` or `(then) : (else)?`; `anchor` is the element marked `^`.
    Optional { then: Vec<Elem>, otherwise: Vec<Elem>, anchor: Box<Elem> },
    /// `oilist(clause | clause ...)`: each clause starts with a keyword literal.
    OIList(Vec<Vec<Elem>>),
}

/// A parsed format.
#[derive(Clone, Debug)]
pub struct Format {
    /// Attributes that the format writes (so `attr-dict` leaves them out).
    pub attrs_in_format: Vec<usize>,
    /// Whether the format contains `prop-dict`.
    pub has_prop_dict: bool,
    /// The op's type relations, with their names resolved to slots, in the order the parser
    /// uses them to infer types the format leaves out.
    pub(crate) infer: Vec<InferRule>,
    /// The properties a parsed op can have, sorted by name (the order of a dictionary).
    pub(crate) props_sorted: Vec<PropSlot>,
    /// The attribute slots with a default value (the parser fills those left unwritten).
    pub(crate) default_attrs: Vec<usize>,
    /// Whether the op's operands share one type (`SameOperandsAndResultType` or
    /// `SameTypeOperands`): one type written for a variadic group is then each operand's.
    pub(crate) same_type: bool,
    /// The printer's program: the elements in order with their spacing decided (see
    /// [`PrintStep`]).
    pub(crate) print: Vec<PrintStep>,
    /// The parser's program: the elements in order without spacing, optional groups
    /// flattened (see [`ParseStep`]).
    pub(crate) parse: Vec<ParseStep>,
    /// Whether the operands come in slot order in every op (the format names them in that
    /// order, and no directive or clause puts them in another).
    pub(crate) operands_in_order: bool,
    /// The types the format leaves out, when the format alone decides where each comes from
    /// (see [`TypeFill`]), in order. `None` when the parser must work it out per op from
    /// [`Format::infer`].
    pub(crate) type_fills: Option<Vec<TypeFill>>,
    /// The properties dictionary of the first op parsed with this format, and its entries:
    /// most ops of a kind have the same (often only default values), and comparing entries is
    /// cheaper than interning them again.
    pub(crate) first_props: std::sync::OnceLock<(Box<[(Ident, Attr)]>, Attr)>,
    /// A dictionary (by index) whose entries `attr-dict` leaves out entirely, found while
    /// printing: ops with the same dictionary skip checking each entry again. `u32::MAX` until
    /// one is found.
    pub(crate) elided_dict: ElidedDict,
    /// The parser's fast-path program for this format, when it is simple enough (see
    /// [`super::fast`]), decided when the format is compiled.
    pub(crate) simple: Option<super::fast::Simple>,
    /// The operand and result slots whose written types another slot's type is made from by a
    /// transform (`TypesMatchWith`), in the order MLIR's generated parser checks them against
    /// their constraints once the op is read (the results' sources, then the operands').
    pub(crate) source_checks: Vec<Slot>,
}

/// See [`Format::elided_dict`].
#[derive(Debug, Default)]
pub(crate) struct ElidedDict(std::sync::atomic::AtomicU32);

impl ElidedDict {
    /// The dictionary found, if any.
    pub(crate) fn get(&self) -> Option<u32> {
        let i = self.0.load(std::sync::atomic::Ordering::Relaxed);
        (i != u32::MAX).then_some(i)
    }

    /// Records a dictionary whose entries are all left out.
    pub(crate) fn set(&self, index: u32) {
        self.0.store(index, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Clone for ElidedDict {
    fn clone(&self) -> Self {
        ElidedDict(std::sync::atomic::AtomicU32::new(self.0.load(std::sync::atomic::Ordering::Relaxed)))
    }
}

/// Slots that take the type of slot `from` (which holds one type once the format is parsed).
#[derive(Clone, Debug)]
pub(crate) struct TypeFill {
    /// Where the type is read.
    pub(crate) from: FillSlot,
    /// Where it is written.
    pub(crate) to: Vec<FillSlot>,
}

/// An operand or result slot of a [`TypeFill`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FillSlot {
    /// Single operand slot `i`.
    SingleOperand(usize),
    /// Optional or variadic operand slot `i` (one type per operand).
    OperandGroup(usize),
    /// Result slot `i` (one type).
    Result(usize),
}

/// An operand, result or attribute slot named in a check.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// Operand slot `i`.
    Operand(usize),
    /// Result slot `i`.
    Result(usize),
    /// Attribute slot `i`.
    Attr(usize),
    /// A name that is none of them.
    Missing,
}

impl Slot {
    /// The slot `name` refers to: an operand, else a result, else an attribute.
    pub(crate) fn resolve(spec: &OpSpec, name: &str) -> Slot {
        if let Some(i) = spec.operand_index(name) {
            Slot::Operand(i)
        } else if let Some(i) = spec.result_index(name) {
            Slot::Result(i)
        } else if let Some(i) = spec.attr_index(name) {
            Slot::Attr(i)
        } else {
            Slot::Missing
        }
    }
}

/// A type relation the parser infers types from.
#[derive(Clone, Debug)]
pub(crate) enum InferRule {
    /// The slots all have one type (`SameOperandsAndResultType`, `SameTypeOperands`,
    /// `AllTypesMatch`).
    Same(Vec<Slot>),
    /// `to`'s type is `transform(from's type)`.
    MatchWith { from: Slot, to: Slot, transform: TypeTransform },
    /// The types of operand slot `to` are `transform(from's type)`.
    MatchWithRange { from: Slot, to: Option<usize>, transform: TypeRangeTransform },
}

/// A property of a parsed op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum PropSlot {
    /// Attribute slot `i`.
    Attr(usize),
    /// `operandSegmentSizes`
    OperandSegments,
    /// `resultSegmentSizes`
    ResultSegments,
}

/// One step of printing a format. MLIR's generated printers decide spacing from the format
/// alone (the "space before" and "last was punctuation" flags run through both branches of
/// every optional group whether or not it is printed), so each step knows whether a space
/// precedes it.
#[derive(Clone, Debug)]
pub(crate) enum PrintStep {
    /// A keyword or punctuation literal.
    Literal { text: String, space: bool },
    /// `` ` ` ``
    Space,
    /// `` `\n` ``
    Newline,
    /// `attr-dict` (with the keyword when true).
    AttrDict(bool),
    /// Any other element.
    Elem { elem: Elem, space: bool },
    /// An optional group: the `then` steps follow, then the `otherwise` steps; the first are
    /// printed when `anchor` is present, the others when it is not.
    Group { anchor: Elem, then_len: usize, else_len: usize },
    /// An `oilist` clause, printed when one of `vars` is present: its `len` steps follow.
    Clause { vars: Vec<Elem>, len: usize },
}

/// One step of parsing a format. Spacing is left out, literals know whether they are
/// keywords, and an optional group is followed by its steps, so that the parser walks one flat
/// list of small steps. (An explicit tag byte: matching on it measured cheaper than on the
/// niche of a `String`.)
#[derive(Clone, Debug)]
#[repr(u8)]
pub(crate) enum ParseStep {
    /// A keyword literal.
    Keyword(String),
    /// A punctuation literal.
    Punct(String),
    /// `$operand` of a single operand slot.
    Operand(usize),
    /// `type($operand)` of a single operand slot, read as its class.
    OperandType(usize, TypeClass),
    /// `type($result)` of a single result slot, read as its class.
    ResultType(usize, TypeClass),
    /// `attr-dict` (with the keyword when true).
    AttrDict(bool),
    /// An optional group, there when `first` (its first element) is: the `then_len` steps of
    /// the rest of the group follow, then the `else_len` steps of its else group.
    Group { first: GroupFirst, then_len: usize, else_len: usize },
    /// Any other element.
    Elem(Elem),
}

/// The first element of an optional group, which is parsed if it is there and then tells
/// that the group is.
#[derive(Clone, Debug)]
pub(crate) enum GroupFirst {
    /// A keyword literal.
    Keyword(String),
    /// A punctuation literal.
    Punct(String),
    /// Any other element.
    Elem(Elem),
}

/// Whether literal `lit` is a keyword (else punctuation).
pub(crate) fn is_keyword(lit: &str) -> bool {
    lit.as_bytes().first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
}

/// Appends the parse steps of `elems` to `out`.
fn compile_parse(elems: &[Elem], spec: &OpSpec, out: &mut Vec<ParseStep>) {
    for e in elems {
        out.push(match e {
            Elem::Space(_) | Elem::Newline => continue,
            Elem::Literal(l) if is_keyword(l) => ParseStep::Keyword(l.clone()),
            Elem::Literal(l) => ParseStep::Punct(l.clone()),
            Elem::Operand(i) if spec.operands[*i].arity == Arity::Single => ParseStep::Operand(*i),
            Elem::Type(Var::Operand(i), _) if spec.operands[*i].arity == Arity::Single => ParseStep::OperandType(*i, spec.operands[*i].class),
            Elem::Type(Var::Result(i), _) if spec.results[*i].arity == Arity::Single => ParseStep::ResultType(*i, spec.results[*i].class),
            Elem::AttrDict(with_keyword) => ParseStep::AttrDict(*with_keyword),
            Elem::Optional { then, otherwise, .. } => {
                let first_at = then.iter().position(|e| !matches!(e, Elem::Space(_) | Elem::Newline)).expect("optional groups are not empty");
                let first = match &then[first_at] {
                    Elem::Literal(l) if is_keyword(l) => GroupFirst::Keyword(l.clone()),
                    Elem::Literal(l) => GroupFirst::Punct(l.clone()),
                    e => GroupFirst::Elem(e.clone()),
                };
                let at = out.len();
                out.push(ParseStep::Group { first, then_len: 0, else_len: 0 });
                compile_parse(&then[first_at + 1..], spec, out);
                let then_len = out.len() - at - 1;
                compile_parse(otherwise, spec, out);
                let else_len = out.len() - at - 1 - then_len;
                if let ParseStep::Group { then_len: t, else_len: e, .. } = &mut out[at] {
                    (*t, *e) = (then_len, else_len);
                }
                continue;
            }
            _ => ParseStep::Elem(e.clone()),
        });
    }
}

/// Which operand and which result slots have their types written by every op of the format,
/// one type each; `None` when some slot's types may or may not be written (a type in an
/// optional group or a custom directive, a variadic slot's types, types given for all slots).
fn always_written_types(elems: &[Elem], spec: &OpSpec) -> Option<(Vec<bool>, Vec<bool>)> {
    let mut operands = vec![false; spec.operands.len()];
    let mut results = vec![false; spec.results.len()];
    for e in elems {
        match e {
            Elem::Type(Var::Operand(i), _) if spec.operands[*i].arity == Arity::Single => operands[*i] = true,
            Elem::Type(Var::Result(i), _) if spec.results[*i].arity == Arity::Single => results[*i] = true,
            e if writes_types(std::slice::from_ref(e)) => return None,
            _ => {}
        }
    }
    Some((operands, results))
}

/// Marks the operand and result slots whose types `elems` write (in any branch).
fn mark_written_types(elems: &[Elem], operands: &mut [bool], results: &mut [bool]) {
    fn mark(v: &Var, operands: &mut [bool], results: &mut [bool]) {
        match v {
            Var::Operand(i) => operands[*i] = true,
            Var::Result(i) => results[*i] = true,
            Var::Operands => operands.fill(true),
            Var::Results => results.fill(true),
        }
    }
    for e in elems {
        match e {
            Elem::Type(v, _) => mark(v, operands, results),
            Elem::FunctionalType(a, b) => {
                mark(a, operands, results);
                mark(b, operands, results);
            }
            Elem::Custom(_, args) => {
                for a in args {
                    if let CustomArg::Type(v) = a {
                        mark(v, operands, results);
                    }
                }
            }
            Elem::Optional { then, otherwise, .. } => {
                mark_written_types(then, operands, results);
                mark_written_types(otherwise, operands, results);
            }
            Elem::OIList(clauses) => clauses.iter().for_each(|c| mark_written_types(c, operands, results)),
            _ => {}
        }
    }
}

/// [`Format::source_checks`]: as MLIR's format generator, each slot whose type the format
/// leaves out takes it from the last type relation naming it with a written slot or attribute
/// (`attrs`: those the format writes); the sources of the relations with a transform are
/// checked, those of the results first. Results an op infers by hand take no relation.
fn source_checks(elems: &[Elem], spec: &OpSpec, attrs: &[usize]) -> Vec<Slot> {
    if !spec.checks.iter().any(|c| matches!(c, Check::TypesMatchWith { .. } | Check::TypesMatchWithRange { .. })) {
        return Vec::new();
    }
    let mut operands = vec![false; spec.operands.len()];
    let mut results = vec![false; spec.results.len()];
    mark_written_types(elems, &mut operands, &mut results);
    let written = |s: Slot| match s {
        Slot::Operand(i) => operands[i],
        Slot::Result(i) => results[i],
        Slot::Attr(i) => attrs.contains(&i),
        Slot::Missing => false,
    };
    // Per operand slot, then per result slot: the source and whether it is transformed.
    let n = spec.operands.len();
    let mut resolver: Vec<Option<(Slot, bool)>> = vec![None; n + spec.results.len()];
    let index = |s: Slot| match s {
        Slot::Operand(i) => Some(i),
        Slot::Result(i) => Some(n + i),
        Slot::Attr(_) | Slot::Missing => None,
    };
    let same = |resolver: &mut Vec<Option<(Slot, bool)>>, slots: &mut dyn Iterator<Item = Slot>, from: Slot| {
        for s in slots {
            if s != from && !written(s) {
                if let Some(k) = index(s) {
                    resolver[k] = Some((from, false));
                }
            }
        }
    };
    for c in &spec.checks {
        match c {
            Check::AllTypesMatch(names) => {
                let slots: Vec<Slot> = names.iter().map(|n| Slot::resolve(spec, n)).collect();
                for &from in slots.iter().filter(|s| written(**s)) {
                    same(&mut resolver, &mut slots.iter().copied(), from);
                }
            }
            Check::SameTypeOperands | Check::SameOperandsAndResultType => {
                let with_results = matches!(c, Check::SameOperandsAndResultType);
                let from = (0..n).map(Slot::Operand).find(|s| written(*s));
                let from = from.or_else(|| if with_results { (0..spec.results.len()).map(Slot::Result).find(|s| written(*s)) } else { None });
                if let Some(from) = from {
                    let results = if with_results { spec.results.len() } else { 0 };
                    same(&mut resolver, &mut (0..n).map(Slot::Operand).chain((0..results).map(Slot::Result)), from);
                }
            }
            Check::TypesMatchWith { from, to, .. } | Check::TypesMatchWithRange { from, to, .. } => {
                let (from, to) = (Slot::resolve(spec, from), Slot::resolve(spec, to));
                if written(from) && !written(to) {
                    if let Some(k) = index(to) {
                        resolver[k] = Some((from, true));
                    }
                }
            }
            _ => {}
        }
    }
    let results_inferred = spec.infer.is_some() && !results.contains(&true);
    let order = (n..resolver.len()).filter(|_| !results_inferred).chain(0..n);
    let mut out: Vec<Slot> = Vec::new();
    for k in order {
        if let Some((from @ (Slot::Operand(_) | Slot::Result(_)), true)) = resolver[k] {
            if !out.contains(&from) {
                out.push(from);
            }
        }
    }
    out
}

/// Adds to `uses` how many times `elems` name each operand slot.
fn count_operand_uses(elems: &[Elem], uses: &mut [usize]) {
    for e in elems {
        match e {
            Elem::Operand(i) => uses[*i] += 1,
            Elem::Optional { then, otherwise, .. } => {
                count_operand_uses(then, uses);
                count_operand_uses(otherwise, uses);
            }
            Elem::OIList(clauses) => clauses.iter().for_each(|c| count_operand_uses(c, uses)),
            _ => {}
        }
    }
}

/// [`Format::operands_in_order`] of a format with elements `elems`.
fn operands_in_order(elems: &[Elem]) -> bool {
    /// Appends the operand slots `elems` name in order to `out`; false when that order is
    /// not the parse order (a custom directive or an `oilist`).
    fn walk(elems: &[Elem], out: &mut Vec<usize>) -> bool {
        elems.iter().all(|e| match e {
            Elem::Operand(i) => {
                out.push(*i);
                true
            }
            Elem::Optional { then, otherwise, .. } => walk(then, out) && walk(otherwise, out),
            Elem::Custom(..) | Elem::OIList(_) | Elem::Operands => false,
            _ => true,
        })
    }
    let mut order = Vec::new();
    walk(elems, &mut order) && order.is_sorted()
}

/// Whether any of `elems` may write types.
fn writes_types(elems: &[Elem]) -> bool {
    elems.iter().any(|e| match e {
        Elem::Type(..) | Elem::FunctionalType(..) | Elem::Custom(..) => true,
        Elem::Optional { then, otherwise, anchor } => writes_types(then) || writes_types(otherwise) || writes_types(std::slice::from_ref(anchor)),
        Elem::OIList(clauses) => clauses.iter().any(|c| writes_types(c)),
        _ => false,
    })
}

/// [`Format::type_fills`]: the parser's type inference run on the format instead of an op,
/// when its outcome does not depend on the op (only `Same` rules over operand and result
/// slots, types written by every op, each slot that gives a type holding one, every type found
/// without buildable types, each single operand slot named at most once).
fn type_fills(elems: &[Elem], spec: &OpSpec, rules: &[InferRule]) -> Option<Vec<TypeFill>> {
    let (mut operands, mut results) = always_written_types(elems, spec)?;
    // A single operand slot written twice would hold two operands.
    let mut uses = vec![0; spec.operands.len()];
    count_operand_uses(elems, &mut uses);
    if uses.iter().any(|n| *n > 1) {
        return None;
    }
    let mut fills: Vec<TypeFill> = Vec::new();
    let fill_slot = |s: Slot| match s {
        Slot::Operand(i) if spec.operands[i].arity == Arity::Single => FillSlot::SingleOperand(i),
        Slot::Operand(i) => FillSlot::OperandGroup(i),
        Slot::Result(i) => FillSlot::Result(i),
        Slot::Attr(_) | Slot::Missing => unreachable!("fills name operands and results"),
    };
    let all_known = |o: &[bool], r: &[bool]| o.iter().chain(r).all(|k| *k);
    // One pass over the rules: a format whose rules need more (one rule using a type another
    // fills later) is left to the per-op inference.
    if !all_known(&operands, &results) {
        for rule in rules {
            let InferRule::Same(slots) = rule else { return None };
            let mut from = None;
            for s in slots {
                match *s {
                    Slot::Operand(i) if operands[i] => {
                        // A variadic group may be empty at run time, leaving the type unknown.
                        if spec.operands[i].arity != Arity::Single {
                            return None;
                        }
                        from = Some(*s);
                        break;
                    }
                    Slot::Result(i) if results[i] => {
                        from = Some(*s);
                        break;
                    }
                    Slot::Attr(_) => return None,
                    _ => {}
                }
            }
            let Some(from) = from else { continue };
            for s in slots {
                let known = match *s {
                    Slot::Operand(i) => &mut operands[i],
                    Slot::Result(i) => &mut results[i],
                    Slot::Attr(_) | Slot::Missing => continue,
                };
                if !*known {
                    *known = true;
                    let (to, from) = (fill_slot(*s), fill_slot(from));
                    match fills.last_mut() {
                        Some(last) if last.from == from => last.to.push(to),
                        _ => fills.push(TypeFill { from, to: vec![to] }),
                    }
                }
            }
        }
        if !all_known(&operands, &results) {
            return None;
        }
    }
    Some(fills)
}

/// The generator's spacing state while compiling the print steps.
struct Spacing {
    emit_space: bool,
    last_was_punct: bool,
}

/// Whether the generator puts a space before literal `value`.
fn space_before(value: &str, last_was_punct: bool) -> bool {
    if value.len() != 1 && value != "->" {
        return true;
    }
    let c = value.as_bytes()[0] as char;
    if last_was_punct { !">)}],".contains(c) } else { !"<>(){}[],".contains(c) }
}

/// The print steps of a format.
fn print_steps(elems: &[Elem], spec: &OpSpec) -> Vec<PrintStep> {
    let mut st = Spacing { emit_space: true, last_was_punct: false };
    let mut out = Vec::new();
    // A leading `` does not take away the space after the op name (`index.cmp slt(...)`).
    let skip = usize::from(matches!(elems.first(), Some(Elem::Space(false))));
    compile_print(&elems[skip..], spec, &mut st, &mut out, None);
    out
}

/// Whether two elements name the same operand, attribute, region or successor.
pub(crate) fn same_elem(a: &Elem, b: &Elem) -> bool {
    match (a, b) {
        (Elem::Attr(x, _), Elem::Attr(y, _)) => x == y,
        (Elem::Operand(x), Elem::Operand(y)) | (Elem::Region(x), Elem::Region(y)) | (Elem::Successor(x), Elem::Successor(y)) => x == y,
        _ => false,
    }
}

fn is_unit_attr(spec: &OpSpec, e: &Elem) -> bool {
    matches!(e, Elem::Attr(i, _) if matches!(spec.attrs[*i].constraint.syntax, super::AttrSyntax::Unit))
}

/// Appends the steps of `elems` (leaving out elements equal to `skip`) to `out`.
fn compile_print(elems: &[Elem], spec: &OpSpec, st: &mut Spacing, out: &mut Vec<PrintStep>, skip: Option<&Elem>) {
    for e in elems {
        if skip.is_some_and(|s| same_elem(s, e)) {
            continue;
        }
        match e {
            Elem::Literal(l) => {
                out.push(PrintStep::Literal { text: l.clone(), space: st.emit_space && space_before(l, st.last_was_punct) });
                let first = l.as_bytes().first().copied().unwrap_or(b' ') as char;
                st.emit_space = l.len() != 1 || !"<({[".contains(first);
                st.last_was_punct = first != '_' && !first.is_ascii_alphabetic();
            }
            Elem::Space(true) => {
                out.push(PrintStep::Space);
                st.last_was_punct = false;
                st.emit_space = false;
            }
            Elem::Space(false) => {
                st.last_was_punct = true;
                st.emit_space = false;
            }
            Elem::Newline => out.push(PrintStep::Newline),
            Elem::Optional { then, otherwise, anchor } => {
                // A unit attribute anchoring the group is written by the group's presence
                // alone, unless it comes first in a branch.
                let first_is_anchor = |branch: &[Elem]| branch.first().is_some_and(|f| same_elem(f, anchor));
                let unit_anchor = (is_unit_attr(spec, anchor) && !first_is_anchor(then) && !first_is_anchor(otherwise)).then_some(anchor.as_ref());
                let at = out.len();
                out.push(PrintStep::Group { anchor: (**anchor).clone(), then_len: 0, else_len: 0 });
                compile_print(then, spec, st, out, unit_anchor);
                let then_len = out.len() - at - 1;
                compile_print(otherwise, spec, st, out, unit_anchor);
                let else_len = out.len() - at - 1 - then_len;
                out[at] = PrintStep::Group { anchor: (**anchor).clone(), then_len, else_len };
            }
            Elem::OIList(clauses) => {
                for clause in clauses {
                    let vars: Vec<Elem> = clause.iter().filter(|c| !matches!(c, Elem::Literal(_) | Elem::Space(_) | Elem::Newline)).cloned().collect();
                    let at = out.len();
                    out.push(PrintStep::Clause { vars: vars.clone(), len: 0 });
                    // Unit attributes of a clause are written by the clause's presence.
                    let printed: Vec<Elem> = clause.iter().filter(|c| !is_unit_attr(spec, c)).cloned().collect();
                    compile_print(&printed, spec, st, out, None);
                    let len = out.len() - at - 1;
                    out[at] = PrintStep::Clause { vars, len };
                }
            }
            Elem::AttrDict(with_keyword) => {
                out.push(PrintStep::AttrDict(*with_keyword));
                st.last_was_punct = false;
            }
            _ => {
                out.push(PrintStep::Elem { elem: e.clone(), space: st.emit_space || !st.last_was_punct });
                st.last_was_punct = false;
                st.emit_space = true;
            }
        }
    }
}

/// The type relations of `spec`'s checks, resolved to slots.
fn infer_rules(spec: &OpSpec) -> Vec<InferRule> {
    let slots = |names: &mut dyn Iterator<Item = &str>| names.map(|n| Slot::resolve(spec, n)).collect();
    spec.checks
        .iter()
        .filter_map(|c| match c {
            Check::SameOperandsAndResultType => {
                Some(InferRule::Same(slots(&mut spec.operands.iter().chain(&spec.results).map(|v| v.name))))
            }
            Check::SameTypeOperands => Some(InferRule::Same(slots(&mut spec.operands.iter().map(|v| v.name)))),
            Check::AllTypesMatch(names) => Some(InferRule::Same(slots(&mut names.iter().copied()))),
            Check::TypesMatchWith { from, to, transform, .. } => {
                Some(InferRule::MatchWith { from: Slot::resolve(spec, from), to: Slot::resolve(spec, to), transform: *transform })
            }
            Check::TypesMatchWithRange { from, to, transform, .. } => {
                Some(InferRule::MatchWithRange { from: Slot::resolve(spec, from), to: spec.operand_index(to), transform: *transform })
            }
            _ => None,
        })
        .collect()
}

/// The properties of `spec`, sorted by name.
fn props_sorted(spec: &OpSpec) -> Vec<PropSlot> {
    let mut props: Vec<(&str, PropSlot)> = spec.attrs.iter().enumerate().map(|(i, a)| (a.name, PropSlot::Attr(i))).collect();
    if spec.operand_segments {
        props.push(("operandSegmentSizes", PropSlot::OperandSegments));
    }
    if spec.result_segments {
        props.push(("resultSegmentSizes", PropSlot::ResultSegments));
    }
    props.sort_by(|a, b| a.0.cmp(b.0));
    props.dedup_by(|a, b| a.0 == b.0);
    props.into_iter().map(|p| p.1).collect()
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Var(String),
    Literal(String),
    Word(String),
    Punct(char),
}

fn tokenize(src: &str) -> Result<Vec<Tok>, String> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
        } else if c == '`' {
            let end = src[i + 1..].find('`').ok_or("unterminated literal")? + i + 1;
            out.push(Tok::Literal(src[i + 1..end].to_string()));
            i = end + 1;
        } else if c == '"' {
            // A string argument of a custom directive (`"::mlir::AsmParser::Delimiter::Paren"`).
            let end = src[i + 1..].find('"').ok_or("unterminated string")? + i + 1;
            out.push(Tok::Literal(src[i + 1..end].to_string()));
            i = end + 1;
        } else if c == '$' {
            let start = i + 1;
            i = start;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Var(src[start..i].to_string()));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'-') {
                i += 1;
            }
            out.push(Tok::Word(src[start..i].to_string()));
        } else if "()?^:,<>|".contains(c) {
            out.push(Tok::Punct(c));
            i += 1;
        } else {
            return Err(format!("unexpected character '{c}'"));
        }
    }
    Ok(out)
}

struct FormatParser<'s> {
    toks: Vec<Tok>,
    pos: usize,
    spec: &'s OpSpec,
    directives: &'static [CustomDirective],
    attrs_in_format: Vec<usize>,
    has_prop_dict: bool,
}

/// Reads `src` as the format of `spec`; custom directives are looked up in `directives`.
pub fn parse_format(src: &str, spec: &OpSpec, directives: &'static [CustomDirective]) -> Result<Format, String> {
    let mut p = FormatParser { toks: tokenize(src)?, pos: 0, spec, directives, attrs_in_format: Vec::new(), has_prop_dict: false };
    let mut elems = Vec::new();
    while p.pos < p.toks.len() {
        elems.push(p.element(false)?.0);
    }
    let infer = infer_rules(spec);
    let mut parse = Vec::new();
    compile_parse(&elems, spec, &mut parse);
    let source_checks = source_checks(&elems, spec, &p.attrs_in_format);
    let mut format = Format {
        attrs_in_format: p.attrs_in_format,
        has_prop_dict: p.has_prop_dict,
        type_fills: type_fills(&elems, spec, &infer),
        operands_in_order: operands_in_order(&elems),
        parse,
        infer,
        props_sorted: props_sorted(spec),
        default_attrs: spec.attrs.iter().enumerate().filter(|(_, a)| matches!(a.presence, Presence::Default(_))).map(|(i, _)| i).collect(),
        same_type: spec.checks.iter().any(|c| matches!(c, Check::SameOperandsAndResultType | Check::SameTypeOperands)),
        first_props: std::sync::OnceLock::new(),
        elided_dict: ElidedDict(std::sync::atomic::AtomicU32::new(u32::MAX)),
        print: print_steps(&elems, spec),
        simple: None,
        source_checks,
    };
    format.simple = super::fast::compile(&format, spec);
    Ok(format)
}

impl FormatParser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn next(&mut self) -> Result<Tok, String> {
        let t = self.toks.get(self.pos).cloned().ok_or("unexpected end of format")?;
        self.pos += 1;
        Ok(t)
    }

    fn expect(&mut self, c: char) -> Result<(), String> {
        match self.next()? {
            Tok::Punct(x) if x == c => Ok(()),
            t => Err(format!("expected '{c}', found {t:?}")),
        }
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// One element; the flag says whether it carried the `^` anchor mark.
    fn element(&mut self, in_group: bool) -> Result<(Elem, bool), String> {
        let e = match self.next()? {
            Tok::Literal(l) => match l.as_str() {
                " " => Elem::Space(true),
                "" => Elem::Space(false),
                "\\n" => Elem::Newline,
                _ => Elem::Literal(l),
            },
            Tok::Var(name) => self.variable(&name)?,
            Tok::Word(w) => self.directive(&w)?,
            Tok::Punct('(') => return self.optional_group().map(|e| (e, false)),
            t => return Err(format!("unexpected {t:?}")),
        };
        let anchored = in_group && self.eat('^');
        Ok((e, anchored))
    }

    fn variable(&mut self, name: &str) -> Result<Elem, String> {
        let s = self.spec;
        if let Some(i) = s.operand_index(name) {
            return Ok(Elem::Operand(i));
        }
        if let Some(i) = s.attrs.iter().position(|a| a.name == name) {
            self.attrs_in_format.push(i);
            return Ok(Elem::Attr(i, false));
        }
        if let Some(i) = s.regions.iter().position(|r| r.name == name) {
            return Ok(Elem::Region(i));
        }
        if let Some(i) = s.successors.iter().position(|r| r.name == name) {
            return Ok(Elem::Successor(i));
        }
        Err(format!("unknown variable ${name}"))
    }

    fn var_ref(&mut self) -> Result<Var, String> {
        match self.next()? {
            Tok::Var(n) => {
                if let Some(i) = self.spec.operand_index(&n) {
                    Ok(Var::Operand(i))
                } else if let Some(i) = self.spec.result_index(&n) {
                    Ok(Var::Result(i))
                } else {
                    Err(format!("unknown operand or result ${n}"))
                }
            }
            Tok::Word(w) if w == "operands" => Ok(Var::Operands),
            Tok::Word(w) if w == "results" => Ok(Var::Results),
            t => Err(format!("expected a variable, found {t:?}")),
        }
    }

    fn directive(&mut self, w: &str) -> Result<Elem, String> {
        Ok(match w {
            "attr-dict" => Elem::AttrDict(false),
            "attr-dict-with-keyword" => Elem::AttrDict(true),
            "prop-dict" => {
                self.has_prop_dict = true;
                Elem::PropDict
            }
            "operands" => Elem::Operands,
            "regions" => Elem::Regions,
            "successors" => Elem::Successors,
            "type" => {
                self.expect('(')?;
                let v = self.var_ref()?;
                self.expect(')')?;
                Elem::Type(v, false)
            }
            "qualified" => {
                self.expect('(')?;
                let inner = match self.next()? {
                    Tok::Word(t) if t == "type" => {
                        self.expect('(')?;
                        let v = self.var_ref()?;
                        self.expect(')')?;
                        Elem::Type(v, true)
                    }
                    Tok::Var(n) => match self.variable(&n)? {
                        Elem::Attr(i, _) => Elem::Attr(i, true),
                        _ => return Err("qualified() takes an attribute or type".into()),
                    },
                    t => return Err(format!("unexpected {t:?} in qualified")),
                };
                self.expect(')')?;
                inner
            }
            "functional-type" => {
                self.expect('(')?;
                let a = self.var_ref()?;
                self.expect(',')?;
                let b = self.var_ref()?;
                self.expect(')')?;
                Elem::FunctionalType(a, b)
            }
            "custom" => {
                self.expect('<')?;
                let name = match self.next()? {
                    Tok::Word(n) => n,
                    t => return Err(format!("expected directive name, found {t:?}")),
                };
                self.expect('>')?;
                let dir = self
                    .directives
                    .iter()
                    .chain(super::directives::COMMON.iter())
                    .find(|d| d.name == name)
                    .ok_or_else(|| format!("unknown custom directive {name}"))?;
                self.expect('(')?;
                let mut args = Vec::new();
                if !self.eat(')') {
                    loop {
                        args.push(self.custom_arg()?);
                        if self.eat(')') {
                            break;
                        }
                        self.expect(',')?;
                    }
                }
                Elem::Custom(dir, args)
            }
            "oilist" => {
                self.expect('(')?;
                let mut clauses = Vec::new();
                let mut cur = Vec::new();
                loop {
                    if self.eat(')') {
                        clauses.push(std::mem::take(&mut cur));
                        break;
                    }
                    if self.eat('|') {
                        clauses.push(std::mem::take(&mut cur));
                        continue;
                    }
                    cur.push(self.element(false)?.0);
                }
                Elem::OIList(clauses)
            }
            _ => return Err(format!("unknown directive {w}")),
        })
    }

    fn custom_arg(&mut self) -> Result<CustomArg, String> {
        let by_ref = matches!(self.peek(), Some(Tok::Word(w)) if w == "ref");
        if by_ref {
            self.pos += 1;
            self.expect('(')?;
        }
        let arg = match self.next()? {
            Tok::Var(n) => match self.variable(&n)? {
                Elem::Operand(i) => CustomArg::Operand(i),
                Elem::Attr(i, _) => CustomArg::Attr(i),
                Elem::Region(i) => CustomArg::Region(i),
                Elem::Successor(i) => CustomArg::Successor(i),
                _ => unreachable!("variable() returns variables"),
            },
            Tok::Word(w) if w == "type" => {
                self.expect('(')?;
                let v = self.var_ref()?;
                self.expect(')')?;
                CustomArg::Type(v)
            }
            Tok::Word(w) if w == "attr-dict" => CustomArg::AttrDict,
            Tok::Literal(l) => CustomArg::Literal(l),
            t => return Err(format!("unexpected {t:?} in custom directive")),
        };
        if by_ref {
            self.expect(')')?;
            // A `ref(...)` argument is also written elsewhere: it is not the attr-dict's.
        }
        Ok(arg)
    }

    fn optional_group(&mut self) -> Result<Elem, String> {
        let mut then = Vec::new();
        let mut anchor: Option<Elem> = None;
        while !self.eat(')') {
            let (e, anchored) = self.element(true)?;
            if anchored {
                anchor = Some(e.clone());
            }
            then.push(e);
        }
        let mut otherwise = Vec::new();
        if self.eat(':') {
            self.expect('(')?;
            while !self.eat(')') {
                otherwise.push(self.element(false)?.0);
            }
        }
        self.expect('?')?;
        let anchor = match anchor {
            Some(a) => a,
            None => {
                // A group without `^` is anchored on its first non-literal element.
                then.iter().find(|e| !matches!(e, Elem::Literal(_) | Elem::Space(_) | Elem::Newline)).cloned().ok_or("optional group without anchor")?
            }
        };
        Ok(Elem::Optional { then, otherwise, anchor: Box::new(anchor) })
    }
}
