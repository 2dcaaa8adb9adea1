const MEDALS = [
  { className: 'medal-gold', label: '1st Place' },
  { className: 'medal-silver', label: '2nd Place' },
  { className: 'medal-bronze', label: '3rd Place' },
];

/** Gold, silver and bronze for the top three, then '#rank'. */
export function RankIcon({ rank }: { rank: number }) {
  const medal = MEDALS[rank - 1];
  if (!medal) return <span>#{rank}</span>;
  return (
    <span className={`medal ${medal.className}`} role="img" aria-label={`Rank ${rank}`} title={medal.label}>
      <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M7 2h4l2 5-3 2zM17 2h-4l-2 5 3 2z" fill="currentColor" opacity="0.55" />
        <circle cx="12" cy="15" r="7" fill="currentColor" />
        <text x="12" y="18.5" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff">
          {rank}
        </text>
      </svg>
    </span>
  );
}

/** Spec §9: badges for ranks 1, 2, 3, then Top 10. */
export function rankBadgeLabel(rank: number): string | null {
  if (rank >= 1 && rank <= 3) return MEDALS[rank - 1].label;
  if (rank <= 10) return 'Top 10';
  return null;
}
