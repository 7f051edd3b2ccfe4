import { chakra } from '@chakra-ui/react/styled-system';
import type { ReactNode, SVGProps } from 'react';

/** Line icons drawn for this site; decorative, so hidden from screen readers (the text beside them names things). */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="1.25em"
      height="1.25em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
export const PlayIcon = () => (
  <Icon>
    <path d="M7 5l12 7-12 7z" fill="currentColor" />
  </Icon>
);
export const PauseIcon = () => (
  <Icon>
    <path d="M8 5v14M16 5v14" />
  </Icon>
);
export const ArrowLeftIcon = () => (
  <Icon>
    <path d="M19 12H5M11 18l-6-6 6-6" />
  </Icon>
);
export const ArrowRightIcon = () => (
  <Icon>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Icon>
);
export const PhoneIcon = () => (
  <Icon>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
  </Icon>
);
export const PinIcon = () => (
  <Icon>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </Icon>
);
export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Icon>
);
export const VerifiedIcon = () => (
  <Icon strokeWidth="2.2">
    <path
      d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z"
      fill="currentColor"
      stroke="none"
    />
    <path d="M8.5 12.2l2.3 2.3 4.7-4.9" stroke="white" />
  </Icon>
);

const SOCIAL_ICONS = {
  instagram: () => (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
    </Icon>
  ),
  x: () => (
    <Icon>
      <path d="M4 4l16 16M20 4L4 20" />
    </Icon>
  ),
  linkedin: () => (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 11v5M8 8v.01M12 16v-5M12 13a2 2 0 0 1 4 0v3" />
    </Icon>
  ),
} as const;

export function SocialIcon({ network }: { network: keyof typeof SOCIAL_ICONS }) {
  const Glyph = SOCIAL_ICONS[network];
  return <Glyph />;
}

/**
 * A button's icon for one of its states ("pause", "play"): the button's own CSS hides the icons of the other states,
 * so the right one shows before any script runs.
 */
export function StateIcon({ state, children }: { state: string; children: ReactNode }) {
  return (
    <chakra.span data-icon={state} display="inline-flex">
      {children}
    </chakra.span>
  );
}
