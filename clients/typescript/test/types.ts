// Compile-time checks of the package's types (`npm run check`, never run):
// a command and a read of each kind, typed as that kind's, and what the
// document forbids failing to compile. A change of the API document that
// breaks a client like this one fails the build.
import { connect, type Schemas } from "../src/index.js";

const arbiter = connect("http://127.0.0.1:3000", { token: "a token" });

export async function swiss() {
  const open = await arbiter.create({ id: "club-open", kind: "swiss", name: "Club Open" });
  await open.act({ action: "set-up", settings: { rounds: 5, tiebreaks: ["buchholz-cut-1"] } });
  await open.act({ action: "report-result", round: 1, board: 1, result: "1-0" });
  // @ts-expect-error a Swiss result is "1-0" | "0-1" | "1/2-1/2" | "+-" | "-+" | "--"
  await open.act({ action: "report-result", round: 1, board: 1, result: "2-0" });
  // @ts-expect-error pairing has a route of its own (POST .../rounds)
  await open.act({ action: "pair-round" });
  const standings: Schemas["SwissStandingsPage"] = await open.read("standings", { limit: 10 });
  const round: Schemas["SwissPairings"] = await open.entry("pairings", "1");
  // @ts-expect-error a Swiss event has no leaderboard
  await open.read("leaderboard");
  return [standings.items.map((line) => line.tiebreaks), round.items.length];
}

export async function acwc() {
  const championship = arbiter.competition("acwc-2026", "acwc");
  await championship.act({ action: "offer-time", match_id: "q1-1", at: "2026-12-02T18:00:00Z" });
  const rounds: Schemas["AcwcRoundsPage"] = await championship.read("rounds");
  const match: Schemas["AcwcOneMatch"] = await championship.entry("matches", "final");
  return [rounds.items.length, match];
}

export async function clubLadder() {
  const club = arbiter.competition("friday-club", "club-ladder");
  await club.act({ action: "request-removal" });
  const game = { white: "bob", black: "cat", played_at: "2026-02-06T12:35:00Z", room: "322", moderator: "mo" };
  await club.act({ action: "register-game", ...game, result: "1-0" });
  // @ts-expect-error a game's result is chess notation ("1-0" | "0-1" | "1/2-1/2"), as the Swiss writes it
  await club.act({ action: "register-game", ...game, result: "white-wins" });
  const board: Schemas["ClubLadderLeaderboard"] = await club.read("leaderboard", { limit: 20 });
  const member: Schemas["ClubLadderMemberHistory"] = await club.entry("members", "bob");
  return [board.items.map((row) => row.member), member];
}

export async function diplomacyGame() {
  const board = arbiter.competition("board-7", "diplomacy-game");
  await board.orders({ power: "ENGLAND", phase: "S1901M", orders: ["F LON - NTH"] });
  const players = { AUSTRIA: "al", ENGLAND: "bea", FRANCE: "cy", GERMANY: "di", ITALY: "ed", RUSSIA: "flo", TURKEY: "gus" };
  await board.act({ action: "set-up", settings: { players, last_year: 1907, first_deadline: "2026-05-08T12:00:00Z" } });
  // @ts-expect-error settings keys are snake_case
  await board.act({ action: "set-up", settings: { players, "last-year": 1907, first_deadline: "2026-05-08T12:00:00Z" } });
  const phase: Schemas["DiplomacyGamePhaseNow"] = await board.read("phase");
  return phase.to_order;
}

export async function worldMasters() {
  const wm = arbiter.competition("wm-2026", "diplomacy-tournament");
  await wm.act({ action: "open-motion", motion: "decision", question: "Play round three on Saturday?" });
  const standings: Schemas["WorldMastersStandingsPage"] = await wm.entry("standings", "1");
  return standings.stage;
}

export async function nomic() {
  const game = arbiter.competition("lunch-nomic", "nomic");
  await game.act({ action: "import-rules" });
  await game.vote({ proposal: 301, vote: "yes" });
  const points: Schemas["NomicPoints"] = await game.read("points");
  const proposal: Schemas["NomicProposal"] = await game.entry("proposals", "301");
  // @ts-expect-error a Nomic game is read by its rules, points and proposals
  await game.read("standings");
  return [points.items.map((line) => line.line), proposal.status];
}

export async function anyRoute() {
  // Everything else, typed path by path.
  const { data } = await arbiter.api.GET("/v1/competitions/{id}/log", {
    params: { path: { id: "club-open" }, query: { limit: 3 } },
  });
  return [data?.entries.length, (await arbiter.clock()).rehearsal];
}
