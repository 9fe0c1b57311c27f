/**
 * @module Format on save: Prettier's standalone build with its TypeScript and estree plugins, loaded on the first
 * save only (their own chunks, ~1.2 MB raw / ~300 KB gz — too heavy for the workspace's first paint, fine for a
 * save). Code that does not parse is saved as it is: the revision check then names its error and line.
 */

/** House style for formatted modules: what the builtin templates are written in. */
const PRETTIER_OPTIONS = { singleQuote: true, printWidth: 100, trailingComma: 'all' } as const;

/** `source` formatted, or null when it cannot be (it does not parse; the caller saves it unchanged). */
export async function formatSource(source: string, filePath: string): Promise<string | null> {
  const [{ format }, typescript, estree] = await Promise.all([
    import('prettier/standalone'),
    import('prettier/plugins/typescript'),
    import('prettier/plugins/estree'),
  ]);
  try {
    return await format(source, {
      ...PRETTIER_OPTIONS,
      parser: 'typescript',
      filepath: filePath,
      plugins: [typescript, estree],
    });
  } catch {
    return null;
  }
}
