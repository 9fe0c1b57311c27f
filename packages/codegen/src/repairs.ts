/**
 * Deterministic repairs: fixes for a FIX_CHANGE that need no model. `generate` tries them first for every
 * provider, so a name the runtime reports as undefined ("X is not defined", "Can't find variable: X") costs
 * no model call: a React hook (added to the `react` import), a project component (imported from
 * `@/components/X`), or — in a file that already uses lucide-react — an icon (added to that import).
 * Anything else needs a model.
 * @module
 */
import { diffEdits } from './builtin/diff-edits.ts';
import { editBlock, fileBlock, thinkingBlock } from './builtin/format.ts';
import type { GenerateRequest, GenModule, SearchReplace } from './types.ts';

/** What a deterministic repair changed. */
export interface DeterministicRepair {
  /** Every module of the project after the repair. */
  modules: GenModule[];
  /**
   * The change to the failing module: its SEARCH/REPLACE edits, or `edits: null` when it is written whole
   * (`content` is its new text either way).
   */
  edits: { filePath: string; edits: SearchReplace[] | null; content: string };
  /** One sentence for the chat saying what changed. */
  message: string;
  /** The tagged reply a model would have written for this repair (streamed by `generate`). */
  reply: string;
}

/**
 * The deterministic repair of a FIX_CHANGE request's failing module, or null when the request is not a fix,
 * names no module of the project, or its error is not one these repairs understand (then a model is needed).
 */
export function deterministicRepair(req: GenerateRequest): DeterministicRepair | null {
  if (req.action !== 'FIX_CHANGE' || !req.error) return null;
  const error = req.error;
  const failing = req.modules.find((m) => m.filePath === error.filePath);
  if (!failing) return null;
  const repair = repairUndefinedName(error.message, failing, req.modules);
  if (!repair || repair.content === failing.content) return null;
  const edits = diffEdits(failing.content, repair.content);
  const block = edits
    ? editBlock(failing.filePath, edits)
    : fileBlock({ ...failing, content: repair.content });
  return {
    modules: req.modules.map((m) => (m === failing ? { ...m, content: repair.content } : { ...m })),
    edits: { filePath: failing.filePath, edits, content: repair.content },
    message: repair.done,
    reply: `${thinkingBlock(`- ${repair.done}`)}Fixing \`${failing.filePath}\`.\n\n${block}\n${repair.done}\n`,
  };
}

const REACT_NAMES = new Set([
  'useState',
  'useEffect',
  'useMemo',
  'useRef',
  'useCallback',
  'useReducer',
  'useContext',
  'useLayoutEffect',
  'useId',
  'useTransition',
  'useDeferredValue',
  'Fragment',
  'createContext',
]);

/**
 * The repaired content of `module` for a runtime error `message` naming an undefined identifier, and a
 * sentence saying what changed; null when the name is none of the three kinds. `modules` may list other
 * files by path only (their content is not read).
 */
export function repairUndefinedName(
  message: string,
  module: GenModule,
  modules: GenModule[],
): { content: string; done: string } | null {
  const name =
    /\b([A-Za-z_$][\w$]*) is not defined\b/.exec(message)?.[1] ??
    /Can't find variable: ([A-Za-z_$][\w$]*)/.exec(message)?.[1] ??
    /\b([A-Za-z_$][\w$]*) is undefined\b/.exec(message)?.[1];
  if (!name) return null;
  const content = module.content;
  if (REACT_NAMES.has(name)) {
    return { content: addNamedImport(content, 'react', name), done: `Imported ${name} from react.` };
  }
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) return null;
  // Web components only: an Expo screen cannot import them.
  if (
    modules.some((m) => m.filePath === `apps/web/src/components/${name}.tsx`) &&
    module.moduleType !== 'COMPONENT' &&
    module.moduleType !== 'EXPO_PAGE'
  ) {
    const line = `import ${name} from '@/components/${name}';`;
    if (content.includes(line)) return null;
    return { content: insertImportLine(content, line), done: `Imported the ${name} component.` };
  }
  if (/from ['"]lucide-react['"]/.test(content)) {
    return {
      content: addNamedImport(content, 'lucide-react', name),
      done: `Added ${name} to the lucide-react icon import.`,
    };
  }
  return null;
}

/** Adds `name` to `import { … } from 'source'`, creating the import when there is none. */
function addNamedImport(content: string, source: string, name: string): string {
  const re = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${source.replace(/[-/]/g, '\\$&')}['"];?`);
  const m = re.exec(content);
  if (m) {
    const names = (m[1] ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.includes(name)) return content;
    const updated = `import { ${[...names, name].join(', ')} } from '${source}';`;
    return content.slice(0, m.index) + updated + content.slice(m.index + m[0].length);
  }
  return insertImportLine(content, `import { ${name} } from '${source}';`);
}

/** Inserts an import line after the last import, or at the top. */
function insertImportLine(content: string, line: string): string {
  const imports = [...content.matchAll(/^import .*;[ \t]*$/gm)];
  const last = imports[imports.length - 1];
  if (!last) return `${line}\n${content}`;
  const at = (last.index ?? 0) + last[0].length;
  return `${content.slice(0, at)}\n${line}${content.slice(at)}`;
}
