//! Parsing the regions of IsolatedFromAbove operations on several threads.
//!
//! No name from outside is visible in an isolated region, so its text can be parsed apart from
//! the rest of the file into a `Body` of its own, as the sequential parser would build it. The
//! file's parser skips each such region by bracket matching (leaving a placeholder body), notes
//! a [`Job`] and where the body goes ([`Pending`]); when the file is done, worker parsers take
//! the jobs in file order (each job sees the aliases defined before it, as the sequential parser
//! did) and the bodies go in place. Location aliases used before their definition are deferred
//! as usual and resolved once, over the whole module.
//!
//! Whatever goes wrong (a parse error anywhere, a region the bracket matching and the grammar
//! end differently, a case this does not handle) makes the whole buffer parse again on one
//! thread, so diagnostics are exactly the sequential parser's.

use super::body_room::Room;
use super::{AliasDef, CustomOpFrame, ParsedModule, Parser};
use crate::lexer::Tok;
use mica_ir::asm::EntryArg;
use mica_ir::{Attr, Body, Context, Op, SourceId};
use smallvec::SmallVec;
use std::cell::OnceCell;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

/// A region (or, in the generic form, a list of regions) left for a worker.
pub(super) struct Job {
    /// Where parsing starts: the region's `{` (custom form) or the first region of the list
    /// after its `(` (generic form).
    start: usize,
    /// The offset of the first token after the region's `}` or the list's `)`: where the
    /// grammar must end for the job to be the region that was skipped.
    resume: usize,
    /// The entry block's arguments named by the op's custom form.
    entry_args: SmallVec<[EntryArg; 2]>,
    /// Whether this is the generic form's region list.
    generic: bool,
    /// The parser's nesting depth where the region would have been parsed.
    depth: u32,
    /// The default dialect there.
    default_dialect: Option<&'static str>,
    /// How many alias definitions come before it.
    aliases: usize,
}

/// Where parsed bodies go: for an op of the body being built, either the job that parses its
/// body or, for an isolated op parsed in place (a module), the ops of its body that wait.
pub(super) enum Pending {
    /// The op's body is job number N.
    Job(usize),
    /// The op's body was parsed in place; these of its ops wait for bodies.
    Inside(Vec<(Op, Pending)>),
}

/// What a worker gives back for a job: the body, and the location aliases it used before
/// their definition (name, placeholder, first use).
/// The body is boxed: results move into their job's place, and a body moves in one word.
type JobResult = Result<(Box<Body>, Vec<(String, Attr, usize)>), ()>;

/// The jobs the file's parser has found so far, shared with the workers that parse them
/// meanwhile.
#[derive(Default)]
pub(super) struct JobQueue {
    state: Mutex<QueueState>,
    ready: Condvar,
}

#[derive(Default)]
struct QueueState {
    /// The jobs no worker has taken, in the order they were found, in the batches they were
    /// handed over in (a hand-over moves the batch, not its jobs).
    batches: VecDeque<Vec<Job>>,
    /// How many jobs there are in `batches`.
    waiting: usize,
    /// The file's alias definitions so far, with their offsets.
    aliases: Vec<(usize, AliasDef)>,
    /// The number of the first job no worker has taken.
    next: usize,
    /// No more jobs will come.
    closed: bool,
    /// The results will not be used (the file's parser failed).
    abandoned: bool,
    /// How many workers wait for a job: only then do new jobs need a wake-up.
    sleeping: usize,
}

/// How many jobs the file's parser gathers before it hands them over, and the most a worker
/// takes at once: the queue's lock (a cache line both threads write) is taken once per batch,
/// not once per job (10,000 times each way on a file of 10,000 functions).
const BATCH: usize = 16;

impl JobQueue {
    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Says that no more jobs come (`abandon`: and that what is left need not be parsed).
    fn close(&self, abandon: bool) {
        let mut st = self.lock();
        st.closed = true;
        st.abandoned |= abandon;
        drop(st);
        self.ready.notify_all();
    }

