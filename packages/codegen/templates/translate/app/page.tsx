import { useEffect, useState } from 'react';
import { ArrowLeftRight, BookOpen, Check, Copy, Info, Star, Trash2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import LanguageSelect from '@/components/LanguageSelect';

const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
];

const CATEGORIES = [
  { id: 'greetings', label: 'Greetings' },
  { id: 'conversation', label: 'Conversation' },
  { id: 'travel', label: 'Getting around' },
  { id: 'food', label: 'Food & drink' },
  { id: 'shopping', label: 'Shopping' },
  { id: 'emergency', label: 'Emergencies' },
];

const PHRASES = [
  { category: 'greetings', en: 'Hello', es: 'Hola', fr: 'Bonjour', de: 'Hallo', it: 'Ciao', pt: 'Olá' },
  { category: 'greetings', en: 'Good morning', es: 'Buenos días', fr: 'Bonjour', de: 'Guten Morgen', it: 'Buongiorno', pt: 'Bom dia' },
  { category: 'greetings', en: 'Good evening', es: 'Buenas tardes', fr: 'Bonsoir', de: 'Guten Abend', it: 'Buonasera', pt: 'Boa noite' },
  { category: 'greetings', en: 'Goodbye', es: 'Adiós', fr: 'Au revoir', de: 'Auf Wiedersehen', it: 'Arrivederci', pt: 'Adeus' },
  { category: 'greetings', en: 'Please', es: 'Por favor', fr: 'S\'il vous plaît', de: 'Bitte', it: 'Per favore', pt: 'Por favor' },
  { category: 'greetings', en: 'Thank you', es: 'Gracias', fr: 'Merci', de: 'Danke', it: 'Grazie', pt: 'Obrigado' },
  { category: 'greetings', en: 'You\'re welcome', es: 'De nada', fr: 'De rien', de: 'Gern geschehen', it: 'Prego', pt: 'De nada' },
  { category: 'greetings', en: 'Excuse me', es: 'Perdone', fr: 'Excusez-moi', de: 'Entschuldigung', it: 'Mi scusi', pt: 'Com licença' },
  { category: 'greetings', en: 'How are you?', es: '¿Cómo estás?', fr: 'Comment ça va ?', de: 'Wie geht es dir?', it: 'Come stai?', pt: 'Como você está?' },
  { category: 'greetings', en: 'Nice to meet you', es: 'Encantado de conocerte', fr: 'Enchanté de vous rencontrer', de: 'Freut mich, dich kennenzulernen', it: 'Piacere di conoscerti', pt: 'Prazer em conhecê-lo' },
  { category: 'conversation', en: 'What is your name?', es: '¿Cómo te llamas?', fr: 'Comment vous appelez-vous ?', de: 'Wie heißt du?', it: 'Come ti chiami?', pt: 'Qual é o seu nome?' },
  { category: 'conversation', en: 'My name is Alex', es: 'Me llamo Alex', fr: 'Je m\'appelle Alex', de: 'Ich heiße Alex', it: 'Mi chiamo Alex', pt: 'Meu nome é Alex' },
  { category: 'conversation', en: 'Do you speak English?', es: '¿Hablas inglés?', fr: 'Parlez-vous anglais ?', de: 'Sprechen Sie Englisch?', it: 'Parla inglese?', pt: 'Você fala inglês?' },
  { category: 'conversation', en: 'I don\'t understand', es: 'No entiendo', fr: 'Je ne comprends pas', de: 'Ich verstehe nicht', it: 'Non capisco', pt: 'Não entendo' },
  { category: 'conversation', en: 'Could you speak more slowly?', es: '¿Puede hablar más despacio?', fr: 'Pouvez-vous parler plus lentement ?', de: 'Können Sie langsamer sprechen?', it: 'Può parlare più lentamente?', pt: 'Pode falar mais devagar?' },
  { category: 'travel', en: 'Where is the train station?', es: '¿Dónde está la estación de tren?', fr: 'Où est la gare ?', de: 'Wo ist der Bahnhof?', it: 'Dov\'è la stazione?', pt: 'Onde fica a estação de trem?' },
  { category: 'travel', en: 'Where is the bathroom?', es: '¿Dónde está el baño?', fr: 'Où sont les toilettes ?', de: 'Wo ist die Toilette?', it: 'Dov\'è il bagno?', pt: 'Onde fica o banheiro?' },
  { category: 'travel', en: 'How much is a ticket?', es: '¿Cuánto cuesta un billete?', fr: 'Combien coûte un billet ?', de: 'Was kostet eine Fahrkarte?', it: 'Quanto costa un biglietto?', pt: 'Quanto custa um bilhete?' },
  { category: 'travel', en: 'Turn left', es: 'Gire a la izquierda', fr: 'Tournez à gauche', de: 'Biegen Sie links ab', it: 'Giri a sinistra', pt: 'Vire à esquerda' },
  { category: 'travel', en: 'Turn right', es: 'Gire a la derecha', fr: 'Tournez à droite', de: 'Biegen Sie rechts ab', it: 'Giri a destra', pt: 'Vire à direita' },
  { category: 'travel', en: 'Is it far?', es: '¿Está lejos?', fr: 'C\'est loin ?', de: 'Ist es weit?', it: 'È lontano?', pt: 'É longe?' },
  { category: 'food', en: 'A table for two, please', es: 'Una mesa para dos, por favor', fr: 'Une table pour deux, s\'il vous plaît', de: 'Einen Tisch für zwei, bitte', it: 'Un tavolo per due, per favore', pt: 'Uma mesa para dois, por favor' },
  { category: 'food', en: 'The menu, please', es: 'La carta, por favor', fr: 'Le menu, s\'il vous plaît', de: 'Die Speisekarte, bitte', it: 'Il menù, per favore', pt: 'O cardápio, por favor' },
  { category: 'food', en: 'I am vegetarian', es: 'Soy vegetariano', fr: 'Je suis végétarien', de: 'Ich bin Vegetarier', it: 'Sono vegetariano', pt: 'Sou vegetariano' },
  { category: 'food', en: 'Water, please', es: 'Agua, por favor', fr: 'De l\'eau, s\'il vous plaît', de: 'Wasser, bitte', it: 'Acqua, per favore', pt: 'Água, por favor' },
  { category: 'food', en: 'The bill, please', es: 'La cuenta, por favor', fr: 'L\'addition, s\'il vous plaît', de: 'Die Rechnung, bitte', it: 'Il conto, per favore', pt: 'A conta, por favor' },
  { category: 'food', en: 'It was delicious', es: 'Estaba delicioso', fr: 'C\'était délicieux', de: 'Es war köstlich', it: 'Era delizioso', pt: 'Estava delicioso' },
  { category: 'shopping', en: 'How much does this cost?', es: '¿Cuánto cuesta esto?', fr: 'Combien ça coûte ?', de: 'Wie viel kostet das?', it: 'Quanto costa questo?', pt: 'Quanto custa isto?' },
  { category: 'shopping', en: 'Can I pay by card?', es: '¿Puedo pagar con tarjeta?', fr: 'Puis-je payer par carte ?', de: 'Kann ich mit Karte zahlen?', it: 'Posso pagare con la carta?', pt: 'Posso pagar com cartão?' },
  { category: 'shopping', en: 'I\'m just looking', es: 'Solo estoy mirando', fr: 'Je regarde seulement', de: 'Ich schaue nur', it: 'Sto solo guardando', pt: 'Estou só olhando' },
  { category: 'shopping', en: 'Do you have a smaller size?', es: '¿Tiene una talla más pequeña?', fr: 'Avez-vous une taille plus petite ?', de: 'Haben Sie eine kleinere Größe?', it: 'Avete una taglia più piccola?', pt: 'Tem um tamanho menor?' },
  { category: 'emergency', en: 'Help!', es: '¡Ayuda!', fr: 'Au secours !', de: 'Hilfe!', it: 'Aiuto!', pt: 'Socorro!' },
  { category: 'emergency', en: 'Call a doctor', es: 'Llame a un médico', fr: 'Appelez un médecin', de: 'Rufen Sie einen Arzt', it: 'Chiami un medico', pt: 'Chame um médico' },
  { category: 'emergency', en: 'I am lost', es: 'Estoy perdido', fr: 'Je suis perdu', de: 'Ich habe mich verirrt', it: 'Mi sono perso', pt: 'Estou perdido' },
  { category: 'emergency', en: 'I need a pharmacy', es: 'Necesito una farmacia', fr: 'J\'ai besoin d\'une pharmacie', de: 'Ich brauche eine Apotheke', it: 'Ho bisogno di una farmacia', pt: 'Preciso de uma farmácia' },
  { category: 'emergency', en: 'Where is the hospital?', es: '¿Dónde está el hospital?', fr: 'Où est l\'hôpital ?', de: 'Wo ist das Krankenhaus?', it: 'Dov\'è l\'ospedale?', pt: 'Onde fica o hospital?' },
];

