//! Running a nested pass list over IsolatedFromAbove ops on a pool of threads, as MLIR does for
//! `builtin.module(func.func(...))`.
//!
//! Every isolated op owns its own `Body`, so the ops' bodies are disjoint: each op's body is
//! moved, with a copy of the op itself (name, attributes, properties, location, operand and
//! result types), into a stand-in `Body` of its own; the threads take stand-ins one at a time
//! from a shared counter, and afterwards the bodies and the op's attributes and location go
//! back in place. Passes on an isolated op see nothing outside it either way, so the result is
//! the one a single thread gives. Dumps and the first error come back in op order: what a
//! sequential run (which stops at the first failing op) would report.
//!
//! Passes that simplify every isolated op of a module on their own (CSE, canonicalize) use the
//! same pool through [`on_nested_bodies_with`]: the bodies alone move to the threads and back.

use crate::manager::{Exec, Item};
use crate::timing::Timer;
use mica_ir::{Body, Context, Diagnostic, Ident, Op, OperationState};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Whether `children` (ops of `parent`) can run on separate threads: more than one, each
/// isolated (owning its body) and without successors.
pub(crate) fn can_run_apart(parent: &Body, children: &[Op]) -> bool {
    children.len() > 1 && children.iter().all(|c| parent.nested(*c).is_some() && parent.successors(*c).is_empty())
}

/// One op moved out for a thread: its stand-in body and op, and what running on it gave.
struct Slot {
    body: Body,
    op: Op,
    result: Result<(), Diagnostic>,
    dumps: String,
}

/// Moves `child`'s body into a stand-in op of a new body.
fn stand_in(parent: &mut Body, child: Op) -> Slot {
    let mut body = Body::new();
    let region = body.new_region();
    let block = body.append_block(region);
    let d = parent.op(child);
    let mut state = OperationState::new(d.name, d.attrs, d.loc);
    state.properties = d.properties();
    state.result_types = parent.results(child).iter().map(|v| parent.value_type(*v)).collect();
    let operand_types: Vec<_> = parent.operands(child).map(|v| parent.value_type(v)).collect();
    for ty in operand_types {
        let arg = body.add_block_arg(block, ty, None);
        state.operands.push(arg);
    }
    state.nested = parent.take_nested(child);
    let op = body.create_op(state);
    body.append_op(block, op);
    Slot { body, op, result: Ok(()), dumps: String::new() }
}

/// Puts what the passes made of the stand-in back into `child`.
fn put_back(parent: &mut Body, child: Op, slot: &mut Slot) {
    let d = slot.body.op(slot.op);
    let (attrs, properties, loc) = (d.attrs, d.properties(), d.loc);
    let target = parent.op_mut(child);
    target.attrs = attrs;
    target.set_properties(properties);
    target.loc = loc;
    if let Some(nested) = slot.body.take_nested(slot.op) {
        parent.set_nested(child, nested);
    }
}

/// The IsolatedFromAbove ops (ops with a nested body) anywhere in `body`'s regions, not
/// entering their bodies.
pub(crate) fn isolated_ops(body: &Body) -> Vec<Op> {
    let mut out = Vec::new();
    let mut stack: Vec<mica_ir::Region> = body.roots.iter().rev().copied().collect();
    while let Some(r) = stack.pop() {
        for &b in body.region_blocks(r) {
            for op in body.block_ops(b) {
                if body.nested(op).is_some() {
                    out.push(op);
                }
                stack.extend(body.local_regions(op).iter().rev().copied());
            }
        }
    }
    out
}

