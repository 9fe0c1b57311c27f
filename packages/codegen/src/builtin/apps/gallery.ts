/**
 * The builtin GALLERY_APP: a photo gallery. A masonry grid filtered by album or favourites, a lightbox
 * (previous/next, arrow keys, details, favourite, delete), an Add photo dialog (an image file from the
 * device, or a placeholder drawn from the title) and an albums page. With a backend the photos live in the
 * app's `photos` table behind `/api/photos` and `/api/photos/[id]` (uploaded images stored as data URLs up
 * to 1.5 MB); without one they stay in localStorage.
 * @module
 */
import type { GenModule } from '../../types.ts';
import { jsString, jsxText } from '../format.ts';
import {
  API_CALLER,
  loadingHint,
  loadOnMount,
  NOTICE_STATE,
  NOTICE_TOAST,
  READ_BODY,
  SQL_IMPORT,
  sqlText,
} from './backend.ts';
import {
  type AppContext,
  apiRoute,
  appHeader,
  type BuiltApp,
  type BuiltMigration,
  component,
  documentTitleEffect,
  otherHue,
  otherName,
  page,
} from './shared.ts';
import { slugKey } from './todo-list.ts';

/** The starter photos: id, title, album, place, taken on, description, favourite. */
const PHOTOS: [
  id: string,
  title: string,
  album: string,
  place: string,
  takenOn: string,
  description: string,
  favourite: boolean,
][] = [
  [
    'reynisfjara',
    'Black sand beach at Reynisfjara',
    'Iceland',
    'Vík, Iceland',
    '2024-03-12',
    'Basalt columns and waves that never stop. We stayed well back from the water.',
    true,
  ],
  [
    'skogafoss',
    'Skógafoss in the mist',
    'Iceland',
    'Skógar, Iceland',
    '2024-03-13',
    'Soaked in seconds, worth it.',
    false,
  ],
  [
    'aurora',
    'Northern lights over Vík',
    'Iceland',
    'Vík, Iceland',
    '2024-03-14',
    'Two hours of waiting in the cold, then ten minutes of green sky.',
    true,
  ],
  [
    'inari',
    'Fushimi Inari gates at dawn',
    'Kyoto',
    'Kyoto, Japan',
    '2023-11-02',
    'We started the climb at six and had the gates almost to ourselves.',
    false,
  ],
  [
    'arashiyama',
    'Bamboo grove in Arashiyama',
    'Kyoto',
    'Kyoto, Japan',
    '2023-11-03',
    'The sound of the wind through the stalks is the real attraction.',
    false,
  ],
  ['gion', 'Tea house lanterns in Gion', 'Kyoto', 'Kyoto, Japan', '2023-11-04', '', false],
  [
    'tram-28',
    'Yellow tram on a steep street',
    'Lisbon',
    'Lisbon, Portugal',
    '2023-06-20',
    'Tram 28 squeezing past the cafés in Graça.',
    false,
  ],
  [
    'alfama-tiles',
    'Blue tiles in Alfama',
    'Lisbon',
    'Lisbon, Portugal',
    '2023-06-21',
    'Every doorway has a different pattern.',
    false,
  ],
  [
    'miradouro',
    'Sunset from the Miradouro',
    'Lisbon',
    'Lisbon, Portugal',
    '2023-06-21',
    'Half the city comes up here at golden hour.',
    true,
  ],
  ['balcony-coffee', 'Morning coffee on the balcony', 'Home', 'Home', '2024-05-05', '', false],
  ['miso', 'Miso asleep in the sun', 'Home', 'Home', '2024-07-18', 'Our cat, doing what he does best.', true],
  [
    'first-snow',
    'First snow in the park',
    'Home',
    'City park',
    '2024-12-01',
    'Ten minutes before it all turned to slush.',
    false,
  ],
];

