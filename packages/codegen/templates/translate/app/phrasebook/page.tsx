import { useState } from 'react';
import { Search } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import LanguageSelect from '@/components/LanguageSelect';
import PhraseCard from '@/components/PhraseCard';

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

export default function PhrasebookPage() {
  const [language, setLanguage] = useState(kiln.language);
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
              className="w-full rounded-xl border border-slate-200 bg-white py-2.5 pl-9 pr-3 text-sm focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-100"
            />
          </label>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: kiln: the generated topic filter is a div with role group. */}
        <div className="mt-4 flex flex-wrap gap-1.5" role="group" aria-label="Topics">
          {[{ id: '', label: 'All' }, ...CATEGORIES].map((c) => (
            <button
              key={c.id}
              type="button"
              onClick={() => setCategory(c.id)}
              aria-pressed={category === c.id}
              className={category === c.id ? 'rounded-full bg-kiln-hue-600 px-3 py-1.5 text-sm font-medium text-white' : 'rounded-full bg-white px-3 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-100'}
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
