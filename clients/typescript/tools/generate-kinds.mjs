// Reads which schema belongs to which kind out of openapi.json and writes
// src/kinds.ts: each kind's commands at POST /actions, and each kind's read
// resources by name. The document names them in titles ("swiss standings"),
// which openapi-typescript does not carry into its types; this keeps them, so
// a Swiss event's `standings` is typed as a Swiss standings page.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const doc = JSON.parse(readFileSync(fileURLToPath(new URL("../openapi.json", import.meta.url)), "utf8"));
const out = fileURLToPath(new URL("../src/kinds.ts", import.meta.url));

const kinds = doc.components.schemas.Kind.oneOf.map((k) => k.const);
const schemaName = (ref) => ref.replace("#/components/schemas/", "");
const json = (operation) => operation.requestBody?.content["application/json"].schema
  ?? operation.responses["200"].content["application/json"].schema;

/** `Exclude<S["SwissCommand"], { action: "register" | ... }>`: /actions minus the routed ones. */
function commands() {
  const lines = [];
  for (const alternative of json(doc.paths["/v1/competitions/{id}/actions"].post).anyOf) {
    const name = schemaName(alternative.allOf[0].$ref);
    const routed = alternative.not?.properties.action.enum ?? [];
    const type = routed.length
      ? `Exclude<S["${name}"], { action: ${routed.map((a) => JSON.stringify(a)).join(" | ")} }>`
      : `S["${name}"]`;
    lines.push(`  ${JSON.stringify(alternative.title)}: ${type};`);
  }
  return lines;
}

/** Per kind, `resource: S["Schema"]`, from the titles "kind resource". */
function resources(path) {
  const byKind = Object.fromEntries(kinds.map((k) => [k, []]));
  for (const alternative of json(doc.paths[path].get).anyOf) {
    const [kind, resource] = alternative.title.split(" ");
    if (!(kind in byKind)) throw new Error(`${path}: ${alternative.title} names no kind`);
    byKind[kind].push(`    ${JSON.stringify(resource)}: S["${schemaName(alternative.$ref)}"];`);
  }
  return kinds.flatMap((k) => [`  ${JSON.stringify(k)}: {`, ...byKind[k], "  };"]);
}

const text = [
  "// Generated from openapi.json by tools/generate-kinds.mjs (`npm run generate`); never edited.",
  'import type { components } from "./api.js";',
  "",
  'type S = components["schemas"];',
  "",
  "/** Each kind's commands as POST /v1/competitions/{id}/actions takes them (not those with a route of their own). */",
  "export interface Commands {",
  ...commands(),
  "}",
  "",
  "/** Each kind's read resources, GET /v1/competitions/{id}/{resource}, by name. */",
  "export interface Resources {",
  ...resources("/v1/competitions/{id}/{resource}"),
  "}",
  "",
  "/** Each kind's keyed read resources, GET /v1/competitions/{id}/{resource}/{key}, by name. */",
  "export interface Entries {",
  ...resources("/v1/competitions/{id}/{resource}/{key}"),
  "}",
  "",
].join("\n");
writeFileSync(out, text);