/** Builds the gallery. */
export function galleryApp(ctx: AppContext): BuiltApp {
  const a = ctx.accent;
  const key = slugKey(ctx.title);
  const seed = PHOTOS.map(
    ([id, title, album, place, takenOn, description, favourite], i) =>
      `    { id: ${jsString(id)}, title: ${jsString(title)}, album: ${jsString(album)}, place: ${jsString(place)}, takenOn: ${jsString(takenOn)}, description: ${jsString(description)}, image: '', favourite: ${favourite}, createdAt: ${PHOTOS.length - i} },`,
  ).join('\n');
  const localStore = `const PHOTOS_KEY = ${jsString(`${key}.photos`)};

function starterPhotos() {
  return [
${seed}
  ];
}

function savedPhotos() {
  try {
    const saved = JSON.parse(window.localStorage.getItem(PHOTOS_KEY) || 'null');
    return Array.isArray(saved) ? saved : starterPhotos();
  } catch {
    return starterPhotos();
  }
}`;

  const home = page(
    '',
    `
import { useEffect, useState } from 'react';
import { AlertCircle, Heart, ImagePlus, Images, Loader2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';
import AddPhotoDialog from '@/components/AddPhotoDialog';
import PhotoViewer from '@/components/PhotoViewer';

${localStore}

/** Tile shapes, so the grid looks like a wall of real photos. */
const SHAPES = ['aspect-[4/5]', 'aspect-[4/3]', 'aspect-square', 'aspect-[3/4]', 'aspect-[16/10]'];

export default function GalleryPage(props) {
  const [source, setSource] = useState('loading');
  const [photos, setPhotos] = useState([]);
  const [album, setAlbum] = useState((props && props.searchParams && props.searchParams.album) || 'All');
  const [openId, setOpenId] = useState(null);
  const [adding, setAdding] = useState(false);

${documentTitleEffect(ctx.title)}

${NOTICE_STATE}

${loadOnMount({
  path: '/api/photos',
  accept: 'data && Array.isArray(data.photos)',
  onServer: 'setPhotos(data.photos);',
  onLocal: 'setPhotos(savedPhotos());',
})}

  useEffect(() => {
    if (source !== 'local') return;
    try {
      window.localStorage.setItem(PHOTOS_KEY, JSON.stringify(photos));
    } catch {
      // Storage can be full (uploaded images are large); the gallery still works for this visit.
      setNotice('This browser is out of space for more photos.');
    }
  }, [photos, source]);

${API_CALLER}

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
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">${jsxText(ctx.title)}</h1>
            <p className="mt-1 flex items-center gap-2 text-sm text-neutral-400">
              <Images className="h-4 w-4" aria-hidden="true" />
              {photos.length} photos · {albums.length} albums
            </p>
          </div>
          <button type="button" onClick={() => setAdding(true)} className="inline-flex items-center gap-2 rounded-full bg-${a}-500 px-4 py-2.5 text-sm font-semibold text-white shadow-lg shadow-${a}-500/20 hover:bg-${a}-600">
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
          <span className="ml-2 self-center">${loadingHint('Loading photos…')}</span>
        </div>

        <section aria-label="Photos" className="mt-6 columns-2 gap-3 sm:columns-3 lg:columns-4">
          {visible.map((p, i) => (
            <button
              key={p.id}
              type="button"
              onClick={() => setOpenId(p.id)}
              aria-label={'Open ' + p.title}
              className="group relative mb-3 block w-full break-inside-avoid overflow-hidden rounded-xl bg-neutral-800 text-left focus:outline-none focus:ring-4 focus:ring-${a}-400"
            >
              <img src={p.image || undefined} alt={p.title} className={'w-full object-cover transition duration-300 group-hover:scale-105 ' + SHAPES[i % SHAPES.length]} />
              <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-10 text-sm font-medium opacity-0 transition group-hover:opacity-100 group-focus:opacity-100">
                {p.title}
              </span>
              {p.favourite && (
                <span className="absolute right-2 top-2 rounded-full bg-black/50 p-1.5" aria-label="Favourite">
                  <Heart className="h-3.5 w-3.5 fill-${a}-400 text-${a}-400" aria-hidden="true" />
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
${NOTICE_TOAST}
    </div>
  );
}
`,
  );

  const albumsPage = page(
    'albums',
    `
import { useEffect, useState } from 'react';
import { Loader2 } from 'lucide-react';
import AppHeader from '@/components/AppHeader';

${localStore}

export default function AlbumsPage() {
  const [source, setSource] = useState('loading');
  const [photos, setPhotos] = useState([]);

${loadOnMount({
  path: '/api/photos',
  accept: 'data && Array.isArray(data.photos)',
  onServer: 'setPhotos(data.photos);',
  onLocal: 'setPhotos(savedPhotos());',
})}

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
        <div className="mt-2">${loadingHint('Loading albums…')}</div>
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {albums.map((al) => (
            <li key={al.name}>
              <a href={'/?album=' + encodeURIComponent(al.name)} className="group block">
                <div className="relative">
                  <div className="absolute inset-x-3 -top-2 h-full rounded-2xl bg-neutral-800" aria-hidden="true" />
                  <img src={al.cover.image || undefined} alt={al.cover.title} className="relative aspect-square w-full rounded-2xl bg-neutral-800 object-cover ring-1 ring-white/10 transition group-hover:ring-${a}-400" />
                </div>
                <p className="mt-3 font-semibold group-hover:text-${a}-300">{al.name}</p>
                <p className="text-sm text-neutral-400">{al.count} {al.count === 1 ? 'photo' : 'photos'} · {al.when}</p>
              </a>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
`,
  );

  const viewer = component(
    'PhotoViewer',
    `
import { useEffect } from 'react';
import { Calendar, ChevronLeft, ChevronRight, Heart, MapPin, Trash2, X } from 'lucide-react';

export default function PhotoViewer(props) {
  const { photo, position, total, onClose, onPrevious, onNext, onFavourite, onDelete } = props;

  useEffect(() => {
    const onKey = (e) => {
      if (e.key === 'Escape') onClose();
      else if (e.key === 'ArrowLeft') onPrevious();
      else if (e.key === 'ArrowRight') onNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, onPrevious, onNext]);

  const parts = photo.takenOn.split('-').map(Number);
  const date = new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

  return (
    <div role="dialog" aria-modal="true" aria-label={photo.title} className="fixed inset-0 z-40 flex flex-col bg-black/95 text-white lg:flex-row">
      <div className="relative flex min-h-0 flex-1 items-center justify-center p-4 sm:p-10">
        <img src={photo.image || undefined} alt={photo.title} className="max-h-full max-w-full rounded-lg object-contain shadow-2xl" style={{ minHeight: photo.image ? undefined : '50vh', aspectRatio: photo.image ? undefined : '4 / 3' }} />
        <button type="button" onClick={onPrevious} aria-label="Previous photo" className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-3 hover:bg-white/20 sm:left-4">
          <ChevronLeft className="h-6 w-6" aria-hidden="true" />
        </button>
        <button type="button" onClick={onNext} aria-label="Next photo" className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/10 p-3 hover:bg-white/20 sm:right-4">
          <ChevronRight className="h-6 w-6" aria-hidden="true" />
        </button>
      </div>
      <aside className="w-full shrink-0 border-t border-white/10 bg-neutral-900 p-5 lg:w-80 lg:border-l lg:border-t-0">
        <div className="flex items-center justify-between">
          <p className="text-xs font-medium text-neutral-400">{position} / {total} · {photo.album}</p>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-2 text-neutral-400 hover:bg-white/10 hover:text-white">
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <h2 className="mt-2 text-xl font-semibold">{photo.title}</h2>
        {photo.description && <p className="mt-2 text-sm leading-relaxed text-neutral-300">{photo.description}</p>}
        <ul className="mt-4 space-y-1.5 text-sm text-neutral-400">
          <li className="flex items-center gap-2"><MapPin className="h-4 w-4" aria-hidden="true" />{photo.place || 'Somewhere'}</li>
          <li className="flex items-center gap-2"><Calendar className="h-4 w-4" aria-hidden="true" />{date}</li>
        </ul>
        <div className="mt-6 flex gap-2">
          <button type="button" onClick={onFavourite} aria-pressed={photo.favourite} className={photo.favourite ? 'inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-${a}-500 py-2.5 text-sm font-semibold text-white' : 'inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-white/10 py-2.5 text-sm font-semibold hover:bg-white/20'}>
            <Heart className={photo.favourite ? 'h-4 w-4 fill-white' : 'h-4 w-4'} aria-hidden="true" />
            {photo.favourite ? 'Favourite' : 'Add to favourites'}
          </button>
          <button type="button" onClick={() => { if (window.confirm('Delete this photo?')) onDelete(); }} aria-label="Delete photo" className="rounded-xl bg-white/10 px-3 text-neutral-300 hover:bg-red-500/20 hover:text-red-300">
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </aside>
    </div>
  );
}
`,
  );

  const addDialog = component(
    'AddPhotoDialog',
    `
import { useState } from 'react';
import { AlertCircle, ImagePlus, Upload, X } from 'lucide-react';

const MAX_BYTES = 1024 * 1024;

export default function AddPhotoDialog(props) {
  const { albums, onAdd, onClose } = props;
  const today = new Date();
  const iso = [today.getFullYear(), String(today.getMonth() + 1).padStart(2, '0'), String(today.getDate()).padStart(2, '0')].join('-');
  const [form, setForm] = useState({ title: '', album: albums[0] || 'Photos', newAlbum: '', place: '', takenOn: iso, description: '', image: '' });
  const [error, setError] = useState('');

  function pickFile(event) {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Choose an image file (JPEG, PNG, WebP or GIF).');
    if (file.size > MAX_BYTES) return setError('Choose an image under 1 MB, or leave it empty for a placeholder.');
    const reader = new FileReader();
    reader.onload = () => {
      setError('');
      setForm((f) => ({ ...f, image: String(reader.result), title: f.title || file.name.replace(/\\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ') }));
    };
    reader.readAsDataURL(file);
  }

  function submit(event) {
    event.preventDefault();
    const album = (form.album === '__new' ? form.newAlbum : form.album).trim();
    if (!form.title.trim()) return setError('Give the photo a title.');
    if (!album) return setError('Name the new album.');
    onAdd({ title: form.title.trim(), album, place: form.place.trim(), takenOn: form.takenOn || iso, description: form.description.trim(), image: form.image });
  }

  const field = 'w-full rounded-xl border border-neutral-700 bg-neutral-800 px-3 py-2 text-sm text-white placeholder:text-neutral-500 focus:border-${a}-400 focus:outline-none focus:ring-4 focus:ring-${a}-500/20';

  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/70 sm:items-center sm:p-6" onClick={onClose}>
      <form onSubmit={submit} onClick={(e) => e.stopPropagation()} role="dialog" aria-modal="true" aria-label="Add a photo" className="max-h-[92vh] w-full max-w-lg space-y-3 overflow-y-auto rounded-t-3xl bg-neutral-900 p-5 text-white ring-1 ring-white/10 sm:rounded-3xl sm:p-6">
        <div className="flex items-center justify-between">
          <h2 className="flex items-center gap-2 text-lg font-semibold"><ImagePlus className="h-5 w-5 text-${a}-400" aria-hidden="true" />Add a photo</h2>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-2 text-neutral-400 hover:bg-white/10"><X className="h-5 w-5" aria-hidden="true" /></button>
        </div>
        <label className="flex cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-2xl border-2 border-dashed border-neutral-700 bg-neutral-800/50 p-4 text-center text-sm text-neutral-400 hover:border-${a}-400">
          {form.image ? <img src={form.image} alt="The chosen photo" className="max-h-48 rounded-lg object-contain" /> : <Upload className="h-6 w-6" aria-hidden="true" />}
          <span>{form.image ? 'Choose another image' : 'Choose an image (under 1 MB), or leave it empty for a placeholder drawn from the title'}</span>
          <input name="photo" type="file" accept="image/*" onChange={pickFile} className="sr-only" />
        </label>
        <label className="block text-sm">
          <span className="text-neutral-300">Title</span>
          <input name="title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} placeholder="Harbour at sunrise" className={field + ' mt-1'} />
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm">
            <span className="text-neutral-300">Album</span>
            <select name="album" value={form.album} onChange={(e) => setForm({ ...form, album: e.target.value })} className={field + ' mt-1'}>
              {albums.map((al) => (
                <option key={al} value={al}>{al}</option>
              ))}
              <option value="__new">New album…</option>
            </select>
          </label>
          <label className="block text-sm">
            <span className="text-neutral-300">Taken on</span>
            <input name="takenOn" type="date" value={form.takenOn} onChange={(e) => setForm({ ...form, takenOn: e.target.value })} className={field + ' mt-1'} />
          </label>
        </div>
        {(form.album === '__new' || albums.length === 0) && (
          <label className="block text-sm">
            <span className="text-neutral-300">New album name</span>
            <input name="newAlbum" value={form.newAlbum} onChange={(e) => setForm({ ...form, newAlbum: e.target.value, album: '__new' })} placeholder="Summer 2025" className={field + ' mt-1'} />
          </label>
        )}
        <label className="block text-sm">
          <span className="text-neutral-300">Place</span>
          <input name="place" value={form.place} onChange={(e) => setForm({ ...form, place: e.target.value })} placeholder="Where was it taken?" className={field + ' mt-1'} />
        </label>
        <label className="block text-sm">
          <span className="text-neutral-300">Story</span>
          <textarea name="description" rows={2} value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} placeholder="What was happening?" className={field + ' mt-1'} />
        </label>
        {error && <p role="alert" className="flex items-center gap-1.5 text-sm text-red-400"><AlertCircle className="h-4 w-4" aria-hidden="true" />{error}</p>}
        <button type="submit" className="w-full rounded-xl bg-${a}-500 py-2.5 text-sm font-semibold text-white hover:bg-${a}-600">Add to gallery</button>
      </form>
    </div>
  );
}
`,
  );

  return {
    migrations: [photosMigration()],
    modules: [
      photosRoute(),
      photoRoute(),
      home,
      albumsPage,
      darkHeader(
        appHeader(ctx, {
          icon: 'Camera',
          links: [
            { href: '/', label: 'Photos' },
            { href: '/albums', label: 'Albums' },
          ],
          maxWidth: 'max-w-7xl',
        }),
        a,
      ),
      viewer,
      addDialog,
    ],
    plan: [
      `Build "${ctx.title}", a photo gallery.`,
      '- Table `photos` (title, album, place, date taken, story, image, favourite) with twelve photos in four albums.',
      '- Functions: `/api/photos` (GET newest first, POST a checked photo; an uploaded image is a data URL up to 1.5 MB) and `/api/photos/[id]` (PATCH favourite, title, album, story; DELETE).',
      '- Page `/`: a dark masonry wall, album and favourites chips with counts, and an Add photo button.',
      '- Page `/albums`: an album per card with its cover, count and dates, opening the wall filtered to it.',
      '- Components: AppHeader, PhotoViewer (previous/next, arrow keys, Escape, details, favourite, delete), AddPhotoDialog (image file or a placeholder drawn from the title).',
      `- Without a backend the photos stay in the browser. ${a} accent, Tailwind, lucide-react icons.`,
    ].join('\n'),
    summary: [
      `I built **${ctx.title}**, a photo gallery: a wall of photos you can filter by album or favourites, a full-screen viewer with previous/next (arrow keys work too), details and a favourite button, an Albums page, and Add photo to upload an image from your device (under 1 MB) or add one with a placeholder drawn from its title.`,
      '',
      "Photos live in the app's database (table `photos`, through `/api/photos` and `/api/photos/[id]`). Opened without its backend, the gallery keeps them in the browser.",
    ].join('\n'),
    choices: [
      `change the colour to ${otherHue(ctx.accent, 'amber', 'zinc')}`,
      `rename the app to ${otherName(ctx.title, 'Wanderlust', 'Photo Book')}`,
      'add a page called About',
    ],
  };
}

