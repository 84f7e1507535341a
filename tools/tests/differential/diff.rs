//! A line-based unified diff (longest common subsequence), for showing how Mica's output
//! differs from mlir-opt's.

/// Lines of context around each change.
const CONTEXT: usize = 2;

/// One line of an edit script.
#[derive(Clone, Copy, PartialEq)]
enum Edit<'a> {
    Keep(&'a str),
    Delete(&'a str),
    Insert(&'a str),
}

/// The unified diff from `old` to `new`, labelled with `old_name` and `new_name`.
pub fn unified(old_name: &str, new_name: &str, old: &str, new: &str) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) };
        }
    }
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            edits.push(Edit::Keep(a[i]));
            i += 1;
            j += 1;
        } else if j < b.len() && (i == a.len() || lcs[i][j + 1] >= lcs[i + 1][j]) {
            edits.push(Edit::Insert(b[j]));
            j += 1;
        } else {
            edits.push(Edit::Delete(a[i]));
            i += 1;
        }
    }
    let mut out = format!("--- {old_name}\n+++ {new_name}\n");
    let changed: Vec<usize> = edits.iter().enumerate().filter(|(_, e)| !matches!(e, Edit::Keep(_))).map(|(k, _)| k).collect();
    let mut k = 0;
    while k < changed.len() {
        // Group changes whose contexts touch into one hunk.
        let first = changed[k];
        let mut last = first;
        while k + 1 < changed.len() && changed[k + 1] <= last + 2 * CONTEXT + 1 {
            k += 1;
            last = changed[k];
        }
        k += 1;
        let lo = first.saturating_sub(CONTEXT);
        let hi = (last + CONTEXT + 1).min(edits.len());
        let old_start = edits[..lo].iter().filter(|e| !matches!(e, Edit::Insert(_))).count();
        let new_start = edits[..lo].iter().filter(|e| !matches!(e, Edit::Delete(_))).count();
        let old_len = edits[lo..hi].iter().filter(|e| !matches!(e, Edit::Insert(_))).count();
        let new_len = edits[lo..hi].iter().filter(|e| !matches!(e, Edit::Delete(_))).count();
        out.push_str(&format!("@@ -{},{old_len} +{},{new_len} @@\n", old_start + 1, new_start + 1));
        for e in &edits[lo..hi] {
            match e {
                Edit::Keep(l) => out.push_str(&format!(" {l}\n")),
                Edit::Delete(l) => out.push_str(&format!("-{l}\n")),
                Edit::Insert(l) => out.push_str(&format!("+{l}\n")),
            }
        }
    }
    if old.ends_with('\n') != new.ends_with('\n') {
        out.push_str("\\ the final newline differs\n");
    }
    out
}

/// The changed lines only (what a diff says, without positions or context): a signature that
/// tells distinct disagreements apart.
pub fn changed_lines(diff: &str) -> String {
    diff.lines()
        .skip(2)
        .filter(|l| l.starts_with('-') || l.starts_with('+'))
        .collect::<Vec<_>>()
        .join("\n")
}
