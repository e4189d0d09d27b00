/**
 * Every one of the city table's canonical labels ("City, Province, Country") resolves back to its own
 * place, or, where same-name places in one province share a label once normalised, to the more
 * populous one, as the ranking rule says (shared/reference/astrology-bazi-location.md D4). A sweep
 * over the whole GeoNames table, so it lives in the slow tier; the named resolution cases are in
 * test/core/location/resolve.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CityTable,
  cityLabel,
  loadCityTable,
  matchKey,
  resolveCityRow,
} from '../../src/core/location/index.js';

let table: CityTable;
beforeAll(async () => {
  table = await loadCityTable();
});

describe('city labels', () => {
  it('every label resolves to its own place, or to a more populous place of the same name that fits it', () => {
    // Same-name places in one province ("Tānda" and "Tāndā", Uttar Pradesh) share a label once
    // normalised; the label then means the larger one, as the ranking rule says.
    const failures: string[] = [];
    for (let row = 0; row < table.size; row++) {
      const label = cityLabel(table, row);
      const back = resolveCityRow(table, label);
      const sameName = back >= 0 && matchKey(table.names[back]!) === matchKey(table.names[row]!);
      if (back !== row && !(sameName && back < row)) failures.push(label);
    }
    expect(failures).toEqual([]);
  });
});
