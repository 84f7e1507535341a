//! `sccp`: sparse conditional constant propagation, as MLIR 22's pass. An optimistic analysis
//! ([`solver`]) finds which blocks control may reach and which values are always one
//! constant, following branches, region control flow (`scf`, `affine.for`, `affine.if`) and,
//! when the pass runs on a symbol table, calls into the callables whose every caller it sees;
//! then [`rewrite`] replaces those values by constants and erases the ops left trivially
//! dead.

pub(crate) mod callables;
mod lattice;
mod rewrite;
pub(crate) mod solver;

use crate::bodies::Bodies;
use crate::Pass;
use callables::Callables;
use mica_ir::{Body, Context, Diagnostic, Op, Traits};

/// The pass.
pub(crate) struct Sccp;

impl Pass for Sccp {
    fn name(&self) -> &'static str {
        "sccp"
    }

    fn display_name(&self) -> &'static str {
        "SCCP"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        let table = ctx.registry().traits(body.op(op).name).contains(Traits::SYMBOL_TABLE);
        let callable = ctx.str(body.op(op).name) == "func.func";
        // All uses of the symbols are visible when the table is the top-level op.
        let all_visible = body.op_block(op).is_none();
        let Some(root) = body.nested_mut(op) else { return Ok(()) };
        let bodies = Bodies::collect(root);
        let callables = Callables::find(ctx, root, &bodies, table, all_visible);
        let solution = solver::solve(ctx, root, &bodies, &callables, callable);
        rewrite::rewrite(ctx, root, &bodies, &solution);
        Ok(())
    }
}
