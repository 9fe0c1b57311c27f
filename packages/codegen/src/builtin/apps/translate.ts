/**
 * The builtin TRANSLATION_TOOL: an offline phrasebook translator between English, Spanish, French, German,
 * Italian and Portuguese. Whole phrases from the phrasebook translate exactly; other text goes word by word
 * from a small dictionary, with unknown words marked, and the page says which it did. A Phrasebook page
 * lists every phrase by topic. Saved translations and the chosen languages are kept in the browser; there
 * is no translation service and no database.
 * @module
 */
import { jsString } from '../format.ts';
import {
  type AppContext,
  appHeader,
  type BuiltApp,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** The phrasebook: category|English|Spanish|French|German|Italian|Portuguese, one phrase a line. */
const PHRASE_TABLE = `
greetings|Hello|Hola|Bonjour|Hallo|Ciao|Olá
greetings|Good morning|Buenos días|Bonjour|Guten Morgen|Buongiorno|Bom dia
greetings|Good evening|Buenas tardes|Bonsoir|Guten Abend|Buonasera|Boa noite
greetings|Goodbye|Adiós|Au revoir|Auf Wiedersehen|Arrivederci|Adeus
greetings|Please|Por favor|S'il vous plaît|Bitte|Per favore|Por favor
greetings|Thank you|Gracias|Merci|Danke|Grazie|Obrigado
greetings|You're welcome|De nada|De rien|Gern geschehen|Prego|De nada
greetings|Excuse me|Perdone|Excusez-moi|Entschuldigung|Mi scusi|Com licença
greetings|How are you?|¿Cómo estás?|Comment ça va ?|Wie geht es dir?|Come stai?|Como você está?
greetings|Nice to meet you|Encantado de conocerte|Enchanté de vous rencontrer|Freut mich, dich kennenzulernen|Piacere di conoscerti|Prazer em conhecê-lo
conversation|What is your name?|¿Cómo te llamas?|Comment vous appelez-vous ?|Wie heißt du?|Come ti chiami?|Qual é o seu nome?
conversation|My name is Alex|Me llamo Alex|Je m'appelle Alex|Ich heiße Alex|Mi chiamo Alex|Meu nome é Alex
conversation|Do you speak English?|¿Hablas inglés?|Parlez-vous anglais ?|Sprechen Sie Englisch?|Parla inglese?|Você fala inglês?
conversation|I don't understand|No entiendo|Je ne comprends pas|Ich verstehe nicht|Non capisco|Não entendo
conversation|Could you speak more slowly?|¿Puede hablar más despacio?|Pouvez-vous parler plus lentement ?|Können Sie langsamer sprechen?|Può parlare più lentamente?|Pode falar mais devagar?
travel|Where is the train station?|¿Dónde está la estación de tren?|Où est la gare ?|Wo ist der Bahnhof?|Dov'è la stazione?|Onde fica a estação de trem?
travel|Where is the bathroom?|¿Dónde está el baño?|Où sont les toilettes ?|Wo ist die Toilette?|Dov'è il bagno?|Onde fica o banheiro?
travel|How much is a ticket?|¿Cuánto cuesta un billete?|Combien coûte un billet ?|Was kostet eine Fahrkarte?|Quanto costa un biglietto?|Quanto custa um bilhete?
travel|Turn left|Gire a la izquierda|Tournez à gauche|Biegen Sie links ab|Giri a sinistra|Vire à esquerda
travel|Turn right|Gire a la derecha|Tournez à droite|Biegen Sie rechts ab|Giri a destra|Vire à direita
travel|Is it far?|¿Está lejos?|C'est loin ?|Ist es weit?|È lontano?|É longe?
food|A table for two, please|Una mesa para dos, por favor|Une table pour deux, s'il vous plaît|Einen Tisch für zwei, bitte|Un tavolo per due, per favore|Uma mesa para dois, por favor
food|The menu, please|La carta, por favor|Le menu, s'il vous plaît|Die Speisekarte, bitte|Il menù, per favore|O cardápio, por favor
food|I am vegetarian|Soy vegetariano|Je suis végétarien|Ich bin Vegetarier|Sono vegetariano|Sou vegetariano
food|Water, please|Agua, por favor|De l'eau, s'il vous plaît|Wasser, bitte|Acqua, per favore|Água, por favor
food|The bill, please|La cuenta, por favor|L'addition, s'il vous plaît|Die Rechnung, bitte|Il conto, per favore|A conta, por favor
food|It was delicious|Estaba delicioso|C'était délicieux|Es war köstlich|Era delizioso|Estava delicioso
shopping|How much does this cost?|¿Cuánto cuesta esto?|Combien ça coûte ?|Wie viel kostet das?|Quanto costa questo?|Quanto custa isto?
shopping|Can I pay by card?|¿Puedo pagar con tarjeta?|Puis-je payer par carte ?|Kann ich mit Karte zahlen?|Posso pagare con la carta?|Posso pagar com cartão?
shopping|I'm just looking|Solo estoy mirando|Je regarde seulement|Ich schaue nur|Sto solo guardando|Estou só olhando
shopping|Do you have a smaller size?|¿Tiene una talla más pequeña?|Avez-vous une taille plus petite ?|Haben Sie eine kleinere Größe?|Avete una taglia più piccola?|Tem um tamanho menor?
emergency|Help!|¡Ayuda!|Au secours !|Hilfe!|Aiuto!|Socorro!
emergency|Call a doctor|Llame a un médico|Appelez un médecin|Rufen Sie einen Arzt|Chiami un medico|Chame um médico
emergency|I am lost|Estoy perdido|Je suis perdu|Ich habe mich verirrt|Mi sono perso|Estou perdido
emergency|I need a pharmacy|Necesito una farmacia|J'ai besoin d'une pharmacie|Ich brauche eine Apotheke|Ho bisogno di una farmacia|Preciso de uma farmácia
emergency|Where is the hospital?|¿Dónde está el hospital?|Où est l'hôpital ?|Wo ist das Krankenhaus?|Dov'è l'ospedale?|Onde fica o hospital?
`;

/** The word list for word-by-word fallback: English|Spanish|French|German|Italian|Portuguese. */
const WORD_TABLE = `
yes|sí|oui|ja|sì|sim
no|no|non|nein|no|não
water|agua|eau|Wasser|acqua|água
coffee|café|café|Kaffee|caffè|café
tea|té|thé|Tee|tè|chá
beer|cerveza|bière|Bier|birra|cerveja
wine|vino|vin|Wein|vino|vinho
bread|pan|pain|Brot|pane|pão
cheese|queso|fromage|Käse|formaggio|queijo
food|comida|nourriture|Essen|cibo|comida
restaurant|restaurante|restaurant|Restaurant|ristorante|restaurante
hotel|hotel|hôtel|Hotel|albergo|hotel
station|estación|gare|Bahnhof|stazione|estação
train|tren|train|Zug|treno|trem
bus|autobús|bus|Bus|autobus|ônibus
airport|aeropuerto|aéroport|Flughafen|aeroporto|aeroporto
ticket|billete|billet|Fahrkarte|biglietto|bilhete
room|habitación|chambre|Zimmer|camera|quarto
today|hoy|aujourd'hui|heute|oggi|hoje
tomorrow|mañana|demain|morgen|domani|amanhã
tonight|esta noche|ce soir|heute Abend|stasera|esta noite
friend|amigo|ami|Freund|amico|amigo
family|familia|famille|Familie|famiglia|família
house|casa|maison|Haus|casa|casa
city|ciudad|ville|Stadt|città|cidade
street|calle|rue|Straße|strada|rua
beach|playa|plage|Strand|spiaggia|praia
good|bueno|bon|gut|buono|bom
bad|malo|mauvais|schlecht|cattivo|mau
big|grande|grand|groß|grande|grande
small|pequeño|petit|klein|piccolo|pequeno
hot|caliente|chaud|heiß|caldo|quente
cold|frío|froid|kalt|freddo|frio
where|dónde|où|wo|dove|onde
when|cuándo|quand|wann|quando|quando
what|qué|quoi|was|cosa|o que
I|yo|je|ich|io|eu
you|tú|tu|du|tu|você
we|nosotros|nous|wir|noi|nós
is|es|est|ist|è|é
the|el|le|der|il|o
a|un|un|ein|un|um
and|y|et|und|e|e
with|con|avec|mit|con|com
without|sin|sans|ohne|senza|sem
love|amor|amour|Liebe|amore|amor
day|día|jour|Tag|giorno|dia
night|noche|nuit|Nacht|notte|noite
morning|mañana|matin|Morgen|mattina|manhã
help|ayuda|aide|Hilfe|aiuto|ajuda
want|quiero|veux|möchte|voglio|quero
need|necesito|besoin|brauche|bisogno|preciso
please|por favor|s'il vous plaît|bitte|per favore|por favor
thanks|gracias|merci|danke|grazie|obrigado
my|mi|mon|mein|mio|meu
to|a|à|zu|a|para
`;

const LANGUAGES: [code: string, name: string][] = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
];

