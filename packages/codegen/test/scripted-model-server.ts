/**
 * A scripted model server for tests: a real `node:http` server on 127.0.0.1 that speaks the OpenAI
 * chat-completions and Anthropic messages streaming wire formats and replays scripted replies from a
 * queue — including error statuses, 429s and cut-off streams — while recording every request it received.
 * `await using` closes it.
 * @module
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer, consumed by the next completion request (either API). */
export interface Script {
  /** The assistant text to stream. */
  reply: string;
  /** Characters per streamed delta (default 40). */
  chunkSize?: number;
  /** Answer with this error status (and the API's error body) instead of a stream: 429, 500, 401… */
  status?: number;
  /** For an error status: the error message in the body (default: a typical one for the status). */
  errorMessage?: string;
  /** For an error status: the `retry-after-ms` header sent (default 10, so SDK retries stay fast). */
  retryAfterMs?: number;
  /** Drop the connection (socket destroyed, no end event) once this many characters of `reply` were sent. */
  cutAfterChars?: number;
  /** Pause before each delta, in milliseconds (default 0). */
  delayMs?: number;
  /** How the reply ends: `stop` (default) or `length` (the model ran out of output tokens). */
  finish?: 'stop' | 'length';
  /** Token counts reported in the final usage (default: prompt chars / 3, reply chars / 3). */
  usage?: { inputTokens: number; outputTokens: number };
}

/** A completion request the server received, normalised across the two APIs. */
export interface RecordedRequest {
  api: 'openai' | 'anthropic';
  path: string;
  headers: IncomingHttpHeaders;
  model: string;
  /** The system prompt (OpenAI: the `system` messages; Anthropic: the `system` field). */
  system: string;
  /** The non-system messages with their text content joined. */
  messages: { role: string; content: string }[];
  /** The raw JSON body. */
  body: Record<string, unknown>;
}

export interface ScriptedModelServer extends AsyncDisposable {
  /** The API base URL, `http://127.0.0.1:{port}/v1` (what `baseURL` / `KILN_MODEL_BASE_URL` takes). */
  readonly url: string;
  readonly port: number;
  /** Every completion request received, in order (`GET /v1/models` is not recorded). */
  readonly requests: RecordedRequest[];
  /** Queues scripts; each completion request takes the next one. */
  enqueue(...scripts: Script[]): void;
  /** How many scripts are still queued. */
  pending(): number;
  close(): Promise<void>;
}

/** Reads a recorded reply from `test/fixtures/{name}.txt`. */
export function readFixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8');
}

/** Starts a scripted model server on 127.0.0.1 (a free port). */
export async function startScriptedModelServer(scripts: Script[] = []): Promise<ScriptedModelServer> {
  const queue: Script[] = [...scripts];
  const requests: RecordedRequest[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `scripted model server: ${String(e)}` } }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method === 'GET' && path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: 'scripted-model', object: 'model' }] });
      return;
    }
    const api = path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : null;
    if (req.method !== 'POST' || api === null) {
      sendJson(res, 404, { error: { message: `scripted model server: no route ${req.method} ${path}` } });
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    const recorded = record(api, path, req.headers, body);
    requests.push(recorded);

    const script = queue.shift();
    if (!script) {
      // The SDK retries a 500 (twice, 2 s then 4 s without this header): a test that scripted too few replies
      // fails just as it would, without ~6 s of waiting.
      res.setHeader('retry-after-ms', '10');
      sendError(res, api, 500, 'scripted model server: no script left in the queue');
      return;
    }
    if (script.status) {
      res.setHeader('retry-after-ms', String(script.retryAfterMs ?? 10));
      sendError(res, api, script.status, script.errorMessage ?? defaultErrorMessage(script.status));
      return;
    }
    if (body.stream !== true) {
      sendError(res, api, 400, 'scripted model server: only streaming requests are scripted');
      return;
    }
    const promptChars = recorded.system.length + recorded.messages.reduce((n, m) => n + m.content.length, 0);
    const usage = script.usage ?? {
      inputTokens: Math.ceil(promptChars / 3),
      outputTokens: Math.ceil(script.reply.length / 3),
    };
    const includeUsage =
      api === 'anthropic' ||
      (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    await stream(res, api, recorded.model, script, includeUsage ? usage : null);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closed: Promise<void> | null = null;

  function close(): Promise<void> {
    closed ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  }

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    enqueue: (...more) => {
      queue.push(...more);
    },
    pending: () => queue.length,
    close,
    [Symbol.asyncDispose]: close,
  };
}

