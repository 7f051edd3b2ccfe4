/**
 * A plain agency single-page app, the bench's peer (vite.config.ts): every page drawn in the browser from one bundle,
 * forms with their own state and checks on Send, a directory searched as the visitor types.
 */
import { Box, Button, ChakraProvider, Container, Heading, Input, Text, Textarea, defaultSystem } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

interface Creator {
  readonly id: number;
  readonly name: string;
  readonly handle: string;
  readonly niche: string;
  readonly platform: string;
}
const creators = Object.values(
  import.meta.glob<Creator>('../../config/collections/influencers/*.json', { eager: true, import: 'default' }),
);

interface Field {
  readonly name: string;
  readonly label: string;
  readonly required?: boolean;
  readonly email?: boolean;
  readonly min?: number;
  readonly message?: string;
  readonly long?: boolean;
}

const CONTACT: readonly Field[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email', required: true, email: true, message: 'Invalid email address' },
  { name: 'company', label: 'Company' },
  { name: 'service', label: 'Service of Interest' },
  { name: 'message', label: 'Message', required: true, long: true },
];

const APPLICATION: readonly Field[] = [
  { name: 'fullName', label: 'Full Name', required: true, min: 2, message: 'Name must be at least 2 characters' },
  { name: 'email', label: 'Email Address', required: true, email: true, message: 'Invalid email address' },
  { name: 'phone', label: 'Phone Number', required: true, min: 10, message: 'Phone number must be at least 10 digits' },
  { name: 'instagram', label: 'Instagram' },
  { name: 'tiktok', label: 'TikTok' },
  { name: 'youtube', label: 'YouTube' },
  { name: 'primaryPlatform', label: 'Primary Platform', required: true },
  { name: 'followers', label: 'Follower Count', required: true, message: 'Please provide your follower count' },
  { name: 'niche', label: 'Niche', required: true, message: 'Please select your niche' },
  { name: 'bio', label: 'Bio', required: true, min: 50, long: true, message: 'Bio must be at least 50 characters' },
  { name: 'portfolio', label: 'Portfolio' },
  { name: 'rateRange', label: 'Rate Range', required: true, message: 'Please provide your rate range' },
  {
    name: 'whyJoin',
    label: 'Why Join',
    required: true,
    min: 50,
    long: true,
    message: 'Please tell us why you want to join (at least 50 characters)',
  },
];

function check(fields: readonly Field[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (field.required && value === '') errors[field.name] = field.message ?? 'Required';
    else if (value !== '' && field.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))
      errors[field.name] = field.message!;
    else if (value !== '' && field.min && value.length < field.min) errors[field.name] = field.message!;
  }
  return errors;
}

function PeerForm({ fields }: { fields: readonly Field[] }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (tried) setErrors(check(fields, next));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = check(fields, values);
    setErrors(found);
    if (Object.keys(found).length === 0) console.log(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      {fields.map((field) => {
        const Control = field.long ? Textarea : Input;
        return (
          <Box key={field.name} mb="5">
            <label htmlFor={field.name}>{field.label}</label>
            <Control
              id={field.name}
              value={values[field.name] ?? ''}
              aria-invalid={errors[field.name] ? true : undefined}
              onChange={(event) => change(field.name, event.target.value)}
            />
            {errors[field.name] ? <Text color="red.700">{errors[field.name]}</Text> : null}
          </Box>
        );
      })}
      <Button type="submit" colorPalette="purple">
        Send
      </Button>
    </form>
  );
}

function Directory() {
  const [text, setText] = useState('');
  const shown = creators.filter((creator) =>
    `${creator.name} ${creator.handle} ${creator.niche}`.toLowerCase().includes(text.trim().toLowerCase()),
  );
  return (
    <>
      <label htmlFor="search">Search</label>
      <Input id="search" type="search" value={text} onChange={(event) => setText(event.target.value)} />
      <p role="status">{shown.length} influencers found</p>
      {shown.map((creator) => (
        <Box key={creator.id} borderWidth="1px" p="4" mb="2">
          <Link to={`/influencers/${creator.id}`}>{creator.name}</Link> {creator.handle}
        </Box>
      ))}
    </>
  );
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container maxW="3xl" py="10">
      <nav>
        <Link to="/">Home</Link> <Link to="/influencers">Influencers</Link> <Link to="/contact">Contact</Link>
      </nav>
      <Heading as="h1" my="6">
        {title}
      </Heading>
      {children}
    </Container>
  );
}

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={defaultSystem}>
    <BrowserRouter>
      <Routes>
        <Route path="/influencers" element={<Page title="Influencers"><Directory /></Page>} />
        <Route path="/influencers/apply" element={<Page title="Join"><PeerForm fields={APPLICATION} /></Page>} />
        <Route path="/contact" element={<Page title="Let's Connect"><PeerForm fields={CONTACT} /></Page>} />
        <Route path="*" element={<Page title="Agency">Welcome</Page>} />
      </Routes>
    </BrowserRouter>
  </ChakraProvider>,
);