/** The shared header restyled for the gallery's dark pages (same structure, so the follow-ups still find it). */
function darkHeader(header: GenModule, a: string): GenModule {
  const swaps: [string, string][] = [
    ['border-b border-slate-200/80 bg-white/80', 'border-b border-white/10 bg-neutral-950/80'],
    ['font-semibold tracking-tight text-slate-900', 'font-semibold tracking-tight text-white'],
    [`bg-${a}-50 px-3 py-2 font-medium text-${a}-700`, 'bg-white/10 px-3 py-2 font-medium text-white'],
    [
      'px-3 py-2 font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      'px-3 py-2 font-medium text-neutral-400 hover:bg-white/10 hover:text-white',
    ],
  ];
  let content = header.content;
  for (const [from, to] of swaps) content = content.replace(from, to);
  return { ...header, content };
}

function photosMigration(): BuiltMigration {
  const rows = PHOTOS.map(
    ([id, title, album, place, takenOn, description, favourite], i) =>
      `  (${sqlText(id)}, ${sqlText(title)}, ${sqlText(album)}, ${sqlText(place)}, ${sqlText(takenOn)}, ${sqlText(description)}, '', ${favourite}, ${PHOTOS.length - i})`,
  );
  return {
    name: 'create_photos',
    sql: `CREATE TABLE photos (
  id text PRIMARY KEY,
  title text NOT NULL,
  album text NOT NULL,
  place text NOT NULL DEFAULT '',
  taken_on text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  favourite boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
INSERT INTO photos (id, title, album, place, taken_on, description, image, favourite, created_at) VALUES
${rows.join(',\n')};`,
  };
}

