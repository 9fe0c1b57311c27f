/** `@react-native-async-storage/async-storage` for the preview: the same promise API over `localStorage`. */

const PREFIX = 'async-storage:';

async function getItem(key: string): Promise<string | null> {
  return localStorage.getItem(PREFIX + key);
}

async function setItem(key: string, value: string): Promise<void> {
  localStorage.setItem(PREFIX + key, String(value));
}

async function removeItem(key: string): Promise<void> {
  localStorage.removeItem(PREFIX + key);
}

async function mergeItem(key: string, value: string): Promise<void> {
  const current = JSON.parse(localStorage.getItem(PREFIX + key) ?? '{}') as object;
  localStorage.setItem(PREFIX + key, JSON.stringify({ ...current, ...(JSON.parse(value) as object) }));
}

async function getAllKeys(): Promise<string[]> {
  return Object.keys(localStorage)
    .filter((k) => k.startsWith(PREFIX))
    .map((k) => k.slice(PREFIX.length));
}

async function clear(): Promise<void> {
  for (const key of await getAllKeys()) localStorage.removeItem(PREFIX + key);
}

async function multiGet(keys: string[]): Promise<[string, string | null][]> {
  return Promise.all(keys.map(async (k) => [k, await getItem(k)] as [string, string | null]));
}

async function multiSet(pairs: [string, string][]): Promise<void> {
  for (const [k, v] of pairs) await setItem(k, v);
}

async function multiRemove(keys: string[]): Promise<void> {
  for (const k of keys) await removeItem(k);
}

const AsyncStorage = {
  getItem,
  setItem,
  removeItem,
  mergeItem,
  getAllKeys,
  clear,
  multiGet,
  multiSet,
  multiRemove,
};

export { clear, getAllKeys, getItem, mergeItem, multiGet, multiRemove, multiSet, removeItem, setItem };
export function useAsyncStorage(key: string) {
  return {
    getItem: () => getItem(key),
    setItem: (value: string) => setItem(key, value),
    removeItem: () => removeItem(key),
  };
}
export default AsyncStorage;