const WORDS = [
  ['yes', 'sí', 'oui', 'ja', 'sì', 'sim'],
  ['no', 'no', 'non', 'nein', 'no', 'não'],
  ['water', 'agua', 'eau', 'Wasser', 'acqua', 'água'],
  ['coffee', 'café', 'café', 'Kaffee', 'caffè', 'café'],
  ['tea', 'té', 'thé', 'Tee', 'tè', 'chá'],
  ['beer', 'cerveza', 'bière', 'Bier', 'birra', 'cerveja'],
  ['wine', 'vino', 'vin', 'Wein', 'vino', 'vinho'],
  ['bread', 'pan', 'pain', 'Brot', 'pane', 'pão'],
  ['cheese', 'queso', 'fromage', 'Käse', 'formaggio', 'queijo'],
  ['food', 'comida', 'nourriture', 'Essen', 'cibo', 'comida'],
  ['restaurant', 'restaurante', 'restaurant', 'Restaurant', 'ristorante', 'restaurante'],
  ['hotel', 'hotel', 'hôtel', 'Hotel', 'albergo', 'hotel'],
  ['station', 'estación', 'gare', 'Bahnhof', 'stazione', 'estação'],
  ['train', 'tren', 'train', 'Zug', 'treno', 'trem'],
  ['bus', 'autobús', 'bus', 'Bus', 'autobus', 'ônibus'],
  ['airport', 'aeropuerto', 'aéroport', 'Flughafen', 'aeroporto', 'aeroporto'],
  ['ticket', 'billete', 'billet', 'Fahrkarte', 'biglietto', 'bilhete'],
  ['room', 'habitación', 'chambre', 'Zimmer', 'camera', 'quarto'],
  ['today', 'hoy', 'aujourd\'hui', 'heute', 'oggi', 'hoje'],
  ['tomorrow', 'mañana', 'demain', 'morgen', 'domani', 'amanhã'],
  ['tonight', 'esta noche', 'ce soir', 'heute Abend', 'stasera', 'esta noite'],
  ['friend', 'amigo', 'ami', 'Freund', 'amico', 'amigo'],
  ['family', 'familia', 'famille', 'Familie', 'famiglia', 'família'],
  ['house', 'casa', 'maison', 'Haus', 'casa', 'casa'],
  ['city', 'ciudad', 'ville', 'Stadt', 'città', 'cidade'],
  ['street', 'calle', 'rue', 'Straße', 'strada', 'rua'],
  ['beach', 'playa', 'plage', 'Strand', 'spiaggia', 'praia'],
  ['good', 'bueno', 'bon', 'gut', 'buono', 'bom'],
  ['bad', 'malo', 'mauvais', 'schlecht', 'cattivo', 'mau'],
  ['big', 'grande', 'grand', 'groß', 'grande', 'grande'],
  ['small', 'pequeño', 'petit', 'klein', 'piccolo', 'pequeno'],
  ['hot', 'caliente', 'chaud', 'heiß', 'caldo', 'quente'],
  ['cold', 'frío', 'froid', 'kalt', 'freddo', 'frio'],
  ['where', 'dónde', 'où', 'wo', 'dove', 'onde'],
  ['when', 'cuándo', 'quand', 'wann', 'quando', 'quando'],
  ['what', 'qué', 'quoi', 'was', 'cosa', 'o que'],
  ['I', 'yo', 'je', 'ich', 'io', 'eu'],
  ['you', 'tú', 'tu', 'du', 'tu', 'você'],
  ['we', 'nosotros', 'nous', 'wir', 'noi', 'nós'],
  ['is', 'es', 'est', 'ist', 'è', 'é'],
  ['the', 'el', 'le', 'der', 'il', 'o'],
  ['a', 'un', 'un', 'ein', 'un', 'um'],
  ['and', 'y', 'et', 'und', 'e', 'e'],
  ['with', 'con', 'avec', 'mit', 'con', 'com'],
  ['without', 'sin', 'sans', 'ohne', 'senza', 'sem'],
  ['love', 'amor', 'amour', 'Liebe', 'amore', 'amor'],
  ['day', 'día', 'jour', 'Tag', 'giorno', 'dia'],
  ['night', 'noche', 'nuit', 'Nacht', 'notte', 'noite'],
  ['morning', 'mañana', 'matin', 'Morgen', 'mattina', 'manhã'],
  ['help', 'ayuda', 'aide', 'Hilfe', 'aiuto', 'ajuda'],
  ['want', 'quiero', 'veux', 'möchte', 'voglio', 'quero'],
  ['need', 'necesito', 'besoin', 'brauche', 'bisogno', 'preciso'],
  ['please', 'por favor', 's\'il vous plaît', 'bitte', 'per favore', 'por favor'],
  ['thanks', 'gracias', 'merci', 'danke', 'grazie', 'obrigado'],
  ['my', 'mi', 'mon', 'mein', 'mio', 'meu'],
  ['to', 'a', 'à', 'zu', 'a', 'para'],
];

