/**
 * A copy of the repository's site with many generated influencers and projects, each with varied, unique text, for
 * measuring how the site holds up at the size it claims (npm run bench:scale, and a check in npm test).
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_SITE_DIR } from './sites.ts';
import { seededRandom } from './seeded-random.ts';

const FIRST = [
  'Amara',
  'Kwame',
  'Efua',
  'Kofi',
  'Ama',
  'Yaw',
  'Abena',
  'Kojo',
  'Akosua',
  'Kwesi',
  'Adwoa',
  'Fiifi',
  'Esi',
  'Nana',
  'Adjoa',
  'Kweku',
  'Afua',
  'Yaa',
  'Ekow',
  'Araba',
  'Chidi',
  'Ngozi',
  'Tunde',
  'Funmi',
  'Emeka',
  'Zainab',
  'Ifeoma',
  'Seun',
  'Aisha',
  'Musa',
  'Fatou',
  'Moussa',
  'Awa',
  'Ibrahima',
  'Mariama',
  'Ousmane',
  'Khadija',
  'Sekou',
  'Binta',
  'Lamine',
  'Naledi',
  'Thabo',
  'Zanele',
  'Sipho',
  'Wanjiru',
  'Otieno',
  'Achieng',
  'Kamau',
  'Nia',
  'Jabari',
];
const LAST = [
  'Okafor',
  'Mensah',
  'Asante',
  'Boateng',
  'Serwaa',
  'Darko',
  'Owusu',
  'Appiah',
  'Osei',
  'Agyeman',
  'Adjei',
  'Quaye',
  'Tetteh',
  'Ofori',
  'Annan',
  'Nkrumah',
  'Adebayo',
  'Okonkwo',
  'Balogun',
  'Eze',
  'Diallo',
  'Ndiaye',
  'Traoré',
  'Keita',
  'Camara',
  'Sow',
  'Baldé',
  'Mahlangu',
  'Dlamini',
  'Nkosi',
  'Mwangi',
  'Odhiambo',
  'Kariuki',
  'Wekesa',
  'Bello',
  'Abubakar',
  'Sesay',
  'Kamara',
  'Koroma',
  'Fofana',
];
const PLATFORMS = [
  'instagram',
  'tiktok',
  'youtube',
  'facebook',
  'twitter',
  'linkedin',
  'twitch',
  'snapchat',
  'pinterest',
];
const NICHES = ['fashion', 'beauty', 'fitness', 'tech', 'lifestyle', 'food'];
const TOPICS: Record<string, string[]> = {
  fashion: ['streetwear', 'kente tailoring', 'thrifted looks', 'bridal styling', 'menswear'],
  beauty: ['natural hair care', 'skincare for melanin-rich skin', 'bridal make-up', 'nail art', 'fragrance'],
  fitness: ['home workouts', 'marathon training', 'dance fitness', 'calisthenics', 'yoga'],
  tech: ['phone reviews', 'coding tutorials', 'fintech explainers', 'gaming', 'gadget unboxings'],
  lifestyle: ['city guides', 'slow living', 'parenting', 'interior design', 'travel on a budget'],
  food: ['street food', 'jollof recipes', 'vegan cooking', 'baking', 'restaurant reviews'],
};
const CITIES = [
  'Accra',
  'Kumasi',
  'Lagos',
  'Abuja',
  'Dakar',
  'Abidjan',
  'Nairobi',
  'Johannesburg',
  'Takoradi',
  'Tamale',
  'Cape Coast',
  'Freetown',
];

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `count` influencers with unique names, handles and bios, ids 1 to count. */
export function generateInfluencers(count: number, seed = 1): Record<string, unknown>[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const first = FIRST[index % FIRST.length]!;
    const last = LAST[Math.floor(index / FIRST.length) % LAST.length]!;
    const round = Math.floor(index / (FIRST.length * LAST.length));
    const name = round === 0 ? `${first} ${last}` : `${first} ${pick(FIRST)}-${last} ${round + 1}`;
    const niche = pick(NICHES);
    const followers = Math.round(5 + next() * 995);
    const reachLow = Math.max(1, Math.round(followers * (0.2 + next() * 0.3)));
    return {
      id: index + 1,
      name,
      handle: `@${slug(name).replace(/-/g, '.')}`,
      platform: pick(PLATFORMS),
      niche,
      followers: followers >= 1000 ? '1M' : `${followers}K`,
      engagement: `${(1 + next() * 11).toFixed(1)}%`,
      reach: `${reachLow}K-${Math.round(reachLow * 1.6)}K`,
      audience: `${18 + Math.floor(next() * 10)}-${30 + Math.floor(next() * 10)}, ${50 + Math.floor(next() * 40)}% ${next() < 0.5 ? 'Female' : 'Male'}`,
      rates: `$${100 + Math.floor(next() * 20) * 50} - $${1200 + Math.floor(next() * 40) * 100}`,
      bio: `${name.split(' ')[0]} shares ${pick(TOPICS[niche]!)} from ${pick(CITIES)}, with ${pick(['weekly', 'daily', 'monthly'])} ${pick(['videos', 'posts', 'stories', 'live streams'])} for an audience that ${pick(['trusts', 'loves', 'follows', 'shares'])} every ${pick(['tip', 'review', 'look', 'story'])}.`,
      verified: next() < 0.4,
    };
  });
}

