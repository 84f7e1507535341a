//! Parsing one long block on several threads.
//!
//! When the parser meets a block whose region's text is long (a function of many thousands of
//! ops, too big to be one deferred job), it cuts the rest of the text into chunks at line
//! starts that look like the start of an op of this block (same indentation as its first op),
//! and parser threads parse the chunks meanwhile, each into a body of its own (a fragment): the
//! names a chunk uses but does not define get placeholders. The parser itself parses the first
//! chunk in place, then takes the fragments in text order and appends them to the block when
//! they fit exactly: the chunk before ended at this chunk's cut, every name the chunk used from
//! outside is visible here (the placeholders' uses move to the real values), no name the chunk
//! defines is visible here already, and no forward reference waits. Since the fragment's
//! entities are appended in creation order, minus the placeholders, the body comes out as the
//! sequential parser builds it, indices included.
//!
//! A chunk that does not fit (a parse error, a name from a later chunk, a successor, a
//! `distinct` attribute, a cut inside a nested region...) ends the scheme: the parser goes on
//! sequentially from that chunk's start, in the state the sequential parser would have there,
//! so its diagnostics are the sequential ones. A chunk that ends early at a `}`, a block label
//! or an alias definition ends the block's chunking the same way, the parser taking it from
//! there.
//!
//! The file's top level and the blocks of modules are chunked too when their first ops are
//! small (a file of many functions): every thread then parses whole functions, signatures
//! included, with no thread scanning the file first as the deferral of isolated regions does.

use super::body_room::Room;
use super::deferred::region_close;
use super::{BlockScope, Chunking, CustomOpFrame, Defined, ForwardRef, Name, PResult, Parser, ScopeNames};
use crate::lexer::Tok;
use mica_ir::{Attr, Block, Body, MergeMap, SourceId, Type};
use rustc_hash::FxHashMap;
use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The least text (from the block's first op to its region's end) for a block to be chunked.
const MIN_BLOCK_BYTES: usize = 256 << 10;

/// The text per chunk (cuts move on to the next line that fits).
const CHUNK_BYTES: usize = 128 << 10;

/// What a chunk's parse gives: the fragment and what merging it needs.
struct Chunk<'a> {
    body: Body,
    /// The fragment's block holding the chunk's ops, its region, and its block of placeholders.
    block: Block,
    region: mica_ir::Region,
    fwd: Block,
    /// Names used but not defined in the chunk, with their placeholders' oldest uses.
    outer_refs: Vec<((&'a str, u32), ForwardRef, Option<mica_ir::Use>)>,
    /// Names defined where the enclosing scopes are visible (see `Parser::chunk_defs`).
    defs: Vec<(&'a str, Defined, bool)>,
    /// The names of the chunk's block.
    names: ScopeNames<'a>,
    /// Location aliases used before their definition.
    locs: Vec<(String, Attr, usize)>,
    /// Where the parse stopped: the next chunk's cut, or before it at a `}` or block label.
    end: usize,
    /// The next chunk's cut.
    to: usize,
}

/// The chunks being parsed, shared by the parser and the threads.
struct Shared<'a> {
    state: Mutex<State<'a>>,
    ready: Condvar,
    /// Set once the block's chunks are no longer wanted.
    stop: AtomicBool,
}

struct State<'a> {
    /// The next chunk no one has taken.
    next: usize,
    /// No chunk past this one is needed (one ended early or failed).
    last: usize,
    /// Parsed chunks by number (`None` while not done; `Err` when the chunk failed).
    done: Vec<Option<Result<Chunk<'a>, ()>>>,
    /// Emptied fragments, name tables and definition lists of merged chunks, kept for their
    /// room (fresh memory costs page faults, and a table grown by doubling is rebuilt a dozen
    /// times for every chunk).
    spare: Vec<Spare<'a>>,
}

/// The room of a merged chunk, for the next chunk a thread parses.
struct Spare<'a> {
    body: Body,
    names: ScopeNames<'a>,
    defs: Vec<(&'a str, Defined, bool)>,
}

impl<'a> Shared<'a> {
    fn lock(&self) -> MutexGuard<'_, State<'a>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes the next chunk to parse, if one is wanted.
    fn claim(&self) -> Option<usize> {
        let mut st = self.lock();
        if self.stop.load(Ordering::Relaxed) || st.next > st.last {
            return None;
        }
        st.next += 1;
        Some(st.next - 1)
    }

