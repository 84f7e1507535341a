//! The context: interned identifiers, types and attributes, and the op registry.
//!
//! A `Context` is shared by every thread working on IR; all of its methods take `&self`. Types
//! and attributes are hash-consed, so equal values get equal handles and comparing two handles
//! is comparing two integers.

use crate::attrs::{Attr, AttrKind, IntBits, Location};
use crate::interner::Interner;
use crate::registry::Registry;
use crate::source_locs::{OFFSET_BIT, SourceId, SourceLocs};
use crate::types::{FloatKind, Signedness, Type, TypeKind};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

/// An interned string: identifiers, attribute names, op names, symbol names.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Ident(pub(crate) u32);

impl Ident {
    /// `sym_name`: like the other constants here, interned by every context when it is made, so
    /// that the verifier looks these attributes up without comparing strings.
    pub const SYM_NAME: Ident = Ident(0);
    /// `sym_visibility`.
    pub const SYM_VISIBILITY: Ident = Ident(1);
    /// `function_type`.
    pub const FUNCTION_TYPE: Ident = Ident(2);
    /// `arg_attrs`.
    pub const ARG_ATTRS: Ident = Ident(3);
    /// `res_attrs`.
    pub const RES_ATTRS: Ident = Ident(4);
    /// `value` (the attribute of constant ops).
    pub const VALUE: Ident = Ident(5);

    /// The raw index of this identifier in its context.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// An op's properties and discardable attributes, as [`Context::op_attrs`] gives them.
#[derive(Copy, Clone)]
pub struct OpAttrs<'a>([&'a [(Ident, Attr)]; 2]);

impl OpAttrs<'_> {
    /// The attribute `name`: a property, else a discardable attribute of that name (as
    /// [`Context::op_attr`]).
    #[inline]
    pub fn get(&self, name: Ident) -> Option<Attr> {
        self.0.iter().find_map(|entries| entries.iter().find(|(k, _)| *k == name).map(|e| e.1))
    }
}

/// The identifiers every context interns first, with the constants naming them.
const PREINTERNED: [(Ident, &str); 6] = [
    (Ident::SYM_NAME, "sym_name"),
    (Ident::SYM_VISIBILITY, "sym_visibility"),
    (Ident::FUNCTION_TYPE, "function_type"),
    (Ident::ARG_ATTRS, "arg_attrs"),
    (Ident::RES_ATTRS, "res_attrs"),
    (Ident::VALUE, "value"),
];

/// Owner of all interned IR data and of the registry of known operations.
pub struct Context {
    idents: Interner<Box<str>>,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    registry: Registry,
    /// Whether operations of dialects that are not registered are accepted.
    pub allow_unregistered: bool,
    /// How many threads the parser, the verifier and the printer may use (MLIR's context
    /// multithreading; 1, the default, keeps everything on the calling thread). Results do not
    /// depend on it.
    pub threads: usize,
    /// MLIR's `printOpOnDiagnostic`: when set, an error emitted on an operation gets a `see
    /// current operation` note showing it, printed with these flags (debug info and its form
    /// as on the command line; see [`crate::printer::op_for_diagnostic`]).
    pub print_op_on_diagnostic: Option<crate::PrintOptions>,
    empty_dict: Attr,
    unknown_loc: Attr,
    sources: SourceLocs,
    /// Whether a type or attribute the printer may give an alias was ever interned: affine maps
    /// and sets, distinct attributes, tuples of more than 16 types, and attributes or types
    /// holding a location (operation locations are aliased only with debug info).
    aliasable: AtomicBool,
}

impl Default for Context {
    fn default() -> Self {
        Self::new()
    }
}

impl Context {
    /// A context with no registered operations.
    pub fn new() -> Self {
        let attrs: Interner<AttrKind> = Interner::default();
        let empty_dict = Attr(attrs.intern(AttrKind::Dictionary(Box::new([]))));
        let unknown_loc = Attr(attrs.intern(AttrKind::Location(Location::Unknown)));
        let idents: Interner<Box<str>> = Interner::default();
        for (id, name) in PREINTERNED {
            // A fresh table numbers its values from 0 in insertion order.
            let got = idents.intern_with(name, || name.into());
            assert_eq!(got, id.0, "pre-interned identifier '{name}' out of order");
        }
        Self {
            idents,
            types: Interner::default(),
            attrs,
            registry: Registry::default(),
            allow_unregistered: false,
            threads: 1,
            print_op_on_diagnostic: None,
            empty_dict,
            unknown_loc,
            sources: SourceLocs::default(),
            aliasable: AtomicBool::new(false),
        }
    }

