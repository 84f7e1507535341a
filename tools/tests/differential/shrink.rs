//! Shrinking a program on which Mica and mlir-opt disagree: greedy one-step simplifications
//! (dropping list items, substituting simpler forms), kept while mlir-opt still accepts the
//! program and Mica still disagrees in a way the caller wants to keep (say, not only in ways
//! already reported). Candidates go to mlir-opt in small windows, outermost
//! (biggest) simplifications first, so a round usually costs one short mlir-opt run.

use crate::compare::{Judgement, Mode, judge};
use crate::doc::Doc;
use crate::oracle::{Batch, MlirOpt, Verdict};

/// Candidates per mlir-opt run.
const WINDOW: usize = 32;

/// A minimized disagreement.
pub struct Shrunk {
    /// The minimal program.
    pub doc: Doc,
    /// How Mica disagreed on it.
    pub judgement: Judgement,
}

/// Shrinks `doc` (on which Mica disagrees with mlir-opt in `mode`, as `judgement` says) to a
/// program whose judgement still satisfies `keep`, spending at most `budget` mlir-opt runs
/// (decremented).
pub fn shrink(
    mlir: &MlirOpt,
    doc: Doc,
    judgement: Judgement,
    mode: Mode,
    keep: &dyn Fn(&Judgement) -> bool,
    budget: &mut usize,
) -> Shrunk {
    let mut best = Shrunk { doc, judgement };
    // Moves before the last accepted one failed in the previous round and most likely still
    // fail: resume there, and make one full pass before giving up.
    let mut resume = 0;
    while *budget > 0 {
        let found =
            try_moves(mlir, &best.doc, resume..usize::MAX, mode, keep, budget).or_else(|| {
                if resume > 0 {
                    try_moves(mlir, &best.doc, 0..resume, mode, keep, budget)
                } else {
                    None
                }
            });
        let Some((k, shrunk)) = found else { break };
        best = shrunk;
        resume = k;
    }
    best
}

/// The first move in `moves` whose judgement satisfies `keep`, with its number.
fn try_moves(
    mlir: &MlirOpt,
    doc: &Doc,
    moves: std::ops::Range<usize>,
    mode: Mode,
    keep: &dyn Fn(&Judgement) -> bool,
    budget: &mut usize,
) -> Option<(usize, Shrunk)> {
    let n = doc.move_count().min(moves.end);
    let mut start = moves.start.min(n);
    while start < n && *budget > 0 {
        let end = (start + WINDOW).min(n);
        let docs: Vec<Doc> = (start..end).map(|k| doc.with_move(k)).collect();
        let texts: Vec<String> = docs.iter().map(Doc::render).collect();
        let batch = Batch::new(&texts);
        *budget -= 1;
        let verdicts = mlir.run(&batch, mode.flags());
        for (i, v) in verdicts.iter().enumerate() {
            let Verdict::Printed(expected) = v else {
                continue;
            };
            let judgement = judge(&batch, i, &texts[i], mode, expected);
            if keep(&judgement) {
                return Some((
                    start + i,
                    Shrunk {
                        doc: docs[i].clone(),
                        judgement,
                    },
                ));
            }
        }
        start = end;
    }
    None
}
