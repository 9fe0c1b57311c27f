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
          <button type="button" onClick={onFavourite} aria-pressed={photo.favourite} className={photo.favourite ? 'inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-kiln-hue-500 py-2.5 text-sm font-semibold text-white' : 'inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-white/10 py-2.5 text-sm font-semibold hover:bg-white/20'}>
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
