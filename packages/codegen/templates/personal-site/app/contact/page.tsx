import { Clock, Mail, MapPin } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import ContactForm from '@/components/ContactForm';
import SiteFooter from '@/components/SiteFooter';

export default function ContactPage() {
  const details = [
    { icon: Mail, label: 'Email', value: 'hello@kiln-emailName.com' },
    { icon: MapPin, label: 'Based in', value: 'Lisbon, working worldwide' },
    { icon: Clock, label: 'Replies', value: 'Within two working days' },
  ];

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <AppHeader />
      <main className="mx-auto grid max-w-5xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1fr_1.4fr]">
        <div>
          <h1 className="text-4xl font-bold tracking-tight">Let's work together</h1>
          <p className="mt-4 text-lg text-slate-600">Tell me about your project, your timeline and what success looks like.</p>
          <ul className="mt-8 space-y-4">
            {details.map((d) => (
              <li key={d.label} className="flex items-center gap-3">
                <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-kiln-hue-100 text-kiln-hue-700">
                  <d.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block text-sm text-slate-500">{d.label}</span>
                  <span className="font-medium">{d.value}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <ContactForm />
      </main>
      <SiteFooter />
    </div>
  );
}
