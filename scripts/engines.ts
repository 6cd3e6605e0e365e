import semver from 'semver';

/**
 * Which installed packages refuse the Node range we declare (root package.json `engines.node`).
 * A package accepts us only when every version in our range is in its `engines.node`
 * (`semver.subset`): a range that merely overlaps ours would let a supported Node fail on it.
 */

/** One node of `npm ls --json --long`: a package with its install path and its dependencies by name. */
export interface LsNode {
  version?: string;
  path?: string;
  missing?: boolean;
  dependencies?: Record<string, LsNode>;
}

export interface InstalledPackage {
  /** `name@version`. */
  id: string;
  /** As the package's package.json has it; usually a string, absent for most packages. */
  enginesNode: unknown;
  /** From the workspace that ships down to this package, each `name@version`. */
  chain: string[];
}

export interface EngineOffender {
  id: string;
  enginesNode: string;
  /** Every way the shipped workspaces reach this package, shortest first. */
  chains: string[][];
}

/**
 * Every installed package under the tree's top-level dependencies (the workspaces asked for), with
 * the chain that reaches it. A package reached several ways is listed once per way; a cycle stops
 * at the package already on the chain.
 */
export function collectInstalled(root: LsNode, readEnginesNode: (installPath: string) => unknown): InstalledPackage[] {
  const installed: InstalledPackage[] = [];
  const enginesByPath = new Map<string, unknown>();
  const visit = (node: LsNode, chain: string[], paths: string[]): void => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.missing === true || child.path === undefined || paths.includes(child.path)) continue;
      const id = `${name}@${child.version ?? '?'}`;
      if (!enginesByPath.has(child.path)) enginesByPath.set(child.path, readEnginesNode(child.path));
      const childChain = [...chain, id];
      installed.push({ id, enginesNode: enginesByPath.get(child.path), chain: childChain });
      visit(child, childChain, [...paths, child.path]);
    }
  };
  visit(root, [], []);
  return installed;
}

/** The packages whose `engines.node` does not contain all of `ours` (an unparseable one counts). */
export function findEngineOffenders(ours: string, installed: readonly InstalledPackage[]): EngineOffender[] {
  if (semver.validRange(ours) === null) throw new Error(`Our engines.node "${ours}" is not a semver range.`);
  const offenders = new Map<string, EngineOffender>();
  for (const { id, enginesNode, chain } of installed) {
    if (typeof enginesNode !== 'string') continue;
    const theirs = semver.validRange(enginesNode);
    if (theirs !== null && semver.subset(ours, theirs)) continue;
    const offender = offenders.get(id) ?? { id, enginesNode, chains: [] };
    offender.chains.push(chain);
    offenders.set(id, offender);
  }
  for (const offender of offenders.values()) offender.chains.sort((a, b) => a.length - b.length);
  return [...offenders.values()];
}
