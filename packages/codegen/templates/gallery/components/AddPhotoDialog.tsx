import { useState } from 'react';
import { AlertCircle, ImagePlus, Loader2, Upload, X } from 'lucide-react';
import useUpload from '@/utils/useUpload';

export default function AddPhotoDialog(props) {
  const { albums, onAdd, onClose } = props;
  const today = new Date();
  const iso = [today.getFullYear(), String(today.getMonth() + 1).padStart(2, '0'), String(today.getDate()).padStart(2, '0')].join('-');
  const [form, setForm] = useState({ title: '', album: albums[0] || 'Photos', newAlbum: '', place: '', takenOn: iso, description: '', image: '' });
  const [error, setError] = useState('');
  const [upload, { loading: uploading }] = useUpload();

  async function pickFile(event) {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Choose an image file (JPEG, PNG, WebP or GIF).');
    setError('');
    const result = await upload({ file });
    if (result.error) return setError(result.error);
    if (!result.mimeType.startsWith('image/')) return setError('That file is not an image: choose a JPEG, PNG, WebP or GIF.');
    setForm((f) => ({ ...f, image: result.url, title: f.title || file.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ') }));
  }

  function submit(event) {
    event.preventDefault();
    const album = (form.album === '__new' ? form.newAlbum : form.album).trim();
    if (!form.title.trim()) return setError('Give the photo a title.');
    if (!album) return setError('Name the new album.');
    if (uploading) return setError('Wait until the image has uploaded.');
    onAdd({ title: form.title.trim(), album, place: form.place.trim(), takenOn: form.takenOn || iso, description: form.description.trim(), image: form.image });
  }

  const field = 'w-full rounded-xl border border-neutral-700 bg-neutral-800 px-3 py-2 text-sm text-white placeholder:text-neutral-500 focus:border-kiln-hue-400 focus:outline-none focus:ring-4 focus:ring-kiln-hue-500/20';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: kiln: the backdrop click closes the dialog (the generated code keeps it).
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-black/70 sm:items-center sm:p-6" onClick={onClose}>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: kiln: the click only stops the backdrop closing the dialog. */}
      <form onSubmit={submit} onClick={(e) => e.stopPropagation()} role="dialog" aria-modal="true" aria-label="Add a photo" className="max-h-[92vh] w-full max-w-lg space-y-3 overflow-y-auto rounded-t-3xl bg-neutral-900 p-5 text-white ring-1 ring-white/10 sm:rounded-3xl sm:p-6">
        <div className="flex items-center justify-between">
          <h2 className="flex items-center gap-2 text-lg font-semibold"><ImagePlus className="h-5 w-5 text-kiln-hue-400" aria-hidden="true" />Add a photo</h2>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-full p-2 text-neutral-400 hover:bg-white/10"><X className="h-5 w-5" aria-hidden="true" /></button>
        </div>
        <label className="flex cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-2xl border-2 border-dashed border-neutral-700 bg-neutral-800/50 p-4 text-center text-sm text-neutral-400 hover:border-kiln-hue-400">
          {/* biome-ignore lint/a11y/noRedundantAlt: kiln: the generated code keeps this alt text. */}
          {uploading ? <Loader2 className="h-6 w-6 animate-spin" aria-hidden="true" /> : form.image ? <img src={form.image} alt="The chosen photo" className="max-h-48 rounded-lg object-contain" /> : <Upload className="h-6 w-6" aria-hidden="true" />}
          <span>{uploading ? 'Uploading…' : form.image ? 'Choose another image' : 'Choose an image, or leave it empty for a placeholder drawn from the title'}</span>
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
        <button type="submit" disabled={uploading} className="w-full rounded-xl bg-kiln-hue-500 py-2.5 text-sm font-semibold text-white hover:bg-kiln-hue-600">Add to gallery</button>
      </form>
    </div>
  );
}
