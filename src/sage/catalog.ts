import { buildCatalog, type Catalog } from '../core/sage/index.js';
import type { SageIndex } from '../store/index.js';

/**
 * The in-memory catalog of the indexed knowledge (core/sage/catalog.ts), rebuilt when the index's
 * generation changes: after a load in this process, or by the `knowledge load` command in another.
 * One small read per question tells which generation is current.
 */
export class CatalogCache {
  private built: { generation: string; catalog: Promise<Catalog> } | null = null;

  constructor(private readonly index: SageIndex) {}

  async current(): Promise<Catalog> {
    const generation = await this.index.generation();
    if (this.built?.generation !== generation) {
      const catalog = this.index.allChunks().then(buildCatalog);
      this.built = { generation, catalog };
      // A failed build is not kept: the next question tries again.
      catalog.catch(() => {
        if (this.built?.catalog === catalog) this.built = null;
      });
    }
    return this.built.catalog;
  }
}
