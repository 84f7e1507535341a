//! The printer: writes IR as MLIR text, in the generic form or through ops' custom forms,
//! byte-for-byte as mlir-opt 22 does (value and block numbering, aliases, indentation).

use crate::attrs::{AttrKind, Location};
use crate::body::{Block, Body, Op, Region, Value, ValueDef};
use crate::names::{NameTable, ValueName};
use crate::types::{DYNAMIC, FloatKind, Signedness, TypeKind};
use crate::{Attr, Context, Ident, Type, intbits};
use mica_apfloat::Float;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::fmt::Write;
use std::sync::Arc;

mod aliases;
mod chunks;
mod memo;

/// Printer flags (mlir-opt's `--mlir-print-*` options).
#[derive(Clone, Debug, Default)]
pub struct PrintOptions {
    /// `--mlir-print-op-generic`
    pub generic: bool,
    /// `--mlir-print-debuginfo`
    pub debuginfo: bool,
    /// `--mlir-pretty-debuginfo`
    pub pretty_debuginfo: bool,
    /// `--mlir-print-local-scope`: no aliases, everything inline.
    pub local_scope: bool,
    /// `--mlir-elide-elementsattrs-if-larger=N`
    pub elide_elements_larger: Option<u64>,
    /// `--mlir-print-unique-ssa-ids` (implied by `generic`).
    pub unique_ssa_ids: bool,
}

/// Writes MLIR text.
pub struct Printer<'c> {
    /// The context.
    pub ctx: &'c Context,
    /// The text written so far.
    pub out: String,
    opts: PrintOptions,
    indent: usize,
    /// Value and block names: the table of the printed operation, then one per isolated
    /// operation being printed whose body that table left out (shared with the printers of
    /// chunks on other threads).
    names: Vec<Arc<NameTable>>,
    /// A table of an isolated body printed before, kept for its room.
    spare_names: Option<Arc<NameTable>>,
    /// Where the names of the body printed last are.
    name_slot: Option<NameSlot>,
    aliases: FxHashMap<AliasKey, String>,
    alias_order: Vec<AliasKey>,
    /// Location aliases printed after the operation (only used by trailing locations).
    deferred_order: Vec<AliasKey>,
    /// Printed text of types already printed (without aliases at the top level), by type index.
    type_texts: Vec<Option<Box<str>>>,
    /// Whether `type_texts` is filled (for whole operations, not one-off strings).
    cache_types: bool,
    /// Quoted generic-form op names already printed, by identifier index.
    quoted_names: Vec<Option<Box<str>>>,
    /// Dictionary keys already printed (bare or quoted), by identifier index.
    key_texts: Vec<Option<Box<str>>>,
    /// Distinct attribute ids as written -> ids as printed (0, 1, ... in print order).
    distinct_ids: FxHashMap<u64, u64>,
    /// The dialect whose prefix is dropped from op names: the innermost enclosing op's default
    /// dialect (`builtin` at the top level).
    default_dialect: &'static str,
    /// The alias dry run, while it goes on.
    collect: Option<Box<aliases::AliasCollect>>,
    /// Where `out` goes once it is large, when printing to a writer ([`print_op_to_writer`]):
    /// between two operations of a block, the text written so far may move there, so print
    /// hooks must not keep offsets into `out` across regions.
    sink: Option<&'c mut dyn std::io::Write>,
    /// The first error the sink reported (nothing more is written after it).
    sink_error: Option<std::io::Error>,
    /// Whether this printer prints a chunk of a block for another printer (see `chunks`): it
    /// cannot number distinct attributes the other has not met.
    forked: bool,
    /// Whether this chunk printer met something only the main printer can print.
    fork_failed: bool,
    /// The print plans of operations printed so far (see `memo`).
    memo: memo::OpMemo,
}

/// Where the names of a body are: its address, the table holding them and the body's index
/// there.
struct NameSlot {
    body: usize,
    names: Arc<NameTable>,
    index: u32,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum AliasKey {
    Type(Type),
    Attr(Attr),
}

/// Prints `top` (an operation of `body`, normally the `builtin.module`) as mlir-opt does:
/// aliases first, the operation, a newline, deferred location aliases. With
/// `--mlir-print-local-scope` only the operation (no alias, no newline).
pub fn print_op_to_string(ctx: &Context, body: &Body, top: Op, opts: &PrintOptions) -> String {
    let mut p = Printer::new(ctx, opts.clone());
    p.out.reserve(64 * body.count_ops());
    p.print_top(body, top);
    p.out
}

/// [`print_op_to_string`] into a writer, a piece at a time (the whole text is never held in
/// memory). Returns the writer's first error.
pub fn print_op_to_writer(ctx: &Context, body: &Body, top: Op, opts: &PrintOptions, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut p = Printer::new(ctx, opts.clone());
    p.out.reserve(FLUSH_AT + 4096);
    p.sink = Some(sink);
    p.print_top(body, top);
    p.flush_sink();
    match p.sink_error.take() {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// `op` (of `body`, somewhere under `top` of `top_body`) as MLIR's diagnostics show it (the
/// `see current operation` note): in the generic form, values and blocks named as in the
/// generic print of `top`, types and attributes inline (no aliases), elements attributes of
/// more than 16 elements elided, locations only with `opts.debuginfo` (in `opts`' form).
pub fn op_for_diagnostic(ctx: &Context, top_body: &Body, top: Op, body: &Body, op: Op, opts: &PrintOptions) -> String {
    let opts = PrintOptions {
        generic: true,
        local_scope: true,
        elide_elements_larger: Some(16),
        unique_ssa_ids: true,
        ..opts.clone()
    };
    let mut p = Printer::new(ctx, opts);
    p.names = vec![Arc::new(NameTable::build(ctx, top_body, top, true, true, false))];
    p.print_op(body, op);
    p.out
}

/// `name` without its `dialect.` prefix, or all of it when that is not its dialect. The byte
/// after the prefix is checked first: most names differ there, and a call to `memcmp` per
/// printed op showed in profiles.
#[inline]
fn strip_dialect<'n>(name: &'n str, dialect: &str) -> &'n str {
    let n = dialect.len();
    if n > 0 && name.as_bytes().get(n) == Some(&b'.') && name.as_bytes()[..n] == *dialect.as_bytes() {
        &name[n + 1..]
    } else {
        name
    }
}

/// What a value without a name prints as.
const UNKNOWN_VALUE: &str = "<<UNKNOWN SSA VALUE>>";

/// Appends the name of `v` (`%3`, `%arg0`, `%c0`) as the body at `index` of `names` has it.
#[inline]
fn write_value_name(out: &mut String, names: &NameTable, index: u32, v: Value) {
    match names.value(index, v) {
        Some(ValueName::Id(n)) => intbits::push_prefixed_u32(out, "%", n),
        Some(ValueName::Arg(n)) => intbits::push_prefixed_u32(out, "%arg", n),
        Some(ValueName::Named(i)) => {
            out.push('%');
            out.push_str(names.name_text(i));
        }
        None => out.push_str(UNKNOWN_VALUE),
    }
}

/// Appends `s` to `out`. Texts of up to 32 bytes (most pieces of plans and types) are copied
/// inline as two overlapping words after one check for room: a call to `memcpy` for each
/// showed in profiles.
#[inline(always)]
fn push_short(out: &mut String, s: &str) {
    let n = s.len();
    if n > 32 {
        return out.push_str(s);
    }
    // SAFETY: 32 bytes are reserved; each pair of reads lies within `s` (`n` is at least the
    // word size) and each pair of writes within the `n` bytes after the length, the room
    // reserved; `s` is not in `out` (it is borrowed while `out` is borrowed mutably). The
    // length then covers exactly the `n` bytes of `s` copied, valid UTF-8.
    unsafe {
        let bytes = out.as_mut_vec();
        bytes.reserve(32);
        let len = bytes.len();
        let (src, dst) = (s.as_ptr(), bytes.as_mut_ptr().add(len));
        if n >= 16 {
            let (a, b) = ((src as *const u128).read_unaligned(), (src.add(n - 16) as *const u128).read_unaligned());
            (dst as *mut u128).write_unaligned(a);
            (dst.add(n - 16) as *mut u128).write_unaligned(b);
        } else if n >= 8 {
            let (a, b) = ((src as *const u64).read_unaligned(), (src.add(n - 8) as *const u64).read_unaligned());
            (dst as *mut u64).write_unaligned(a);
            (dst.add(n - 8) as *mut u64).write_unaligned(b);
        } else if n >= 4 {
            let (a, b) = ((src as *const u32).read_unaligned(), (src.add(n - 4) as *const u32).read_unaligned());
            (dst as *mut u32).write_unaligned(a);
            (dst.add(n - 4) as *mut u32).write_unaligned(b);
        } else if n > 0 {
            *dst = *src;
            *dst.add(n / 2) = *src.add(n / 2);
            *dst.add(n - 1) = *src.add(n - 1);
        }
        bytes.set_len(len + n);
    }
}

/// A line break and the spaces of the deepest indentation [`Printer::newline`] writes with one
/// copy.
const LINE: &[u8; 64] = b"\n                                                               ";

/// How much text a printer with a sink gathers before handing it over.
const FLUSH_AT: usize = 1 << 16;

/// How much of an attribute's type to leave out.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Elision {
    /// Print the type.
    Never,
    /// Leave out `i64` and `f64`.
    May,
    /// Leave out the type of integers and floats.
    Must,
}

