import { useSyncExternalStore } from 'react';

/** A multi-service visit being planned: the services to book back to back, kept for this browser tab. */
export interface VisitItem {
  serviceId: string;
  name: string;
}

const key = 'atrium:visit';
const listeners = new Set<() => void>();
let items: VisitItem[] = read();

function read(): VisitItem[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as VisitItem[]) : [];
  } catch {
    return [];
  }
}

function write(next: VisitItem[]) {
  items = next;
  try {
    sessionStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Private modes may refuse storage; the visit then lasts until the page reloads.
  }
  for (const listener of listeners) listener();
}

export const visitStore = {
  add: (item: VisitItem) => {
    if (!items.some((entry) => entry.serviceId === item.serviceId)) write([...items, item]);
  },
  remove: (serviceId: string) => write(items.filter((entry) => entry.serviceId !== serviceId)),
  clear: () => write([]),
};

export function useVisit(): VisitItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}
