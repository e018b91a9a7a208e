// « Demander confirmation à mon OPCO » (issue 27 item 7): the message a company sends its OPCO to
// confirm the figure the dashboard shows: its SIRET, IDCC and headcount, the figure and where it
// comes from (or that none is published), and a mailto: link carrying it. Works offline: nothing
// here needs the network. Pure: the words (src/i18n/fr/opco-confirmation.ts) are passed in, so the
// domain holds no French text of its own.

export type OpcoRequestFacts = {
  companyName: string;
  siret: string;
  idcc: string | null;
  /** the headcount as the company card says it ('11 à 49 salariés') */
  headcount: string;
  /** the OPCO's display name; null when unknown */
  opco: string | null;
  /** the figure as the card shows it ('Budget Total : 3 000 € HT'); null when none is known */
  figure: string | null;
  /** where the figure comes from ('critères 2026 d'Atlas, page officielle de l'OPCO'), its page */
  source: { text: string; url: string | null } | null;
  /** the sender's name for the signature (profile), when known */
  sender: string | null;
};

export type OpcoRequestWords = {
  subject: (companyName: string, siret: string) => string;
  greeting: string;
  intro: string;
  company: string;
  siret: string;
  idcc: string;
  headcount: string;
  opco: string;
  notProvided: string;
  figure: (figure: string) => string;
  noFigure: string;
  source: (text: string) => string;
  askFigure: string;
  askNoFigure: string;
  closing: string;
};

export type OpcoRequestMessage = {
  subject: string;
  /** the text to copy (lines separated by \n) */
  body: string;
  /** mailto: with the subject and body (no recipient: the user picks the OPCO's address) */
  mailto: string;
};

/** Characters that would break a line of the message: controls, line and paragraph separators. */
const oneLine = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, 500);

const safeUrl = (url: string | null | undefined): string | null =>
  url && /^https?:\/\/[^\s]+$/i.test(url) && url.length <= 1000 ? url : null;

/** RFC 6068: line breaks as CRLF, every other reserved character percent-encoded. */
function mailtoOf(subject: string, body: string): string {
  const enc = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  return `mailto:?subject=${enc(subject)}&body=${enc(body)}`;
}

export function buildOpcoRequestMessage(
  facts: OpcoRequestFacts,
  words: OpcoRequestWords,
): OpcoRequestMessage {
  const value = (text: string | null) => {
    const clean = text === null ? '' : oneLine(text);
    return clean === '' ? words.notProvided : clean;
  };
  const company = value(facts.companyName);
  const siret = value(facts.siret);
  const figure = facts.figure === null ? '' : oneLine(facts.figure);
  const lines = [
    words.greeting,
    '',
    words.intro,
    '',
    `- ${words.company} : ${company}`,
    `- ${words.siret} : ${siret}`,
    `- ${words.idcc} : ${value(facts.idcc)}`,
    `- ${words.headcount} : ${value(facts.headcount)}`,
    `- ${words.opco} : ${value(facts.opco)}`,
    '',
    figure === '' ? words.noFigure : words.figure(figure),
  ];
  if (figure !== '' && facts.source) {
    const url = safeUrl(facts.source.url);
    const text = oneLine(facts.source.text);
    // The page on a line of its own: mail clients turn it into a link.
    if (text !== '') lines.push(words.source(text));
    if (url) lines.push(url);
  }
  lines.push('', figure === '' ? words.askNoFigure : words.askFigure, '', words.closing);
  const sender = facts.sender === null ? '' : oneLine(facts.sender);
  if (sender !== '') lines.push(sender);
  const subject = oneLine(words.subject(company, siret));
  const body = lines.join('\n');
  return { subject, body, mailto: mailtoOf(subject, body) };
}
