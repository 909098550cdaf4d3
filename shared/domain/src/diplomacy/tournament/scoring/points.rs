//! Exact points. Tied places share bonuses (wm C.3: thirds, fifths…),
//! pro-rating divides by the seasons of a game (wm C.14) and round two
//! adds half of round one (wm C.8), so scores are fractions; ties between
//! them decide places, so they are kept exact rather than as floats.

use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A non-negative or negative rational number of points, always reduced,
/// with a positive denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Points {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Points {
    pub const ZERO: Points = Points { num: 0, den: 1 };

    /// `num / den`; panics on a zero denominator (a programming error).
    pub fn new(num: i128, den: i128) -> Points {
        assert!(den != 0, "zero denominator");
        let sign = if den < 0 { -1 } else { 1 };
        let g = gcd(num, den).max(1);
        Points {
            num: sign * num / g,
            den: sign * den / g,
        }
    }

    pub fn whole(n: i128) -> Points {
        Points { num: n, den: 1 }
    }

    pub fn numer(self) -> i128 {
        self.num
    }

    pub fn denom(self) -> i128 {
        self.den
    }

    /// `self × num / den` (wm C.14's "× seasons played / total seasons").
    pub fn scale(self, num: i128, den: i128) -> Points {
        Points::new(self.num * num, self.den * den)
    }

    /// For display only; never compare these.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Default for Points {
    fn default() -> Self {
        Points::ZERO
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        *self = *self + o;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points::new(self.num * o.den - o.num * self.den, self.den * o.den)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl Ord for Points {
    fn cmp(&self, o: &Points) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, o: &Points) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

/// Serialized as `{"exact": "133/3", "approx": 44.333…}`: the exact value
/// for audits and a float for display.
impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Points", 2)?;
        st.serialize_field("exact", &self.to_string())?;
        st.serialize_field("approx", &self.to_f64())?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wm_c_3_thirds_add_up_exactly() {
        let third = Points::new(56, 3);
        assert_eq!(third + third + third, Points::whole(56));
        assert_eq!(Points::new(2, -4), Points::new(-1, 2));
        assert!(Points::new(1, 3) > Points::new(33, 100));
        assert_eq!(Points::whole(66).scale(6, 18), Points::whole(22));
        assert_eq!(Points::new(133, 3).to_string(), "133/3");
    }
}