    /// Makes room for about `additional` more identifiers, so that interning them rehashes
    /// no table.
    pub fn reserve_idents(&self, additional: usize) {
        self.idents.reserve(additional);
    }

    /// The number of identifiers interned so far.
    pub fn num_idents(&self) -> usize {
        self.idents.len()
    }

    /// Interns a string.
    pub fn ident(&self, s: &str) -> Ident {
        Ident(self.idents.intern_with(s, || s.into()))
    }

    /// The string behind an interned identifier.
    #[inline]
    pub fn str(&self, id: Ident) -> &str {
        self.idents.get(id.0)
    }

    /// Interns a type.
    pub fn ty(&self, kind: TypeKind) -> Type {
        let aliasable = match &kind {
            TypeKind::Tuple(es) => es.len() > 16,
            TypeKind::RankedTensor { encoding: a, .. } | TypeKind::UnrankedMemRef { memory_space: a, .. } => {
                a.is_some_and(|a| self.is_location(a))
            }
            TypeKind::MemRef { layout, memory_space, .. } => {
                layout.is_some_and(|a| self.is_location(a)) || memory_space.is_some_and(|a| self.is_location(a))
            }
            _ => false,
        };
        if aliasable {
            self.aliasable.store(true, Ordering::Relaxed);
        }
        Type(self.types.intern(kind))
    }

    /// Whether some type or attribute could have an alias when printed (if not, the printer
    /// need not look for aliases unless it prints operation locations).
    pub fn may_have_aliases(&self) -> bool {
        self.aliasable.load(Ordering::Relaxed)
    }

    fn is_location(&self, a: Attr) -> bool {
        a.0 & OFFSET_BIT != 0 || matches!(self.attrs.get(a.0), AttrKind::Location(_))
    }

