import { Heart, MessageCircle } from 'lucide-react';

export default function PostCard(props) {
  const { post } = props;
  const date = new Date(post.publishedAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

  return (
    <article className="group">
      <a href={'/post?id=' + encodeURIComponent(post.id)} className="block">
        <img alt={post.title} className="aspect-[16/10] w-full rounded-2xl bg-kiln-hue-50 object-cover transition group-hover:opacity-90" />
        <p className="mt-4 text-xs font-semibold uppercase tracking-wider text-kiln-hue-700">{post.tag}</p>
        <h2 className="mt-1.5 font-serif text-xl font-bold leading-snug group-hover:underline">{post.title}</h2>
        <p className="mt-2 line-clamp-2 text-slate-600">{post.excerpt}</p>
      </a>
      <p className="mt-3 flex items-center gap-3 text-sm text-slate-500">
        <span>{post.author} · {date}</span>
        <span className="inline-flex items-center gap-1"><Heart className="h-3.5 w-3.5" aria-hidden="true" /><span className="sr-only">Likes</span>{post.likes}</span>
        <span className="inline-flex items-center gap-1"><MessageCircle className="h-3.5 w-3.5" aria-hidden="true" /><span className="sr-only">Comments</span>{post.comments}</span>
      </p>
    </article>
  );
}
