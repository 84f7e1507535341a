#!/usr/bin/env python3
"""How much of MLIR's own verifier tests ir-opt passes: for each dialect, MLIR's
`mlir/test/Dialect/<D>/invalid.mlir` (from an llvm-project checkout, never copied into this
repository) is split as `--split-input-file` splits it; the chunks with `expected-*` lines that
mlir-opt 22 itself passes under `--verify-diagnostics` are kept, and the script counts how many
of those ir-opt passes too. Chunks mlir-opt fails (tests written for another MLIR version) are
left out.

Usage: python3 bench/upstream_invalid.py --llvm-project DIR [--tool target/release/ir-opt]
       [--mlir-opt PATH] [--dialects arith,scf,...] [--failures] [--keep DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Dialect: its test file under mlir/test/Dialect. The chunks run with
# --allow-unregistered-dialect when the file's RUN line has it.
FILES = {
    "affine": "Affine/invalid.mlir",
    "arith": "Arith/invalid.mlir",
    "bufferization": "Bufferization/invalid.mlir",
    "cf": "ControlFlow/invalid.mlir",
    "complex": "Complex/invalid.mlir",
    "func": "Func/invalid.mlir",
    "index": "Index/index-errors.mlir",
    "linalg": "Linalg/invalid.mlir",
    "memref": "MemRef/invalid.mlir",
    "scf": "SCF/invalid.mlir",
    "tensor": "Tensor/invalid.mlir",
    "vector": "Vector/invalid.mlir",
}


def chunks(text):
    """The file's chunks (`// -----` lines split it), each with its first line number."""
    out, cur, start = [], [], 1
    for i, line in enumerate(text.split("\n"), 1):
        if line.strip() == "// -----":
            out.append((start, "\n".join(cur) + "\n"))
            cur, start = [], i + 1
        else:
            cur.append(line)
    out.append((start, "\n".join(cur) + "\n"))
    return out


def passes(tool, path, unregistered):
    """Whether `tool --verify-diagnostics` accepts the file, and what it said."""
    cmd = [tool, "--verify-diagnostics", path] + (["--allow-unregistered-dialect"] if unregistered else [])
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return False, "timed out"
    return p.returncode == 0, p.stdout + p.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llvm-project", required=True, help="an llvm-project checkout (its mlir/test/Dialect is read)")
    ap.add_argument("--tool", default=os.path.join(ROOT, "target/release/ir-opt"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--dialects", default=",".join(FILES))
    ap.add_argument("--failures", action="store_true", help="show the first lines of ir-opt's output on each failing chunk")
    ap.add_argument("--keep", help="write the chunks into this directory (default: a temporary one, removed)")
    a = ap.parse_args()
    if not os.path.exists(a.mlir_opt):
        print(f"mlir-opt not found at {a.mlir_opt}: skipped")
        return 0
    total_kept = total_passed = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = a.keep or tmp
        for d in a.dialects.split(","):
            path = os.path.join(a.llvm_project, "mlir/test/Dialect", FILES[d])
            if not os.path.exists(path):
                print(f"{d:14} {path} not found: skipped")
                continue
            text = open(path, encoding="utf-8").read()
            unregistered = any("RUN:" in l and "allow-unregistered-dialect" in l for l in text.splitlines())
            parts = chunks(text)
            os.makedirs(os.path.join(work, d), exist_ok=True)
            kept = passed = 0
            failures = []
            for k, (line, text) in enumerate(parts):
                if "expected-" not in text:
                    continue
                chunk = os.path.join(work, d, f"c{k:03d}.mlir")
                with open(chunk, "w", encoding="utf-8") as f:
                    f.write(text)
                if not passes(a.mlir_opt, chunk, unregistered)[0]:
                    continue
                kept += 1
                ok, out = passes(a.tool, chunk, unregistered)
                if ok:
                    passed += 1
                else:
                    failures.append((line, out))
            total_kept += kept
            total_passed += passed
            print(f"{d:14} {passed:4}/{kept:<4} kept of {len(parts)} chunks")
            if a.failures:
                for line, out in failures:
                    print(f"  line {line}:\n    " + "\n    ".join(out.strip().splitlines()[:4]))
    if total_kept:
        print(f"{'total':14} {total_passed:4}/{total_kept:<4} {100.0 * total_passed / total_kept:.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
