// @ts-check
/**
 * The playground's browser script (see playground.ts), served as a file at /playground.js and run
 * as written: no build step, no dependency. Type-checked against the DOM (tsconfig.browser.json),
 * linted and formatted like the rest of the source. It reads the tool list the page carries, builds
 * each tool's form from its input JSON Schema, calls the REST routes with the visitor's key, and sums
 * each answer up as a person reads it first (text is only ever set as text: nothing the API or the
 * knowledge base returns becomes HTML).
 */

/**
 * @typedef {object} JsonSchema
 * @property {string | string[]} [type]
 * @property {unknown[]} [enum]
 * @property {JsonSchema[]} [anyOf]
 * @property {JsonSchema[]} [oneOf]
 * @property {string} [description]
 * @property {Record<string, JsonSchema>} [properties]
 * @property {string[]} [required]
 */

/**
 * What the page carries of one tool (PlaygroundTool in playground.ts).
 * @typedef {object} PlaygroundTool
 * @property {string} name
 * @property {string} title
 * @property {string} description
 * @property {'GET' | 'POST'} method
 * @property {string} path
 * @property {'body' | 'query'} from
 * @property {JsonSchema} schema
 * @property {Record<string, unknown> | undefined} example
 * @property {'hd' | 'astrology' | 'bazi' | 'series' | 'events' | 'sage' | 'generic'} summary
 * @property {string} cost
 * @property {string} [picture]
 */

/** @typedef {{ kind: 'enum', values: unknown[], s: JsonSchema } | { kind: 'boolean' | 'number' | 'string' | 'json', s: JsonSchema }} FieldKind */
/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} FieldInput */
/** @typedef {{ name: string, root: HTMLElement, control: FieldInput, set(value: unknown): void, get(): unknown }} Field */
/** @typedef {{ url: string, init: { method: string, headers: Record<string, string>, body?: string } }} ApiRequest */
/** @typedef {{ field?: string, message: string }} ErrorDetail */
/** @typedef {{ success?: boolean, data?: unknown, error?: { code?: string, message?: string, details?: ErrorDetail[] } }} ApiBody */
/** @typedef {Record<string, any>} Json */

/**
 * The element with this id; the page always has it.
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`playground: #${id} is missing`);
  return el;
}

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
function byIdAs(id, type) {
  const el = byId(id);
  if (!(el instanceof type)) throw new Error(`playground: #${id} is not a ${type.name}`);
  return el;
}

/**
 * A new element with text content (never HTML).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [text]
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 */
function make(tag, text, className) {
  const el = document.createElement(tag);
  if (text !== undefined) el.textContent = text;
  if (className) el.className = className;
  return el;
}

/** @type {PlaygroundTool[]} */
const tools = JSON.parse(byId('tools').textContent ?? '[]');
const KEY_STORE = 'chart-service-key';
const keyInput = byIdAs('api-key', HTMLInputElement);
/** @type {PlaygroundTool} */
let current = /** @type {PlaygroundTool} */ (tools[0]);
/** @type {Field[]} */
let fields = [];
/** @type {Field[]} */
let pictureFields = [];

try {
  keyInput.value = localStorage.getItem(KEY_STORE) ?? '';
} catch {
  /* storage off */
}
keyInput.addEventListener('input', () => {
  try {
    localStorage.setItem(KEY_STORE, keyInput.value.trim());
  } catch {
    /* storage off */
  }
});
byId('forget-key').addEventListener('click', () => {
  keyInput.value = '';
  try {
    localStorage.removeItem(KEY_STORE);
  } catch {
    /* storage off */
  }
  keyInput.focus();
});
const key = () => keyInput.value.trim();
/** @returns {Record<string, string>} */
const authHeaders = () => (key() ? { Authorization: `Bearer ${key()}` } : {});

const select = byIdAs('tool', HTMLSelectElement);
for (const t of tools) {
  const o = document.createElement('option');
  o.value = t.name;
  o.textContent = `${t.title} (${t.name})`;
  select.appendChild(o);
}
select.addEventListener('change', () => chooseTool(select.value));

/**
 * A JSON Schema property reduced to what a form needs.
 * @param {JsonSchema} s
 * @returns {FieldKind}
 */
