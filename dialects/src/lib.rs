//! Op definitions of the dialects Mica registers. `register_all` fills a context's registry.

pub mod affine;
pub mod arith;
mod arith_cmpf_fold;
mod arith_fold;
mod asm_util;
pub mod builtin;
pub mod bufferization;
pub mod cf;
pub mod cf_build;
mod cf_fold;
mod clone_report;
pub mod complex;
pub mod dlti;
pub mod fold_util;
pub mod func;
pub mod gpu;
pub mod index;
mod index_fold;
pub mod inliner;
pub mod linalg;
pub mod math;
mod math_fold;
pub mod memref;
pub mod ods;
mod region_branch_patterns;
pub mod scf;
mod scf_control_flow;
mod scf_fold;
mod scf_forall_fold;
mod scf_parallel_fold;
mod scf_while_fold;
mod shaped_fold;
pub mod speculation;
pub mod tensor;
pub mod ub;
pub mod vector;

use mica_ir::Context;

/// Room [`register_all`] reserves up front for op definitions: a generous bound on how many
/// it registers (about 400 when written), so that the registry never grows while filled. A
/// test checks the bound still holds; outgrowing it only costs time.
const OPS_HINT: usize = 512;

/// Room [`register_all`] reserves up front for identifiers (op, attribute and enum names;
/// about 490 when written), as [`OPS_HINT`] for ops.
const IDENTS_HINT: usize = 768;

/// Registers every dialect Mica implements.
pub fn register_all(ctx: &mut Context) {
    ctx.reserve_idents(IDENTS_HINT);
    ctx.registry_mut().reserve(OPS_HINT, IDENTS_HINT);
    builtin::register(ctx);
    dlti::register(ctx);
    func::register(ctx);
    gpu::register(ctx);
    arith::register(ctx);
    math::register(ctx);
    complex::register(ctx);
    vector::register(ctx);
    cf::register(ctx);
    ub::register(ctx);
    scf::register(ctx);
    index::register(ctx);
    tensor::register(ctx);
    bufferization::register(ctx);
    affine::register(ctx);
    memref::register(ctx);
    linalg::register(ctx);
    inliner::register(ctx);
    speculation::register(ctx);
}

/// Registers an op definition under its name.
pub(crate) fn register(ctx: &mut Context, def: mica_ir::OpDef) {
    let name = ctx.ident(def.name);
    ctx.registry_mut().register(name, def);
}

#[cfg(test)]
mod tests {
    /// The room `register_all` reserves still covers what it registers.
    #[test]
    fn reserved_room_covers_the_registered_dialects() {
        let mut ctx = mica_ir::Context::new();
        super::register_all(&mut ctx);
        let ops = ctx.registry().ops().count();
        assert!(ops <= super::OPS_HINT, "{ops} ops registered: raise OPS_HINT");
        let idents = ctx.num_idents();
        assert!(idents <= super::IDENTS_HINT, "{idents} identifiers interned: raise IDENTS_HINT");
    }
}
