import AppHeader from '@/components/AppHeader';

export default function PrivacyPage() {
  const sections = [
    { title: 'What we collect', text: 'Your name, email, company, team size and message: only what you type into the form.' },
    { title: 'How we use it', text: 'To reply to your request and, if you ask, to send you information about our services.' },
    { title: 'How long we keep it', text: 'Until you ask us to delete it, or for at most two years after our last contact.' },
    { title: 'Your rights', text: 'You can ask to see, correct or delete your details at any time by replying to any of our emails.' },
  ];

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">Privacy</h1>
        <p className="mt-4 text-lg text-slate-600">We keep this short and clear: your details are yours.</p>
        <div className="mt-10 space-y-8">
          {sections.map((s) => (
            <section key={s.title}>
              <h2 className="text-lg font-semibold text-kiln-hue-700">{s.title}</h2>
              <p className="mt-2 leading-relaxed text-slate-600">{s.text}</p>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
