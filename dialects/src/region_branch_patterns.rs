//! MLIR 22's canonicalization patterns for any region-branch op (its
//! `populateRegionBranchOpInterfaceCanonicalizationPatterns`), over the control flow an op
//! describes ([`mica_ir::control_flow`]): every operand the op or one of its region
//! terminators forwards, and the successor inputs (region arguments, results) receiving it.
//!
//! - `MakeRegionBranchOpSuccessorInputsDead`: a successor input that can only ever hold one
//!   value from elsewhere (following forwarded values through other successor inputs) is
//!   replaced by that value, when it is defined before (outside the op, or an argument of the
//!   same block);
//! - `RemoveDuplicateSuccessorInputUses`: of two inputs of the same block or op that every
//!   predecessor gives the same value, the later is replaced by the earlier;
//! - `RemoveDeadRegionBranchOpSuccessorInputs`: inputs go in tied sets (the inputs one operand
//!   reaches, joined transitively); a set whose values are all unused is removed with the
//!   operands forwarded to it, in place (results by rebuilding the op).

use mica_ir::control_flow::{region_branch, terminator_operands, terminator_successors, RegionPoint};
use mica_ir::{Body, Context, EntityRef, Op, Pattern, Rewriter, Value, ValueDef};

/// The three patterns, in MLIR's order.
pub(crate) fn patterns() -> [Pattern; 3] {
    [
        Pattern { name: "MakeRegionBranchOpSuccessorInputsDead", benefit: 1, apply: make_inputs_dead },
        Pattern { name: "RemoveDuplicateSuccessorInputUses", benefit: 1, apply: remove_duplicate_inputs },
        Pattern { name: "RemoveDeadRegionBranchOpSuccessorInputs", benefit: 1, apply: remove_dead_inputs },
    ]
}

/// Operand `index` of `owner` (the op or a terminator of its regions) reaches `input`.
#[derive(Copy, Clone, Debug)]
struct Edge {
    owner: Op,
    index: usize,
    input: Value,
}

/// The values of successor `to` of region-branch op `op`.
fn successor_values(body: &Body, op: Op, to: RegionPoint) -> Vec<Value> {
    match to {
        RegionPoint::Parent => body.results(op).to_vec(),
        RegionPoint::Region(i) => body.local_regions(op).get(i).and_then(|r| body.region_blocks(*r).first()).map(|e| body.block_args(*e).to_vec()).unwrap_or_default(),
    }
}

/// Every forwarding edge of `op`, from the op itself, then from the terminators of its regions
/// in order (MLIR's `getSuccessorOperandInputMapping` over all branch points).
fn edges(ctx: &Context, body: &Body, op: Op) -> Vec<Edge> {
    let Some(rb) = region_branch(ctx, body, op) else { return Vec::new() };
    let mut out = Vec::new();
    let consts = vec![None; body.num_operands(op)];
    for to in (rb.entry)(ctx, body, op, &consts) {
        let values = successor_values(body, op, to);
        for (index, i) in (rb.entry_operands)(ctx, body, op, to).zip((rb.inputs)(ctx, body, op, to)) {
            if let Some(&input) = values.get(i) {
                out.push(Edge { owner: op, index, input });
            }
        }
    }
    for (k, &r) in body.local_regions(op).iter().enumerate() {
        for &blk in body.region_blocks(r) {
            let Some(term) = body.block_last_op(blk) else { continue };
            if terminator_operands(ctx, body, term, RegionPoint::Parent).is_none() {
                continue;
            }
            let consts = vec![None; body.num_operands(term)];
            for to in terminator_successors(ctx, body, term, op, &rb, k, &consts) {
                let Some(range) = terminator_operands(ctx, body, term, to) else { continue };
                let values = successor_values(body, op, to);
                for (index, i) in range.zip((rb.inputs)(ctx, body, op, to)) {
                    if let Some(&input) = values.get(i) {
                        out.push(Edge { owner: term, index, input });
                    }
                }
            }
        }
    }
    out
}

/// The successor inputs, each once, in the order the edges first reach them.
fn inputs_of(edges: &[Edge]) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for e in edges {
        if !out.contains(&e.input) {
            out.push(e.input);
        }
    }
    out
}

/// The values other than successor inputs that `value` (a successor input) may hold.
fn reachable_values(body: &Body, edges: &[Edge], value: Value) -> Vec<Value> {
    let mut reachable: Vec<Value> = Vec::new();
    let mut visited: Vec<Value> = Vec::new();
    let mut stack = vec![value];
    while let Some(next) = stack.pop() {
        let mut is_input = false;
        for e in edges.iter().filter(|e| e.input == next) {
            is_input = true;
            let v = body.operand(e.owner, e.index);
            if !visited.contains(&v) {
                visited.push(v);
                stack.push(v);
            }
        }
        if !is_input && !reachable.contains(&next) {
            reachable.push(next);
        }
    }
    reachable
}

/// Whether `a` (a value `b`, a successor input of `op`, may hold) can stand for `b`.
fn defined_before(body: &Body, op: Op, a: Value, b: Value) -> bool {
    let holder = |v: Value| -> Option<Op> {
        let block = match body.value(v).def {
            ValueDef::Result(d, _) => body.op_block(d)?,
            ValueDef::Arg(blk, _) => blk,
        };
        body.region_parent(body.block_region(block)?)
    };
    if holder(a) != Some(op) {
        return true;
    }
    match (body.value(a).def, body.value(b).def) {
        (ValueDef::Arg(ba, _), ValueDef::Arg(bb, _)) => ba == bb,
        _ => false,
    }
}

