/**
 * Errors of generated code as data: a message with the place in the module's source where it happened, as
 * the engine reports it to the builder (`kiln:error`) and shows it in a module's error box. Compile errors
 * arrive as this data already; thrown errors are read from sucrase's `loc` or the first `kiln:///` stack frame.
 * @module
 */

export interface ErrorData {
  message: string;
  stack?: string;
  /** 1-based position in the module's source, when known. */
  line?: number;
  column?: number;
}

/**
 * Lines the evaluator's `new Function` wrapper puts before a module's first line (evaluate.ts: the
 * `function anonymous(…` header, its `) {` line and `return (function () {`), so a stack frame's line in
 * `kiln:///file` is the source line plus this. Cleaning and sucrase keep lines where they are (compile.ts).
 */
const EVAL_WRAPPER_LINES = 3;

/** Where in `filePath`'s source an error happened: sucrase's `loc` (0-based column), or the first stack frame. */
function errorPlace(error: unknown, filePath?: string): { line?: number; column?: number } {
  const loc = (error as { loc?: { line?: unknown; column?: unknown } } | null)?.loc;
  if (loc && typeof loc.line === 'number' && typeof loc.column === 'number')
    return { line: loc.line, column: loc.column + 1 };
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  if (!filePath || !stack) return {};
  const escaped = filePath.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`kiln:///${escaped}:(\\d+):(\\d+)`).exec(stack);
  if (!frame) return {};
  const line = Number(frame[1]) - EVAL_WRAPPER_LINES;
  return line > 0 ? { line, column: Number(frame[2]) } : {};
}

/** An error (thrown, or compile-error data) as `ErrorData`, placed in `filePath`'s source when it can be. */
export function errorData(error: unknown, filePath?: string): ErrorData {
  if (error instanceof Error)
    return { message: error.message || error.name, stack: error.stack, ...errorPlace(error, filePath) };
  // A compile error is already `{ message, stack?, line?, column? }` data.
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    const { message, stack, line, column } = error as ErrorData;
    return {
      message,
      ...(typeof stack === 'string' ? { stack } : {}),
      ...(typeof line === 'number' ? { line } : {}),
      ...(typeof column === 'number' ? { column } : {}),
    };
  }
  return { message: String(error) };
}
