// The study page's script, as text written into DIR/report.js: draws each
// mode's chart with vega's View API from the data embedded in the page,
// shows a point's details on hover, opens its design page on click, and
// filters points and frontier rows by micro-architecture parameter.
export const CLIENT_JS = String.raw`
(function () {
  const data = JSON.parse(document.getElementById('report-data').textContent);
  const tip = document.getElementById('tooltip');
  const views = [];
  window.gfxrtlViews = views;
  const filters = {};
  const keep = (d) => Object.entries(filters).every(([k, v]) => v === '' || d.params[k] === v);
  function show(event, item) {
    const d = item && item.datum;
    if (!d || d.id === undefined) { tip.style.display = 'none'; return; }
    const rows = [['design', d.id], ['point', d.vt + ' Vt, ' + d.vdd + ' V, ' + d.stages + ' stage(s)'], [data.x, d.x.toPrecision(4)], [data.y, d.y.toPrecision(4)],
      ['area', d.areaUm2.toFixed(1) + ' um^2'], ['power', d.powerMw.toFixed(3) + ' mW'], ['clock', d.clockGhz.toFixed(3) + ' GHz'], ['', d.page ? 'click: its page' : '(no page: not on a frontier)']];
    tip.innerHTML = rows.map(([k, v]) => '<div><b>' + k + '</b> ' + String(v).replace(/</g, '&lt;') + '</div>').join('');
    tip.style.left = (event.clientX + 14) + 'px';
    tip.style.top = (event.clientY + 10) + 'px';
    tip.style.display = 'block';
  }
  async function draw(mode) {
    const el = document.getElementById('chart-' + mode.slug);
    const view = new vega.View(vega.parse(mode.spec), { renderer: 'svg', container: el, hover: true });
    view.tooltip(function (handler, event, item) { show(event, item); });
    view.addEventListener('mouseout', function () { tip.style.display = 'none'; });
    view.addEventListener('click', function (event, item) {
      const d = item && item.datum;
      if (d && d.page) window.location.href = d.page;
    });
    view.data('cloud', mode.cloud).data('frontier', mode.frontier);
    await view.runAsync();
    views.push({ mode: mode.name, view: view });
  }
  async function refilter() {
    for (const v of views) {
      const m = data.modes.find((x) => x.name === v.mode);
      v.view.data('cloud', m.cloud.filter(keep)).data('frontier', m.frontier.filter(keep));
      await v.view.runAsync();
    }
    for (const tr of document.querySelectorAll('tr[data-params]')) {
      tr.classList.toggle('hidden', !keep({ params: JSON.parse(tr.dataset.params) }));
    }
  }
  for (const sel of document.querySelectorAll('select[data-filter]')) {
    sel.addEventListener('change', function () { filters[sel.dataset.filter] = sel.value; refilter(); });
  }
  Promise.all(data.modes.map(draw)).then(function () { document.body.dataset.ready = 'yes'; },
    function (e) { document.body.dataset.ready = 'error'; console.error('gfxrtl report: ' + e); });
})();
`;

/** The design page's script: shows the physical point named in the URL hash (#vt=...&vdd=...&stages=...), else the first. */
export const DESIGN_JS = String.raw`
(function () {
  function pick() {
    const sections = document.querySelectorAll('section[data-point]');
    const want = decodeURIComponent(window.location.hash.slice(1));
    let shown = false;
    for (const s of sections) {
      const on = s.dataset.point === want;
      s.hidden = !on;
      shown = shown || on;
    }
    if (!shown && sections.length > 0) sections[0].hidden = false;
  }
  window.addEventListener('hashchange', pick);
  pick();
  document.body.dataset.ready = 'yes';
})();
`;
