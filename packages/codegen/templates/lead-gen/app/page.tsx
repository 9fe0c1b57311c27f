import { useEffect } from 'react';
import { BarChart3, Clock, ShieldCheck, Star } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import BenefitCard from '@/components/BenefitCard';
import FaqItem from '@/components/FaqItem';
import LeadForm from '@/components/LeadForm';

export default function HomePage() {
  const benefits = [
    { icon: Clock, title: 'Reply within one business day', text: 'A real person reads every request and answers quickly with next steps.' },
    { icon: BarChart3, title: 'A plan built on your numbers', text: 'We look at where you are today and map out the clearest way to grow.' },
    { icon: ShieldCheck, title: 'No pressure, no spam', text: 'Your details are used only to reply to you. Unsubscribe at any time.' },
  ];
  const testimonials = [
    { quote: 'Within a month we had a clear plan and our best quarter yet.', name: 'Maya Chen', role: 'Owner, Bloom Studio' },
    { quote: 'Friendly, fast and genuinely useful. The call alone was worth it.', name: 'Daniel Okafor', role: 'Founder, Northside Fitness' },
    { quote: 'They explained everything in plain language. Highly recommended.', name: 'Laura Becker', role: 'Director, Becker & Sons' },
  ];
  const faqs = [
    { q: 'Is the consultation really free?', a: 'Yes. The first call is free and there is no obligation to continue.' },
    { q: 'How long does the call take?', a: 'About 30 minutes. We come prepared so every minute is useful.' },
    { q: 'What happens after I submit the form?', a: 'We reply within one business day to find a time that suits you.' },
    { q: 'What do you do with my details?', a: 'We use them only to contact you about your request. See our privacy page.' },
  ];

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  return (
    <div className="min-h-screen bg-white text-slate-900">
      <AppHeader />
      <main>
        <section className="relative overflow-hidden bg-gradient-to-br from-kiln-hue-50 via-white to-white">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:py-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full bg-kiln-hue-100 px-3 py-1 text-sm font-semibold text-kiln-hue-800">
                kiln-kicker
              </p>
              <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">kiln-headline</h1>
              <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
                kiln-titleText helps small and growing teams find the right next step. Tell us a little about you and we will take it from there.
              </p>
              <div className="mt-8 flex items-center gap-4">
                <div className="flex -space-x-2">
                  {['MC', 'DO', 'LB', 'AR'].map((initials) => (
                    <span key={initials} className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-white bg-kiln-hue-600 text-xs font-bold text-white">
                      {initials}
                    </span>
                  ))}
                </div>
                <div className="text-sm">
                  <div className="flex text-amber-400">
                    {[1, 2, 3, 4, 5].map((i) => (
                      <Star key={i} className="h-4 w-4 fill-current" aria-hidden="true" />
                    ))}
                  </div>
                  <p className="text-slate-600">Rated 4.9 by 500+ clients</p>
                </div>
              </div>
            </div>
            <div id="get-started">
              <LeadForm />
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">Why people choose kiln-titleText</h2>
          <div className="mt-10 grid gap-5 md:grid-cols-3">
            {benefits.map((b) => (
              <BenefitCard key={b.title} icon={b.icon} title={b.title} text={b.text} />
            ))}
          </div>
        </section>

        <section className="bg-slate-50">
          <div className="mx-auto grid max-w-6xl gap-5 px-4 py-16 sm:px-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <figure key={t.name} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="text-slate-700">“{t.quote}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-slate-500">{t.role}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>

        <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
          <h2 className="text-center text-3xl font-bold tracking-tight">Questions, answered</h2>
          <div className="mt-8 space-y-3">
            {faqs.map((f) => (
              <FaqItem key={f.q} question={f.q} answer={f.a} />
            ))}
          </div>
          <div className="mt-12 text-center">
            <a href="#get-started" className="inline-flex rounded-xl bg-kiln-hue-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-kiln-hue-700">
              kiln-cta
            </a>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} kiln-titleText</p>
          <div className="flex gap-5">
            <a href="/privacy" className="hover:text-slate-900">Privacy</a>
            <a href="/leads" className="hover:text-slate-900">Submissions</a>
          </div>
        </div>
      </footer>
    </div>
  );
}
