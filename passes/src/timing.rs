//! Execution timing, as `--mlir-timing` reports it: a tree of timers (one per pass and per
//! nested pipeline, plus the driver's own phases) with wall and user time, printed in MLIR's
//! "Execution time report" layout. User time differs from wall time where nested pipelines ran
//! on several threads: it adds up the time every thread spent.

use std::time::Duration;

/// One timer: a name, its times and the timers nested in it.
#[derive(Clone, Debug, Default)]
pub struct Timer {
    /// The name shown in the report (`CSE`, `'func.func' Pipeline`, `Parser`).
    pub name: String,
    /// Elapsed wall-clock time.
    pub wall: Duration,
    /// Time summed over the threads that worked under this timer.
    pub user: Duration,
    /// Nested timers, in the order they first ran.
    pub children: Vec<Timer>,
    /// What the passes timed here counted (see [`crate::PassReport::counters`]), added up, in
    /// the order first counted.
    pub counters: Vec<(&'static str, u64)>,
}

impl Timer {
    /// A timer at zero.
    pub fn new(name: impl Into<String>) -> Self {
        Self { name: name.into(), ..Default::default() }
    }

    /// Adds `d` to both wall and user time (work done on one thread).
    pub fn add(&mut self, d: Duration) {
        self.wall += d;
        self.user += d;
    }

