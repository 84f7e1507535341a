//! Mica's reader for MLIR's textual format: the lexer, the recursive-descent parser for the
//! whole LangRef grammar, mlir-opt-style diagnostics, `--split-input-file` and
//! `--verify-diagnostics`.

mod attrs;
pub mod diagnostics;
pub mod lexer;
mod parser;
pub mod split;
mod types;
pub mod verify_diagnostics;

pub use attrs::unescape;
pub use parser::{MAX_NESTING, ParsedModule, Parser};

use mica_ir::{Context, Diagnostic, Type};

/// Parses a whole buffer; `file` names it in locations and diagnostics.
pub fn parse_source(ctx: &Context, file: &str, src: &str) -> Result<ParsedModule, Diagnostic> {
    Parser::new(ctx, file, src).parse_module()
}

/// Parses one `--split-input-file` chunk: `src` is the buffer up to the chunk's end with
/// everything before `start` blanked out (see [`split::padded`]).
pub fn parse_source_chunk(ctx: &Context, file: &str, src: &str, start: usize) -> Result<ParsedModule, Diagnostic> {
    let mut p = Parser::new(ctx, file, src);
    p.set_chunk_start(start);
    p.parse_module()
}

/// Parses a whole string as one type (e.g. the element type inside a dialect type's body).
pub fn parse_type_str(ctx: &Context, text: &str) -> Result<Type, Diagnostic> {
    let mut p = Parser::new(ctx, "<type>", text);
    match p.parse_type() {
        Ok(t) if p.at_end() => Ok(t),
        Ok(_) => Err(Diagnostic::error_at(p.offset_now(), "unexpected text after the type")),
        Err(()) => Err(p.take_diagnostic().unwrap_or_else(|| Diagnostic::error_at(0, "invalid type"))),
    }
}

/// A type as mlir-opt prints it (for diagnostic messages).
pub fn type_to_string(ctx: &Context, t: Type) -> String {
    mica_ir::printer::type_string(ctx, t)
}