    /// Parses jobs as they come until the queue is closed and empty; returns them with their
    /// numbers.
    fn work(&self, ctx: &Context, file: &str, src: &str, source: Option<SourceId>) -> Vec<(usize, JobResult)> {
        let mut worker = Worker::new(ctx, file, src, source);
        let mut done = Vec::new();
        let mut taken: Vec<Job> = Vec::with_capacity(BATCH);
        loop {
            let first = {
                let mut st = self.lock();
                loop {
                    if st.abandoned {
                        return done;
                    }
                    if st.waiting > 0 {
                        break;
                    }
                    if st.closed {
                        return done;
                    }
                    st.sleeping += 1;
                    st = self.ready.wait(st).unwrap_or_else(PoisonError::into_inner);
                    st.sleeping -= 1;
                }
                // Once no more jobs come, the threads share what is left in smaller and
                // smaller batches, so that they finish together.
                let left = st.waiting;
                let n = if st.closed { left.div_ceil(2 * ctx.threads.max(1)) } else { left }.clamp(1, BATCH);
                let first = st.next;
                st.next += n;
                st.waiting -= n;
                while taken.len() < n {
                    let Some(front) = st.batches.front_mut() else { break };
                    let k = (n - taken.len()).min(front.len());
                    if k == front.len() {
                        taken.append(front);
                        st.batches.pop_front();
                    } else {
                        taken.extend(front.drain(..k));
                    }
                }
                let aliases = taken.last().map_or(0, |j| j.aliases);
                worker.learn_aliases(&st.aliases[..aliases]);
                first
            };
            for (k, job) in taken.drain(..).enumerate() {
                done.push((first + k, worker.run(&job)));
            }
        }
    }
}

/// Bytes a region may span to be deferred, as a share of the buffer: a region larger than
/// that leaves too little for the other threads to be worth matching its brackets.
const MAX_REGION_SHARE: usize = 4;

/// The least buffer size for which isolated regions are parsed on several threads.
pub(super) const MIN_DEFER_BYTES: usize = 1 << 16;

/// Whether `b` is still the untouched placeholder of a deferred body: one region with one empty
/// block ([`Body::single_block`]), so that a parse hook sees a region that is not empty (the
/// skipped text is not blank) and nothing more.
fn is_placeholder(b: &Body) -> bool {
    b.roots.len() == 1 && b.num_blocks() == 1 && b.num_ops() == 0 && b.region_blocks(b.roots[0]).len() == 1
}

/// The first of `{`, `}`, `"` and `/` in `src[at..end]`.
fn next_special(src: &[u8], at: usize, end: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: SSE2 is part of the x86-64 baseline.
    let at = match unsafe { next_special_sse2(src, at, end) } {
        Ok(found) => return Some(found),
        Err(rest) => rest,
    };
    src.get(at..end)?.iter().position(|c| matches!(c, b'{' | b'}' | b'"' | b'/')).map(|i| at + i)
}

/// [`next_special`] sixteen bytes at a time: `Ok` with the offset found, or `Err` with where
/// the last (shorter than sixteen bytes) piece starts, left to the caller. Function bodies
/// hold few of these bytes, so the search is mostly the loads and compares.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse2")]
fn next_special_sse2(src: &[u8], mut at: usize, end: usize) -> Result<usize, usize> {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8};
    let wanted = [b'{', b'}', b'"', b'/'].map(|c| _mm_set1_epi8(c as i8));
    let end = end.min(src.len());
    while at + 16 <= end {
        let chunk = &src[at..at + 16];
        // SAFETY: `chunk` is 16 readable bytes; the load has no alignment requirement.
        let v = unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) };
        let hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, wanted[0]), _mm_cmpeq_epi8(v, wanted[1])), _mm_or_si128(_mm_cmpeq_epi8(v, wanted[2]), _mm_cmpeq_epi8(v, wanted[3])));
        let mask = _mm_movemask_epi8(hits);
        if mask != 0 {
            return Ok(at + mask.trailing_zeros() as usize);
        }
        at += 16;
    }
    Err(at)
}

/// Past blanks and line comments from `at`.
fn skip_blank(src: &[u8], mut at: usize) -> usize {
    loop {
        match src.get(at) {
            Some(c) if c.is_ascii_whitespace() => at += 1,
            Some(b'/') if src.get(at + 1) == Some(&b'/') => at = memchr::memchr(b'\n', &src[at..]).map_or(src.len(), |n| at + n),
            _ => return at,
        }
    }
}

/// Why [`match_brackets`] found no end.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Unmatched {
    /// The region goes on past the limit.
    Long,
    /// Anything else (an unclosed brace, a string with a line break, a list that is not one).
    Other,
}