function kindOf(s) {
  const alts = s.anyOf ?? s.oneOf;
  if (alts) {
    const real = alts.find((a) => a.type !== 'null') ?? {};
    return kindOf({ ...real, description: s.description ?? real.description });
  }
  if (s.enum) return { kind: 'enum', values: s.enum, s };
  if (s.type === 'boolean') return { kind: 'boolean', s };
  if (s.type === 'number' || s.type === 'integer') return { kind: 'number', s };
  if (s.type === 'string') return { kind: 'string', s };
  return { kind: 'json', s };
}

/** The picture's render options: theme, width, and the wheel's rings and details or BaZi's date. */
const PICTURE_OPTIONS = {
  theme: /** @type {JsonSchema} */ ({
    enum: ['light', 'dark', 'mono'],
    description: 'Colours; by default the picture follows this page (dark on a dark page).',
  }),
  width: /** @type {JsonSchema} */ ({
    type: 'integer',
    description:
      'Width in pixels (100-4000); by default the width of this page, so a phone gets the compact layout.',
  }),
};
/** @type {Record<string, Record<string, JsonSchema>>} */
const PICTURE_EXTRAS = {
  '/api/astrology/wheel.svg': {
    designRing: { type: 'boolean', description: "The Design chart's planets on an outer ring." },
    gateRing: { type: 'boolean', description: 'The 64 Human Design gates around the zodiac.' },
    details: { type: 'boolean', description: 'A data box, a planet table and an aspect grid.' },
  },
  '/api/bazi/chart.svg': {
    asOf: {
      type: 'string',
      description: 'YYYY-MM-DD: the luck pillar in force on this date is outlined (default today).',
    },
  },
};

/** @param {string} name */
function chooseTool(name) {
  current = tools.find((t) => t.name === name) ?? current;
  byId('tool-description').textContent = current.description;
  byId('tool-cost').textContent = current.cost;
  const box = byId('fields');
  box.textContent = '';
  const props = current.schema.properties ?? {};
  const required = current.schema.required ?? [];
  fields = Object.entries(props).map(([field, schema]) =>
    buildField(field, kindOf(schema), required.includes(field)),
  );
  for (const f of fields) box.appendChild(f.root);
  const options = byId('picture-options');
  const pictureBox = byId('picture-fields');
  pictureBox.textContent = '';
  pictureFields = [];
  if (current.picture) {
    const extras = PICTURE_EXTRAS[current.picture] ?? {};
    pictureFields = Object.entries({ ...PICTURE_OPTIONS, ...extras }).map(([field, schema]) =>
      buildField(field, kindOf(schema), false, 'p'),
    );
    for (const f of pictureFields) pictureBox.appendChild(f.root);
  }
  options.hidden = !current.picture;
  byId('result').hidden = true;
}

/**
 * The input element of a field kind.
 * @param {FieldKind} k
 * @param {boolean} required
 * @returns {FieldInput}
 */
function inputFor(k, required) {
  if (k.kind === 'enum') {
    const input = document.createElement('select');
    const blank = document.createElement('option');
    blank.value = '';
    blank.textContent = required ? '(choose)' : '(default)';
    input.appendChild(blank);
    for (const v of k.values) {
      const o = document.createElement('option');
      o.value = String(v);
      o.textContent = String(v);
      input.appendChild(o);
    }
    return input;
  }
  if (k.kind === 'json') {
    const input = document.createElement('textarea');
    input.placeholder = 'JSON';
    return input;
  }
  const input = document.createElement('input');
  input.type = k.kind === 'number' ? 'number' : 'text';
  if (k.kind === 'number') input.step = 'any';
  input.autocomplete = 'off';
  return input;
}

/**
 * One labelled field with its hint, reading and writing the value in the schema's type.
 * @param {string} name
 * @param {FieldKind} k
 * @param {boolean} required
 * @param {string} [prefix] id prefix (the picture's options use their own)
 * @returns {Field}
 */