/// Appends the decimal value of integer bits of type `ty` as an integer attribute prints it:
/// signed unless `ty` is an unsigned integer type (index is 64 bits, signed).
pub fn write_int_bits(out: &mut String, ctx: &Context, ty: Type, bits: &crate::IntBits) {
    let (width, signed) = match ctx.type_kind(ty) {
        TypeKind::Integer { width, signedness } => (*width, *signedness != Signedness::Unsigned),
        _ => (64, true),
    };
    intbits::write_decimal(out, bits, width, signed);
}

/// Appends the value of an integer attribute as its attribute prints it, without the type
/// (`-3`, also for `i1`); returns false (and appends nothing) for other attributes.
pub fn write_int_attr_value(out: &mut String, ctx: &Context, a: Attr) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::Integer { ty, bits } => {
            write_int_bits(out, ctx, *ty, bits);
            true
        }
        _ => false,
    }
}

/// A type as mlir-opt prints it, with no aliases (for diagnostics).
pub fn type_string(ctx: &Context, t: Type) -> String {
    let mut out = String::new();
    write_type(&mut out, ctx, t);
    out
}

/// Appends a type as [`type_string`] writes it.
pub fn write_type(out: &mut String, ctx: &Context, t: Type) {
    // Scalar types (the suffix of constant names) without a printer.
    if write_scalar_type(out, ctx.type_kind(t)) {
        return;
    }
    let mut p = Printer::new(ctx, PrintOptions { local_scope: true, ..Default::default() });
    p.out = std::mem::take(out);
    p.print_type(t);
    *out = p.out;
}

/// Appends an integer, index or float type (`i32`, `ui8`, `index`, `bf16`); returns false (and
/// appends nothing) for other types.
fn write_scalar_type(out: &mut String, kind: &TypeKind) -> bool {
    match kind {
        TypeKind::Integer { width, signedness } => {
            out.push_str(match signedness {
                Signedness::Signless => "i",
                Signedness::Signed => "si",
                Signedness::Unsigned => "ui",
            });
            intbits::push_u64(out, u64::from(*width));
        }
        TypeKind::Index => out.push_str("index"),
        TypeKind::Float(k) => out.push_str(k.mlir_name()),
        _ => return false,
    }
    true
}

/// An attribute as mlir-opt prints it, with no aliases (for diagnostics).
pub fn attr_string(ctx: &Context, a: Attr) -> String {
    let mut p = Printer::new(ctx, PrintOptions { local_scope: true, ..Default::default() });
    p.print_attr(a);
    p.out
}

impl<'c> Printer<'c> {
    /// A printer with no names or aliases computed (for printing types and attributes alone).
    pub fn new(ctx: &'c Context, opts: PrintOptions) -> Self {
        Self {
            ctx,
            out: String::new(),
            opts,
            indent: 0,
            names: Vec::new(),
            spare_names: None,
            name_slot: None,
            aliases: FxHashMap::default(),
            alias_order: Vec::new(),
            deferred_order: Vec::new(),
            type_texts: Vec::new(),
            cache_types: false,
            quoted_names: Vec::new(),
            key_texts: Vec::new(),
            distinct_ids: FxHashMap::default(),
            default_dialect: "builtin",
            collect: None,
            sink: None,
            sink_error: None,
            forked: false,
            fork_failed: false,
            memo: memo::OpMemo::default(),
        }
    }

    /// Writes `top` with its alias definitions before it, a newline and the deferred location
    /// aliases after it (with `--mlir-print-local-scope`, the operation alone).
    fn print_top(&mut self, body: &Body, top: Op) {
        self.cache_types = true;
        let opts = &self.opts;
        // The bodies of isolated operations are numbered as they are printed (see
        // `print_op_without_results`).
        let table = NameTable::build(self.ctx, body, top, opts.generic || opts.unique_ssa_ids, opts.generic, true);
        self.names = vec![Arc::new(table)];
        if self.opts.local_scope {
            self.print_op(body, top);
            return;
        }
        // Without debug info only a few kinds of types and attributes get aliases; when the
        // context never interned one of them there is nothing to look for.
        if self.opts.debuginfo || self.ctx.may_have_aliases() {
            self.collect_aliases(body, top);
        }
        let aliases_text = self.take_alias_definitions();
        self.out.push_str(&aliases_text);
        self.print_op(body, top);
        self.out.push('\n');
        let deferred = self.deferred_order.clone();
        let tail = self.alias_definitions(&deferred);
        self.out.push_str(&tail);
    }

    /// Hands the text written so far to the sink once there is enough of it (a dry run's text
    /// is dropped instead).
    fn maybe_flush(&mut self) {
        if self.out.len() < FLUSH_AT {
            return;
        }
        if self.collecting() {
            self.out.clear();
        } else if self.sink.is_some() {
            self.flush_sink();
        }
    }

    /// Writes a chunk printed elsewhere: straight to the sink when there is one (after what is
    /// pending), rather than through the buffer.
    fn write_chunk(&mut self, text: &str) {
        if self.sink.is_none() || self.collecting() {
            self.out.push_str(text);
            self.maybe_flush();
            return;
        }
        self.flush_sink();
        self.write_sink(text.as_bytes());
    }

    /// Writes `bytes` to the sink, unless an earlier write failed (its error is kept).
    fn write_sink(&mut self, bytes: &[u8]) {
        let Some(sink) = self.sink.as_mut() else { return };
        if self.sink_error.is_none() {
            if let Err(e) = sink.write_all(bytes) {
                self.sink_error = Some(e);
            }
        }
    }

    fn flush_sink(&mut self) {
        if self.sink.is_none() {
            return;
        }
        let out = std::mem::take(&mut self.out);
        self.write_sink(out.as_bytes());
        // The buffer's room is kept for what comes next.
        self.out = out;
        self.out.clear();
    }

    /// Whether the generic form is printed.
    #[inline]
    pub fn is_generic(&self) -> bool {
        self.opts.generic
    }

