//! Property tests of `sip` signatures over thousands of seeded random cases:
//! round trips through the mangler, the parser, index paths and JSON, and
//! robustness against corrupted signatures.

use std::collections::BTreeMap;

use mica_abi::PathKey;
use mica_abi::sip::{
    SipMangler, SipSignature, SipValue, decode_to_text, encode_from_json, mangle_signature,
    parse_signature, signature_to_text,
};

use crate::common::{Rng, random_sip_value};

fn random_signature(rng: &mut Rng) -> SipSignature {
    let root = |rng: &mut Rng| {
        if rng.chance(15) {
            None
        } else {
            Some(random_sip_value(rng, 6))
        }
    };
    SipSignature {
        inputs: root(rng),
        results: root(rng),
    }
}

#[test]
fn structures_survive_mangle_then_parse() {
    let mut rng = Rng::new(1);
    for case in 0..5000 {
        let sig = random_signature(&mut rng);
        let mangled = mangle_signature(&sig);
        assert_eq!(
            parse_signature(&mangled).as_ref(),
            Ok(&sig),
            "case {case}: {mangled}"
        );
        assert_eq!(
            decode_to_text(&mangled),
            Ok(signature_to_text(&sig)),
            "case {case}"
        );
    }
}

/// Whether some sequence or dict in `v` has no children (index paths cannot
/// produce those).
fn has_empty_structure(v: &SipValue) -> bool {
    match v {
        SipValue::Raw(_) => false,
        SipValue::Sequence(c) => c.is_empty() || c.values().any(has_empty_structure),
        SipValue::Dict(c) => c.is_empty() || c.values().any(has_empty_structure),
    }
}

#[test]
fn index_paths_rebuild_their_structure_in_any_order() {
    let mut rng = Rng::new(2);
    let mut checked = 0;
    while checked < 3000 {
        let value = random_sip_value(&mut rng, 6);
        if has_empty_structure(&value) {
            continue;
        }
        let mut leaves = value.leaves();
        // Fisher-Yates shuffle: the placement order must not matter.
        for i in (1..leaves.len()).rev() {
            leaves.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut mangler = SipMangler::new();
        for (path, raw) in &leaves {
            mangler
                .set_raw_index(*raw, path)
                .expect("paths of a structure are consistent");
        }
        assert_eq!(mangler.finish(), Some(value));
        checked += 1;
    }
}

/// A Python value as `tf.nest` sees it: leaves, lists and dicts.
enum Nest {
    Leaf,
    List(Vec<Nest>),
    Dict(BTreeMap<String, Nest>),
}

fn random_nest(rng: &mut Rng, depth: usize) -> Nest {
    if depth == 0 || rng.chance(30) {
        return Nest::Leaf;
    }
    let n = 1 + rng.below(4) as usize;
    if rng.chance(50) {
        Nest::List((0..n).map(|_| random_nest(rng, depth - 1)).collect())
    } else {
        let names = ["a", "b", "dict", "list", "x", "x_squared", "kernel", "bias"];
        Nest::Dict(
            (0..n)
                .map(|_| (rng.pick(&names).to_string(), random_nest(rng, depth - 1)))
                .collect(),
        )
    }
}

/// `tf.nest.flatten` order (list order, sorted dict keys) with index paths.
fn flatten(nest: &Nest, path: &mut Vec<PathKey>, out: &mut Vec<Vec<PathKey>>) {
    match nest {
        Nest::Leaf => out.push(path.clone()),
        Nest::List(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(PathKey::Index(i as i64));
                flatten(item, path, out);
                path.pop();
            }
        }
        Nest::Dict(items) => {
            for (k, item) in items {
                path.push(PathKey::Name(k.clone()));
                flatten(item, path, out);
                path.pop();
            }
        }
    }
}

#[test]
fn tf_nest_structures_round_trip() {
    let mut rng = Rng::new(3);
    for case in 0..3000 {
        // Positional arguments, each a nest, as a tf.function receives them.
        let args: Vec<Nest> = (0..rng.below(4))
            .map(|_| random_nest(&mut rng, 5))
            .collect();
        let mut paths = Vec::new();
        for (i, arg) in args.iter().enumerate() {
            flatten(arg, &mut vec![PathKey::Index(i as i64)], &mut paths);
        }
        let mut mangler = SipMangler::new();
        for (raw, path) in paths.iter().enumerate() {
            mangler
                .set_raw_index(raw as u32, path)
                .expect("tf.nest paths are consistent");
        }
        let sig = SipSignature {
            inputs: mangler.finish(),
            results: None,
        };
        let parsed = parse_signature(mangle_signature(&sig)).expect("parses");
        let leaves = parsed.inputs.map(|v| v.leaves()).unwrap_or_default();
        // Key order is tf.nest's flattening order, so raw indices come out
        // as 0, 1, 2, ... with the paths they were given.
        let want: Vec<(Vec<PathKey>, u32)> = paths.into_iter().zip(0..).collect();
        assert_eq!(leaves, want, "case {case}");
    }
}

/// Rewrites sequence keys into `0..8` so the nested JSON form stays small.
fn small_keys(v: &SipValue) -> SipValue {
    match v {
        SipValue::Raw(i) => SipValue::Raw(*i),
        SipValue::Sequence(c) => {
            SipValue::Sequence(c.iter().map(|(k, v)| (k % 8, small_keys(v))).collect())
        }
        SipValue::Dict(c) => {
            SipValue::Dict(c.iter().map(|(k, v)| (k.clone(), small_keys(v))).collect())
        }
    }
}

