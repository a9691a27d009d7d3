//! Plane geometry for the layout: distances, segment crossings and the
//! rectangles of edge labels.

/// A point in pixels (or layout units).
pub type Point = (f64, f64);

/// Euclidean distance.
pub fn length(a: Point, b: Point) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn orient(a: Point, b: Point, c: Point) -> f64 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

/// Whether segments `a`-`b` and `c`-`d` cross at a point inside both
/// (touching or collinear segments do not count).
pub fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// The point of segment `a`-`b` nearest to `p`.
pub fn closest_point(p: Point, a: Point, b: Point) -> Point {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-12);
    let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0);
    (a.0 + t * dx, a.1 + t * dy)
}

/// Distance from `p` to segment `a`-`b`.
pub fn segment_distance(p: Point, a: Point, b: Point) -> f64 {
    length(p, closest_point(p, a, b))
}

/// An axis-parallel rectangle.
#[derive(Clone, Copy, Debug)]
pub struct Rect {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

impl Rect {
    /// The `w` by `h` rectangle centred at `c`.
    pub fn around(c: Point, w: f64, h: f64) -> Rect {
        Rect {
            x0: c.0 - w / 2.0,
            y0: c.1 - h / 2.0,
            x1: c.0 + w / 2.0,
            y1: c.1 + h / 2.0,
        }
    }

    /// The centre.
    pub fn centre(&self) -> Point {
        ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0)
    }

    /// Whether the two rectangles share interior points.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x0 < other.x1 && other.x0 < self.x1 && self.y0 < other.y1 && other.y0 < self.y1
    }

    /// Whether a disc of radius `r` at `p` meets the rectangle.
    pub fn near(&self, p: Point, r: f64) -> bool {
        let cx = p.0.clamp(self.x0, self.x1);
        let cy = p.1.clamp(self.y0, self.y1);
        length(p, (cx, cy)) < r
    }

    /// Whether segment `a`-`b` passes through the rectangle.
    pub fn crosses(&self, a: Point, b: Point) -> bool {
        let corners = [
            (self.x0, self.y0),
            (self.x1, self.y0),
            (self.x1, self.y1),
            (self.x0, self.y1),
        ];
        let inside = |p: Point| p.0 > self.x0 && p.0 < self.x1 && p.1 > self.y0 && p.1 < self.y1;
        inside(a) || inside(b) || (0..4).any(|k| segments_cross(a, b, corners[k], corners[(k + 1) % 4]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossings_and_rectangles() {
        assert!(segments_cross((0.0, 0.0), (2.0, 2.0), (0.0, 2.0), (2.0, 0.0)));
        assert!(!segments_cross((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)));
        let r = Rect::around((0.0, 0.0), 2.0, 2.0);
        assert!(r.crosses((-3.0, 0.0), (3.0, 0.0)));
        assert!(!r.crosses((-3.0, 5.0), (3.0, 5.0)));
        assert!(r.near((1.5, 0.0), 1.0) && !r.near((3.0, 0.0), 1.0));
        assert!((segment_distance((1.0, 1.0), (0.0, 0.0), (2.0, 0.0)) - 1.0).abs() < 1e-12);
    }
}
