/**
 * @module
 * `PreviewClient`: the builder's framework-free handle on the preview iframe. It queues the newest load
 * until the runtime says `kiln:ready` (and sends it again if the iframe reloads), accepts messages only
 * from the preview origin and the iframe's window, and hands typed messages to listeners. After each
 * `kiln:ready` it hands the runtime a `MessagePort` (`kiln:connect`) and sends everything through it.
 */
import {
  type BuilderToPreview,
  isPreviewToBuilder,
  type LoadMessage,
  type PreviewToBuilder,
} from './protocol.ts';

type Listener = (message: PreviewToBuilder) => void;

export class PreviewClient {
  private readonly iframe: HTMLIFrameElement;
  private readonly previewOrigin: string;
  private readonly listeners = new Map<PreviewToBuilder['kind'], Set<Listener>>();
  private ready = false;
  private lastLoad: LoadMessage | null = null;
  private pendingRoute: string | null = null;
  /** Whether Select mode is on: sent again to a new runtime (an iframe reload). */
  private selecting = false;
  /** Uploads sent through the runtime, waiting for its `kiln:uploaded`, by id. */
  private readonly uploads = new Map<
    string,
    { resolve: (url: string) => void; reject: (e: Error) => void }
  >();
  private disposed = false;
  /** The channel to the current runtime (see `ConnectMessage`); null until it said `kiln:ready`. */
  private port: MessagePort | null = null;
  private readonly onMessage = (event: MessageEvent) => {
    if (event.origin !== this.previewOrigin || event.source !== this.iframe.contentWindow) return;
    const message: unknown = event.data;
    if (!isPreviewToBuilder(message)) return;
    if (message.kind === 'kiln:ready') this.becameReady();
    if (message.kind === 'kiln:select-mode') this.selecting = message.on;
    if (message.kind === 'kiln:uploaded') this.uploaded(message.id, message.url, message.error);
    if (message.kind === 'kiln:route' && this.lastLoad)
      this.lastLoad = { ...this.lastLoad, route: message.route };
    for (const fn of this.listeners.get(message.kind) ?? []) fn(message);
  };

  /** `previewOrigin` is e.g. `http://{projectId}.preview.localhost:4000` (no trailing slash). */
  constructor(iframe: HTMLIFrameElement, previewOrigin: string) {
    this.iframe = iframe;
    this.previewOrigin = previewOrigin.replace(/\/+$/, '');
    window.addEventListener('message', this.onMessage);
  }

  /** Sends modules to render; queued until the runtime is ready, and resent after an iframe reload. */
  load(msg: Omit<LoadMessage, 'kind'>): void {
    this.lastLoad = { kind: 'kiln:load', ...msg };
    this.pendingRoute = null;
    if (this.ready) this.send(this.lastLoad);
  }

  /** Shows another route of the app. */
  navigate(route: string): void {
    if (this.lastLoad) this.lastLoad = { ...this.lastLoad, route };
    if (this.ready) this.send({ kind: 'kiln:navigate', route });
    else this.pendingRoute = route;
  }

  /** Turns the preview's Select mode on or off (see `SelectModeMessage`). */
  setSelectMode(on: boolean): void {
    if (on === this.selecting) return;
    this.selecting = on;
    if (this.ready) this.send({ kind: 'kiln:select-mode', on });
  }

  /**
   * Uploads a file to the project's store through the runtime (`UploadMessage`): resolves its URL, rejects with
   * the reason (the catalogue's upload messages) or when the runtime is not there to answer.
   */
  upload(file: Blob): Promise<string> {
    if (!this.ready || this.disposed) return Promise.reject(new Error('The preview is not ready yet.'));
    const id = crypto.randomUUID();
    return new Promise<string>((resolve, reject) => {
      this.uploads.set(id, { resolve, reject });
      this.send({ kind: 'kiln:upload', id, file });
    });
  }

  private uploaded(id: string, url: string | null, error: string | null): void {
    const waiting = this.uploads.get(id);
    if (!waiting) return;
    this.uploads.delete(id);
    if (url) waiting.resolve(url);
    else waiting.reject(new Error(error ?? 'Upload failed.'));
  }

  /** Listens to one kind of message; returns a function that stops listening. */
  on<K extends PreviewToBuilder['kind']>(
    kind: K,
    fn: (m: Extract<PreviewToBuilder, { kind: K }>) => void,
  ): () => void {
    let set = this.listeners.get(kind);
    if (!set) {
      set = new Set();
      this.listeners.set(kind, set);
    }
    const listener = fn as Listener;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Stops listening to the iframe; later calls do nothing. */
  dispose(): void {
    this.disposed = true;
    this.port?.close();
    this.port = null;
    window.removeEventListener('message', this.onMessage);
    this.listeners.clear();
    for (const { reject } of this.uploads.values()) reject(new Error('The preview closed; upload again.'));
    this.uploads.clear();
  }

  private becameReady(): void {
    this.ready = true;
    // A new runtime never answers the old one's uploads.
    for (const { reject } of this.uploads.values()) reject(new Error('The preview reloaded; upload again.'));
    this.uploads.clear();
    // A new runtime (first load or an iframe reload) gets a new channel; the old one's other end is gone.
    // Everything after the connect message goes through the port, so messages keep their order: the runtime
    // starts the port only when it handles the connect message, which follows every earlier window message.
    this.port?.close();
    this.port = null;
    const target = this.iframe.contentWindow;
    if (target && !this.disposed) {
      const channel = new MessageChannel();
      const connect: BuilderToPreview = { kind: 'kiln:connect' };
      target.postMessage(connect, this.previewOrigin, [channel.port2]);
      this.port = channel.port1;
    }
    if (this.lastLoad) this.send(this.lastLoad);
    else if (this.pendingRoute) this.send({ kind: 'kiln:navigate', route: this.pendingRoute });
    this.pendingRoute = null;
    if (this.selecting) this.send({ kind: 'kiln:select-mode', on: true });
  }

  private send(message: BuilderToPreview): void {
    if (this.disposed) return;
    if (this.port) this.port.postMessage(message);
    else this.iframe.contentWindow?.postMessage(message, this.previewOrigin);
  }
}
