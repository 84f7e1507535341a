//! The verifier: structural rules every operation obeys (terminators, symbol tables, SSA
//! dominance inside blocks) and each registered op's own verifier.
//!
//! It walks every body, including the nested bodies of isolated operations, and stops at the
//! first error, like mlir-opt.

use crate::body::{Block, Body, Op, ValueDef};
use crate::registry::{OpDef, Traits};
use crate::{Context, Diagnostic};
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicBool, Ordering};

mod signatures;
use signatures::PassedSignatures;

/// The symbols defined directly in a symbol-table operation's region: name -> defining op.
pub struct SymbolTable<'a> {
    /// The symbols, by name.
    pub symbols: FxHashMap<&'a str, (&'a Body, Op)>,
}

impl<'a> SymbolTable<'a> {
    /// The op defining `name`, with the body it lives in.
    pub fn lookup(&self, name: &str) -> Option<(&'a Body, Op)> {
        self.symbols.get(name).copied()
    }
}

/// Verifies `top` (an operation of `body`) and everything nested in it, then the symbol uses
/// of every op against its nearest enclosing symbol table.
///
/// An error emitted on an operation gets its `see current operation` note here, when the
/// context asks for it ([`Diagnostic::attach_current_op`]).
pub fn verify(ctx: &Context, body: &Body, top: Op) -> Result<(), Diagnostic> {
    verify_walk(ctx, body, top, false)
}

/// [`verify`] of IR as its parser built it: the bodies of isolated ops whose contents passed
/// verification while they were built ([`Body::mark_nested_verified`]) are not walked again
/// (only the ops owning them are verified). The result is [`verify`]'s, as long as nothing
/// changed the IR between the marks and this call in a way no mark follows (the ops owning
/// marked bodies are not to be changed).
pub fn verify_parsed(ctx: &Context, body: &Body, top: Op) -> Result<(), Diagnostic> {
    verify_walk(ctx, body, top, true)
}

fn verify_walk(ctx: &Context, body: &Body, top: Op, trust_marks: bool) -> Result<(), Diagnostic> {
    let def = ctx.registry().get(body.op(top).name);
    let walk = Walk { root: (body, top), symbol_users: AtomicBool::new(def.is_some_and(|d| d.verify_symbol_uses.is_some())), trust_marks };
    verify_op(ctx, body, top, def, None, None, &mut Scratch::default(), None, &walk)
        .and_then(|()| {
            // Symbol uses are checked by hooks: without ops that have one, nothing to check.
            if !walk.symbol_users.load(Ordering::Relaxed) {
                return Ok(());
            }
            verify_symbol_uses(ctx, body, top, def, None, ctx.threads > 1 && may_hold_isolated(body))
        })
        .map_err(|mut d| {
            d.attach_current_op(ctx, body, top);
            d
        })
}

/// What one thread's walk keeps from op to op: the signatures that passed, and the position
/// arrays of bodies whose walk ended, for the next bodies to reuse.
#[derive(Default)]
struct Scratch {
    signatures: PassedSignatures,
    spare: Vec<Vec<u32>>,
}

/// What the whole verification shares.
struct Walk<'a> {
    /// The operation being verified (the top of the IR, which names values when an operation
    /// is printed in a message), with its body.
    root: (&'a Body, Op),
    /// Whether an op met has a symbol-use hook (set by any thread that meets one).
    symbol_users: AtomicBool,
    /// Whether nested bodies marked verified are skipped ([`verify_parsed`]).
    trust_marks: bool,
}

/// What verifying the contents of many isolated ops one after another on one thread keeps
/// from one to the next ([`verify_nested_contents`]).
#[derive(Default)]
pub struct ContentsScratch(Scratch);

/// Verifies the contents of the isolated `op`'s body (its regions and everything in them, not
/// `op` itself), as [`verify`] does when it meets `op`, and marks the body verified when they
/// pass ([`Body::mark_nested_verified`]); says whether they passed. A failure is not reported:
/// [`verify_parsed`] then walks the body and reports it in its place in the walk.
pub fn verify_nested_contents(ctx: &Context, body: &mut Body, op: Op, scratch: &mut ContentsScratch) -> bool {
    let (rb, regions) = body.op_regions(op);
    if body.nested(op).is_none() || regions.is_empty() {
        return false;
    }
    let def = ctx.registry().get(body.op(op).name);
    let walk = Walk { root: (&*body, op), symbol_users: AtomicBool::new(false), trust_marks: false };
    let passed = &mut scratch.0;
    let mut facts = BodyFacts::new(ctx, rb, passed.spare.pop());
    let ok = verify_regions(ctx, body, op, def, regions, &mut facts, passed, body.op(op).loc, &walk).is_ok();
    passed.spare.push(facts.position);
    let symbol_users = walk.symbol_users.load(Ordering::Relaxed);
    if ok {
        body.mark_nested_verified(op, symbol_users);
    }
    ok
}

fn symbol_name<'a>(ctx: &'a Context, body: &Body, op: Op) -> Option<&'a str> {
    ctx.as_str(ctx.op_attr_id(body, op, crate::Ident::SYM_NAME)?)
}

