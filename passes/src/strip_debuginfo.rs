//! `strip-debuginfo`: every location inside the op (ops and block arguments) becomes
//! `loc(unknown)`.

use crate::Pass;
use mica_ir::{Body, Context, Diagnostic, Op};

/// The pass.
pub struct StripDebugInfo;

impl Pass for StripDebugInfo {
    fn name(&self) -> &'static str {
        "strip-debuginfo"
    }

    fn display_name(&self) -> &'static str {
        "StripDebugInfo"
    }

    fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
        let unknown = ctx.unknown_loc();
        body.op_mut(op).loc = unknown;
        if let Some(nested) = body.nested_mut(op) {
            nested.for_each_location_mut(&mut |l| *l = unknown);
        } else {
            // Not isolated: its regions live in `body`; strip the whole body's ops under it.
            let mut stack: Vec<Op> = vec![op];
            while let Some(o) = stack.pop() {
                body.op_mut(o).loc = unknown;
                for r in body.local_regions(o).to_vec() {
                    for b in body.region_blocks(r).to_vec() {
                        for a in body.block_args(b).to_vec() {
                            body.set_value_loc(a, Some(unknown));
                        }
                        stack.extend(body.block_ops(b));
                    }
                }
                if let Some(n) = body.nested_mut(o) {
                    n.for_each_location_mut(&mut |l| *l = unknown);
                }
            }
        }
        Ok(())
    }
}
