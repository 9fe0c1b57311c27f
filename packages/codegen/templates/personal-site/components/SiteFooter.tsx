export default function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-500 sm:flex-row sm:px-6">
        <p>© {new Date().getFullYear()} kiln-titleText</p>
        <div className="flex gap-5">
          <a href="/projects" className="hover:text-slate-900">Projects</a>
          <a href="/contact" className="hover:text-slate-900">Contact</a>
        </div>
      </div>
    </footer>
  );
}
