//! The costs of [`super::optimum`]'s matching: integers of 512 bits. A
//! bracket's criteria, each weighted above all later ones, outgrow i128
//! when its players' scores are many (a collapsed last bracket, dutch17
//! A.9); the matching itself runs on i128 whenever the costs fit.

use bnum::cast::As;
use bnum::types::I512;
use integer_blossom::Weight;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// One cost of a pair, a set of floaters or a candidate.
pub type Cost = I512;

/// `v` as a cost.
pub fn cost(v: i64) -> Cost {
    v.as_::<Cost>()
}

/// The cost `c` as an i128, when it fits.
pub fn narrow(c: Cost) -> Option<i128> {
    i128::try_from(c).ok()
}

/// The weights the matching sees when the costs do not fit in i128.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wide(pub Cost);

impl Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        Wide(self.0 + other.0)
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        Wide(self.0 - other.0)
    }
}

impl AddAssign for Wide {
    fn add_assign(&mut self, other: Wide) {
        self.0 += other.0;
    }
}

impl SubAssign for Wide {
    fn sub_assign(&mut self, other: Wide) {
        self.0 -= other.0;
    }
}

impl Weight for Wide {
    const ZERO: Wide = Wide(Cost::from_le_bytes([0; 64]));
    const ONE: Wide = Wide(Cost::from_le_bytes(one()));
    fn inf() -> Wide {
        Wide(Cost::MAX / cost(4))
    }
    fn double(self) -> Wide {
        self + self
    }
    fn half(self) -> Wide {
        Wide(self.0 / cost(2))
    }
}

/// The little-endian bytes of one.
const fn one() -> [u8; 64] {
    let mut b = [0; 64];
    b[0] = 1;
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_weights_add_and_halve_as_integers() {
        assert_eq!(Wide::ZERO.0, cost(0));
        assert_eq!(Wide::ONE.0, cost(1));
        assert_eq!(Wide(cost(-7)).half().0, cost(-3));
        assert_eq!(Wide(cost(5)).double().0, cost(10));
        assert_eq!(
            narrow(cost(i64::MAX) * cost(4)),
            Some(i128::from(i64::MAX) * 4)
        );
        assert!(Wide::inf().0 > cost(i64::MAX) * cost(i64::MAX) * cost(i64::MAX));
    }
}