const CATEGORIES: [id: string, label: string][] = [
  ['greetings', 'Greetings'],
  ['conversation', 'Conversation'],
  ['travel', 'Getting around'],
  ['food', 'Food & drink'],
  ['shopping', 'Shopping'],
  ['emergency', 'Emergencies'],
];

function rows(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((line) => line.split('|'));
}

/** Page code: the phrasebook as `PHRASES` ({ category, en, es, fr, de, it, pt }) and `LANGUAGES`. */
function phrasesCode(): string {
  const phrases = rows(PHRASE_TABLE)
    .map(([category, ...texts]) => {
      const fields = LANGUAGES.map(([code], i) => `${code}: ${jsString(texts[i] ?? '')}`).join(', ');
      return `  { category: ${jsString(category ?? '')}, ${fields} },`;
    })
    .join('\n');
  return `const LANGUAGES = [
${LANGUAGES.map(([code, name]) => `  { code: ${jsString(code)}, name: ${jsString(name)} },`).join('\n')}
];

const CATEGORIES = [
${CATEGORIES.map(([id, label]) => `  { id: ${jsString(id)}, label: ${jsString(label)} },`).join('\n')}
];

const PHRASES = [
${phrases}
];`;
}

/** Page code: the word list as `WORDS` (one array per word, in LANGUAGES order). */
function wordsCode(): string {
  return `const WORDS = [
${rows(WORD_TABLE)
  .map((r) => `  [${r.map(jsString).join(', ')}],`)
  .join('\n')}
];`;
}

