//! Berger tables (FIDE) for 3–20 players against `fixtures/swiss/berger_tables_3_to_20.json`.

use arbiter_domain::chess::round_robin::berger_round;
use std::path::Path;

#[test]
fn chess_berger_tables_match_fide_tables_3_to_20() {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
    assert!(d.is_dir(), "read-only test data missing: {}", d.display());
    let text = std::fs::read_to_string(d.join("swiss/berger_tables_3_to_20.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let obj = v.as_object().unwrap();
    assert_eq!(obj.len(), 18);
    for (k, rounds) in obj {
        let n: u32 = k.parse().unwrap();
        let table = n + n % 2;
        let rounds = rounds.as_array().unwrap();
        assert_eq!(rounds.len() as u32, table - 1, "{n} players");
        for (r, boards) in rounds.iter().enumerate() {
            let p = berger_round(n, r as u32 + 1).unwrap();
            // The JSON lists the table for the even size, the dummy included.
            let want: Vec<(u32, u32)> = boards
                .as_array()
                .unwrap()
                .iter()
                .map(|b| (b[0].as_u64().unwrap() as u32, b[1].as_u64().unwrap() as u32))
                .collect();
            let mut got: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
            let real: Vec<(u32, u32)> = want
                .iter()
                .copied()
                .filter(|&(w, b)| w <= n && b <= n)
                .collect();
            assert_eq!(got, real, "{n} players, round {}", r + 1);
            if n % 2 == 1 {
                let bye =
                    want.iter()
                        .find(|&&(w, b)| w > n || b > n)
                        .map(|&(w, b)| if w > n { b } else { w });
                assert_eq!(p.bye, bye, "{n} players, round {} bye", r + 1);
            }
            got.clear();
        }
    }
}
