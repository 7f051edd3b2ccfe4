import { describe, expect, it } from 'vitest';
import servicesSchema from '../../../schemas/collections/services.schema.json' with { type: 'json' };
import { shownAt, withMadeIds } from './made-ids.ts';

type Service = { id?: string; name: string };
const services = (...entries: Service[]) => ({ services: entries });
const saved = services({ id: 'production', name: 'Production' }, { id: 'media', name: 'Media Buying' });

/** What the file holds after the author's edits, one after another, each made to what the last one left. */
function typed(...steps: ReturnType<typeof services>[]) {
  let data: unknown = saved;
  for (const step of steps) data = withMadeIds(servicesSchema, step, data, saved);
  return data as ReturnType<typeof services>;
}

describe('a service id made from its name', () => {
  it("follows a new service's name as it is typed", () => {
    const result = typed(
      services(...saved.services, { name: '' }),
      services(...saved.services, { id: '', name: 'E' }),
      services(...saved.services, { id: 'e', name: 'Event' }),
      services(...saved.services, { id: 'event', name: 'Event Coverage' }),
    );
    expect(result.services.at(-1)).toEqual({ id: 'event-coverage', name: 'Event Coverage' });
  });

  it('stays as saved when the service is renamed, so the contact form sends what it always sent', () => {
    const result = typed(services({ id: 'production', name: 'Film Production' }, saved.services[1]!));
    expect(result.services[0]).toEqual({ id: 'production', name: 'Film Production' });
    expect(result).toEqual(withMadeIds(servicesSchema, result, result, saved));
  });

  it('never repeats another service id: a duplicated entry or a second service of the same name gets its own', () => {
    const duplicated = typed(services(saved.services[0]!, { ...saved.services[0]! }, saved.services[1]!));
    expect(duplicated.services.map((service) => service.id)).toEqual(['production', 'production-2', 'media']);
    const sameName = typed(services(...saved.services, { name: 'Media Buying' }));
    expect(sameName.services.at(-1)!.id).toBe('media-buying');
    const again = typed(
      services(...saved.services, { id: 'media-buying', name: 'Media Buying' }, { name: 'Media Buying' }),
    );
    expect(again.services.at(-1)!.id).toBe('media-buying-2');
  });

  it("shows a problem with the id under the service's name, the box the author has", () => {
    expect(shownAt(servicesSchema, ['services', 2, 'id'])).toEqual(['services', 2, 'name']);
    expect(shownAt(servicesSchema, ['services', 2, 'summary'])).toEqual(['services', 2, 'summary']);
  });
});
