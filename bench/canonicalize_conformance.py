#!/usr/bin/env python3
"""`--canonicalize` (or another pass) conformance against mlir-opt 22 on the corpus.

The corpus has no oracle for passes, so this runs mlir-opt 22 itself on every chunk it
accepts, and ir-opt on the same chunk with the same flags (`--allow-unregistered-dialect
--<pass>`, plus `--extra` flags), and compares the outputs byte for byte. Chunks whose
plain print (no pass) already differs from mlir-opt's (`oracle/*.custom.mlir`) are counted
apart: they measure the parser and printer, not the pass. `--containing` keeps only the
chunks whose text contains a string (`--pass convert-scf-to-cf --containing scf.`).

Usage: python3 bench/canonicalize_conformance.py [--tool target/release/ir-opt]
           [--corpus ../shared/corpus] [--mlir-opt PATH] [--extra=--mlir-print-debuginfo]
           [--pass canonicalize] [--containing TEXT] [--list-failures N]
"""
import argparse
import csv
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(cmd, timeout=30):
    try:
        return subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", default=os.path.join(ROOT, "target", "release", "ir-opt"))
    ap.add_argument("--corpus", default=os.environ.get("MICA_CORPUS", os.path.join(ROOT, "..", "shared", "corpus")))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--list-failures", type=int, default=0)
    ap.add_argument("--pass", dest="pass_name", default="canonicalize")
    ap.add_argument("--containing", default=None)
    a = ap.parse_args()
    if not os.path.exists(a.mlir_opt) or not os.path.isdir(a.corpus):
        print("mlir-opt or the corpus is missing: skipped")
        return 0
    flags = ["--allow-unregistered-dialect", f"--{a.pass_name}"] + a.extra
    rows = [r for r in csv.DictReader(open(os.path.join(a.corpus, "index.tsv")), delimiter="\t") if r["accepted_by_mlir22"] == "1"]
    same = compared = print_differs = mlir_fails = 0
    failures = []
    for r in rows:
        src, name = r["file"].split("/", 1)
        chunk = os.path.join(a.corpus, "chunks", src, f"{name}.{r['chunk_index']}.mlir")
        oracle = os.path.join(a.corpus, "oracle", src, f"{name}.{r['chunk_index']}.custom.mlir")
        if not os.path.exists(chunk):
            continue
        if a.containing is not None and a.containing not in open(chunk, encoding="utf-8", errors="replace").read():
            continue
        m = run([a.mlir_opt, chunk] + flags)
        if m is None or m.returncode != 0:
            mlir_fails += 1
            continue
        plain = run([a.tool, chunk, "--allow-unregistered-dialect"])
        if plain is None or not os.path.exists(oracle) or plain.stdout != open(oracle, "rb").read():
            print_differs += 1
            continue
        compared += 1
        t = run([a.tool, chunk] + flags)
        if t is not None and t.returncode == 0 and t.stdout == m.stdout:
            same += 1
        else:
            failures.append(chunk)
    pct = 100.0 * same / compared if compared else 0.0
    print(f"{a.pass_name}: {same}/{compared} chunks identical to mlir-opt 22 ({pct:.1f}%); "
          f"{print_differs} skipped (plain print differs), {mlir_fails} rejected by mlir-opt --{a.pass_name}")
    for f in failures[: a.list_failures]:
        print("  differs:", os.path.relpath(f, a.corpus))
    return 0


if __name__ == "__main__":
    sys.exit(main())
