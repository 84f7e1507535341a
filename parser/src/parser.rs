//! The recursive-descent parser: top level, operations (generic and custom forms), regions,
//! blocks and SSA name resolution. Types and attributes live in `types.rs` / `attrs.rs`.
//!
//! The parser stops at the first error, like MLIR's, and reports it as a [`Diagnostic`] with
//! the byte offset where MLIR reports it. Nesting depth is bounded so no input overflows the
//! stack.

use crate::diagnostics::Source;
use crate::lexer::{Lexer, Tok, Token};
use mica_ir::asm::{AsmParser, EntryArg, UnresolvedOperand};
use mica_ir::{
    Attr, AttrKind, Block, Body, Context, Diagnostic, Ident, Location, Op, OperationState, Region, Traits, Type,
    Value,
};
use mica_ir::SourceId;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::cell::OnceCell;

/// How deep regions, types and attributes may nest before the parser gives up.
pub const MAX_NESTING: u32 = 256;

/// Bodies of at most this many operations are built in a reused scratch body and copied out;
/// larger ones are kept as built (copying them would cost more than their spare room).
const MAX_SCRATCH_OPS: usize = 4096;
/// How many generic op names [`Parser::parse_generic_operation`] remembers.
const RECENT_OP_NAMES: usize = 16;
/// How many custom op names [`Parser::parse_custom_operation`] remembers.
const RECENT_CUSTOM_NAMES: usize = 4;

/// A parsed source file: the top-level `builtin.module` in a body of its own, plus the
/// file-level resource metadata.
pub struct ParsedModule {
    /// The body holding the top operation.
    pub body: Body,
    /// The top-level `builtin.module`.
    pub top: Op,
    /// `{-# dialect_resources: ... #-}` entries: (dialect, key, blob text).
    pub resources: Vec<(String, String, String)>,
}

pub(crate) type PResult<T> = Result<T, ()>;

mod body_room;
mod chunks;
mod deferred;
mod name_map;
pub(crate) mod recent;
mod scope_names;

use scope_names::{Name, ScopeNames};

/// An alias definition of the file, for the parsers of deferred regions.
#[derive(Clone)]
enum AliasDef {
    Type(String, Type),
    Attr(String, Attr),
}

struct Scope<'a> {
    /// Names defined in this region: `%name` -> values (a result group) and the byte offset of
    /// the definition. Names borrow the source text.
    values: ScopeNames<'a>,
    /// Whether names of outer scopes are invisible (isolated region boundary).
    isolated: bool,
}

/// What a name stands for: `count` consecutive values from `first` (an operation's results
/// are consecutive values), defined at byte `offset`.
#[derive(Copy, Clone)]
struct Defined {
    first: Value,
    count: u32,
    offset: usize,
}

impl Defined {
    /// A one-value definition at offset `n` of value `n` (for the name tables' tests).
    #[cfg(test)]
    fn single(n: u32) -> Defined {
        Defined { first: Value::from_u32(n), count: 1, offset: n as usize }
    }

    /// Value `i` of the group.
    fn get(&self, i: u32) -> Option<Value> {
        (i < self.count).then(|| Value::from_u32(self.first.as_u32() + i))
    }
}

struct ForwardRef {
    placeholder: Value,
    offset: usize,
    /// Depth of the name scope the use was in: only a definition in that scope or an
    /// enclosing one can resolve it.
    depth: usize,
}

/// A custom op being parsed by its hook.
#[derive(Copy, Clone)]
struct CustomOpFrame {
    /// Its name, for its errors (`custom op 'name' ...`); none in the frame a worker parser
    /// starts with for the op whose region it parses.
    name: Option<&'static str>,
    /// The byte offset of its name (MLIR's `getNameLoc`); 0 in a worker parser's first frame.
    name_at: usize,
    /// The default dialect of its regions.
    default_dialect: &'static str,
    /// Whether it is IsolatedFromAbove (for `parse_region`).
    isolated: bool,
    /// Whether its isolated region may be deferred and is not a symbol table's (none: not
    /// known, which counts as neither).
    deferrable: Option<bool>,
}

struct BlockScope<'a> {
    /// Block names (borrowing the source) -> blocks.
    blocks: FxHashMap<&'a str, (Block, Option<usize> /* first use offset while undefined */, bool /* defined */)>,
    region: Region,
    /// Whether a long block of this region may be parsed in chunks on several threads.
    chunking: Chunking,
}

/// Whether and when a region's long blocks are parsed in chunks on several threads.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Chunking {
    /// Never (the block of a chunk being parsed).
    Never,
    /// When the block is long.
    Long,
    /// When the block is long and the cut after its first chunk comes soon: the block of a
    /// symbol table (the file's top level, a module), whose ops are either many small ones
    /// (functions), which chunks share out well, or a few large ones, which the deferral of
    /// isolated regions shares out better.
    LongOfSmallOps,
}