/// Where the region whose `{` is at `open` ends (its `}`), skipping string literals and line
/// comments; only braces are counted (the grammar checks the rest: a job must end where this
/// says). With `list`, the end of a list of regions: the `)` after the last one. An error past
/// `limit`, on an unclosed brace, a string with a line break, or anything but blanks and commas
/// between the regions of a list (the parser then reads the text itself).
fn match_brackets(src: &[u8], open: usize, list: bool, limit: usize) -> Result<usize, Unmatched> {
    scan_brackets(src, open, 0, list, limit)
}

/// Where the region whose text goes on at `from` (past its `{`) ends: its `}`, as
/// [`match_brackets`] finds it; `None` past `limit` or on what that gives up on.
pub(super) fn region_close(src: &[u8], from: usize, limit: usize) -> Option<usize> {
    scan_brackets(src, from, 1, false, limit).ok()
}

/// [`match_brackets`] from `at`, inside `depth` braces already.
fn scan_brackets(src: &[u8], mut at: usize, mut depth: usize, list: bool, limit: usize) -> Result<usize, Unmatched> {
    let long = limit < src.len();
    let end = limit.min(src.len());
    // Running out of text before `limit` is no end; before the end of the buffer, it may be.
    let cut = if long { Unmatched::Long } else { Unmatched::Other };
    loop {
        if depth == 0 {
            if at >= end {
                return Err(cut);
            }
            if src.get(at) != Some(&b'{') {
                return Err(Unmatched::Other);
            }
            depth = 1;
            at += 1;
        }
        at = next_special(src, at, end).ok_or(cut)?;
        match src[at] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    if !list {
                        return Ok(at);
                    }
                    at = skip_blank(src, at + 1);
                    match src.get(at) {
                        Some(b')') => return Ok(at),
                        Some(b',') => {
                            at = skip_blank(src, at + 1);
                            continue;
                        }
                        _ => return Err(Unmatched::Other),
                    }
                }
            }
            b'"' => {
                at += 1;
                loop {
                    at += src.get(at..end).and_then(|s| memchr::memchr3(b'"', b'\\', b'\n', s)).ok_or(cut)?;
                    match src[at] {
                        b'"' => break,
                        b'\\' => at += 2,
                        _ => return Err(Unmatched::Other),
                    }
                }
            }
            _ => {
                if src.get(at + 1) == Some(&b'/') {
                    at = memchr::memchr(b'\n', &src[at..end]).map_or(end, |n| at + n);
                    continue;
                }
            }
        }
        at += 1;
    }
}

