import { Box } from '@chakra-ui/react/box';
import type { ProjectCategory, ServiceOffering } from '../generated/config-types.ts';

/** A small stable number from text, so the same project or person always gets the same artwork. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const CATEGORY_COLOURS: Record<ProjectCategory, readonly [string, string, string]> = {
  production: ['#331a48', '#6d3699', '#f59e42'],
  influencer: ['#5a2b7e', '#c2570c', '#fdba74'],
  strategy: ['#1b1035', '#472364', '#c19ee0'],
};

/** Woven-thread artwork for a project card, drawn from its title and coloured by its category. Decorative. */
export function ProjectArt({ title, category }: { title: string; category: ProjectCategory }) {
  const [ground, weft, thread] = CATEGORY_COLOURS[category];
  const seed = hashOf(title);
  const threads = Array.from({ length: 7 }, (_, i) => {
    const offset = ((seed >> (i * 3)) & 7) * 6;
    return { y: 18 + i * 22 + (offset % 10), width: 3 + ((seed >> i) & 3) * 2, shift: offset };
  });
  return (
    <svg
      viewBox="0 0 320 180"
      width="100%"
      height="100%"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <rect width="320" height="180" fill={ground} />
      {threads.map((line, i) => (
        <path
          key={i}
          d={`M-10 ${line.y} C 80 ${line.y - 30 + line.shift}, 220 ${line.y + 30 - line.shift}, 330 ${line.y}`}
          stroke={i % 3 === 0 ? thread : weft}
          strokeWidth={line.width}
          fill="none"
          opacity={i % 3 === 0 ? 0.95 : 0.7}
        />
      ))}
      <circle
        cx={60 + (seed % 200)}
        cy={40 + ((seed >> 8) % 100)}
        r={18 + ((seed >> 4) % 20)}
        fill={thread}
        opacity="0.35"
      />
    </svg>
  );
}

type Drawing = NonNullable<ServiceOffering['artwork']>;

/** The site's line drawings for services, each a path on a 24 × 24 grid. */
const DRAWINGS: Record<Drawing, string> = {
  camera: 'M5 7h10v10H5zM15 10l5-3v10l-5-3',
  target: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8M12 12h.01',
  people: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6M3 20a6 6 0 0 1 12 0M17 8a2.5 2.5 0 1 0 0-5M21 18a4.5 4.5 0 0 0-4-4.5',
  chart: 'M4 18V10M10 18V6M16 18v-5M22 18H2',
  megaphone: 'M3 10v4h3l6 4V6L6 10zM16 9a4 4 0 0 1 0 6M19 6a8 8 0 0 1 0 12',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  pen: 'M4 20l1-4L16 5l3 3L8 19zM14 7l3 3',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18',
  spark: 'M12 3v5M12 16v5M3 12h5M16 12h5M6 6l3 3M15 15l3 3M6 18l3-3M15 9l3-3',
};

/** The drawing of the spec's four services when none is chosen; any other service shows the spark. */
const DRAWING_OF_SERVICE: Readonly<Record<string, Drawing>> = {
  production: 'camera',
  strategy: 'target',
  influencer: 'people',
  media: 'chart',
};

/** The tile on a service's card: its own picture, else its line drawing, in a tinted square. Decorative. */
export function ServiceMark({
  service,
  mb,
}: {
  service: Pick<ServiceOffering, 'id' | 'artwork' | 'picture'>;
  mb?: string;
}) {
  if (service.picture)
    return (
      <Box display="inline-flex" rounded="lg" overflow="hidden" bg="brand.muted" mb={mb} flexShrink={0}>
        <img
          src={service.picture}
          alt=""
          width={52}
          height={52}
          loading="lazy"
          style={{ display: 'block', width: '52px', height: '52px', objectFit: 'cover' }}
        />
      </Box>
    );
  const drawing = service.artwork ?? DRAWING_OF_SERVICE[service.id] ?? 'spark';
  return (
    <Box display="inline-flex" p="3" rounded="lg" bg="brand.muted" color="brand.fg" mb={mb} flexShrink={0}>
      <svg
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={DRAWINGS[drawing]} />
      </svg>
    </Box>
  );
}

const AVATAR_GRADIENTS = [
  ['#6d3699', '#f59e42'],
  ['#472364', '#c2570c'],
  ['#5a2b7e', '#fdba74'],
  ['#331a48', '#a06fcd'],
  ['#7a340a', '#e07b1a'],
  ['#1b1035', '#8448b6'],
] as const;

/**
 * A round avatar with a person's initials on a gradient chosen from their name. Decorative: their name is beside it.
 */
export function InitialsAvatar({ name, size = 64 }: { name: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  const [from, to] = AVATAR_GRADIENTS[hashOf(name) % AVATAR_GRADIENTS.length]!;
  const id = `avatar-${hashOf(name).toString(36)}`;
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="32" fill={`url(#${id})`} />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="middle"
        fill="white"
        fontSize="22"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {initials}
      </text>
    </svg>
  );
}
