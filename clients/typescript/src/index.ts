// A typed client of the Arbiter API: types generated from the package's copy
// of the API document (openapi.json) by openapi-typescript, requests sent by
// openapi-fetch. `connect` gives the whole API (`arbiter.api`, every path and
// body the document names) and a few calls for what a client does most:
// create a competition, read it, send it a command, read a resource.
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./api.js";
import type { Commands, Entries, Resources } from "./kinds.js";

export type { components, paths } from "./api.js";
export type { Commands, Entries, Resources } from "./kinds.js";

/** Every named schema of the API document. */
export type Schemas = components["schemas"];
/** A kind of competition: "swiss", "acwc", "club-ladder", ... */
export type Kind = Schemas["Kind"];
/** A competition as the caller may see it: the envelope and the kind's view. */
export type Competition = Schemas["Competition"];
/** What an accepted command answers: the new version and the events it recorded. */
export type Receipt = Schemas["Receipt"];
/** A refusal: `application/problem+json`, naming the rule that refused. */
export type Problem = Schemas["Problem"];

/** A page of a list: `limit` rows after `cursor` (the previous page's `next_cursor`). */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/** Body types of the routes that perform one action of a kind. */
type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { "application/json": infer B } } };
}
  ? B
  : never;
export type Registration = Body<"/v1/competitions/{id}/registrations">;
export type RoundRequest = Body<"/v1/competitions/{id}/rounds">;
export type Orders = Body<"/v1/competitions/{id}/orders">;
export type Vote = Body<"/v1/competitions/{id}/votes">;

/** A refused or failed request: the HTTP status and, when the server sent one, its problem. */
export class ArbiterError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;

  constructor(status: number, problem: Problem | undefined) {
    const said = problem ? `${problem.title}${problem.detail ? `: ${problem.detail}` : ""}` : "no problem body";
    const clause = problem?.clause ? ` (${problem.clause})` : "";
    super(`HTTP ${status}: ${said}${clause}`);
    this.name = "ArbiterError";
    this.status = status;
    this.problem = problem;
  }
}

/** The data of a successful answer, or an ArbiterError with the server's problem. */
function settled<T>(answer: { data?: T; error?: Problem; response: Response }): T {
  if (answer.data === undefined) throw new ArbiterError(answer.response.status, answer.error);
  return answer.data;
}

export interface Options {
  /** A bearer token (`arbiter token alice --role organizer` locally; a Cognito ID token in AWS). */
  token?: string;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

/** The API at `baseUrl` (e.g. http://127.0.0.1:3000), as the token's holder. */
export function connect(baseUrl: string, options: Options = {}): Arbiter {
  return new Arbiter(baseUrl, options);
}

export class Arbiter {
  /** The whole API, typed path by path (openapi-fetch). */
  readonly api: Client<paths>;

  constructor(baseUrl: string, options: Options = {}) {
    this.api = createClient<paths>({
      baseUrl,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Creates a competition; the caller (who needs the platform organizer right) becomes its organizer. */
  async create<K extends Kind>(
    body: { kind: K; name: string; id?: string },
    idempotencyKey?: string,
  ): Promise<Handle<K>> {
    const receipt = settled(
      await this.api.POST("/v1/competitions", {
        body,
        params: { header: idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {} },
      }),
    );
    return new Handle(this.api, receipt.competition, body.kind);
  }

  /** A competition already there, of a kind the caller knows. */
  competition<K extends Kind>(id: string, kind: K): Handle<K> {
    return new Handle(this.api, id, kind);
  }

  /** The server's time (a rehearsal server's simulated time), which deadlines are measured against. */
  async clock(): Promise<Schemas["ClockView"]> {
    return settled(await this.api.GET("/v1/clock"));
  }
}

/** One competition of kind `K`: its commands and resources typed as that kind's. */
export class Handle<K extends Kind> {
  constructor(
    private readonly api: Client<paths>,
    readonly id: string,
    readonly kind: K,
  ) {}

  private get path() {
    return { params: { path: { id: this.id } } };
  }

  /** The competition as the caller may see it. */
  async get(): Promise<Competition> {
    return settled(await this.api.GET("/v1/competitions/{id}", this.path));
  }

  /** POST .../actions: one of the kind's commands, tagged by `action`. */
  async act(command: Commands[K]): Promise<Receipt> {
    return settled(await this.api.POST("/v1/competitions/{id}/actions", { ...this.path, body: command }));
  }

  /** POST .../roles: the organizer grants a role the kind's rulebook names. */
  async grant(user: string, role: Schemas["Role"]): Promise<Receipt> {
    return settled(await this.api.POST("/v1/competitions/{id}/roles", { ...this.path, body: { user, role } }));
  }

  /** POST .../registrations: an entry (the kind's registration body). */
  async register(body: Registration): Promise<Receipt> {
    return settled(await this.api.POST("/v1/competitions/{id}/registrations", { ...this.path, body }));
  }

  /** POST .../rounds: the next round (Swiss, ACWC, World Masters). */
  async pairRound(body: RoundRequest = {}): Promise<Receipt> {
    return settled(await this.api.POST("/v1/competitions/{id}/rounds", { ...this.path, body }));
  }

  /** POST .../orders: a Diplomacy power's orders for a phase. */
  async orders(body: Orders): Promise<Receipt> {
    return settled(await this.api.POST("/v1/competitions/{id}/orders", { ...this.path, body }));
  }

  /** POST .../votes: a Nomic vote, a TMC ballot, a draw vote, a justice's vote. */
  async vote(body: Vote): Promise<Receipt> {
    return settled(await this.api.POST("/v1/competitions/{id}/votes", { ...this.path, body }));
  }

  /** POST .../tick: runs what is due now, as the schedules would (the organizer, the TD, a board's GM). */
  async tick(): Promise<Schemas["TickReport"]> {
    return settled(await this.api.POST("/v1/competitions/{id}/tick", this.path));
  }

  /** GET .../{resource}: one of the kind's read resources, typed as that kind's. */
  read<R extends keyof Resources[K] & Resource>(resource: R, page?: PageQuery): Promise<Resources[K][R]>;
  async read(resource: Resource, page: PageQuery = {}): Promise<AnyResource> {
    const params = { path: { id: this.id, resource }, query: page };
    return settled(await this.api.GET("/v1/competitions/{id}/{resource}", { params }));
  }

  /** GET .../{resource}/{key}: one entry of a keyed resource (a round's pairings, a proposal). */
  entry<R extends keyof Entries[K] & EntryResource>(resource: R, key: string, page?: PageQuery): Promise<Entries[K][R]>;
  async entry(resource: EntryResource, key: string, page: PageQuery = {}): Promise<AnyEntry> {
    const params = { path: { id: this.id, resource, key }, query: page };
    return settled(await this.api.GET("/v1/competitions/{id}/{resource}/{key}", { params }));
  }
}

type ResourceGet = paths["/v1/competitions/{id}/{resource}"]["get"];
type EntryGet = paths["/v1/competitions/{id}/{resource}/{key}"]["get"];
type Resource = ResourceGet["parameters"]["path"]["resource"];
type EntryResource = EntryGet["parameters"]["path"]["resource"];
/** Any kind's resource, as the document's union of them (and text/plain for `trf`). */
type AnyResource = ResourceGet["responses"][200]["content"][keyof ResourceGet["responses"][200]["content"]];
type AnyEntry = EntryGet["responses"][200]["content"][keyof EntryGet["responses"][200]["content"]];