impl<'a> Parser<'a> {
    /// [`Parser::parse_top`] with the regions of isolated ops parsed by workers on the
    /// context's threads (the calling thread one of them once the file is read). `Err` when
    /// the buffer must be parsed again on one thread.
    pub(super) fn parse_top_deferring(&mut self) -> Result<ParsedModule, ()> {
        let queue = Arc::new(JobQueue::default());
        self.defer = true;
        self.queue = Some(queue.clone());
        let (ctx, file, src) = (self.ctx, self.file_name, self.src);
        let source = self.registered_source();
        let helpers = ctx.threads.saturating_sub(1);
        let (parsed, results) = std::thread::scope(|s| {
            let handles: Vec<_> = (0..helpers).map(|_| s.spawn(|| queue.work(ctx, file, src, source))).collect();
            let parsed = self.parse_top_ops();
            self.hand_over_jobs();
            queue.close(parsed.is_err() || self.defer_failed);
            let mut results = vec![queue.work(ctx, file, src, source)];
            results.extend(handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))));
            (parsed, results)
        });
        self.queue = None;
        let (mut body, top_block, top_region) = parsed?;
        if self.defer_failed {
            return Err(());
        }
        // Each thread's results in their job's place.
        let mut slots: Vec<Option<JobResult>> = Vec::new();
        slots.resize_with(self.jobs_made, || None);
        for (index, r) in results.into_iter().flatten() {
            *slots.get_mut(index).ok_or(())? = Some(r);
        }
        let mut bodies = Vec::with_capacity(slots.len());
        for r in slots {
            let (b, locs) = r.ok_or(())??;
            bodies.push(Some(b));
            for (name, placeholder, at) in locs {
                match self.deferred_locs.iter_mut().find(|d| d.0 == name) {
                    Some(d) => d.2 = d.2.min(at),
                    None => self.deferred_locs.push((name, placeholder, at)),
                }
            }
        }
        // Resolved in the order of first use, as one thread meets them.
        self.deferred_locs.sort_by_key(|d| d.2);
        let pending = self.pending.pop().unwrap_or_default();
        install(&mut body, pending, &mut bodies)?;
        self.finish_top(body, top_block, top_region)
    }

    /// Notes an alias definition for the regions that follow it.
    pub(super) fn log_alias(&mut self, at: usize, def: AliasDef) {
        if let Some(q) = &self.queue {
            q.lock().aliases.push((at, def));
            self.aliases_logged += 1;
        }
    }

    /// Gives the workers the jobs gathered so far (waking one that waits).
    fn hand_over_jobs(&mut self) {
        let Some(queue) = self.queue.as_deref().filter(|_| !self.job_batch.is_empty()) else { return };
        let mut st = queue.lock();
        st.waiting += self.job_batch.len();
        st.batches.push_back(std::mem::replace(&mut self.job_batch, Vec::with_capacity(BATCH)));
        let wake = st.sleeping > 0;
        drop(st);
        if wake {
            queue.ready.notify_one();
        }
    }

    /// Notes the body being built: its ops that wait for deferred bodies.
    pub(super) fn push_pending(&mut self) {
        if self.defer {
            self.pending.push(Vec::new());
        }
    }

    /// The body built last is done: what waits in it belongs to the op being parsed.
    pub(super) fn pop_pending(&mut self) {
        if !self.defer {
            return;
        }
        if let Some(list) = self.pending.pop().filter(|l| !l.is_empty()) {
            self.set_op_pending(Pending::Inside(list));
        }
    }

    fn set_op_pending(&mut self, p: Pending) {
        if self.op_pending.replace(p).is_some() {
            // Two bodies for one op: not a shape this handles.
            self.defer_failed = true;
        }
    }

    /// Records what the op just created (`op` of the current body) waits for; `outer` is what
    /// the enclosing op being parsed waited for before.
    pub(super) fn note_created(&mut self, op: Op, outer: Option<Pending>) {
        if let Some(p) = std::mem::replace(&mut self.op_pending, outer) {
            match self.pending.last_mut() {
                Some(list) => list.push((op, p)),
                None => self.defer_failed = true,
            }
        }
    }

    /// At the `{` of the isolated region of a custom op (or, with `generic`, at the first region
    /// of a generic op's isolated region list, its `(` eaten): skips the text and leaves it to
    /// a worker, when this parser defers regions and the region qualifies. Returns the
    /// placeholder body to install meanwhile.
    pub(super) fn try_defer(&mut self, entry_args: &[EntryArg], generic: bool) -> Option<Body> {
        if !self.defer || self.op_pending.is_some() || (!generic && !self.is(Tok::LBrace)) {
            return None;
        }
        self.queue.as_ref()?;
        let start = self.tok.start;
        let limit = start + self.src.len() / MAX_REGION_SHARE;
        let src = self.src.as_bytes();
        let end = match match_brackets(src, start, generic, limit) {
            Ok(end) => end,
            Err(why) => {
                // Parsed here: a long region gets arena room for the rest of the buffer (an
                // upper bound of its text; room it does not use is never touched).
                if why == Unmatched::Long {
                    self.next_body_room = Room::for_text(&src[start..]);
                }
                return None;
            }
        };
        // A blank region is parsed here (a parse hook may look at whether it is empty).
        if !generic && skip_blank(src, start + 1) == end {
            return None;
        }
        self.reset_to(end + 1);
        self.job_batch.push(Job {
            start,
            resume: self.tok.start,
            entry_args: entry_args.into(),
            generic,
            depth: self.depth,
            default_dialect: self.custom_ops.last().map(|f| f.default_dialect),
            aliases: self.aliases_logged,
        });
        // The first job goes over at once, so that the workers start.
        if self.job_batch.len() >= BATCH || self.jobs_made == 0 {
            self.hand_over_jobs();
        }
        self.set_op_pending(Pending::Job(self.jobs_made));
        self.jobs_made += 1;
        Some(Body::single_block())
    }
}

/// Puts the parsed bodies in place of the placeholders.
fn install(body: &mut Body, pending: Vec<(Op, Pending)>, bodies: &mut [Option<Box<Body>>]) -> Result<(), ()> {
    for (op, p) in pending {
        match p {
            Pending::Job(j) => {
                if !body.nested(op).is_some_and(is_placeholder) {
                    // A parse hook changed the placeholder: the body it meant is not the job's.
                    return Err(());
                }
                body.set_nested(op, bodies.get_mut(j).and_then(Option::take).ok_or(())?);
            }
            Pending::Inside(list) => install(body.nested_mut(op).ok_or(())?, list, bodies)?,
        }
    }
    Ok(())
}

