//! The types the dialect generator works with, kept structured (shapes, element types,
//! layouts) so that ops can compute the types their operands and results must have, and
//! rendered exactly as MLIR writes them.

/// A dynamic dimension, size, offset or stride (`?`).
pub const DYN: i64 = -1;

/// A memref layout.
#[derive(Clone, Debug, PartialEq)]
pub enum Layout {
    /// No layout (the identity).
    Identity,
    /// `strided<[strides], offset: o>` ([`DYN`] for `?`).
    Strided { strides: Vec<i64>, offset: i64 },
    /// An affine map written out (`affine_map<...>`), with its symbol count.
    Map(String, usize),
}

/// A type.
#[derive(Clone, Debug, PartialEq)]
pub enum T {
    /// Signless integer of a width.
    I(u32),
    /// `index`.
    Index,
    /// A float type by name.
    F(&'static str),
    /// `complex<elem>`.
    Complex(Box<T>),
    /// `vector<...>`: shape, scalable flags, element.
    Vector(Vec<i64>, Vec<bool>, Box<T>),
    /// Ranked tensor: shape ([`DYN`] for `?`), element.
    Tensor(Vec<i64>, Box<T>),
    /// `tensor<*xelem>`.
    UTensor(Box<T>),
    /// Ranked memref: shape, element, layout, memory space (an attribute as written).
    MemRef(Vec<i64>, Box<T>, Layout, Option<&'static str>),
    /// `memref<*xelem>` with a memory space.
    UMemRef(Box<T>, Option<&'static str>),
}

/// A dimension as MLIR writes it.
pub fn dim_text(d: i64) -> String {
    if d == DYN { "?".into() } else { d.to_string() }
}

impl T {
    /// `i1`.
    pub fn i1() -> T {
        T::I(1)
    }

    /// `f32`.
    pub fn f32() -> T {
        T::F("f32")
    }

    /// A fixed-size vector.
    pub fn vector(shape: Vec<i64>, elem: T) -> T {
        let n = shape.len();
        T::Vector(shape, vec![false; n], Box::new(elem))
    }

    /// A ranked tensor.
    pub fn tensor(shape: Vec<i64>, elem: T) -> T {
        T::Tensor(shape, Box::new(elem))
    }

    /// A memref with the identity layout in the default memory space.
    pub fn memref(shape: Vec<i64>, elem: T) -> T {
        T::MemRef(shape, Box::new(elem), Layout::Identity, None)
    }

    /// The text MLIR writes.
    pub fn text(&self) -> String {
        match self {
            T::I(w) => format!("i{w}"),
            T::Index => "index".into(),
            T::F(n) => (*n).into(),
            T::Complex(e) => format!("complex<{}>", e.text()),
            T::Vector(shape, scalable, e) => {
                let mut s = String::from("vector<");
                for (d, sc) in shape.iter().zip(scalable) {
                    if *sc {
                        s.push_str(&format!("[{d}]x"));
                    } else {
                        s.push_str(&format!("{d}x"));
                    }
                }
                format!("{s}{}>", e.text())
            }
            T::Tensor(shape, e) => format!("tensor<{}{}>", dims_prefix(shape), e.text()),
            T::UTensor(e) => format!("tensor<*x{}>", e.text()),
            T::MemRef(shape, e, layout, space) => {
                let mut s = format!("memref<{}{}", dims_prefix(shape), e.text());
                match layout {
                    Layout::Identity => {}
                    Layout::Strided { strides, offset } => {
                        let st: Vec<String> = strides.iter().map(|d| dim_text(*d)).collect();
                        s.push_str(&format!(", strided<[{}]", st.join(", ")));
                        if *offset != 0 {
                            s.push_str(&format!(", offset: {}", dim_text(*offset)));
                        }
                        s.push('>');
                    }
                    Layout::Map(m, _) => s.push_str(&format!(", {m}")),
                }
                if let Some(sp) = space {
                    s.push_str(&format!(", {sp}"));
                }
                s + ">"
            }
            T::UMemRef(e, space) => match space {
                Some(sp) => format!("memref<*x{}, {sp}>", e.text()),
                None => format!("memref<*x{}>", e.text()),
            },
        }
    }

    /// The element type of a shaped type, or the type itself.
    pub fn elem(&self) -> &T {
        match self {
            T::Vector(_, _, e)
            | T::Tensor(_, e)
            | T::UTensor(e)
            | T::MemRef(_, e, _, _)
            | T::UMemRef(e, _) => e,
            other => other,
        }
    }

    /// The shape of a ranked shaped type (empty for scalars).
    pub fn shape(&self) -> &[i64] {
        match self {
            T::Vector(s, _, _) | T::Tensor(s, _) | T::MemRef(s, _, _, _) => s,
            _ => &[],
        }
    }

    /// Whether the type is a float.
    pub fn is_float(&self) -> bool {
        matches!(self, T::F(_))
    }

    /// The same container (scalar, vector, tensor) with another element type.
    pub fn with_elem(&self, e: T) -> T {
        match self {
            T::Vector(s, sc, _) => T::Vector(s.clone(), sc.clone(), Box::new(e)),
            T::Tensor(s, _) => T::Tensor(s.clone(), Box::new(e)),
            T::UTensor(_) => T::UTensor(Box::new(e)),
            T::MemRef(s, _, l, sp) => T::MemRef(s.clone(), Box::new(e), l.clone(), *sp),
            T::UMemRef(_, sp) => T::UMemRef(Box::new(e), *sp),
            _ => e,
        }
    }

    /// Bit width of an integer or float scalar.
    pub fn width(&self) -> u32 {
        match self {
            T::I(w) => *w,
            T::Index => 64,
            T::F(n) => float_width(n),
            T::Complex(e) => 2 * e.width(),
            _ => 0,
        }
    }
}

/// `4x?x` for a shape (empty for rank 0).
fn dims_prefix(shape: &[i64]) -> String {
    shape.iter().map(|d| format!("{}x", dim_text(*d))).collect()
}

/// The width of a float type.
pub fn float_width(name: &str) -> u32 {
    match name {
        "f16" | "bf16" => 16,
        "f32" => 32,
        "f64" => 64,
        "f80" => 80,
        "f128" => 128,
        "tf32" => 19,
        n if n.starts_with("f8") => 8,
        n if n.starts_with("f6") => 6,
        n if n.starts_with("f4") => 4,
        _ => 0,
    }
}

/// The row-major strides of a static shape (`DYN` from the first dynamic dimension on).
pub fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    let mut acc = 1i64;
    for i in (0..shape.len()).rev() {
        strides[i] = acc;
        acc = if acc == DYN || shape[i] == DYN { DYN } else { acc * shape[i] };
    }
    strides
}

/// The strides and offset of a memref type (the identity layout is contiguous, offset 0).
pub fn strides_and_offset(ty: &T) -> Option<(Vec<i64>, i64)> {
    match ty {
        T::MemRef(shape, _, Layout::Identity, _) => Some((contiguous_strides(shape), 0)),
        T::MemRef(_, _, Layout::Strided { strides, offset }, _) => Some((strides.clone(), *offset)),
        _ => None,
    }
}