/// The parser state.
pub struct Parser<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) src: &'a str,
    pub(crate) tok: Token,
    /// Lexes the tokens after `tok` (it stands where `tok` ends).
    lexer: Lexer<'a>,
    pub(crate) diag: Option<Diagnostic>,
    pub(crate) depth: u32,
    /// The deepest `depth` reached (reset by function-type parsing to measure a type's nesting).
    pub(crate) depth_peak: u32,
    pub(crate) file: Ident,
    /// The buffer registered for offset locations (on first need); `None` inside when the
    /// context refused it.
    loc_source: OnceCell<Option<SourceId>>,
    /// Line index for [`Self::line_col`] when the buffer is not registered (on first need).
    source: OnceCell<Source<'a>>,
    file_name: &'a str,
    pub(crate) type_aliases: FxHashMap<String, Type>,
    pub(crate) attr_aliases: FxHashMap<String, Attr>,
    bodies: Vec<Body>,
    /// Per body being built (as `bodies`): whether it was sized from its text (and is not
    /// trimmed when complete).
    bodies_sized: Vec<bool>,
    /// Room for the next body, when its text was measured (see `body_room`).
    next_body_room: Option<body_room::Room>,
    /// Names to make room for in the next region scope (the first region of a sized body).
    next_scope_room: Option<usize>,
    /// Emptied scratch bodies of small bodies, kept for reuse (their room, not their contents).
    free_bodies: Vec<Body>,
    scopes: Vec<Scope<'a>>,
    forward: Vec<FxHashMap<(&'a str, u32), ForwardRef>>,
    block_scopes: Vec<BlockScope<'a>>,
    /// A region-less block per body whose arguments stand in for forward references (made on
    /// the first forward reference in a function's body: most have none).
    fwd_blocks: Vec<Option<Block>>,
    /// Location aliases used before their definition: name -> (placeholder, first use).
    deferred_locs: Vec<(String, Attr, usize)>,
    /// Function types already built, by their inputs and results.
    pub(crate) function_types: FxHashMap<(SmallVec<[Type; 4]>, SmallVec<[Type; 2]>), Type>,
    /// Function types parsed recently, with their text and how deep they nest, most recently
    /// used first (see `parse_function_type`).
    pub(crate) recent_fn_types: recent::Recent<'a, Type, { crate::types::RECENT_FN_TYPES }>,
    /// Attribute dictionaries parsed recently for custom ops' hooks (entries as written).
    pub(crate) recent_attr_dicts: recent::Recent<'a, Vec<(Ident, Attr)>, 4>,
    /// Dictionary attributes parsed recently.
    pub(crate) recent_dicts: recent::Recent<'a, Attr, 4>,
    /// Attributes parsed recently with [`Parser::parse_attribute`].
    pub(crate) recent_attrs: recent::Recent<'a, Attr, 4>,
    /// Builtin types spelled by one identifier of at most eight bytes (`i64`, `f32`), by
    /// [`Self::token_word`].
    pub(crate) simple_types: FxHashMap<u64, Type>,
    /// Generic op names seen so far (quoted token text -> name and definition).
    op_names: FxHashMap<&'a str, (Ident, Option<&'a mica_ir::OpDef>)>,
    /// Generic op names met recently, with the first eight bytes of their quoted text as a
    /// number ([`recent::head`]): a block's ops are a few names met again and again, and
    /// comparing a word or two of text beats hashing it and comparing it in `op_names`.
    recent_op_names: SmallVec<[(u64, &'a str, Ident, Option<&'a mica_ir::OpDef>); RECENT_OP_NAMES]>,
    /// Custom op names resolved recently: the name as written, the default dialect it was read
    /// under, and the registered op it named (a function's ops are a few names met again and
    /// again: comparing the text beats hashing it, twice for a name without its dialect). A
    /// name met again moves one place to the front; a new one takes the last place.
    recent_custom_names: SmallVec<[(&'a str, &'static str, Ident, &'a mica_ir::OpDef); RECENT_CUSTOM_NAMES]>,
    /// Scratch space for building op names.
    name_buf: String,
    /// Emptied name maps of closed scopes, kept for reuse (their memory, not their contents).
    free_value_maps: Vec<ScopeNames<'a>>,
    /// The custom ops being parsed by their hooks, innermost last.
    custom_ops: Vec<CustomOpFrame>,
    /// `distinct[N]<attr>` seen so far: the attribute each id refers to.
    pub(crate) distinct_refs: FxHashMap<u64, Attr>,
    resources: Vec<(String, String, String)>,
    /// Offset where the text being parsed starts (a `--split-input-file` chunk's start).
    chunk_start: usize,
    /// Whether isolated regions are left to worker parsers (see `deferred`).
    defer: bool,
    /// Whether deferring met a case it does not handle (the buffer is then parsed again).
    defer_failed: bool,
    /// Whether this parser works on a deferred region.
    pub(crate) in_job: bool,
    /// Where deferred regions go for the workers (while deferring).
    queue: Option<std::sync::Arc<deferred::JobQueue>>,
    /// How many regions were deferred.
    jobs_made: usize,
    /// Deferred regions not handed to the workers yet (they go over in batches).
    job_batch: Vec<deferred::Job>,
    /// How many alias definitions the workers were told of.
    aliases_logged: usize,
    /// Per body being built (as `bodies`), its ops that wait for deferred bodies.
    pending: Vec<Vec<(Op, deferred::Pending)>>,
    /// What the op being parsed waits for.
    op_pending: Option<deferred::Pending>,
    /// Whether the region about to be parsed belongs to a symbol table (see
    /// [`Chunking::LongOfSmallOps`]).
    region_symbol_table: bool,
    /// Whether this parser parses chunks of a long block (see `chunks`): names it cannot
    /// resolve in the chunk's body are the enclosing scope's, resolved when the chunk is merged.
    chunk: bool,
    /// In a chunk: the names used but not defined in it, with their placeholders.
    outer_refs: FxHashMap<(&'a str, u32), ForwardRef>,
    /// In a chunk: the names it defines in scopes that see the enclosing ones (name, values,
    /// whether in the chunk's block itself).
    chunk_defs: Vec<(&'a str, Defined, bool)>,
    /// In a chunk parser: the nesting depth of the block its chunks belong to.
    chunk_depth: u32,
    /// How many chunks parsed on other threads went into blocks (a statistic).
    chunks_merged: usize,
    /// What verifying the bodies of a chunk's isolated ops keeps from one to the next.
    verify_scratch: mica_ir::verify::ContentsScratch,
}

impl<'a> Parser<'a> {
    /// A parser over `src`, reporting locations in `file`.
    pub fn new(ctx: &'a Context, file: &'a str, src: &'a str) -> Self {
        let mut lexer = Lexer::new(src);
        Self {
            ctx,
            src,
            tok: lexer.next_token(),
            lexer,
            diag: None,
            depth: 0,
            depth_peak: 0,
            file: ctx.ident(file),
            loc_source: OnceCell::new(),
            source: OnceCell::new(),
            file_name: file,
            type_aliases: FxHashMap::default(),
            attr_aliases: FxHashMap::default(),
            bodies: Vec::new(),
            bodies_sized: Vec::new(),
            next_body_room: None,
            next_scope_room: None,
            free_bodies: Vec::new(),
            scopes: Vec::new(),
            forward: Vec::new(),
            block_scopes: Vec::new(),
            fwd_blocks: Vec::new(),
            custom_ops: Vec::new(),
            distinct_refs: FxHashMap::default(),
            recent_custom_names: SmallVec::new(),
            name_buf: String::new(),
            free_value_maps: Vec::new(),
            op_names: FxHashMap::default(),
            recent_op_names: SmallVec::new(),
            simple_types: FxHashMap::default(),
            function_types: FxHashMap::default(),
            recent_fn_types: Default::default(),
            recent_attr_dicts: Default::default(),
            recent_dicts: Default::default(),
            recent_attrs: Default::default(),
            deferred_locs: Vec::new(),
            resources: Vec::new(),
            chunk_start: 0,
            defer: false,
            defer_failed: false,
            in_job: false,
            queue: None,
            jobs_made: 0,
            job_batch: Vec::new(),
            aliases_logged: 0,
            pending: Vec::new(),
            op_pending: None,
            region_symbol_table: false,
            chunk: false,
            outer_refs: FxHashMap::default(),
            chunk_defs: Vec::new(),
            chunk_depth: 0,
            chunks_merged: 0,
            verify_scratch: Default::default(),
        }
    }

    /// Says that the text to parse starts at `offset` (the rest of `src` before it is blank):
    /// the implicit module of a `--split-input-file` chunk is located there.
    pub fn set_chunk_start(&mut self, offset: usize) {
        self.chunk_start = offset;
    }

    /// Whether all input has been consumed.
    pub fn at_end(&self) -> bool {
        self.tok.kind == Tok::Eof
    }

    /// Byte offset of the next token.
    pub fn offset_now(&self) -> usize {
        self.tok.start
    }

    /// The first error, if parsing failed.
    pub fn take_diagnostic(&mut self) -> Option<Diagnostic> {
        self.diag.take()
    }

    // ------------------------------------------------------------------ tokens

    pub(crate) fn bump(&mut self) {
        self.tok = self.lexer.next_token();
    }

    /// Continues lexing at byte offset `pos`.
    pub(crate) fn reset_to(&mut self, pos: usize) {
        self.lexer.seek(pos);
        self.tok = self.lexer.next_token();
    }

    pub(crate) fn text(&self) -> &'a str {
        &self.src[self.tok.start..self.tok.end]
    }

    /// The current token's text as a little-endian number (zero-padded), when it is at most
    /// eight bytes long: a key for short words that needs no string hashing or comparison.
    #[inline]
    pub(crate) fn token_word(&self) -> Option<u64> {
        let text = self.text();
        (text.len() <= 8).then(|| recent::head(text.as_bytes()))
    }

    pub(crate) fn is(&self, k: Tok) -> bool {
        self.tok.kind == k
    }

    pub(crate) fn eat(&mut self, k: Tok) -> bool {
        if self.tok.kind == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareIdent && self.text() == kw
    }

    pub(crate) fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Records an error (the first one wins) and returns `Err`. While the current token is one
    /// the lexer could not read, its complaint is the error instead (MLIR's lexer reports it
    /// as it meets the token, and the parser's own complaint is dropped).
    pub(crate) fn err<T>(&mut self, offset: usize, msg: impl Into<String>) -> PResult<T> {
        if self.diag.is_none() {
            self.diag = Some(match self.tok.kind {
                Tok::Error => {
                    let (at, msg) = self.lex_error_message();
                    Diagnostic::error_at(at, msg)
                }
                _ => Diagnostic::error_at(offset, msg),
            });
        }
        Err(())
    }

    /// The error of the affine parser (its offsets counted from `base`), with the errors MLIR
    /// emits after it for the same failure.
    pub(crate) fn affine_err<T>(&mut self, base: usize, e: mica_affine::ParseError) -> PResult<T> {
        if self.diag.is_none() {
            let d = e.also.into_iter().fold(Diagnostic::error_at(base + e.offset, e.message), |d, (at, msg)| d.with_error_after(base + at, msg));
            self.diag = Some(d);
        }
        Err(())
    }

    /// Attaches a note to the error recorded last.
    pub(crate) fn note_at(&mut self, offset: usize, msg: impl Into<String>) {
        if let Some(d) = self.diag.take() {
            self.diag = Some(d.with_note_at(offset, msg));
        }
    }

    /// An error at the current token; at end of input MLIR points at the end of the
    /// previous line, so mimic that.
    pub(crate) fn err_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let at = self.error_offset();
        self.err(at, msg)
    }

    /// Where MLIR reports an unexpected token: right after the previous non-blank text,
    /// skipping blank lines and line comments (its `emitWrongTokenError`).
    pub(crate) fn error_offset(&self) -> usize {
        if self.tok.kind == Tok::Error {
            return self.tok.start;
        }
        let mut loc = self.tok.start;
        if self.tok.kind == Tok::Eof {
            loc = loc.saturating_sub(1);
        }
        let bytes = self.src.as_bytes();
        let mut end = loc.min(bytes.len());
        loop {
            while end > 0 && (bytes[end - 1] == b' ' || bytes[end - 1] == b'\t') {
                end -= 1;
            }
            if end == 0 {
                return loc;
            }
            if bytes[end - 1] != b'\n' && bytes[end - 1] != b'\r' {
                return end;
            }
            end -= 1;
            let line_start = self.src[..end].rfind(['\n', '\r']).map_or(0, |i| i + 1);
            if let Some(c) = self.src[line_start..end].find("//") {
                end = line_start + c;
            }
        }
    }

    /// Consumes a `k` token, or reports `expected {what}`. The check is inlined into callers;
    /// the report is out of line, so that the common case pays for no stack frame.
    #[inline]
    pub(crate) fn expect(&mut self, k: Tok, what: &str) -> PResult<()> {
        if self.eat(k) {
            return Ok(());
        }
        self.expected(what)
    }

    /// The error of [`Self::expect`] for a missing `what`.
    #[cold]
    #[inline(never)]
    fn expected<T>(&mut self, what: &str) -> PResult<T> {
        if self.tok.kind == Tok::Error {
            return self.lex_error();
        }
        self.err_here(format!("expected {what}"))
    }

    /// Consumes the punctuation `k`, or reports it missing (as [`Self::expect`]).
    #[inline]
    pub(crate) fn expect_punct(&mut self, k: Tok) -> PResult<()> {
        if self.eat(k) {
            return Ok(());
        }
        self.expected_punct(k)
    }

    /// The error of [`Self::expect_punct`] for a missing `k`.
    #[cold]
    #[inline(never)]
    fn expected_punct(&mut self, k: Tok) -> PResult<()> {
        let p = k.punct().unwrap_or("?");
        self.expected(&format!("'{p}'"))
    }

    /// Reports the current token, which the lexer could not read.
    pub(crate) fn lex_error<T>(&mut self) -> PResult<T> {
        let (at, msg) = self.lex_error_message();
        self.err(at, msg)
    }

    /// Where and how MLIR's lexer complains about the current (unreadable) token: at the token,
    /// except after `@`, where it is the character that follows.
    fn lex_error_message(&self) -> (usize, &'static str) {
        let at = self.tok.start;
        let c = self.src[at..].chars().next().unwrap_or(' ');
        let msg = match c {
            _ if self.tok.end == self.tok.start => "expected '\"' in string literal",
            '"' => "expected '\"' in string literal",
            '.' => "expected three consecutive dots for an ellipsis",
            '!' => "invalid type identifier",
            '#' => "invalid attribute name",
            '^' => "invalid block name",
            '%' => "invalid SSA name",
            '@' => return (at + 1, "@ identifier expected to start with letter or '_'"),
            _ => "unexpected character",
        };
        (at, msg)
    }

    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        self.depth_peak = self.depth_peak.max(self.depth);
        if self.depth > MAX_NESTING {
            return self.err_here(format!("nesting deeper than {MAX_NESTING} levels"));
        }
        Ok(())
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// `(line, column)`, both 1-based, of a byte offset.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        if let Some(id) = self.registered_source() {
            return self.ctx.source_line_col(id, offset);
        }
        let (line, col) = self.source.get_or_init(|| Source::new(self.file_name, self.src)).line_col(offset);
        (line as u32, col as u32)
    }

    fn registered_source(&self) -> Option<SourceId> {
        *self.loc_source.get_or_init(|| self.ctx.register_source(self.file, self.src))
    }

    /// The location `file:line:col` of a byte offset.
    pub(crate) fn loc_at(&self, offset: usize) -> Attr {
        if let Some(id) = self.registered_source() {
            return self.ctx.source_loc(id, offset);
        }
        let (line, col) = self.line_col(offset);
        self.ctx.attr(AttrKind::Location(Location::FileLineCol { file: self.file, line, col, end: None }))
    }

    /// Parses a comma-separated list of elements until `close` (consumed).
    pub(crate) fn comma_list(&mut self, close: Tok, f: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        self.comma_list_msg(close, "", f)
    }

    /// Like [`Self::comma_list`], with MLIR's message for a missing closing token.
    pub(crate) fn comma_list_msg(&mut self, close: Tok, msg: &str, mut f: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        if self.eat(close) {
            return Ok(());
        }
        loop {
            f(self)?;
            if self.eat(close) {
                return Ok(());
            }
            if !self.eat(Tok::Comma) {
                if self.tok.kind == Tok::Error {
                    return self.lex_error();
                }
                if msg.is_empty() {
                    let p = close.punct().unwrap_or("?");
                    return self.err_here(format!("expected ',' or '{p}'"));
                }
                return self.err_here(msg);
            }
        }
    }

    // ------------------------------------------------------------------ top level

    /// Parses a whole source buffer into a module. With more than one thread allowed by the
    /// context and a large buffer, the regions of isolated ops are parsed on several threads;
    /// when that fails, the buffer is parsed again on one (for the sequential diagnostic).
    pub fn parse_module(mut self) -> Result<ParsedModule, Diagnostic> {
        if self.ctx.threads > 1 && self.src.len() >= deferred::MIN_DEFER_BYTES && !self.in_job {
            if let Ok(m) = self.parse_top_deferring() {
                return Ok(m);
            }
            let mut again = Parser::new(self.ctx, self.file_name, self.src);
            again.chunk_start = self.chunk_start;
            again.loc_source = OnceCell::from(self.registered_source());
            self = again;
        }
        match self.parse_top() {
            Ok(m) => Ok(m),
            Err(()) => Err(self.diag.take().unwrap_or_else(|| Diagnostic::error_at(0, "parse failed"))),
        }
    }

    fn parse_top(&mut self) -> PResult<ParsedModule> {
        let (body, top_block, top_region) = self.parse_top_ops()?;
        self.finish_top(body, top_block, top_region)
    }

    /// Parses the file's top-level ops and definitions into the file body; returns it with its
    /// block and region.
    fn parse_top_ops(&mut self) -> PResult<(Body, Block, Region)> {
        // Registered before anything can intern a location of this file.
        self.registered_source();
        // The file-level body holds a block the top-level operations go into. When isolated
        // regions are deferred, that is where a large file's many functions go: it gets room
        // for as many operations as the file has lines (room it does not use is never written,
        // so it costs no memory), not regrowth after regrowth on the thread that scans the file.
        let room = if self.defer { body_room::Room::for_text(self.src.as_bytes()) } else { None };
        self.bodies.push(room.map_or_else(Body::new, |r| {
            let mut b = Body::with_capacity(r.ops, 0);
            b.reserve_extras(r.ops);
            b
        }));
        if self.defer {
            self.pending.push(room.map_or_else(Vec::new, |r| Vec::with_capacity(r.ops)));
        }
        self.forward.push(FxHashMap::default());
        let fwd = self.cur_body().append_block_detached();
        self.fwd_blocks.push(Some(fwd));
        let top_region = self.cur_body().new_region();
        let top_block = self.cur_body().append_block(top_region);
        self.push_scope(true);
        self.block_scopes.push(BlockScope { blocks: FxHashMap::default(), region: top_region, chunking: Chunking::LongOfSmallOps });
        let mut chunked = false;
        loop {
            match self.tok.kind {
                Tok::Eof => break,
                Tok::HashIdent => self.parse_attr_alias_def()?,
                Tok::BangIdent => self.parse_type_alias_def()?,
                Tok::FileMetadataBegin => self.parse_file_metadata()?,
                Tok::Error => return self.lex_error(),
                _ if !chunked => {
                    // At the first op: a long file of many top-level ops is parsed in chunks
                    // (which end at the first alias definition after them, if any).
                    chunked = true;
                    self.parse_block_chunked(top_block, Chunking::LongOfSmallOps)?;
                }
                _ => {
                    let op = self.parse_operation()?;
                    self.cur_body().append_op(top_block, op);
                }
            }
        }
        self.finish_forward_refs()?;
        self.pop_scope();
        if let Some(bs) = self.block_scopes.pop() {
            if let Some(at) = bs.blocks.values().filter(|v| !v.2).filter_map(|v| v.1).min() {
                return self.err(at, "reference to an undefined block");
            }
        }
        let body = self.bodies.pop().unwrap_or_default();
        Ok((body, top_block, top_region))
    }

    /// Makes the module of the file body once its ops are complete: resolves the location
    /// aliases used before their definition, and wraps the ops in an implicit module unless
    /// the file is one module.
    fn finish_top(&mut self, mut body: Body, top_block: Block, top_region: Region) -> PResult<ParsedModule> {
        self.resolve_deferred_locations(&mut body)?;
        self.forward.pop();
        self.fwd_blocks.pop();
        let ops: Vec<Op> = body.block_ops(top_block).collect();
        let module_name = self.ctx.ident("builtin.module");
        let (body, top) = if ops.len() == 1 && body.op(ops[0]).name == module_name {
            body.unlink_op(ops[0]);
            (body, ops[0])
        } else {
            // Everything goes into an implicit module: the file body becomes its region's body.
            body.roots.push(top_region);
            // MLIR gives the implicit module the location `file:0:0`, or the start of the chunk
            // after a split marker.
            let loc = match self.chunk_start {
                0 => self.ctx.attr(AttrKind::Location(Location::FileLineCol { file: self.file, line: 0, col: 0, end: None })),
                start => self.loc_at(start),
            };
            let mut st = OperationState::new(module_name, self.ctx.empty_dict(), loc);
            st.nested = Some(Box::new(body));
            let mut outer = Body::new();
            let top = outer.create_op(st);
            (outer, top)
        };
        Ok(ParsedModule { body, top, resources: std::mem::take(&mut self.resources) })
    }

    fn parse_attr_alias_def(&mut self) -> PResult<()> {
        let at = self.tok.start;
        let name = self.text()[1..].to_string();
        self.bump();
        self.expect(Tok::Equal, "'=' in attribute alias definition")?;
        if name.contains('.') {
            return self.err(at, "attribute names with a '.' are reserved for dialect-defined names");
        }
        let attr = self.parse_attribute()?;
        if self.attr_aliases.insert(name.clone(), attr).is_some() {
            return self.err(at, format!("redefinition of attribute alias id '{name}'"));
        }
        self.log_alias(at, AliasDef::Attr(name, attr));
        Ok(())
    }

    fn parse_type_alias_def(&mut self) -> PResult<()> {
        let at = self.tok.start;
        let name = self.text()[1..].to_string();
        self.bump();
        self.expect(Tok::Equal, "'=' in type alias definition")?;
        if name.contains('.') {
            return self.err(at, "type names with a '.' are reserved for dialect-defined names");
        }
        let ty = self.parse_type()?;
        if self.type_aliases.insert(name.clone(), ty).is_some() {
            return self.err(at, format!("redefinition of type alias id '{name}'"));
        }
        self.log_alias(at, AliasDef::Type(name, ty));
        Ok(())
    }

    fn parse_file_metadata(&mut self) -> PResult<()> {
        self.bump();
        loop {
            if self.eat(Tok::FileMetadataEnd) {
                return Ok(());
            }
            if !self.is(Tok::BareIdent) {
                return self.err_here("expected identifier key in file metadata dictionary");
            }
            let key = self.text().to_string();
            self.bump();
            self.expect_punct(Tok::Colon)?;
            match key.as_str() {
                "dialect_resources" | "external_resources" => {
                    let external = key == "external_resources";
                    self.expect_punct(Tok::LBrace)?;
                    self.comma_list(Tok::RBrace, |p| {
                        if !p.is(Tok::BareIdent) {
                            return p.err(p.tok.start, "expected identifier key for 'resource' entry");
                        }
                        let dialect = p.text().to_string();
                        p.bump();
                        p.expect_punct(Tok::Colon)?;
                        p.expect_punct(Tok::LBrace)?;
                        // Among the dialects Mica knows, only builtin takes resources (blobs).
                        // Sections of other dialects are kept as they are: MLIR knows dialects
                        // Mica does not (its test dialect takes resources too).
                        let known = p.ctx.registry().has_dialect(&dialect);
                        if !external && dialect != "builtin" && known {
                            return p.err(p.tok.start, format!("unexpected 'resource' section for dialect '{dialect}'"));
                        }
                        let blobs = !external && known;
                        p.comma_list(Tok::RBrace, |p| {
                            let k = match p.tok.kind {
                                Tok::BareIdent => p.text().to_string(),
                                Tok::String => p.parse_string_text_token()?.into_owned(),
                                _ => return p.err(p.tok.start, "expected identifier key for 'resource' entry"),
                            };
                            if p.tok.kind == Tok::BareIdent {
                                p.bump();
                            }
                            p.expect_punct(Tok::Colon)?;
                            let value_at = p.tok.start;
                            let v = match p.tok.kind {
                                Tok::String | Tok::BareIdent | Tok::Integer => p.text().to_string(),
                                _ if blobs => return p.err(value_at, format!("expected hex string blob for key '{k}'")),
                                _ => return p.err_here("expected resource value"),
                            };
                            if blobs {
                                p.check_blob(value_at, &k, &v)?;
                            }
                            p.bump();
                            p.resources.push((dialect.clone(), k, v));
                            Ok(())
                        })
                    })?;
                }
                _ => return self.err_here(format!("unknown key '{key}' in file metadata dictionary")),
            }
            self.eat(Tok::Comma);
        }
    }

    /// The builtin dialect's check of a resource blob written at `at` as `text`: a quoted hex
    /// string whose first 4 bytes (little endian) are the alignment, zero or a power of two.
    fn check_blob(&mut self, at: usize, key: &str, text: &str) -> PResult<()> {
        let hex = text.strip_prefix("\"0x").and_then(|t| t.strip_suffix('"')).filter(|h| h.len() % 2 == 0 && h.bytes().all(|c| c.is_ascii_hexdigit()));
        let Some(hex) = hex else {
            return self.err(at, format!("expected hex string blob for key '{key}'"));
        };
        if hex.len() < 8 {
            return self.err(at, format!("expected hex string blob for key '{key}' to encode alignment in first 4 bytes"));
        }
        let byte = |i: usize| u32::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap_or(0);
        let align = byte(0) | byte(1) << 8 | byte(2) << 16 | byte(3) << 24;
        if align != 0 && !align.is_power_of_two() {
            return self.err(at, format!("expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: {align}"));
        }
        Ok(())
    }

    /// The placeholder standing for location alias `#name` until its definition is seen.
    pub(crate) fn deferred_location(&mut self, name: &str, at: usize) -> Attr {
        if let Some((_, a, _)) = self.deferred_locs.iter().find(|d| d.0 == name) {
            return *a;
        }
        let marker = self.ctx.ident(&format!("\u{0}deferred location #{name}"));
        let placeholder = self.ctx.attr(AttrKind::Location(Location::Name { name: marker, child: None }));
        self.deferred_locs.push((name.to_string(), placeholder, at));
        placeholder
    }

    /// Replaces deferred location placeholders by the aliases defined later in the file.
    fn resolve_deferred_locations(&mut self, body: &mut Body) -> PResult<()> {
        if self.deferred_locs.is_empty() {
            return Ok(());
        }
        let mut map: FxHashMap<Attr, Attr> = FxHashMap::default();
        for (name, placeholder, at) in std::mem::take(&mut self.deferred_locs) {
            let Some(&real) = self.attr_aliases.get(&name) else {
                return self.err(at, "operation location alias was never defined");
            };
            if !matches!(self.ctx.attr_kind(real), AttrKind::Location(_)) {
                let s = mica_ir::printer::attr_string(self.ctx, real);
                return self.err(at, format!("expected location, but found '{s}'"));
            }
            map.insert(placeholder, real);
        }
        body.for_each_location_mut(&mut |l| {
            if let Some(r) = map.get(l) {
                *l = *r;
            }
        });
        Ok(())
    }

    // ------------------------------------------------------------------ bodies and scopes

    pub(crate) fn cur_body(&mut self) -> &mut Body {
        self.bodies.last_mut().expect("parser has a body")
    }

    fn cur_body_ref(&self) -> &Body {
        self.bodies.last().expect("parser has a body")
    }

    #[inline]
    fn lookup_value(&self, name: &Name<'_>) -> Option<Defined> {
        for s in self.scopes.iter().rev() {
            if let Some(v) = s.values.get(name) {
                return Some(v);
            }
            if s.isolated {
                break;
            }
        }
        None
    }

    /// [`Self::lookup_value`] in the scopes enclosing the innermost one (up to an isolated one).
    fn lookup_value_outer(&self, name: &Name<'_>) -> Option<Defined> {
        let (last, outer) = self.scopes.split_last()?;
        if last.isolated {
            return None;
        }
        for s in outer.iter().rev() {
            if let Some(v) = s.values.get(name) {
                return Some(v);
            }
            if s.isolated {
                break;
            }
        }
        None
    }

    /// The source slice holding the name of an operand written at `offset` (`%name`).
    fn operand_name(&self, op: &UnresolvedOperand) -> &'a str {
        let start = op.offset + 1;
        self.src.get(start..start + op.name_len as usize).unwrap_or("")
    }

    fn define_values(&mut self, text: &'a str, offset: usize, first: Value, count: u32) -> PResult<()> {
        let values = Defined { first, count, offset };
        let name = Name::new(text);
        if self.define_new(text, &name, values) {
            return Ok(());
        }
        self.define_values_checked(text, &name, values)
    }

    /// Defines `name` (spelled `text`) in the innermost scope in the common case, where no
    /// forward reference waits and the name is new in the visible scopes (one lookup per
    /// scope); says whether it did. Otherwise [`Self::define_values_checked`] does.
    #[inline]
    fn define_new(&mut self, text: &'a str, name: &Name<'a>, values: Defined) -> bool {
        if self.chunk && self.forward.len() == 1 {
            // A chunk's body level: the merge checks the name against the enclosing scopes.
            self.chunk_defs.push((text, values, self.scopes.len() == 2));
        }
        if self.forward.last().is_none_or(|f| f.is_empty()) && self.lookup_value_outer(name).is_none() {
            if let Some(s) = self.scopes.last_mut() {
                return s.values.insert_new(name, values);
            }
        }
        false
    }

    /// [`Self::define_values`] when the name may be taken or forward references may wait for
    /// it.
    #[inline(never)]
    fn define_values_checked(&mut self, text: &'a str, name: &Name<'a>, values: Defined) -> PResult<()> {
        let (offset, count) = (values.offset, values.count);
        // Redefinition check across visible scopes.
        if let Some(Defined { offset: prev, .. }) = self.lookup_value(name) {
            let _ = self.err::<()>(offset, format!("redefinition of SSA value '%{text}'"));
            self.note_at(prev, "previously defined here");
            return Err(());
        }
        // Resolve forward references.
        if self.forward.last().is_some_and(|f| !f.is_empty()) {
            let depth = self.scopes.len();
            for (i, v) in (0..count).filter_map(|i| Some((i as usize, values.get(i)?))) {
                let visible = self.forward.last().and_then(|f| f.get(&(text, i as u32))).is_some_and(|f| f.depth >= depth);
                if !visible {
                    continue;
                }
                let fwd = self.forward.last_mut().and_then(|f| f.remove(&(text, i as u32)));
                if let Some(f) = fwd {
                    let pty = self.cur_body_ref().value_type(f.placeholder);
                    let vty = self.cur_body_ref().value_type(v);
                    if pty != vty {
                        let msg = format!(
                            "definition of SSA value '%{text}#{i}' has type '{}'",
                            crate::type_to_string(self.ctx, vty)
                        );
                        let _ = self.err::<()>(offset, msg);
                        self.note_at(f.offset, format!("previously used here with type '{}'", crate::type_to_string(self.ctx, pty)));
                        return Err(());
                    }
                    self.cur_body().replace_all_uses(f.placeholder, v);
                }
            }
            // Uses like %x#3 of a group with fewer results.
            let n = count;
            if let Some(f) = self
                .forward
                .last()
                .and_then(|f| f.iter().find(|((k, i), r)| *k == text && *i >= n && r.depth >= depth).map(|(_, f)| f.offset))
            {
                return self.err(f, "reference to invalid result number");
            }
        }
        if let Some(s) = self.scopes.last_mut() {
            s.values.set(name, values);
        }
        Ok(())
    }

    fn resolve(&mut self, op: &UnresolvedOperand, ty: Type) -> PResult<Value> {
        let name = self.operand_name(op);
        self.resolve_name(name, op.number, op.offset, ty)
    }

    /// The value `%name#number` (used at `offset`) of type `ty`, or the placeholder of a
    /// forward reference. Inlined: a custom op's operands resolve through here one by one.
    #[inline(always)]
    fn resolve_name(&mut self, name: &'a str, number: u32, offset: usize, ty: Type) -> PResult<Value> {
        let Some(defined) = self.lookup_value(&Name::new(name)) else {
            return self.resolve_forward(name, number, offset, ty);
        };
        let Some(v) = defined.get(number) else {
            return self.err(offset, "reference to invalid result number");
        };
        let vty = self.cur_body_ref().value_type(v);
        if vty != ty {
            return self.type_mismatch(name, offset, ty, vty, defined.offset);
        }
        Ok(v)
    }

    /// The current body's block for forward references, made on first need (`None` outside
    /// any body).
    fn fwd_block(&mut self) -> Option<Block> {
        match self.fwd_blocks.last_mut()? {
            Some(fb) => Some(*fb),
            slot => Some(*slot.insert(self.bodies.last_mut()?.append_block_detached())),
        }
    }

    /// A use of a name not defined yet: the placeholder of its earlier uses, or a new one.
    #[inline(never)]
    fn resolve_forward(&mut self, name: &'a str, number: u32, offset: usize, ty: Type) -> PResult<Value> {
        let outer = self.chunk && self.forward.len() == 1;
        let refs = if outer { Some(&self.outer_refs) } else { self.forward.last() };
        if let Some(f) = refs.and_then(|f| f.get(&(name, number))) {
            let (p, first) = (f.placeholder, f.offset);
            let pty = self.cur_body_ref().value_type(p);
            if pty != ty {
                return self.type_mismatch(name, offset, ty, pty, first);
            }
            return Ok(p);
        }
        let fb = self.fwd_block().expect("forward block");
        let placeholder = self.cur_body().add_block_arg(fb, ty, None);
        let depth = self.scopes.len();
        let refs = if outer { Some(&mut self.outer_refs) } else { self.forward.last_mut() };
        if let Some(f) = refs {
            f.insert((name, number), ForwardRef { placeholder, offset, depth });
        }
        Ok(placeholder)
    }

    /// The error for a use of `%name` at `offset` as a `ty` where its definition or first use
    /// (at `prior_at`) made it a `prior`.
    #[cold]
    fn type_mismatch<T>(&mut self, name: &str, offset: usize, ty: Type, prior: Type, prior_at: usize) -> PResult<T> {
        let msg = format!(
            "use of value '%{name}' expects different type than prior uses: '{}' vs '{}'",
            crate::type_to_string(self.ctx, ty),
            crate::type_to_string(self.ctx, prior)
        );
        let _ = self.err::<()>(offset, msg);
        self.note_at(prior_at, "prior use here");
        Err(())
    }

    fn finish_forward_refs(&mut self) -> PResult<()> {
        let Some(f) = self.forward.last() else { return Ok(()) };
        if let Some(r) = f.values().min_by_key(|r| r.offset) {
            let at = r.offset;
            return self.err(at, "use of undeclared SSA value name");
        }
        Ok(())
    }

    // ------------------------------------------------------------------ operations

    /// Parses one operation (with its results) and returns it unlinked.
    pub(crate) fn parse_operation(&mut self) -> PResult<Op> {
        self.enter()?;
        let r = self.parse_operation_inner();
        self.leave();
        r
    }

    fn parse_operation_inner(&mut self) -> PResult<Op> {
        let start = self.tok.start;
        // Result list.
        let mut results: SmallVec<[(&'a str, u32, usize); 1]> = SmallVec::new();
        if self.is(Tok::PercentIdent) {
            loop {
                if !self.is(Tok::PercentIdent) {
                    return self.err_here("expected valid ssa identifier");
                }
                let at = self.tok.start;
                let name = &self.text()[1..];
                self.bump();
                let mut count = 1u32;
                if self.eat(Tok::Colon) {
                    if !self.is(Tok::Integer) {
                        return self.err_here("expected integer number of results");
                    }
                    let n: Option<u32> = self.text().parse().ok();
                    match n {
                        Some(n) if n >= 1 => count = n,
                        _ => return self.err_here("expected named operation to have at least 1 result"),
                    }
                    self.bump();
                }
                results.push((name, count, at));
                if !self.eat(Tok::Comma) {
                    break;
                }
            }
            self.expect(Tok::Equal, "'=' after SSA name")?;
        }
        let total: u32 = results.iter().map(|r| r.1).sum();
        let op = match self.tok.kind {
            Tok::String => self.parse_generic_operation()?,
            Tok::BareIdent => self.parse_custom_operation()?,
            Tok::Error => return self.lex_error(),
            _ => {
                if results.is_empty() {
                    return self.err_here("expected operation name in quotes");
                }
                return self.err_here("expected operation name in quotes");
            }
        };
        // Bind results.
        let nres = self.cur_body_ref().results(op).len() as u32;
        if !results.is_empty() {
            if nres == 0 {
                return self.err(start, "cannot name an operation with no results");
            }
            if nres != total {
                let msg = format!("operation defines {nres} results but was provided {total} to bind");
                return self.err(start, msg);
            }
            let mut i = 0usize;
            for &(name, count, at) in &results {
                let group = &self.cur_body_ref().results(op)[i..i + count as usize];
                debug_assert!(group.windows(2).all(|w| w[1].as_u32() == w[0].as_u32() + 1), "results are consecutive");
                let first = group[0];
                i += count as usize;
                self.define_values(name, at, first, count)?;
            }
        }
        Ok(op)
    }

    fn parse_trailing_location(&mut self, state: &mut OperationState) -> PResult<()> {
        if let Some(loc) = AsmParser::parse_optional_location(self)? {
            state.loc = loc;
        }
        Ok(())
    }

    /// `loc(...)` from the `loc` keyword (the current token) on. Out of line: most operations
    /// have no trailing location, and their check for one should not pay for this one's frame.
    #[inline(never)]
    fn parse_location_after_keyword(&mut self) -> PResult<Option<Attr>> {
        self.bump();
        self.expect(Tok::LParen, "'(' in location")?;
        let l = self.parse_location_body()?;
        self.expect(Tok::RParen, "')' in location")?;
        Ok(Some(l))
    }

    fn parse_generic_operation(&mut self) -> PResult<Op> {
        let outer = self.op_pending.take();
        let name_at = self.tok.start;
        let raw = self.text();
        let head = recent::head(raw.as_bytes());
        let recent = self
            .recent_op_names
            .iter()
            .find(|e| e.0 == head && e.1.len() == raw.len() && recent::starts_with_after_head(raw.as_bytes(), e.1.as_bytes()));
        let (name, def) = match recent {
            Some(&(_, _, name, def)) => {
                self.bump();
                (name, def)
            }
            None => self.resolve_op_name_text(raw, head, name_at)?,
        };
        let loc = self.loc_at(name_at);
        let mut state = OperationState::new(name, self.ctx.empty_dict(), loc);
        // Operands.
        self.expect(Tok::LParen, "'(' to start operand list")?;
        let mut operands: SmallVec<[(&'a str, u32, usize); 4]> = SmallVec::new();
        self.comma_list_msg(Tok::RParen, "expected ')' to end operand list", |p| {
            operands.push(p.parse_operand_ref()?);
            Ok(())
        })?;
        // Successors (only a terminator, or an op that might be one, can have them).
        if self.is(Tok::LSquare) && def.as_ref().is_some_and(|d| !d.traits.contains(Traits::TERMINATOR)) {
            return self.err_here("successors in non-terminator");
        }
        if self.eat(Tok::LSquare) {
            self.comma_list(Tok::RSquare, |p| {
                let b = p.parse_successor()?;
                state.successors.push(b);
                Ok(())
            })?;
        }
        // Properties.
        if self.eat(Tok::Less) {
            let a = self.parse_attribute()?;
            self.expect(Tok::Greater, "'>' to close properties")?;
            if let Some(d) = def.filter(|d| d.properties.is_empty()) {
                let given = mica_ir::printer::attr_string(self.ctx, a);
                return self.err(name_at, format!("invalid properties {given} for op {}: this operation does not support properties", d.name));
            }
            state.properties = Some(a);
        }
        // Regions.
        if self.eat(Tok::LParen) {
            let isolated = def.as_ref().is_some_and(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
            let symbol_table = def.as_ref().is_some_and(|d| d.traits.contains(Traits::SYMBOL_TABLE));
            // The regions of a generic op keep the enclosing default dialect (MLIR only
            // changes it for custom forms), though the printer drops it there.
            self.parse_region_list(&mut state, isolated, symbol_table)?;
        }
        // Attributes.
        if self.is(Tok::LBrace) {
            state.attrs = self.parse_attr_dict()?;
        }
        let (ty_at, ty) = match self.reuse_fn_type_after_colon() {
            Some(found) => found,
            None => {
                self.expect(Tok::Colon, "':' followed by operation type")?;
                (self.tok.start, self.parse_type()?)
            }
        };
        let ctx = self.ctx;
        let Some((ins, outs)) = ctx.function_signature(ty) else {
            return self.err(ty_at, "expected function type");
        };
        if ins.len() != operands.len() {
            let msg = format!("expected {} operand type{} but had {}", operands.len(), if operands.len() == 1 { "" } else { "s" }, ins.len());
            return self.err(ty_at, msg);
        }
        // Most ops have at most as many operands as the state keeps inline: those are resolved
        // into an array that becomes the list, without a call to `push` per operand.
        let mut inline = [Value::from_u32(0); 3];
        if operands.len() <= inline.len() {
            for (slot, (&(name, number, offset), t)) in inline.iter_mut().zip(operands.iter().zip(ins)) {
                *slot = self.resolve_name(name, number, offset, *t)?;
            }
            state.operands = SmallVec::from_buf_and_len(inline, operands.len());
        } else {
            for (&(name, number, offset), t) in operands.iter().zip(ins) {
                let v = self.resolve_name(name, number, offset, *t)?;
                state.operands.push(v);
            }
        }
        // One result (most ops) fills the inline slot without `from_slice`'s copy call.
        state.result_types = match outs {
            &[t] => SmallVec::from_buf([t]),
            _ => SmallVec::from_slice(outs),
        };
        self.parse_trailing_location(&mut state)?;
        if let Some(d) = &def {
            self.move_inherent_attrs(d, &mut state);
            // Unlike custom forms, the generic form adds no implicit block: `({})` stays empty.
            self.fill_default_properties(d, &mut state);
        }
        let op = self.cur_body().create_op(state);
        self.note_created(op, outer);
        Ok(op)
    }

    /// The name and definition of a generic op name that is not among the recent ones (the
    /// current token, quoted as `raw`, whose head is `head`), which then becomes one.
    #[inline(never)]
    fn resolve_op_name_text(&mut self, raw: &'a str, head: u64, name_at: usize) -> PResult<(Ident, Option<&'a mica_ir::OpDef>)> {
        let (name, def) = match self.op_names.get(raw) {
            Some(&cached) => {
                self.bump();
                cached
            }
            None => {
                let name_str = self.parse_string_text_token()?;
                let resolved = self.resolve_generic_name(&name_str, name_at)?;
                self.op_names.insert(raw, resolved);
                resolved
            }
        };
        // A new name takes the last place (the last one makes room): names met once replace
        // one another there, and do not push out the ones met again and again.
        if self.recent_op_names.len() == RECENT_OP_NAMES {
            self.recent_op_names.pop();
        }
        self.recent_op_names.push((head, raw, name, def));
        Ok((name, def))
    }

    /// Interns a generic op name and finds its definition, rejecting unknown ops of
    /// registered dialects (and every unregistered op unless allowed).
    fn resolve_generic_name(&mut self, name_str: &str, name_at: usize) -> PResult<(Ident, Option<&'a mica_ir::OpDef>)> {
        if name_str.is_empty() {
            return self.err(name_at, "empty operation name is invalid");
        }
        let ctx = self.ctx;
        let name = ctx.ident(name_str);
        let def = ctx.registry().get(name);
        if def.is_none() {
            let dialect = name_str.split_once('.').map_or("", |(d, _)| d);
            if ctx.registry().has_dialect(dialect) {
                return self.err(name_at, format!("unregistered operation '{name_str}' found in dialect ('{dialect}') that does not allow unknown operations"));
            }
            if !ctx.allow_unregistered {
                if !name_str.contains('.') {
                    return self.err(name_at, format!("operation name '{name_str}' has no dialect prefix and is not registered"));
                }
                return self.err(name_at, format!("Dialect `{dialect}' not found for custom op '{name_str}' "));
            }
        }
        Ok((name, def))
    }

    /// Moves attributes a registered op keeps as properties out of the discardable dictionary
    /// (MLIR accepts them there in the generic form).
    fn move_inherent_attrs(&mut self, def: &mica_ir::OpDef, state: &mut OperationState) {
        if def.properties.is_empty() || state.properties.is_some() {
            return;
        }
        let entries = self.ctx.dict_entries(state.attrs).to_vec();
        let (props, rest): (Vec<_>, Vec<_>) = entries.into_iter().partition(|(k, _)| def.properties.contains(&self.ctx.str(*k)));
        if props.is_empty() {
            return;
        }
        state.properties = Some(self.ctx.dict_attr(props));
        state.attrs = self.ctx.dict_attr(rest);
    }

    /// Properties with a default value that were not written get it.
    fn fill_default_properties(&mut self, def: &mica_ir::OpDef, state: &mut OperationState) {
        let ctx = self.ctx;
        let mut entries = state.properties.map(|p| ctx.dict_entries(p).to_vec()).unwrap_or_default();
        let before = entries.len();
        for (name, default) in &def.property_defaults {
            if !entries.iter().any(|(k, _)| ctx.str(*k) == *name) {
                entries.push((ctx.ident(name), default(ctx)));
            }
        }
        if entries.len() != before {
            state.properties = Some(ctx.dict_attr(entries));
        }
    }

    /// Single-block ops without terminators always have their block, even when written as
    /// `{}` (ops with terminators get theirs from their parse hooks, as in MLIR).
    fn ensure_entry_blocks(&mut self, state: &mut OperationState) {
        if let Some(nested) = state.nested.as_deref_mut() {
            for r in nested.roots.clone() {
                if nested.region_blocks(r).is_empty() {
                    nested.append_block(r);
                }
            }
        } else {
            for r in state.regions.clone() {
                if self.cur_body_ref().region_blocks(r).is_empty() {
                    self.cur_body().append_block(r);
                }
            }
        }
    }

    /// The registered op with a parse hook that `written` names under the default dialect
    /// `default`: the name as written, or for a name without a dialect prefix, with the default
    /// dialect's. Remembered among the recent names when found.
    fn lookup_custom_name(&mut self, written: &'a str, default: &'static str) -> Option<(Ident, &'a mica_ir::OpDef)> {
        let reg = self.ctx.registry();
        let mut found = reg.lookup_str(written).filter(|d| d.1.parse.is_some());
        if found.is_none() && !written.contains('.') {
            self.name_buf.clear();
            self.name_buf.push_str(default);
            self.name_buf.push('.');
            self.name_buf.push_str(written);
            found = reg.lookup_str(&self.name_buf).filter(|d| d.1.parse.is_some());
        }
        let (name, def) = found?;
        // A new name takes the last place (the last one makes room).
        if self.recent_custom_names.len() == RECENT_CUSTOM_NAMES {
            self.recent_custom_names.pop();
        }
        self.recent_custom_names.push((written, default, name, def));
        Some((name, def))
    }

    fn parse_custom_operation(&mut self) -> PResult<Op> {
        let outer = self.op_pending.take();
        let name_at = self.tok.start;
        let written = self.text();
        self.bump();
        let reg = self.ctx.registry();
        // The default dialect: `builtin` at the top, else the enclosing custom op's (maybe none).
        let default = self.custom_ops.last().map_or("builtin", |f| f.default_dialect);
        let recent = self.recent_custom_names.iter().position(|&(w, d, ..)| same_short_text(w, written) && same_short_text(d, default));
        let found = match recent {
            Some(i) => {
                let (_, _, name, def) = self.recent_custom_names[i];
                // One place to the front, so that the names used most are compared first.
                if i > 0 {
                    self.recent_custom_names.swap(i - 1, i);
                }
                Some((name, def))
            }
            None => self.lookup_custom_name(written, default),
        };
        let Some((name, def)) = found else {
            // `i32` lexes as an integer type in MLIR, not as an identifier.
            self.reset_to(name_at);
            if self.starts_int_type() {
                return self.err_here("expected operation name in quotes");
            }
            let (dialect, tried) = match written.split_once('.') {
                Some((d, _)) => (d, String::new()),
                None => (default, format!(" (tried '{default}.{written}' as well)")),
            };
            let msg = if reg.has_dialect(dialect) {
                format!("custom op '{written}' is unknown{tried}")
            } else {
                format!("Dialect `{dialect}' not found for custom op '{written}' {tried}")
            };
            return self.err(name_at, msg);
        };
        let loc = self.loc_at(name_at);
        let mut state = OperationState::new(name, self.ctx.empty_dict(), loc);
        let parse = def.parse.expect("checked above");
        self.custom_ops.push(CustomOpFrame {
            name: Some(def.name),
            name_at,
            default_dialect: def.default_dialect.unwrap_or(""),
            isolated: def.traits.contains(Traits::ISOLATED_FROM_ABOVE),
            deferrable: Some(!def.traits.contains(Traits::SYMBOL_TABLE)),
        });
        let r = parse(def, self, &mut state);
        self.custom_ops.pop();
        r?;
        self.parse_trailing_location(&mut state)?;
        if def.traits.contains(Traits::SINGLE_BLOCK | Traits::NO_TERMINATOR) {
            self.ensure_entry_blocks(&mut state);
        }
        let op = self.cur_body().create_op(state);
        self.note_created(op, outer);
        Ok(op)
    }

    /// `%name` or `%name#N` as (name, number, offset), borrowing the source. Inlined: a
    /// custom op's operands come through here, and its frame cost a fifth of the call.
    #[inline(always)]
    pub(crate) fn parse_operand_ref(&mut self) -> PResult<(&'a str, u32, usize)> {
        if !self.is(Tok::PercentIdent) {
            return self.expected("SSA operand");
        }
        let offset = self.tok.start;
        let name = &self.text()[1..];
        self.bump();
        let number = if self.is(Tok::HashIdent) { self.parse_result_number()? } else { 0 };
        Ok((name, number, offset))
    }

    /// The `#N` after an operand's name (the current token). Out of line: few operands have
    /// one, and the common case should not pay for this one's frame.
    #[inline(never)]
    fn parse_result_number(&mut self) -> PResult<u32> {
        match self.text()[1..].parse::<u32>() {
            Ok(n) => {
                self.bump();
                Ok(n)
            }
            Err(_) => self.err_here("invalid SSA value result number"),
        }
    }

    pub(crate) fn parse_operand_use(&mut self) -> PResult<UnresolvedOperand> {
        let (name, number, offset) = self.parse_operand_ref()?;
        Ok(UnresolvedOperand { name_len: name.len() as u32, number, offset })
    }

    /// Whether the current token is an integer type name (`i32`, `si8`, `ui1`).
    fn starts_int_type(&self) -> bool {
        let t = self.text();
        let int_name = |p: &str| t.strip_prefix(p).is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()));
        self.is(Tok::BareIdent) && (int_name("i") || int_name("si") || int_name("ui"))
    }

    /// Whether a type starts at the current token.
    /// Whether the current token can start a type.
    pub(crate) fn starts_type(&self) -> bool {
        match self.tok.kind {
            Tok::LParen | Tok::BangIdent => true,
            Tok::BareIdent => {
                let t = self.text();
                self.token_word().is_some_and(|w| self.simple_types.contains_key(&w))
                    || matches!(t, "index" | "none" | "complex" | "tuple" | "tensor" | "memref" | "vector")
                    || mica_ir::FloatKind::from_mlir_name(t).is_some()
                    || self.starts_int_type()
            }
            _ => false,
        }
    }

    fn parse_successor(&mut self) -> PResult<Block> {
        if !self.is(Tok::CaretIdent) {
            return self.err_here("expected block name");
        }
        let at = self.tok.start;
        let name = &self.text()[1..];
        self.bump();
        self.block_ref(name, at)
    }

    fn block_ref(&mut self, name: &'a str, at: usize) -> PResult<Block> {
        let Some(scope) = self.block_scopes.last() else {
            return self.err(at, "block reference outside a region");
        };
        if let Some((b, _, _)) = scope.blocks.get(name) {
            return Ok(*b);
        }
        let region = scope.region;
        let b = self.cur_body().append_block(region);
        if let Some(s) = self.block_scopes.last_mut() {
            s.blocks.insert(name, (b, Some(at), false));
        }
        Ok(b)
    }

    // ------------------------------------------------------------------ regions

    /// The region list of a generic op; the regions of a symbol table are neither deferred nor
    /// chunked (their isolated ops are).
    fn parse_region_list(&mut self, state: &mut OperationState, isolated: bool, symbol_table: bool) -> PResult<()> {
        if isolated && !symbol_table {
            if let Some(placeholder) = self.try_defer(&[], true) {
                state.nested = Some(Box::new(placeholder));
                return Ok(());
            }
        }
        if isolated {
            self.push_body();
        }
        let r = (|| {
            self.comma_list_msg(Tok::RParen, "expected ')' to end region list", |p| {
                p.region_symbol_table = symbol_table;
                let region = p.parse_region_body(&[])?;
                p.add_region(state, region, isolated);
                Ok(())
            })
        })();
        let r = if isolated && r.is_ok() { self.finish_forward_refs() } else { r };
        if isolated {
            let body = self.pop_body();
            if let Some(b) = body {
                if r.is_ok() {
                    state.nested = Some(Box::new(b));
                }
            }
        }
        r
    }

    fn add_region(&mut self, state: &mut OperationState, region: Region, isolated: bool) {
        if isolated {
            self.cur_body().roots.push(region);
        } else {
            state.regions.push(region);
        }
    }

    fn push_body(&mut self) {
        // Most isolated bodies (functions) are small: they are built in a scratch body that
        // keeps its room from body to body, and copied out at their size when complete. A large
        // one whose text was measured gets room for all of it.
        let room = self.next_body_room.take();
        self.bodies.push(match room {
            Some(r) => Body::with_capacity(r.ops, r.values),
            None => self.free_bodies.pop().unwrap_or_else(|| Body::with_capacity(16, 16)),
        });
        self.bodies_sized.push(room.is_some());
        self.next_scope_room = room.map(|r| r.values);
        self.forward.push(FxHashMap::default());
        self.fwd_blocks.push(None);
        self.push_scope(true);
        self.push_pending();
    }

    /// Opens a name scope (reusing the memory of a closed one).
    fn push_scope(&mut self, isolated: bool) {
        let values = self.free_value_maps.pop().unwrap_or_default();
        self.scopes.push(Scope { values, isolated });
    }

    /// Closes the innermost name scope.
    fn pop_scope(&mut self) {
        if let Some(mut scope) = self.scopes.pop() {
            // Small maps are worth keeping; clearing a big one for every small scope is not.
            if scope.values.capacity() <= 64 {
                scope.values.clear();
                self.free_value_maps.push(scope.values);
            }
        }
    }

    fn pop_body(&mut self) -> Option<Body> {
        self.pop_scope();
        self.fwd_blocks.pop();
        self.forward.pop();
        self.pop_pending();
        let mut body = self.bodies.pop()?;
        if self.bodies_sized.pop().unwrap_or(false) {
            return Some(body);
        }
        if body.num_ops() > MAX_SCRATCH_OPS {
            // A large body that was not measured: keep no room beyond it.
            body.shrink_to_fit();
            return Some(body);
        }
        let done = body.take_compact();
        self.free_bodies.push(body);
        Some(done)
    }

    /// Parses `{ blocks }` into a new region of the current body; `entry_args` are defined in
    /// the entry block.
    pub(crate) fn parse_region_body(&mut self, entry_args: &[EntryArg]) -> PResult<Region> {
        self.enter()?;
        let r = self.parse_region_body_inner(entry_args);
        self.leave();
        r
    }

    fn parse_region_body_inner(&mut self, entry_args: &[EntryArg]) -> PResult<Region> {
        self.expect(Tok::LBrace, "'{' to begin a region")?;
        let region = self.cur_body().new_region();
        self.push_scope(false);
        if let (Some(names), Some(scope)) = (self.next_scope_room.take(), self.scopes.last_mut()) {
            scope.values.reserve(names);
        }
        let chunking = if std::mem::take(&mut self.region_symbol_table) { Chunking::LongOfSmallOps } else { Chunking::Long };
        self.block_scopes.push(BlockScope { blocks: FxHashMap::default(), region, chunking });
        let r = self.parse_region_blocks(region, entry_args);
        self.pop_scope();
        let bs = self.block_scopes.pop();
        r?;
        if let Some(bs) = bs {
            if let Some(at) = bs.blocks.values().filter(|v| !v.2).filter_map(|v| v.1).min() {
                return self.err(at, "reference to an undefined block");
            }
        }
        Ok(region)
    }

    fn parse_region_blocks(&mut self, region: Region, entry_args: &[EntryArg]) -> PResult<()> {
        if self.eat(Tok::RBrace) {
            if !entry_args.is_empty() {
                // A region with arguments needs its entry block even when empty.
                let b = self.cur_body().append_block(region);
                self.define_entry_args(b, entry_args)?;
            }
            return Ok(());
        }
        // Entry block without a label.
        if !self.is(Tok::CaretIdent) || !entry_args.is_empty() {
            let b = self.cur_body().append_block(region);
            self.define_entry_args(b, entry_args)?;
            if self.is(Tok::CaretIdent) && !entry_args.is_empty() {
                return self.err(self.tok.start, "invalid block name in region with named arguments");
            }
            self.parse_block_ops(b)?;
        }
        while !self.eat(Tok::RBrace) {
            if !self.is(Tok::CaretIdent) {
                if self.is(Tok::Eof) {
                    return self.err_here("expected '}' to end region");
                }
                return self.err_here("expected block name");
            }
            self.parse_labeled_block(region)?;
        }
        Ok(())
    }

    fn define_entry_args(&mut self, b: Block, entry_args: &[EntryArg]) -> PResult<()> {
        for a in entry_args {
            // Without an explicit location, an argument is located at its name.
            let loc = a.loc.unwrap_or_else(|| self.loc_at(a.name.offset));
            let text = self.operand_name(&a.name);
            let v = self.cur_body().add_block_arg(b, a.ty, Some(loc));
            let (name, values) = (Name::new(text), Defined { first: v, count: 1, offset: a.name.offset });
            if self.define_new(text, &name, values) {
                continue;
            }
            // A name already defined, or used ahead of its definition, is taken.
            let taken = self.lookup_value(&name).map(|d| d.offset).or_else(|| self.forward.last().and_then(|f| f.get(&(text, a.name.number))).map(|f| f.offset));
            if let Some(prev) = taken {
                let _ = self.err::<()>(a.name.offset, format!("region entry argument '%{text}' is already in use"));
                self.note_at(prev, "previously referenced here");
                return Err(());
            }
            self.define_values_checked(text, &name, values)?;
        }
        Ok(())
    }

    fn parse_labeled_block(&mut self, region: Region) -> PResult<()> {
        let at = self.tok.start;
        let name = &self.text()[1..];
        self.bump();
        let existing = self.block_scopes.last().and_then(|s| s.blocks.get(name).copied());
        let b = match existing {
            Some((_, _, true)) => return self.err(at, format!("redefinition of block '^{name}'")),
            Some((b, _, false)) => {
                // Move a forward-referenced block to its textual position: the end.
                b
            }
            None => self.cur_body().append_block(region),
        };
        if let Some(s) = self.block_scopes.last_mut() {
            s.blocks.insert(name, (b, None, true));
        }
        self.cur_body().move_block_to_end(region, b);
        if self.eat(Tok::LParen) {
            self.comma_list_msg(Tok::RParen, "expected ')'", |p| {
                let o = p.parse_operand_use()?;
                if p.operand_has_number(&o) {
                    return p.err(o.offset, "invalid block argument name");
                }
                p.expect(Tok::Colon, "':' and type for SSA operand")?;
                let ty = p.parse_type()?;
                let loc = AsmParser::parse_optional_location(p)?;
                let loc = loc.unwrap_or_else(|| p.loc_at(o.offset));
                let v = p.cur_body().add_block_arg(b, ty, Some(loc));
                let name = p.operand_name(&o);
                p.define_values(name, o.offset, v, 1)
            })?;
        }
        self.expect(Tok::Colon, "':' after block name")?;
        self.parse_block_ops(b)
    }

    fn parse_block_ops(&mut self, b: Block) -> PResult<()> {
        if let Some(chunking) = self.block_scopes.last().map(|s| s.chunking).filter(|c| *c != Chunking::Never) {
            // A long block: as much of it as chunks on other threads allow (the rest follows).
            self.parse_block_chunked(b, chunking)?;
        }
        // At the end of the input, MLIR still expects an operation here.
        while !self.is(Tok::CaretIdent) && !self.is(Tok::RBrace) {
            let op = self.parse_operation()?;
            self.cur_body().append_op(b, op);
        }
        Ok(())
    }
}

// The AsmParser implementation lives next to the state it reads.
impl Parser<'_> {
    /// The region `index` of `state` and the body holding it.
    fn state_region<'s>(&'s mut self, state: &'s mut OperationState, index: usize) -> Option<(&'s mut Body, mica_ir::Region)> {
        let region = match state.nested.as_deref() {
            Some(b) => b.roots.get(index).copied(),
            None => state.regions.get(index).copied(),
        }?;
        let body: &mut Body = match state.nested.as_deref_mut() {
            Some(b) => b,
            None => self.cur_body(),
        };
        Some((body, region))
    }

    /// Appends `terminator` to region `index` of `state` unless its block already ends in a
    /// terminator; with `yielding`, it takes the results of the block's last op as operands;
    /// with `with_region`, it gets one region holding one empty block.
    fn add_terminator(&mut self, state: &mut OperationState, index: usize, terminator: &str, yielding: bool, with_region: bool) {
        let ctx = self.ctx;
        let loc = state.loc;
        let Some((body, region)) = self.state_region(state, index) else { return };
        let block = match body.region_blocks(region).last() {
            Some(&b) => b,
            None => body.append_block(region),
        };
        if let Some(last) = body.block_last_op(block) {
            if ctx.registry().traits(body.op(last).name).contains(Traits::TERMINATOR) {
                return;
            }
        }
        let mut term = OperationState::new(ctx.ident(terminator), ctx.empty_dict(), loc);
        if with_region {
            let r = body.new_region();
            body.append_block(r);
            term.regions.push(r);
        }
        if yielding {
            if let Some(last) = body.block_last_op(block) {
                term.operands.extend(body.results(last).iter().copied());
            }
        }
        let op = body.create_op(term);
        body.append_op(block, op);
    }

}