    /// Stores chunk `k`'s result.
    fn store(&self, k: usize, r: Result<Chunk<'a>, ()>) {
        let mut st = self.lock();
        if r.as_ref().map_or(true, |c| c.end != c.to) {
            st.last = st.last.min(k);
        }
        if st.done.len() <= k {
            st.done.resize_with(k + 1, || None);
        }
        st.done[k] = Some(r);
        drop(st);
        self.ready.notify_all();
    }
}

/// Marks chunk `1` failed if its thread unwinds while parsing it, so that the parser waiting
/// for it goes on (and meets the same panic on its own thread) rather than waiting forever.
struct Unwinding<'s, 'a>(&'s Shared<'a>, usize);

impl Drop for Unwinding<'_, '_> {
    fn drop(&mut self) {
        self.0.store(self.1, Err(()));
    }
}

/// Where the chunks go: the cuts of the block's text.
#[derive(Clone, Copy)]
struct Cuts<'s> {
    src: &'s [u8],
    /// The block's first op.
    start: usize,
    /// Its indentation (the blanks before it on its line).
    indent: usize,
}

impl Cuts<'_> {
    /// Where chunk `k` starts: the first line at or after `k` chunk lengths from the start whose
    /// indentation is the block's and whose text can start an op; the buffer's end when none.
    fn cut(&self, k: usize) -> usize {
        if k == 0 {
            return self.start;
        }
        self.cut_before(k, self.src.len()).unwrap_or(self.src.len())
    }

    /// [`Cuts::cut`] when that line starts before `limit`.
    fn cut_before(&self, k: usize, limit: usize) -> Option<usize> {
        let src = &self.src[..limit.min(self.src.len())];
        let mut at = self.start + k * CHUNK_BYTES;
        while at < src.len() {
            let line = at + memchr::memchr(b'\n', &src[at..])? + 1;
            let first = line + src[line..].iter().take_while(|c| **c == b' ' || **c == b'\t').count();
            if first - line == self.indent && src.get(first).is_some_and(|c| matches!(c, b'%' | b'"') || c.is_ascii_alphabetic() || *c == b'_') {
                return Some(first);
            }
            at = line;
        }
        None
    }
}

/// Whether the token ends a chunk early, as a `}` or a block label does: it cannot start an op
/// (an alias definition or the file metadata after the file's top-level ops, the end of the
/// input), so the ops of the block stop there.
fn ends_ops(tok: Tok) -> bool {
    matches!(tok, Tok::RBrace | Tok::CaretIdent | Tok::HashIdent | Tok::BangIdent | Tok::FileMetadataBegin | Tok::Eof)
}

/// What a thread's chunk parser needs from the parser that meets the block.
struct Setup<'a> {
    file: &'a str,
    source: Option<SourceId>,
    type_aliases: FxHashMap<String, Type>,
    attr_aliases: FxHashMap<String, Attr>,
    depth: u32,
    /// The custom op whose region the chunks are in (whether it may defer is not passed on).
    custom_op: Option<CustomOpFrame>,
}

