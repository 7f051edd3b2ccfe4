import { chakra } from '@chakra-ui/react/styled-system';

/** Content for screen readers only: a heading that names a section whose purpose is obvious to sighted visitors. */
export const VisuallyHidden = chakra('span', {
  base: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: '0',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    borderWidth: '0',
  },
});
