export default function CoinIcon(props) {
  const { coin, large } = props;
  return (
    <span
      className={large ? 'flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white' : 'flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-[11px] font-bold text-white'}
      style={{ backgroundColor: coin.color }}
      aria-hidden="true"
    >
      {coin.symbol.slice(0, 4)}
    </span>
  );
}
