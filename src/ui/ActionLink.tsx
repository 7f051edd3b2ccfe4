import { Button, type ButtonProps } from '@chakra-ui/react/button';
import type { Action } from '../generated/config-types.ts';
import { SmartLink } from './navigation.tsx';

/** A config action rendered as a button-styled link: primary is filled, secondary outlined. */
export function ActionLink({
  action,
  tone = 'light',
  size = 'lg',
}: {
  action: Action;
  tone?: 'light' | 'dark';
  size?: ButtonProps['size'];
}) {
  const primary = action.variant !== 'secondary';
  const style: ButtonProps =
    tone === 'dark'
      ? primary
        ? { colorPalette: 'accent', variant: 'solid' }
        : { variant: 'outline', color: 'white', borderColor: 'whiteAlpha.700', _hover: { bg: 'whiteAlpha.200' } }
      : primary
        ? { colorPalette: 'brand', variant: 'solid' }
        : { colorPalette: 'brand', variant: 'outline', color: 'brand.fg' };
  // A link styled as a button stays a link: no type="button" (Chakra's Button sets one, which an <a> cannot have).
  return (
    <Button asChild size={size} {...style} type={undefined}>
      <SmartLink href={action.href}>{action.label}</SmartLink>
    </Button>
  );
}

/** A row of actions that wraps on narrow screens. */
export function ActionRow({
  actions,
  tone,
  justify = 'flex-start',
}: {
  actions: readonly Action[];
  tone?: 'light' | 'dark';
  justify?: string;
}) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', justifyContent: justify }}>
      {actions.map((action, index) => (
        <ActionLink key={index} action={action} tone={tone} />
      ))}
    </div>
  );
}