const PHOTO_HELPERS = `${READ_BODY}

/** The largest uploaded image kept, as a data URL (about 1 MB of image). */
const MAX_IMAGE = 1_500_000;

function toPhoto(row: Record<string, unknown>) {
  return {
    id: String(row.id),
    title: String(row.title),
    album: String(row.album),
    place: String(row.place),
    takenOn: String(row.taken_on),
    description: String(row.description),
    image: String(row.image ?? ''),
    favourite: row.favourite === true,
    createdAt: Number(row.created_at),
  };
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}`;

/** `/api/photos`: the gallery and adding a photo. */
function photosRoute() {
  return apiRoute(
    'photos',
    `
${SQL_IMPORT}

${PHOTO_HELPERS}

/** Every photo, newest taken first. */
export async function GET() {
  const rows = await sql\`SELECT * FROM photos ORDER BY taken_on DESC, created_at DESC\`;
  return Response.json({ photos: rows.map(toPhoto) });
}

/** Adds a photo: { title, album, place?, takenOn?, description?, image? (a data:image/… URL) }. */
export async function POST(request: Request) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the photo as JSON.');
  const title = text(body.title, 120);
  const album = text(body.album, 60);
  const takenOn = text(body.takenOn, 10) || new Date().toISOString().slice(0, 10);
  const image = typeof body.image === 'string' ? body.image : '';
  if (!title) return badRequest('Give the photo a title.');
  if (!album) return badRequest('Choose an album.');
  if (!/^\\d{4}-\\d{2}-\\d{2}$/.test(takenOn)) return badRequest('The date must look like 2025-01-31.');
  if (image && !/^data:image\\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/.test(image)) {
    return badRequest('The image must be a PNG, JPEG, WebP or GIF file.');
  }
  if (image.length > MAX_IMAGE) return Response.json({ error: 'Choose an image under 1 MB.' }, { status: 413 });
  const [row] = await sql\`
    INSERT INTO photos (id, title, album, place, taken_on, description, image, favourite, created_at)
    VALUES (\${crypto.randomUUID()}, \${title}, \${album}, \${text(body.place, 120)}, \${takenOn}, \${text(body.description, 1000)}, \${image}, false, \${Date.now()})
    RETURNING *\`;
  return Response.json({ photo: toPhoto(row) }, { status: 201 });
}
`,
  );
}

