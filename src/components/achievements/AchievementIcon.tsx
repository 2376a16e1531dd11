/** docs/product.md §3 achievement icons (trophy, airplane, clock, else star) as inline SVG: no emoji font needed. */
export function AchievementIcon({ icon, size = 26, colour = 'currentColor' }: { icon: string; size?: number; colour?: string }) {
  const common = { width: size, height: size, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
  const line = { fill: 'none', stroke: colour, strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  switch (icon) {
    case 'trophy':
      return (
        <svg {...common} data-icon="trophy">
          <path d="M8 4h8v5a4 4 0 0 1-8 0V4z" {...line} fill={colour} fillOpacity={0.25} />
          <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M10 17h4v3h-4z" {...line} />
        </svg>
      );
    case 'airplane':
      return (
        <svg {...common} data-icon="airplane">
          <path d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5l8 2.5z" fill={colour} />
        </svg>
      );
    case 'clock':
      return (
        <svg {...common} data-icon="clock">
          <circle cx="12" cy="12" r="9" {...line} />
          <path d="M12 7v5l3 2" {...line} />
        </svg>
      );
    default:
      return (
        <svg {...common} data-icon="star">
          <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z" {...line} fill={colour} fillOpacity={0.25} />
        </svg>
      );
  }
}