/// The bytes of `op`'s `sym_name` string, UTF-8 or not ([`symbol_name`] without the check).
fn symbol_name_bytes<'a>(ctx: &'a Context, body: &Body, op: Op) -> Option<&'a [u8]> {
    match ctx.attr_kind(ctx.op_attr_id(body, op, crate::Ident::SYM_NAME)?) {
        crate::AttrKind::String { value, .. } => Some(value),
        _ => None,
    }
}

/// The symbol uses of `op` (defined by `def`) and of the ops nested in it, against `table`,
/// the nearest enclosing symbol table. `isolated_here` says whether `body` may hold isolated
/// ops worth checking on several threads (see [`may_hold_isolated`]).
fn verify_symbol_uses<'a>(
    ctx: &'a Context,
    body: &'a Body,
    op: Op,
    def: Option<&OpDef>,
    table: Option<&SymbolTable<'a>>,
    isolated_here: bool,
) -> Result<(), Diagnostic> {
    if let (Some(t), Some(f)) = (table, def.and_then(|d| d.verify_symbol_uses)) {
        f(ctx, body, op, t)?;
    }
    let (rb, regions) = body.op_regions(op);
    if regions.is_empty() {
        return Ok(());
    }
    let own;
    let table = if def.is_some_and(|d| d.traits.contains(Traits::SYMBOL_TABLE)) {
        let mut symbols = FxHashMap::default();
        for &r in regions {
            for &b in rb.region_blocks(r) {
                for inner in rb.block_ops(b) {
                    if let Some(n) = symbol_name(ctx, rb, inner) {
                        symbols.entry(n).or_insert((rb, inner));
                    }
                }
            }
        }
        own = SymbolTable { symbols };
        Some(&own)
    } else if def.is_none() && regions.len() == 1 {
        // An unregistered op with one region may be a symbol table MLIR knows nothing about:
        // nothing is found from inside it (MLIR's `isPotentiallyUnknownSymbolTable`).
        own = SymbolTable { symbols: FxHashMap::default() };
        Some(&own)
    } else {
        table
    };
    // Isolated ops (functions) are checked on several threads when they are many; the first
    // error in op order is the one one thread finds.
    let isolated_here = if body.nested(op).is_some() { ctx.threads > 1 && may_hold_isolated(rb) } else { isolated_here };
    let children = if isolated_here { isolated_children(body, op) } else { Vec::new() };
    let threads = threads_for_children(ctx, rb, &children, false);
    let mut results =
        (threads > 1).then(|| crate::parallel::map_in_order(&children, threads, |&c| verify_symbol_uses(ctx, rb, c, ctx.registry().get(rb.op(c).name), table, isolated_here).map_err(Box::new)).into_iter());
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                let idef = ctx.registry().get(rb.op(inner).name);
                // An op with neither regions (nor successors) nor a hook to run has nothing to check.
                if rb.extra(inner).is_none() && (table.is_none() || idef.is_none_or(|d| d.verify_symbol_uses.is_none())) {
                    continue;
                }
                match results.as_mut().filter(|_| rb.nested(inner).is_some()) {
                    Some(results) => results.next().unwrap_or(Ok(())).map_err(|d| *d)?,
                    None => verify_symbol_uses(ctx, rb, inner, idef, table, isolated_here)?,
                }
            }
        }
    }
    Ok(())
}

/// MLIR's check of a named symbol (an op with the `Symbol` trait and a `sym_name`): unless it
/// is at the top, its parent must be a symbol table or an op MLIR does not know (which might
/// be one). Symbol ops' verifiers call it once their attributes are checked, where MLIR's
/// symbol interface verifier runs.
pub fn verify_symbol_parent(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let name = body.op(op).name;
    if !ctx.registry().traits(name).contains(Traits::SYMBOL) || ctx.op_attr_id(body, op, crate::Ident::SYM_NAME).is_none() {
        return Ok(());
    }
    verify_named_symbol_parent(ctx, body, op, parent)
}

/// [`verify_symbol_parent`] of an op its verifier knows to be a named symbol (it has the
/// `Symbol` trait and a `sym_name`).
pub fn verify_named_symbol_parent(ctx: &Context, body: &Body, op: Op, parent: Option<(&Body, Op)>) -> Result<(), Diagnostic> {
    let name = body.op(op).name;
    let Some(def) = parent.and_then(|(pb, p)| ctx.registry().get(pb.op(p).name)) else { return Ok(()) };
    if def.traits.contains(Traits::SYMBOL_TABLE) {
        return Ok(());
    }
    Err(Diagnostic::on_op(body, op, format!("'{}' op symbol's parent must have the SymbolTable trait", ctx.str(name))))
}