impl<'a> AsmParser<'a> for Parser<'a> {
    fn ctx(&self) -> &'a Context {
        self.ctx
    }

    fn offset(&self) -> usize {
        self.tok.start
    }

    fn name_offset(&self) -> usize {
        self.custom_ops.last().map_or(0, |f| f.name_at)
    }

    fn error_at(&mut self, offset: usize, message: &str) {
        let msg = match self.custom_ops.last().and_then(|f| f.name) {
            Some(name) => format!("custom op '{name}' {message}"),
            None => message.to_string(),
        };
        let _ = self.err::<()>(offset, msg);
    }

    fn syntax_error_at(&mut self, offset: usize, message: &str) {
        let _ = self.err::<()>(offset, message.to_string());
    }

    fn parse_optional_keyword(&mut self, keyword: &str) -> bool {
        self.eat_keyword(keyword)
    }

    fn parse_optional_any_keyword(&mut self) -> Option<String> {
        if self.is(Tok::BareIdent) {
            let s = self.text().to_string();
            self.bump();
            Some(s)
        } else {
            None
        }
    }

    fn parse_optional_punct(&mut self, p: &str) -> bool {
        if self.tok.kind.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    // The punctuation a format writes (`,`, `:`) is nearly always there: that case is taken
    // here without a call, the error out of line.
    #[inline]
    fn parse_punct(&mut self, p: &str) -> Result<(), ()> {
        if self.tok.kind.is_punct(p) {
            self.bump();
            return Ok(());
        }
        self.expected(&format!("'{p}'"))
    }

    fn peek_punct(&self, p: &str) -> bool {
        self.tok.kind.is_punct(p)
    }

    fn parse_optional_symbol_name(&mut self) -> Result<Option<Ident>, ()> {
        Ok(self.parse_optional_symbol_text()?.map(|s| self.ctx.ident(&s)))
    }

    fn parse_optional_symbol_name_attr(&mut self) -> Result<Option<Attr>, ()> {
        Ok(self.parse_optional_symbol_text()?.map(|s| self.ctx.string_attr(&s)))
    }

    fn parse_optional_string(&mut self) -> Result<Option<String>, ()> {
        if !self.is(Tok::String) {
            return Ok(None);
        }
        Ok(Some(self.parse_string_text_token()?.into_owned()))
    }

    fn parse_type(&mut self) -> Result<Type, ()> {
        Parser::parse_type(self)
    }

    fn parse_attribute(&mut self) -> Result<Attr, ()> {
        Parser::parse_attribute(self)
    }

    fn parse_optional_attr_dict(&mut self) -> Result<Option<Vec<(Ident, Attr)>>, ()> {
        if !self.is(Tok::LBrace) {
            return Ok(None);
        }
        Ok(Some(self.parse_attr_dict_entries()?))
    }

    #[inline]
    fn parse_optional_location(&mut self) -> Result<Option<Attr>, ()> {
        if !self.is_keyword("loc") {
            return Ok(None);
        }
        self.parse_location_after_keyword()
    }

    fn peek_ssa_name(&self) -> bool {
        self.is(Tok::PercentIdent)
    }

    fn parse_operand(&mut self) -> Result<UnresolvedOperand, ()> {
        self.parse_operand_use()
    }

    fn parse_operand_without_number(&mut self) -> Result<UnresolvedOperand, ()> {
        let o = self.parse_operand_use()?;
        if self.operand_has_number(&o) {
            return self.err(o.offset + 1 + o.name_len as usize, "result number not allowed in argument list");
        }
        Ok(o)
    }

    fn operand_has_number(&self, o: &UnresolvedOperand) -> bool {
        self.src.as_bytes().get(o.offset + 1 + o.name_len as usize) == Some(&b'#')
    }

    fn resolve_operand(&mut self, operand: &UnresolvedOperand, ty: Type) -> Result<Value, ()> {
        self.resolve(operand, ty)
    }

    fn peek_keyword(&self, keyword: &str) -> bool {
        self.is_keyword(keyword)
    }

    fn parse_optional_type(&mut self) -> Result<Option<Type>, ()> {
        if !self.starts_type() {
            return Ok(None);
        }
        Parser::parse_type(self).map(Some)
    }

    fn parse_attribute_of_type(&mut self, ty: Type) -> Result<Attr, ()> {
        Parser::parse_attribute_of_type(self, ty)
    }

    fn peek_attribute(&self) -> bool {
        match self.tok.kind {
            Tok::HashIdent | Tok::AtIdent | Tok::String | Tok::Integer | Tok::Float | Tok::LSquare | Tok::LBrace | Tok::Minus => true,
            Tok::BareIdent => matches!(
                self.text(),
                "true" | "false" | "unit" | "dense" | "dense_resource" | "sparse" | "opaque" | "array" | "affine_map"
                    | "affine_set" | "strided" | "distinct" | "loc"
            ) || self.starts_type(),
            Tok::LParen | Tok::BangIdent => true,
            _ => false,
        }
    }

    fn peek_successor(&self) -> bool {
        self.is(Tok::CaretIdent)
    }

    fn parse_successor(&mut self) -> Result<Block, ()> {
        Parser::parse_successor(self)
    }

    fn parse_affine_map(&mut self) -> Result<mica_affine::AffineMap, ()> {
        let start = self.tok.start;
        let (parsed, used) = match mica_affine::parse_map_or_set(&self.src[start..]) {
            Ok(x) => x,
            Err(e) => return self.affine_err(start, e),
        };
        match parsed {
            mica_affine::MapOrSet::Map(m) => {
                self.reset_to(start + used);
                Ok(m)
            }
            mica_affine::MapOrSet::Set(_) => self.err(start, "expected AffineMap, but got IntegerSet"),
        }
    }

    fn parse_optional_integer(&mut self) -> Result<Option<i64>, ()> {
        let neg = self.is(Tok::Minus);
        if neg {
            let next = crate::lexer::lex_at(self.src, self.tok.end);
            if next.kind != Tok::Integer {
                return Ok(None);
            }
            self.bump();
        } else if !self.is(Tok::Integer) {
            return Ok(None);
        }
        let text = self.text();
        let v = if let Some(h) = text.strip_prefix("0x") { i64::from_str_radix(h, 16).ok() } else { text.parse::<i64>().ok() };
        let Some(v) = v else {
            return self.err_here("integer value too large");
        };
        self.bump();
        Ok(Some(if neg { v.wrapping_neg() } else { v }))
    }

    fn peek_any_keyword(&self) -> bool {
        self.is(Tok::BareIdent)
    }

    fn peek_string(&self) -> bool {
        self.is(Tok::String)
    }

    fn peek_symbol(&self) -> bool {
        self.is(Tok::AtIdent)
    }

    fn peek_type(&self) -> bool {
        self.starts_type()
    }

    fn parse_affine_map_of_ssa_ids(&mut self, delimiter: mica_affine::Delimiter) -> Result<(mica_affine::AffineMap, Vec<UnresolvedOperand>), ()> {
        let mut found: Vec<(bool, UnresolvedOperand)> = Vec::new();
        let parsed = mica_affine::AffineParser::new(self.src, self.tok.start).parse_map_of_ssa_ids(delimiter, &mut |o| {
            found.push((o.is_symbol, UnresolvedOperand { name_len: o.name.len() as u32 - 1, number: o.number, offset: o.offset }));
        });
        let (map, end) = match parsed {
            Ok(x) => x,
            Err(e) => return self.affine_err(0, e),
        };
        self.reset_to(end);
        let (syms, dims): (Vec<_>, Vec<_>) = found.into_iter().partition(|(s, _)| *s);
        Ok((map, dims.into_iter().chain(syms).map(|(_, o)| o).collect()))
    }

    fn parse_affine_expr_of_ssa_ids(&mut self) -> Result<(mica_affine::AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>), ()> {
        let mut found: Vec<(bool, UnresolvedOperand)> = Vec::new();
        let parsed = mica_affine::AffineParser::new(self.src, self.tok.start).parse_expr_of_ssa_ids(&mut |o| {
            found.push((o.is_symbol, UnresolvedOperand { name_len: o.name.len() as u32 - 1, number: o.number, offset: o.offset }));
        });
        let (expr, end) = match parsed {
            Ok(x) => x,
            Err(e) => return self.affine_err(0, e),
        };
        self.reset_to(end);
        let (syms, dims): (Vec<_>, Vec<_>) = found.into_iter().partition(|(s, _)| *s);
        Ok((expr, dims.into_iter().map(|(_, o)| o).collect(), syms.into_iter().map(|(_, o)| o).collect()))
    }

    fn ensure_terminator(&mut self, state: &mut OperationState, index: usize, terminator: &str) {
        self.add_terminator(state, index, terminator, false, false);
    }

    fn ensure_terminator_with_region(&mut self, state: &mut OperationState, index: usize, terminator: &str) {
        self.add_terminator(state, index, terminator, false, true);
    }

    fn ensure_block(&mut self, state: &mut OperationState, index: usize) {
        if let Some((body, region)) = self.state_region(state, index) {
            if body.region_blocks(region).is_empty() {
                body.append_block(region);
            }
        }
    }

    fn ensure_terminator_yielding(&mut self, state: &mut OperationState, index: usize, terminator: &str) {
        self.add_terminator(state, index, terminator, true, false);
    }

    fn add_empty_region(&mut self, state: &mut OperationState) {
        if self.custom_ops.last().is_some_and(|f| f.isolated) {
            let mut b = Body::new();
            let r = b.new_region();
            b.roots.push(r);
            state.nested = Some(Box::new(b));
        } else {
            let r = self.cur_body().new_region();
            state.regions.push(r);
        }
    }

    fn add_built_region(&mut self, state: &mut OperationState, build: &mut dyn FnMut(&mut Body, mica_ir::Region)) {
        self.add_empty_region(state);
        let (body, region) = match state.nested.as_deref_mut() {
            Some(b) => {
                let r = *b.roots.last().expect("add_empty_region added a root");
                (b, r)
            }
            None => {
                let r = *state.regions.last().expect("add_empty_region added a region");
                (self.cur_body(), r)
            }
        };
        build(body, region);
    }

    fn parse_region(&mut self, state: &mut OperationState, entry_args: &[EntryArg]) -> Result<(), ()> {
        let (isolated, deferrable) = self.custom_ops.last().map_or((false, None), |f| (f.isolated, f.deferrable));
        if isolated && deferrable.unwrap_or(false) {
            if let Some(placeholder) = self.try_defer(entry_args, false) {
                state.nested = Some(Box::new(placeholder));
                return Ok(());
            }
        }
        self.region_symbol_table = !deferrable.unwrap_or(true);
        if isolated {
            self.push_body();
            let r = self.parse_region_body(entry_args);
            let r = r.and_then(|region| self.finish_forward_refs().map(|_| region));
            match r {
                Ok(region) => {
                    self.cur_body().roots.push(region);
                    let body = self.pop_body();
                    state.nested = body.map(Box::new);
                    Ok(())
                }
                Err(()) => {
                    self.pop_body();
                    Err(())
                }
            }
        } else {
            let region = self.parse_region_body(entry_args)?;
            state.regions.push(region);
            Ok(())
        }
    }
}

