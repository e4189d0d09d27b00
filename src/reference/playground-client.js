// @ts-check
/**
 * The playground's browser script (see playground.ts), served as a file at /playground.js and run
 * as written: no build step, no dependency. Type-checked against the DOM (tsconfig.browser.json),
 * linted and formatted like the rest of the source. It reads the tool list the page carries, builds
 * each tool's form from its input JSON Schema, and calls the REST routes with the visitor's key.
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
 * @property {string} [picture]
 */

/** @typedef {{ kind: 'enum', values: unknown[], s: JsonSchema } | { kind: 'boolean' | 'number' | 'string' | 'json', s: JsonSchema }} FieldKind */
/** @typedef {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} FieldInput */
/** @typedef {{ name: string, root: HTMLElement, set(value: unknown): void, get(): unknown }} Field */
/** @typedef {{ url: string, init: { method: string, headers: Record<string, string>, body?: string } }} ApiRequest */
/** @typedef {{ field?: string, message: string }} ErrorDetail */
/** @typedef {{ success?: boolean, data?: unknown, error?: { code?: string, message?: string, details?: ErrorDetail[] } }} ApiBody */

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

/** @type {PlaygroundTool[]} */
const tools = JSON.parse(byId('tools').textContent ?? '[]');
const KEY_STORE = 'chart-service-key';
const keyInput = byIdAs('api-key', HTMLInputElement);
/** @type {PlaygroundTool} */
let current = /** @type {PlaygroundTool} */ (tools[0]);
/** @type {Field[]} */
let fields = [];

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