function record(
  api: 'openai' | 'anthropic',
  path: string,
  headers: IncomingHttpHeaders,
  body: Record<string, unknown>,
): RecordedRequest {
  const raw = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const all = raw.map((m) => ({ role: String(m.role), content: textOf(m.content) }));
  const system =
    api === 'anthropic'
      ? textOf(body.system)
      : all
          .filter((m) => m.role === 'system' || m.role === 'developer')
          .map((m) => m.content)
          .join('\n');
  const messages = all.filter((m) => m.role !== 'system' && m.role !== 'developer');
  return { api, path, headers, model: String(body.model ?? ''), system, messages, body };
}

/** The text of a message content: a string, or the text parts of a content array joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((p: { type?: unknown; text?: unknown }) =>
        p.type === 'text' && typeof p.text === 'string' ? p.text : '',
      )
      .join('');
  }
  return '';
}

async function stream(
  res: ServerResponse,
  api: 'openai' | 'anthropic',
  model: string,
  script: Script,
  usage: { inputTokens: number; outputTokens: number } | null,
): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const id = api === 'openai' ? 'chatcmpl-scripted' : 'msg_scripted';
  const created = 1_700_000_000;
  const event = (name: string | null, data: unknown): void => {
    res.write(
      `${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    );
  };
  const openaiChunk = (delta: Record<string, unknown>, finish: string | null): unknown => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

  if (api === 'openai') {
    event(null, openaiChunk({ role: 'assistant', content: '' }, null));
  } else {
    event('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage?.inputTokens ?? 0, output_tokens: 1 },
      },
    });
    event('content_block_start', {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'text', text: '' },
    });
  }

  const size = Math.max(1, Math.floor(script.chunkSize ?? 40));
  const limit = script.cutAfterChars ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  while (sent < script.reply.length) {
    if (sent >= limit) {
      // A dropped connection: no closing events, no terminating chunk; the client sees the body fail.
      await flush(res);
      res.socket?.destroy();
      return;
    }
    if (script.delayMs) await new Promise((r) => setTimeout(r, script.delayMs));
    if (res.destroyed) return;
    const text = script.reply.slice(sent, Math.min(sent + size, limit));
    sent += text.length;
    if (api === 'openai') event(null, openaiChunk({ content: text }, null));
    else
      event('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text },
      });
  }
  if (sent >= limit && Number.isFinite(limit)) {
    await flush(res);
    res.socket?.destroy();
    return;
  }

  if (api === 'openai') {
    event(null, openaiChunk({}, script.finish ?? 'stop'));
    if (usage) {
      event(null, {
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [],
        usage: {
          prompt_tokens: usage.inputTokens,
          completion_tokens: usage.outputTokens,
          total_tokens: usage.inputTokens + usage.outputTokens,
        },
      });
    }
    event(null, '[DONE]');
  } else {
    event('content_block_stop', { type: 'content_block_stop', index: 0 });
    event('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: script.finish === 'length' ? 'max_tokens' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage?.outputTokens ?? 0 },
    });
    event('message_stop', { type: 'message_stop' });
  }
  res.end();
}

function sendError(res: ServerResponse, api: 'openai' | 'anthropic', status: number, message: string): void {
  if (api === 'openai') {
    sendJson(res, status, {
      error: {
        message,
        type: status === 429 ? 'rate_limit_exceeded' : 'server_error',
        param: null,
        code: null,
      },
    });
  } else {
    sendJson(res, status, {
      type: 'error',
      error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message },
    });
  }
}

function defaultErrorMessage(status: number): string {
  if (status === 429) return 'Rate limit reached for requests';
  if (status === 401) return 'Invalid API key';
  return 'The server had an error';
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Resolves once everything written so far has been handed to the socket. */
function flush(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    res.write('', () => resolve());
  });
}
