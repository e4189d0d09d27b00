/**
 * The playground's browser script (see playground.ts), plain ES2017 that runs as written: no build
 * step, no dependency. It reads the tool list from the page, builds each tool's form from its input
 * JSON Schema, and calls the REST routes with the visitor's key.
 */
export const PLAYGROUND_SCRIPT = String.raw`
(function () {
  'use strict';
  var tools = JSON.parse(document.getElementById('tools').textContent);
  var byId = function (id) { return document.getElementById(id); };
  var KEY_STORE = 'chart-service-key';
  var keyInput = byId('api-key');
  var current = null;
  var fields = [];

  try { keyInput.value = localStorage.getItem(KEY_STORE) || ''; } catch (e) { /* storage off */ }
  keyInput.addEventListener('input', function () {
    try { localStorage.setItem(KEY_STORE, keyInput.value.trim()); } catch (e) { /* storage off */ }
  });
  byId('forget-key').addEventListener('click', function () {
    keyInput.value = '';
    try { localStorage.removeItem(KEY_STORE); } catch (e) { /* storage off */ }
    keyInput.focus();
  });
  var key = function () { return keyInput.value.trim(); };
  var authHeaders = function () {
    var h = {};
    if (key()) h.Authorization = 'Bearer ' + key();
    return h;
  };

  var select = byId('tool');
  tools.forEach(function (t) {
    var o = document.createElement('option');
    o.value = t.name;
    o.textContent = t.title + ' (' + t.name + ')';
    select.appendChild(o);
  });
  select.addEventListener('change', function () { chooseTool(select.value); });

  // A JSON Schema property reduced to what a form needs.
  function kindOf(s) {
    var alts = s.anyOf || s.oneOf;
    if (alts) {
      var real = alts.filter(function (a) { return a.type !== 'null'; })[0] || {};
      return kindOf(Object.assign({}, real, { description: s.description || real.description }));
    }
    if (s.enum) return { kind: 'enum', values: s.enum, s: s };
    if (s.type === 'boolean') return { kind: 'boolean', s: s };
    if (s.type === 'number' || s.type === 'integer') return { kind: 'number', s: s };
    if (s.type === 'string') return { kind: 'string', s: s };
    return { kind: 'json', s: s };
  }

  function chooseTool(name) {
    current = tools.filter(function (t) { return t.name === name; })[0];
    byId('tool-description').textContent = current.description;
    var box = byId('fields');
    box.textContent = '';
    fields = [];
    var props = current.schema.properties || {};
    var required = current.schema.required || [];
    Object.keys(props).forEach(function (name) {
      var f = buildField(name, kindOf(props[name]), required.indexOf(name) >= 0);
      fields.push(f);
      box.appendChild(f.root);
    });
    byId('result').hidden = true;
  }

  function buildField(name, k, required) {
    var root = document.createElement('div');
    root.className = 'field';
    var id = 'f-' + name;
    var label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = name + (required ? ' *' : '');
    var input;
    if (k.kind === 'boolean') {
      label.className = 'check';
      input = document.createElement('input');
      input.type = 'checkbox';
      input.id = id;
      label.textContent = '';
      label.appendChild(input);
      label.appendChild(document.createTextNode(' ' + name));
      root.appendChild(label);
    } else {
      root.appendChild(label);
      if (k.kind === 'enum') {
        input = document.createElement('select');
        var blank = document.createElement('option');
        blank.value = '';
        blank.textContent = required ? '(choose)' : '(default)';
        input.appendChild(blank);
        k.values.forEach(function (v) {
          var o = document.createElement('option');
          o.value = String(v);
          o.textContent = String(v);
          input.appendChild(o);
        });
      } else if (k.kind === 'json') {
        input = document.createElement('textarea');
        input.placeholder = 'JSON';
      } else {
        input = document.createElement('input');
        input.type = k.kind === 'number' ? 'number' : 'text';
        if (k.kind === 'number') input.step = 'any';
        input.autocomplete = 'off';
      }
      input.id = id;
      input.name = name;
      root.appendChild(input);
    }
    if (k.s.description) {
      var hint = document.createElement('p');
      hint.className = 'hint';
      hint.id = id + '-hint';
      hint.textContent = k.s.description;
      input.setAttribute('aria-describedby', hint.id);
      root.appendChild(hint);
    }
    if (/^birthLocation\d*$/.test(name)) cityPicker(input, root);
    return {
      name: name,
      root: root,
      set: function (v) {
        if (k.kind === 'boolean') input.checked = v === true;
        else if (k.kind === 'json') input.value = v === undefined ? '' : JSON.stringify(v, null, 2);
        else input.value = v === undefined || v === null ? '' : String(v);
      },
      get: function () {
        if (k.kind === 'boolean') return input.checked ? true : undefined;
        var raw = input.value.trim();
        if (raw === '') return undefined;
        if (k.kind === 'number') return Number(raw);
        if (k.kind === 'json') {
          try { return JSON.parse(raw); } catch (e) { throw new Error(name + ': not valid JSON (' + e.message + ')'); }
        }
        return raw;
      },
    };
  }

  // Type-ahead over GET /api/locations: arrow keys move, Enter picks, Escape closes.
  function cityPicker(input, root) {
    var list = document.createElement('ul');
    list.id = input.id + '-options';
    list.setAttribute('role', 'listbox');
    list.hidden = true;
    root.insertBefore(list, input.nextSibling);
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', list.id);
    var options = [];
    var active = -1;
    var timer = null;
    var asked = 0;
    function close() {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    }
    function highlight(i) {
      active = i;
      options.forEach(function (li, j) { li.setAttribute('aria-selected', j === i ? 'true' : 'false'); });
      if (options[i]) {
        input.setAttribute('aria-activedescendant', options[i].id);
        options[i].scrollIntoView({ block: 'nearest' });
      }
    }
    function pick(i) {
      if (!options[i]) return;
      input.value = options[i].dataset.value;
      close();
    }
    function show(results) {
      list.textContent = '';
      options = results.map(function (r, i) {
        var li = document.createElement('li');
        li.id = list.id + '-' + i;
        li.setAttribute('role', 'option');
        li.dataset.value = r.value;
        li.textContent = r.value;
        li.addEventListener('mousedown', function (e) { e.preventDefault(); pick(i); });
        list.appendChild(li);
        return li;
      });
      list.hidden = options.length === 0;
      input.setAttribute('aria-expanded', options.length ? 'true' : 'false');
      highlight(-1);
    }
    input.addEventListener('input', function () {
      clearTimeout(timer);
      var q = input.value.trim();
      if (q.length < 3) { close(); return; }
      timer = setTimeout(function () {
        var ticket = ++asked;
        fetch('/api/locations?limit=8&q=' + encodeURIComponent(q), { headers: authHeaders() })
          .then(function (res) { return res.json(); })
          .then(function (body) {
            if (ticket !== asked) return;
            show(body && body.success && body.data ? body.data.results : []);
          })
          .catch(function () { close(); });
      }, 150);
    });
    input.addEventListener('keydown', function (e) {
      if (list.hidden) return;
      if (e.key === 'ArrowDown') { e.preventDefault(); highlight(Math.min(options.length - 1, active + 1)); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); highlight(Math.max(0, active - 1)); }
      else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); pick(active); }
      else if (e.key === 'Escape') { e.preventDefault(); close(); }
    });
    input.addEventListener('blur', function () { setTimeout(close, 100); });
  }

  byId('fill-example').addEventListener('click', function () {
    var ex = current.example || {};
    fields.forEach(function (f) { f.set(ex[f.name]); });
  });

  function collect() {
    var out = {};
    fields.forEach(function (f) {
      var v = f.get();
      if (v !== undefined) out[f.name] = v;
    });
    return out;
  }

  function requestFor(path, method, from, input) {
    if (from === 'query') {
      var qs = new URLSearchParams();
      Object.keys(input).forEach(function (k) { qs.set(k, String(input[k])); });
      var q = qs.toString();
      return { url: path + (q ? '?' + q : ''), init: { method: 'GET', headers: authHeaders() } };
    }
    var headers = authHeaders();
    headers['Content-Type'] = 'application/json';
    return { url: path, init: { method: method, headers: headers, body: JSON.stringify(input) } };
  }

  var shellQuote = function (s) { return "'" + String(s).replace(/'/g, "'\\''") + "'"; };
  function curlFor(req) {
    var parts = ['curl -s'];
    if (req.init.method !== 'GET') parts.push('-X ' + req.init.method);
    parts.push(shellQuote(location.origin + req.url));
    parts.push('-H "Authorization: Bearer $CHART_KEY"');
    if (req.init.body) {
      parts.push("-H 'Content-Type: application/json'");
      parts.push('-d ' + shellQuote(req.init.body));
    }
    return parts.join(' \\\n  ');
  }

  function showError(status, body) {
    var box = byId('error');
    box.textContent = '';
    var err = body && body.error;
    var head = document.createElement('strong');
    head.textContent = 'HTTP ' + status + (err && err.code ? ' ' + err.code : '') + ': ';
    box.appendChild(head);
    box.appendChild(document.createTextNode(err && err.message ? err.message : 'the request failed.'));
    if (err && err.details && err.details.length) {
      var ul = document.createElement('ul');
      err.details.forEach(function (d) {
        var li = document.createElement('li');
        li.textContent = (d.field ? d.field + ': ' : '') + d.message;
        ul.appendChild(li);
      });
      box.appendChild(ul);
    }
    box.hidden = false;
  }

  // The answer's plain values, two levels deep, as label/value rows a person can read.
  function summarize(data) {
    var rows = [];
    var add = function (label, v) {
      if (rows.length >= 24) return;
      if (v === null || typeof v !== 'object') rows.push([label, String(v)]);
      else if (Array.isArray(v) && v.every(function (x) { return x === null || typeof x !== 'object'; }))
        rows.push([label, v.join(', ')]);
    };
    if (data && Array.isArray(data.warnings)) data.warnings.forEach(function (w) { rows.push(['warning', w]); });
    Object.keys(data || {}).forEach(function (k) {
      var v = data[k];
      if (k === 'warnings' || k === 'tooltips') return;
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        Object.keys(v).forEach(function (k2) {
          var v2 = v[k2];
          if (v2 && typeof v2 === 'object' && !Array.isArray(v2) && 'value' in v2) add(k + '.' + k2, v2.value);
          else add(k + '.' + k2, v2);
        });
      } else add(k, v);
    });
    var dl = byId('summary');
    dl.textContent = '';
    rows.forEach(function (r) {
      var dt = document.createElement('dt');
      dt.textContent = r[0];
      var dd = document.createElement('dd');
      dd.textContent = r[1];
      dl.appendChild(dt);
      dl.appendChild(dd);
    });
  }

  function showPicture(input) {
    var box = byId('picture');
    box.textContent = '';
    box.hidden = true;
    if (!current.picture) return;
    var req = requestFor(current.picture, 'POST', 'body', input);
    fetch(req.url, req.init)
      .then(function (res) { return res.ok ? res.blob() : null; })
      .then(function (blob) {
        if (!blob) return;
        var img = document.createElement('img');
        img.alt = current.title + ' picture';
        img.src = URL.createObjectURL(blob);
        box.appendChild(img);
        box.hidden = false;
      })
      .catch(function () { /* the JSON answer stands on its own */ });
  }

  byId('form').addEventListener('submit', function (e) {
    e.preventDefault();
    var result = byId('result');
    var button = byId('submit');
    byId('error').hidden = true;
    byId('summary').textContent = '';
    byId('raw').textContent = '';
    byId('picture').hidden = true;
    var input;
    try { input = collect(); } catch (err) {
      result.hidden = false;
      showError('(not sent)', { error: { message: err.message } });
      return;
    }
    var req = requestFor(current.path, current.method, current.from, input);
    byId('curl').textContent = curlFor(req);
    result.hidden = false;
    byId('result-title').textContent = current.title + ': running…';
    button.disabled = true;
    fetch(req.url, req.init)
      .then(function (res) {
        return res.text().then(function (text) {
          var body = null;
          try { body = JSON.parse(text); } catch (err) { body = { error: { message: text } }; }
          byId('raw').textContent = JSON.stringify(body, null, 2);
          if (!res.ok || (body && body.success === false)) {
            byId('result-title').textContent = current.title + ': error';
            showError(res.status, body);
            return;
          }
          byId('result-title').textContent = current.title;
          summarize(body.data !== undefined ? body.data : body);
          showPicture(input);
        });
      })
      .catch(function (err) {
        byId('result-title').textContent = current.title + ': error';
        showError('(network)', { error: { message: err.message } });
      })
      .finally(function () { button.disabled = false; });
  });

  chooseTool(tools[0].name);
})();
`;
