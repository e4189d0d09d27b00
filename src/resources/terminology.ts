import { AUTHORITIES, TYPES } from '../core/human-design/index.js';
import { slug } from '../core/human-design/knowledge-ids.js';
import { CENTER_NAMES } from '../core/human-design/index.js';
import { introOf, type KnowledgeBase } from '../core/knowledge/index.js';
import type { Resource } from './types.js';

/**
 * `svc://reference/terminology`: the five types, every inner authority and the nine centers, each
 * with a plain-language text taken from the knowledge base (the same entries as the chart tooltips:
 * the entry's introduction, before any "## Defined" / "## Open" section).
 */
export function buildTerminology(knowledge: KnowledgeBase): {
  types: Record<string, string>;
  authorities: Record<string, string>;
  centers: Record<string, string>;
} {
  const text = (id: string): string => {
    const entry = knowledge.byId.get(id);
    if (!entry) throw new Error(`knowledge entry "${id}" is missing from the knowledge folder`);
    return introOf(entry);
  };
  const section = (kind: string, names: readonly string[]) =>
    Object.fromEntries(names.map((name) => [name, text(`${kind}:${slug(name)}`)]));
  return {
    types: section('type', Object.keys(TYPES)),
    authorities: section('authority', AUTHORITIES),
    centers: section('center', CENTER_NAMES),
  };
}

// Built at the first read and kept per knowledge base (immutable), so every read returns the same bytes.
const built = new WeakMap<KnowledgeBase, string>();

export const terminologyResource: Resource = {
  name: 'terminology',
  uri: 'svc://reference/terminology',
  title: 'Human Design terminology',
  description:
    'Plain-language definitions of the chart vocabulary: `types` (Generator, Manifesting Generator, Projector, ' +
    'Manifestor, Reflector), `authorities` (Emotional, Sacral, Splenic, Ego Manifested, Ego Projected, ' +
    'Self-Projected, Mental, Lunar) and `centers` (the nine centers), each name -> text. Read-only, static.',
  mimeType: 'application/json',
  read(deps) {
    let json = built.get(deps.knowledge);
    if (json === undefined) {
      json = JSON.stringify(buildTerminology(deps.knowledge), null, 2);
      built.set(deps.knowledge, json);
    }
    return json;
  },
};