/** The source and target languages a prompt names ("translate English to Spanish"), English → Spanish by default. */
export function languagesFromPrompt(prompt: string): { from: string; to: string } {
  const found = LANGUAGES.map(([code, name]) => ({
    code,
    at: prompt.toLowerCase().indexOf(name.toLowerCase()),
  }))
    .filter((l) => l.at >= 0)
    .sort((x, y) => x.at - y.at)
    .map((l) => l.code);
  if (found.length >= 2) return { from: found[0] ?? 'en', to: found[1] ?? 'es' };
  if (found.length === 1 && found[0] !== 'en') return { from: 'en', to: found[0] ?? 'es' };
  return { from: 'en', to: 'es' };
}

/** Builds the translation tool. */
export function translateApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const { from, to } = languagesFromPrompt(ctx.prompt);
  const savedKey = jsString(`${key}.saved`);

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { ArrowLeftRight, BookOpen, Check, Copy, Info, Star, Trash2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import LanguageSelect from '@/components/LanguageSelect';

${phrasesCode()}

${wordsCode()}

/** Lowercase, without accents or punctuation, for matching. */
function norm(text) {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\\u0300-\\u036f]/g, '')
    .replace(/[¿¡?!.,;:"()]/g, ' ')
    .replace(/\\s+/g, ' ')
    .trim();
}

function langIndex(code) {
  return LANGUAGES.findIndex((l) => l.code === code);
}

/**
 * Translates with the phrasebook: a sentence that is a known phrase is translated whole; any other sentence
 * word by word, unknown words kept and marked. Returns the pieces and how it was done.
 */
function translate(text, from, to) {
  const sentences = text.split(/(?<=[.!?])\\s+/).filter((s) => s.trim());
  const pieces = [];
  let phrases = 0;
  let unknown = 0;
  for (const sentence of sentences) {
    const phrase = PHRASES.find((p) => norm(p[from]) === norm(sentence));
    if (phrase) {
      phrases++;
      pieces.push({ text: phrase[to] });
      pieces.push({ text: ' ' });
      continue;
    }
    const words = sentence.split(/\\s+/).filter(Boolean);
    words.forEach((word, i) => {
      const core = word.replace(/^[¿¡"(]+|[?!.,;:")]+$/g, '');
      if (!core) {
        pieces.push({ text: word });
        pieces.push({ text: ' ' });
        return;
      }
      const tail = word.slice(word.indexOf(core) + core.length);
      const row = WORDS.find((w) => norm(w[langIndex(from)]) === norm(core));
      if (row) {
        let out = row[langIndex(to)];
        if (i === 0) out = out.charAt(0).toUpperCase() + out.slice(1);
        pieces.push({ text: out + tail });
      } else {
        unknown++;
        pieces.push({ text: core, unknown: true });
        if (tail) pieces.push({ text: tail });
      }
      pieces.push({ text: ' ' });
    });
  }
  while (pieces.length > 0 && pieces[pieces.length - 1].text === ' ') pieces.pop();
  const whole = sentences.length > 0 && phrases === sentences.length;
  return { pieces, text: pieces.map((p) => p.text).join('').trim(), whole, unknown };
}