/// `def` is the op's definition (`None` when it is unregistered); `facts` are the facts of
/// `body` the checks need (`None` until an op of `body` with regions makes them);
/// `root_owner` is the location of the op whose own body holds `body`'s root regions.
#[allow(clippy::too_many_arguments)]
fn verify_op(
    ctx: &Context,
    body: &Body,
    op: Op,
    def: Option<&OpDef>,
    parent: Option<(&Body, Op)>,
    facts: Option<&mut BodyFacts>,
    passed: &mut Scratch,
    root_owner: Option<crate::Attr>,
    walk: &Walk<'_>,
) -> Result<(), Diagnostic> {
    let data = body.op(op);
    let isolated_op = body.nested(op).is_some();
    let owner = if isolated_op { data.loc } else { root_owner.unwrap_or(data.loc) };
    let (rb, regions) = body.op_regions(op);
    if let Some(d) = def {
        verify_own(ctx, body, op, d, (rb, regions), body.successors(op).len(), parent, passed)?;
    }
    let trusted = if isolated_op && walk.trust_marks { body.nested_verified(op) } else { None };
    if let Some(symbol_users) = trusted {
        if symbol_users {
            walk.symbol_users.store(true, Ordering::Relaxed);
        }
    } else if !regions.is_empty() {
        // The regions' body: this body, or the op's own when it is isolated.
        let mut own_facts = None;
        let facts = match facts.filter(|_| !isolated_op) {
            Some(f) => f,
            None => {
                own_facts = Some(BodyFacts::new(ctx, rb, passed.spare.pop()));
                own_facts.as_mut().unwrap()
            }
        };
        verify_regions(ctx, body, op, def, regions, facts, passed, owner, walk)?;
        if let Some(f) = own_facts {
            passed.spare.push(f.position);
        }
    }
    if let Some((d, vf)) = def.and_then(|d| d.verify_regions.map(|f| (d, f))) {
        vf(d, ctx, body, op, parent)?;
    }
    Ok(())
}

/// [`verify_op`] of `inner` (defined by `idef`), an op of `rb` (the body of the regions of
/// `parent`) whose block's checks it passed; `facts` are those of `rb`.
#[allow(clippy::too_many_arguments)]
#[inline]
fn verify_inner(
    ctx: &Context,
    parent: (&Body, Op),
    rb: &Body,
    inner: Op,
    idef: Option<&OpDef>,
    facts: &mut BodyFacts,
    passed: &mut Scratch,
    owner: crate::Attr,
    walk: &Walk<'_>,
) -> Result<(), Diagnostic> {
    if rb.extra(inner).is_some() {
        return verify_op(ctx, rb, inner, idef, Some(parent), Some(facts), passed, Some(owner), walk);
    }
    // No regions nor successors: an unregistered op has nothing of its own to verify, a
    // registered one only itself.
    match idef {
        Some(d) => verify_leaf(ctx, rb, inner, d, Some(parent), passed),
        None => Ok(()),
    }
}

/// [`verify_op`] of an op without regions or successors (most ops), defined by `def`.
#[inline]
fn verify_leaf(ctx: &Context, body: &Body, op: Op, def: &OpDef, parent: Option<(&Body, Op)>, passed: &mut Scratch) -> Result<(), Diagnostic> {
    match def.verify {
        // An op of a signature that passed its own verifier passed its counts too (they are
        // part of the signature, and it has no regions nor successors): then only its region
        // verifier is left.
        Some(vf) => {
            if !passed.signatures.seen(def, body, op, parent) {
                check_counts(body, op, def, (body, &[]), 0)?;
                vf(def, ctx, body, op, parent)?;
                passed.signatures.passed();
            }
        }
        None => check_counts(body, op, def, (body, &[]), 0)?,
    }
    match def.verify_regions {
        Some(vf) => vf(def, ctx, body, op, parent),
        None => Ok(()),
    }
}

/// What [`verify_op`] checks of `op` (defined by `def`) before its regions: its counts of
/// operands, results, regions (`regions`, with the body holding them) and successors, and
/// its own verifier (skipped when an op of the same signature passed it).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn verify_own(
    ctx: &Context,
    body: &Body,
    op: Op,
    def: &OpDef,
    (rb, regions): (&Body, &[crate::Region]),
    successors: usize,
    parent: Option<(&Body, Op)>,
    passed: &mut Scratch,
) -> Result<(), Diagnostic> {
    check_counts(body, op, def, (rb, regions), successors)?;
    if let Some(vf) = def.verify {
        if !passed.signatures.seen(def, body, op, parent) {
            vf(def, ctx, body, op, parent)?;
            passed.signatures.passed();
        }
    }
    Ok(())
}

/// The counts [`verify_own`] checks of `op` (defined by `def`): operands, results, regions
/// (`regions`, with the body holding them; each of at most one block, and that one not empty
/// unless the op needs no terminator, for a single-block op) and successors.
#[inline(always)]
fn check_counts(body: &Body, op: Op, def: &OpDef, (rb, regions): (&Body, &[crate::Region]), successors: usize) -> Result<(), Diagnostic> {
    if let Err(msg) = def.shape.check(body.num_operands(op), body.results(op).len(), regions.len(), successors) {
        return Err(Diagnostic::on_op(body, op, format!("'{}' op {msg}", def.name)));
    }
    if def.traits.contains(Traits::SINGLE_BLOCK) {
        // MLIR's `SingleBlock`, region by region: one block at most, which holds its
        // terminator unless the op has none.
        let needs_terminator = !def.traits.contains(Traits::NO_TERMINATOR);
        for (i, r) in regions.iter().enumerate() {
            let blocks = rb.region_blocks(*r);
            if blocks.len() > 1 {
                return Err(Diagnostic::on_op(body, op, format!("'{}' op expects region #{i} to have 0 or 1 blocks", def.name)));
            }
            if needs_terminator && blocks.first().is_some_and(|&b| rb.block_last_op(b).is_none()) {
                return Err(Diagnostic::on_op(body, op, format!("'{}' op expects a non-empty block", def.name)));
            }
        }
    }
    Ok(())
}

