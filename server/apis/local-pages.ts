// Local stand-ins for the third-party pages the app embeds or links to (meeting scheduler, budget
// form service, contact page), so that a fresh clone works with no account anywhere. Small static
// pages, clearly labelled as local sample pages; they store nothing. They may be framed (no
// X-Frame-Options) and tell the parent window what happened with postMessage: '<page>:ready' once
// shown (an embedding page cannot tell a loaded frame from an error page otherwise:
// src/components/scheduler-frame.tsx), then what the user did.
//   /_local/scheduler[/<advisor>][?type=leads][&firstname=&lastname=&email=]   booking page
//                                    (iframe); the booking modal appends the advisor's calendar
//                                    path (src/lib/advisors.ts); name and e-mail prefilled
//   (the budget form's ':ready' message carries its height, sent again when it changes)
//   /_local/budget-form?email=&idcc=&employes=&budget=&phone_number=   form with hidden fields
//   /_local/contact                  "être recontacté" page
import { Hono } from 'hono';

const BANNER =
  'Données d\u2019exemple / environnement local : rien n\u2019est envoyé ni enregistré.';

function layout(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:1rem;color:#1f2937;background:#fff}
.banner{background:#fef3c7;border:1px solid #f59e0b;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;margin-bottom:1rem}
h1{font-size:1.25rem;margin:.25rem 0 1rem}
.days{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.75rem}
.day h2{font-size:.95rem;margin:0 0 .5rem}
button,.slot{font:inherit;border:1px solid #2563eb;color:#2563eb;background:#fff;border-radius:.4rem;padding:.35rem .6rem;margin:.15rem;cursor:pointer}
button.primary{background:#2563eb;color:#fff}
label{display:block;margin:.5rem 0 .2rem;font-weight:600}
input,textarea{font:inherit;width:100%;max-width:28rem;box-sizing:border-box;padding:.4rem;border:1px solid #9ca3af;border-radius:.3rem}
.done{background:#dcfce7;border:1px solid #16a34a;border-radius:.5rem;padding:.75rem}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem .75rem}dt{font-weight:600}dd{margin:0;min-width:0;overflow-wrap:anywhere}
</style></head><body><p class="banner" role="note">${BANNER}</p>${body}
<script>${script}</script></body></html>`;
}

const SCHEDULER_SCRIPT = `
const params = new URLSearchParams(location.search);
const days = document.getElementById('days');
const fmt = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long' });
let d = new Date(); let shown = 0;
while (shown < 5) {
  d.setDate(d.getDate() + 1);
  if (d.getDay() === 0 || d.getDay() === 6) continue;
  shown++;
  const col = document.createElement('section'); col.className = 'day';
  const h = document.createElement('h2'); h.textContent = fmt.format(d); col.appendChild(h);
  for (const t of ['09:00', '10:30', '14:00', '15:30', '17:00']) {
    const b = document.createElement('button'); b.type = 'button'; b.className = 'slot';
    const label = fmt.format(d) + ' à ' + t.replace(':', 'h');
    b.textContent = t.replace(':', 'h'); b.setAttribute('aria-label', label);
    b.onclick = () => choose(label);
    col.appendChild(b);
  }
  days.appendChild(col);
}
// Prefilled by the embedding page (the signed-in user's name and e-mail), as meeting providers do.
const prefillName = [params.get('firstname'), params.get('lastname')].filter(Boolean).join(' ');
if (prefillName) document.getElementById('name').value = prefillName;
if (params.get('email')) document.getElementById('email').value = params.get('email');
function choose(label) {
  document.getElementById('slot').textContent = label;
  document.getElementById('pick').hidden = true;
  document.getElementById('confirm').hidden = false;
  document.getElementById('name').focus();
}
document.getElementById('form').onsubmit = (e) => {
  e.preventDefault();
  const slot = document.getElementById('slot').textContent;
  document.getElementById('confirm').hidden = true;
  const done = document.getElementById('done'); done.hidden = false;
  done.querySelector('span').textContent = slot;
  parent.postMessage({ type: 'local-scheduler:booked', slot, kind: params.get('type') || 'advisor' }, '*');
};
parent.postMessage({ type: 'local-scheduler:ready', kind: params.get('type') || 'advisor' }, '*');`;

function scheduler(type: string | undefined): string {
  const title =
    type === 'leads' ? 'Prendre rendez-vous avec notre équipe' : 'Rendez-vous conseiller (30 min)';
  return layout(
    title,
    `<h1>${title}</h1>
<div id="pick"><p>Choisissez un créneau :</p><div id="days" class="days"></div></div>
<div id="confirm" hidden><p>Créneau choisi : <strong id="slot"></strong></p>
<form id="form"><label for="name">Nom</label><input id="name" name="name" required autocomplete="name">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email">
<p><button class="primary" type="submit">Confirmer le rendez-vous</button></p></form></div>
<div id="done" class="done" hidden role="status">Rendez-vous confirmé pour le <span></span> (simulation locale).</div>`,
    SCHEDULER_SCRIPT,
  );
}

const FORM_FIELDS: [string, string][] = [
  ['email', 'E-mail'],
  ['idcc', 'IDCC'],
  ['employes', 'Effectif'],
  ['budget', 'Budget'],
  ['phone_number', 'Téléphone'],
];

const BUDGET_FORM_SCRIPT = `
const params = new URLSearchParams(location.search);
const list = document.getElementById('hidden');
for (const [key, label] of ${JSON.stringify(FORM_FIELDS)}) {
  const value = params.get(key) || '';
  const input = document.querySelector('input[name="' + key + '"]'); input.value = value;
  const dt = document.createElement('dt'); dt.textContent = label;
  const dd = document.createElement('dd'); dd.textContent = value || '—'; dd.dataset.field = key;
  list.append(dt, dd);
}
document.getElementById('form').onsubmit = (e) => {
  e.preventDefault();
  document.getElementById('form').hidden = true;
  document.getElementById('done').hidden = false;
  parent.postMessage({ type: 'local-budget-form:submitted', fields: Object.fromEntries(params) }, '*');
};
// The page's height, so that the embedding page can show it whole (a phone needs more than 500 px).
const tellHeight = () =>
  parent.postMessage({ type: 'local-budget-form:ready', height: document.documentElement.scrollHeight }, '*');
tellHeight();
new ResizeObserver(tellHeight).observe(document.body);`;

function budgetForm(): string {
  return layout(
    'Être accompagné',
    `<h1>Vous êtes éligible à un accompagnement</h1>
<form id="form">${FORM_FIELDS.map(([k]) => `<input type="hidden" name="${k}">`).join('')}
<p>Informations transmises par l\u2019application (champs cachés) :</p><dl id="hidden"></dl>
<label for="message">Votre besoin</label><textarea id="message" name="message" rows="3"></textarea>
<p><button class="primary" type="submit">Être rappelé</button></p></form>
<div id="done" class="done" hidden role="status">Merci ! Votre demande a bien été prise en compte (simulation locale).</div>`,
    BUDGET_FORM_SCRIPT,
  );
}

function contact(): string {
  return layout(
    'Être recontacté',
    `<h1>Être recontacté</h1>
<form id="form"><label for="name">Nom</label><input id="name" required autocomplete="name">
<label for="email">E-mail</label><input id="email" type="email" required autocomplete="email">
<label for="message">Message</label><textarea id="message" rows="4"></textarea>
<p><button class="primary" type="submit">Envoyer</button></p></form>
<div id="done" class="done" hidden role="status">Merci ! Un conseiller vous répondra par e-mail sous 24 heures (simulation locale).</div>`,
    `document.getElementById('form').onsubmit=(e)=>{e.preventDefault();document.getElementById('form').hidden=true;document.getElementById('done').hidden=false;};`,
  );
}

/** An advisor's calendar path: a lower-case slug (src/lib/advisors.ts calendarPath). */
const ADVISOR_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function localPagesRoutes(): Hono {
  const r = new Hono();
  r.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-cache');
  });
  r.get('/scheduler', (c) => c.html(scheduler(c.req.query('type'))));
  // One calendar per advisor on a real meetings provider; the same local page for all four.
  r.get('/scheduler/:advisor', (c) =>
    c.req.param('advisor').length <= 64 && ADVISOR_PATH.test(c.req.param('advisor'))
      ? c.html(scheduler(c.req.query('type')))
      : c.text('Not Found', 404),
  );
  r.get('/budget-form', (c) => c.html(budgetForm()));
  r.get('/contact', (c) => c.html(contact()));
  return r;
}
