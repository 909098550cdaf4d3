// A client of the Arbiter API, type-checked against the types
// openapi-typescript generates from docs/openapi.json (`npm run check`).
// It sends one command and reads one view of each competition kind; a change
// of the document that breaks a client like this one fails the build.
import createClient from "openapi-fetch";
import type { components, paths } from "./api";

type Schemas = components["schemas"];
type Competition = Schemas["Competition"];

export function connect(baseUrl: string, token: string) {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${token}` },
  });
}
type Api = ReturnType<typeof connect>;

/** POST .../actions with the kind's command; the receipt's version. */
async function act(api: Api, id: string, command: Schemas["SwissCommand"] | Schemas["NomicCommand"] | Schemas["AcwcCommand"] | Schemas["ClubLadderCommand"] | Schemas["DiplomacyGameCommand"] | Schemas["WorldMastersCommand"]): Promise<number> {
  const { data, error } = await api.POST("/v1/competitions/{id}/actions", {
    params: { path: { id } },
    body: command,
  });
  if (error) throw new Error(`${error.title}: ${error.detail ?? ""}`);
  return data.version;
}

/** GET the competition, as the caller may see it. */
async function view(api: Api, id: string): Promise<Competition["game"]> {
  const { data, error } = await api.GET("/v1/competitions/{id}", {
    params: { path: { id } },
  });
  if (error) throw new Error(error.title);
  return data.game;
}

export async function swiss(api: Api, id: string) {
  await act(api, id, { action: "report-result", round: 1, board: 1, result: "1-0" });
  const game = await view(api, id);
  // The view is typed down to its rows: each standings line's tie-breaks.
  return "next_round" in game ? game.standings.lines.map((l) => l.tiebreaks) : [];
}

/** A read resource is typed too: a Nomic game's points thread (nomic 209). */
export async function nomicPoints(api: Api, id: string): Promise<string[]> {
  const { data, error } = await api.GET("/v1/competitions/{id}/{resource}", {
    params: { path: { id, resource: "points" } },
  });
  if (error) throw new Error(error.title);
  // The answer is one of the kinds' resources; the caller knows which.
  const points = data as Schemas["NomicPoints"];
  return points.items.map((line) => line.line);
}

export async function nomic(api: Api, id: string) {
  await act(api, id, { action: "import-rules" });
  return view(api, id);
}

export async function acwc(api: Api, id: string) {
  await act(api, id, { action: "offer-time", match_id: "q1-1", at: "2026-12-02T18:00:00Z" });
  const game = await view(api, id);
  return "stage" in game ? game.rounds : [];
}

export async function clubLadder(api: Api, id: string) {
  await act(api, id, { action: "request-removal" });
  const game = await view(api, id);
  return "leaderboard" in game ? game.leaderboard : [];
}

export async function diplomacyGame(api: Api, id: string) {
  const { data, error } = await api.POST("/v1/competitions/{id}/orders", {
    params: { path: { id } },
    body: { power: "ENGLAND", phase: "S1901M", orders: ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"] },
  });
  if (error) throw new Error(error.title);
  return { version: data.version, game: await view(api, id) };
}

export async function worldMasters(api: Api, id: string) {
  await act(api, id, { action: "open-motion", motion: "decision", question: "Play round three on Saturday?" });
  return view(api, id);
}