/// What [`verify_op`] checks of `regions`, the regions of `op` (of `body`, defined by `def`): their entry blocks,
/// their blocks' terminators and symbols, and each op in them. `facts` are those of the body
/// holding the regions. Kept out of [`verify_op`], which most ops (those without regions) leave
/// early.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn verify_regions(
    ctx: &Context,
    body: &Body,
    op: Op,
    def: Option<&OpDef>,
    regions: &[crate::Region],
    facts: &mut BodyFacts,
    passed: &mut Scratch,
    owner: crate::Attr,
    walk: &Walk<'_>,
) -> Result<(), Diagnostic> {
    let rb = body.op_regions(op).0;
    if facts.has_successors {
        for &r in regions {
            if let Some(&entry) = rb.region_blocks(r).first() {
                let branches_to_entry = rb.region_blocks(r).iter().flat_map(|&b| rb.block_ops(b)).any(|o| rb.successors(o).contains(&entry));
                if branches_to_entry {
                    return Err(Diagnostic::error(body.op(op).loc, "entry block of region may not have predecessors"));
                }
            }
        }
    }
    // The isolated ops among the regions' ops, verified up front on several threads when
    // they are many; their results are taken in order below, where one thread verifies them.
    let mut isolated = if facts.has_isolated { verify_isolated_children(ctx, body, op, owner, walk) } else { None };
    let traits = def.map_or(Traits::NONE, |d| d.traits);
    let needs_terminator = def.is_some() && !traits.contains(Traits::NO_TERMINATOR) && !traits.contains(Traits::GRAPH_REGION);
    let ssa = !traits.contains(Traits::GRAPH_REGION);
    let symbol_table = traits.contains(Traits::SYMBOL_TABLE);
    for &r in regions {
        // Sized for a region of symbols, which symbol tables mostly hold.
        let capacity = if symbol_table { rb.region_blocks(r).iter().map(|&b| rb.block_ops(b).count()).sum() } else { 0 };
        let mut symbols: FxHashMap<&[u8], Op> = FxHashMap::with_capacity_and_hasher(capacity, Default::default());
        for &b in rb.region_blocks(r) {
            if needs_terminator && rb.block_last_op(b).is_none() {
                return Err(Diagnostic::error(body.op(op).loc, "empty block: expect at least a terminator"));
            }
            // As MLIR, on entering the block, before any of its ops is verified.
            if facts.has_successors {
                if let Some(inner) = rb.block_ops(b).find(|&o| !rb.successors(o).is_empty() && rb.op(o).next.is_some()) {
                    return Err(Diagnostic::on_op(rb, inner, "operation with block successors must terminate its parent block"));
                }
            }
            // A long block of a region that is no symbol table, with no isolated ops verified
            // up front: its ops in runs on several threads.
            let long = || rb.block_ops(b).nth(2 * crate::parallel::MIN_PARALLEL_WORK - 1).is_some();
            if isolated.is_none() && !symbol_table && ctx.threads > 1 && long() {
                let ops: Vec<(usize, Op)> = rb.block_ops(b).enumerate().collect();
                // Each run starts in the middle of the block: the ops before it count as reached.
                for &(i, inner) in &ops {
                    facts.reach(inner, i);
                }
                let shared = facts.clone();
                let runs: Vec<&[(usize, Op)]> = ops.chunks(crate::parallel::MIN_PARALLEL_WORK / 2).collect();
                // Each run stops at its first error; the first run with one has the first error
                // in op order, as one thread would find it.
                let results = crate::parallel::map_in_order_with(&runs, ctx.threads, || (shared.clone(), Scratch::default()), |(facts, passed), run| {
                    run.iter().try_for_each(|&(index, inner)| {
                        let idef = check_in_block(ctx, (body, op), rb, inner, index, b, ssa, facts, owner, walk)?;
                        verify_inner(ctx, (body, op), rb, inner, idef, facts, passed, owner, walk)
                    })
                });
                results.into_iter().collect::<Result<(), Diagnostic>>()?;
                check_block_terminator(ctx, rb, b, needs_terminator, walk)?;
                continue;
            }
            for (i, inner) in rb.block_ops(b).enumerate() {
                let idef = check_in_block(ctx, (body, op), rb, inner, i, b, ssa, facts, owner, walk)?;
                if symbol_table {
                    if let Some(name) = symbol_name_bytes(ctx, rb, inner) {
                        // Names that are not UTF-8 are no symbol names ([`symbol_name`]): they
                        // only ever meet themselves here.
                        if let Some(prev) = symbols.insert(name, inner) {
                            if let Ok(name) = std::str::from_utf8(name) {
                                return Err(Diagnostic::on_op(rb, inner, format!("redefinition of symbol named '{name}'"))
                                    .with_note(rb.op(prev).loc, "see existing symbol definition here"));
                            }
                        }
                    }
                }
                match isolated.as_mut().filter(|_| rb.nested(inner).is_some()) {
                    Some(results) => results.next().unwrap_or(Ok(())).map_err(|d| *d)?,
                    None => verify_inner(ctx, (body, op), rb, inner, idef, facts, passed, owner, walk)?,
                }
            }
            check_block_terminator(ctx, rb, b, needs_terminator, walk)?;
        }
    }
    Ok(())
}

