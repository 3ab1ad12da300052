// Ties what the screens hold to the gateway's contract (@darmankar/api-types, generated from its
// OpenAPI document): a change there breaks the build here instead of a page.

/**
 * A list the screens offer (a select's options, a filter's choices) that holds every value of a
 * contract enum and nothing else: `everyValueOf<Gender>()(['male', 'female'])`. A value the
 * gateway adds or drops is a type error on the list.
 */
export function everyValueOf<Union extends string>() {
  return <const List extends readonly Union[]>(
    values: List & ([Union] extends [List[number]] ? unknown : never),
  ): List => values;
}
