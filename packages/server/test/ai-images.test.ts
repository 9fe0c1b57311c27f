/**
 * `/api/ai-img` with an organisation image model, against a scripted OpenAI-compatible images endpoint started
 * by the test: the image is generated once per prompt (the second request is served from the cache, on the
 * published and the preview origin alike), charged as IMAGE_GENERATION_USAGE, and the offline placeholder is
 * served without a model, when the endpoint fails, and when the organisation's credits cannot pay for it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_IMAGE_CREDITS } from '../src/ai-images/index';
import { charge } from '../src/credits';
import { signUp, startTestKiln, type TestKiln } from './harness';
import { publishedApp } from './published-fixture';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface SeenRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; prompt: string; response_format: string };
}

/** An OpenAI-compatible images endpoint: PNGs for every prompt, 500 for prompts that contain "fail". */
async function startImageServer() {
  const seen: SeenRequest[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
    res.setHeader('content-type', 'application/json');
    if (String(body.prompt).includes('fail')) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: 'the GPU caught fire' } }));
      return;
    }
    res.end(JSON.stringify({ created: 1, data: [{ b64_json: PNG.toString('base64') }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const UPDATE = `mutation($o: ID!, $m: String, $b: String, $k: String) {
  updateImageModel(organizationId: $o, model: $m, baseUrl: $b, apiKey: $k) { model baseUrl hasApiKey creditsPerImage } }`;
const CREDITS = `query($o: ID!) { organization(id: $o) { credits { balance entries { type amount } } } }`;

describe('AI images with an organisation image model', () => {
  let t: TestKiln;
  let images: Awaited<ReturnType<typeof startImageServer>>;
  beforeAll(async () => {
    images = await startImageServer();
    t = await startTestKiln('pglite', { KILN_WORKERS: '0' });
  });
  afterAll(async () => {
    await t?.[Symbol.asyncDispose]();
    await images?.close();
  });

  it('generates once per prompt, caches, charges credits, and falls back to the placeholder', async () => {
    const me = await signUp(t, 'images@example.com');
    const app = await publishedApp(t, me.client, me.organizationId);
    const get = (host: string, prompt: string) =>
      t.client().send('GET', `/api/ai-img?prompt=${encodeURIComponent(prompt)}`, { host });

    // No image model: the placeholder, and nothing asked of the endpoint.
    const before = await get(app.host, 'Sunlit cafe terrace');
    expect(before.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(images.seen).toHaveLength(0);

    // A model without a key on OpenAI's API is refused with a clear error.
    const refused = await me.client.gql(UPDATE, { o: me.organizationId, m: 'gpt-image-1' });
    expect(refused.errors?.[0]?.message).toBe(
      "gpt-image-1 on OpenAI's API needs an API key: enter the organisation's key.",
    );
    const set = await me.client.gql(UPDATE, {
      o: me.organizationId,
      m: 'gpt-image-1',
      b: images.url,
      k: 'sk-img-123',
    });
    expect(set.data.updateImageModel).toEqual({
      model: 'gpt-image-1',
      baseUrl: images.url,
      hasApiKey: true,
      creditsPerImage: AI_IMAGE_CREDITS,
    });
    const balance = (await me.client.gql(CREDITS, { o: me.organizationId })).data.organization.credits
      .balance as number;

    const first = await t
      .client()
      .send('GET', `/api/ai-img?prompt=${encodeURIComponent('Sunlit cafe terrace')}`, {
        host: app.host,
      });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(Buffer.from(first.text, 'latin1').subarray(1, 4).toString()).toBe('PNG');
    expect(images.seen).toEqual([
      {
        path: '/v1/images/generations',
        authorization: 'Bearer sk-img-123',
        body: expect.objectContaining({
          model: 'gpt-image-1',
          prompt: 'Sunlit cafe terrace',
          response_format: 'b64_json',
        }),
      },
    ]);
    // The same prompt again, from the app and from the preview: the cache answers, nothing is generated or charged.
    expect((await get(app.host, 'Sunlit cafe terrace')).headers['content-type']).toBe('image/png');
    expect((await get(`${app.id}.preview.localhost`, 'Sunlit  cafe terrace')).headers['content-type']).toBe(
      'image/png',
    );
    expect(images.seen).toHaveLength(1);
    const after = (await me.client.gql(CREDITS, { o: me.organizationId })).data.organization.credits;
    expect(after.balance).toBe(balance - AI_IMAGE_CREDITS);
    expect(after.entries).toContainEqual({ type: 'IMAGE_GENERATION_USAGE', amount: -AI_IMAGE_CREDITS });

    // The endpoint fails: the placeholder, no charge, and the server log says why.
    const failed = await get(app.host, 'please fail');
    expect(failed.status).toBe(200);
    expect(failed.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect((await me.client.gql(CREDITS, { o: me.organizationId })).data.organization.credits.balance).toBe(
      balance - AI_IMAGE_CREDITS,
    );
    expect(t.logs.some((l) => l.startsWith('image generation failed; serving the placeholder'))).toBe(true);

    // Removing the model brings the placeholders back.
    expect(
      (await me.client.gql(UPDATE, { o: me.organizationId, m: '' })).data.updateImageModel.model,
    ).toBeNull();
    expect((await get(app.host, 'A new prompt')).headers['content-type']).toBe(
      'image/svg+xml; charset=utf-8',
    );
  });

  it('serves the placeholder when the organisation cannot pay for an image', async () => {
    const me = await signUp(t, 'broke@example.com');
    const app = await publishedApp(t, me.client, me.organizationId);
    await me.client.gql(UPDATE, { o: me.organizationId, m: 'gpt-image-1', b: images.url, k: 'sk-img-123' });
    const { credits } = (await me.client.gql(CREDITS, { o: me.organizationId })).data.organization;
    // Spend the balance down to less than one image.
    await charge(t.kiln.database.db, {
      organizationId: me.organizationId,
      type: 'GENERATION_USAGE',
      amount: credits.balance - (AI_IMAGE_CREDITS - 1),
    });
    const seen = images.seen.length;
    const res = await t.client().send('GET', '/api/ai-img?prompt=expensive', { host: app.host });
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(images.seen).toHaveLength(seen);
  });
});