    /// Writes text verbatim.
    #[inline]
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Starts a new line at the current indentation (MLIR's `printNewline`).
    #[inline]
    pub fn newline_at_indent(&mut self) {
        self.newline();
    }

    /// Indents what follows by two more columns (MLIR's `increaseIndent`).
    pub fn increase_indent(&mut self) {
        self.indent += 2;
    }

    /// Undoes [`Printer::increase_indent`].
    pub fn decrease_indent(&mut self) {
        self.indent = self.indent.saturating_sub(2);
    }

    /// Writes a line break and the indentation. Up to [`LINE`]'s spaces, that is one fixed-size
    /// copy into reserved room (a call to `memset` per line showed in profiles).
    fn newline(&mut self) {
        let n = self.indent;
        if n >= LINE.len() {
            self.out.push('\n');
            self.push_indent();
            return;
        }
        // SAFETY: `LINE.len()` bytes are reserved and written; the length then covers only the
        // line break and `n` spaces of them (ASCII).
        unsafe {
            let bytes = self.out.as_mut_vec();
            bytes.reserve(LINE.len());
            let start = bytes.len();
            std::ptr::copy_nonoverlapping(LINE.as_ptr(), bytes.as_mut_ptr().add(start), LINE.len());
            bytes.set_len(start + 1 + n);
        }
    }

    fn push_indent(&mut self) {
        const SPACES: &str = "                                                                ";
        let mut n = self.indent;
        while n > 0 {
            let k = n.min(SPACES.len());
            self.out.push_str(&SPACES[..k]);
            n -= k;
        }
    }

    // ----------------------------------------------------------------- operations

    /// Writes one operation (results, name, operands, ..., location) at the current position.
    pub fn print_op(&mut self, body: &Body, op: Op) {
        if self.collecting() {
            self.collect_op(body, op);
            return;
        }
        let results = body.results(op);
        if !results.is_empty() {
            match self.names_of(body).and_then(|(t, i)| t.result_groups(i, op)).map(|g| g.to_vec()) {
                Some(groups) => {
                    for (k, &start) in groups.iter().enumerate() {
                        let end = groups.get(k + 1).map_or(results.len(), |e| *e as usize);
                        if k > 0 {
                            self.out.push_str(", ");
                        }
                        self.print_value_def(body, results[start as usize]);
                        if end - start as usize > 1 {
                            self.out.push(':');
                            intbits::push_u64(&mut self.out, (end - start as usize) as u64);
                        }
                    }
                }
                None => {
                    self.print_value_def(body, results[0]);
                    if results.len() > 1 {
                        self.out.push(':');
                        intbits::push_u64(&mut self.out, results.len() as u64);
                    }
                }
            }
            self.out.push_str(" = ");
        }
        self.print_op_without_results(body, op);
        self.print_trailing_location(body.op(op).loc);
    }

    /// Writes an operation without its results and its location (name, operands, regions,
    /// attributes, types), as MLIR's `printCustomOrGenericOp` does for an op nested in another
    /// op's custom form; its location still gets an alias when debug info is printed, as MLIR's
    /// alias walk meets it.
    pub fn print_op_without_results(&mut self, body: &Body, op: Op) {
        if self.collecting() {
            self.collect_op(body, op);
            return;
        }
        self.print_memoized(body, op);
    }

    /// Prints an operation without its results and location with its custom form or the
    /// generic one; when it is the first of its signature (`first`: the signature and its
    /// hash), the plans keep the text of a form that prints by signature.
    fn print_by_hook(&mut self, body: &Body, op: Op, first: Option<(&memo::Sig<'_>, u64)>) {
        let data = body.op(op);
        let def = if self.opts.generic { None } else { self.ctx.registry().get(data.name) };
        let hook = def.and_then(|d| d.print.map(|f| (d, f)));
        let print = |p: &mut Self| match hook {
            Some((d, print)) => {
                // The prefix goes when the op's dialect is the enclosing op's default dialect.
                p.out.push_str(strip_dialect(d.name, p.default_dialect));
                let outer = std::mem::replace(&mut p.default_dialect, d.default_dialect.unwrap_or(""));
                let isolated = p.enter_isolated(body, op);
                print(d, p, body, op);
                p.leave_isolated(isolated);
                p.default_dialect = outer;
            }
            None => {
                let isolated = p.enter_isolated(body, op);
                p.print_generic_op(body, op);
                p.leave_isolated(isolated);
            }
        };
        match first {
            // The generic form depends only on what a plan keeps.
            Some((sig, hash)) => self.record(body, sig, hash, hook.is_none_or(|(d, _)| d.print_by_signature), print),
            None => print(self),
        }
    }

    fn print_generic_op(&mut self, body: &Body, op: Op) {
        let data = body.op(op);
        let index = data.name.index() as usize;
        match self.quoted_names.get(index) {
            Some(Some(quoted)) => self.out.push_str(quoted),
            _ => {
                let start = self.out.len();
                self.print_string_literal(self.ctx.str(data.name).as_bytes());
                if self.quoted_names.len() <= index {
                    self.quoted_names.resize(index + 1, None);
                }
                self.quoted_names[index] = Some(self.out[start..].into());
            }
        }
        self.out.push('(');
        for (i, v) in body.operands(op).enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(body, v);
        }
        self.out.push(')');
        if !body.successors(op).is_empty() {
            self.out.push('[');
            for (i, b) in body.successors(op).iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_block_name(body, *b);
            }
            self.out.push(']');
        }
        if let Some(props) = data.properties() {
            // An unregistered op's properties use the aliases found elsewhere (the alias walk
            // does not look into them).
            self.out.push_str(" <");
            self.print_attr(props);
            self.out.push('>');
        }
        let (rbody, regions) = body.op_regions(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            let outer = std::mem::replace(&mut self.default_dialect, "");
            for (i, r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(rbody, *r, true, true);
            }
            self.default_dialect = outer;
            self.out.push(')');
        }
        self.print_attr_dict(data.attrs, &[], false);
        self.out.push_str(" : ");
        self.function_type_of(body.operands(op).map(|v| body.value_type(v)), body.results(op).iter().map(|v| body.value_type(*v)));
    }

    /// Writes a region: `{`, its blocks, `}`. The entry block header is written when
    /// `print_entry_args` and it has arguments, or when `print_empty_block` and it is empty.
    pub fn print_region(&mut self, body: &Body, region: Region, print_entry_args: bool, print_empty_block: bool) {
        self.print_region_with(body, region, print_entry_args, print_empty_block, true);
    }

    /// [`Printer::print_region`], leaving out the entry block's terminator unless
    /// `print_terminator` (custom forms of ops with implicit terminators).
    pub fn print_region_with(&mut self, body: &Body, region: Region, print_entry_args: bool, print_empty_block: bool, print_terminator: bool) {
        self.out.push('{');
        let blocks = body.region_blocks(region);
        if let Some((&entry, rest)) = blocks.split_first() {
            let header = (print_empty_block && body.block_ops(entry).next().is_none())
                || (print_entry_args && !body.block_args(entry).is_empty());
            let skip = if print_terminator {
                None
            } else {
                body.block_last_op(entry).filter(|&t| might_be_terminator(self.ctx, body, t))
            };
            let preds = if header || !rest.is_empty() { predecessors(body, blocks) } else { FxHashMap::default() };
            self.print_block(body, entry, header, skip, &preds);
            for &b in rest {
                self.print_block(body, b, true, None, &preds);
            }
        }
        self.newline();
        self.out.push('}');
    }

