/**
 * `@/integrations/stripe` for generated functions (issue 19): Stripe Checkout with the project's card-payment
 * secrets — `STRIPE_SECRET_KEY` (the API key) and `STRIPE_WEBHOOK_SECRET` (the endpoint's signing secret,
 * `whsec_…`) — and webhook signature verification. Calls go through the function's `fetch`, so Kiln's egress
 * guard applies; `STRIPE_API_BASE` (a secret, default https://api.stripe.com) points at another
 * Stripe-compatible server.
 *
 *   import { createCheckoutSession, verifyWebhook } from '@/integrations/stripe';
 *   const session = await createCheckoutSession({ lineItems: [{ name: 'Tea', amount: 450, currency: 'eur' }],
 *     successUrl: origin + '/thanks', cancelUrl: origin + '/cart', metadata: { orderId: '42' } });
 *   // POST /api/stripe-webhook: const event = await verifyWebhook(request);
 * @module
 */

declare const process: { env: Record<string, string | undefined> };

export interface LineItem {
  name: string;
  /** In the currency's smallest unit (cents). */
  amount: number;
  /** ISO code, lowercase (eur, usd). */
  currency: string;
  quantity?: number;
}

export interface CheckoutOptions {
  lineItems: LineItem[];
  successUrl: string;
  cancelUrl: string;
  /** Kept on the session and in its webhook events (e.g. your order id). */
  metadata?: Record<string, string>;
  customerEmail?: string;
}

export interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> & { metadata?: Record<string, string> } };
}

/** How old a webhook's signature may be, in seconds (Stripe's default tolerance). */
const TOLERANCE_SECONDS = 300;

function secret(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: add it in Project settings → Secrets.`);
  return value;
}

/** Stripe's form encoding: nested keys as `a[b][0][c]=…`. */
function form(value: unknown, prefix: string, out: URLSearchParams): URLSearchParams {
  if (value === undefined || value === null) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) form(v, `${prefix}[${i}]`, out);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) form(v, prefix ? `${prefix}[${k}]` : k, out);
  } else out.append(prefix, String(value));
  return out;
}

/** Creates a Checkout Session; send the buyer to `url`. */
export async function createCheckoutSession(options: CheckoutOptions): Promise<{ id: string; url: string }> {
  const body = form(
    {
      mode: 'payment',
      success_url: options.successUrl,
      cancel_url: options.cancelUrl,
      customer_email: options.customerEmail,
      metadata: options.metadata,
      line_items: options.lineItems.map((item) => ({
        quantity: item.quantity ?? 1,
        price_data: { currency: item.currency, unit_amount: item.amount, product_data: { name: item.name } },
      })),
    },
    '',
    new URLSearchParams(),
  );
  const base = (process.env.STRIPE_API_BASE || 'https://api.stripe.com').replace(/\/+$/, '');
  const res = await fetch(`${base}/v1/checkout/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret('STRIPE_SECRET_KEY')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  const data = (await res.json().catch(() => null)) as {
    id?: string;
    url?: string;
    error?: { message?: string };
  } | null;
  if (!res.ok || !data?.id || !data.url) {
    throw new Error(`Stripe refused the checkout session: ${data?.error?.message ?? `HTTP ${res.status}`}`);
  }
  return { id: data.id, url: data.url };
}

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The event of a Stripe webhook request, once its `Stripe-Signature` (HMAC-SHA256 of `{t}.{body}` with
 * STRIPE_WEBHOOK_SECRET, at most five minutes old) checks out; otherwise an Error ("Invalid Stripe signature").
 */
export async function verifyWebhook(request: Request): Promise<StripeEvent> {
  const payload = await request.text();
  const header = request.headers.get('stripe-signature') ?? '';
  const parts = header.split(',').map((p) => p.trim().split('=') as [string, string]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v);
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw new Error('Invalid Stripe signature');
  if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS)
    throw new Error('Invalid Stripe signature (too old)');
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret('STRIPE_WEBHOOK_SECRET')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const expected = hex(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${payload}`)),
  );
  if (!signatures.some((s) => sameText(s, expected))) throw new Error('Invalid Stripe signature');
  return JSON.parse(payload) as StripeEvent;
}