/** `/api/photos/[id]`: favourite, retitle, move or delete a photo. */
function photoRoute() {
  return apiRoute(
    'photos/[id]',
    `
${SQL_IMPORT}

${PHOTO_HELPERS}

type Context = { params: { id: string } };

function notFound() {
  return Response.json({ error: 'That photo no longer exists.' }, { status: 404 });
}

/** Changes any of { favourite, title, album, description }; the others keep their values. */
export async function PATCH(request: Request, { params }: Context) {
  const body = await readBody(request);
  if (!body) return badRequest('Send the changes as JSON, e.g. { "favourite": true }.');
  if (body.favourite !== undefined && typeof body.favourite !== 'boolean') return badRequest('favourite must be true or false.');
  const favourite = typeof body.favourite === 'boolean' ? body.favourite : null;
  const title = body.title === undefined ? null : text(body.title, 120) || null;
  const album = body.album === undefined ? null : text(body.album, 60) || null;
  const description = body.description === undefined ? null : text(body.description, 1000);
  const [row] = await sql\`
    UPDATE photos SET
      favourite = COALESCE(\${favourite}, favourite),
      title = COALESCE(\${title}, title),
      album = COALESCE(\${album}, album),
      description = COALESCE(\${description}, description)
    WHERE id = \${params.id}
    RETURNING *\`;
  return row ? Response.json({ photo: toPhoto(row) }) : notFound();
}

export async function DELETE(_request: Request, { params }: Context) {
  const [row] = await sql\`DELETE FROM photos WHERE id = \${params.id} RETURNING id\`;
  return row ? Response.json({ deleted: String(row.id) }) : notFound();
}
`,
  );
}
