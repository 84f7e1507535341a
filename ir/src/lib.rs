//! Mica's core IR: a [`Context`] of interned types, attributes and identifiers; [`Body`] arenas
//! of operations, blocks, regions and values; the op [`Registry`]; the verifier and the printer.

pub mod asm;
pub mod attrs;
pub mod body;
pub mod clone;
pub mod context;
pub mod control_flow;
pub mod diagnostic;
pub mod interner;
pub mod intbits;
pub mod names;
pub mod parallel;
pub mod printer;
pub mod registry;
pub mod rewrite;
pub mod source_locs;
pub mod types;
pub mod verify;

pub use attrs::{Attr, AttrKind, IntBits, Location};
pub use body::{Block, Body, MergeMap, Op, OpData, OperationState, Region, Use, Value, ValueDef};
pub use context::{Context, Ident, OpAttrs};
pub use diagnostic::{DiagLoc, Diagnostic, Severity};
pub use printer::{PrintOptions, Printer, print_op_to_string, print_op_to_writer};
pub use registry::{AttrDef, Count, FoldResult, Folded, InlinerDef, OpDef, Pattern, Registry, Shape, Speculation, Traits};
pub use rewrite::{Listener, Rewriter};
pub use cranelift_entity::EntityRef;
pub use source_locs::SourceId;
pub use types::{DYNAMIC, FloatKind, Signedness, Type, TypeKind};
