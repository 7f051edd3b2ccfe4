/** The id react-jsonschema-form gives the input of a field. */
export const fieldId = (at: readonly (string | number)[]) => ['root', ...at].join('_');

/** The path of the field whose input has an id, such as ["influencers", 3, "name"] for root_influencers_3_name. */
export const fieldPathOf = (id: string): (string | number)[] =>
  id
    .split('_')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
