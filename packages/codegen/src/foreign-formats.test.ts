import { describe, expect, it } from 'vitest';
import { parseForeignReply } from './foreign-formats.ts';

const CODE = 'export default function Card() {\n  return <div>Card</div>;\n}\n';

describe('parseForeignReply', () => {
  it('reads a bolt artifact: file actions become files, shell actions and the artifact tags are dropped', () => {
    const got = parseForeignReply(
      `Sure!\n<boltArtifact id="x" title="X">\n<boltAction type="shell">npm i</boltAction>\n<boltAction type="file" filePath="src/components/Card.tsx">${CODE}</boltAction>\n</boltArtifact>\nDone.`,
    );
    expect(got).toEqual({
      events: [
        {
          type: 'file',
          path: 'src/components/Card.tsx',
          moduleType: null,
          content: CODE,
          done: true,
          closed: true,
        },
      ],
      text: 'Sure!\n\nDone.',
    });
  });

  it('reads Dyad deletes and renames', () => {
    const got = parseForeignReply(
      '<dyad-delete path="src/components/Old.tsx"></dyad-delete>\n<dyad-rename from="src/a.tsx" to="src/b.tsx"/>',
    );
    expect(got?.events).toEqual([
      { type: 'delete', path: 'src/components/Old.tsx' },
      { type: 'rename', from: 'src/a.tsx', to: 'src/b.tsx' },
    ]);
  });

  it('reads ```tsx:path, a `path` line before a fence, and a fenced SEARCH/REPLACE as an edit', () => {
    const got = parseForeignReply(
      `\`\`\`tsx:src/components/Card.tsx\n${CODE}\`\`\`\n\n\`src/app/page.tsx\`\n\n\`\`\`tsx\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n\`\`\``,
    );
    expect(got?.events).toEqual([
      {
        type: 'file',
        path: 'src/components/Card.tsx',
        moduleType: null,
        content: CODE,
        done: true,
        closed: true,
      },
      {
        type: 'edit',
        path: 'src/app/page.tsx',
        edits: [{ search: 'a', replace: 'b' }],
        done: true,
        closed: true,
      },
    ]);
    expect(got?.text).toBe('');
  });

  it('leaves a reply without a foreign format alone', () => {
    expect(parseForeignReply('Hello! ```js\nconsole.log(1)\n``` and <b>bold</b>')).toBeNull();
    expect(parseForeignReply('Use this:\n```css\n.a { color: red }\n```')).toBeNull();
  });
});