impl<'a> Parser<'a> {
    /// At the first op of block `b` of a chunkable region: when the block is long (and, for
    /// [`Chunking::LongOfSmallOps`], its first chunk ends soon) and other threads may help,
    /// parses as much of it as its chunks allow, leaving the parser where the sequential parse
    /// of the block goes on (at its end when all went well). No isolated region is deferred
    /// meanwhile: the chunks share out the block's ops instead.
    pub(super) fn parse_block_chunked(&mut self, b: Block, chunking: Chunking) -> PResult<()> {
        if self.ctx.threads < 2 || self.in_job || self.chunk || ends_ops(self.tok.kind) {
            return Ok(());
        }
        let src = self.src.as_bytes();
        let start = self.tok.start;
        if src.len() - start < MIN_BLOCK_BYTES || region_close(src, start, start + MIN_BLOCK_BYTES).is_some() {
            return Ok(());
        }
        let line = src[..start].iter().rposition(|c| *c == b'\n').map_or(0, |n| n + 1);
        if !src[line..start].iter().all(|c| *c == b' ' || *c == b'\t') {
            return Ok(());
        }
        let cuts = Cuts { src, start, indent: start - line };
        if chunking == Chunking::LongOfSmallOps && cuts.cut_before(1, start + 2 * CHUNK_BYTES).is_none() {
            return Ok(());
        }
        let setup = Setup {
            file: self.file_name,
            source: self.registered_source(),
            type_aliases: self.type_aliases.clone(),
            attr_aliases: self.attr_aliases.clone(),
            depth: self.depth,
            custom_op: self.custom_ops.last().map(|f| CustomOpFrame { deferrable: None, ..*f }),
        };
        let shared = Shared { state: Mutex::new(State { next: 1, last: usize::MAX, done: Vec::new(), spare: Vec::new() }), ready: Condvar::new(), stop: AtomicBool::new(false) };
        let helpers = self.ctx.threads - 1;
        let defer = std::mem::replace(&mut self.defer, false);
        let r = std::thread::scope(|s| {
            for _ in 0..helpers {
                s.spawn(|| {
                    let mut p = Parser::chunk_parser(self.ctx, self.src, &setup);
                    while let Some(k) = shared.claim() {
                        let guard = Unwinding(&shared, k);
                        let r = p.parse_chunk(cuts, k, &shared);
                        std::mem::forget(guard);
                        shared.store(k, r);
                    }
                });
            }
            let r = self.parse_chunks_here(b, cuts, &shared, &setup);
            shared.stop.store(true, Ordering::Relaxed);
            r
        });
        self.defer = defer;
        r
    }

    /// The first chunk in place, then the others as they come (parsing those no thread has
    /// taken while the next one to merge is not done).
    fn parse_chunks_here(&mut self, b: Block, cuts: Cuts<'_>, shared: &Shared<'a>, setup: &Setup<'a>) -> PResult<()> {
        let first_end = cuts.cut(1);
        while self.tok.start < first_end && !ends_ops(self.tok.kind) {
            let op = self.parse_operation()?;
            self.cur_body().append_op(b, op);
        }
        if self.tok.start != first_end {
            return Ok(());
        }
        // Room for the rest of the text, a line per op, unless the body has it already (a body
        // sized from its text has): growing a long arena copies it into fresh pages.
        let rest = &self.src.as_bytes()[first_end..];
        if self.cur_body_ref().spare_values() < rest.len() / 128 {
            if let Some(room) = Room::for_text(rest) {
                self.cur_body().reserve(room.ops, room.values, 2 * room.ops);
            }
        }
        let mut own: Option<Parser<'a>> = None;
        let mut k = 1;
        loop {
            let chunk = {
                let mut st = shared.lock();
                loop {
                    if let Some(r) = st.done.get_mut(k).and_then(Option::take) {
                        break Some(r);
                    }
                    if st.next <= st.last {
                        // Parse one no thread has taken (this one, or one after it meanwhile).
                        let j = st.next;
                        st.next += 1;
                        drop(st);
                        let p = own.get_or_insert_with(|| Parser::chunk_parser(self.ctx, self.src, setup));
                        let r = p.parse_chunk(cuts, j, shared);
                        shared.store(j, r);
                        st = shared.lock();
                        continue;
                    }
                    if st.next <= k {
                        // No one parses it (a chunk before it ended the block).
                        break None;
                    }
                    st = shared.ready.wait(st).unwrap_or_else(PoisonError::into_inner);
                }
            };
            let Some(Ok(chunk)) = chunk else { return Ok(()) };
            let (end, cut_end) = (chunk.end, cuts.cut(k + 1));
            if !self.merge_chunk(b, chunk, shared) {
                return Ok(());
            }
            self.reset_to(end);
            if end != cut_end {
                return Ok(());
            }
            k += 1;
        }
    }