    /// The structure of a type.
    #[inline]
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        self.types.get(t.0)
    }

    /// Interns an attribute.
    pub fn attr(&self, kind: AttrKind) -> Attr {
        let aliasable = match &kind {
            AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) | AttrKind::Distinct { .. } => true,
            // Locations are aliased where they are attribute values.
            AttrKind::Array(xs) | AttrKind::Dialect { params: xs, .. } => xs.iter().any(|&x| self.is_location(x)),
            AttrKind::Dictionary(es) => es.iter().any(|e| self.is_location(e.1)),
            AttrKind::Sparse { indices, values, .. } => self.is_location(*indices) || self.is_location(*values),
            _ => false,
        };
        if aliasable {
            self.aliasable.store(true, Ordering::Relaxed);
        }
        if let AttrKind::Location(Location::FileLineCol { file, line, col, end: None }) = &kind {
            if let Some(a) = self.sources.find_or_note(*file, *line, *col) {
                return a;
            }
        }
        Attr(self.attrs.intern(kind))
    }

    /// The structure of an attribute.
    #[inline]
    pub fn attr_kind(&self, a: Attr) -> &AttrKind {
        if a.0 & OFFSET_BIT != 0 {
            // An offset location: its `FileLineCol` form is interned on first look (under an
            // index of its own that is never handed out, see `source_locs`).
            let (file, line, col) = self.sources.resolve(a.0);
            return self.attrs.get(self.attrs.intern(AttrKind::Location(Location::FileLineCol { file, line, col, end: None })));
        }
        self.attrs.get(a.0)
    }

    /// Registers a source buffer named `file`, so that [`Self::source_loc`] can give its
    /// `file:line:col` locations without interning each one. `None` when the buffer cannot be
    /// registered (another buffer has this name, or the context's offset space is used up):
    /// then intern `FileLineCol` locations with [`Self::attr`].
    pub fn register_source(&self, file: Ident, text: &str) -> Option<SourceId> {
        self.sources.register(file, text)
    }

    /// The location `file:line:col` of byte offset `offset` of a registered buffer: the same
    /// handle [`Self::attr`] returns for that `FileLineCol` location.
    pub fn source_loc(&self, source: SourceId, offset: usize) -> Attr {
        self.sources.loc(source, offset)
    }

    /// 1-based line and column of byte offset `offset` of a registered buffer.
    pub fn source_line_col(&self, source: SourceId, offset: usize) -> (u32, u32) {
        self.sources.line_col(source, offset)
    }

    /// The registry of operations known to this context.
    #[inline]
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The registry, for registering dialects.
    pub fn registry_mut(&mut self) -> &mut Registry {
        &mut self.registry
    }

    // ----- type shortcuts -----

    /// `iN` (signless).
    pub fn int_type(&self, width: u32) -> Type {
        self.ty(TypeKind::Integer { width, signedness: Signedness::Signless })
    }

    /// `index`
    pub fn index_type(&self) -> Type {
        self.ty(TypeKind::Index)
    }

    /// A float type.
    pub fn float_type(&self, kind: FloatKind) -> Type {
        self.ty(TypeKind::Float(kind))
    }

    /// `none`
    pub fn none_type(&self) -> Type {
        self.ty(TypeKind::None)
    }

    /// `(inputs) -> results`
    pub fn function_type(&self, inputs: &[Type], results: &[Type]) -> Type {
        // Hashed as the derived `Hash` of `TypeKind::Function` hashes (the unit test below
        // checks that they agree): a signature met before is found without boxing its lists.
        let mut h = Interner::<TypeKind>::hasher();
        std::mem::discriminant(&TypeKind::Function { inputs: Box::new([]), results: Box::new([]) }).hash(&mut h);
        inputs.hash(&mut h);
        results.hash(&mut h);
        let id = self.types.intern_hashed(
            h.finish(),
            |k| matches!(k, TypeKind::Function { inputs: i, results: r } if **i == *inputs && **r == *results),
            || TypeKind::Function { inputs: inputs.into(), results: results.into() },
        );
        Type(id)
    }

    /// Inputs and results of a function type; `None` for other types.
    pub fn function_signature(&self, t: Type) -> Option<(&[Type], &[Type])> {
        match self.type_kind(t) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }

    // ----- attribute shortcuts -----

    /// The empty dictionary `{}`.
    #[inline]
    pub fn empty_dict(&self) -> Attr {
        self.empty_dict
    }

    /// `loc(unknown)`
    #[inline]
    pub fn unknown_loc(&self) -> Attr {
        self.unknown_loc
    }

    /// `fused<metadata>[locations]` as MLIR builds it: `unknown` entries and duplicates go,
    /// nested fused locations with the same metadata are flattened, no location at all is
    /// `unknown` (or `fused<metadata>[unknown]`), and one location without metadata is itself.
    pub fn fused_loc(&self, locations: &[Attr], metadata: Option<Attr>) -> Attr {
        let mut kept: Vec<Attr> = Vec::with_capacity(locations.len());
        let mut keep = |l: Attr| {
            if !kept.contains(&l) {
                kept.push(l);
            }
        };
        for &l in locations {
            match self.attr_kind(l) {
                AttrKind::Location(Location::Fused { locations: inner, metadata: m }) if *m == metadata => {
                    inner.iter().for_each(|&i| keep(i));
                }
                AttrKind::Location(Location::Unknown) => {}
                _ => keep(l),
            }
        }
        match (kept.len(), metadata) {
            (0, None) => self.unknown_loc,
            (0, Some(_)) => self.attr(AttrKind::Location(Location::Fused { locations: Box::new([self.unknown_loc]), metadata })),
            (1, None) => kept[0],
            _ => self.attr(AttrKind::Location(Location::Fused { locations: kept.into(), metadata })),
        }
    }

    /// `unit`
    pub fn unit_attr(&self) -> Attr {
        self.attr(AttrKind::Unit)
    }

    /// A string attribute without a type.
    pub fn string_attr(&self, s: &str) -> Attr {
        // Hashed as the derived `Hash` of `AttrKind::String` hashes (the unit test below checks
        // that they agree): a string met before is found without copying it.
        let bytes = s.as_bytes();
        let mut h = Interner::<AttrKind>::hasher();
        std::mem::discriminant(&AttrKind::String { value: Box::new([]), ty: None }).hash(&mut h);
        bytes.hash(&mut h);
        None::<Type>.hash(&mut h);
        let id = self.attrs.intern_hashed(
            h.finish(),
            |k| matches!(k, AttrKind::String { value, ty: None } if **value == *bytes),
            || AttrKind::String { value: bytes.into(), ty: None },
        );
        Attr(id)
    }

    /// A type attribute.
    pub fn type_attr(&self, t: Type) -> Attr {
        self.attr(AttrKind::Type(t))
    }

    /// `@name`
    pub fn symbol_ref(&self, name: Ident) -> Attr {
        self.attr(AttrKind::SymbolRef { root: name, nested: Box::new([]) })
    }

    /// An integer attribute from an `i64` value, truncated to the type's width.
    pub fn int_attr(&self, ty: Type, value: i64) -> Attr {
        let width = self.int_width(ty);
        self.attr(AttrKind::Integer { ty, bits: crate::intbits::from_i64(value, width) })
    }

    /// `array<iN: ...>` of signless `width`-bit integers, each value kept in `width` bits as
    /// the parser keeps them (so equal arrays intern to the same attribute).
    pub fn dense_int_array(&self, width: u32, values: impl IntoIterator<Item = i64>) -> Attr {
        let mask = if width >= 128 { u128::MAX } else { (1u128 << width) - 1 };
        let values: Box<[u128]> = values.into_iter().map(|v| v as i128 as u128 & mask).collect();
        self.attr(AttrKind::DenseArray { elem: self.int_type(width), values })
    }

    /// `true` / `false`
    pub fn bool_attr(&self, value: bool) -> Attr {
        self.int_attr(self.int_type(1), value as i64)
    }

    /// An array attribute.
    pub fn array_attr(&self, items: &[Attr]) -> Attr {
        self.attr(AttrKind::Array(items.into()))
    }

    /// A dictionary attribute from entries in any order; later duplicates are dropped.
    pub fn dict_attr(&self, mut entries: Vec<(Ident, Attr)>) -> Attr {
        if entries.is_empty() {
            return self.empty_dict;
        }
        entries.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
        entries.dedup_by_key(|e| e.0);
        self.dict_attr_sorted(&entries)
    }

    /// [`Self::dict_attr`] of entries in a slice, which it sorts in place: they are copied only
    /// into a new dictionary, or when two of them share a name.
    pub fn dict_attr_in_place(&self, entries: &mut [(Ident, Attr)]) -> Attr {
        entries.sort_by(|a, b| self.str(a.0).cmp(self.str(b.0)));
        if entries.windows(2).any(|w| w[0].0 == w[1].0) {
            return self.dict_attr(entries.to_vec());
        }
        self.dict_attr_sorted(entries)
    }

    /// A dictionary attribute from entries already sorted by name, without duplicates (as
    /// [`Self::dict_attr`] would leave them); an existing dictionary is found without copying
    /// them.
    pub fn dict_attr_sorted(&self, entries: &[(Ident, Attr)]) -> Attr {
        if entries.is_empty() {
            return self.empty_dict;
        }
        debug_assert!(entries.windows(2).all(|w| self.str(w[0].0) < self.str(w[1].0)), "dictionary entries out of order");
        // Locations are aliased where they are attribute values (see `Self::attr`).
        if entries.iter().any(|e| self.is_location(e.1)) {
            self.aliasable.store(true, Ordering::Relaxed);
        }
        // Hashed as the derived `Hash` of `AttrKind::Dictionary(entries)` hashes (the unit test
        // below checks that they agree).
        let mut h = Interner::<AttrKind>::hasher();
        std::mem::discriminant(&AttrKind::Dictionary(Box::new([]))).hash(&mut h);
        entries.hash(&mut h);
        let id = self.attrs.intern_hashed(
            h.finish(),
            |k| matches!(k, AttrKind::Dictionary(e) if **e == *entries),
            || AttrKind::Dictionary(entries.into()),
        );
        Attr(id)
    }

    /// The entries of a dictionary attribute (empty for other attributes).
    #[inline]
    pub fn dict_entries(&self, a: Attr) -> &[(Ident, Attr)] {
        // Most ops have no discardable attributes: their dictionary is this one.
        if a == self.empty_dict {
            return &[];
        }
        match self.attr_kind(a) {
            AttrKind::Dictionary(e) => e,
            _ => &[],
        }
    }

    /// Looks a name up in a dictionary attribute.
    pub fn dict_get(&self, dict: Attr, name: &str) -> Option<Attr> {
        self.dict_entries(dict).iter().find(|(k, _)| self.str(*k) == name).map(|e| e.1)
    }

    /// Looks an identifier up in a dictionary attribute.
    #[inline]
    pub fn dict_get_id(&self, dict: Attr, name: Ident) -> Option<Attr> {
        self.dict_entries(dict).iter().find(|(k, _)| *k == name).map(|e| e.1)
    }

    /// An op's attributes for several lookups by identifier: the entries of its properties and
    /// of its discardable attributes, fetched once.
    #[inline]
    pub fn op_attrs(&self, body: &crate::Body, op: crate::Op) -> OpAttrs<'_> {
        let d = body.op(op);
        OpAttrs([d.properties().map_or(&[][..], |p| self.dict_entries(p)), self.dict_entries(d.attrs)])
    }

    /// [`Self::op_attr`] by identifier.
    #[inline]
    pub fn op_attr_id(&self, body: &crate::Body, op: crate::Op, name: Ident) -> Option<Attr> {
        let d = body.op(op);
        d.properties().and_then(|p| self.dict_get_id(p, name)).or_else(|| self.dict_get_id(d.attrs, name))
    }

    /// An op's attribute by name: its properties first, then its discardable attributes.
    pub fn op_attr(&self, body: &crate::Body, op: crate::Op, name: &str) -> Option<Attr> {
        let d = body.op(op);
        d.properties().and_then(|p| self.dict_get(p, name)).or_else(|| self.dict_get(d.attrs, name))
    }

    /// An op's properties and discardable attributes merged into one dictionary (MLIR's
    /// `getAttrs()`, what a custom form's attribute dictionary shows).
    pub fn op_attr_dict(&self, body: &crate::Body, op: crate::Op) -> Attr {
        let d = body.op(op);
        match d.properties() {
            None => d.attrs,
            // Merging with nothing gives the (sorted, duplicate-free) dictionary itself.
            Some(p) if d.attrs == self.empty_dict && matches!(self.attr_kind(p), AttrKind::Dictionary(_)) => p,
            Some(p) => {
                let mut entries = self.dict_entries(p).to_vec();
                entries.extend(self.dict_entries(d.attrs).iter().copied());
                self.dict_attr(entries)
            }
        }
    }

    /// The string of a string attribute, if it is valid UTF-8.
    pub fn as_str(&self, a: Attr) -> Option<&str> {
        match self.attr_kind(a) {
            AttrKind::String { value, .. } => std::str::from_utf8(value).ok(),
            _ => None,
        }
    }

    /// The type of a type attribute.
    pub fn as_type(&self, a: Attr) -> Option<Type> {
        match self.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }

    /// The width in bits of an integer, index (64) or float type; 0 for others.
    pub fn int_width(&self, t: Type) -> u32 {
        match self.type_kind(t) {
            TypeKind::Integer { width, .. } => *width,
            TypeKind::Index => 64,
            TypeKind::Float(k) => k.bit_width(),
            _ => 0,
        }
    }

    /// The value of an integer attribute as `i64` (sign-extended from its width), if it fits.
    pub fn as_i64(&self, a: Attr) -> Option<i64> {
        match self.attr_kind(a) {
            AttrKind::Integer { ty, bits } => crate::intbits::to_i64(bits, self.int_width(*ty)),
            _ => None,
        }
    }

    /// Builds an integer attribute from raw bits.
    pub fn int_attr_bits(&self, ty: Type, bits: IntBits) -> Attr {
        self.attr(AttrKind::Integer { ty, bits })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preinterned_identifiers_are_their_constants() {
        let ctx = Context::new();
        for (id, name) in PREINTERNED {
            assert_eq!(ctx.ident(name), id);
            assert_eq!(ctx.str(id), name);
        }
    }

    #[test]
    fn sorted_dictionaries_intern_like_built_ones() {
        let ctx = Context::new();
        let entries = vec![(ctx.ident("a"), ctx.unit_attr()), (ctx.ident("b"), ctx.bool_attr(true))];
        let built = ctx.attr(AttrKind::Dictionary(entries.clone().into()));
        assert_eq!(ctx.dict_attr_sorted(&entries), built);
        assert_eq!(ctx.dict_attr(entries.into_iter().rev().collect()), built);
        let one = [(ctx.ident("c"), ctx.unit_attr())];
        let first = ctx.dict_attr_sorted(&one);
        assert_eq!(ctx.attr(AttrKind::Dictionary(one.into())), first);
        assert_ne!(first, built);
        let mut twice = [(ctx.ident("b"), ctx.bool_attr(true)), (ctx.ident("a"), ctx.unit_attr()), (ctx.ident("b"), ctx.unit_attr())];
        assert_eq!(ctx.dict_attr_in_place(&mut twice), built);
    }

    #[test]
    fn borrowed_lookups_intern_like_built_kinds() {
        let ctx = Context::new();
        let (i32_, i64_) = (ctx.int_type(32), ctx.int_type(64));
        let built = ctx.ty(TypeKind::Function { inputs: Box::new([i32_, i64_]), results: Box::new([i64_]) });
        assert_eq!(ctx.function_type(&[i32_, i64_], &[i64_]), built);
        let fresh = ctx.function_type(&[i64_], &[]);
        assert_eq!(ctx.ty(TypeKind::Function { inputs: Box::new([i64_]), results: Box::new([]) }), fresh);
        let s = ctx.attr(AttrKind::String { value: b"abc".as_slice().into(), ty: None });
        assert_eq!(ctx.string_attr("abc"), s);
        let t = ctx.string_attr("xyz");
        assert_eq!(ctx.attr(AttrKind::String { value: b"xyz".as_slice().into(), ty: None }), t);
        assert_ne!(ctx.attr(AttrKind::String { value: b"xyz".as_slice().into(), ty: Some(i32_) }), t);
    }
}
