//! The inlining interfaces of Mica's dialects, as MLIR's dialects declare them
//! (`DialectInlinerInterface`): which dialects' ops may be inlined, into which ops' regions a
//! callee may be inlined, and which calls may be.
//!
//! Every op of arith, bufferization, cf, complex, func, index, linalg, math, memref, scf,
//! tensor, ub and vector may be inlined; affine ops follow the affine rules. Callees may be
//! inlined into the regions of func, linalg, memref, scf and tensor ops, and under the affine
//! rules into affine loops and conditionals. A `func.call` or a `func.func` marked `no_inline`
//! is not inlined. The builtin dialect, like unregistered ones, declares nothing.

use mica_ir::registry::InlineRegionFn;
use mica_ir::{Body, Context, InlinerDef, Op};

/// Destination regions that take any callee.
const ANY_REGION: InlineRegionFn = |_, _, _, _, _, _| true;

/// A `func.call` (or its callee) marked `no_inline` stays a call.
fn func_call_legal(ctx: &Context, caller: &Body, call: Op, callee_body: &Body, callee: Op) -> bool {
    ctx.op_attr(caller, call, "no_inline").is_none() && ctx.op_attr(callee_body, callee, "no_inline").is_none()
}

/// Registers the inlining interface of every dialect that has one.
pub fn register(ctx: &mut Context) {
    let registry = ctx.registry_mut();
    let ops_only = InlinerDef::default();
    let into_regions = InlinerDef { legal_dest: Some(ANY_REGION), ..InlinerDef::default() };
    for dialect in ["arith", "bufferization", "cf", "complex", "index", "math", "ub", "vector"] {
        registry.register_inliner(dialect, ops_only);
    }
    for dialect in ["linalg", "memref", "scf", "tensor"] {
        registry.register_inliner(dialect, into_regions);
    }
    registry.register_inliner("func", InlinerDef { legal_call: Some(func_call_legal), ..into_regions });
    registry.register_inliner(
        "affine",
        InlinerDef { legal_call: None, legal_op: Some(crate::affine::inliner::legal_op), legal_dest: Some(crate::affine::inliner::legal_dest) },
    );
}