    /// A parser for chunks on this thread.
    fn chunk_parser(ctx: &'a mica_ir::Context, src: &'a str, setup: &Setup<'a>) -> Parser<'a> {
        let mut p = Parser::new(ctx, setup.file, src);
        p.loc_source = OnceCell::from(setup.source);
        p.in_job = true;
        p.chunk = true;
        p.type_aliases = setup.type_aliases.clone();
        p.attr_aliases = setup.attr_aliases.clone();
        p.custom_ops.extend(setup.custom_op);
        p.chunk_depth = setup.depth;
        p
    }

    /// Parses chunk `k` into a fragment; `Err` when it fails or cannot be a part of the block.
    fn parse_chunk(&mut self, cuts: Cuts<'_>, k: usize, shared: &Shared<'a>) -> Result<Chunk<'a>, ()> {
        let (from, to) = (cuts.cut(k), cuts.cut(k + 1));
        if from >= self.src.len() {
            return Err(());
        }
        self.reset_to(from);
        self.diag = None;
        self.depth = self.chunk_depth;
        self.depth_peak = self.chunk_depth;
        self.outer_refs.clear();
        self.chunk_defs.clear();
        self.deferred_locs.clear();
        // As `push_body`, with room for the chunk's lines.
        let spare = shared.lock().spare.pop();
        let (body, names) = match spare {
            Some(Spare { body, names, defs }) => {
                self.chunk_defs = defs;
                (body, Some(names))
            }
            None => {
                let room = Room::for_text(&self.src.as_bytes()[from..to.max(from)]).unwrap_or(Room { ops: 16, values: 16 });
                (Body::with_capacity(room.ops, room.values), None)
            }
        };
        self.bodies.push(body);
        self.forward.push(FxHashMap::default());
        let fb = self.cur_body().append_block_detached();
        self.fwd_blocks.push(Some(fb));
        self.push_scope(true);
        self.push_scope(false);
        // (Telling a fresh table how many names the chunk's lines may hold did not pay: a
        // chunk of a module's functions has none, and the tables are soon all reused.)
        if let (Some(scope), Some(names)) = (self.scopes.last_mut(), names) {
            let fresh = std::mem::replace(&mut scope.values, names);
            self.free_value_maps.push(fresh);
        }
        let region = self.cur_body().new_region();
        let block = self.cur_body().append_block(region);
        self.block_scopes.push(BlockScope { blocks: FxHashMap::default(), region, chunking: Chunking::Never });
        let mut r = Ok(());
        while self.tok.start < to && !ends_ops(self.tok.kind) {
            if shared.stop.load(Ordering::Relaxed) {
                r = Err(());
                break;
            }
            match self.parse_operation() {
                Ok(op) => self.cur_body().append_op(block, op),
                Err(()) => {
                    r = Err(());
                    break;
                }
            }
        }
        if r.is_err() {
            // A failed parse may leave nested state behind: start the next chunk afresh.
            self.bodies.clear();
            self.scopes.clear();
            self.forward.clear();
            self.fwd_blocks.clear();
            self.block_scopes.clear();
            self.depth = self.chunk_depth;
            return Err(());
        }
        let end = self.tok.start;
        let ended = end == to || (end < to && ends_ops(self.tok.kind));
        // Successors name blocks of the enclosing region: not for a chunk.
        let successors = self.block_scopes.pop().is_some_and(|s| !s.blocks.is_empty());
        let names = self.scopes.pop().map(|s| s.values).unwrap_or_default();
        self.pop_scope();
        self.forward.pop();
        let fwd = self.fwd_blocks.pop().flatten().ok_or(())?;
        let body = self.bodies.pop();
        if !ended || successors {
            return Err(());
        }
        let mut body = body.ok_or(())?;
        self.verify_isolated(&mut body, block);
        let outer_refs = self.outer_refs.drain().map(|(k, f)| {
            let last = body.last_use(f.placeholder);
            (k, f, last)
        });
        let outer_refs = outer_refs.collect();
        Ok(Chunk {
            body,
            block,
            region,
            fwd,
            outer_refs,
            defs: std::mem::take(&mut self.chunk_defs),
            names,
            locs: std::mem::take(&mut self.deferred_locs),
            end,
            to,
        })
    }

    /// Verifies the contents of the isolated ops of `block` (the functions of a chunk of a
    /// module) while they are fresh in this thread's cache, marking those that pass (see
    /// `mica_ir::verify::verify_parsed`): the verification after the parse skips them.
    fn verify_isolated(&mut self, body: &mut Body, block: Block) {
        let mut op = body.block_ops(block).next();
        while let Some(o) = op {
            if body.nested(o).is_some() {
                mica_ir::verify::verify_nested_contents(self.ctx, body, o, &mut self.verify_scratch);
            }
            op = body.next_op(o);
        }
    }