/// The checks of `inner`, the op at `index` in `block` of `rb`, that its block makes before
/// the op itself is verified: a terminator must be the last op of its block (in a parent it
/// accepts, when its definition asks for that first, see
/// [`OpDef::parents_before_terminator`]), and in an SSA
/// region (`ssa`) every operand must dominate it. Notes in `facts` that the walk reached the
/// op; gives the op's definition (and notes in `walk` an op with a symbol-use hook).
#[allow(clippy::too_many_arguments)]
#[inline]
fn check_in_block<'c>(
    ctx: &'c Context,
    parent: (&Body, Op),
    rb: &Body,
    inner: Op,
    index: usize,
    block: Block,
    ssa: bool,
    facts: &mut BodyFacts,
    owner: crate::Attr,
    walk: &Walk<'_>,
) -> Result<Option<&'c OpDef>, Diagnostic> {
    facts.reach(inner, index);
    let data = rb.op(inner);
    let idef = ctx.registry().get(data.name);
    if let Some(d) = idef {
        if d.verify_symbol_uses.is_some() {
            walk.symbol_users.store(true, Ordering::Relaxed);
        }
        if d.traits.contains(Traits::TERMINATOR) && data.next.is_some() {
            let (pb, pop) = parent;
            let parent_name = ctx.str(pb.op(pop).name);
            let msg = match d.parents_before_terminator {
                [] => "must be the last operation in the parent block".to_string(),
                names if names.contains(&parent_name) => "must be the last operation in the parent block".to_string(),
                [one] => format!("expects parent op '{one}'"),
                names => format!("expects parent op to be one of '{}'", names.join(", ")),
            };
            return Err(Diagnostic::on_op(rb, inner, format!("'{}' op {msg}", d.name)));
        }
    }
    if ssa {
        check_operands_dominate(ctx, rb, inner, index, block, facts, owner)?;
    }
    Ok(idef)
}

/// As MLIR, the terminator is checked when leaving the block, after its ops.
fn check_block_terminator(ctx: &Context, rb: &Body, b: Block, needs_terminator: bool, walk: &Walk<'_>) -> Result<(), Diagnostic> {
    if let Some(last) = rb.block_last_op(b).filter(|_| needs_terminator) {
        if let Some(ld) = ctx.registry().get(rb.op(last).name) {
            if !ld.traits.contains(Traits::TERMINATOR) {
                // MLIR shows the operation in the message too, as its notes show it.
                let opts = ctx.print_op_on_diagnostic.clone().unwrap_or_default();
                let text = crate::printer::op_for_diagnostic(ctx, walk.root.0, walk.root.1, rb, last, &opts);
                return Err(Diagnostic::on_op(rb, last, format!("block with no terminator, has {text}")));
            }
        }
    }
    Ok(())
}

/// Whether `body` may hold isolated ops (ops owning their bodies): parts of erased ops may
/// remain, which can only make this `true`.
fn may_hold_isolated(body: &Body) -> bool {
    body.extras.values().any(|e| e.nested.is_some())
}

/// The ops of `op`'s regions that own their bodies, in region, block and op order.
fn isolated_children(body: &Body, op: Op) -> Vec<Op> {
    let (rb, regions) = body.op_regions(op);
    regions
        .iter()
        .flat_map(|&r| rb.region_blocks(r).iter())
        .flat_map(|&b| rb.block_ops(b))
        .filter(|&o| rb.nested(o).is_some())
        .collect()
}

/// How many threads to give `children` (isolated ops of `body`): more than one only when the
/// context allows it and their bodies hold enough operations (with `trust_marks`, those not
/// marked verified: the others cost one op's check).
fn threads_for_children(ctx: &Context, body: &Body, children: &[Op], trust_marks: bool) -> usize {
    if ctx.threads <= 1 || children.len() < 2 {
        return 1;
    }
    let work_of = |c: Op| match body.nested(c) {
        Some(_) if trust_marks && body.nested_verified(c).is_some() => 1,
        Some(b) => b.num_ops(),
        None => 0,
    };
    let work: usize = children.iter().map(|&c| work_of(c)).sum();
    crate::parallel::threads_for(ctx.threads, work)
}

/// [`verify_op`] of each isolated op in `op`'s regions, on several threads, in order; `None`
/// when they are too few (or the context allows one thread): then they are verified where
/// they are met.
fn verify_isolated_children(
    ctx: &Context,
    body: &Body,
    op: Op,
    owner: crate::Attr,
    walk: &Walk<'_>,
) -> Option<std::vec::IntoIter<Result<(), Box<Diagnostic>>>> {
    if ctx.threads <= 1 {
        return None;
    }
    let (rb, _) = body.op_regions(op);
    let children = isolated_children(body, op);
    let threads = threads_for_children(ctx, rb, &children, walk.trust_marks);
    if threads <= 1 {
        return None;
    }
    // An isolated op's verification uses no facts of the body holding it.
    let results = crate::parallel::map_in_order_with(&children, threads, Scratch::default, |passed, &c| {
        let def = ctx.registry().get(rb.op(c).name);
        // Boxed: one result per isolated op waits here, and nearly all are `Ok`.
        verify_op(ctx, rb, c, def, Some((body, op)), None, passed, Some(owner), walk).map_err(Box::new)
    });
    Some(results.into_iter())
}

