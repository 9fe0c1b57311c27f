/**
 * Issue 19's integrations, over the real HTTP server with a generated app's functions in Deno: `@/integrations/ai`
 * streams from the organisation's model (the scripted model server) and charges INTEGRATION_USAGE credits;
 * `@/integrations/stripe` creates a checkout session on a scripted Stripe-compatible server and a signed webhook
 * marks the order paid (a forged one is refused); `@/integrations/email` sends through Kiln's mailer (the
 * development mailbox), limited per app.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ScriptedModelServer, startScriptedModelServer } from '@kiln/codegen/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  generatedProject,
  publish,
  scriptedModelEnv,
  signUp,
  startTestKiln,
  type TestKiln,
} from './harness';

const STRIPE_KEY = 'sk_test_integration_77';
const WEBHOOK_SECRET = 'whsec_integration_88';

const REPLY = `A tea shop.
<kiln:migration name="create_orders">
CREATE TABLE orders (id serial PRIMARY KEY, item text NOT NULL, status text NOT NULL DEFAULT 'pending');
</kiln:migration>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main className="p-6"><h1>Tea</h1></main>;
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/poem/route.ts" type="FUNCTION">
import { streamText } from '@/integrations/ai';

export async function GET() {
  const result = streamText({ system: 'You write short poems.', prompt: 'A poem about tea' });
  const pieces: string[] = [];
  for await (const piece of result.textStream) pieces.push(piece);
  return { pieces: pieces.length, text: await result.text, usage: await result.usage };
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/teas/route.ts" type="FUNCTION">
import { generateObject } from '@/integrations/ai';

export async function GET() {
  const { object } = await generateObject({
    prompt: 'Three teas',
    schema: { type: 'object', properties: { teas: { type: 'array', items: { type: 'string' } } } },
  });
  return object;
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/checkout/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';
import { createCheckoutSession } from '@/integrations/stripe';

export async function POST() {
  const [order] = await sql\`INSERT INTO orders (item) VALUES ('Sencha') RETURNING id\`;
  const session = await createCheckoutSession({
    lineItems: [{ name: 'Sencha', amount: 450, currency: 'eur' }],
    successUrl: 'https://shop.example/thanks',
    cancelUrl: 'https://shop.example/cart',
    metadata: { orderId: String(order.id) },
  });
  return { orderId: order.id, url: session.url };
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/stripe-webhook/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';
import { verifyWebhook } from '@/integrations/stripe';

export async function POST(request: Request) {
  let event;
  try {
    event = await verifyWebhook(request);
  } catch (e) {
    return Response.json({ error: String(e) }, { status: 400 });
  }
  if (event.type === 'checkout.session.completed') {
    await sql\`UPDATE orders SET status = 'paid' WHERE id = \${Number(event.data.object.metadata?.orderId)}\`;
  }
  return { received: true };
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/orders/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function GET() {
  return await sql\`SELECT id, item, status FROM orders ORDER BY id\`;
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/notify/route.ts" type="FUNCTION">
import { sendEmail } from '@/integrations/email';

export async function POST() {
  try {
    await sendEmail({ to: 'buyer@example.com', subject: 'Your tea is on its way', text: 'Thank you!' });
    return { sent: true };
  } catch (e) {
    return Response.json({ error: String(e) }, { status: 429 });
  }
}
</kiln:file>
`;

let t: TestKiln;
let model: ScriptedModelServer;
let stripe: Server;
const stripeSaw: { auth?: string; body: string }[] = [];
let owner: Client;
let visitor: Client;
let projectId: string;
let organizationId: string;
let appHost: string;

const live = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  visitor.send(method, path, {
    host: appHost,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });

const setSecret = (name: string, value: string) =>
  owner.gql(
    `mutation($p: ID!, $n: String!, $v: String!) { setProjectSecret(projectId: $p, name: $n, value: $v) { name } }`,
    {
      p: projectId,
      n: name,
      v: value,
    },
  );

beforeAll(async () => {
  stripe = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    stripeSaw.push({ auth: req.headers.authorization, body });
    if (req.url !== '/v1/checkout/sessions' || req.headers.authorization !== `Bearer ${STRIPE_KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Invalid API Key provided' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'cs_test_1',
        object: 'checkout.session',
        url: 'https://checkout.stripe.test/c/cs_test_1',
      }),
    );
  });
  await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
  const stripeHost = `127.0.0.1:${(stripe.address() as AddressInfo).port}`;
  model = await startScriptedModelServer([
    { reply: REPLY },
    {
      reply: 'Steam curls upward, a quiet cup of green, the morning slows down.',
      chunkSize: 10,
      usage: { inputTokens: 1500, outputTokens: 600 },
    },
    {
      reply: '```json\n{"teas": ["Sencha", "Assam", "Oolong"]}\n```',
      usage: { inputTokens: 300, outputTokens: 20 },
    },
  ]);
  t = await startTestKiln('pglite', {
    ...scriptedModelEnv(model),
    KILN_EGRESS_ALLOW_HOSTS: stripeHost,
  });
  ({ client: owner } = await signUp(t, 'shop@example.com'));
  visitor = t.client();
  organizationId = (await owner.gql(`mutation { createOrganization(name: "Tea Co") { id } }`)).data
    .createOrganization.id;
  const project = await generatedProject(owner, 'A tea shop', { organizationId, timeoutMs: 60_000 });
  projectId = project.id;
  expect(project.revision.status).toBe('VALID');
  for (const [name, value] of [
    ['STRIPE_SECRET_KEY', STRIPE_KEY],
    ['STRIPE_WEBHOOK_SECRET', WEBHOOK_SECRET],
    ['STRIPE_API_BASE', `http://${stripeHost}`],
  ] as const)
    expect((await setSecret(name, value)).errors).toBeUndefined();
  appHost = new URL((await publish(owner, projectId)).url).hostname;
}, 120_000);

afterAll(async () => {
  await t?.[Symbol.asyncDispose]();
  await model?.[Symbol.asyncDispose]();
  await new Promise<void>((resolve) => (stripe ? stripe.close(() => resolve()) : resolve()));
});

const integrationCredits = async () => {
  const { data } = await owner.gql(
    `query($o: ID!) { organization(id: $o) { credits { entries { type amount } } } }`,
    {
      o: organizationId,
    },
  );
  return (data.organization.credits.entries as { type: string; amount: number }[]).filter(
    (e) => e.type === 'INTEGRATION_USAGE',
  );
};

describe('@/integrations/ai', () => {
  it("streams the organisation's model into the function and charges INTEGRATION_USAGE credits", async () => {
    const res = await live('GET', '/api/poem');
    expect(res.status).toBe(200);
    const body = res.json<{
      pieces: number;
      text: string;
      usage: { inputTokens: number; outputTokens: number };
    }>();
    expect(body.text).toBe('Steam curls upward, a quiet cup of green, the morning slows down.');
    expect(body.pieces).toBeGreaterThan(3);
    expect(body.usage).toEqual({ inputTokens: 1500, outputTokens: 600 });
    const poemRequest = model.requests[1];
    expect(poemRequest?.system).toBe('You write short poems.');
    expect(poemRequest?.messages.at(-1)?.content).toBe('A poem about tea');
    // 2,100 tokens: three credits, like generations (one per thousand, rounded up).
    expect(await integrationCredits()).toEqual([{ type: 'INTEGRATION_USAGE', amount: -3 }]);
  });

  it('answers structured output as a parsed object', async () => {
    const res = await live('GET', '/api/teas');
    expect(res.json()).toEqual({ teas: ['Sencha', 'Assam', 'Oolong'] });
    expect(model.requests[2]?.system).toContain('JSON Schema');
  });
});

describe('@/integrations/stripe', () => {
  it('creates a checkout session with the project key, and a signed webhook marks the order paid', async () => {
    const res = await live('POST', '/api/checkout');
    expect(res.status).toBe(200);
    const { orderId, url } = res.json<{ orderId: number; url: string }>();
    expect(url).toBe('https://checkout.stripe.test/c/cs_test_1');
    const sent = new URLSearchParams(stripeSaw.at(-1)?.body);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('450');
    expect(sent.get('metadata[orderId]')).toBe(String(orderId));

    const event = JSON.stringify({
      id: 'evt_1',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_test_1', metadata: { orderId: String(orderId) } } },
    });
    const forged = await live('POST', '/api/stripe-webhook', JSON.parse(event), {
      'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    });
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('Invalid Stripe signature');
    expect((await live('GET', '/api/orders')).json()).toEqual([
      { id: orderId, item: 'Sencha', status: 'pending' },
    ]);

    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${event}`).digest('hex');
    const signed = await live('POST', '/api/stripe-webhook', JSON.parse(event), {
      'stripe-signature': `t=${timestamp},v1=${signature}`,
    });
    expect(signed.json()).toEqual({ received: true });
    expect((await live('GET', '/api/orders')).json()).toEqual([
      { id: orderId, item: 'Sencha', status: 'paid' },
    ]);
  });
});

describe('@/integrations/email', () => {
  it("sends through Kiln's mailer, 20 an hour per app", async () => {
    expect((await live('POST', '/api/notify')).json()).toEqual({ sent: true });
    // Without SMTP, the mailer writes each mail to the server's log (and the development mailbox).
    expect(t.logs.join('\n')).toContain('mail to buyer@example.com: Your tea is on its way\nThank you!');
    for (let i = 1; i < 20; i++) expect((await live('POST', '/api/notify')).status).toBe(200);
    const refused = await live('POST', '/api/notify');
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(/This app sent more than 20 e-mails an hour\. Try again in \d+ s\./);
  });
});
