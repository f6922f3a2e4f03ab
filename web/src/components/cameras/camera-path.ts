/** Links to a camera's pages (names may hold spaces and other characters). */
export const cameraPath = (name: string) => `/cameras/${encodeURIComponent(name)}`;
export const cameraFeedPath = (name: string) => `${cameraPath(name)}/feed`;