    /// Adds `counters` to this timer's.
    pub fn count(&mut self, counters: &[(&'static str, u64)]) {
        for &(name, n) in counters {
            match self.counters.iter_mut().find(|c| c.0 == name) {
                Some(c) => c.1 += n,
                None => self.counters.push((name, n)),
            }
        }
    }

    /// A copy of this timer's tree with every time and counter at zero.
    pub fn zeroed(&self) -> Timer {
        Timer { name: self.name.clone(), children: self.children.iter().map(Timer::zeroed).collect(), ..Timer::default() }
    }

    /// Merges the trees timed on parallel threads (each shaped like `self`'s children):
    /// wall times take the longest thread, user times add up.
    pub fn merge_threads(children: &mut [Timer], threads: &[Vec<Timer>]) {
        for (i, c) in children.iter_mut().enumerate() {
            let mut longest = Duration::ZERO;
            for t in threads {
                longest = longest.max(t[i].wall);
                c.user += t[i].user;
                c.count(&t[i].counters);
            }
            c.wall += longest;
            let nested: Vec<Vec<Timer>> = threads.iter().map(|t| t[i].children.clone()).collect();
            Timer::merge_threads(&mut c.children, &nested);
        }
    }
}

/// Renders the report for the top-level `rows` of a run that took `total` wall time; time not
/// covered by the rows is shown as `Rest`. A timer's counters follow its row, on a line of
/// their own without times.
pub fn report(rows: &[Timer], total: Duration) -> String {
    let covered_wall: Duration = rows.iter().map(|r| r.wall).sum();
    let covered_user: Duration = rows.iter().map(|r| r.user).sum();
    let total = total.max(covered_wall);
    let rest = total - covered_wall;
    let total_user = covered_user + rest;
    let with_user = total_user != total;
    let rule = format!("==={}===\n", "-".repeat(73));
    let mut out = String::new();
    out.push_str(&rule);
    out.push_str(&format!("{}... Execution time report ...\n", " ".repeat(25)));
    out.push_str(&rule);
    out.push_str(&format!("  Total Execution Time: {:.4} seconds\n\n", total.as_secs_f64()));
    if with_user {
        out.push_str("  ----User Time----");
    }
    out.push_str("  ----Wall Time----  ----Name----\n");
    let line = |out: &mut String, user: Duration, wall: Duration, depth: usize, name: &str| {
        if with_user {
            out.push_str(&column(user, total_user));
        }
        out.push_str(&column(wall, total));
        out.push_str(&format!("  {}{}\n", "  ".repeat(depth), name));
    };
    let columns = if with_user { 38 } else { 19 };
    let rows_out = |out: &mut String, rows: &[Timer]| {
        let mut stack: Vec<(&Timer, usize)> = rows.iter().rev().map(|r| (r, 0)).collect();
        while let Some((r, depth)) = stack.pop() {
            line(out, r.user, r.wall, depth, &r.name);
            if !r.counters.is_empty() {
                let counted: Vec<String> = r.counters.iter().map(|(name, n)| format!("{name}: {n}")).collect();
                out.push_str(&format!("{}  {}({})\n", " ".repeat(columns), "  ".repeat(depth + 1), counted.join(", ")));
            }
            stack.extend(r.children.iter().rev().map(|c| (c, depth + 1)));
        }
    };
    rows_out(&mut out, rows);
    line(&mut out, rest, rest, 0, "Rest");
    line(&mut out, total_user, total, 0, "Total");
    out
}

fn column(d: Duration, total: Duration) -> String {
    let pct = if total.is_zero() { 0.0 } else { 100.0 * d.as_secs_f64() / total.as_secs_f64() };
    format!("  {:>8.4} ({:>5.1}%)", d.as_secs_f64(), pct)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_mlir() {
        let mut parser = Timer::new("Parser");
        parser.add(Duration::from_millis(500));
        let mut pipe = Timer::new("'func.func' Pipeline");
        pipe.add(Duration::from_millis(250));
        let mut cse = Timer::new("CSE");
        cse.add(Duration::from_millis(250));
        pipe.children.push(cse);
        let r = report(&[parser, pipe], Duration::from_secs(1));
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines[0].len(), 79);
        assert_eq!(lines[3], "  Total Execution Time: 1.0000 seconds");
        assert_eq!(lines[5], "  ----Wall Time----  ----Name----");
        assert_eq!(lines[6], "    0.5000 ( 50.0%)  Parser");
        assert_eq!(lines[8], "    0.2500 ( 25.0%)    CSE");
        assert_eq!(lines[9], "    0.2500 ( 25.0%)  Rest");
        assert_eq!(lines[10], "    1.0000 (100.0%)  Total");
    }

    #[test]
    fn counters_follow_their_row() {
        let mut cse = Timer::new("CSE");
        cse.add(Duration::from_millis(250));
        cse.count(&[("e-graphs", 1), ("saturated", 1)]);
        cse.count(&[("e-graphs", 2), ("stopped", 1)]);
        let r = report(&[cse], Duration::from_secs(1));
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines[6], "    0.2500 ( 25.0%)  CSE");
        assert_eq!(lines[7], "                       (e-graphs: 3, saturated: 1, stopped: 1)");
        assert_eq!(lines[8], "    0.7500 ( 75.0%)  Rest");
    }

    #[test]
    fn parallel_threads_add_user_time() {
        let shape = vec![Timer::new("CSE")];
        let mut a = shape.clone();
        a[0].add(Duration::from_millis(3));
        a[0].count(&[("e-graphs", 1)]);
        let mut b = shape.clone();
        b[0].add(Duration::from_millis(5));
        b[0].count(&[("e-graphs", 2)]);
        let mut merged = shape.clone();
        Timer::merge_threads(&mut merged, &[a, b]);
        assert_eq!(merged[0].wall, Duration::from_millis(5));
        assert_eq!(merged[0].user, Duration::from_millis(8));
        assert_eq!(merged[0].counters, vec![("e-graphs", 3)]);
        let mut pipe = Timer::new("'func.func' Pipeline");
        pipe.wall = Duration::from_millis(5);
        pipe.user = Duration::from_millis(8);
        pipe.children = merged;
        let r = report(&[pipe], Duration::from_millis(10));
        assert!(r.contains("  ----User Time----  ----Wall Time----  ----Name----"), "{r}");
        assert!(r.contains("    0.0130 (100.0%)    0.0100 (100.0%)  Total"), "{r}");
    }
}