/// Per-body facts the checks need: the position in its block of each op the walk has reached
/// (ops are reached in block order, so an op not reached yet comes after those that are),
/// whether any op has successors (else no entry block has predecessors), whether isolated ops
/// may be verified on several threads and, per region, the dominator tree of its blocks
/// numbered in depth-first order (a block dominates another when the other's interval lies
/// within its own).
#[derive(Clone)]
struct BodyFacts {
    /// 1 + the op's index in its block, 0 while the walk has not reached it (an array of a
    /// body walked before, reused).
    position: Vec<u32>,
    has_successors: bool,
    /// Whether ops of the body may be verified on several threads: the context allows it and
    /// the body may hold isolated ops.
    has_isolated: bool,
    intervals: FxHashMap<crate::Region, FxHashMap<Block, (u32, u32)>>,
}

impl BodyFacts {
    /// The facts of `body`, in `spare` (an array of a body walked before) if given.
    fn new(ctx: &Context, body: &Body, spare: Option<Vec<u32>>) -> Self {
        let mut position = spare.unwrap_or_default();
        position.clear();
        position.resize(body.num_ops(), 0);
        // Parts of erased ops may remain: they can only make this `true`, which is safe.
        let has_successors = body.extras.values().any(|e| !e.successors.is_empty());
        let has_isolated = ctx.threads > 1 && may_hold_isolated(body);
        Self { position, has_successors, has_isolated, intervals: FxHashMap::default() }
    }

    /// Notes that the walk reached `op`, the op at `index` in its block.
    #[inline]
    fn reach(&mut self, op: Op, index: usize) {
        self.position[cranelift_entity::EntityRef::index(op)] = index as u32 + 1;
    }

    /// Whether `a` comes before `b`, an op the walk has reached, in their block.
    #[inline]
    fn before(&self, a: Op, b: Op) -> bool {
        let a = self.position[cranelift_entity::EntityRef::index(a)];
        a != 0 && a < self.position[cranelift_entity::EntityRef::index(b)]
    }

    /// Whether `a` comes before the op at `index` of its block, an op the walk has reached.
    #[inline]
    fn reached_before(&self, a: Op, index: usize) -> bool {
        let a = self.position[cranelift_entity::EntityRef::index(a)];
        a != 0 && (a as usize) <= index
    }

    /// Whether `b` is reachable from the entry block of its region `region`.
    fn reachable(&mut self, body: &Body, region: crate::Region, b: Block) -> bool {
        self.intervals.entry(region).or_insert_with(|| dominator_intervals(body, region)).contains_key(&b)
    }

    /// Whether block `a` dominates block `b` (both in `region`). A block unreachable from the
    /// entry is dominated by everything, as in MLIR.
    fn dominates(&mut self, body: &Body, region: crate::Region, a: Block, b: Block) -> bool {
        let intervals = self.intervals.entry(region).or_insert_with(|| dominator_intervals(body, region));
        match (intervals.get(&a), intervals.get(&b)) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some(&(a_in, a_out)), Some(&(b_in, b_out))) => a_in <= b_in && b_out <= a_out,
        }
    }
}

/// The pre- and post-order numbers of the reachable blocks of `region` in its dominator tree.
fn dominator_intervals(body: &Body, region: crate::Region) -> FxHashMap<Block, (u32, u32)> {
    let idom = compute_idoms(body, region);
    let mut children: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    // Children in block order, for a deterministic numbering.
    for &b in body.region_blocks(region) {
        if let Some(&d) = idom.get(&b) {
            if d != b {
                children.entry(d).or_default().push(b);
            }
        }
    }
    let mut out = FxHashMap::default();
    let Some(&entry) = body.region_blocks(region).first() else { return out };
    let mut counter = 0u32;
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    let mut pre: FxHashMap<Block, u32> = FxHashMap::default();
    pre.insert(entry, 0);
    while let Some(&mut (b, ref mut i)) = stack.last_mut() {
        let next = children.get(&b).and_then(|c| c.get(*i)).copied();
        *i += 1;
        match next {
            Some(c) => {
                counter += 1;
                pre.insert(c, counter);
                stack.push((c, 0));
            }
            None => {
                stack.pop();
                counter += 1;
                out.insert(b, (pre[&b], counter));
            }
        }
    }
    out
}