/// Calls `f` on the bodies of `ops` (IsolatedFromAbove ops of `parent`, with their names), on
/// the context's threads when the bodies hold enough ops to be worth it (see
/// [`mica_ir::parallel::threads_for`]), each body moved out of `parent` while it runs, with a
/// state per thread made by `init` on the thread that uses it (buffers a pass reuses from
/// body to body, and what it tallies); returns the states, one per thread that ran. Passes
/// fold what each body gave into their state: a result per body would be megabytes of fresh
/// memory for a module of many functions.
pub(crate) fn on_nested_bodies_with<S: Send>(
    ctx: &Context,
    parent: &mut Body,
    ops: &[Op],
    init: impl Fn() -> S + Sync,
    f: impl Fn(&mut S, Ident, &mut Body) + Sync,
) -> Vec<S> {
    let work: usize = ops.iter().filter_map(|&op| parent.nested(op)).map(Body::num_ops).sum();
    let threads = mica_ir::parallel::threads_for(ctx.threads, work);
    if threads <= 1 {
        let mut state = init();
        for &op in ops {
            let name = parent.op(op).name;
            if let Some(nested) = parent.nested_mut(op) {
                f(&mut state, name, nested);
            }
        }
        return vec![state];
    }
    let bodies: Vec<(Op, Ident, Mutex<Box<Body>>)> =
        ops.iter().filter_map(|&op| Some((op, parent.op(op).name, Mutex::new(parent.take_nested(op)?)))).collect();
    let states = mica_ir::parallel::fold_with(&bodies, threads, init, |state, (_, name, body)| {
        f(state, *name, &mut body.lock().unwrap_or_else(PoisonError::into_inner));
    });
    for (op, _, body) in bodies {
        parent.set_nested(op, body.into_inner().unwrap_or_else(PoisonError::into_inner));
    }
    states
}