/** Lowercase, without accents or punctuation, for matching. */
function norm(text) {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[¿¡?!.,;:"()]/g, ' ')
    .replace(/\s+/g, ' ')
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
  const sentences = text.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
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
    const words = sentence.split(/\s+/).filter(Boolean);
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
  const [from, setFrom] = useState(kiln.from);
  const [to, setTo] = useState(kiln.to);
  // An example to start with, so the first screen shows what the tool does.
  const [text, setText] = useState(PHRASES[15][kiln.from]);
  const [saved, setSaved] = useState([]);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  useEffect(() => {
    try {
      const list = JSON.parse(window.localStorage.getItem('kiln-slug.saved') || '[]');
      if (Array.isArray(list)) setSaved(list);
    } catch {
      // Nothing saved yet.
    }
  }, []);

  function keep(list) {
    setSaved(list);
    try {
      window.localStorage.setItem('kiln-slug.saved', JSON.stringify(list));
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
            <button type="button" onClick={swap} aria-label="Swap languages" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-kiln-hue-50 hover:text-kiln-hue-700">
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
            <div className="bg-kiln-hue-50/40 p-5" aria-live="polite">
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
                      <span className="rounded-full bg-kiln-hue-100 px-2.5 py-1 text-xs font-semibold text-kiln-hue-800">Phrasebook match</span>
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
                  <button type="button" onClick={() => setText(p[from])} className="rounded-full bg-kiln-hue-50 px-3 py-1.5 text-sm text-kiln-hue-800 hover:bg-kiln-hue-100">
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
                  <button type="button" onClick={() => setText(PHRASES[i][from])} className="flex w-full items-center justify-between gap-3 rounded-2xl bg-white px-4 py-3 text-left ring-1 ring-slate-200 hover:ring-kiln-hue-300">
                    <span className="font-medium">{PHRASES[i][from]}</span>
                    <span className="text-sm text-slate-500">{PHRASES[i][to]}</span>
                  </button>
                </li>
              ))}
            </ul>
            <a href="/phrasebook" className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-kiln-hue-700 hover:underline">
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