/// Immediate dominators of the reachable blocks of a region (Cooper, Harvey and Kennedy's
/// iterative algorithm over reverse postorder). The entry block maps to itself.
pub fn compute_idoms(body: &Body, region: crate::Region) -> FxHashMap<Block, Block> {
    let blocks = body.region_blocks(region);
    let mut idom = FxHashMap::default();
    let Some(&entry) = blocks.first() else { return idom };
    let succs = |b: Block| -> &[Block] { body.block_last_op(b).map_or(&[][..], |t| body.successors(t)) };
    // Reverse postorder by an explicit-stack DFS.
    let mut order: Vec<Block> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<Block> = rustc_hash::FxHashSet::default();
    let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
    seen.insert(entry);
    while let Some((b, i)) = stack.pop() {
        let ss = succs(b);
        if i < ss.len() {
            stack.push((b, i + 1));
            let s = ss[i];
            if seen.insert(s) {
                stack.push((s, 0));
            }
        } else {
            order.push(b);
        }
    }
    order.reverse();
    let rpo: FxHashMap<Block, usize> = order.iter().enumerate().map(|(i, b)| (*b, i)).collect();
    let mut preds: FxHashMap<Block, Vec<Block>> = FxHashMap::default();
    for &b in &order {
        for s in succs(b) {
            preds.entry(*s).or_default().push(b);
        }
    }
    idom.insert(entry, entry);
    let mut changed = true;
    while changed {
        changed = false;
        for &b in order.iter().skip(1) {
            let mut new: Option<Block> = None;
            for &p in preds.get(&b).map(|v| v.as_slice()).unwrap_or(&[]) {
                if !idom.contains_key(&p) {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(mut x) => {
                        let mut y = p;
                        while x != y {
                            while rpo[&x] > rpo[&y] {
                                x = idom[&x];
                            }
                            while rpo[&y] > rpo[&x] {
                                y = idom[&y];
                            }
                        }
                        x
                    }
                });
            }
            if let Some(n) = new {
                if idom.get(&b) != Some(&n) {
                    idom.insert(b, n);
                    changed = true;
                }
            }
        }
    }
    idom
}

/// Where a value is defined: its block, and its op unless it is a block argument; `None` for
/// a result of an op no longer in a block.
#[inline]
fn definition_site(body: &Body, def: ValueDef) -> Option<(Block, Option<Op>)> {
    match def {
        ValueDef::Result(d, _) => Some((body.op_block(d)?, Some(d))),
        ValueDef::Arg(b, _) => Some((b, None)),
    }
}

/// The common case of dominance: `def` is an argument of the block of `op` or of one of its
/// ancestors, or an op before it (or before the ancestor) in that block. `false` leaves the
/// question to the general check.
#[inline]
fn defined_above(body: &Body, dom: &BodyFacts, op: Op, def: ValueDef) -> bool {
    let Some((def_block, def_op)) = definition_site(body, def) else { return false };
    let mut cur = op;
    while let Some(b) = body.op_block(cur) {
        if b == def_block {
            return def_op.is_none_or(|d| dom.before(d, cur));
        }
        match body.parent_op(cur) {
            Some(p) => cur = p,
            None => return false,
        }
    }
    false
}

/// Every operand of `op`, the op at `index` in `block`, must be defined by something that
/// dominates the use. `owner_loc` is the location of the op owning `body`'s root regions (for
/// notes about their block arguments).
#[inline]
fn check_operands_dominate(ctx: &Context, body: &Body, op: Op, index: usize, block: Block, dom: &mut BodyFacts, owner_loc: crate::Attr) -> Result<(), Diagnostic> {
    for (i, &v) in body.operand_values(op).iter().enumerate() {
        // The most common case: an argument of the op's block, or an op before it there.
        let def = body.value_def(v);
        let local = match def {
            ValueDef::Arg(b, _) => b == block,
            ValueDef::Result(d, _) => body.op_block(d) == Some(block) && dom.reached_before(d, index),
        };
        if !local {
            check_operand_above(ctx, body, op, i, v, dom, owner_loc)?;
        }
    }
    Ok(())
}

/// [`check_operands_dominate`] of operand `i`, `v`, when it is not defined in the op's own
/// block: it is often [`defined_above`], else the general check decides.
#[inline(never)]
fn check_operand_above(ctx: &Context, body: &Body, op: Op, i: usize, v: crate::Value, dom: &mut BodyFacts, owner_loc: crate::Attr) -> Result<(), Diagnostic> {
    if defined_above(body, dom, op, body.value_def(v)) {
        return Ok(());
    }
    check_operand_dominates(ctx, body, op, i, v, dom, owner_loc)
}

