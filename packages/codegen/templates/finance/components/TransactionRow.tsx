import { Banknote, Briefcase, Car, Film, HeartPulse, Home, Lightbulb, ShoppingBag, ShoppingCart, Tag, Trash2, Utensils } from 'lucide-react';

const CATEGORY_ICONS = {
  Salary: Banknote,
  Freelance: Briefcase,
  Housing: Home,
  Groceries: ShoppingCart,
  'Dining out': Utensils,
  Transport: Car,
  Utilities: Lightbulb,
  Entertainment: Film,
  Health: HeartPulse,
  Shopping: ShoppingBag,
};

export default function TransactionRow(props) {
  const { transaction: t, money, onDelete } = props;
  const Icon = CATEGORY_ICONS[t.category] || Tag;
  const income = t.kind === 'income';
  return (
    <li className="group flex items-center gap-3 py-3">
      <span className={income ? 'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-green-50 text-green-600' : 'flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600'}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">{t.description}</p>
        <p className="text-xs text-slate-500">{t.category} · {t.date}</p>
      </div>
      <span className={income ? 'font-semibold tabular-nums text-green-600' : 'font-semibold tabular-nums text-slate-900'}>
        {(income ? '+' : '−') + money(t.cents)}
      </span>
      {onDelete && (
        <button
          type="button"
          onClick={() => onDelete(t.id)}
          aria-label={'Delete ' + t.description}
          className="rounded-lg p-2 text-slate-400 hover:bg-red-50 hover:text-red-600 sm:opacity-0 sm:group-hover:opacity-100 focus:opacity-100"
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