/// Runs `items` on each of `children` (ops of `parent` that [`can_run_apart`]) on a pool of
/// threads; `timer` is the nested pipeline's.
pub(crate) fn run_children(exec: &Exec<'_>, items: &[Item], timer: &mut Timer, parent: &mut Body, children: &[Op], dumps: &mut String) -> Result<(), Diagnostic> {
    let start = Instant::now();
    let slots: Vec<Mutex<Slot>> = children.iter().map(|c| Mutex::new(stand_in(parent, *c))).collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(children.len());
    let shape: Vec<Timer> = timer.children.iter().map(Timer::zeroed).collect();
    let per_thread: Vec<(Vec<Timer>, Duration)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let mut timers = shape.clone();
                    let mut busy = Duration::ZERO;
                    while let Some(slot) = slots.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let mut slot = slot.lock().unwrap_or_else(PoisonError::into_inner);
                        let began = Instant::now();
                        let Slot { body, op, result, dumps } = &mut *slot;
                        *result = exec.run_items(items, &mut timers, body, *op, dumps);
                        busy += began.elapsed();
                    }
                    (timers, busy)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    let mut first_error = None;
    for (child, slot) in children.iter().zip(slots) {
        let mut slot = slot.into_inner().unwrap_or_else(PoisonError::into_inner);
        put_back(parent, *child, &mut slot);
        if first_error.is_none() {
            dumps.push_str(&slot.dumps);
            first_error = slot.result.err();
        }
    }
    let thread_timers: Vec<Vec<Timer>> = per_thread.iter().map(|t| t.0.clone()).collect();
    Timer::merge_threads(&mut timer.children, &thread_timers);
    // User time: the work of every thread plus what the calling thread did alone (moving the
    // bodies out and back, waiting for the threads to start).
    let elapsed = start.elapsed();
    let busiest = per_thread.iter().map(|t| t.1).max().unwrap_or_default();
    timer.wall += elapsed;
    timer.user += elapsed.saturating_sub(busiest) + per_thread.iter().map(|t| t.1).sum::<Duration>();
    first_error.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use crate::manager::{Item, Pass, PassManager, PassSelect, RunLog};
    use mica_ir::{Body, Context, Diagnostic, Op, OperationState};

    /// Marks every op it runs on with `seen`, and fails on ops marked `fail`.
    struct Mark;

    impl Pass for Mark {
        fn name(&self) -> &'static str {
            "mark"
        }

        fn run(&self, ctx: &Context, body: &mut Body, op: Op) -> Result<(), Diagnostic> {
            let mut entries = ctx.dict_entries(body.op(op).attrs).to_vec();
            entries.push((ctx.ident("seen"), ctx.unit_attr()));
            body.op_mut(op).attrs = ctx.dict_attr(entries);
            match ctx.op_attr(body, op, "fail") {
                Some(a) => Err(Diagnostic::error(body.op(op).loc, format!("failed on {:?}", ctx.as_i64(a)))),
                None => Ok(()),
            }
        }
    }

    /// A module-like op holding `n` isolated `t.fn` ops, those in `failing` marked `fail = i`.
    fn build(ctx: &Context, n: i64, failing: &[i64]) -> (Body, Op) {
        let mut inner = Body::new();
        let r = inner.new_region();
        inner.roots.push(r);
        let b = inner.append_block(r);
        for i in 0..n {
            let mut f = Body::new();
            let fr = f.new_region();
            f.roots.push(fr);
            let fb = f.append_block(fr);
            let ret = f.create_op(OperationState::new(ctx.ident("t.ret"), ctx.empty_dict(), ctx.unknown_loc()));
            f.append_op(fb, ret);
            let mut attrs = vec![(ctx.ident("n"), ctx.int_attr(ctx.int_type(32), i))];
            if failing.contains(&i) {
                attrs.push((ctx.ident("fail"), ctx.int_attr(ctx.int_type(32), i)));
            }
            let mut st = OperationState::new(ctx.ident("t.fn"), ctx.dict_attr(attrs), ctx.unknown_loc());
            st.nested = Some(Box::new(f));
            let op = inner.create_op(st);
            inner.append_op(b, op);
        }
        let mut top = Body::new();
        let mut st = OperationState::new(ctx.ident("t.module"), ctx.empty_dict(), ctx.unknown_loc());
        st.nested = Some(Box::new(inner));
        let m = top.create_op(st);
        (top, m)
    }

    fn run(threading: bool, failing: &[i64]) -> (String, Result<(), Diagnostic>) {
        let ctx = Context::new();
        let (mut body, top) = build(&ctx, 40, failing);
        let mut pm = PassManager::new();
        pm.verify_each = false;
        pm.threading = threading;
        pm.print_after = PassSelect::All;
        pm.items.push(Item::Nested { anchor: "t.fn".into(), items: vec![Item::Pass(Box::new(Mark))] });
        let mut timers = pm.timers();
        let mut log = RunLog::default();
        let result = pm.run_logged(&ctx, &mut body, top, &[], &mut timers, &mut log);
        let printed = mica_ir::print_op_to_string(&ctx, &body, top, &Default::default());
        assert_eq!(timers[0].children.len(), 1);
        (log.dumps + &printed, result)
    }

    #[test]
    fn threads_give_the_sequential_result() {
        let (one, r1) = run(false, &[]);
        let (many, r2) = run(true, &[]);
        assert!(r1.is_ok() && r2.is_ok());
        assert_eq!(one, many);
        assert_eq!(one.matches("seen").count(), 80, "each op dumped once and printed once");
    }

    #[test]
    fn first_failure_in_op_order() {
        let (one, r1) = run(false, &[33, 7, 20]);
        let (many, r2) = run(true, &[33, 7, 20]);
        let (e1, e2) = (r1.unwrap_err(), r2.unwrap_err());
        assert_eq!(e1.message, e2.message);
        assert!(e1.message == "failed on Some(7)", "{}", e1.message);
        // Dumps up to the failing op are the same; the IR may differ after it (the threads ran
        // further), as in MLIR.
        let dumps = |s: &str| s.split("\"t.module\"").next().unwrap_or_default().to_string();
        assert_eq!(dumps(&one), dumps(&many));
    }
}
