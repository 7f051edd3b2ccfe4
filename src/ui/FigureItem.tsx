import { Box, type BoxProps } from '@chakra-ui/react/box';

/**
 * One figure of a definition list: the value shows large above its caption, while screen readers hear the
 * caption first (dt, then dd). The list itself is the caller's `<dl>`.
 */
export function FigureItem({
  label,
  value,
  labelStyle,
  valueStyle,
  ...frame
}: { label: string; value: string; labelStyle?: BoxProps; valueStyle?: BoxProps } & BoxProps) {
  return (
    <Box display="flex" flexDirection="column-reverse" {...frame}>
      <Box as="dt" {...labelStyle}>
        {label}
      </Box>
      <Box as="dd" {...valueStyle}>
        {value}
      </Box>
    </Box>
  );
}
