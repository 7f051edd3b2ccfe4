/**
 * Where a form lists its fields, once: in its groups ("ui:groups", each under a heading) when it has any, else in
 * "ui:order". The renderer, the checker, the editor's form designer and the tests all read the order here.
 */

/** The field names of a form's layout (its uiSchema) in the order visitors see them. */
export function fieldOrderOf(uiSchema: unknown): string[] {
  const layout = typeof uiSchema === 'object' && uiSchema !== null ? (uiSchema as Record<string, unknown>) : {};
  const names = (value: unknown) =>
    Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
  const groups = Array.isArray(layout['ui:groups']) ? layout['ui:groups'] : [];
  if (groups.length > 0)
    return groups.flatMap((group: unknown) =>
      typeof group === 'object' && group !== null ? names((group as { fields?: unknown }).fields) : [],
    );
  return names(layout['ui:order']);
}
