import { useEffect, useMemo, useState } from 'preact/hooks';
import { api, jobPath } from './api.js';
import type { ConfigForm } from './api-types.js';
import { oneAtATime } from './one-at-a-time.js';

/**
 * The job's configuration as forms read it (GET …/config), asked for again whenever one of the
 * job's files is saved (the event stream's `file` events: the editor, a form, another browser).
 */
export function useJobConfig(job: string): { form?: ConfigForm; error?: unknown; reload: () => Promise<void> } {
  const [form, setForm] = useState<ConfigForm>();
  const [error, setError] = useState<unknown>();
  const reload = useMemo(() => oneAtATime(async () => {
    try {
      setForm(await api<ConfigForm>('GET', jobPath(job, '/config')));
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }), [job]);
  useEffect(() => {
    void reload();
    const events = new EventSource(jobPath(job, '/events'));
    events.addEventListener('file', () => void reload());
    return () => events.close();
  }, [job, reload]);
  return { form, error, reload };
}
