import { Button, type ButtonProps } from '@chakra-ui/react/button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Action } from '../generated/config-types';

/** Whether a link stays inside the site (and so is handled by the router). */
export const isInternalLink = (href: string) => href.startsWith('/');

/** A link that uses the router for pages of this site and a plain anchor for everything else. */
export function SmartLink({ href, children, ...rest }: { href: string; children: ReactNode; className?: string; 'aria-label'?: string }) {
  return isInternalLink(href) ? (
    <RouterLink to={href} {...rest}>
      {children}
    </RouterLink>
  ) : (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

/** A config action rendered as a button-styled link: primary is filled, secondary outlined. */
export function ActionLink({ action, tone = 'light', size = 'lg' }: { action: Action; tone?: 'light' | 'dark'; size?: ButtonProps['size'] }) {
  const primary = action.variant !== 'secondary';
  const style: ButtonProps =
    tone === 'dark'
      ? primary
        ? { colorPalette: 'accent', variant: 'solid' }
        : { variant: 'outline', color: 'white', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.200' } }
      : primary
        ? { colorPalette: 'brand', variant: 'solid' }
        : { colorPalette: 'brand', variant: 'outline', color: 'brand.fg' };
  return (
    <Button asChild size={size} {...style}>
      <SmartLink href={action.href}>{action.label}</SmartLink>
    </Button>
  );
}

/** A row of actions that wraps on narrow screens. */
export function ActionRow({ actions, tone, justify = 'flex-start' }: { actions: readonly Action[]; tone?: 'light' | 'dark'; justify?: string }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: justify }}>
      {actions.map((action, index) => (
        <ActionLink key={index} action={action} tone={tone} />
      ))}
    </div>
  );
}