    fn print_block(&mut self, body: &Body, block: Block, header: bool, skip: Option<Op>, preds: &Preds) {
        if header {
            self.newline();
            self.print_block_name(body, block);
            let args = body.block_args(block);
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_value(body, a);
                    self.out.push_str(": ");
                    self.print_type(body.value_type(a));
                    if let Some(loc) = body.value(a).loc {
                        self.print_block_arg_location(loc);
                    }
                }
                self.out.push(')');
            }
            self.out.push(':');
            self.print_predecessors(body, block, preds);
        }
        self.indent += 2;
        // A long block goes in chunks printed on several threads; what they leave (from a chunk
        // only this printer can print on) is printed here.
        let mut next = body.block_ops(block).next();
        if let Some(first) = next {
            next = self.print_ops_in_chunks(body, first, skip);
        }
        while let Some(op) = next {
            next = body.next_op(op);
            if Some(op) == skip {
                continue;
            }
            self.newline();
            self.print_op(body, op);
            self.maybe_flush();
        }
        self.indent -= 2;
    }

    fn print_predecessors(&mut self, body: &Body, block: Block, preds: &Preds) {
        let Some(region) = body.block_region(block) else { return };
        let is_entry = body.region_blocks(region).first() == Some(&block);
        let preds: &[(usize, Block)] = preds.get(&block).map_or(&[], |p| p.as_slice());
        match preds.len() {
            0 if !is_entry => self.out.push_str("  // no predecessors"),
            0 => {}
            1 => {
                self.out.push_str("  // pred: ");
                self.print_block_name(body, preds[0].1);
            }
            n => {
                let _ = write!(self.out, "  // {n} preds: ");
                for (i, p) in preds.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_block_name(body, p.1);
                }
            }
        }
    }

    /// The names of `body` and its index in them (kept from one lookup to the next).
    #[inline]
    fn names_of(&mut self, body: &Body) -> Option<(&NameTable, u32)> {
        let key = body as *const Body as usize;
        if self.name_slot.as_ref().is_none_or(|s| s.body != key) {
            self.find_names(body)?;
        }
        self.name_slot.as_ref().map(|s| (&*s.names, s.index))
    }

    /// Makes `name_slot` the names of `body`, if a table has them.
    #[cold]
    fn find_names(&mut self, body: &Body) -> Option<()> {
        let (table, index) = self.names.iter().rev().find_map(|names| Some((names, names.slot(body)?)))?;
        self.name_slot = Some(NameSlot { body: body as *const Body as usize, names: table.clone(), index });
        Some(())
    }

    /// Numbers the body of `op` (an isolated operation of `body`) when the names known so far
    /// left it out; returns whether it did (the caller then drops that table after printing).
    #[inline]
    fn enter_isolated(&mut self, body: &Body, op: Op) -> bool {
        // (Most operations have no body of their own: that test is inlined, the rest not.)
        body.nested(op).is_some() && self.number_isolated(body, op)
    }

    /// [`Printer::enter_isolated`] for an operation with a body of its own.
    #[inline(never)]
    fn number_isolated(&mut self, body: &Body, op: Op) -> bool {
        if self.names_of(body).is_none() {
            return false;
        }
        let Some(outer) = self.name_slot.take().map(|s| s.names) else { return false };
        // The spare table, unless a chunk printer still shares it.
        let mut table = self.spare_names.take().unwrap_or_default();
        if Arc::get_mut(&mut table).is_none() {
            table = Arc::default();
        }
        let numbered = Arc::get_mut(&mut table).is_some_and(|t| t.number_isolated(self.ctx, &outer, body, op));
        if !numbered {
            self.spare_names = Some(table);
            return false;
        }
        // What the hook prints next is mostly the body's own names: they are at hand without
        // a search.
        let (rb, _) = body.op_regions(op);
        self.name_slot = table.slot(rb).map(|index| NameSlot { body: rb as *const Body as usize, names: table.clone(), index });
        self.names.push(table);
        true
    }

    /// Drops the table [`Printer::enter_isolated`] made, if it made one.
    fn leave_isolated(&mut self, entered: bool) {
        if entered {
            // The table goes on serving the next isolated body.
            self.name_slot = None;
            self.spare_names = self.names.pop();
        }
    }

    /// Writes `^bbN`.
    pub fn print_block_name(&mut self, body: &Body, block: Block) {
        let start = self.out.len();
        match self.names_of(body).and_then(|(t, i)| t.block(i, block)) {
            Some(n) => intbits::push_prefixed_u32(&mut self.out, "^bb", n),
            None => self.out.push_str("<<UNKNOWN BLOCK>>"),
        }
        self.note_name(body, start, memo::Named::Block(block));
    }

    /// Writes a value's name as its definition shows it (`%3`, `%arg0`, `%c0`).
    #[inline]
    fn print_value_def(&mut self, body: &Body, v: Value) {
        // The common case, numbered values of the body printed last, inline; the rest
        // (suggested names, another body) out of line.
        if let Some(s) = &self.name_slot {
            if s.body == body as *const Body as usize {
                match s.names.value(s.index, v) {
                    Some(ValueName::Id(n)) => return intbits::push_prefixed_u32(&mut self.out, "%", n),
                    Some(ValueName::Arg(n)) => return intbits::push_prefixed_u32(&mut self.out, "%arg", n),
                    _ => {}
                }
            }
        }
        self.print_value_def_slow(body, v);
    }

    /// [`Printer::print_value_def`] for any value.
    #[inline(never)]
    fn print_value_def_slow(&mut self, body: &Body, v: Value) {
        if self.names_of(body).is_some() {
            if let Some(s) = &self.name_slot {
                write_value_name(&mut self.out, &s.names, s.index, v);
                return;
            }
        }
        self.out.push_str(UNKNOWN_VALUE);
    }

    /// Writes a value's name as a use (`%3`, `%arg0`, `%2#1`).
    pub fn print_value(&mut self, body: &Body, v: Value) {
        let start = self.out.len();
        self.print_value_use(body, v);
        self.note_name(body, start, memo::Named::Value(v));
    }

    /// [`Printer::print_value`] without noting the name for a plan.
    #[inline]
    fn print_value_use(&mut self, body: &Body, v: Value) {
        match body.value_def(v) {
            ValueDef::Result(op, i) if body.results(op).len() > 1 => self.print_result_use(body, op, i),
            _ => self.print_value_def(body, v),
        }
    }

    /// Writes the use of result `i` of `op`, which has several (`%2#1`, or `%5` when the
    /// result's group has it alone).
    #[cold]
    fn print_result_use(&mut self, body: &Body, op: Op, i: u32) {
        let results = body.results(op);
        let (start, end) = match self.names_of(body).and_then(|(t, k)| t.result_groups(k, op)) {
            Some(groups) => {
                let k = groups.iter().rposition(|&g| g <= i).unwrap_or(0);
                (groups[k], groups.get(k + 1).copied().unwrap_or(results.len() as u32))
            }
            None => (0, results.len() as u32),
        };
        self.print_value_def(body, results[start as usize]);
        if end - start > 1 {
            self.out.push('#');
            intbits::push_u64(&mut self.out, u64::from(i - start));
        }
    }

    /// Writes ` loc(...)` when debug info is printed.
    pub fn print_trailing_location(&mut self, loc: Attr) {
        // The dry run for aliases meets an operation's location before the operation.
        if self.opts.debuginfo && !self.collecting() {
            self.out.push(' ');
            self.print_location(loc);
        }
    }

    /// Writes a region's entry argument as function signatures do: `%arg0: i32 {attrs}
    /// loc(...)` (the empty dictionary and, without debug info, the location left out). MLIR's
    /// alias walk meets only the type and the location here, not the attributes.
    pub fn print_region_argument(&mut self, body: &Body, v: Value, attrs: Option<Attr>) {
        self.print_value(body, v);
        self.out.push_str(": ");
        self.print_type(body.value_type(v));
        if let Some(a) = attrs.filter(|a| *a != self.ctx.empty_dict()) {
            if !self.collecting() {
                self.out.push(' ');
                self.print_dict_literal(a, &[]);
            }
        }
        if let Some(loc) = body.value(v).loc {
            self.print_block_arg_location(loc);
        }
    }

    /// Writes ` loc(...)` for a block argument when debug info is printed: MLIR writes these
    /// inline even when the location has an alias.
    pub fn print_block_arg_location(&mut self, loc: Attr) {
        if self.opts.debuginfo && self.collecting() {
            self.visit_location(loc, false);
        } else if self.opts.debuginfo && self.opts.pretty_debuginfo {
            self.out.push(' ');
            self.print_location_body(loc);
        } else if self.opts.debuginfo {
            self.out.push_str(" loc(");
            self.print_location_body(loc);
            self.out.push(')');
        }
    }

    /// Writes `loc(...)` (an alias when it has one), or with `--mlir-pretty-debuginfo` the
    /// location in its readable form, never an alias at the top.
    fn print_location(&mut self, loc: Attr) {
        if self.opts.pretty_debuginfo {
            self.print_location_body(loc);
            return;
        }
        if let Some(alias) = self.aliases.get(&AliasKey::Attr(loc)) {
            let alias = alias.clone();
            let _ = write!(self.out, "loc(#{alias})");
            return;
        }
        self.out.push_str("loc(");
        self.print_location_body(loc);
        self.out.push(')');
    }

    fn print_location_body(&mut self, loc: Attr) {
        let AttrKind::Location(l) = self.ctx.attr_kind(loc) else {
            self.print_attr(loc);
            return;
        };
        let pretty = self.opts.pretty_debuginfo;
        match l {
            Location::Unknown if pretty => self.out.push_str("[unknown]"),
            Location::Unknown => self.out.push_str("unknown"),
            Location::FileLine { file, line } => {
                self.print_location_file(*file);
                let _ = write!(self.out, ":{line}:0");
            }
            Location::FileLineCol { file, line, col, end } => {
                self.print_location_file(*file);
                let _ = write!(self.out, ":{line}:{col}");
                if let Some((el, ec)) = end.filter(|e| *e != (*line, *col)) {
                    if el == *line {
                        let _ = write!(self.out, " to :{ec}");
                    } else {
                        let _ = write!(self.out, " to {el}:{ec}");
                    }
                }
            }
            Location::Name { name, child } => {
                self.print_string_literal(self.ctx.str(*name).as_bytes());
                if let Some(c) = child {
                    if !matches!(self.ctx.attr_kind(*c), AttrKind::Location(Location::Unknown)) {
                        self.out.push('(');
                        self.print_location_nested(*c);
                        self.out.push(')');
                    }
                }
            }
            Location::CallSite { callee, caller } if pretty => {
                // A named callee called from a file position stays on one line.
                let one_line = matches!(self.ctx.attr_kind(*callee), AttrKind::Location(Location::Name { .. }))
                    && matches!(self.ctx.attr_kind(*caller), AttrKind::Location(Location::FileLineCol { end: None, .. }));
                self.print_location_nested(*callee);
                self.out.push_str(if one_line { " at " } else { "\n at " });
                self.print_location_nested(*caller);
            }
            Location::CallSite { callee, caller } => {
                self.out.push_str("callsite(");
                self.print_location_nested(*callee);
                self.out.push_str(" at ");
                self.print_location_nested(*caller);
                self.out.push(')');
            }
            Location::Fused { locations, metadata } => {
                if !pretty {
                    self.out.push_str("fused");
                }
                if let Some(m) = metadata {
                    self.out.push('<');
                    self.print_attr(*m);
                    self.out.push('>');
                }
                self.out.push('[');
                for (i, l) in locations.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_location_nested(*l);
                }
                self.out.push(']');
            }
        }
    }

    /// A location's file name: quoted, or as it is with `--mlir-pretty-debuginfo`.
    fn print_location_file(&mut self, file: crate::Ident) {
        if self.opts.pretty_debuginfo {
            self.out.push_str(self.ctx.str(file));
        } else {
            self.print_string_literal(self.ctx.str(file).as_bytes());
        }
    }

    fn print_location_nested(&mut self, loc: Attr) {
        if let Some(alias) = self.aliases.get(&AliasKey::Attr(loc)) {
            let alias = alias.clone();
            let _ = write!(self.out, "#{alias}");
        } else {
            self.print_location_body(loc);
        }
    }

    // ----------------------------------------------------------------- types

    /// Writes a type (or its alias).
    pub fn print_type(&mut self, t: Type) {
        if self.collecting() {
            self.visit_type(t);
            return;
        }
        if !self.aliases.is_empty() {
            if let Some(alias) = self.aliases.get(&AliasKey::Type(t)) {
                self.out.push('!');
                self.out.push_str(alias);
                return;
            }
        }
        // Types repeat a lot: print each once and copy its text afterwards.
        let index = t.0 as usize;
        if let Some(Some(text)) = self.type_texts.get(index) {
            push_short(&mut self.out, text);
            return;
        }
        if !self.cache_types {
            self.print_type_body(t);
            return;
        }
        let start = self.out.len();
        self.print_type_body(t);
        if self.type_texts.len() <= index {
            self.type_texts.resize(index + 1, None);
        }
        self.type_texts[index] = Some(self.out[start..].into());
    }

    fn print_type_body(&mut self, t: Type) {
        let ctx = self.ctx;
        let kind = ctx.type_kind(t);
        if write_scalar_type(&mut self.out, kind) {
            return;
        }
        match kind {
            // Written by `write_scalar_type` above.
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_) => {}
            TypeKind::None => self.out.push_str("none"),
            TypeKind::Complex(e) => {
                self.out.push_str("complex<");
                self.print_type(*e);
                self.out.push('>');
            }
            TypeKind::Tuple(elems) => {
                self.out.push_str("tuple<");
                self.type_list(elems);
                self.out.push('>');
            }
            TypeKind::Function { inputs, results } => self.print_function_type(inputs, results),
            TypeKind::RankedTensor { shape, elem, encoding } => {
                self.out.push_str("tensor<");
                self.print_shape(shape, &[]);
                self.print_type(*elem);
                if let Some(e) = encoding {
                    self.out.push_str(", ");
                    self.print_attr(*e);
                }
                self.out.push('>');
            }
            TypeKind::UnrankedTensor { elem } => {
                self.out.push_str("tensor<*x");
                self.print_type(*elem);
                self.out.push('>');
            }
            TypeKind::MemRef { shape, elem, layout, memory_space } => {
                self.out.push_str("memref<");
                self.print_shape(shape, &[]);
                self.print_type(*elem);
                if let Some(l) = layout {
                    self.out.push_str(", ");
                    self.print_attr(*l);
                }
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.print_attr_may_elide_type(*m);
                }
                self.out.push('>');
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                self.out.push_str("memref<*x");
                self.print_type(*elem);
                if let Some(m) = memory_space {
                    self.out.push_str(", ");
                    self.print_attr_may_elide_type(*m);
                }
                self.out.push('>');
            }
            TypeKind::Vector { shape, scalable, elem } => {
                self.out.push_str("vector<");
                self.print_shape(shape, scalable);
                self.print_type(*elem);
                self.out.push('>');
            }
            TypeKind::Opaque { dialect, body } => {
                self.out.push('!');
                self.print_dialect_symbol(ctx.str(*dialect), body);
            }
        }
    }

    fn print_dialect_symbol(&mut self, dialect: &str, body: &str) {
        self.out.push_str(dialect);
        if is_pretty_dialect_body(body) {
            self.out.push('.');
            self.out.push_str(body);
        } else {
            self.out.push('<');
            self.out.push_str(body);
            self.out.push('>');
        }
    }

    fn print_shape(&mut self, shape: &[i64], scalable: &[bool]) {
        for (i, d) in shape.iter().enumerate() {
            let sc = scalable.get(i).copied().unwrap_or(false);
            if sc {
                self.out.push('[');
            }
            if *d == DYNAMIC {
                self.out.push('?');
            } else {
                let _ = write!(self.out, "{d}");
            }
            if sc {
                self.out.push(']');
            }
            self.out.push('x');
        }
    }

    /// Writes `(a, b) -> c` / `(a) -> (b, c)` / `() -> ()`.
    pub fn print_function_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.function_type_of(inputs.iter().copied(), results.iter().copied());
    }

    /// [`Printer::print_function_type`] of types given one by one.
    fn function_type_of(&mut self, inputs: impl Iterator<Item = Type>, results: impl ExactSizeIterator<Item = Type> + Clone) {
        self.out.push('(');
        self.type_list_of(inputs);
        self.out.push_str(") -> ");
        self.result_types_of(results);
    }

    /// Writes result types as MLIR does after `->`: one non-function type bare, else in parens.
    pub fn print_result_types(&mut self, results: &[Type]) {
        self.result_types_of(results.iter().copied());
    }

    fn result_types_of(&mut self, results: impl ExactSizeIterator<Item = Type> + Clone) {
        let wrap = results.len() != 1 || results.clone().next().is_some_and(|t| matches!(self.ctx.type_kind(t), TypeKind::Function { .. }));
        if wrap {
            self.out.push('(');
        }
        self.type_list_of(results);
        if wrap {
            self.out.push(')');
        }
    }

    /// Writes types separated by `, `.
    pub fn type_list(&mut self, types: &[Type]) {
        self.type_list_of(types.iter().copied());
    }

    fn type_list_of(&mut self, types: impl Iterator<Item = Type>) {
        for (i, t) in types.enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    // ----------------------------------------------------------------- attributes

    /// Writes an attribute (or its alias), with its type where MLIR prints it.
    pub fn print_attr(&mut self, a: Attr) {
        self.print_attr_impl(a, Elision::Never);
    }

    /// Writes an attribute without the `: type` suffix of integers and floats.
    pub fn print_attr_elided_type(&mut self, a: Attr) {
        self.print_attr_impl(a, Elision::Must);
    }

    /// Writes an attribute, leaving out the default types `i64` and `f64` (as MLIR does for
    /// array elements and memory spaces).
    pub fn print_attr_may_elide_type(&mut self, a: Attr) {
        self.print_attr_impl(a, Elision::May);
    }

    fn print_attr_impl(&mut self, a: Attr, elision: Elision) {
        if self.collecting() {
            self.visit_attr(a, elision == Elision::Must);
            return;
        }
        let ctx = self.ctx;
        let elide_type = match elision {
            Elision::Never => false,
            Elision::Must => true,
            Elision::May => match ctx.attr_kind(a) {
                AttrKind::Integer { ty, .. } => {
                    matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 64, signedness: Signedness::Signless })
                }
                AttrKind::Float { ty, .. } => matches!(ctx.type_kind(*ty), TypeKind::Float(FloatKind::F64)),
                _ => false,
            },
        };
        // (Most modules have no aliases: no hashing then.)
        if let Some(alias) = (!self.aliases.is_empty()).then(|| self.aliases.get(&AliasKey::Attr(a))).flatten() {
            let alias = alias.clone();
            let _ = write!(self.out, "#{alias}");
            return;
        }
        let ctx = self.ctx;
        match ctx.attr_kind(a) {
            AttrKind::Unit => self.out.push_str("unit"),
            AttrKind::Integer { ty, bits } => {
                let is_bool = matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 1, signedness: Signedness::Signless });
                if is_bool {
                    self.out.push_str(if bits[0] & 1 == 1 { "true" } else { "false" });
                    return;
                }
                write_int_bits(&mut self.out, ctx, *ty, bits);
                if !elide_type && !matches!(ctx.type_kind(*ty), TypeKind::Integer { width: 64, signedness: Signedness::Signless }) {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                } else if !elide_type {
                    self.out.push_str(" : i64");
                }
            }
            AttrKind::Float { ty, bits } => {
                let TypeKind::Float(kind) = ctx.type_kind(*ty) else { return };
                self.out.push_str(&Float::from_bits(*kind, *bits).to_mlir_string());
                if !elide_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::String { value, ty } => {
                self.print_string_literal(value);
                if let Some(t) = ty.filter(|t| !matches!(ctx.type_kind(*t), TypeKind::None)) {
                    if !elide_type {
                        self.out.push_str(" : ");
                        self.print_type(t);
                    }
                }
            }
            AttrKind::Type(t) => self.print_type(*t),
            AttrKind::Array(items) => {
                self.out.push('[');
                for (i, x) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_attr_may_elide_type(*x);
                }
                self.out.push(']');
            }
            AttrKind::Dictionary(_) => self.print_dict_literal(a, &[]),
            AttrKind::SymbolRef { root, nested } => {
                self.print_symbol(ctx.str(*root));
                for n in nested.iter() {
                    self.out.push_str("::");
                    self.print_symbol(ctx.str(*n));
                }
            }
            AttrKind::AffineMap(m) => {
                let _ = write!(self.out, "affine_map<{m}>");
            }
            AttrKind::IntegerSet(s) => {
                let _ = write!(self.out, "affine_set<{s}>");
            }
            AttrKind::DenseArray { elem, values } => {
                self.out.push_str("array<");
                self.print_type(*elem);
                if !values.is_empty() {
                    self.out.push_str(": ");
                    for (i, v) in values.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.print_scalar_bits(*elem, *v);
                    }
                }
                self.out.push('>');
            }
            AttrKind::DenseElements { ty, splat, data } => {
                if self.elided(a) {
                    self.out.push_str("dense_resource<__elided__>");
                } else {
                    self.out.push_str("dense<");
                    self.print_dense_body(*ty, *splat, data);
                    self.out.push('>');
                }
                if !elide_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::DenseStrings { ty, .. } | AttrKind::Sparse { ty, .. } if self.elided(a) => {
                // Large elements attributes other than splats are elided (MLIR's
                // `--mlir-elide-elementsattrs-if-larger`), whatever their kind; a sparse one when
                // its indices or its values are.
                self.out.push_str("dense_resource<__elided__>");
                if !elide_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::DenseStrings { ty, splat, values } => {
                self.out.push_str("dense<");
                let shape: Vec<i64> = ctx.type_kind(*ty).shape().map(|s| s.to_vec()).unwrap_or_default();
                if *splat || shape.is_empty() {
                    if let Some(v) = values.first() {
                        self.print_string_literal(v);
                    }
                } else {
                    let mut idx = 0;
                    self.print_nested(&shape, 0, &mut idx, &mut |p, i| p.print_string_literal(&values[i]));
                }
                self.out.push('>');
                if !elide_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::DenseResource { ty, handle } => {
                self.out.push_str("dense_resource<");
                self.out.push_str(handle);
                self.out.push('>');
                if !elide_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::Sparse { ty, indices, values } => {
                self.out.push_str("sparse<");
                let (i, v) = (*indices, *values);
                let empty = |x: Attr| match ctx.attr_kind(x) {
                    AttrKind::DenseElements { ty, .. } | AttrKind::DenseStrings { ty, .. } => ctx.type_kind(*ty).num_elements() == Some(0),
                    _ => false,
                };
                // No index (none given, or indices of rank 0): nothing between the brackets.
                if empty(i) {
                    self.out.push('>');
                    if !elide_type {
                        self.out.push_str(" : ");
                        self.print_type(*ty);
                    }
                    return;
                }
                for (k, part) in [i, v].into_iter().enumerate() {
                    if k > 0 {
                        self.out.push_str(", ");
                    }
                    if let AttrKind::DenseElements { ty: pty, splat, data } = ctx.attr_kind(part) {
                        if ctx.type_kind(*pty).num_elements() != Some(0) {
                            self.print_dense_body(*pty, *splat, data);
                        }
                    } else if let AttrKind::DenseStrings { values, .. } = ctx.attr_kind(part) {
                        for (j, s) in values.iter().enumerate() {
                            if j > 0 {
                                self.out.push_str(", ");
                            }
                            self.print_string_literal(s);
                        }
                    }
                }
                self.out.push('>');
                if !elide_type {
                    self.out.push_str(" : ");
                    self.print_type(*ty);
                }
            }
            AttrKind::StridedLayout { offset, strides } => {
                self.out.push_str("strided<[");
                for (i, s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_dim(*s);
                }
                self.out.push(']');
                if *offset != 0 {
                    self.out.push_str(", offset: ");
                    self.print_dim(*offset);
                }
                self.out.push('>');
            }
            AttrKind::Distinct { id, referenced } => {
                // MLIR numbers distinct attributes from 0 in the order it prints them.
                let next = self.distinct_ids.len() as u64;
                let n = match self.distinct_ids.get(id) {
                    Some(&n) => n,
                    None if self.forked => {
                        // Its number depends on what comes before this chunk.
                        self.fork_failed = true;
                        next
                    }
                    None => *self.distinct_ids.entry(*id).or_insert(next),
                };
                let _ = write!(self.out, "distinct[{n}]<");
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.print_attr(*referenced);
                }
                self.out.push('>');
            }
            AttrKind::Opaque { dialect, body, ty } => {
                self.out.push('#');
                self.print_dialect_symbol(ctx.str(*dialect), body);
                if let Some(t) = ty {
                    if !elide_type {
                        self.out.push_str(" : ");
                        self.print_type(*t);
                    }
                }
            }
            AttrKind::Dialect { dialect, mnemonic, params } => {
                let (d, m) = (ctx.str(*dialect), ctx.str(*mnemonic));
                self.out.push('#');
                self.out.push_str(d);
                self.out.push('.');
                self.out.push_str(m);
                if let Some(def) = ctx.registry().attr_def(d, m) {
                    (def.print)(def, self, params);
                }
            }
            AttrKind::Location(_) => self.print_location(a),
        }
    }

    /// Whether `--mlir-elide-elementsattrs-if-larger` hides this elements attribute: one that is
    /// not a splat and has more elements than the limit (for a sparse one, its indices or values).
    fn elided(&self, a: Attr) -> bool {
        let Some(limit) = self.opts.elide_elements_larger else { return false };
        let ctx = self.ctx;
        let large = |ty: &Type| ctx.type_kind(*ty).num_elements().is_some_and(|n| n as u64 > limit);
        match ctx.attr_kind(a) {
            AttrKind::DenseElements { ty, splat, .. } | AttrKind::DenseStrings { ty, splat, .. } => !*splat && large(ty),
            AttrKind::Sparse { indices, values, .. } => self.elided(*indices) || self.elided(*values),
            _ => false,
        }
    }

    fn print_dim(&mut self, d: i64) {
        if d == DYNAMIC {
            self.out.push('?');
        } else {
            let _ = write!(self.out, "{d}");
        }
    }

    /// Writes a scalar of `ty` given as little-endian bytes (integers of any width, index, floats).
    fn print_scalar_bytes(&mut self, ty: Type, bytes: &[u8]) {
        match self.ctx.type_kind(ty) {
            TypeKind::Integer { width, signedness } if *width > 128 => {
                let words = intbits::from_le_bytes(bytes, *width);
                self.out.push_str(&intbits::to_decimal(&words, *width, *signedness != Signedness::Unsigned));
            }
            _ => {
                let mut v = 0u128;
                for (k, b) in bytes.iter().enumerate().take(16) {
                    v |= (*b as u128) << (8 * k);
                }
                self.print_scalar_bits(ty, v);
            }
        }
    }

    /// Writes a scalar of `ty` given as raw bits (integers, index, floats).
    fn print_scalar_bits(&mut self, ty: Type, bits: u128) {
        match self.ctx.type_kind(ty) {
            TypeKind::Float(k) => self.out.push_str(&Float::from_bits(*k, bits).to_mlir_string()),
            TypeKind::Integer { width: 1, .. } => self.out.push_str(if bits & 1 == 1 { "true" } else { "false" }),
            TypeKind::Integer { width, signedness } => {
                let words: crate::attrs::IntBits = [bits as u64, (bits >> 64) as u64].into_iter().collect();
                let words = intbits::from_le_bytes(&intbits::to_le_bytes(&words, *width), *width);
                intbits::write_decimal(&mut self.out, &words, *width, *signedness != Signedness::Unsigned);
            }
            TypeKind::Index => {
                let _ = write!(self.out, "{}", bits as u64 as i64);
            }
            _ => {}
        }
    }

    fn print_dense_body(&mut self, ty: Type, splat: bool, data: &[u8]) {
        let ctx = self.ctx;
        let kind = ctx.type_kind(ty);
        let Some(elem) = kind.element_type() else { return };
        let shape: Vec<i64> = kind.shape().map(|s| s.to_vec()).unwrap_or_default();
        let (scalar, complex) = match ctx.type_kind(elem) {
            TypeKind::Complex(e) => (*e, true),
            _ => (elem, false),
        };
        let width = ctx.int_width(scalar).max(1);
        let bytes = (width as usize).div_ceil(8);
        let elem_bytes = if complex { 2 * bytes } else { bytes };
        let n = kind.num_elements().unwrap_or(0) as usize;
        // A type without elements prints as `dense<>`.
        if n == 0 && !shape.is_empty() {
            return;
        }
        if !splat && n > 100 {
            self.out.push_str("\"0x");
            // MLIR's raw data packs booleans one bit each, from the lowest.
            let packed: Vec<u8>;
            let raw = if width == 1 && !complex {
                packed = data.chunks(8).map(|c| c.iter().enumerate().fold(0u8, |acc, (i, b)| acc | ((b & 1) << i))).collect();
                &packed
            } else {
                data
            };
            for b in raw {
                let _ = write!(self.out, "{b:02X}");
            }
            self.out.push('"');
            return;
        }
        let read = |i: usize, part: usize| -> &[u8] {
            let start = i * elem_bytes + part * bytes;
            data.get(start..start + bytes).unwrap_or(&[])
        };
        let mut print_elem = |p: &mut Self, i: usize| {
            if complex {
                p.out.push('(');
                p.print_scalar_bytes(scalar, read(i, 0));
                p.out.push(',');
                p.print_scalar_bytes(scalar, read(i, 1));
                p.out.push(')');
            } else {
                p.print_scalar_bytes(scalar, read(i, 0));
            }
        };
        if splat || shape.is_empty() {
            if n > 0 || shape.is_empty() {
                print_elem(self, 0);
            } else {
                self.print_nested(&shape, 0, &mut 0, &mut print_elem);
            }
            return;
        }
        let mut idx = 0;
        self.print_nested(&shape, 0, &mut idx, &mut print_elem);
    }

    fn print_nested(&mut self, shape: &[i64], dim: usize, idx: &mut usize, f: &mut dyn FnMut(&mut Self, usize)) {
        if dim == shape.len() {
            f(self, *idx);
            *idx += 1;
            return;
        }
        self.out.push('[');
        for i in 0..shape[dim].max(0) {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_nested(shape, dim + 1, idx, f);
        }
        self.out.push(']');
    }

    /// Writes ` {k = v, ...}` (or ` attributes {...}`) for entries not in `elided`; nothing if none.
    pub fn print_attr_dict(&mut self, dict: Attr, elided: &[&str], with_keyword: bool) {
        let ctx = self.ctx;
        // (With nothing elided, no name is looked up.)
        self.print_attr_dict_where(dict, with_keyword, &|k, _| elided.is_empty() || !elided.contains(&ctx.str(k)));
    }

    /// [`Printer::print_attr_dict`] for the entries `keep` accepts (by name and value).
    pub fn print_attr_dict_where(&mut self, dict: Attr, with_keyword: bool, keep: &dyn Fn(Ident, Attr) -> bool) {
        if !self.ctx.dict_entries(dict).iter().any(|&(k, v)| keep(k, v)) {
            return;
        }
        self.out.push_str(if with_keyword { " attributes " } else { " " });
        self.print_dict_literal_where(dict, keep);
    }

    /// Writes `{k = v, ...}` for entries not in `elided` (always, even when empty).
    pub fn print_dict_literal(&mut self, dict: Attr, elided: &[&str]) {
        let ctx = self.ctx;
        self.print_dict_literal_where(dict, &|k, _| !elided.contains(&ctx.str(k)));
    }

    /// Writes `{k = v, ...}` for the entries `keep` accepts (always, even when empty).
    fn print_dict_literal_where(&mut self, dict: Attr, keep: &dyn Fn(Ident, Attr) -> bool) {
        let ctx = self.ctx;
        self.out.push('{');
        let mut first = true;
        for &(k, v) in ctx.dict_entries(dict) {
            if !keep(k, v) {
                continue;
            }
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            self.print_dict_key(k);
            if !matches!(ctx.attr_kind(v), AttrKind::Unit) {
                self.out.push_str(" = ");
                self.print_attr(v);
            }
        }
        self.out.push('}');
    }

    /// Writes a dictionary key as [`Printer::print_keyword_or_string`] does, from its text
    /// kept the first time (the keys of a function's properties in the generic form are
    /// printed once per function, and checking each character showed in profiles).
    fn print_dict_key(&mut self, k: Ident) {
        let index = k.index() as usize;
        if let Some(Some(text)) = self.key_texts.get(index) {
            push_short(&mut self.out, text);
            return;
        }
        let start = self.out.len();
        self.print_keyword_or_string(self.ctx.str(k));
        if self.key_texts.len() <= index {
            self.key_texts.resize(index + 1, None);
        }
        self.key_texts[index] = Some(self.out[start..].into());
    }

    /// Writes a name as a bare identifier when it is one, else as a quoted string.
    pub fn print_keyword_or_string(&mut self, s: &str) {
        if is_bare_identifier(s) {
            self.out.push_str(s);
        } else {
            self.print_string_literal(s.as_bytes());
        }
    }

    /// Writes `@name`, quoted when it is not a bare identifier.
    pub fn print_symbol(&mut self, name: &str) {
        self.out.push('@');
        self.print_keyword_or_string(name);
    }

    /// Writes a string literal with MLIR's escaping (`\22`, `\\`, `\0A`…).
    pub fn print_string_literal(&mut self, bytes: &[u8]) {
        self.out.push('"');
        // Printable ASCII but for `\` and `"` is written as it is (no need to validate it as
        // UTF-8 first: it is ASCII).
        if bytes.iter().all(|&b| matches!(b, 0x20..=0x7e) && b != b'\\' && b != b'"') {
            // SAFETY: every byte is ASCII.
            push_short(&mut self.out, unsafe { std::str::from_utf8_unchecked(bytes) });
            self.out.push('"');
            return;
        }
        for &b in bytes {
            match b {
                b'\\' => self.out.push_str("\\\\"),
                b'"' => self.out.push_str("\\22"),
                0x20..=0x7e => self.out.push(b as char),
                _ => {
                    let _ = write!(self.out, "\\{b:02X}");
                }
            }
        }
        self.out.push('"');
    }

    // ----------------------------------------------------------------- aliases

    /// The alias definitions (`#map = ...` lines), in MLIR's order, as text; empties the
    /// output buffer's use for them.
    fn take_alias_definitions(&mut self) -> String {
        let order = self.alias_order.clone();
        self.alias_definitions(&order)
    }

    fn alias_definitions(&mut self, order: &[AliasKey]) -> String {
        let saved = std::mem::take(&mut self.out);
        for &key in order {
            let name = self.aliases.remove(&key).unwrap_or_default();
            match key {
                AliasKey::Type(t) => {
                    let _ = write!(self.out, "!{name} = ");
                    self.print_type_body(t);
                }
                AliasKey::Attr(a) => {
                    let _ = write!(self.out, "#{name} = ");
                    if matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) && self.opts.pretty_debuginfo {
                        self.print_location_body(a);
                    } else if matches!(self.ctx.attr_kind(a), AttrKind::Location(_)) {
                        self.out.push_str("loc(");
                        self.print_location_body(a);
                        self.out.push(')');
                    } else {
                        self.print_attr(a);
                    }
                }
            }
            self.out.push('\n');
            self.aliases.insert(key, name);
        }
        std::mem::replace(&mut self.out, saved)
    }
}