const ADJECTIVES = [
  'Golden',
  'Quiet',
  'Bold',
  'Northern',
  'Bright',
  'Rising',
  'Open',
  'Midnight',
  'Harmattan',
  'Coastal',
  'Urban',
  'Wild',
];
const NOUNS = [
  'Voices',
  'Roads',
  'Harvest',
  'Rhythms',
  'Markets',
  'Threads',
  'Waves',
  'Stories',
  'Lights',
  'Kitchens',
  'Streets',
  'Futures',
];
const CLIENTS = [
  'Volt Energy',
  'Sonic Waves Festival',
  'Glow Naturals',
  'Kente & Co',
  'Sahel Bank',
  'Coastline Telecom',
  'Harvest Foods',
  'Jollof House',
  'Nova Motors',
  'Baobab Airways',
];
const CATEGORIES = ['production', 'influencer', 'strategy'];
const TAGS = [
  'Video Production',
  'Events',
  'Music',
  'Influencer Marketing',
  'Beauty',
  'TikTok',
  'Brand Strategy',
  'Fintech',
  'Positioning',
  'Documentary',
  'Food',
  'Launch',
];

/** `count` projects with unique titles and varied text. */
export function generateProjects(count: number, seed = 2): Record<string, unknown>[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const title = `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]}${index >= 144 ? ` ${Math.floor(index / 144) + 1}` : ''}`;
    const client = pick(CLIENTS);
    return {
      title,
      client,
      category: pick(CATEGORIES),
      year: 2019 + Math.floor(next() * 7),
      description: `A ${pick(['campaign', 'film', 'launch', 'series'])} for ${client} that ${pick(['reached', 'moved', 'delighted', 'grew'])} ${pick(['young', 'new', 'loyal', 'urban'])} audiences across ${pick(CITIES)}.`,
      tags: [pick(TAGS), pick(TAGS)].filter((tag, position, all) => all.indexOf(tag) === position),
    };
  });
}

/**
 * A copy of the repository's site with `influencers` generated influencers (one file each with `layout: 'folder'`)
 * and, when `projects` is given, that many generated projects instead of the site's own. The copy goes into a new
 * temporary folder, or into `into` (emptied first). Returns its folder and a function that removes it.
 */
export function createScaleSite({
  influencers,
  projects,
  layout = 'folder',
  into,
}: {
  influencers: number;
  projects?: number;
  layout?: 'file' | 'folder';
  into?: string;
}): { root: string; remove: () => void } {
  if (into) rmSync(into, { recursive: true, force: true });
  const root = into
    ? (mkdirSync(into, { recursive: true }), into)
    : mkdtempSync(join(tmpdir(), `scale-site-${influencers}-`));
  cpSync(join(LIVE_SITE_DIR, 'config'), join(root, 'config'), { recursive: true });
  cpSync(join(LIVE_SITE_DIR, 'public'), join(root, 'public'), { recursive: true });
  const collections = join(root, 'config/collections');
  for (const entry of readdirSync(collections))
    if (entry === 'influencers' || entry === 'influencers.json') rmSync(join(collections, entry), { recursive: true });
  const people = generateInfluencers(influencers);
  if (layout === 'file') {
    writeFileSync(
      join(collections, 'influencers.json'),
      JSON.stringify({ $schema: '../../schemas/collections/influencers.schema.json', influencers: people }, null, 2),
    );
  } else {
    mkdirSync(join(collections, 'influencers'));
    for (const person of people) {
      writeFileSync(
        join(collections, 'influencers', `${slug(String(person.name))}.json`),
        JSON.stringify({ $schema: '../../../schemas/collections/influencer.schema.json', ...person }, null, 2),
      );
    }
  }
  if (projects !== undefined) {
    for (const entry of readdirSync(collections))
      if (entry === 'projects' || entry === 'projects.json') rmSync(join(collections, entry), { recursive: true });
    writeFileSync(
      join(collections, 'projects.json'),
      JSON.stringify(
        { $schema: '../../schemas/collections/projects.schema.json', projects: generateProjects(projects) },
        null,
        2,
      ),
    );
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