fn make_inputs_dead(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let edges = edges(ctx, rw.body, op);
    let mut changed = false;
    for input in inputs_of(&edges) {
        if !rw.body.has_uses(input) {
            continue;
        }
        let reachable = reachable_values(rw.body, &edges, input);
        let [single] = reachable[..] else { continue };
        if !defined_before(rw.body, op, single, input) {
            continue;
        }
        rw.replace_all_uses(input, single);
        changed = true;
    }
    changed
}

/// The position of a block argument or op result.
fn number(body: &Body, v: Value) -> u32 {
    match body.value(v).def {
        ValueDef::Result(_, i) | ValueDef::Arg(_, i) => i,
    }
}

/// The block or op holding a value.
fn owner(body: &Body, v: Value) -> (bool, u32) {
    match body.value(v).def {
        ValueDef::Result(op, _) => (false, op.index() as u32),
        ValueDef::Arg(blk, _) => (true, blk.index() as u32),
    }
}

fn remove_duplicate_inputs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let edges = edges(ctx, rw.body, op);
    let mut inputs = inputs_of(&edges);
    inputs.sort_by_key(|v| number(rw.body, *v));
    // Per input, the value each predecessor forwards to it.
    let given = |body: &Body, input: Value| -> Vec<(Op, Value)> {
        let mut out: Vec<(Op, Value)> = edges.iter().filter(|e| e.input == input).map(|e| (e.owner, body.operand(e.owner, e.index))).collect();
        out.sort_by_key(|(o, _)| o.index() as u32);
        out
    };
    let mut changed = false;
    for i in 0..inputs.len() {
        for j in i + 1..inputs.len() {
            let (a, b) = (inputs[i], inputs[j]);
            if !rw.body.has_uses(b) || owner(rw.body, a) != owner(rw.body, b) {
                continue;
            }
            if given(rw.body, a) == given(rw.body, b) {
                rw.replace_all_uses(b, a);
                changed = true;
            }
        }
    }
    changed
}

fn remove_dead_inputs(ctx: &Context, rw: &mut Rewriter<'_>, op: Op) -> bool {
    let edges = edges(ctx, rw.body, op);
    let inputs = inputs_of(&edges);
    // Tied sets: the inputs one operand reaches belong together.
    let mut set: Vec<usize> = (0..inputs.len()).collect();
    fn find(set: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while set[r] != r {
            r = set[r];
        }
        set[i] = r;
        r
    }
    let pos = |v: Value| inputs.iter().position(|x| *x == v).expect("an edge's input is an input");
    let mut operand_keys: Vec<(Op, usize)> = Vec::new();
    for e in &edges {
        if !operand_keys.contains(&(e.owner, e.index)) {
            operand_keys.push((e.owner, e.index));
        }
    }
    for &(o, k) in &operand_keys {
        let mut reached = edges.iter().filter(|e| (e.owner, e.index) == (o, k)).map(|e| pos(e.input));
        let Some(first) = reached.next() else { continue };
        for other in reached {
            let (ra, rb) = (find(&mut set, first), find(&mut set, other));
            if ra != rb {
                set[rb] = ra;
            }
        }
    }
    let roots: Vec<usize> = (0..inputs.len()).map(|i| find(&mut set, i)).collect();
    // A set is live when one of its inputs is used.
    let mut live = vec![false; inputs.len()];
    for (&root, &v) in roots.iter().zip(&inputs) {
        live[root] |= rw.body.has_uses(v);
    }
    let dead: Vec<bool> = roots.iter().map(|&root| !live[root]).collect();
    if !dead.iter().any(|d| *d) {
        return false;
    }
    // Operands forwarded to removed inputs, per owner, in the order the owners appear.
    let mut operands: Vec<(Op, Vec<usize>)> = Vec::new();
    for e in edges.iter().filter(|e| dead[pos(e.input)]) {
        match operands.iter_mut().find(|(o, _)| *o == e.owner) {
            Some((_, list)) => {
                if !list.contains(&e.index) {
                    list.push(e.index);
                }
            }
            None => operands.push((e.owner, vec![e.index])),
        }
    }
    for (o, mut list) in operands {
        list.sort_unstable();
        for &k in list.iter().rev() {
            match ctx.registry().get(rw.body.op(o).name).and_then(|d| d.erase_operand) {
                Some(f) => f(ctx, rw.body, o, k),
                None => rw.body.erase_operand(o, k),
            }
        }
        rw.modified(o);
    }
    // Block arguments, per block, in the order the blocks appear.
    let mut blocks: Vec<(mica_ir::Block, Vec<usize>)> = Vec::new();
    for (&v, _) in inputs.iter().zip(&dead).filter(|(_, d)| **d) {
        if let ValueDef::Arg(blk, n) = rw.body.value(v).def {
            match blocks.iter_mut().find(|(b, _)| *b == blk) {
                Some((_, list)) => list.push(n as usize),
                None => blocks.push((blk, vec![n as usize])),
            }
        }
    }
    for (blk, mut list) in blocks {
        list.sort_unstable();
        for &n in list.iter().rev() {
            rw.body.erase_block_arg(blk, n);
        }
        if let Some(parent) = rw.body.block_region(blk).and_then(|r| rw.body.region_parent(r)) {
            rw.modified(parent);
        }
    }
    let results = rw.body.results(op).to_vec();
    let gone: Vec<bool> = results.iter().map(|r| inputs.iter().position(|x| x == r).is_some_and(|i| dead[i])).collect();
    if gone.iter().any(|g| *g) {
        rw.erase_results(op, &gone);
    }
    true
}
