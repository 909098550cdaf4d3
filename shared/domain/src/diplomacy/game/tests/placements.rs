//! wm D.VIII.2–3: correcting unit placements after a GM error in a
//! published adjudication. The error is planted by editing the position, as
//! a wrong publication would leave it.

use super::*;

/// Replaces `power`'s unit `from` by `to` in the published position (the
/// GM's error).
fn misplace(g: &mut Game1, power: Power, from: &str, to: &str) {
    let Game::DiplomacyGame(b) = &mut g.competition_mut().game else {
        unreachable!()
    };
    let units = b
        .position
        .as_mut()
        .unwrap()
        .units
        .get_mut(power.name())
        .unwrap();
    match units.iter().position(|u| u == from) {
        Some(i) => units[i] = to.into(),
        None => units.push(to.into()),
    }
}

fn units(g: &Game1, power: Power) -> Vec<String> {
    g.board().position.as_ref().unwrap().units[power.name()].clone()
}

fn double(power: Power, unit: &str, should_be: Option<&str>) -> Command {
    Command::CorrectDoubleOccupancy {
        power,
        unit: unit.into(),
        should_be: should_be.map(str::to_owned),
    }
}

/// wm D.VIII.2: the publication put France's army from Paris into Munich,
/// where Germany's army stands; it should have stayed in Paris. By hand:
/// Paris is vacant, so the French army goes back to Paris, Germany's army
/// stays in Munich, and the board adjudicates again (the adjudicator refuses
/// a board with two units in one space).
#[test]
fn wm_d_viii_2_a_unit_erroneously_in_an_occupied_space_goes_where_it_should_have_been() {
    let mut g = Game1::new();
    misplace(&mut g, Power::France, "A PAR", "A MUN");
    refused(
        g.run(
            "france-player",
            double(Power::France, "A Mun", Some("par")),
            h(1),
        ),
        "wm D.I.1",
    );
    let e = g
        .run("gm", double(Power::France, "A Mun", Some("par")), h(1))
        .unwrap();
    assert_eq!(
        e,
        vec![Event::UnitPlacementCorrected {
            power: Power::France,
            unit: "A MUN".into(),
            placed: Some("A PAR".into()),
        }]
    );
    assert!(units(&g, Power::France).contains(&"A PAR".to_string()));
    assert!(!units(&g, Power::France).contains(&"A MUN".to_string()));
    assert!(units(&g, Power::Germany).contains(&"A MUN".to_string()));
    g.all_final(h(2));
    assert!(adjudicated(&g.tick(h(24))));
}

/// wm D.VIII.2: "otherwise off the board". By hand: the French army in
/// Munich should have been in Berlin, which Germany's army holds, so it is
/// taken off the board: France keeps two units.
#[test]
fn wm_d_viii_2_where_it_should_have_been_is_occupied_so_it_goes_off_the_board() {
    let mut g = Game1::new();
    misplace(&mut g, Power::France, "A PAR", "A MUN");
    let e = g
        .run("gm", double(Power::France, "A MUN", Some("ber")), h(1))
        .unwrap();
    assert_eq!(
        e,
        vec![Event::UnitPlacementCorrected {
            power: Power::France,
            unit: "A MUN".into(),
            placed: None,
        }]
    );
    assert_eq!(units(&g, Power::France), vec!["F BRE", "A MAR"]);
}

/// wm D.VIII.2: "unless one of the units has vacated the space by the time
/// the error is noticed". By hand: Germany's army is alone in Munich, so
/// there is nothing to correct; a unit that does not exist is not found.
#[test]
fn wm_d_viii_2_nothing_is_moved_once_the_space_is_vacated() {
    let mut g = Game1::new();
    refused(
        g.run("gm", double(Power::Germany, "A Mun", Some("ruh")), h(1)),
        "wm D.VIII.2",
    );
    let r = g.run("gm", double(Power::France, "A Mun", None), h(1));
    assert_eq!(r.unwrap_err().kind, RefusalKind::NotFound);
    assert_eq!(units(&g, Power::Germany), vec!["F KIE", "A BER", "A MUN"]);
}

fn extra(unit: &str, appeared_in: &str) -> Command {
    Command::CorrectExtraUnit {
        power: Power::Austria,
        unit: unit.into(),
        appeared_in: appeared_in.into(),
    }
}

/// wm D.VIII.1, D.VIII.3: the S1901M publication showed an extra Austrian
/// army in Bohemia. By hand: pointed out before the next adjudication, it
/// has existed for one adjudication only, so the mistake is corrected at
/// once (D.VIII.1): the army is taken off the board and Austria keeps its
/// three units.
#[test]
fn wm_d_viii_3_an_extra_unit_found_after_one_adjudication_is_removed() {
    let mut g = Game1::new();
    g.all_final(h(1));
    assert!(adjudicated(&g.tick(h(24))));
    misplace(&mut g, Power::Austria, "", "A BOH");
    refused(g.run("td", extra("A Boh", "S1901M"), h(25)), "wm D.I.1");
    let e = g.run("gm", extra("A Boh", "S1901M"), h(25)).unwrap();
    assert_eq!(
        e,
        vec![Event::UnitPlacementCorrected {
            power: Power::Austria,
            unit: "A BOH".into(),
            placed: None,
        }]
    );
    assert_eq!(units(&g, Power::Austria).len(), 3);
}

/// wm D.VIII.3: the extra Austrian army in Bohemia, shown since S1901M, is
/// found after F1901M was adjudicated too: it has existed for more than one
/// adjudication, so it stays, and the build/disband phase rectifies the
/// imbalance. By hand: everyone held, so Austria has 3 centres and 4 units,
/// and Winter 1901 asks it for 3 - 4 = -1, one removal.
#[test]
fn wm_d_viii_3_an_extra_unit_older_than_one_adjudication_is_rectified_at_the_adjustment() {
    let mut g = Game1::new();
    g.all_final(h(1));
    g.tick(h(24));
    misplace(&mut g, Power::Austria, "", "A BOH");
    g.all_final(h(25));
    assert!(adjudicated(&g.tick(h(48))));
    assert_eq!(g.phase(), "W1901A");
    refused_not_found(g.run("gm", extra("A Boh", "S1905M"), h(49)));
    let e = g.run("gm", extra("A Boh", "S1901M"), h(49)).unwrap();
    assert_eq!(
        e,
        vec![Event::ExtraUnitNoted {
            power: Power::Austria,
            unit: "A BOH".into(),
            appeared_in: "S1901M".into(),
        }]
    );
    let position = g.board().position.clone().unwrap();
    assert_eq!(position.units["AUSTRIA"].len(), 4);
    assert_eq!(position.adjustments["AUSTRIA"], -1);
}

fn refused_not_found(r: Result<Vec<Event>, Refusal>) {
    assert_eq!(r.unwrap_err().kind, RefusalKind::NotFound);
}
