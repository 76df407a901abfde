import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const GUIDES = ['CONTRIBUTING.md'];

/** A ```ts block whose first line names the file it would be: `// apps/server/src/modules/pets/service.ts`. */
const EXAMPLE = /```tsx?\n\/\/ (\S+\.tsx?)\n([\s\S]*?)```/g;

interface Example {
  guide: string;
  path: string;
  code: string;
}

function examplesOf(guide: string): Example[] {
  const markdown = readFileSync(resolve(ROOT, guide), 'utf8');
  return [...markdown.matchAll(EXAMPLE)].map(([, path, code]) => ({
    guide,
    path: resolve(ROOT, path),
    code,
  }));
}

function compilerOptions(): ts.CompilerOptions {
  const file = resolve(ROOT, 'tsconfig.json');
  const config = ts.readConfigFile(file, ts.sys.readFile).config;
  return ts.parseJsonConfigFileContent(config, ts.sys, dirname(file)).options;
}

/**
 * Type-checks the examples as if each were the file it names, beside the real code it imports, without
 * writing them anywhere: the compiler host answers their paths from the guide.
 */
function diagnosticsOf(examples: Example[]): string[] {
  const files = new Map(examples.map((example) => [example.path, example.code]));
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const directoryExists = host.directoryExists?.bind(host) ?? ts.sys.directoryExists;
  const holdsExample = (dir: string) => [...files.keys()].some((path) => path.startsWith(`${dir}/`));
  host.directoryExists = (dir) => holdsExample(dir) || directoryExists(dir);
  const program = ts.createProgram([...files.keys()], options, host);
  // Only the examples are checked: the checker then resolves just the declarations they use, not every file
  // they reach (the whole program's diagnostics took over a minute of a core in a loaded run).
  const examplesChecked = [...files.keys()].map((name) => program.getSourceFile(name));
  return [
    ...program.getOptionsDiagnostics(),
    ...examplesChecked.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ]
    .filter((d) => d.file && files.has(d.file.fileName))
    .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe("the guides' code examples", () => {
  const examples = GUIDES.flatMap(examplesOf);

  it('are there, each naming a file of its own that does not exist in the tree', () => {
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((example) => existsSync(example.path)).map((e) => e.path)).toEqual([]);
  });

  it('compile against the code they describe', { timeout: 180_000 }, () => {
    expect(diagnosticsOf(examples)).toEqual([]);
  });
});