/// The nested JSON form of a value, written independently of the library.
fn to_json(v: &SipValue) -> String {
    match v {
        SipValue::Raw(i) => i.to_string(),
        SipValue::Sequence(c) => {
            let len = c.keys().next_back().map_or(0, |k| *k as usize + 1);
            let items: Vec<String> = (0..len)
                .map(|i| {
                    c.get(&(i as u32))
                        .map_or_else(|| "null".to_string(), to_json)
                })
                .collect();
            format!("[{}]", items.join(","))
        }
        SipValue::Dict(c) => {
            let items: Vec<String> = c
                .iter()
                .map(|(k, v)| {
                    format!(
                        "{}:{}",
                        serde_json::to_string(k).expect("string"),
                        to_json(v)
                    )
                })
                .collect();
            format!("{{{}}}", items.join(","))
        }
    }
}

#[test]
fn json_encoding_matches_mangling() {
    let mut rng = Rng::new(4);
    for case in 0..3000 {
        let sig = random_signature(&mut rng);
        let sig = SipSignature {
            inputs: sig.inputs.as_ref().map(small_keys),
            results: sig.results.as_ref().map(small_keys),
        };
        let root = |v: &Option<SipValue>| v.as_ref().map_or_else(|| "null".to_string(), to_json);
        let json = format!(
            "{{\"inputs\":{},\"results\":{}}}",
            root(&sig.inputs),
            root(&sig.results)
        );
        assert_eq!(
            encode_from_json(&json),
            Ok(mangle_signature(&sig)),
            "case {case}: {json}"
        );

        let leaves = |v: &Option<SipValue>| v.as_ref().map(|v| v.leaves()).unwrap_or_default();
        if sig.inputs.as_ref().is_some_and(has_empty_structure)
            || sig.results.as_ref().is_some_and(has_empty_structure)
        {
            continue;
        }
        // Same structure through the index-path form (raw i at path i).
        let paths = |v: &Option<SipValue>| {
            let mut by_raw: BTreeMap<u32, Vec<PathKey>> = BTreeMap::new();
            for (path, raw) in leaves(v) {
                by_raw.insert(raw, path);
            }
            by_raw
        };
        let (ins, outs) = (paths(&sig.inputs), paths(&sig.results));
        // Only structures whose raw indices are exactly 0..n have a path form.
        let dense = |m: &BTreeMap<u32, Vec<PathKey>>, n: usize| {
            m.len() == n && m.keys().copied().eq(0..n as u32)
        };
        if !dense(&ins, leaves(&sig.inputs).len()) || !dense(&outs, leaves(&sig.results).len()) {
            continue;
        }
        let path_json = |m: &BTreeMap<u32, Vec<PathKey>>| {
            let paths: Vec<String> = m
                .values()
                .map(|p| {
                    let keys: Vec<String> = p
                        .iter()
                        .map(|k| match k {
                            PathKey::Index(i) => i.to_string(),
                            PathKey::Name(s) => serde_json::to_string(s).expect("string"),
                        })
                        .collect();
                    format!("[{}]", keys.join(","))
                })
                .collect();
            format!("[{}]", paths.join(","))
        };
        let json = format!(
            "{{\"input_paths\":{},\"result_paths\":{}}}",
            path_json(&ins),
            path_json(&outs)
        );
        assert_eq!(
            encode_from_json(&json),
            Ok(mangle_signature(&sig)),
            "case {case}: {json}"
        );
    }
}

/// Applies one random corruption to `bytes`.
fn corrupt(rng: &mut Rng, bytes: &mut Vec<u8>) {
    const INTERESTING: &[u8] = b"ISRDKk_!-0123456789\x00\xff";
    if bytes.is_empty() {
        bytes.push(*rng.pick(INTERESTING));
        return;
    }
    let at = rng.below(bytes.len() as u64) as usize;
    match rng.below(6) {
        0 => bytes.truncate(at),
        1 => bytes[at] = *rng.pick(INTERESTING),
        2 => bytes.insert(at, *rng.pick(INTERESTING)),
        3 => {
            bytes.remove(at);
        }
        4 => {
            let end = (at + 1 + rng.below(8) as usize).min(bytes.len());
            let piece = bytes[at..end].to_vec();
            let to = rng.below(bytes.len() as u64 + 1) as usize;
            bytes.splice(to..to, piece);
        }
        _ => bytes[at] = bytes[at].wrapping_add(1),
    }
}

#[test]
fn corrupted_signatures_fail_cleanly() {
    let mut rng = Rng::new(5);
    let (mut ok, mut failed) = (0, 0);
    for _ in 0..20_000 {
        let mut bytes = mangle_signature(&random_signature(&mut rng)).into_bytes();
        for _ in 0..1 + rng.below(3) {
            corrupt(&mut rng, &mut bytes);
        }
        match parse_signature(&bytes) {
            Ok(sig) => {
                // Whatever parses is a structure that round-trips canonically.
                assert_eq!(parse_signature(mangle_signature(&sig)), Ok(sig));
                ok += 1;
            }
            Err(e) => {
                assert!(
                    e.offset <= bytes.len(),
                    "offset {} beyond {} bytes",
                    e.offset,
                    bytes.len()
                );
                failed += 1;
            }
        }
    }
    // Both outcomes must be exercised for the test to mean anything.
    assert!(ok > 100 && failed > 10_000, "ok {ok}, failed {failed}");
}

#[test]
fn random_bytes_fail_cleanly() {
    let mut rng = Rng::new(6);
    const ALPHABET: &[u8] = b"IRSDKk_!-0123456789";
    for _ in 0..20_000 {
        let len = rng.below(24) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| *rng.pick(ALPHABET)).collect();
        if let Err(e) = parse_signature(&bytes) {
            assert!(e.offset <= bytes.len());
        }
    }
}
