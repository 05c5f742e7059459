/**
 * A fake GitHub REST + GraphQL API on a local HTTP port, for driving the real Octokit client
 * and the action end to end. It stores comments, check runs and statuses, records every request,
 * and can be told to fail routes (403 for a fork's read-only token, 502 once, ...).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}
export interface Comment {
  id: number;
  node_id: string;
  body: string;
  html_url: string;
  user: { login: string; type: string };
  minimized?: boolean;
}

export interface FakePull {
  number: number;
  headSha: string;
  baseSha: string;
  /** `owner:branch` of the head, as `GET /pulls?head=` filters. */
  head: string;
}

/** The identity of the token: REST spells a GitHub App's bot `name[bot]`, GraphQL's viewer `name`. */
export const BOT = { login: 'github-actions[bot]', type: 'Bot' };

export class FakeGitHub {
  requests: RecordedRequest[] = [];
  comments: Comment[] = [];
  checkRuns: { id: number; body: Record<string, unknown>; updates: Record<string, unknown>[] }[] = [];
  statuses: Record<string, unknown>[] = [];
  pulls: FakePull[] = [];
  viewer = 'github-actions';
  /** `METHOD path-regex` → remaining failures with this status. */
  failures: {
    method: string;
    path: RegExp;
    status: number;
    times: number;
    message?: string;
    headers?: Record<string, string>;
  }[] = [];
  private server: Server | null = null;
  private nextId = 1000;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()));
  }

  addComments(n: number, body: (i: number) => string, user = BOT): void {
    for (let i = 0; i < n; i++) {
      const id = this.nextId++;
      this.comments.push({
        id,
        node_id: `IC_${id}`,
        body: body(i),
        html_url: `https://github.test/o/r/pull/1#issuecomment-${id}`,
        user,
      });
    }
  }

  fail(
    method: string,
    path: RegExp,
    status: number,
    times = Infinity,
    message?: string,
    headers?: Record<string, string>,
  ): void {
    this.failures.push({
      method,
      path,
      status,
      times,
      ...(message ? { message } : {}),
      ...(headers ? { headers } : {}),
    });
  }

  mutating(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const c of req) raw += c;
    const url = new URL(req.url ?? '/', this.url);
    const body = raw ? JSON.parse(raw) : null;
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname + url.search, body });
    const send = (status: number, data: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(data === null ? '' : JSON.stringify(data));
    };
    const f = this.failures.find((x) => x.method === method && x.path.test(url.pathname) && x.times > 0);
    if (f) {
      f.times--;
      return send(
        f.status,
        { message: f.message ?? (f.status === 403 ? 'Resource not accessible by integration' : 'Bad Gateway') },
        f.headers ?? {},
      );
    }
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname))) {
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const slice = this.comments.slice((page - 1) * perPage, page * perPage);
      const last = Math.max(1, Math.ceil(this.comments.length / perPage));
      const headers: Record<string, string> = {};
      if (page < last)
        headers.link = `<${this.url}${url.pathname}?per_page=${perPage}&page=${page + 1}>; rel="next", <${this.url}${url.pathname}?per_page=${perPage}&page=${last}>; rel="last"`;
      return send(200, slice, headers);
    }
    if (method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/issues\/\d+\/comments$/.test(url.pathname)) {
      const id = this.nextId++;
      const c = {
        id,
        node_id: `IC_${id}`,
        body: body.body,
        html_url: `https://github.test/o/r/pull/1#issuecomment-${id}`,
        user: BOT,
      };
      this.comments.push(c);
      return send(201, c);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname))) {
      const idx = this.comments.findIndex((c) => c.id === Number(m![1]));
      if (idx < 0) return send(404, { message: 'Not Found' });
      if (method === 'PATCH') {
        this.comments[idx].body = body.body;
        return send(200, this.comments[idx]);
      }
      if (method === 'DELETE') {
        this.comments.splice(idx, 1);
        return send(204, null);
      }
    }
    if (method === 'GET' && (m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(url.pathname))) {
      const p = this.pulls.find((x) => x.number === Number(m![1]));
      // Without a configured pull request, its head is whatever the run says (the common case in these tests).
      if (!p) return send(200, { number: Number(m[1]), head: { sha: '' }, base: { sha: '' } });
      return send(200, { number: p.number, head: { sha: p.headSha }, base: { sha: p.baseSha } });
    }
    if (method === 'GET' && /^\/repos\/[^/]+\/[^/]+\/pulls$/.test(url.pathname)) {
      const head = url.searchParams.get('head');
      return send(
        200,
        this.pulls
          .filter((p) => !head || p.head === head)
          .map((p) => ({ number: p.number, head: { sha: p.headSha }, base: { sha: p.baseSha } })),
      );
    }
    if (method === 'POST' && url.pathname === '/graphql' && /viewer/.test(String(body.query))) {
      return send(200, { data: { viewer: { login: this.viewer } } });
    }
    if (method === 'POST' && url.pathname === '/graphql') {
      const id = body.variables?.id;
      const c = this.comments.find((x) => x.node_id === id);
      if (c) c.minimized = true;
      return send(200, { data: { minimizeComment: { minimizedComment: { isMinimized: true } } } });
    }
    if (method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/check-runs$/.test(url.pathname)) {
      const id = this.nextId++;
      this.checkRuns.push({ id, body, updates: [] });
      return send(201, { id, html_url: `https://github.test/o/r/runs/${id}` });
    }
    if (method === 'PATCH' && (m = /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/.exec(url.pathname))) {
      const run = this.checkRuns.find((r) => r.id === Number(m![1]));
      run?.updates.push(body);
      return send(200, { id: Number(m[1]) });
    }
    if (method === 'POST' && /^\/repos\/[^/]+\/[^/]+\/statuses\/[0-9a-f]+$/.test(url.pathname)) {
      this.statuses.push(body);
      return send(201, body);
    }
    return send(404, { message: `fake GitHub has no route for ${method} ${url.pathname}` });
  }
}
