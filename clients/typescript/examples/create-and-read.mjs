// Creates a small Swiss event, plays its first round and reads it back:
//
//   ARBITER_URL=http://127.0.0.1:3000 \
//   ARBITER_TOKEN=$(cargo run -q -p arbiter -- token alice --role organizer) \
//   node examples/create-and-read.mjs
//
// The token's holder needs the platform organizer right (as above, locally).
// Run `npm run build` first: this imports the package as a user would.
import { ArbiterError, connect } from "@arbiter/client";

const url = process.env.ARBITER_URL ?? "http://127.0.0.1:3000";
const token = process.env.ARBITER_TOKEN;
if (!token) {
  console.error("ARBITER_TOKEN is not set: `arbiter token alice --role organizer` prints one");
  process.exit(2);
}
const arbiter = connect(url, { token });

async function main() {
  // No id: the server chooses one, so the example can run again and again.
  const open = await arbiter.create({ kind: "swiss", name: "Example Open" });
  await open.act({
    action: "set-up",
    settings: { rounds: 3, tiebreaks: ["buchholz-cut-1", "sonneborn-berger"] },
  });
  // The organizer enters the players (each could enter themselves with their own token).
  const field = [
    ["bob", { name: "Bob Brown", rating: 1850, federation: "NED" }],
    ["cat", { name: "Cat Cole", rating: 1720, title: "WCM" }],
    ["dan", { name: "Dan Dorn", rating: 1610 }],
    ["eve", { name: "Eve Ernst", rating: 1590 }],
  ];
  for (const [player, entry] of field) await open.register({ player, entry });
  await open.pairRound();

  // The round as it was paired; the organizer records each board's result.
  const round = await open.entry("pairings", "1");
  const results = ["1-0", "1/2-1/2"];
  for (const game of round.items) {
    await open.act({ action: "set-result", round: 1, board: game.board, result: results[game.board - 1] ?? "0-1" });
  }

  const competition = await open.get();
  const names = new Map(field.map(([player, entry]) => [player, entry.name]));
  console.log(`${competition.name} (${competition.kind}, id ${competition.id}), version ${competition.version}`);
  console.log("\nRound 1");
  for (const game of (await open.entry("pairings", "1")).items) {
    console.log(`  board ${game.board}: ${names.get(game.white)} - ${names.get(game.black)}  ${game.result ?? "pending"}`);
  }
  const standings = await open.read("standings", { limit: 10 });
  console.log(`\nStandings after round ${standings.after_round}`);
  for (const line of standings.items) {
    const breaks = standings.tiebreaks.map((t) => `${t.name} ${line.tiebreaks[t.name] ?? 0}`).join(", ");
    console.log(`  ${line.place}. ${line.name.padEnd(10)} ${String(line.points).padStart(3)}  (${breaks})`);
  }
}

main().catch((error) => {
  console.error(error instanceof ArbiterError ? `refused: ${error.message}` : error);
  process.exit(1);
});
