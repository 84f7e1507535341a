#!/usr/bin/env python3
"""Writes testdata-pending/README.md: for every pending file, its description (the comment
before its RUN line), its RUN line and each case where ir-opt still disagrees with mlir-opt 22,
with the input and what both tools print.

A case is a `// -----` chunk. In a `--verify-diagnostics` file a chunk is listed when ir-opt
fails its expectations; elsewhere when the two tools print anything different (stderr, stdout,
exit code). A file with no such chunk lists all of them (it is ready to move to testdata/).

Usage, from the repository root after `cargo build --release`:
    python3 testdata-pending/generate.py [--ir-opt PATH] [--mlir-opt PATH]
Prints the number of cases per file.
"""
import argparse
import glob
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
INTRO = """# Pending file tests

Cases where `ir-opt` disagrees with mlir-opt 22. Every file here passes with mlir-opt standing in
for `ir-opt` (same RUN lines as `testdata/`) and fails with `ir-opt`; move a file (or a chunk of
it) into `testdata/` once `ir-opt` passes it. Below, each case: the input, then what each tool
prints (stderr, and stdout where relevant), generated from the current binaries by
`python3 testdata-pending/generate.py`.
"""
ANNOTATION = re.compile(r'\s*// (CHECK|[A-Z]+(-[A-Z]+)*(\{LITERAL\})?:|RUN:|expected-)')


def chunks(text):
    return re.split(r'^// -----\n', text, flags=re.M)


def run(tool, args, path, shown):
    p = subprocess.run([tool, path] + args, capture_output=True, text=True, errors='replace')
    out = (p.stderr + p.stdout).replace(path, shown)
    if out and not out.endswith('\n'):
        out += '\n'
    return out + f'(exit {p.returncode})'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--ir-opt', default=os.path.join(HERE, '..', 'target', 'release', 'ir-opt'))
    ap.add_argument('--mlir-opt', default='/usr/lib/llvm-22/bin/mlir-opt')
    a = ap.parse_args()
    out = [INTRO]
    tmp = tempfile.mkdtemp()
    case = os.path.join(tmp, 'input.mlir')
    total = 0
    for f in sorted(glob.glob(os.path.join(HERE, '*.mlir'))):
        name = os.path.basename(f)
        text = open(f).read()
        lines = text.split('\n')
        run_line = next(l for l in lines if '// RUN:' in l).split('// RUN: ', 1)[1]
        desc = ' '.join(l[3:] for l in lines[:next(i for i, l in enumerate(lines) if '// RUN:' in l)])
        written = run_line.split('|')[0].split()
        args = [w for w in written if w.startswith('--')]
        shown_args = [w for w in args if w not in ('--split-input-file', '--verify-diagnostics')]
        verify = '--verify-diagnostics' in args and 'FileCheck' not in run_line
        cases = []
        every = []
        for i, ch in enumerate(chunks(text)):
            if i == 0:
                ch = ch.split('// RUN:', 1)[1].split('\n', 1)[1] if '// RUN:' in ch else ch
            code = [l for l in ch.split('\n') if not ANNOTATION.match(l)]
            body = '\n'.join(l for l in code if not l.lstrip().startswith('//')).strip('\n')
            if not body:
                continue
            with open(case, 'w') as fh:
                fh.write(body + '\n')
            m = run(a.mlir_opt, shown_args, case, 'input.mlir')
            r = run(a.ir_opt, shown_args, case, 'input.mlir')
            every.append((body, m, r))
            if verify:
                with open(case, 'w') as fh:
                    fh.write(ch.strip('\n') + '\n')
                ok = subprocess.run([a.ir_opt, case] + shown_args + ['--verify-diagnostics'],
                                    capture_output=True).returncode == 0
                if not ok:
                    cases.append((body, m, r))
            elif m != r:
                cases.append((body, m, r))
        listed = cases or every
        total += len(cases)
        print(f'{name}: {len(cases)} of {len(every)} chunks differ')
        out.append(f'## {name}\n')
        out.append(desc.strip() + '\n')
        out.append(f'RUN: `{run_line}`\n')
        for body, m, r in listed:
            out.append('```mlir\n' + body + '\n```')
            out.append('mlir-opt ' + ' '.join(shown_args) + ':\n```\n' + m + '\n```')
            out.append('ir-opt:\n```\n' + r + '\n```\n')
    with open(os.path.join(HERE, 'README.md'), 'w') as fh:
        fh.write('\n'.join(out))
    print(f'{total} cases')


if __name__ == '__main__':
    main()