function buildField(name, k, required, prefix = 'f') {
  const root = make('div', undefined, 'field');
  const id = `${prefix}-${name}`;
  const label = document.createElement('label');
  label.htmlFor = id;
  /** @type {FieldInput} */
  let input;
  if (k.kind === 'boolean') {
    label.className = 'check';
    input = document.createElement('input');
    input.type = 'checkbox';
    input.id = id;
    label.append(input, ` ${name}`);
    root.appendChild(label);
  } else {
    label.textContent = name + (required ? ' *' : '');
    root.appendChild(label);
    input = inputFor(k, required);
    input.id = id;
    input.name = name;
    root.appendChild(input);
  }
  if (k.s.description) {
    const hint = make('p', k.s.description, 'hint');
    hint.id = `${id}-hint`;
    input.setAttribute('aria-describedby', hint.id);
    root.appendChild(hint);
  }
  if (/^birthLocation\d*$/.test(name) && input instanceof HTMLInputElement) cityPicker(input, root);
  const control = input;
  return {
    name,
    root,
    control,
    set(v) {
      if (control instanceof HTMLInputElement && k.kind === 'boolean') control.checked = v === true;
      else if (k.kind === 'json') control.value = v === undefined ? '' : JSON.stringify(v, null, 2);
      else control.value = v === undefined || v === null ? '' : String(v);
    },
    get() {
      if (control instanceof HTMLInputElement && k.kind === 'boolean')
        return control.checked ? true : undefined;
      const raw = control.value.trim();
      if (raw === '') return undefined;
      if (k.kind === 'number') return Number(raw);
      if (k.kind === 'json') {
        try {
          return JSON.parse(raw);
        } catch (e) {
          throw new FieldError(name, `not valid JSON (${e instanceof Error ? e.message : String(e)})`);
        }
      }
      return raw;
    },
  };
}

/** A field the page could not even send (JSON that does not parse). */
class FieldError extends Error {
  /**
   * @param {string} field
   * @param {string} message
   */
  constructor(field, message) {
    super(message);
    this.field = field;
  }
}

/**
 * Type-ahead over GET /api/locations: arrow keys move, Enter picks, Escape closes. The search needs a
 * key (any key, free): without one, or when the key is refused, it says so under the field.
 * @param {HTMLInputElement} input
 * @param {HTMLElement} root
 */
function cityPicker(input, root) {
  const { list, status } = comboboxParts(input, root);
  /** @type {HTMLLIElement[]} */
  let options = [];
  let active = -1;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let asked = 0;
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  /** @param {number} i */
  const highlight = (i) => {
    active = i;
    options.forEach((li, j) => li.setAttribute('aria-selected', j === i ? 'true' : 'false'));
    const li = options[i];
    if (li) {
      input.setAttribute('aria-activedescendant', li.id);
      li.scrollIntoView({ block: 'nearest' });
    }
  };
  /** @param {number} i */
  const pick = (i) => {
    const li = options[i];
    if (!li) return;
    input.value = li.dataset.value ?? '';
    close();
  };
  /** @param {{ value: string }[]} results */
  const show = (results) => {
    list.textContent = '';
    options = results.map((r, i) => {
      const li = make('li', r.value);
      li.id = `${list.id}-${i}`;
      li.setAttribute('role', 'option');
      li.dataset.value = r.value;
      li.addEventListener('mousedown', (e) => {
        e.preventDefault();
        pick(i);
      });
      list.appendChild(li);
      return li;
    });
    list.hidden = options.length === 0;
    input.setAttribute('aria-expanded', options.length ? 'true' : 'false');
    status.textContent = options.length ? '' : 'No place of that name; try "City, Country".';
    highlight(-1);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < 3) {
      close();
      status.textContent = '';
      return;
    }
    if (!key()) {
      close();
      status.textContent = 'Place search needs an API key (any key, it is free): paste yours above.';
      return;
    }
    timer = setTimeout(() => {
      const ticket = ++asked;
      findPlaces(q)
        .then((found) => {
          if (ticket !== asked) return;
          if ('results' in found) show(found.results);
          else {
            close();
            status.textContent = found.message;
          }
        })
        .catch(close);
    }, 150);
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    const next = keyMove(e.key, active, options.length);
    if (next === null) return;
    e.preventDefault();
    if (next === 'pick') pick(active);
    else if (next === 'close') close();
    else highlight(next);
  });
  input.addEventListener('blur', () => setTimeout(close, 100));
}

/**
 * The listbox under a combobox input and the status line that says what the search could not do.
 * @param {HTMLInputElement} input
 * @param {HTMLElement} root
 */
