//! `remove-dead-values`, as MLIR 22's pass: a liveness analysis over the whole module
//! ([`liveness`], on the dead-code analysis `sccp` runs) finds the values nothing the program
//! needs depends on; a walk ([`collect`]) lists what can go — dead arguments and unused
//! results of private functions (with the operands and results of their calls), dead
//! operands of region-branch ops and their terminators (to become `ub.poison`), dead block
//! arguments with the operands branches pass them, branches on dead conditions, and ops
//! without memory effects whose results are dead; [`cleanup`] removes it all; then, unless
//! `canonicalize=false`, the folds and canonicalization patterns run greedily starting from
//! every region-branch op, removing the region arguments and results the poison values left
//! unused.

mod cleanup;
mod collect;
mod edges;
mod liveness;

use crate::bodies::{BodyId, Bodies};
use crate::manager::Pass;
use crate::sccp::callables::Callables;
use crate::sccp::solver;
use mica_ir::control_flow::region_branch;
use mica_ir::{Body, Context, Diagnostic, Op, Traits};

/// The pass, with its option.
pub(crate) struct RemoveDeadValues {
    /// Canonicalize the region-branch ops afterwards.
    canonicalize: bool,
}

impl RemoveDeadValues {
    /// The pass configured by pipeline options (`canonicalize`).
    pub(crate) fn from_options(options: &[(String, String)]) -> Result<Self, String> {
        let mut canonicalize = true;
        for (k, v) in options {
            match k.as_str() {
                "canonicalize" => canonicalize = crate::canonicalize::parse_bool(k, v)?,
                _ => return Err(format!("no such option '{k}' for pass 'remove-dead-values'")),
            }
        }
        Ok(Self { canonicalize })
    }
}

impl Pass for RemoveDeadValues {
    fn name(&self) -> &'static str {
        "remove-dead-values"
    }

    fn display_name(&self) -> &'static str {
        "RemoveDeadValues"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        let name = body.op(op).name;
        let table = ctx.registry().traits(name).contains(Traits::SYMBOL_TABLE);
        let callable = ctx.str(name) == "func.func";
        // All uses of the symbols are visible when the table is the top-level op.
        let all_visible = body.op_block(op).is_none();
        let Some(root) = body.nested_mut(op) else { return Ok(()) };
        let bodies = Bodies::collect(root);
        let callables = Callables::find(ctx, root, &bodies, table, all_visible);
        let dead_code = solver::solve(ctx, root, &bodies, &callables, callable);
        let live = liveness::analyze(ctx, root, &bodies, &dead_code, &callables);
        let list = collect::collect(ctx, root, &bodies, &live);
        cleanup::cleanup(ctx, root, &bodies, list);
        if self.canonicalize {
            canonicalize_region_branch_ops(ctx, root, name);
        }
        Ok(())
    }
}

/// Runs the folds and patterns greedily from every region-branch op under `root` (owned by
/// an op named `owner`), in post-order.
fn canonicalize_region_branch_ops(ctx: &Context, root: &mut Body, owner: mica_ir::Ident) {
    let bodies = Bodies::collect(root);
    let mut ops: Vec<(BodyId, Op)> = Vec::new();
    collect::post_order(root, &bodies, 0, &root.roots, &mut ops);
    // The region-branch ops of each body, bodies in the order first reached.
    let mut per_body: Vec<(BodyId, Vec<Op>)> = Vec::new();
    let mut index: rustc_hash::FxHashMap<BodyId, usize> = Default::default();
    for (b, op) in ops {
        if region_branch(ctx, bodies.get(root, b), op).is_none() {
            continue;
        }
        let i = *index.entry(b).or_insert_with(|| {
            per_body.push((b, Vec::new()));
            per_body.len() - 1
        });
        per_body[i].1.push(op);
    }
    // With ops in several isolated bodies, MLIR's scope is a region holding them all: every
    // ancestor inside a body is queued.
    let several = per_body.len() > 1;
    for (b, list) in per_body {
        let body_owner = match bodies.owner(b) {
            Some((pb, op)) => bodies.get(root, pb).op(op).name,
            None => owner,
        };
        let body = bodies.get_mut(root, b);
        let scope = if several { None } else { crate::greedy_ops::common_region(body, &list) };
        crate::greedy_ops::apply(ctx, body, Some(body_owner), &list, scope);
    }
}
