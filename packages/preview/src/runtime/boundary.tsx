/**
 * The error boundary around every page and component a load renders: on an error it tries the engine's
 * stand-in retry or a remount, then shows the failure box (with "Fix it" in the preview) or, while code is
 * being generated, the module's last good render; on a commit it tells the engine the module rendered. It
 * knows the engine only as a `BoundaryHost`, so it does not import engine.tsx, which imports it.
 * @module
 */

import { MESSAGES } from '@kiln/core/messages';
import {
  Component,
  type ComponentType,
  createElement,
  type ErrorInfo,
  type ReactNode,
  useState,
} from 'react';
import { errorData } from './error-data.ts';
import type { ModuleRecord } from './module-records.ts';
import { elementFor, type RefreshProps } from './render-wrappers.tsx';

/** The user-facing text of the render-failure box (spec §8). */
export const RENDER_ERROR_TEXT = MESSAGES.errorInGeneratedCode;

/** What a boundary needs from the engine (the Engine implements it). */
export interface BoundaryHost {
  readonly kind: 'preview' | 'app';
  /** True while the shown code is a draft still being generated. */
  readonly generating: boolean;
  /** The default export of each module that last rendered without error: shown while generating. */
  readonly lastGood: ReadonlyMap<string, unknown>;
  record(filePath: string): ModuleRecord | undefined;
  /** A render threw "X is not defined": stand X in and evaluate again; false when it cannot. */
  retryWithStandIn(filePath: string, error: unknown): boolean;
  /** A module re-rendered in place after an edit failed: remount it (once per edit); false otherwise. */
  remountAfterEdit(filePath: string): boolean;
  /** The component type a module's default export renders through, or null (see `Engine.refreshType`). */
  refreshType(filePath: string, impl: unknown): ComponentType<RefreshProps> | null;
  reportError(filePath: string, error: unknown): void;
  moduleRendered(filePath: string, impl: unknown): void;
  requestFix(filePath: string, message: string): void;
}

export interface BoundaryProps {
  engine: BoundaryHost;
  filePath: string;
  seq: number;
  props: Record<string, unknown>;
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  seq: number;
  /** Bumped after a stand-in retry so the module renders again. */
  attempt: number;
}

export class ModuleBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false, seq: this.props.seq, attempt: 0 };
  private renderedImpl: unknown;
  private readonly failedImpls = new Set<unknown>();
  private handledError: unknown;

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.seq !== state.seq ? { error: null, hasError: false, seq: props.seq } : null;
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    const { engine, filePath } = this.props;
    if (engine.retryWithStandIn(filePath, error) || engine.remountAfterEdit(filePath)) {
      this.setState((s) => ({ error: null, hasError: false, attempt: s.attempt + 1 }));
      return;
    }
    engine.reportError(filePath, error);
  }

  override componentDidMount(): void {
    this.committed();
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.seq !== this.props.seq) this.failedImpls.clear();
    this.committed();
  }

  private committed(): void {
    const { engine, filePath } = this.props;
    const rec = engine.record(filePath);
    const broken = this.state.hasError || !rec || rec.compileError || rec.evalError !== undefined;
    if (!broken) engine.moduleRendered(filePath, this.renderedImpl);
    else if (!this.state.hasError && rec) engine.reportError(filePath, rec.compileError ?? rec.evalError);
  }

  override render(): ReactNode {
    const { engine, filePath, props } = this.props;
    const rec = engine.record(filePath);
    if (!rec) return null;
    if (this.state.hasError && this.handledError !== this.state.error) {
      this.handledError = this.state.error;
      this.failedImpls.add(this.renderedImpl);
    }
    const failure = rec.compileError ?? (rec.evalError !== undefined ? errorData(rec.evalError) : undefined);
    if (this.state.hasError || failure) {
      if (engine.generating) {
        const good = engine.lastGood.get(filePath);
        if (good === undefined || this.failedImpls.has(good)) return null;
        this.renderedImpl = good;
        return elementFor(good, props);
      }
      const message = failure?.message ?? errorData(this.state.error).message;
      return <ErrorBox engine={engine} filePath={filePath} message={message} />;
    }
    const impl = rec.exports?.default;
    this.renderedImpl = impl;
    const type = engine.refreshType(filePath, impl);
    return type
      ? createElement(type, { impl: impl as RefreshProps['impl'], props })
      : elementFor(impl, props, engine.generating);
  }
}

function ErrorBox({
  engine,
  filePath,
  message,
}: {
  engine: BoundaryHost;
  filePath: string;
  message: string;
}) {
  const [pressed, setPressed] = useState(false);
  return (
    <div
      data-kiln-error={filePath}
      title={message}
      style={{
        background: '#f3f4f6',
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        color: '#374151',
        padding: 16,
        margin: 8,
        fontFamily: 'system-ui, sans-serif',
        fontSize: 14,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
      }}
    >
      <span>{RENDER_ERROR_TEXT}</span>
      {engine.kind === 'preview' ? (
        <button
          type="button"
          disabled={pressed}
          onClick={() => {
            setPressed(true);
            engine.requestFix(filePath, message);
          }}
          style={{
            background: pressed ? '#9ca3af' : '#111827',
            color: '#fff',
            border: 0,
            borderRadius: 6,
            padding: '6px 12px',
            cursor: pressed ? 'default' : 'pointer',
          }}
        >
          Fix it
        </button>
      ) : null}
    </div>
  );
}
