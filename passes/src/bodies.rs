//! The bodies under one op, numbered, for passes that look across isolated ops (a call in one
//! function and the callee's arguments in another): the op's own body is number 0, and every
//! IsolatedFromAbove op nested in it, at any depth, adds the body of its regions. A body is
//! reached from the root through the isolated ops of its path; ids stay valid while those ops
//! exist.

use mica_ir::{Body, Op, Region};
use rustc_hash::FxHashMap;

/// A body's number.
pub(crate) type BodyId = u32;

/// The numbered bodies.
pub(crate) struct Bodies {
    /// The isolated ops leading from the root body to each body (empty for the root).
    paths: Vec<Vec<Op>>,
    /// The body of each isolated op, by the body holding it and the op.
    nested: FxHashMap<(BodyId, Op), BodyId>,
    /// The body and op holding each body (`None` for the root).
    owners: Vec<Option<(BodyId, Op)>>,
}

impl Bodies {
    /// Numbers `root` and the bodies nested in it, in pre-order.
    pub(crate) fn collect(root: &Body) -> Self {
        let mut bodies = Bodies { paths: vec![Vec::new()], nested: FxHashMap::default(), owners: vec![None] };
        bodies.scan(root, 0, &root.roots);
        bodies
    }

    fn scan(&mut self, body: &Body, id: BodyId, regions: &[Region]) {
        for &r in regions {
            for &b in body.region_blocks(r) {
                for op in body.block_ops(b) {
                    match body.nested(op) {
                        Some(inner) => {
                            let inner_id = self.paths.len() as BodyId;
                            let mut path = self.paths[id as usize].clone();
                            path.push(op);
                            self.paths.push(path);
                            self.owners.push(Some((id, op)));
                            self.nested.insert((id, op), inner_id);
                            self.scan(inner, inner_id, &inner.roots);
                        }
                        None => self.scan(body, id, body.local_regions(op)),
                    }
                }
            }
        }
    }

    /// How many bodies there are.
    pub(crate) fn len(&self) -> usize {
        self.paths.len()
    }

    /// The isolated ops leading from the root to body `id`.
    pub(crate) fn path(&self, id: BodyId) -> &[Op] {
        &self.paths[id as usize]
    }

    /// The body of isolated op `op` of body `id`.
    pub(crate) fn nested(&self, id: BodyId, op: Op) -> Option<BodyId> {
        self.nested.get(&(id, op)).copied()
    }

    /// The body holding body `id`'s isolated op, and the op (`None` for the root).
    pub(crate) fn owner(&self, id: BodyId) -> Option<(BodyId, Op)> {
        self.owners[id as usize]
    }

    /// Body `id` under `root`.
    pub(crate) fn get<'a>(&self, root: &'a Body, id: BodyId) -> &'a Body {
        self.paths[id as usize].iter().fold(root, |b, op| b.nested(*op).expect("numbered bodies exist"))
    }

    /// Body `id` under `root`, mutably.
    pub(crate) fn get_mut<'a>(&self, root: &'a mut Body, id: BodyId) -> &'a mut Body {
        self.paths[id as usize].iter().fold(root, |b, op| b.nested_mut(*op).expect("numbered bodies exist"))
    }

    /// The id of the body reached through `path`.
    pub(crate) fn by_path(&self, path: &[Op]) -> Option<BodyId> {
        let (&last, parent) = match path.split_last() {
            Some(x) => x,
            None => return Some(0),
        };
        self.nested(self.by_path(parent)?, last)
    }
}