/** @param {string} name */
function chooseTool(name) {
  current = tools.find((t) => t.name === name) ?? current;
  byId('tool-description').textContent = current.description;
  const box = byId('fields');
  box.textContent = '';
  fields = [];
  const props = current.schema.properties ?? {};
  const required = current.schema.required ?? [];
  for (const [field, schema] of Object.entries(props)) {
    const f = buildField(field, kindOf(schema), required.includes(field));
    fields.push(f);
    box.appendChild(f.root);
  }
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
 * One labelled form field with its hint, reading and writing the value in the schema's type.
 * @param {string} name
 * @param {FieldKind} k
 * @param {boolean} required
 * @returns {Field}
 */
function buildField(name, k, required) {
  const root = document.createElement('div');
  root.className = 'field';
  const id = `f-${name}`;
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
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.id = `${id}-hint`;
    hint.textContent = k.s.description;
    input.setAttribute('aria-describedby', hint.id);
    root.appendChild(hint);
  }
  if (/^birthLocation\d*$/.test(name) && input instanceof HTMLInputElement) cityPicker(input, root);
  const control = input;
  return {
    name,
    root,
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
          throw new Error(`${name}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
        }
      }
      return raw;
    },
  };
}

/**
 * Type-ahead over GET /api/locations: arrow keys move, Enter picks, Escape closes.
 * @param {HTMLInputElement} input
 * @param {HTMLElement} root
 */
function cityPicker(input, root) {
  const list = document.createElement('ul');
  list.id = `${input.id}-options`;
  list.setAttribute('role', 'listbox');
  list.hidden = true;
  root.insertBefore(list, input.nextSibling);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
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
      const li = document.createElement('li');
      li.id = `${list.id}-${i}`;
      li.setAttribute('role', 'option');
      li.dataset.value = r.value;
      li.textContent = r.value;
      li.addEventListener('mousedown', (e) => {
        e.preventDefault();
        pick(i);
      });
      list.appendChild(li);
      return li;
    });
    list.hidden = options.length === 0;
    input.setAttribute('aria-expanded', options.length ? 'true' : 'false');
    highlight(-1);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < 3) {
      close();
      return;
    }
    timer = setTimeout(() => {
      const ticket = ++asked;
      fetch(`/api/locations?limit=8&q=${encodeURIComponent(q)}`, { headers: authHeaders() })
        .then((res) => res.json())
        .then((body) => {
          if (ticket !== asked) return;
          show(body?.success && body.data ? body.data.results : []);
        })
        .catch(close);
    }, 150);
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      highlight(Math.min(options.length - 1, active + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      highlight(Math.max(0, active - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  });
  input.addEventListener('blur', () => setTimeout(close, 100));
}

byId('fill-example').addEventListener('click', () => {
  const ex = current.example ?? {};
  for (const f of fields) f.set(ex[f.name]);
});

/** @returns {Record<string, unknown>} */
function collect() {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const f of fields) {
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

/**
 * @param {number | string} status
 * @param {ApiBody | null} body
 */
function showError(status, body) {
  const box = byId('error');
  box.textContent = '';
  const err = body?.error;
  const head = document.createElement('strong');
  head.textContent = `HTTP ${status}${err?.code ? ` ${err.code}` : ''}: `;
  box.append(head, err?.message ?? 'the request failed.');
  if (err?.details?.length) {
    const ul = document.createElement('ul');
    for (const d of err.details) {
      const li = document.createElement('li');
      li.textContent = (d.field ? `${d.field}: ` : '') + d.message;
      ul.appendChild(li);
    }
    box.appendChild(ul);
  }
  box.hidden = false;
}

/** @param {unknown} v */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The answer's plain values, two levels deep, as label/value rows a person can read.
 * @param {unknown} data
 */
function summarize(data) {
  /** @type {[string, string][]} */
  const rows = [];
  /**
   * @param {string} label
   * @param {unknown} v
   */
  const add = (label, v) => {
    if (rows.length >= 24) return;
    if (v === null || typeof v !== 'object') rows.push([label, String(v)]);
    else if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object'))
      rows.push([label, v.join(', ')]);
  };
  const answer = isObject(data) ? /** @type {Record<string, unknown>} */ (data) : {};
  if (Array.isArray(answer.warnings)) for (const w of answer.warnings) rows.push(['warning', String(w)]);
  for (const [k, v] of Object.entries(answer)) {
    if (k === 'warnings' || k === 'tooltips') continue;
    if (!isObject(v)) {
      add(k, v);
      continue;
    }
    for (const [k2, v2] of Object.entries(/** @type {Record<string, unknown>} */ (v))) {
      add(
        `${k}.${k2}`,
        isObject(v2) && 'value' in /** @type {object} */ (v2)
          ? /** @type {{ value: unknown }} */ (v2).value
          : v2,
      );
    }
  }
  const dl = byId('summary');
  dl.textContent = '';
  for (const [label, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    dl.append(dt, dd);
  }
}

/** @param {Record<string, unknown>} input */
function showPicture(input) {
  const box = byId('picture');
  box.textContent = '';
  box.hidden = true;
  if (!current.picture) return;
  const req = requestFor(current.picture, 'POST', 'body', input);
  fetch(req.url, req.init)
    .then((res) => (res.ok ? res.blob() : null))
    .then((blob) => {
      if (!blob) return;
      const img = document.createElement('img');
      img.alt = `${current.title} picture`;
      img.src = URL.createObjectURL(blob);
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
  /** @type {Record<string, unknown>} */
  let input;
  try {
    input = collect();
  } catch (err) {
    result.hidden = false;
    showError('(not sent)', { error: { message: err instanceof Error ? err.message : String(err) } });
    return;
  }
  const tool = current;
  const req = requestFor(tool.path, tool.method, tool.from, input);
  byId('curl').textContent = curlFor(req);
  result.hidden = false;
  byId('result-title').textContent = `${tool.title}: running…`;
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
        byId('result-title').textContent = `${tool.title}: error`;
        showError(res.status, body);
        return;
      }
      byId('result-title').textContent = tool.title;
      summarize(body.data !== undefined ? body.data : body);
      showPicture(input);
    })
    .catch((err) => {
      byId('result-title').textContent = `${tool.title}: error`;
      showError('(network)', { error: { message: err instanceof Error ? err.message : String(err) } });
    })
    .finally(() => {
      button.disabled = false;
    });
});

chooseTool(current.name);
