//! A line-based unified diff (longest common subsequence), for showing how Mica's output
//! differs from mlir-opt's, and a signature telling distinct disagreements apart.

use std::collections::BTreeSet;

/// Lines of context around each change.
const CONTEXT: usize = 2;

/// One line of an edit script.
#[derive(Clone, Copy, PartialEq)]
enum Edit<'a> {
    Keep(&'a str),
    Delete(&'a str),
    Insert(&'a str),
}

/// A shortest edit script from `old` to `new`, deletions before insertions.
fn edit_script<'a>(old: &'a str, new: &'a str) -> Vec<Edit<'a>> {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            edits.push(Edit::Keep(a[i]));
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            edits.push(Edit::Delete(a[i]));
            i += 1;
        } else {
            edits.push(Edit::Insert(b[j]));
            j += 1;
        }
    }
    edits
}

/// The unified diff from `old` to `new`, labelled with `old_name` and `new_name`.
pub fn unified(old_name: &str, new_name: &str, old: &str, new: &str) -> String {
    let edits = edit_script(old, new);
    let mut out = format!("--- {old_name}\n+++ {new_name}\n");
    let changed: Vec<usize> = edits
        .iter()
        .enumerate()
        .filter(|(_, e)| !matches!(e, Edit::Keep(_)))
        .map(|(k, _)| k)
        .collect();
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
        let old_start = edits[..lo]
            .iter()
            .filter(|e| !matches!(e, Edit::Insert(_)))
            .count();
        let new_start = edits[..lo]
            .iter()
            .filter(|e| !matches!(e, Edit::Delete(_)))
            .count();
        let old_len = edits[lo..hi]
            .iter()
            .filter(|e| !matches!(e, Edit::Insert(_)))
            .count();
        let new_len = edits[lo..hi]
            .iter()
            .filter(|e| !matches!(e, Edit::Delete(_)))
            .count();
        out.push_str(&format!(
            "@@ -{},{old_len} +{},{new_len} @@\n",
            old_start + 1,
            new_start + 1
        ));
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

/// What distinguishes one disagreement from another, independent of the program around it:
/// for each changed line paired with its replacement, the differing middle parts (widened to
/// whole words), and unpaired lines whole; numbers are normalized to `0` so that renumbered
/// values, aliases, line numbers and hex data do not count as new differences.
pub fn signature(old: &str, new: &str) -> BTreeSet<String> {
    let edits = edit_script(old, new);
    let mut set = BTreeSet::new();
    let mut k = 0;
    while k < edits.len() {
        let mut deleted = Vec::new();
        let mut inserted = Vec::new();
        while let Some(Edit::Delete(l)) = edits.get(k) {
            deleted.push(*l);
            k += 1;
        }
        while let Some(Edit::Insert(l)) = edits.get(k) {
            inserted.push(*l);
            k += 1;
        }
        if deleted.is_empty() && inserted.is_empty() {
            k += 1;
            continue;
        }
        for p in 0..deleted.len().max(inserted.len()) {
            let entry = match (deleted.get(p), inserted.get(p)) {
                (Some(d), Some(i)) => {
                    let (d, i) = differing_middle(d, i);
                    format!("{d} => {i}")
                }
                (Some(d), None) => format!("-{}", d.trim()),
                (None, Some(i)) => format!("+{}", i.trim()),
                (None, None) => unreachable!("p is below one of the lengths"),
            };
            set.insert(normalize_numbers(&entry));
        }
    }
    if old.ends_with('\n') != new.ends_with('\n') {
        set.insert("final newline".to_string());
    }
    set
}

/// The parts of `a` and `b` between their common prefix and suffix, widened to word boundaries.
fn differing_middle<'a>(a: &'a str, b: &'a str) -> (&'a str, &'a str) {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    let mut pre = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    while pre > 0 && (!a.is_char_boundary(pre) || a[..pre].chars().next_back().is_some_and(word)) {
        pre -= 1;
    }
    let max_suf = a.len().min(b.len()) - pre;
    let mut suf = a
        .bytes()
        .rev()
        .zip(b.bytes().rev())
        .take(max_suf)
        .take_while(|(x, y)| x == y)
        .count();
    while suf > 0
        && (!a.is_char_boundary(a.len() - suf)
            || a[a.len() - suf..].chars().next().is_some_and(word))
    {
        suf -= 1;
    }
    (&a[pre..a.len() - suf], &b[pre..b.len() - suf])
}

/// `text` with every run of decimal digits, and every hexadecimal literal, replaced by `0`.
pub fn normalize_numbers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_digit() {
            out.push(c);
            continue;
        }
        out.push('0');
        if c == '0' && chars.peek() == Some(&'x') {
            chars.next();
            while chars.next_if(char::is_ascii_hexdigit).is_some() {}
        }
        while chars.next_if(char::is_ascii_digit).is_some() {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{normalize_numbers, signature, unified};

    #[test]
    fn unified_diff_shows_hunks_with_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\n";
        let new = "a\nb\nc\nD\ne\nf\ng\n";
        let d = unified("old", "new", old, new);
        assert_eq!(
            d,
            "--- old\n+++ new\n@@ -2,5 +2,5 @@\n b\n c\n-d\n+D\n e\n f\n"
        );
        assert_eq!(unified("old", "new", old, old), "--- old\n+++ new\n");
    }

    #[test]
    fn signatures_ignore_numbers_and_surrounding_text() {
        let a = signature(
            "x = dense<[1]> : tensor<1xi32>\n",
            "x = dense<1> : tensor<1xi32>\n",
        );
        let b = signature(
            "y = dense<[7]> : tensor<1xi8>\n",
            "y = dense<7> : tensor<1xi8>\n",
        );
        assert_eq!(a, b);
        assert_eq!(a.into_iter().collect::<Vec<_>>(), ["[0] => 0"]);
        assert_eq!(
            normalize_numbers("#loc12 = loc(\"f\":3:40) 0xFF00 : i8"),
            "#loc0 = loc(\"f\":0:0) 0 : i0"
        );
    }
}