/// Whether `a` and `b` are the same text. Op and dialect names are short: comparing them as two
/// overlapping words of eight (or four) bytes costs a few instructions, where `==` called
/// `memcmp` (1.4% of the parse of a file of 200,000 arith ops went there, for the recent op
/// names).
#[inline]
fn same_short_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word8 = |s: &[u8], at: usize| s.get(at..at + 8).and_then(|w| w.first_chunk::<8>()).map(|w| u64::from_le_bytes(*w));
    let word4 = |s: &[u8], at: usize| s.get(at..at + 4).and_then(|w| w.first_chunk::<4>()).map(|w| u32::from_le_bytes(*w));
    match n {
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::same_short_text;

    #[test]
    fn short_texts_compare_as_words() {
        let names = ["", "a", "b", "ab", "ac", "cb", "abc", "axc", "abx", "xbc", "func", "scf.for", "builtin", "arith.addi", "arith.xori", "arith.constant", "sixteen-bytes-xx", "seventeen-bytes-x"];
        for a in names {
            for b in names {
                assert_eq!(same_short_text(a, b), a == b, "{a:?} {b:?}");
            }
        }
        assert!(!same_short_text("arith.addi", "arith.addj"));
        assert!(!same_short_text("abcdx", "abcdy"));
        assert!(!same_short_text("xbcde", "ybcde"));
    }
}
