//! The interface between custom assembly forms and the generic parser and printer.
//!
//! A dialect writes an op's custom syntax against [`AsmParser`] (implemented by the parser
//! crate) and [`crate::Printer`] (handed to print hooks), as MLIR's `OpAsmParser` /
//! `OpAsmPrinter` do.

use crate::body::{OperationState, Value};
use crate::{Attr, Context, Ident, Type};

/// An SSA use not yet resolved to a value: `%name` or `%name#3`. The name is the source text
/// after the `%` (the parser that made it knows the source).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UnresolvedOperand {
    /// Byte offset of the `%`.
    pub offset: usize,
    /// The length in bytes of the name without `%`.
    pub name_len: u32,
    /// The result number after `#`.
    pub number: u32,
}

/// A block argument to be defined by a region: name, type, attributes, location.
#[derive(Clone, Debug)]
pub struct EntryArg {
    /// The `%name`.
    pub name: UnresolvedOperand,
    /// Its type.
    pub ty: Type,
    /// Attributes (`{...}` after the type), if any.
    pub attrs: Option<Attr>,
    /// Explicit location (`loc(...)` after the type), if any.
    pub loc: Option<Attr>,
}

/// What a custom parse hook can ask of the parser. Every `Err(())` means the error has been
/// reported already; the hook should return it unchanged.
pub trait AsmParser<'c> {
    /// The context.
    fn ctx(&self) -> &'c Context;
    /// Byte offset of the next token.
    fn offset(&self) -> usize;
    /// Byte offset of the name of the op being parsed (MLIR's `getNameLoc`), for the errors
    /// MLIR reports at the op rather than at a token.
    fn name_offset(&self) -> usize;
    /// Reports an error at a byte offset.
    fn error_at(&mut self, offset: usize, message: &str);
    /// Reports an error at a byte offset as the parser's own token rules word it, without the
    /// `custom op 'name'` prefix of [`AsmParser::error_at`] (MLIR's errors from its generic
    /// parser under a custom one, e.g. a missing operation name).
    fn syntax_error_at(&mut self, offset: usize, message: &str);
    /// Consumes a bare identifier equal to `keyword` if it is next.
    fn parse_optional_keyword(&mut self, keyword: &str) -> bool;
    /// Consumes a bare identifier if one is next.
    fn parse_optional_any_keyword(&mut self) -> Option<String>;
    /// Consumes punctuation `p` (`(`, `)`, `->`, `,`, `:`, `{`, `}`, `=`, `[`, `]`, `<`, `>`…) if next.
    fn parse_optional_punct(&mut self, p: &str) -> bool;
    /// Consumes punctuation `p` or reports "expected 'p'".
    fn parse_punct(&mut self, p: &str) -> Result<(), ()>;
    /// Whether punctuation `p` is next, without consuming it.
    fn peek_punct(&self, p: &str) -> bool;
    /// Consumes `@name` if next.
    fn parse_optional_symbol_name(&mut self) -> Result<Option<Ident>, ()>;
    /// Consumes `@name` if next, as the string attribute `"name"` a symbol's `sym_name` holds
    /// (without interning the name as an identifier).
    fn parse_optional_symbol_name_attr(&mut self) -> Result<Option<Attr>, ()>;
    /// Consumes a string literal if next.
    fn parse_optional_string(&mut self) -> Result<Option<String>, ()>;
    /// Parses a type.
    fn parse_type(&mut self) -> Result<Type, ()>;
    /// Parses an attribute.
    fn parse_attribute(&mut self) -> Result<Attr, ()>;
    /// Parses `{...}` if next, returning its entries.
    fn parse_optional_attr_dict(&mut self) -> Result<Option<Vec<(Ident, Attr)>>, ()>;
    /// Parses a trailing `loc(...)` if next.
    fn parse_optional_location(&mut self) -> Result<Option<Attr>, ()>;
    /// Whether `%name` is next.
    fn peek_ssa_name(&self) -> bool;
    /// Parses `%name` or `%name#N`.
    fn parse_operand(&mut self) -> Result<UnresolvedOperand, ()>;
    /// Parses `%name` where a result number may not follow (MLIR's `parseOperand` with
    /// `allowResultNumber = false`): `%x#0` is an error at the `#`, from the parser itself.
    fn parse_operand_without_number(&mut self) -> Result<UnresolvedOperand, ()>;
    /// Whether a parsed operand was written with a result number (`%x#0`; `%x` has none).
    fn operand_has_number(&self, operand: &UnresolvedOperand) -> bool;
    /// Resolves an operand to a value of type `ty` (forward references allowed).
    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> Result<Value, ()>;
    /// Parses a `{...}` region whose entry block defines `entry_args`, into `state`.
    fn parse_region(&mut self, state: &mut OperationState, entry_args: &[EntryArg]) -> Result<(), ()>;
    /// Gives `state` one more region, with no blocks (e.g. a function declaration's body).
    fn add_empty_region(&mut self, state: &mut OperationState);
    /// Gives `state` one more region and lets `build` fill it (blocks, arguments, operations),
    /// as MLIR parsers that build a region instead of reading one (linalg's named ops).
    fn add_built_region(&mut self, state: &mut OperationState, build: &mut dyn FnMut(&mut crate::Body, crate::Region));
    /// Whether `{` is next (a region can follow).
    fn peek_region(&self) -> bool {
        self.peek_punct("{")
    }
    /// Whether a bare identifier equal to `keyword` is next, without consuming it.
    fn peek_keyword(&self, keyword: &str) -> bool;
    /// Consumes `keyword` or reports "expected 'keyword'".
    fn parse_keyword(&mut self, keyword: &str) -> Result<(), ()> {
        if self.parse_optional_keyword(keyword) {
            return Ok(());
        }
        let at = self.offset();
        self.error_at(at, &format!("expected '{keyword}'"));
        Err(())
    }
    /// Parses a type if one starts here.
    fn parse_optional_type(&mut self) -> Result<Option<Type>, ()>;
    /// Parses an attribute whose literal takes type `ty` when it has none (`4` as `4 : i64`).
    fn parse_attribute_of_type(&mut self, ty: Type) -> Result<Attr, ()>;
    /// Whether an attribute starts here.
    fn peek_attribute(&self) -> bool;
    /// Whether `^block` is next.
    fn peek_successor(&self) -> bool;
    /// Parses `^block` (forward references allowed).
    fn parse_successor(&mut self) -> Result<crate::Block, ()>;
    /// Parses an integer literal, optionally negative, if one is next.
    fn parse_optional_integer(&mut self) -> Result<Option<i64>, ()>;
    /// Whether a bare identifier is next.
    fn peek_any_keyword(&self) -> bool;
    /// Whether a string literal is next.
    fn peek_string(&self) -> bool;
    /// Whether `@symbol` is next.
    fn peek_symbol(&self) -> bool;
    /// Whether a type starts here.
    fn peek_type(&self) -> bool;
    /// Parses a bracketed list of affine expressions over SSA values (`[%i + 1, symbol(%n)]`),
    /// MLIR's `parseAffineMapOfSSAIds`: each distinct value becomes a dimension, or a symbol when
    /// first written `symbol(%x)`. Returns the map and its operands, dimensions first.
    fn parse_affine_map_of_ssa_ids(&mut self, delimiter: mica_affine::Delimiter) -> Result<(mica_affine::AffineMap, Vec<UnresolvedOperand>), ()>;
    /// Parses one affine expression over SSA values (MLIR's `parseAffineExprOfSSAIds`): the
    /// expression, its dimension operands and its symbol operands.
    fn parse_affine_expr_of_ssa_ids(&mut self) -> Result<(mica_affine::AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>), ()>;
    /// Parses an affine map written inline (`(d0, d1) -> (d1, d0)`), as MLIR's
    /// `parseAffineMap`.
    fn parse_affine_map(&mut self) -> Result<mica_affine::AffineMap, ()>;
    /// Makes the last block of region `index` of `state` end with a `terminator` op (no
    /// operands, located at the op), creating the block if the region is empty, unless it
    /// already ends with a terminator (MLIR's `ensureTerminator`).
    fn ensure_terminator(&mut self, state: &mut OperationState, index: usize, terminator: &str);
    /// As [`AsmParser::ensure_terminator`], but the added terminator takes the results of the
    /// block's last operation as its operands (MLIR's `vector.mask` region).
    fn ensure_terminator_yielding(&mut self, state: &mut OperationState, index: usize, terminator: &str) {
        self.ensure_terminator(state, index, terminator);
    }
    /// As [`AsmParser::ensure_terminator`], but the added terminator gets one region holding
    /// one empty block (MLIR's `scf.forall`, whose `scf.forall.in_parallel` is built with its
    /// body).
    fn ensure_terminator_with_region(&mut self, state: &mut OperationState, index: usize, terminator: &str) {
        self.ensure_terminator(state, index, terminator);
    }
    /// Gives region `index` of `state` one empty block if it has none (a region written `{}`
    /// that must still have its block).
    fn ensure_block(&mut self, state: &mut OperationState, index: usize);
}

