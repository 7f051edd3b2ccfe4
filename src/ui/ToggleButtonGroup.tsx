import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { memo, useId } from 'react';

export interface ToggleOption {
  readonly value: string;
  readonly label: string;
}

/**
 * A group of buttons of which one is pressed, such as a row of filters. Its label is shown above the buttons, or
 * only announced to screen readers (`hideLabel`); `scroll` keeps the buttons on one line that scrolls sideways.
 * Memoised, so a page that re-renders as the visitor types (the directory's search) does not redraw its filters;
 * pass a stable `onChange`. Without `onChange` it is markup for a section's behaviour.ts, which switches aria-pressed
 * by each button's data-value: the pressed look follows that attribute, not a prop.
 */
export const ToggleButtonGroup = memo(function ToggleButtonGroup({
  label,
  hideLabel = false,
  scroll = false,
  options,
  value,
  onChange,
}: {
  label: string;
  hideLabel?: boolean;
  scroll?: boolean;
  options: readonly ToggleOption[];
  value: string;
  onChange?: (value: string) => void;
}) {
  const labelId = useId();
  return (
    <Box role="group" {...(hideLabel ? { 'aria-label': label } : { 'aria-labelledby': labelId })}>
      {hideLabel ? null : (
        <Box as="p" id={labelId} fontWeight="semibold" fontSize="sm" mb="2" color="brand.950">
          {label}
        </Box>
      )}
      <Box display="flex" gap="2" {...(scroll ? { overflowX: 'auto', pb: '1' } : { flexWrap: 'wrap' })}>
        {options.map((option) => {
          const active = option.value === value;
          return (
            <Button
              key={option.value}
              size="sm"
              rounded="full"
              flexShrink={0}
              colorPalette="brand"
              variant="outline"
              color="brand.fg"
              _pressed={{
                bg: 'colorPalette.solid',
                color: 'colorPalette.contrast',
                borderColor: 'colorPalette.solid',
                _hover: { bg: 'colorPalette.solid/90' },
              }}
              aria-pressed={active}
              data-value={option.value}
              onClick={onChange ? () => onChange(option.value) : undefined}
            >
              {option.label}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
});
