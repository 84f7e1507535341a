//! Op definitions of the dialects Mica registers. `register_all` fills a context's registry.

pub mod arith;
mod asm_util;
pub mod builtin;
pub mod dlti;
pub mod func;
pub mod linalg;
pub mod ods;

use mica_ir::Context;

/// Registers every dialect Mica implements.
pub fn register_all(ctx: &mut Context) {
    builtin::register(ctx);
    dlti::register(ctx);
    func::register(ctx);
    arith::register(ctx);
    linalg::register(ctx);
}

/// Registers an op definition under its name.
pub(crate) fn register(ctx: &mut Context, def: mica_ir::OpDef) {
    let name = ctx.ident(def.name);
    ctx.registry_mut().register(name, def);
}
