/**
 * Deterministic repairs the builtin generator can make for a FIX_CHANGE without a model: a name the
 * runtime reports as undefined that is a React hook (added to the `react` import), a project component
 * (imported from `@/components`), or — in a file that already uses lucide-react — an icon (added to that
 * import). Anything else needs a model.
 * @module
 */
import type { GenModule } from '../types.ts';

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

/** The repaired content of the failing module and a sentence saying what changed, or null. */
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
  if (
    modules.some((m) => m.filePath === `apps/web/src/components/${name}.tsx`) &&
    module.moduleType !== 'COMPONENT'
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
