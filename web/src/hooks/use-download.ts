import { useRef, useState } from 'react';
import { downloadAutomaticBackup, downloadBackup, readLocalStorage } from '../api/backup-api';
import { downloadConfigFile } from '../api/config-api';
import type { DownloadedFile, HttpClient } from '../api/http-client';
import { downloadLog } from '../api/logs-api';
import { saveFile } from '../api/save-file';
import { useHttp } from './use-http';
import { useToast } from './use-toast';

type FetchFile<Args extends unknown[]> = (http: HttpClient, onProgress: (bytes: number) => void, ...args: Args) => Promise<DownloadedFile>;

/**
 * A file the user asked for: fetched through the session's client, handed to the browser's save, and a failure
 * shown as "Download failed: <reason>" (spec §8). One at a time; `bytes` counts what arrived of the running one.
 * `run` answers whether the file was saved.
 */
export function useDownload<Args extends unknown[]>(fetchFile: FetchFile<Args>) {
  const http = useHttp();
  const toast = useToast();
  const [bytes, setBytes] = useState<number | null>(null);
  // A second click before the state re-renders must not start a second download.
  const running = useRef(false);

  async function run(...args: Args): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setBytes(0);
    try {
      saveFile(await fetchFile(http, setBytes, ...args));
      return true;
    } catch (error) {
      toast.downloadError(error);
      return false;
    } finally {
      running.current = false;
      setBytes(null);
    }
  }

  return { run, busy: bytes !== null, bytes };
}

/** The server's log files (Console → Download). */
export const useLogDownload = () => useDownload(downloadLog);

/** config.json as stored (the config editor's Download). */
export const useConfigDownload = () => useDownload(downloadConfigFile);

/** A backup archive, with or without the recordings, carrying this browser's layout and theme. */
export const useBackupDownload = () => useDownload((http, onProgress, recordings: boolean) => downloadBackup(http, recordings, readLocalStorage(), onProgress));

/** One of the daily database copies, by its file name. */
export const useAutomaticBackupDownload = () => useDownload((http, _onProgress, name: string) => downloadAutomaticBackup(http, name));