function comboboxParts(input, root) {
  const list = document.createElement('ul');
  list.id = `${input.id}-options`;
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  root.insertBefore(list, input.nextSibling);
  const status = make('p', '', 'hint');
  status.id = `${input.id}-status`;
  status.setAttribute('role', 'status');
  root.appendChild(status);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  return { list, status };
}

/**
 * The places GET /api/locations offers for `q`, or what to say instead (a refused key).
 * @param {string} q
 * @returns {Promise<{ results: { value: string }[] } | { message: string }>}
 */
async function findPlaces(q) {
  const res = await fetch(`/api/locations?limit=8&q=${encodeURIComponent(q)}`, { headers: authHeaders() });
  const body = await res.json();
  if (res.ok) return { results: body?.success && body.data ? body.data.results : [] };
  return {
    message:
      res.status === 401
        ? 'Place search needs a valid API key: check the key above.'
        : (body?.error?.message ?? 'Place search failed.'),
  };
}

/**
 * What a key does in an open list of `count` options with `active` highlighted: a new index, pick,
 * close, or nothing (null).
 * @param {string} key
 * @param {number} active
 * @param {number} count
 * @returns {number | 'pick' | 'close' | null}
 */
function keyMove(key, active, count) {
  if (key === 'ArrowDown') return Math.min(count - 1, active + 1);
  if (key === 'ArrowUp') return Math.max(0, active - 1);
  if (key === 'Enter' && active >= 0) return 'pick';
  if (key === 'Escape') return 'close';
  return null;
}

byId('fill-example').addEventListener('click', () => {
  const ex = current.example ?? {};
  for (const f of fields) f.set(ex[f.name]);
});

/**
 * The values of a list of fields, left-out ones omitted.
 * @param {Field[]} list
 * @returns {Record<string, unknown>}
 */
function collect(list) {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const f of list) {
    const v = f.get();
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

/**
 * @param {string} path
 * @param {string} method
 * @param {'body' | 'query'} from
 * @param {Record<string, unknown>} input
 * @returns {ApiRequest}
 */
function requestFor(path, method, from, input) {
  if (from === 'query') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(input)) qs.set(k, String(v));
    const q = qs.toString();
    return { url: path + (q ? `?${q}` : ''), init: { method: 'GET', headers: authHeaders() } };
  }
  const headers = { ...authHeaders(), 'Content-Type': 'application/json' };
  return { url: path, init: { method, headers, body: JSON.stringify(input) } };
}

/** @param {unknown} s */
const shellQuote = (s) => `'${String(s).replace(/'/g, "'\\''")}'`;

/** @param {ApiRequest} req */
function curlFor(req) {
  const parts = ['curl -s'];
  if (req.init.method !== 'GET') parts.push(`-X ${req.init.method}`);
  parts.push(shellQuote(location.origin + req.url));
  parts.push('-H "Authorization: Bearer $CHART_KEY"');
  if (req.init.body) {
    parts.push("-H 'Content-Type: application/json'");
    parts.push(`-d ${shellQuote(req.init.body)}`);
  }
  return parts.join(' \\\n  ');
}

/** Removes the marks of the last Run's errors from every field. */
function clearFieldErrors() {
  for (const f of [...fields, ...pictureFields]) {
    f.control.removeAttribute('aria-invalid');
    const old = document.getElementById(`${f.control.id}-error`);
    if (old) old.remove();
    const described = (f.control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== `${f.control.id}-error`);
    if (described.length) f.control.setAttribute('aria-describedby', described.join(' '));
    else f.control.removeAttribute('aria-describedby');
  }
}

/**
 * The form field an error detail names (`charts.0.birthDate` is the `charts` field).
 * @param {Field[]} list
 * @param {string | undefined} name
 */
const fieldNamed = (list, name) => (name ? list.find((f) => f.name === name.split('.')[0]) : undefined);

/**
 * Marks a field invalid with its message under it, tied to it for assistive technology.
 * @param {Field} f
 * @param {string} message
 */
