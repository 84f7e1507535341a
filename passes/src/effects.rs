//! Memory-effect queries over registered traits, as MLIR's `isMemoryEffectFree`,
//! `wouldOpBeTriviallyDead` and `getEffectsRecursively` answer them. Unregistered ops and
//! registered ops without an effect trait are assumed to have any effect.

use mica_ir::{Body, Context, Op, OpDef, Traits};

/// What an op may do to memory, summarized.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Effects {
    /// Nothing.
    None,
    /// Only reads (and allocations of its own results).
    ReadOnly,
    /// Only allocates its own results.
    AllocOnly,
    /// Writes, or unknown.
    Any,
}

impl Effects {
    fn join(self, other: Effects) -> Effects {
        use Effects::*;
        match (self, other) {
            (Any, _) | (_, Any) => Any,
            (ReadOnly, _) | (_, ReadOnly) => ReadOnly,
            (AllocOnly, _) | (_, AllocOnly) => AllocOnly,
            _ => None,
        }
    }
}

/// The effects of `op` and, for ops with recursive effects, of everything in its regions.
pub fn effects(ctx: &Context, body: &Body, op: Op) -> Effects {
    let Some(def) = ctx.registry().get(body.op(op).name) else { return Effects::Any };
    effects_of(ctx, body, op, def)
}

/// [`effects`] of `op`, registered as `def` (for callers that looked it up already).
pub fn effects_of(ctx: &Context, body: &Body, op: Op, def: &OpDef) -> Effects {
    let t = def.traits_of(ctx, body, op);
    let own = if t.contains(Traits::PURE) {
        Effects::None
    } else if t.contains(Traits::MEMORY_READ) {
        Effects::ReadOnly
    } else if t.contains(Traits::MEMORY_ALLOC) {
        Effects::AllocOnly
    } else if t.contains(Traits::RECURSIVE_MEMORY_EFFECTS) {
        Effects::None
    } else {
        return Effects::Any;
    };
    if !t.contains(Traits::RECURSIVE_MEMORY_EFFECTS) {
        return own;
    }
    let (rb, regions) = body.op_regions(op);
    let mut acc = own;
    for &r in regions {
        for &b in rb.region_blocks(r) {
            for inner in rb.block_ops(b) {
                acc = acc.join(effects(ctx, rb, inner));
                if acc == Effects::Any {
                    return acc;
                }
            }
        }
    }
    acc
}

/// Whether `op` would be trivially dead if it had no uses (MLIR's `wouldOpBeTriviallyDead`).
pub fn would_be_trivially_dead(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.registry().get(body.op(op).name).is_some_and(|def| would_be_trivially_dead_of(ctx, body, op, def))
}

/// [`would_be_trivially_dead`] for `op` registered as `def`.
pub fn would_be_trivially_dead_of(ctx: &Context, body: &Body, op: Op, def: &OpDef) -> bool {
    erasable_when_unused(def, effects_of(ctx, body, op, def))
}

/// Whether `op`, registered as `def` and whose effects are `eff`, is unused and could be
/// erased (see [`erasable_when_unused`]).
pub fn is_trivially_dead_of(body: &Body, op: Op, def: &OpDef, eff: Effects) -> bool {
    erasable_when_unused(def, eff) && body.results(op).iter().all(|r| !body.has_uses(*r))
}

/// Whether an op registered as `def`, whose effects are `eff`, could be erased once unused:
/// not a terminator, not a symbol, and at most reading memory or allocating its results.
fn erasable_when_unused(def: &OpDef, eff: Effects) -> bool {
    !def.traits.contains(Traits::TERMINATOR) && !def.traits.contains(Traits::SYMBOL) && eff != Effects::Any
}
