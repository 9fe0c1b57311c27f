import { useEffect, useState } from 'react';
import { AlertCircle, Heart, ImagePlus, Images, Loader2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import AddPhotoDialog from '@/components/AddPhotoDialog';
import PhotoViewer from '@/components/PhotoViewer';

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

/** Tile shapes, so the grid looks like a wall of real photos. */
const SHAPES = ['aspect-[4/5]', 'aspect-[4/3]', 'aspect-square', 'aspect-[3/4]', 'aspect-[16/10]'];

export default function GalleryPage(props) {
  const [source, setSource] = useState('loading');
  const [photos, setPhotos] = useState([]);
  const [album, setAlbum] = useState((props && props.searchParams && props.searchParams.album) || 'All');
  const [openId, setOpenId] = useState(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    document.title = kiln.title;
  }, []);

  const [notice, setNotice] = useState('');

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(''), 4500);
    return () => clearTimeout(timer);
  }, [notice]);

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

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(PHOTOS_KEY, JSON.stringify(photos));
    } catch {
      // Storage can be full (uploaded images are large); the gallery still works for this visit.
      setNotice('This browser is out of space for more photos.');
    }
  }, [photos, source]);

  async function api(method, path, body) {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => {
      throw new Error('The server could not be reached.');
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw new Error((data && data.error) || 'The server answered ' + res.status + '.');
    return data;
  }

  function save(request, undo, message) {
    if (source !== 'server') return;
    request().catch((error) => {
      undo();
      setNotice(message + ' ' + error.message);
    });
  }

  function toggleFavourite(photo) {
    const flip = (value) => setPhotos((current) => current.map((p) => (p.id === photo.id ? { ...p, favourite: value } : p)));
    flip(!photo.favourite);
    save(() => api('PATCH', '/api/photos/' + encodeURIComponent(photo.id), { favourite: !photo.favourite }), () => flip(photo.favourite), "Couldn't save that.");
  }

  function remove(photo) {
    setPhotos((current) => current.filter((p) => p.id !== photo.id));
    setOpenId(null);
    save(() => api('DELETE', '/api/photos/' + encodeURIComponent(photo.id)), () => setPhotos((current) => [photo, ...current]), "Couldn't delete the photo.");
  }

  function add(fields) {
    const photo = { ...fields, id: Date.now().toString(36), favourite: false, createdAt: Date.now() };
    setPhotos((current) => [photo, ...current]);
    setAdding(false);
    setAlbum('All');
    save(
      () => api('POST', '/api/photos', fields).then((data) => setPhotos((current) => current.map((p) => (p.id === photo.id ? data.photo : p)))),
      () => setPhotos((current) => current.filter((p) => p.id !== photo.id)),
      "Couldn't add the photo.",
    );
  }

  const sorted = photos.slice().sort((x, y) => (x.takenOn === y.takenOn ? y.createdAt - x.createdAt : x.takenOn < y.takenOn ? 1 : -1));
  const albums = Array.from(new Set(sorted.map((p) => p.album)));
  const favourites = photos.filter((p) => p.favourite).length;
  const visible = sorted.filter((p) => album === 'All' || (album === 'Favourites' ? p.favourite : p.album === album));
  const index = visible.findIndex((p) => p.id === openId);
  const chip = (active) =>
    active
      ? 'shrink-0 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-neutral-900'
      : 'shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium text-neutral-300 ring-1 ring-neutral-700 hover:bg-neutral-800 hover:text-white';

  return (
    <div className="min-h-screen bg-neutral-950 text-white">
      <AppHeader />
      <main className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">kiln-titleText</h1>
            <p className="mt-1 flex items-center gap-2 text-sm text-neutral-400">
              <Images className="h-4 w-4" aria-hidden="true" />
              {photos.length} photos · {albums.length} albums
            </p>
          </div>
          <button type="button" onClick={() => setAdding(true)} className="inline-flex items-center gap-2 rounded-full bg-kiln-hue-500 px-4 py-2.5 text-sm font-semibold text-white shadow-lg shadow-kiln-hue-500/20 hover:bg-kiln-hue-600">
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            Add photo
          </button>
        </div>

        <div className="mt-6 flex gap-2 overflow-x-auto pb-1" role="toolbar" aria-label="Albums">
          <button type="button" onClick={() => setAlbum('All')} aria-pressed={album === 'All'} className={chip(album === 'All')}>All</button>
          <button type="button" onClick={() => setAlbum('Favourites')} aria-pressed={album === 'Favourites'} className={chip(album === 'Favourites')}>
            <Heart className="mr-1 inline h-3.5 w-3.5 -translate-y-px" aria-hidden="true" />
            Favourites <span className="opacity-60">{favourites}</span>
          </button>
          {albums.map((name) => (
            <button key={name} type="button" onClick={() => setAlbum(name)} aria-pressed={album === name} className={chip(album === name)}>
              {name} <span className="opacity-60">{photos.filter((p) => p.album === name).length}</span>
            </button>
          ))}
          <span className="ml-2 self-center">{source === 'loading' && (
            <span className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-400">
              <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />
              Loading photos…
            </span>
          )}</span>
        </div>

        <section aria-label="Photos" className="mt-6 columns-2 gap-3 sm:columns-3 lg:columns-4">
          {visible.map((p, i) => (
            <button
              key={p.id}
              type="button"
              onClick={() => setOpenId(p.id)}
              aria-label={'Open ' + p.title}
              className="group relative mb-3 block w-full break-inside-avoid overflow-hidden rounded-xl bg-neutral-800 text-left focus:outline-none focus:ring-4 focus:ring-kiln-hue-400"
            >
              <img src={p.image || undefined} alt={p.title} className={'w-full object-cover transition duration-300 group-hover:scale-105 ' + SHAPES[i % SHAPES.length]} />
              <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-10 text-sm font-medium opacity-0 transition group-hover:opacity-100 group-focus:opacity-100">
                {p.title}
              </span>
              {p.favourite && (
                // biome-ignore lint/a11y/useAriaPropsSupportedByRole: kiln: the generated code labels the badge this way.
                <span className="absolute right-2 top-2 rounded-full bg-black/50 p-1.5" aria-label="Favourite">
                  <Heart className="h-3.5 w-3.5 fill-kiln-hue-400 text-kiln-hue-400" aria-hidden="true" />
                </span>
              )}
            </button>
          ))}
        </section>

        {source !== 'loading' && visible.length === 0 && (
          <div className="mt-10 rounded-2xl border border-dashed border-neutral-700 px-6 py-16 text-center text-neutral-400">
            {album === 'Favourites' ? 'Tap the heart on a photo to keep it here.' : 'No photos yet. Add your first one.'}
          </div>
        )}
        <p className="mt-10 text-center text-xs text-neutral-500">
          {source === 'server' ? "Photos are saved in the app's database." : source === 'local' ? 'Photos are saved in this browser.' : ''}
        </p>
      </main>

      {index >= 0 && (
        <PhotoViewer
          photo={visible[index]}
          position={index + 1}
          total={visible.length}
          onClose={() => setOpenId(null)}
          onPrevious={() => setOpenId(visible[(index - 1 + visible.length) % visible.length].id)}
          onNext={() => setOpenId(visible[(index + 1) % visible.length].id)}
          onFavourite={() => toggleFavourite(visible[index])}
          onDelete={() => remove(visible[index])}
        />
      )}
      {adding && <AddPhotoDialog albums={albums} onAdd={add} onClose={() => setAdding(false)} />}
      {notice && (
        <div role="status" className="fixed inset-x-0 bottom-4 z-30 mx-auto flex w-fit max-w-[calc(100%-2rem)] items-center gap-2 rounded-xl bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <AlertCircle className="h-4 w-4 shrink-0 text-amber-300" aria-hidden="true" />
          {notice}
        </div>
      )}
    </div>
  );
}
