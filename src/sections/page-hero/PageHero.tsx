import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Heading } from '@chakra-ui/react/heading';
import type { PageHeroSection } from '../../generated/config-types.ts';
import { FigureItem } from '../../ui/FigureItem.tsx';
import { FormattedLine } from '../../ui/FormattedText.tsx';

/** The opening of a page: its one h1, a sentence or two, and optional figures. */
export function PageHero({ eyebrow, heading, text, stats }: PageHeroSection) {
  return (
    <Box
      as="section"
      bg="brand.950"
      color="white"
      pt={{ base: '16', md: '24' }}
      pb={{ base: '14', md: '20' }}
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientTo="brand.800"
    >
      <Container maxW="6xl">
        {eyebrow ? (
          <Box
            as="p"
            color="accent.300"
            fontWeight="semibold"
            letterSpacing="wider"
            textTransform="uppercase"
            fontSize="sm"
            mb="3"
          >
            {eyebrow}
          </Box>
        ) : null}
        <Heading
          as="h1"
          fontSize={{ base: '4xl', md: '6xl' }}
          lineHeight="1.1"
          letterSpacing="tight"
          maxW="3xl"
          fontWeight="extrabold"
        >
          {heading}
        </Heading>
        <FormattedLine text={text} mt="5" fontSize={{ base: 'lg', md: 'xl' }} maxW="2xl" color="whiteAlpha.900" />
        {stats ? (
          <Box as="dl" display="flex" flexWrap="wrap" gap={{ base: '6', md: '12' }} mt="10">
            {stats.map((stat, index) => (
              <FigureItem
                key={index}
                label={stat.label}
                value={stat.value}
                labelStyle={{ color: 'whiteAlpha.800', fontSize: 'sm' }}
                valueStyle={{ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', color: 'accent.300' }}
              />
            ))}
          </Box>
        ) : null}
      </Container>
    </Box>
  );
}