/** Phrases sharing the most words with the text (a hint when there is no exact match). */
function closest(text, from) {
  const words = new Set(norm(text).split(' ').filter((w) => w.length > 2));
  if (words.size === 0) return [];
  return PHRASES.map((p) => ({ p, score: norm(p[from]).split(' ').filter((w) => words.has(w)).length }))
    .filter((x) => x.score > 0)
    .sort((x, y) => y.score - x.score)
    .slice(0, 3)
    .map((x) => x.p);
}

export default function HomePage() {
  const [from, setFrom] = useState(${jsString(from)});
  const [to, setTo] = useState(${jsString(to)});
  // An example to start with, so the first screen shows what the tool does.
  const [text, setText] = useState(PHRASES[15][${jsString(from)}]);
  const [saved, setSaved] = useState([]);
  const [copied, setCopied] = useState(false);

${documentTitleEffect(ctx.title)}

  useEffect(() => {
    try {
      const list = JSON.parse(window.localStorage.getItem(${savedKey}) || '[]');
      if (Array.isArray(list)) setSaved(list);
    } catch {
      // Nothing saved yet.
    }
  }, []);

  function keep(list) {
    setSaved(list);
    try {
      window.localStorage.setItem(${savedKey}, JSON.stringify(list));
    } catch {
      // Storage can be full or disabled; the list lasts for this visit.
    }
  }

  const result = text.trim() ? translate(text, from, to) : null;
  const hints = result && !result.whole ? closest(text, from) : [];
  const fromName = LANGUAGES[langIndex(from)].name;
  const toName = LANGUAGES[langIndex(to)].name;
  const isSaved = result && saved.some((s) => s.source === text.trim() && s.to === to);

  function swap() {
    setFrom(to);
    setTo(from);
    if (result) setText(result.text);
  }

  function copy() {
    if (!result) return;
    if (navigator.clipboard) navigator.clipboard.writeText(result.text).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1800);
  }

  function save() {
    if (!result || isSaved) return;
    keep([{ id: Date.now().toString(36), from, to, source: text.trim(), target: result.text }, ...saved].slice(0, 50));
  }

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 md:py-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Translate</h1>
            <p className="mt-1 text-sm text-slate-500">Everyday phrases in six languages, right in your browser.</p>
          </div>
          <p className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200">
            <Info className="h-3.5 w-3.5" aria-hidden="true" />
            Offline phrasebook · {PHRASES.length} phrases, {WORDS.length} words
          </p>
        </div>

        <div className="mt-6 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-2 border-b border-slate-100 p-3 sm:gap-3">
            <LanguageSelect name="from" label="Translate from" value={from} onChange={setFrom} languages={LANGUAGES} />
            <button type="button" onClick={swap} aria-label="Swap languages" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-${a}-50 hover:text-${a}-700">
              <ArrowLeftRight className="h-5 w-5" aria-hidden="true" />
            </button>
            <LanguageSelect name="to" label="Translate to" value={to} onChange={setTo} languages={LANGUAGES} />
          </div>
          <div className="grid md:grid-cols-2">
            <div className="border-b border-slate-100 p-5 md:border-b-0 md:border-r">
              <label>
                <span className="sr-only">Text in {fromName}</span>
                <textarea
                  name="text"
                  rows={4}
                  maxLength={500}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  placeholder={'Type in ' + fromName + ', e.g. ' + PHRASES[16][from]}
                  className="w-full resize-none border-0 bg-transparent p-0 text-xl leading-relaxed placeholder:text-slate-300 focus:outline-none"
                />
              </label>
              <div className="flex items-center justify-between text-xs text-slate-400">
                <span>{text.length} / 500</span>
                {text && (
                  <button type="button" onClick={() => setText('')} className="font-medium text-slate-500 hover:text-slate-800">
                    Clear
                  </button>
                )}
              </div>
            </div>
            <div className="bg-${a}-50/40 p-5" aria-live="polite">
              <p className="sr-only">Translation in {toName}</p>
              {result ? (
                <>
                  <p className="min-h-[6rem] text-xl leading-relaxed text-slate-900 md:min-h-[9rem]" data-testid="translation">
                    {result.pieces.map((p, i) =>
                      p.unknown ? (
                        <span key={i} className="underline decoration-amber-400 decoration-dotted decoration-2 underline-offset-4" title="Not in the offline dictionary">
                          {p.text}
                        </span>
                      ) : (
                        <span key={i}>{p.text}</span>
                      ),
                    )}
                  </p>
                  <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
                    {result.whole ? (
                      <span className="rounded-full bg-${a}-100 px-2.5 py-1 text-xs font-semibold text-${a}-800">Phrasebook match</span>
                    ) : (
                      <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-800">
                        Word by word, approximate{result.unknown > 0 ? ' · ' + result.unknown + ' not in the dictionary' : ''}
                      </span>
                    )}
                    <div className="flex gap-1">
                      <button type="button" onClick={copy} aria-label="Copy translation" className="rounded-lg p-2 text-slate-500 hover:bg-white hover:text-slate-900">
                        {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
                      </button>
                      <button type="button" onClick={save} aria-label={isSaved ? 'Saved' : 'Save translation'} className="rounded-lg p-2 text-slate-500 hover:bg-white hover:text-slate-900">
                        <Star className={isSaved ? 'h-4 w-4 fill-amber-400 text-amber-400' : 'h-4 w-4'} aria-hidden="true" />
                      </button>
                    </div>
                  </div>
                </>
              ) : (
                <p className="min-h-[6rem] text-xl text-slate-300 md:min-h-[9rem]">Translation</p>
              )}
            </div>
          </div>
        </div>

        {hints.length > 0 && (
          <section className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
            <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-400">Did you mean</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {hints.map((p) => (
                <li key={p.en}>
                  <button type="button" onClick={() => setText(p[from])} className="rounded-full bg-${a}-50 px-3 py-1.5 text-sm text-${a}-800 hover:bg-${a}-100">
                    {p[from]}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}

        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <section>
            <h2 className="font-semibold">Try a phrase</h2>
            <ul className="mt-3 space-y-2">
              {[0, 16, 21, 28].map((i) => (
                <li key={i}>
                  <button type="button" onClick={() => setText(PHRASES[i][from])} className="flex w-full items-center justify-between gap-3 rounded-2xl bg-white px-4 py-3 text-left ring-1 ring-slate-200 hover:ring-${a}-300">
                    <span className="font-medium">{PHRASES[i][from]}</span>
                    <span className="text-sm text-slate-500">{PHRASES[i][to]}</span>
                  </button>
                </li>
              ))}
            </ul>
            <a href="/phrasebook" className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-${a}-700 hover:underline">
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              Browse all {PHRASES.length} phrases
            </a>
          </section>
          <section>
            <h2 className="font-semibold">Saved translations</h2>
            {saved.length === 0 ? (
              <p className="mt-3 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
                Star a translation to keep it here.
              </p>
            ) : (
              <ul className="mt-3 space-y-2">
                {saved.map((s) => (
                  <li key={s.id} className="flex items-start justify-between gap-3 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200">
                    <div className="min-w-0">
                      <p className="font-medium">{s.target}</p>
                      <p className="text-sm text-slate-500">
                        {s.source} · {s.from.toUpperCase()} → {s.to.toUpperCase()}
                      </p>
                    </div>
                    <button type="button" onClick={() => keep(saved.filter((x) => x.id !== s.id))} aria-label={'Remove ' + s.target} className="rounded-lg p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600">
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </main>
    </div>
  );
}
`,
  );

  const phrasebook = page(
    'phrasebook',
    `
import { useState } from 'react';
import { Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import LanguageSelect from '@/components/LanguageSelect';
import PhraseCard from '@/components/PhraseCard';

${phrasesCode()}

export default function PhrasebookPage() {
  const [language, setLanguage] = useState(${jsString(to === 'en' ? from : to)});
  const [category, setCategory] = useState('');
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const target = LANGUAGES.find((l) => l.code === language) || LANGUAGES[1];
  const visible = PHRASES.filter((p) => !category || p.category === category).filter(
    (p) => !needle || (p.en + ' ' + p[language]).toLowerCase().includes(needle),
  );

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 md:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Phrasebook</h1>
        <p className="mt-1 text-sm text-slate-500">The phrases you need most when travelling, in {target.name}.</p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="sm:w-56">
            <LanguageSelect name="language" label="Language" value={language} onChange={setLanguage} languages={LANGUAGES.filter((l) => l.code !== 'en')} />
          </div>
          <label className="relative flex-1">
            <span className="sr-only">Search phrases</span>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <input
              name="search"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search phrases"
              className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
            />
          </label>
        </div>
        <div className="mt-4 flex flex-wrap gap-1.5" role="group" aria-label="Topics">
          {[{ id: '', label: 'All' }, ...CATEGORIES].map((c) => (
            <button
              key={c.id}
              type="button"
              onClick={() => setCategory(c.id)}
              aria-pressed={category === c.id}
              className={category === c.id ? 'rounded-full bg-${a}-600 px-3 py-1.5 text-sm font-medium text-white' : 'rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
            >
              {c.label}
            </button>
          ))}
        </div>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((p) => (
            <PhraseCard key={p.en} english={p.en} translation={p[language]} topic={(CATEGORIES.find((c) => c.id === p.category) || {}).label} />
          ))}
        </ul>
        {visible.length === 0 && <p className="mt-10 text-center text-sm text-slate-500">No phrase matches your search.</p>}
      </main>
    </div>
  );
}
`,
  );

  const select = component(
    'LanguageSelect',
    `
import { Languages } from 'lucide-react';

export default function LanguageSelect(props) {
  const { name, label, value, onChange, languages } = props;
  return (
    <label className="relative flex min-w-0 flex-1 items-center">
      <span className="sr-only">{label}</span>
      <Languages className="pointer-events-none absolute left-3 h-4 w-4 text-slate-400" aria-hidden="true" />
      <select
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full appearance-none rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm font-semibold text-slate-800 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-100"
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
`,
  );

  const card = component(
    'PhraseCard',
    `
import { useState } from 'react';
import { Check, Copy } from 'lucide-react';

export default function PhraseCard(props) {
  const { english, translation, topic } = props;
  const [copied, setCopied] = useState(false);

  function copy() {
    if (navigator.clipboard) navigator.clipboard.writeText(translation).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  }

  return (
    <li className="flex flex-col justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-${a}-700">{topic}</p>
        <p className="mt-1 text-lg font-semibold leading-snug text-slate-900">{translation}</p>
        <p className="text-sm text-slate-500">{english}</p>
      </div>
      <button type="button" onClick={copy} aria-label={'Copy ' + translation} className="inline-flex w-fit items-center gap-1.5 rounded-lg px-2 py-1 text-xs font-medium text-slate-500 hover:bg-slate-100 hover:text-slate-900">
        {copied ? <Check className="h-3.5 w-3.5" aria-hidden="true" /> : <Copy className="h-3.5 w-3.5" aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </button>
    </li>
  );
}
`,
  );

  const fromName = LANGUAGES.find(([c]) => c === from)?.[1] ?? 'English';
  const toName = LANGUAGES.find(([c]) => c === to)?.[1] ?? 'Spanish';
  return {
    modules: [
      home,
      phrasebook,
      appHeader(ctx, {
        icon: 'Languages',
        links: [
          { href: '/', label: 'Translate' },
          { href: '/phrasebook', label: 'Phrasebook' },
        ],
      }),
      select,
      card,
    ],
    plan: [
      `Build "${ctx.title}", an offline translator (${fromName} → ${toName} to start).`,
      `- No network and no database: a phrasebook of ${rows(PHRASE_TABLE).length} everyday phrases and ${rows(WORD_TABLE).length} common words in English, Spanish, French, German, Italian and Portuguese, inside the page.`,
      '- Page `/`: two language pickers with swap, text in, translation out (whole phrases exactly, other text word by word with unknown words marked, and a label saying which), "did you mean" phrases, copy, and saved translations.',
      '- Page `/phrasebook`: every phrase by topic in the chosen language, with search and copy.',
      `- Components: AppHeader, LanguageSelect, PhraseCard. Saved translations in localStorage; ${a} accent.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**: type in ${fromName} and get ${toName} (or any pair of English, Spanish, French, German, Italian and Portuguese; swap with one tap). Star translations to keep them, and browse the Phrasebook by topic: greetings, getting around, food and drink, shopping and emergencies.`,
      '',
      'It works offline with a built-in phrasebook, not a translation service: known phrases translate exactly, anything else goes word by word and the page labels it as approximate, marking the words it does not know. Saved translations stay in the browser.',
    ].join('\n'),
    choices: [
      `make it ${otherHue(ctx.accent, 'emerald', 'cyan')}`,
      `rename the app to ${otherName(ctx.title, 'Wordly', 'Phrasebook')}`,
      'make a mobile version',
    ],
  };
}