/// A thread's parser for jobs: the caches of its parser persist from job to job, and the
/// aliases grow as the jobs move down the file.
struct Worker<'a> {
    parser: Parser<'a>,
    /// How many of the file's alias definitions `parser` has.
    aliases_seen: usize,
}

impl<'a> Worker<'a> {
    fn new(ctx: &'a Context, file: &'a str, src: &'a str, source: Option<SourceId>) -> Self {
        let mut parser = Parser::new(ctx, file, src);
        parser.loc_source = OnceCell::from(source);
        parser.in_job = true;
        Worker { parser, aliases_seen: 0 }
    }

    /// Defines the aliases of `defined` (the file's first ones) not defined yet.
    fn learn_aliases(&mut self, defined: &[(usize, AliasDef)]) {
        for (_, def) in defined.iter().skip(self.aliases_seen) {
            match def.clone() {
                AliasDef::Type(name, t) => {
                    self.parser.type_aliases.insert(name, t);
                }
                AliasDef::Attr(name, a) => {
                    self.parser.attr_aliases.insert(name, a);
                }
            }
        }
        self.aliases_seen = self.aliases_seen.max(defined.len());
    }

    fn run(&mut self, job: &Job) -> JobResult {
        let p = &mut self.parser;
        p.reset_to(job.start);
        p.diag = None;
        p.depth = job.depth;
        p.depth_peak = job.depth;
        p.custom_ops.clear();
        p.custom_ops.extend(job.default_dialect.map(|d| CustomOpFrame { name: None, name_at: 0, default_dialect: d, isolated: false, deferrable: None }));
        p.next_body_room = Room::for_text(&p.src.as_bytes()[job.start..job.resume]);
        p.push_body();
        let r = if job.generic {
            p.comma_list_msg(Tok::RParen, "expected ')' to end region list", |p| {
                let region = p.parse_region_body(&[])?;
                p.cur_body().roots.push(region);
                Ok(())
            })
        } else {
            p.parse_region_body(&job.entry_args).map(|region| p.cur_body().roots.push(region))
        };
        let r = r.and_then(|()| p.finish_forward_refs());
        let body = p.pop_body();
        r?;
        if p.tok.start != job.resume {
            return Err(());
        }
        Ok((Box::new(body.ok_or(())?), std::mem::take(&mut p.deferred_locs)))
    }
}

#[cfg(test)]
mod tests {
    use super::{Unmatched, match_brackets};

    fn m(s: &str) -> Option<usize> {
        match_brackets(s.as_bytes(), 0, false, usize::MAX).ok()
    }

    #[test]
    fn special_bytes_are_found_at_every_position() {
        for len in [0, 1, 15, 16, 17, 31, 32, 33, 70] {
            for at in 0..len {
                for c in [b'{', b'}', b'"', b'/'] {
                    let mut text = vec![b'a'; len];
                    text[at] = c;
                    assert_eq!(super::next_special(&text, 0, len), Some(at), "{len} {at}");
                    assert_eq!(super::next_special(&text, 0, at), None, "{len} {at}: past the end");
                    assert_eq!(super::next_special(&text, at + 1, len), None, "{len} {at}: from past it");
                }
            }
        }
    }

    #[test]
    fn braces_match_past_strings_and_comments() {
        assert_eq!(m("{ a(b[c]) {d} }x"), Some(14));
        assert_eq!(m("{ \"}\\\"}\" }"), Some(9));
        assert_eq!(m("{ // } \n }"), Some(9));
        assert_eq!(m("{  }"), Some(3));
        assert_eq!(m("{ \"a\nb\" }"), None);
        assert_eq!(m("{ {"), None);
        assert_eq!(m("x { }"), None);
        assert_eq!(match_brackets(b"{ a b c }", 0, false, 4), Err(Unmatched::Long));
        assert_eq!(match_brackets(b"{ \"a b c }", 0, false, 4), Err(Unmatched::Long));
        assert_eq!(match_brackets(b"{ a b c", 0, false, 4), Err(Unmatched::Long));
        assert_eq!(match_brackets(b"{ a b c", 0, false, usize::MAX), Err(Unmatched::Other));
        let list = |s: &str| match_brackets(s.as_bytes(), 0, true, usize::MAX).ok();
        assert_eq!(list("{ a }, // c\n {b}) :"), Some(16));
        assert_eq!(list("{ a } x"), None);
        assert_eq!(list("{ a }, )"), None);
    }
}
