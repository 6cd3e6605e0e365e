// The import graph of our TypeScript sources, read with the TypeScript compiler's parser: which file
// imports which (relative imports only; packages are layered by ESLint), whether an import is
// type-only (erased at run time), and the cycles in it (Tarjan's strongly connected components).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` or `export type`: erased at run time under verbatimModuleSyntax. */
  typeOnly: boolean;
  /** `await import('./x')`: loaded when called, not when the importer loads; still a dependency, so still in a cycle. */
  dynamic?: boolean;
}

/** A file's imports as written: specifier, whether the statement is type-only, whether it is a dynamic import(). */
export function readImports(fileName: string, text: string): { specifier: string; typeOnly: boolean; dynamic?: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean; dynamic?: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      // Under verbatimModuleSyntax `import { type A } from 'x'` still loads x; only `import type` is erased.
      const typeOnly = statement.importClause?.isTypeOnly ?? false;
      found.push({ specifier: statement.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      found.push({ specifier: statement.moduleSpecifier.text, typeOnly: statement.isTypeOnly });
    }
  }
  visit(source);
  return found;
}

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Resolves a relative specifier to a source file that exists, or undefined (a package, or a non-source asset). */
export function resolveRelative(fromFile: string, specifier: string, exists: (file: string) => boolean = existsSync): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier.replace(/\.(m?js|jsx)$/, ''));
  if (/\.tsx?$/.test(base) && exists(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => exists(candidate));
}

/** Every .ts/.tsx file under the roots, skipping node_modules and declaration files. */
export function listSources(roots: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const root of roots) if (existsSync(root)) walk(root);
  return files.sort();
}

export function buildGraph(files: string[], read: (file: string) => string = (file) => readFileSync(file, 'utf8'), exists?: (file: string) => boolean): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly, dynamic } of readImports(from, read(from))) {
      const to = resolveRelative(from, specifier, exists);
      if (to !== undefined) edges.push(dynamic ? { from, to, typeOnly, dynamic } : { from, to, typeOnly });
    }
  }
  return edges;
}

/**
 * The cycles: each strongly connected component of more than one file (or a file importing itself),
 * as its sorted file list. With `runtimeOnly`, type-only and dynamic edges (none closes a cycle
 * when the files load) are left out first.
 */
export function findCycles(edges: ImportEdge[], { runtimeOnly = false } = {}): string[][] {
  const next = new Map<string, string[]>();
  const selfLoops = new Set<string>();
  for (const edge of edges) {
    if (runtimeOnly && (edge.typeOnly || edge.dynamic === true)) continue;
    if (edge.from === edge.to) selfLoops.add(edge.from);
    next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
    if (!next.has(edge.to)) next.set(edge.to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  // Iterative Tarjan: the graph has a few thousand files, deep enough to worry a recursive walk.
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node) ?? [];
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || selfLoops.has(frame.node)) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** Edges out of any of the `lower` folders into any of the `upper` folders (paths as given, folder prefixes). */
export function findUpwardImports(edges: ImportEdge[], lower: string[], upper: string[]): ImportEdge[] {
  const inside = (file: string, folders: string[]): boolean => folders.some((folder) => file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep));
  return edges.filter((edge) => inside(edge.from, lower) && !inside(edge.to, lower) && inside(edge.to, upper));
}

/** One shortest cycle through a component's first file (breadth-first within the component), to show what to break. */
export function shortestCycle(edges: ImportEdge[], component: string[]): string[] {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const edge of edges) {
      if (edge.from !== node || !members.has(edge.to)) continue;
      if (edge.to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(edge.to)) {
        previous.set(edge.to, node);
        queue.push(edge.to);
      }
    }
  }
  return [start];
}
