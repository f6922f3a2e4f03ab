/**
 * What `act` throws, for tests that look at a refusal's class, code and text (the credentials it must not carry)
 * rather than only at its message. Fails the test when nothing is thrown.
 */
export function thrownBy(act: () => unknown): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw, but it returned');
}
