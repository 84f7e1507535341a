mod common;
#[test]
fn show() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&[], "CHECK: x=[[X:[0-9]+]]\nCHECK: y=[[X]]\n", "x=12\ny=13\n"),
        (&[], "CHECK: a\nCHECK-NEXT: b\n", "a\nx\nb\n"),
        (&[], "CHECK: a\nCHECK-NOT: [[V:b.d]]\nCHECK: end\n", "a\nbad\nend\n"),
        (&["--implicit-check-not=warning"], "CHECK: a\n", "a\nwarning\n"),
        (&[], "CHECK: v[[#N:]]\nCHECK: w[[#N+1]]\n", "v41\nw43\n"),
        (&[], "CHECK: hello world\n", "abc\nhello wrld\nxyz\n"),
        (&[], "CHECK-COUNT-3: a\n", "a\na\n"),
    ];
    for (args, checks, input) in cases {
        std::fs::write("/tmp/fct/check", checks).unwrap();
        let mut child = std::process::Command::new("/usr/lib/llvm-22/bin/FileCheck").args(*args).args(["check", "--dump-input=never"]).current_dir("/tmp/fct").stdin(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap();
        use std::io::Write; child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let llvm = String::from_utf8_lossy(&out.stderr).to_string();
        let ours = mica_filecheck::check(checks, input, &common::options_for(args)).err().map(|e| e.to_string()).unwrap_or_default();
        if llvm != ours { eprintln!("===== LLVM\n{llvm}===== OURS\n{ours}"); } else { eprintln!("===== SAME\n{ours}"); }
    }
}