/// [`check_operands_dominate`] of operand `i`, `v`, when it is not [`defined_above`] `op`
/// (rare: a value from another block, or an error).
#[cold]
#[inline(never)]
fn check_operand_dominates(ctx: &Context, body: &Body, op: Op, i: usize, v: crate::Value, dom: &mut BodyFacts, owner_loc: crate::Attr) -> Result<(), Diagnostic> {
    // A value whose definition left the IR: a pass erased or detached it but kept a use.
    let dangling = || Diagnostic::on_op(body, op, format!("operand #{i} refers to a value whose definition was removed from the IR"));
    let Some((def_block, def_op)) = definition_site(body, body.value_def(v)) else { return Err(dangling()) };
    let Some(def_region) = body.block_region(def_block) else { return Err(dangling()) };
    // Graph regions impose no order, nor do the regions of unregistered ops (which might be
    // graph regions), as in MLIR's dominance info.
    if let Some(owner) = body.region_parent(def_region) {
        let name = body.op(owner).name;
        if ctx.registry().get(name).is_none_or(|d| d.traits.contains(Traits::GRAPH_REGION)) {
            return Ok(());
        }
    }
    // Climb from the user to its ancestor in the defining region.
    let mut cur = op;
    let mut nested = false;
    loop {
        let Some(b) = body.op_block(cur) else { break };
        if body.block_region(b) == Some(def_region) {
            break;
        }
        match body.parent_op(cur) {
            Some(p) => {
                cur = p;
                nested = true;
            }
            None => break,
        }
    }
    let Some(use_block) = body.op_block(cur) else { return Ok(()) };
    if body.block_region(use_block) != Some(def_region) {
        return Ok(());
    }
    let ok = if use_block == def_block {
        match def_op {
            // A use in a block unreachable from the entry is dominated by everything (as in
            // MLIR), even by a later op of its own block.
            Some(d) => d != cur && dom.before(d, cur) || !dom.reachable(body, def_region, use_block),
            None => true,
        }
    } else {
        dom.dominates(body, def_region, def_block, use_block)
    };
    if !ok {
        let mut d = Diagnostic::on_op(body, op, format!("operand #{i} does not dominate this use"));
        if let Some(def) = def_op {
            let where_ = if nested {
                "op in a parent region"
            } else if use_block == def_block {
                "op in the same block"
            } else {
                "op in the same region"
            };
            d = d.with_note(body.op(def).loc, format!("operand defined here ({where_})"));
        } else {
            let index = body.region_blocks(def_region).iter().position(|&b| b == def_block).unwrap_or(0);
            let loc = body.region_parent(def_region).map_or(owner_loc, |o| body.op(o).loc);
            let where_ = if nested { "in a parent region" } else { "in the same region" };
            d = d.with_note(loc, format!("operand defined as a block argument (block #{index} {where_})"));
        }
        return Err(d);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::OperationState;

    /// A pass that erases a definition but keeps a use leaves IR the verifier must reject
    /// (the printer would show `<<UNKNOWN SSA VALUE>>`).
    #[test]
    fn a_use_of_an_erased_definition_is_an_error() {
        let ctx = Context::new();
        let i32t = ctx.int_type(32);
        let mut body = Body::new();
        let region = body.new_region();
        let block = body.append_block(region);
        let mut def = OperationState::new(ctx.ident("t.def"), ctx.empty_dict(), ctx.unknown_loc());
        def.result_types.push(i32t);
        let def = body.create_op(def);
        body.append_op(block, def);
        let mut user = OperationState::new(ctx.ident("t.use"), ctx.empty_dict(), ctx.unknown_loc());
        user.operands.push(body.results(def)[0]);
        let user = body.create_op(user);
        body.append_op(block, user);
        let mut top = OperationState::new(ctx.ident("t.top"), ctx.empty_dict(), ctx.unknown_loc());
        top.regions.push(region);
        let top = body.create_op(top);
        assert!(verify(&ctx, &body, top).is_ok());
        body.unlink_op(def);
        let err = verify(&ctx, &body, top).expect_err("the use of a detached definition must be rejected");
        assert!(err.message.contains("operand #0 refers to a value whose definition was removed"), "{}", err.message);
    }

    /// A module-like op holding one isolated op whose body uses a value before defining it
    /// (`bad`) or after (`!bad`).
    fn isolated_in_top(ctx: &Context, bad: bool) -> (Body, Op, Op) {
        let i32t = ctx.int_type(32);
        let mut inner = Body::new();
        let r = inner.new_region();
        let b = inner.append_block(r);
        inner.roots.push(r);
        let mut def = OperationState::new(ctx.ident("t.def"), ctx.empty_dict(), ctx.unknown_loc());
        def.result_types.push(i32t);
        let def = inner.create_op(def);
        let mut user = OperationState::new(ctx.ident("t.use"), ctx.empty_dict(), ctx.unknown_loc());
        user.operands.push(inner.results(def)[0]);
        let user = inner.create_op(user);
        let order = if bad { [user, def] } else { [def, user] };
        for op in order {
            inner.append_op(b, op);
        }
        let mut body = Body::new();
        let region = body.new_region();
        let block = body.append_block(region);
        let mut iso = OperationState::new(ctx.ident("t.func"), ctx.empty_dict(), ctx.unknown_loc());
        iso.nested = Some(Box::new(inner));
        let iso = body.create_op(iso);
        body.append_op(block, iso);
        let mut top = OperationState::new(ctx.ident("t.top"), ctx.empty_dict(), ctx.unknown_loc());
        top.regions.push(region);
        let top = body.create_op(top);
        (body, top, iso)
    }

    #[test]
    fn contents_verified_while_built_are_skipped_only_by_verify_parsed() {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let mut scratch = ContentsScratch::default();
        let (mut good, top, iso) = isolated_in_top(&ctx, false);
        assert!(verify_nested_contents(&ctx, &mut good, iso, &mut scratch));
        assert_eq!(good.nested_verified(iso), Some(false));
        assert!(verify_parsed(&ctx, &good, top).is_ok());

        let (mut bad, top, iso) = isolated_in_top(&ctx, true);
        assert!(!verify_nested_contents(&ctx, &mut bad, iso, &mut scratch), "a failure is found");
        assert_eq!(bad.nested_verified(iso), None, "and leaves no mark");
        assert!(verify_parsed(&ctx, &bad, top).is_err());
        // A mark is trusted by `verify_parsed` alone, and forgotten by mutable access.
        bad.mark_nested_verified(iso, false);
        assert!(verify_parsed(&ctx, &bad, top).is_ok());
        assert!(verify(&ctx, &bad, top).is_err());
        let _ = bad.nested_mut(iso);
        assert!(verify_parsed(&ctx, &bad, top).is_err());
        bad.mark_nested_verified(iso, false);
        let inner = bad.take_nested(iso).expect("isolated");
        bad.set_nested(iso, inner);
        assert!(verify_parsed(&ctx, &bad, top).is_err());
    }
}
