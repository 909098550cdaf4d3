// Copies the API document the server generates (docs/openapi.json) into the
// package, so the package builds from its own copy when the folder is copied
// elsewhere. `--check` copies nothing and fails when the copy differs.
import { copyFileSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("../../../docs/openapi.json", import.meta.url));
const copy = fileURLToPath(new URL("../openapi.json", import.meta.url));

if (process.argv.includes("--check")) {
  let same = false;
  try {
    same = readFileSync(source, "utf8") === readFileSync(copy, "utf8");
  } catch {
    same = false;
  }
  if (!same) {
    console.error("clients/typescript/openapi.json differs from docs/openapi.json: run `npm run sync-openapi` and commit it");
    process.exit(1);
  }
} else {
  copyFileSync(source, copy);
}
