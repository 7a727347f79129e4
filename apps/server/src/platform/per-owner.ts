/**
 * One value per owner (a `Services`, a database handle), made at its first use and kept while the
 * owner lives: the group commits and batch writers of a server (or of each test app) share their
 * queues without module-wide state that would outlive it.
 */
export interface PerOwner<O extends object, V> {
  (owner: O): V;
  /** The owner's value if it was made, without making it (tests and stats read this). */
  peek(owner: O): V | undefined;
}

export function perOwner<O extends object, V>(make: (owner: O) => V): PerOwner<O, V> {
  const values = new WeakMap<O, V>();
  const get = (owner: O): V => {
    let value = values.get(owner);
    if (value === undefined) {
      value = make(owner);
      values.set(owner, value);
    }
    return value;
  };
  return Object.assign(get, { peek: (owner: O) => values.get(owner) });
}