function markField(f, message) {
  const id = `${f.control.id}-error`;
  let note = document.getElementById(id);
  if (!note) {
    note = make('p', '', 'field-error');
    note.id = id;
    f.root.appendChild(note);
  }
  note.textContent = note.textContent ? `${note.textContent} ${message}` : message;
  f.control.setAttribute('aria-invalid', 'true');
  const described = (f.control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  f.control.setAttribute('aria-describedby', [id, ...described.filter((d) => d !== id)].join(' '));
}

/**
 * Shows an error once: each detail that names a field of the form at that field (marked invalid,
 * the first one focused), the rest in the box under the result title with the status and code.
 * @param {number | string} status
 * @param {ApiBody | null} body
 * @param {Field[]} list the fields the request was made from
 */
function showError(status, body, list) {
  const box = byId('error');
  box.textContent = '';
  const err = body?.error;
  // An error without details whose message names a field ("birthLocation: No place ...") is that field's.
  const named = /^(\w+): (.*)$/s.exec(err?.message ?? '');
  const details =
    err?.details?.length || !named || !fieldNamed(list, named[1])
      ? (err?.details ?? [])
      : [{ field: named[1], message: named[2] ?? '' }];
  const atFields = details.filter((d) => fieldNamed(list, d.field));
  const elsewhere = details.filter((d) => !fieldNamed(list, d.field));
  for (const d of atFields) {
    const f = /** @type {Field} */ (fieldNamed(list, d.field));
    const path = d.field && d.field !== f.name ? `${d.field}: ` : '';
    markField(f, path + d.message);
  }
  const head = make('strong', `HTTP ${status}${err?.code ? ` ${err.code}` : ''}: `);
  const n = new Set(atFields.map((d) => fieldNamed(list, d.field)?.name)).size;
  const summary = details.length
    ? n
      ? `${n === 1 ? 'one field needs' : `${n} fields need`} another value, marked in the form.`
      : ''
    : (err?.message ?? 'the request failed.');
  box.append(head, summary);
  if (elsewhere.length) {
    const ul = make('ul');
    for (const d of elsewhere) ul.appendChild(make('li', (d.field ? `${d.field}: ` : '') + d.message));
    box.appendChild(ul);
  }
  box.hidden = false;
  const first = list.find((f) => f.control.getAttribute('aria-invalid') === 'true');
  if (first) first.control.focus();
}

/** @param {unknown} v */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A definition list of label/value rows.
 * @param {[string, string][]} rows
 */
function definitions(rows) {
  const dl = make('dl');
  for (const [label, value] of rows) dl.append(make('dt', label), make('dd', value));
  return dl;
}

/**
 * A table from rows of cells, with a header row.
 * @param {string[]} head
 * @param {string[][]} rows
 * @param {string} caption
 */
function table(head, rows, caption) {
  const wrap = make('div', undefined, 'table-wrap');
  const t = make('table');
  t.appendChild(make('caption', caption));
  const tr = make('tr');
  for (const h of head) tr.appendChild(make('th', h));
  const thead = make('thead');
  thead.appendChild(tr);
  const tbody = make('tbody');
  for (const row of rows) {
    const r = make('tr');
    for (const cell of row) r.appendChild(make('td', cell));
    tbody.appendChild(r);
  }
  t.append(thead, tbody);
  wrap.appendChild(t);
  return wrap;
}

/**
 * A cell's text: plain values as they are, small objects as `key value` pairs.
 * @param {unknown} v
 * @returns {string}
 */
function cellText(v) {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(cellText).join(', ');
  if (isObject(v)) {
    const o = /** @type {Json} */ (v);
    if ('utc' in o) return String(o.utc);
    if ('value' in o) return String(o.value);
    return Object.entries(o)
      .filter(([, x]) => !isObject(x) && !Array.isArray(x))
      .map(([k, x]) => `${k} ${x}`)
      .join(', ');
  }
  return String(v);
}

/**
 * Rows of objects as a table of their plain and small fields.
 * @param {Json[]} items
 * @param {string} caption
 * @param {number} [limit]
 */
function objectTable(items, caption, limit = 12) {
  const shown = items.slice(0, limit);
  const columns = [...new Set(shown.flatMap((it) => Object.keys(it)))].filter((c) =>
    shown.some((it) => !(isObject(it[c]) && Object.keys(it[c]).length > 6) && !Array.isArray(it[c])),
  );
  const rows = shown.map((it) => columns.map((c) => cellText(it[c])));
  const more = items.length > limit ? ` (the first ${limit} of ${items.length})` : '';
  return table(columns, rows, `${caption}${more}`);
}

/** @param {Json} a */
const aspectText = (a) => `${a.planet1} ${a.aspect} ${a.planet2} (orb ${Number(a.orb).toFixed(2)}°)`;

/**
 * The luck pillar running today: the first starts at `startDate`, each lasts ten years.
 * @param {Json} luck
 */
function luckToday(luck) {
  const today = new Date().toISOString().slice(0, 10);
  const start = String(luck.startDate);
  /** @type {Json[]} */
  const pillars = luck.pillars ?? [];
  /** @param {number} k */
  const startOf = (k) => `${String(Number(start.slice(0, 4)) + 10 * k).padStart(4, '0')}${start.slice(4)}`;
  if (today < start) return `not yet (the first, ${pillars[0]?.ganzhi ?? ''}, from ${start})`;
  for (let k = pillars.length - 1; k >= 0; k--) {
    if (startOf(k) <= today)
      return k === pillars.length - 1 && startOf(k + 1) <= today
        ? 'past the eighth'
        : `${pillars[k]?.ganzhi} since ${startOf(k)}`;
  }
  return '';
}

/** What a person looks for first in each kind of answer. @type {Record<PlaygroundTool['summary'], (d: Json) => HTMLElement[]>} */
const SUMMARIES = {
  hd: (d) => [
    definitions([
      ['Type', d.chart?.type],
      ['Strategy', d.chart?.strategy],
      ['Authority', d.chart?.authority],
      ['Profile', d.chart?.profile],
      ['Definition', d.chart?.definition],
      ['Incarnation cross', d.chart?.incarnationCross],
      ['Defined centers', (d.centers?.defined ?? []).join(', ') || 'none'],
      [
        'Channels',
        (d.channels ?? []).map((/** @type {Json} */ c) => `${c.gates} ${c.name}`).join(', ') || 'none',
      ],
    ]),
  ],
  astrology: (d) => {
    const p = d.personality ?? {};
    const all = [...(p.aspects?.major ?? []), ...(p.aspects?.minor ?? [])];
    const tightest = [...all].sort((a, b) => Math.abs(a.orb) - Math.abs(b.orb)).slice(0, 5);
    return [
      definitions([
        ['Sun', `${p.planets?.Sun?.positionFormatted}, house ${p.planets?.Sun?.house}`],
        ['Moon', `${p.planets?.Moon?.positionFormatted}, house ${p.planets?.Moon?.house}`],
        ['Ascendant', p.angles?.ascendant?.positionFormatted],
        ['Dominant element', p.chart?.dominantElement?.value],
        ['Dominant quality', p.chart?.dominantQuality?.value],
        ['Tightest aspects', tightest.map(aspectText).join('; ')],
      ]),
    ];
  },
  bazi: (d) => {
    const pillars = ['year', 'month', 'day', 'hour'].map((k) => d.pillars?.[k] ?? {});
    const dm = d.dayMaster ?? {};
    return [
      table(
        ['Year', 'Month', 'Day', 'Hour'],
        [
          pillars.map((p) => String(p.ganzhi ?? '')),
          pillars.map((p) => `${p.stem?.pinyin ?? ''} ${p.branch?.pinyin ?? ''}`),
          pillars.map((p) => `${p.stem?.polarity ?? ''} ${p.stem?.element ?? ''}, ${p.branch?.animal ?? ''}`),
        ],
        'Four pillars',
      ),
      definitions([
        ['Day master', `${dm.char} ${dm.pinyin}, ${dm.polarity} ${dm.element}`],
        ['Luck pillar now', luckToday(d.luckPillars ?? {})],
        [
          'Luck pillars',
          `${d.luckPillars?.direction}, ${(d.luckPillars?.pillars ?? []).map((/** @type {Json} */ p) => p.ganzhi).join(' ')}`,
        ],
      ]),
    ];
  },
  series: (d) => {
    /** @type {Json[]} */
    const points = d.points ?? [];
    const flat = points.map((pt) => (isObject(pt.chart) ? { utc: pt.utc, ...pt.chart.chart } : pt));
    return [
      definitions([
        ['Range', `${d.startDate} to ${d.endDate}, ${d.granularity}`],
        ['Points', String(d.count ?? points.length)],
        ...(d.bodies ? /** @type {[string, string][]} */ ([['Bodies', cellText(d.bodies)]]) : []),
      ]),
      objectTable(flat, 'First points', 5),
    ];
  },
  events: (d) => {
    const lists = Object.entries(d).filter(([, v]) => Array.isArray(v) && v.length && isObject(v[0]));
    const counts = lists.map(([k, v]) => /** @type {[string, string]} */ ([k, String(v.length)]));
    return [
      definitions(counts.length ? counts : [['Found', 'nothing in this range']]),
      ...lists.map(([k, v]) => objectTable(v, k)),
    ];
  },
  sage: (d) => [markdown(String(d.answer ?? '')), definitions([['Domain', String(d.domain ?? '')]])],
  generic: (d) => {
    /** @type {[string, string][]} */
    const rows = [];
    for (const [k, v] of Object.entries(d)) {
      if (k === 'warnings' || k === 'tooltips' || rows.length >= 24) continue;
      if (!isObject(v) && !Array.isArray(v)) rows.push([k, String(v)]);
      else if (isObject(v)) {
        for (const [k2, v2] of Object.entries(/** @type {Json} */ (v))) {
          if (!isObject(v2) && !Array.isArray(v2)) rows.push([`${k}.${k2}`, String(v2)]);
          else if (isObject(v2) && 'value' in v2) rows.push([`${k}.${k2}`, String(v2.value)]);
        }
      }
    }
    return [definitions(rows)];
  },
};

/**
 * Markdown as DOM nodes, built element by element (no HTML is parsed, so an answer can never inject
 * markup): headings, paragraphs, bullet and numbered lists, code blocks, **bold**, *italic*, `code`
 * and [links](https://...) to http(s) addresses only.
 * @param {string} source
 */
function markdown(source) {
  const root = make('div', undefined, 'answer');
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  /** @type {HTMLElement | null} */
  let list = null;
  /** @type {string[]} */
  let paragraph = [];
  const flush = () => {
    if (paragraph.length) root.appendChild(inline(make('p'), paragraph.join(' ')));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = /** @type {string} */ (lines[i]);
    if (line.startsWith('```')) {
      flush();
      list = null;
      const code = [];
      while (++i < lines.length && !String(lines[i]).startsWith('```')) code.push(lines[i]);
      const pre = make('pre');
      pre.appendChild(make('code', code.join('\n')));
      root.appendChild(pre);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      list = null;
      const level = Math.min(6, (heading[1] ?? '#').length + 2);
      root.appendChild(inline(make(/** @type {'h3'} */ (`h${level}`)), heading[2] ?? ''));
    } else if (bullet || numbered) {
      flush();
      const tag = bullet ? 'ul' : 'ol';
      if (!list || list.tagName.toLowerCase() !== tag) {
        list = make(tag);
        root.appendChild(list);
      }
      list.appendChild(inline(make('li'), (bullet ?? numbered)?.[1] ?? ''));
    } else if (!line.trim()) {
      flush();
      list = null;
    } else {
      list = null;
      paragraph.push(line.trim());
    }
  }
  flush();
  return root;
}

/**
 * Inline Markdown into `parent` as text nodes and elements.
 * @template {HTMLElement} T
 * @param {T} parent
 * @param {string} text
 * @returns {T}
 */
function inline(parent, text) {
  const pattern = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|_(.+?)_|`(.+?)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    parent.append(text.slice(at, m.index));
    if (m[1] ?? m[2]) parent.appendChild(inline(make('strong'), m[1] ?? m[2] ?? ''));
    else if (m[3] ?? m[4]) parent.appendChild(inline(make('em'), m[3] ?? m[4] ?? ''));
    else if (m[5]) parent.appendChild(make('code', m[5]));
    else {
      const href = m[7] ?? '';
      if (/^https?:\/\//i.test(href)) {
        const a = make('a', m[6]);
        a.href = href;
        a.rel = 'noopener noreferrer';
        parent.appendChild(a);
      } else parent.append(m[6] ?? '');
    }
    at = (m.index ?? 0) + m[0].length;
  }
  parent.append(text.slice(at));
  return parent;
}

/**
 * The answer summed up for its tool, warnings first.
 * @param {unknown} data
 */
function summarize(data) {
  const box = byId('summary');
  box.textContent = '';
  const answer = isObject(data) ? /** @type {Json} */ (data) : {};
  if (Array.isArray(answer.warnings) && answer.warnings.length) {
    const ul = make('ul', undefined, 'warnings');
    for (const w of answer.warnings) ul.appendChild(make('li', `Warning: ${w}`));
    box.appendChild(ul);
  }
  try {
    box.append(...SUMMARIES[current.summary](answer));
  } catch {
    box.append(...SUMMARIES.generic(answer));
  }
}

const prefersDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

/**
 * The picture of the answer, from the same input plus the render options (free after the Run: it
 * draws the chart the Run paid for). The theme follows the page unless chosen; the width is the
 * picture box's, so a phone gets the compact layout.
 * @param {Record<string, unknown>} input
 * @param {Record<string, unknown>} options
 */
function showPicture(input, options) {
  const box = byId('picture');
  box.textContent = '';
  box.hidden = true;
  if (!current.picture) return;
  const width = Math.round(Math.min(4000, Math.max(300, byId('result').clientWidth - 34)));
  const body = { theme: prefersDark() ? 'dark' : 'light', width, ...input, ...options };
  const req = requestFor(current.picture, 'POST', 'body', body);
  const tool = current;
  fetch(req.url, req.init)
    .then(async (res) => {
      if (!res.ok) {
        const err = /** @type {ApiBody} */ (await res.json().catch(() => null));
        showError(res.status, err, pictureFields);
        return;
      }
      const img = document.createElement('img');
      img.alt = `${tool.title} picture`;
      img.src = URL.createObjectURL(await res.blob());
      img.dataset.cache = res.headers.get('X-Cache') ?? '';
      box.appendChild(img);
      box.hidden = false;
    })
    .catch(() => {
      /* the JSON answer stands on its own */
    });
}

byId('form').addEventListener('submit', (e) => {
  e.preventDefault();
  const result = byId('result');
  const button = byIdAs('submit', HTMLButtonElement);
  byId('error').hidden = true;
  byId('summary').textContent = '';
  byId('raw').textContent = '';
  byId('picture').hidden = true;
  clearFieldErrors();
  /** @type {Record<string, unknown>} */
  let input;
  /** @type {Record<string, unknown>} */
  let options;
  try {
    input = collect(fields);
    options = collect(pictureFields);
  } catch (err) {
    result.hidden = false;
    const detail =
      err instanceof FieldError ? { field: err.field, message: err.message } : { message: String(err) };
    showError('(not sent)', { error: { code: 'invalid_input', details: [detail] } }, [
      ...fields,
      ...pictureFields,
    ]);
    return;
  }
  const tool = current;
  const req = requestFor(tool.path, tool.method, tool.from, input);
  byId('curl').textContent = curlFor(req);
  result.hidden = false;
  const title = byId('result-title');
  title.textContent = `${tool.title}: running…`;
  result.scrollIntoView({ block: 'start' });
  button.disabled = true;
  fetch(req.url, req.init)
    .then(async (res) => {
      const text = await res.text();
      /** @type {ApiBody} */
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        body = { error: { message: text } };
      }
      byId('raw').textContent = JSON.stringify(body, null, 2);
      if (!res.ok || body?.success === false) {
        title.textContent = `${tool.title}: error`;
        showError(res.status, body, fields);
        return;
      }
      title.textContent = tool.title;
      summarize(body.data !== undefined ? body.data : body);
      showPicture(input, options);
    })
    .catch((err) => {
      title.textContent = `${tool.title}: error`;
      showError(
        '(network)',
        { error: { message: err instanceof Error ? err.message : String(err) } },
        fields,
      );
    })
    .finally(() => {
      button.disabled = false;
      // An error at a field has focused (and shown) that field; otherwise the answer comes into view.
      if (document.querySelector('#fields [aria-invalid="true"]')) return;
      result.scrollIntoView({ block: 'start' });
      title.focus({ preventScroll: true });
    });
});

chooseTool(current.name);
