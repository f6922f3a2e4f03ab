import type { HttpClient } from '../api/http-client';
import { useStores } from '../stores/stores-context';

/** The runtime's HTTP client (the session's token, its 401 handling): what every hook hands to api/ calls. */
export function useHttp(): HttpClient {
  return useStores().http;
}