    /// Appends a chunk's fragment to block `b` when it fits here as the sequential parse would
    /// have built it; `false` (nothing changed) when it does not.
    fn merge_chunk(&mut self, b: Block, mut chunk: Chunk<'a>, shared: &Shared<'a>) -> bool {
        if self.forward.last().is_some_and(|f| !f.is_empty()) {
            return false;
        }
        // No name the chunk defines may be visible here: those of its block (the scopes up to
        // the isolated one; the block's own scope is checked as the names go in, below), and
        // those of its nested regions one by one.
        let Some((block_scope, outer)) = self.scopes.split_last() else { return false };
        if !block_scope.isolated {
            for s in outer.iter().rev() {
                if s.values.shares_a_name(&chunk.names) {
                    return false;
                }
                if s.isolated {
                    break;
                }
            }
        }
        if chunk.defs.iter().any(|(name, _, in_block)| !in_block && self.lookup_value(&Name::new(name)).is_some()) {
            return false;
        }
        let mut values = Vec::with_capacity(chunk.outer_refs.len());
        let mut last_uses = Vec::with_capacity(chunk.outer_refs.len());
        for ((name, number), f, last) in &chunk.outer_refs {
            let Some(v) = self.lookup_value(&Name::new(name)).and_then(|d| d.get(*number)) else { return false };
            if self.cur_body_ref().value_type(v) != chunk.body.value_type(f.placeholder) {
                return false;
            }
            values.push((f.placeholder, v));
            last_uses.push(*last);
        }
        let Some(region) = self.cur_body_ref().block_region(b) else { return false };
        if self.fwd_blocks.last().is_none() {
            return false;
        }
        // Where the values go (the blocks do not matter for that): the names go in with them,
        // unless one is defined here already, before anything else changes.
        let mut map = MergeMap { blocks: Vec::new(), regions: vec![(chunk.region, region)], values, last_uses };
        let merged = self.cur_body_ref().merged_values(&chunk.body, &map);
        let remap = |d: Defined| Defined { first: merged.get(d.first), ..d };
        let defs = chunk.defs.iter().filter(|d| d.2).map(|&(name, d, _)| (name, d));
        if !self.scopes.last_mut().is_some_and(|scope| scope.values.absorb_new(&chunk.names, defs, remap)) {
            return false;
        }
        // The forward-reference block, made if need be (a body and a slot for it are there).
        let Some(fwd) = self.fwd_block() else { return false };
        map.blocks = vec![(chunk.block, b), (chunk.fwd, fwd)];
        self.cur_body().append_body(&mut chunk.body, &map, &merged);
        self.chunks_merged += 1;
        chunk.names.clear();
        chunk.defs.clear();
        shared.lock().spare.push(Spare { body: chunk.body, names: chunk.names, defs: chunk.defs });
        for (name, placeholder, at) in chunk.locs {
            if !self.deferred_locs.iter().any(|d| d.0 == name) {
                self.deferred_locs.push((name, placeholder, at));
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::Parser;
    use mica_ir::{Context, PrintOptions, print_op_to_string};
    use std::fmt::Write;

    /// Parses `text` on `threads` threads without deferring isolated regions: the printed
    /// module (with the sizes of the module body's arenas, which must be the sequential
    /// parser's) or the error (with its offset), and how many chunks were merged.
    fn parse(text: &str, threads: usize) -> (Result<String, String>, usize) {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        ctx.threads = threads;
        let mut p = Parser::new(&ctx, "in.mlir", text);
        let r = match p.parse_top() {
            Ok(m) => {
                let b = m.body.nested(m.top).expect("module body");
                let sizes = format!("{} ops, {} blocks, {} values\n", b.num_ops(), b.num_blocks(), b.num_values());
                Ok(sizes + &print_op_to_string(&ctx, &m.body, m.top, &PrintOptions::default()))
            }
            Err(()) => Err(p.diag.take().map(|d| format!("{d:?}")).unwrap_or_default()),
        };
        (r, p.chunks_merged)
    }

    /// One block of `n` ops in an unregistered op's region with entry arguments `%a` and `%b`,
    /// chained, each using the arguments; `edit` may change op `i`'s line.
    fn long_block(n: usize, edit: &dyn Fn(usize, String) -> String) -> String {
        let mut t = String::from("#loc = loc(\"here\")\n\"t.func\"() ({\n^bb0(%a: i64, %b: i64):\n");
        let mut prev = "%a".to_string();
        for i in 0..n {
            let line = match i % 5 {
                0 => format!("  %{i} = \"t.add\"({prev}, %b) : (i64, i64) -> i64\n"),
                1 => format!("  %{i}:2 = \"t.pair\"({prev}, %a) {{k = \"{{}}\"}} : (i64, i64) -> (i64, i64) // {{\n"),
                2 => format!("  %{i} = \"t.loop\"({prev}#1) ({{\n  ^bb0(%x: i64):\n    %y = \"t.mul\"(%x, %b) : (i64, i64) -> i64\n    \"t.yield\"(%y) : (i64) -> ()\n  }}) : (i64) -> i64 loc(#loc)\n"),
                3 => format!("  %{i} = \"t.sub\"({prev}, %a) : (i64, i64) -> i64 loc(#later)\n"),
                _ => format!("  %{i} = \"t.id\"({prev}) : (i64) -> i64\n"),
            };
            let _ = write!(t, "{}", edit(i, line));
            prev = format!("%{i}");
        }
        let _ = write!(t, "  \"t.ret\"({prev}) : (i64) -> ()\n}}) : () -> ()\n#later = loc(\"there\")\n");
        t
    }

    /// `text` parses without error, in many chunks on 2 and 4 threads, into what one thread
    /// builds.
    fn parses_in_chunks_as_on_one_thread(text: &str) {
        let (one, merged_one) = parse(text, 1);
        assert!(one.is_ok() && merged_one == 0);
        for threads in [2, 4] {
            let (many, merged) = parse(text, threads);
            assert!(merged > 5, "{merged} chunks merged");
            assert_eq!(one, many);
        }
    }

    #[test]
    fn a_long_block_parsed_in_chunks_prints_as_parsed_on_one_thread() {
        parses_in_chunks_as_on_one_thread(&long_block(40_000, &|_, l| l));
    }

    #[test]
    fn a_chunk_that_does_not_fit_leaves_the_rest_to_the_sequential_parse() {
        let n = 40_000;
        let late = n * 9 / 10;
        type Edit = Box<dyn Fn(usize, String) -> String>;
        let plain = long_block(n, &|_, l| l);
        let cases: Vec<(&str, Edit)> = vec![
            ("type error late", Box::new(move |i, l| if i == late + 4 { l.replace("(i64) -> i64\n", "(i32) -> i64\n") } else { l })),
            ("undefined name late", Box::new(move |i, l| if i == late { l.replace("(%", "(%nowhere, %").replace(": (", ": (i64, ") } else { l })),
            ("redefinition across chunks", Box::new(move |i, l| if i == late { l.replacen(&format!("%{i}"), "%5", 1) } else { l })),
            ("use before definition across chunks", Box::new(move |i, l| if i == n / 2 { l.replace("%b)", "%late_name)") } else if i == late { format!("{l}  %late_name = \"t.c\"() : () -> i64\n") } else { l })),
            ("nested redefinition", Box::new(move |i, l| if i == late + 2 { l.replace("%y =", "%7 =").replace("(%y)", "(%7)") } else { l })),
            ("successor", Box::new(move |i, l| if i == late { format!("{l}  \"t.br\"()[^bb1] : () -> ()\n^bb1:\n") } else { l })),
            ("distinct", Box::new(move |i, l| if i == late + 4 { l.replace(" : (i64) -> i64", " {d = distinct[0]<>} : (i64) -> i64") } else { l })),
        ];
        for (what, edit) in cases {
            let text = long_block(n, &*edit);
            assert_ne!(text, plain, "{what}: the edit applies");
            let (one, _) = parse(&text, 1);
            let (two, merged) = parse(&text, 2);
            assert!(merged > 5, "{what}: {merged} chunks merged");
            assert_eq!(one, two, "{what}");
        }
    }

    /// `text` with its numbered values named (`%7` becomes `%v7`).
    fn named(text: &str) -> String {
        let mut out = String::with_capacity(text.len() * 2);
        let mut after_percent = false;
        for c in text.chars() {
            if after_percent && c.is_ascii_digit() {
                out.push('v');
            }
            after_percent = c == '%';
            out.push(c);
        }
        out
    }

    #[test]
    fn a_long_block_of_named_values_parsed_in_chunks_prints_as_parsed_on_one_thread() {
        let text = named(&long_block(40_000, &|_, l| l));
        assert!(text.contains("%v39999 = "));
        parses_in_chunks_as_on_one_thread(&text);
    }

    #[test]
    fn a_named_value_redefined_across_chunks_is_reported_where_one_thread_reports_it() {
        let n = 40_000;
        let late = n * 9 / 10;
        // Redefining a name of the first chunk, of a merged chunk, and of the chunk before.
        for old in [5, n / 2, late - 3000] {
            let text = named(&long_block(n, &|i, l| if i == late { format!("{l}  %{old} = \"t.c\"() : () -> i64\n") } else { l }));
            let (one, _) = parse(&text, 1);
            let err = one.as_ref().expect_err("a redefinition");
            assert!(err.contains("redefinition") && err.contains(&format!("v{old}")), "{err}");
            for threads in [2, 4] {
                let (many, merged) = parse(&text, threads);
                assert!(merged > 5, "{merged} chunks merged");
                assert_eq!(one, many, "%v{old} on {threads} threads");
            }
        }
    }

    /// A file of `n` top-level ops, each with a small region of its own, after an alias
    /// definition; `edit` may change op `i`'s lines.
    fn many_top_level_ops(n: usize, edit: &dyn Fn(usize, String) -> String) -> String {
        let mut t = String::from("!t = i64\n");
        for i in 0..n {
            let op = format!(
                "\"t.func\"() ({{\n^bb0(%a: !t):\n  %0 = \"t.add\"(%a, %a) {{n = {i}}} : (i64, i64) -> i64\n  %1:2 = \"t.pair\"(%0) : (i64) -> (i64, i64) loc(#later)\n  \"t.ret\"(%1#1) : (i64) -> ()\n}}) {{sym_name = \"f{i}\"}} : () -> ()\n"
            );
            let _ = write!(t, "{}", edit(i, op));
        }
        t.push_str("#later = loc(\"there\")\n");
        t
    }

    #[test]
    fn a_file_of_many_top_level_ops_is_parsed_in_chunks() {
        parses_in_chunks_as_on_one_thread(&many_top_level_ops(8_000, &|_, op| op));
    }

    #[test]
    fn an_alias_definition_between_top_level_ops_ends_their_chunks() {
        let n = 8_000;
        let text = many_top_level_ops(n, &|i, op| if i == n / 2 { format!("#mid = loc(\"mid\")\n{}", op.replace("loc(#later)", "loc(#mid)")) } else { op });
        let (one, _) = parse(&text, 1);
        let (two, merged) = parse(&text, 2);
        assert!(one.is_ok());
        assert!(merged > 2, "{merged} chunks merged before the alias");
        assert_eq!(one, two);
    }

    #[test]
    fn top_level_ops_too_large_for_chunks_are_parsed_as_they_come() {
        // Two long top-level ops: the first chunk would end far into the file, so the top level
        // is not chunked (each op's own long block is, as any long block is).
        let text = long_block(30_000, &|_, l| l).replace("#later = loc(\"there\")\n", "") + &long_block(30_000, &|_, l| l).replace("#loc = loc(\"here\")\n", "");
        let (one, _) = parse(&text, 1);
        let (two, merged) = parse(&text, 2);
        assert!(one.is_ok());
        assert!(merged > 5, "{merged} chunks merged");
        assert_eq!(one, two);
    }

    #[test]
    fn a_cut_is_looked_for_only_before_the_limit() {
        // Lines of an op each, and one of another block's ops (indented) where the first cut
        // would come.
        let mut text = "x\n".repeat(super::CHUNK_BYTES / 2);
        text.push_str("  y\n");
        text.push_str(&"x\n".repeat(100));
        let cuts = super::Cuts { src: text.as_bytes(), start: 0, indent: 0 };
        let first = super::CHUNK_BYTES + 4;
        assert_eq!(cuts.cut(1), first, "past the indented line");
        assert_eq!(cuts.cut_before(1, text.len()), Some(first));
        assert_eq!(cuts.cut_before(1, first), None);
        assert_eq!(cuts.cut(2), text.len(), "none: the buffer's end");
    }
}
