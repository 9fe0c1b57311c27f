import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

const PHOTOS_KEY = 'kiln-slug.photos';

function starterPhotos() {
  return [
    { id: 'reynisfjara', title: 'Black sand beach at Reynisfjara', album: 'Iceland', place: 'Vík, Iceland', takenOn: '2024-03-12', description: 'Basalt columns and waves that never stop. We stayed well back from the water.', image: '', favourite: true, createdAt: 12 },
    { id: 'skogafoss', title: 'Skógafoss in the mist', album: 'Iceland', place: 'Skógar, Iceland', takenOn: '2024-03-13', description: 'Soaked in seconds, worth it.', image: '', favourite: false, createdAt: 11 },
    { id: 'aurora', title: 'Northern lights over Vík', album: 'Iceland', place: 'Vík, Iceland', takenOn: '2024-03-14', description: 'Two hours of waiting in the cold, then ten minutes of green sky.', image: '', favourite: true, createdAt: 10 },
    { id: 'inari', title: 'Fushimi Inari gates at dawn', album: 'Kyoto', place: 'Kyoto, Japan', takenOn: '2023-11-02', description: 'We started the climb at six and had the gates almost to ourselves.', image: '', favourite: false, createdAt: 9 },
    { id: 'arashiyama', title: 'Bamboo grove in Arashiyama', album: 'Kyoto', place: 'Kyoto, Japan', takenOn: '2023-11-03', description: 'The sound of the wind through the stalks is the real attraction.', image: '', favourite: false, createdAt: 8 },
    { id: 'gion', title: 'Tea house lanterns in Gion', album: 'Kyoto', place: 'Kyoto, Japan', takenOn: '2023-11-04', description: '', image: '', favourite: false, createdAt: 7 },
    { id: 'tram-28', title: 'Yellow tram on a steep street', album: 'Lisbon', place: 'Lisbon, Portugal', takenOn: '2023-06-20', description: 'Tram 28 squeezing past the cafés in Graça.', image: '', favourite: false, createdAt: 6 },
    { id: 'alfama-tiles', title: 'Blue tiles in Alfama', album: 'Lisbon', place: 'Lisbon, Portugal', takenOn: '2023-06-21', description: 'Every doorway has a different pattern.', image: '', favourite: false, createdAt: 5 },
    { id: 'miradouro', title: 'Sunset from the Miradouro', album: 'Lisbon', place: 'Lisbon, Portugal', takenOn: '2023-06-21', description: 'Half the city comes up here at golden hour.', image: '', favourite: true, createdAt: 4 },
    { id: 'balcony-coffee', title: 'Morning coffee on the balcony', album: 'Home', place: 'Home', takenOn: '2024-05-05', description: '', image: '', favourite: false, createdAt: 3 },
    { id: 'miso', title: 'Miso asleep in the sun', album: 'Home', place: 'Home', takenOn: '2024-07-18', description: 'Our cat, doing what he does best.', image: '', favourite: true, createdAt: 2 },
    { id: 'first-snow', title: 'First snow in the park', album: 'Home', place: 'City park', takenOn: '2024-12-01', description: 'Ten minutes before it all turned to slush.', image: '', favourite: false, createdAt: 1 },
  ];
}

function savedPhotos() {
  try {
    const saved = JSON.parse(window.localStorage.getItem(PHOTOS_KEY) || 'null');
    return Array.isArray(saved) ? saved : starterPhotos();
  } catch {
    return starterPhotos();
  }
}

export default function AlbumsPage() {
  const [source, setSource] = useState('loading');
  const [photos, setPhotos] = useState([]);

  useEffect(() => {
    let active = true;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5000);
    fetch('/api/photos', { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .catch(() => null)
      .then((data) => {
        clearTimeout(timer);
        if (!active) return;
        if (data && Array.isArray(data.photos)) {
          setPhotos(data.photos);
          setSource('server');
        } else {
          // No backend answered (a static copy or a render check): the browser keeps the data, as before.
          setPhotos(savedPhotos());
          setSource('local');
        }
      });
    return () => {
      active = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  const albums = Array.from(new Set(photos.map((p) => p.album))).map((name) => {
    const list = photos.filter((p) => p.album === name).sort((x, y) => (x.takenOn < y.takenOn ? -1 : 1));
    const cover = list.find((p) => p.favourite) || list[0];
    const format = (iso) => {
      const parts = iso.split('-').map(Number);
      return new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString('en-US', { month: 'short', year: 'numeric' });
    };
    const first = format(list[0].takenOn);
    const last = format(list[list.length - 1].takenOn);
    return { name, count: list.length, cover, when: first === last ? first : first + ' – ' + last };
  });

  return (
    <div className="min-h-screen bg-neutral-950 text-white">
      <AppHeader />
      <main className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Albums</h1>
        <div className="mt-2">{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading albums…
            </span>
          )}</div>
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {albums.map((al) => (
            <li key={al.name}>
              <a href={'/?album=' + encodeURIComponent(al.name)} className="group block">
                <div className="relative">
                  <div className="absolute inset-x-3 -top-2 h-full rounded-2xl bg-neutral-800" aria-hidden="true" />
                  <img src={al.cover.image || undefined} alt={al.cover.title} className="relative aspect-square w-full rounded-2xl bg-neutral-800 object-cover ring-1 ring-white/10 transition group-hover:ring-kiln-hue-400" />
                </div>
                <p className="mt-3 font-semibold group-hover:text-kiln-hue-300">{al.name}</p>
                <p className="text-sm text-neutral-400">{al.count} {al.count === 1 ? 'photo' : 'photos'} · {al.when}</p>
              </a>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