fn is_bare_identifier(s: &str) -> bool {
    // Every accepted character is ASCII, so bytes do (a multi-byte character fails either way).
    match s.as_bytes() {
        [first, rest @ ..] => (first.is_ascii_alphabetic() || *first == b'_') && rest.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'),
        [] => false,
    }
}

/// Whether a dialect type/attribute body can be printed in the pretty `dialect.body` form:
/// an identifier, optionally followed by a balanced `<...>` that ends the body.
fn is_pretty_dialect_body(body: &str) -> bool {
    let bytes = body.as_bytes();
    if bytes.is_empty() || !(bytes[0].is_ascii_alphabetic()) {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'.') {
        i += 1;
    }
    if i == bytes.len() {
        return true;
    }
    if bytes[i] != b'<' || bytes[bytes.len() - 1] != b'>' {
        return false;
    }
    // The `<...>` must be balanced and close only at the very end.
    let mut stack: Vec<u8> = Vec::new();
    let inner = &bytes[i..];
    let mut j = 0;
    while j < inner.len() {
        let c = inner[j];
        match c {
            b'"' => {
                j += 1;
                while j < inner.len() && inner[j] != b'"' {
                    if inner[j] == b'\\' {
                        j += 1;
                    }
                    j += 1;
                }
            }
            b'<' | b'(' | b'[' | b'{' => stack.push(c),
            b'>' | b')' | b']' | b'}' => {
                let open = match c {
                    b'>' => b'<',
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                // `->` inside a body is an arrow, not a closing bracket.
                if c == b'>' && j > 0 && inner[j - 1] == b'-' {
                    j += 1;
                    continue;
                }
                if stack.pop() != Some(open) {
                    return false;
                }
                if stack.is_empty() && j != inner.len() - 1 {
                    return false;
                }
            }
            _ => {}
        }
        j += 1;
    }
    stack.is_empty()
}

/// Writes the `{-# dialect_resources: ... #-}` block for the resources that `top` still
/// references (`dense_resource<key>` for builtin ones, the key inside an attribute of the
/// owning dialect for others), as mlir-opt prints it after the operation. Empty when none is.
/// `resources` holds (dialect, key, value text) as parsed.
pub fn print_resources(ctx: &Context, body: &Body, top: Op, resources: &[(String, String, String)]) -> String {
    if resources.is_empty() {
        return String::new();
    }
    let mut used: Vec<(String, String)> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<Attr> = rustc_hash::FxHashSet::default();
    let mut stack: Vec<Attr> = Vec::new();
    collect_op_attrs(body, top, &mut stack);
    while let Some(a) = stack.pop() {
        if !seen.insert(a) {
            continue;
        }
        match ctx.attr_kind(a) {
            AttrKind::DenseResource { handle, .. } => used.push(("builtin".into(), handle.to_string())),
            AttrKind::Opaque { dialect, body, .. } => {
                let d = ctx.str(*dialect);
                for (rd, key, _) in resources {
                    if rd == d && contains_word(body, key) {
                        used.push((rd.clone(), key.clone()));
                    }
                }
            }
            AttrKind::Array(xs) => stack.extend(xs.iter()),
            AttrKind::Dictionary(es) => stack.extend(es.iter().map(|e| e.1)),
            AttrKind::Dialect { params, .. } => stack.extend(params.iter()),
            _ => {}
        }
    }
    let mut dialects: Vec<&str> = Vec::new();
    for (d, k, _) in resources {
        if used.iter().any(|u| &u.0 == d && &u.1 == k) && !dialects.contains(&d.as_str()) {
            dialects.push(d);
        }
    }
    if dialects.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n{-#\n  dialect_resources: {\n");
    for (i, d) in dialects.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let _ = write!(out, "    {d}: {{\n");
        let entries: Vec<&(String, String, String)> =
            resources.iter().filter(|(rd, k, _)| rd == d && used.iter().any(|u| &u.0 == rd && &u.1 == k)).collect();
        for (j, (_, k, v)) in entries.iter().enumerate() {
            if j > 0 {
                out.push_str(",\n");
            }
            let _ = write!(out, "      {k}: {v}");
        }
        out.push_str("\n    }");
    }
    out.push_str("\n  }\n#-}\n");
    out
}

fn collect_op_attrs(body: &Body, op: Op, out: &mut Vec<Attr>) {
    let d = body.op(op);
    out.push(d.attrs);
    out.extend(d.properties());
    let (rb, regions) = body.op_regions(op);
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                collect_op_attrs(rb, inner, out);
            }
        }
    }
}

/// Whether `key` occurs in `text` as a whole identifier.
fn contains_word(text: &str, key: &str) -> bool {
    let is_id = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.';
    text.match_indices(key).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + key.len()..].chars().next();
        !before.is_some_and(is_id) && !after.is_some_and(is_id)
    })
}

/// The predecessors of each block of a region: per block, the (position, block) of every
/// edge into it, in block order.
type Preds = FxHashMap<Block, SmallVec<[(usize, Block); 2]>>;

/// The predecessor edges of the blocks in `blocks` (one region), found in one pass.
fn predecessors(body: &Body, blocks: &[Block]) -> Preds {
    let mut preds = Preds::default();
    for (pos, &b) in blocks.iter().enumerate() {
        for op in body.block_ops(b) {
            for &s in body.successors(op) {
                preds.entry(s).or_default().push((pos, b));
            }
        }
    }
    preds
}

/// Whether `op` is a terminator or an unregistered op (which might be one), as MLIR's
/// `mightHaveTrait<IsTerminator>`.
pub fn might_be_terminator(ctx: &Context, body: &Body, op: Op) -> bool {
    match ctx.registry().get(body.op(op).name) {
        Some(d) => d.traits.contains(crate::Traits::TERMINATOR),
        None => true,
    }
}
