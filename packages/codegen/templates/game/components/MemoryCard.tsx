import { Anchor, Cat, Crown, Feather, Ghost, Heart, Leaf, Moon, Music, Sparkles, Star, Sun, Zap } from 'lucide-react';

const FACES = {
  Star: { Icon: Star, color: '#fbbf24' },
  Heart: { Icon: Heart, color: '#fb7185' },
  Zap: { Icon: Zap, color: '#facc15' },
  Music: { Icon: Music, color: '#60a5fa' },
  Sun: { Icon: Sun, color: '#fb923c' },
  Moon: { Icon: Moon, color: '#a5b4fc' },
  Anchor: { Icon: Anchor, color: '#38bdf8' },
  Feather: { Icon: Feather, color: '#34d399' },
  Crown: { Icon: Crown, color: '#fcd34d' },
  Ghost: { Icon: Ghost, color: '#e2e8f0' },
  Cat: { Icon: Cat, color: '#f472b6' },
  Leaf: { Icon: Leaf, color: '#4ade80' },
};

export default function MemoryCard(props) {
  const { card, position, faceUp, onFlip } = props;
  const face = FACES[card.face] || FACES.Star;
  const Icon = face.Icon;
  return (
    <button
      type="button"
      onClick={onFlip}
      aria-label={'Card ' + position + ', ' + (faceUp ? card.face : 'face down')}
      className={
        card.matched
          ? 'flex aspect-square items-center justify-center rounded-2xl bg-white/10 ring-2 ring-kiln-hue-400/60 transition'
          : faceUp
            ? 'flex aspect-square items-center justify-center rounded-2xl bg-white/15 ring-2 ring-white/40 transition'
            : 'flex aspect-square items-center justify-center rounded-2xl bg-gradient-to-br from-kiln-hue-500 to-kiln-hue-700 shadow-lg shadow-kiln-hue-900/40 ring-1 ring-white/10 transition hover:-translate-y-0.5 hover:from-kiln-hue-500 hover:to-kiln-hue-600'
      }
    >
      {faceUp ? (
        <Icon className={card.matched ? 'h-1/2 w-1/2 opacity-70' : 'h-1/2 w-1/2'} style={{ color: face.color }} aria-hidden="true" />
      ) : (
        <Sparkles className="h-1/3 w-1/3 text-white/40" aria-hidden="true" />
      )}
    </button>
  );
}
