/**
 * The builtin mobile (Expo) versions of apps: EXPO_PAGE screens under `apps/mobile/src/app/…/index.tsx`
 * written with react-native primitives, `@expo/vector-icons`, AsyncStorage and expo-router navigation. The
 * todo list and notes apps get their full screens (list + detail); every other app gets a home and an about
 * screen built from its title, tagline, features and accent. Colours are the accent's Tailwind palette as hex
 * (react-native styles take no classes), so the colour follow-up can recolour them.
 * @module
 */
import type { GenModule } from '../../types.ts';
import { jsString } from '../format.ts';
import { ACCENT_HEX, type AccentHue } from '../theme.ts';
import { slugKey } from './todo-list.ts';

/** What a mobile version is built from. */
export interface MobileContext {
  /** Which screens: the todo list, the notes app, or the generic home + about screens. */
  kind: 'todo' | 'notes' | 'generic';
  title: string;
  accent: AccentHue;
  /** Generic screens: one sentence under the title. */
  tagline?: string;
  /** Generic screens: the features listed on the home screen (at most six are used). */
  features?: { title: string; text: string }[];
  /** Generic screens: the call-to-action label. */
  cta?: string;
}

/** An EXPO_PAGE module at route segments ('' is the root screen). */
export function expoPage(segments: string, content: string): GenModule {
  const filePath = segments ? `apps/mobile/src/app/${segments}/index.tsx` : 'apps/mobile/src/app/index.tsx';
  return {
    filePath,
    moduleType: 'EXPO_PAGE',
    content: `${content.replace(/^\n+/, '').replace(/\s+$/, '')}\n`,
  };
}

/** The EXPO_PAGE modules of the mobile version. */
export function mobileScreens(ctx: MobileContext): GenModule[] {
  switch (ctx.kind) {
    case 'todo':
      return [todoListScreen(ctx), todoDetailScreen(ctx)];
    case 'notes':
      return [notesListScreen(ctx), noteEditorScreen(ctx)];
    case 'generic':
      return [genericHomeScreen(ctx), genericAboutScreen(ctx)];
  }
}

/** The shared colour table each screen declares: the accent palette as hex plus neutrals. */
function colours(accent: AccentHue): string {
  const h = ACCENT_HEX[accent];
  return `const colors = {
  accent: '${h[600]}',
  accentDark: '${h[700]}',
  accentMid: '${h[500]}',
  accentSoft: '${h[50]}',
  accentLight: '${h[100]}',
  accentLine: '${h[200]}',
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  faint: '#94a3b8',
  line: '#e2e8f0',
  page: '#f8fafc',
  card: '#ffffff',
  danger: '#d92d20',
  dangerSoft: '#fef3f2',
  warning: '#b54708',
  warningSoft: '#fffaeb',
};`;
}

function todoListScreen(ctx: MobileContext): GenModule {
  return expoPage(
    '',
    `
import { useCallback, useState } from 'react';
import { FlatList, Pressable, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { router, useFocusEffect } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = ${jsString(ctx.title)};
const STORAGE_KEY = ${jsString(`${slugKey(ctx.title)}.todos`)};

${colours(ctx.accent)}

function isoDay(offset) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
}

function starterTodos() {
  return [
    { id: 'welcome-1', title: 'Renew library books', dueDate: isoDay(-1), done: false, createdAt: 1 },
    { id: 'welcome-2', title: 'Call the dentist to book a check-up', dueDate: isoDay(0), done: false, createdAt: 2 },
    { id: 'welcome-3', title: 'Plan the weekend hike', dueDate: isoDay(4), done: false, createdAt: 3 },
    { id: 'welcome-4', title: 'Water the plants', dueDate: '', done: true, createdAt: 4 },
  ];
}

const DUE_OPTIONS = [
  { id: 'none', label: 'No date', offset: null },
  { id: 'today', label: 'Today', offset: 0 },
  { id: 'tomorrow', label: 'Tomorrow', offset: 1 },
  { id: 'week', label: 'Next week', offset: 7 },
];

const FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'overdue', label: 'Overdue' },
  { id: 'done', label: 'Done' },
];

function formatDate(iso) {
  const parts = iso.split('-').map(Number);
  return new Date(parts[0], parts[1] - 1, parts[2]).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export default function TasksScreen() {
  const insets = useSafeAreaInsets();
  const [todos, setTodos] = useState(null);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('none');
  const [filter, setFilter] = useState('all');
  const today = isoDay(0);

  // Runs when the screen is shown, so changes made on a task's screen appear when coming back.
  const load = useCallback(() => {
    AsyncStorage.getItem(STORAGE_KEY)
      .then((raw) => {
        const saved = raw ? JSON.parse(raw) : null;
        if (Array.isArray(saved)) setTodos(saved);
        else {
          // Saved at once, so a task's own screen finds the starter tasks too.
          const first = starterTodos();
          setTodos(first);
          AsyncStorage.setItem(STORAGE_KEY, JSON.stringify(first)).catch(() => {});
        }
      })
      .catch(() => setTodos(starterTodos()));
  }, []);
  useFocusEffect(load);

  function save(update) {
    setTodos((current) => {
      const next = update(current || []);
      AsyncStorage.setItem(STORAGE_KEY, JSON.stringify(next)).catch(() => {});
      return next;
    });
  }

  const list = todos || [];
  const isOverdue = (t) => !t.done && t.dueDate !== '' && t.dueDate < today;
  const counts = {
    all: list.length,
    active: list.filter((t) => !t.done).length,
    overdue: list.filter(isOverdue).length,
    done: list.filter((t) => t.done).length,
  };

  function addTodo() {
    const trimmed = title.trim();
    if (!trimmed) return;
    const option = DUE_OPTIONS.find((o) => o.id === due);
    const todo = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
      title: trimmed,
      dueDate: option && option.offset !== null ? isoDay(option.offset) : '',
      done: false,
      createdAt: Date.now(),
    };
    save((current) => [todo, ...current]);
    setTitle('');
    setDue('none');
  }

  function toggleTodo(id) {
    save((current) => current.map((t) => (t.id === id ? { ...t, done: !t.done } : t)));
  }

  function deleteTodo(id) {
    save((current) => current.filter((t) => t.id !== id));
  }

  const visible = list
    .filter((t) => {
      if (filter === 'active') return !t.done;
      if (filter === 'overdue') return isOverdue(t);
      if (filter === 'done') return t.done;
      return true;
    })
    .slice()
    .sort((x, y) => {
      if (x.done !== y.done) return x.done ? 1 : -1;
      if (x.dueDate !== y.dueDate) {
        if (!x.dueDate) return 1;
        if (!y.dueDate) return -1;
        return x.dueDate < y.dueDate ? -1 : 1;
      }
      return y.createdAt - x.createdAt;
    });

  const header = (
    <View>
      <Text style={styles.eyebrow}>Stay on top of things</Text>
      <Text style={styles.title}>{APP_TITLE}</Text>
      <View style={styles.stats}>
        <View style={styles.stat}>
          <Text style={styles.statValue}>{counts.active}</Text>
          <Text style={styles.statLabel}>Open</Text>
        </View>
        <View style={[styles.stat, counts.overdue > 0 && styles.statDanger]}>
          <Text style={[styles.statValue, counts.overdue > 0 && { color: colors.danger }]}>{counts.overdue}</Text>
          <Text style={styles.statLabel}>Overdue</Text>
        </View>
        <View style={styles.stat}>
          <Text style={styles.statValue}>{counts.done}</Text>
          <Text style={styles.statLabel}>Done</Text>
        </View>
      </View>

      <View style={styles.card}>
        <View style={styles.addRow}>
          <TextInput
            value={title}
            onChangeText={setTitle}
            onSubmitEditing={addTodo}
            placeholder="What needs to be done?"
            placeholderTextColor={colors.faint}
            returnKeyType="done"
            style={styles.input}
          />
          <Pressable
            onPress={addTodo}
            disabled={!title.trim()}
            accessibilityRole="button"
            accessibilityLabel="Add task"
            style={({ pressed }) => [styles.addButton, !title.trim() && styles.disabled, pressed && styles.pressed]}
          >
            <Ionicons name="add" size={22} color="#ffffff" />
          </Pressable>
        </View>
        <View style={styles.chips}>
          {DUE_OPTIONS.map((o) => (
            <Pressable key={o.id} onPress={() => setDue(o.id)} style={[styles.chip, due === o.id && styles.chipActive]}>
              <Text style={[styles.chipText, due === o.id && styles.chipTextActive]}>{o.label}</Text>
            </Pressable>
          ))}
        </View>
      </View>

      <View style={styles.filters}>
        {FILTERS.map((f) => (
          <Pressable key={f.id} onPress={() => setFilter(f.id)} style={[styles.filter, filter === f.id && styles.filterActive]}>
            <Text style={[styles.filterText, filter === f.id && styles.filterTextActive]}>
              {f.label} {counts[f.id]}
            </Text>
          </Pressable>
        ))}
      </View>
    </View>
  );

  return (
    <View style={[styles.screen, { paddingTop: insets.top }]}>
      <FlatList
        data={visible}
        keyExtractor={(item) => item.id}
        ListHeaderComponent={header}
        contentContainerStyle={[styles.content, { paddingBottom: insets.bottom + 24 }]}
        ListEmptyComponent={
          <View style={styles.empty}>
            <Ionicons name="checkmark-done" size={36} color={colors.accentMid} />
            <Text style={styles.emptyTitle}>{todos === null ? 'Loading…' : filter === 'all' ? 'No tasks yet' : 'Nothing here'}</Text>
            <Text style={styles.emptyText}>{filter === 'all' ? 'Add your first task above.' : 'Try another filter.'}</Text>
          </View>
        }
        renderItem={({ item }) => {
          const overdue = isOverdue(item);
          const dueToday = !item.done && item.dueDate === today;
          return (
            <Pressable
              onPress={() => router.push('/task/' + item.id)}
              style={({ pressed }) => [styles.row, overdue && styles.rowOverdue, pressed && styles.pressed]}
            >
              <Pressable
                onPress={() => toggleTodo(item.id)}
                accessibilityRole="checkbox"
                accessibilityState={{ checked: item.done }}
                accessibilityLabel={item.done ? 'Mark as not done' : 'Mark as done'}
                hitSlop={8}
                style={[styles.check, item.done && styles.checkDone]}
              >
                {item.done && <Ionicons name="checkmark" size={16} color="#ffffff" />}
              </Pressable>
              <View style={styles.rowBody}>
                <Text style={[styles.rowTitle, item.done && styles.rowTitleDone]}>{item.title}</Text>
                {item.dueDate !== '' && (
                  <Text style={[styles.badge, overdue && styles.badgeOverdue, dueToday && styles.badgeToday]}>
                    {overdue ? 'Overdue · ' + formatDate(item.dueDate) : dueToday ? 'Due today' : formatDate(item.dueDate)}
                  </Text>
                )}
              </View>
              <Pressable onPress={() => deleteTodo(item.id)} accessibilityRole="button" accessibilityLabel="Delete task" hitSlop={8} style={styles.iconButton}>
                <Ionicons name="trash-outline" size={18} color={colors.faint} />
              </Pressable>
            </Pressable>
          );
        }}
      />
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.page },
  content: { paddingHorizontal: 20, paddingTop: 16, gap: 8 },
  eyebrow: { color: colors.accent, fontSize: 12, fontWeight: '700', letterSpacing: 1, textTransform: 'uppercase' },
  title: { color: colors.ink, fontSize: 30, fontWeight: '800', marginTop: 4 },
  stats: { flexDirection: 'row', gap: 8, marginTop: 16 },
  stat: { flex: 1, backgroundColor: colors.card, borderRadius: 16, borderWidth: 1, borderColor: colors.line, padding: 12 },
  statDanger: { backgroundColor: colors.dangerSoft, borderColor: colors.dangerSoft },
  statValue: { color: colors.ink, fontSize: 22, fontWeight: '700' },
  statLabel: { color: colors.muted, fontSize: 12, marginTop: 2 },
  card: { backgroundColor: colors.card, borderRadius: 18, borderWidth: 1, borderColor: colors.line, padding: 12, marginTop: 16 },
  addRow: { flexDirection: 'row', alignItems: 'center', gap: 8 },
  input: { flex: 1, minWidth: 0, backgroundColor: colors.page, borderRadius: 12, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 14, paddingVertical: 10, fontSize: 16, color: colors.ink },
  addButton: { width: 44, height: 44, borderRadius: 12, backgroundColor: colors.accent, alignItems: 'center', justifyContent: 'center' },
  disabled: { opacity: 0.5 },
  pressed: { opacity: 0.75 },
  chips: { flexDirection: 'row', flexWrap: 'wrap', gap: 6, marginTop: 10 },
  chip: { borderRadius: 999, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 12, paddingVertical: 6 },
  chipActive: { backgroundColor: colors.accentSoft, borderColor: colors.accentLine },
  chipText: { color: colors.muted, fontSize: 13, fontWeight: '500' },
  chipTextActive: { color: colors.accentDark, fontWeight: '700' },
  filters: { flexDirection: 'row', backgroundColor: colors.line, borderRadius: 12, padding: 3, marginTop: 20, marginBottom: 8 },
  filter: { flex: 1, alignItems: 'center', borderRadius: 9, paddingVertical: 7 },
  filterActive: { backgroundColor: colors.card },
  filterText: { color: colors.muted, fontSize: 13, fontWeight: '600' },
  filterTextActive: { color: colors.accentDark },
  row: { flexDirection: 'row', alignItems: 'center', gap: 12, backgroundColor: colors.card, borderRadius: 16, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 14, paddingVertical: 12 },
  rowOverdue: { backgroundColor: colors.dangerSoft, borderColor: colors.dangerSoft },
  check: { width: 26, height: 26, borderRadius: 13, borderWidth: 2, borderColor: colors.faint, alignItems: 'center', justifyContent: 'center' },
  checkDone: { backgroundColor: colors.accent, borderColor: colors.accent },
  rowBody: { flex: 1, minWidth: 0 },
  rowTitle: { color: colors.ink, fontSize: 16, fontWeight: '600' },
  rowTitleDone: { color: colors.faint, textDecorationLine: 'line-through', fontWeight: '400' },
  badge: { alignSelf: 'flex-start', marginTop: 4, borderRadius: 999, backgroundColor: colors.page, color: colors.muted, fontSize: 12, overflow: 'hidden', paddingHorizontal: 8, paddingVertical: 2 },
  badgeOverdue: { backgroundColor: colors.card, color: colors.danger, fontWeight: '600' },
  badgeToday: { backgroundColor: colors.warningSoft, color: colors.warning, fontWeight: '600' },
  iconButton: { padding: 6 },
  empty: { alignItems: 'center', paddingVertical: 40, gap: 6 },
  emptyTitle: { color: colors.text, fontSize: 16, fontWeight: '600' },
  emptyText: { color: colors.muted, fontSize: 14 },
});
`,
  );
}

function todoDetailScreen(ctx: MobileContext): GenModule {
  return expoPage(
    'task/[id]',
    `
import { useEffect, useState } from 'react';
import { Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { Link, router, useLocalSearchParams } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const STORAGE_KEY = ${jsString(`${slugKey(ctx.title)}.todos`)};

${colours(ctx.accent)}

function isoDay(offset) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return [d.getFullYear(), String(d.getMonth() + 1).padStart(2, '0'), String(d.getDate()).padStart(2, '0')].join('-');
}

const DUE_OPTIONS = [
  { label: 'No date', offset: null },
  { label: 'Today', offset: 0 },
  { label: 'Tomorrow', offset: 1 },
  { label: 'Next week', offset: 7 },
];

export default function TaskScreen() {
  const insets = useSafeAreaInsets();
  const { id } = useLocalSearchParams();
  const [todos, setTodos] = useState(null);

  useEffect(() => {
    AsyncStorage.getItem(STORAGE_KEY)
      .then((raw) => {
        const saved = raw ? JSON.parse(raw) : null;
        setTodos(Array.isArray(saved) ? saved : []);
      })
      .catch(() => setTodos([]));
  }, []);

  function save(next) {
    setTodos(next);
    AsyncStorage.setItem(STORAGE_KEY, JSON.stringify(next)).catch(() => {});
  }

  const todo = (todos || []).find((t) => t.id === String(id));

  function update(changes) {
    save(todos.map((t) => (t.id === todo.id ? { ...t, ...changes } : t)));
  }

  function remove() {
    save(todos.filter((t) => t.id !== todo.id));
    router.back();
  }

  return (
    <ScrollView style={styles.screen} contentContainerStyle={[styles.content, { paddingTop: insets.top + 12, paddingBottom: insets.bottom + 24 }]}>
      <Link href="/" asChild>
        <Pressable accessibilityRole="link" style={styles.backRow} hitSlop={8}>
          <Ionicons name="chevron-back" size={18} color={colors.accent} />
          <Text style={styles.backText}>All tasks</Text>
        </Pressable>
      </Link>

      {todos === null ? (
        <Text style={styles.muted}>Loading…</Text>
      ) : !todo ? (
        <View style={styles.card}>
          <Text style={styles.heading}>Task not found</Text>
          <Text style={styles.muted}>It may have been deleted. Go back to the list to pick another task.</Text>
        </View>
      ) : (
        <View style={styles.card}>
          <Text style={styles.label}>Task</Text>
          <TextInput value={todo.title} onChangeText={(title) => update({ title })} style={styles.input} placeholder="Task title" placeholderTextColor={colors.faint} />

          <Text style={[styles.label, { marginTop: 20 }]}>Due</Text>
          <View style={styles.chips}>
            {DUE_OPTIONS.map((o) => {
              const value = o.offset === null ? '' : isoDay(o.offset);
              const active = todo.dueDate === value;
              return (
                <Pressable key={o.label} onPress={() => update({ dueDate: value })} style={[styles.chip, active && styles.chipActive]}>
                  <Text style={[styles.chipText, active && styles.chipTextActive]}>{o.label}</Text>
                </Pressable>
              );
            })}
          </View>
          {todo.dueDate !== '' && <Text style={[styles.muted, { marginTop: 8 }]}>Due on {todo.dueDate}</Text>}

          <Pressable onPress={() => update({ done: !todo.done })} style={({ pressed }) => [styles.primary, pressed && styles.pressed]}>
            <Ionicons name={todo.done ? 'refresh' : 'checkmark-circle'} size={18} color="#ffffff" />
            <Text style={styles.primaryText}>{todo.done ? 'Mark as not done' : 'Mark as done'}</Text>
          </Pressable>
          <Pressable onPress={remove} style={({ pressed }) => [styles.danger, pressed && styles.pressed]}>
            <Ionicons name="trash-outline" size={18} color={colors.danger} />
            <Text style={styles.dangerText}>Delete task</Text>
          </Pressable>
        </View>
      )}
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.page },
  content: { paddingHorizontal: 20, gap: 16 },
  backRow: { flexDirection: 'row', alignItems: 'center', gap: 2, alignSelf: 'flex-start' },
  backText: { color: colors.accent, fontSize: 15, fontWeight: '600' },
  card: { backgroundColor: colors.card, borderRadius: 18, borderWidth: 1, borderColor: colors.line, padding: 16 },
  heading: { color: colors.ink, fontSize: 18, fontWeight: '700', marginBottom: 6 },
  label: { color: colors.muted, fontSize: 12, fontWeight: '700', letterSpacing: 1, textTransform: 'uppercase', marginBottom: 8 },
  input: { backgroundColor: colors.page, borderRadius: 12, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 14, paddingVertical: 10, fontSize: 17, color: colors.ink },
  muted: { color: colors.muted, fontSize: 14 },
  chips: { flexDirection: 'row', flexWrap: 'wrap', gap: 6 },
  chip: { borderRadius: 999, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 12, paddingVertical: 6 },
  chipActive: { backgroundColor: colors.accentSoft, borderColor: colors.accentLine },
  chipText: { color: colors.muted, fontSize: 13, fontWeight: '500' },
  chipTextActive: { color: colors.accentDark, fontWeight: '700' },
  primary: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center', gap: 8, backgroundColor: colors.accent, borderRadius: 14, paddingVertical: 13, marginTop: 24 },
  primaryText: { color: '#ffffff', fontSize: 16, fontWeight: '700' },
  danger: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center', gap: 8, backgroundColor: colors.dangerSoft, borderRadius: 14, paddingVertical: 13, marginTop: 10 },
  dangerText: { color: colors.danger, fontSize: 16, fontWeight: '600' },
  pressed: { opacity: 0.75 },
});
`,
  );
}

function notesListScreen(ctx: MobileContext): GenModule {
  return expoPage(
    '',
    `
import { useCallback, useState } from 'react';
import { FlatList, Pressable, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { router, useFocusEffect } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = ${jsString(ctx.title)};
const STORAGE_KEY = ${jsString(`${slugKey(ctx.title)}.notes`)};

${colours(ctx.accent)}

function starterNotes() {
  const now = Date.now();
  return [
    {
      id: 'welcome',
      title: 'Welcome to your notes',
      body: 'Write anything here: ideas, lists, meeting notes.\\n\\nPin a note to keep it at the top, add tags to group notes, and search to find any note by a word you remember.',
      tags: ['getting-started'],
      pinned: true,
      updatedAt: now,
    },
    {
      id: 'weekly-plan',
      title: 'Weekly plan',
      body: 'Monday: finish the proposal draft\\nWednesday: team lunch at noon\\nFriday: review the budget',
      tags: ['work'],
      pinned: false,
      updatedAt: now - 1000 * 60 * 60 * 5,
    },
    {
      id: 'book-ideas',
      title: 'Books to read',
      body: 'The Design of Everyday Things\\nAtomic Habits\\nA Psalm for the Wild-Built',
      tags: ['personal', 'reading'],
      pinned: false,
      updatedAt: now - 1000 * 60 * 60 * 30,
    },
  ];
}

function timeAgo(ms) {
  const minutes = Math.round((Date.now() - ms) / 60000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return minutes + ' min ago';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours + ' h ago';
  return Math.round(hours / 24) + ' d ago';
}

export default function NotesScreen() {
  const insets = useSafeAreaInsets();
  const [notes, setNotes] = useState(null);
  const [query, setQuery] = useState('');
  const [activeTag, setActiveTag] = useState('');

  // Runs when the screen is shown, so coming back from the editor reads the notes again.
  const load = useCallback(() => {
    AsyncStorage.getItem(STORAGE_KEY)
      .then((raw) => {
        const saved = raw ? JSON.parse(raw) : null;
        if (Array.isArray(saved)) setNotes(saved);
        else {
          const first = starterNotes();
          setNotes(first);
          AsyncStorage.setItem(STORAGE_KEY, JSON.stringify(first)).catch(() => {});
        }
      })
      .catch(() => setNotes(starterNotes()));
  }, []);
  useFocusEffect(load);

  function createNote() {
    const note = {
      id: Date.now().toString(36) + Math.random().toString(36).slice(2, 7),
      title: '',
      body: '',
      tags: activeTag ? [activeTag] : [],
      pinned: false,
      updatedAt: Date.now(),
    };
    const next = [note, ...(notes || [])];
    setNotes(next);
    AsyncStorage.setItem(STORAGE_KEY, JSON.stringify(next))
      .catch(() => {})
      .then(() => router.push('/note/' + note.id));
  }

  const list = notes || [];
  const allTags = Array.from(new Set(list.flatMap((n) => n.tags))).sort();
  const needle = query.trim().toLowerCase();
  const visible = list
    .filter((n) => !activeTag || n.tags.includes(activeTag))
    .filter((n) => !needle || (n.title + ' ' + n.body + ' ' + n.tags.join(' ')).toLowerCase().includes(needle))
    .slice()
    .sort((x, y) => (x.pinned === y.pinned ? y.updatedAt - x.updatedAt : x.pinned ? -1 : 1));

  const header = (
    <View style={styles.header}>
      <View style={styles.titleRow}>
        <Text style={styles.title}>{APP_TITLE}</Text>
        <Text style={styles.count}>{list.length} notes</Text>
      </View>
      <View style={styles.search}>
        <Ionicons name="search" size={18} color={colors.faint} />
        <TextInput value={query} onChangeText={setQuery} placeholder="Search notes" placeholderTextColor={colors.faint} style={styles.searchInput} />
        {query !== '' && (
          <Pressable onPress={() => setQuery('')} accessibilityLabel="Clear search" hitSlop={8}>
            <Ionicons name="close-circle" size={18} color={colors.faint} />
          </Pressable>
        )}
      </View>
      {allTags.length > 0 && (
        <View style={styles.tags}>
          {['', ...allTags].map((tag) => (
            <Pressable key={tag || 'all'} onPress={() => setActiveTag(tag)} style={[styles.tag, activeTag === tag && styles.tagActive]}>
              <Text style={[styles.tagText, activeTag === tag && styles.tagTextActive]}>{tag ? '#' + tag : 'All'}</Text>
            </Pressable>
          ))}
        </View>
      )}
    </View>
  );

  return (
    <View style={[styles.screen, { paddingTop: insets.top }]}>
      <FlatList
        data={visible}
        keyExtractor={(item) => item.id}
        ListHeaderComponent={header}
        contentContainerStyle={[styles.content, { paddingBottom: insets.bottom + 96 }]}
        ListEmptyComponent={
          <View style={styles.empty}>
            <Ionicons name="document-text-outline" size={36} color={colors.accentMid} />
            <Text style={styles.emptyTitle}>{notes === null ? 'Loading…' : needle || activeTag ? 'No matching notes' : 'No notes yet'}</Text>
            <Text style={styles.emptyText}>Tap the + button to write one.</Text>
          </View>
        }
        renderItem={({ item }) => (
          <Pressable onPress={() => router.push('/note/' + item.id)} style={({ pressed }) => [styles.note, item.pinned && styles.notePinned, pressed && styles.pressed]}>
            <View style={styles.noteTop}>
              <Text style={styles.noteTitle} numberOfLines={1}>{item.title || 'Untitled note'}</Text>
              {item.pinned && <Ionicons name="pin" size={16} color={colors.accent} />}
            </View>
            <Text style={styles.noteBody} numberOfLines={2}>{item.body || 'No text yet'}</Text>
            <View style={styles.noteMeta}>
              {item.tags.slice(0, 3).map((tag) => (
                <Text key={tag} style={styles.noteTag}>#{tag}</Text>
              ))}
              <Text style={styles.noteTime}>{timeAgo(item.updatedAt)}</Text>
            </View>
          </Pressable>
        )}
      />
      <Pressable
        onPress={createNote}
        accessibilityRole="button"
        accessibilityLabel="New note"
        style={({ pressed }) => [styles.fab, { bottom: insets.bottom + 20 }, pressed && styles.pressed]}
      >
        <Ionicons name="add" size={28} color="#ffffff" />
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.page },
  content: { paddingHorizontal: 20, paddingTop: 16, gap: 10 },
  header: { gap: 12, marginBottom: 6 },
  titleRow: { flexDirection: 'row', alignItems: 'baseline', justifyContent: 'space-between' },
  title: { color: colors.ink, fontSize: 30, fontWeight: '800' },
  count: { color: colors.muted, fontSize: 13 },
  search: { flexDirection: 'row', alignItems: 'center', gap: 8, backgroundColor: colors.card, borderRadius: 14, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 12 },
  searchInput: { flex: 1, minWidth: 0, paddingVertical: 10, fontSize: 16, color: colors.ink },
  tags: { flexDirection: 'row', flexWrap: 'wrap', gap: 6 },
  tag: { borderRadius: 999, backgroundColor: colors.card, borderWidth: 1, borderColor: colors.line, paddingHorizontal: 12, paddingVertical: 5 },
  tagActive: { backgroundColor: colors.accent, borderColor: colors.accent },
  tagText: { color: colors.text, fontSize: 13, fontWeight: '500' },
  tagTextActive: { color: '#ffffff', fontWeight: '700' },
  note: { backgroundColor: colors.card, borderRadius: 16, borderWidth: 1, borderColor: colors.line, padding: 14 },
  notePinned: { borderColor: colors.accentLine, backgroundColor: colors.accentSoft },
  noteTop: { flexDirection: 'row', alignItems: 'center', gap: 8 },
  noteTitle: { flex: 1, color: colors.ink, fontSize: 16, fontWeight: '700' },
  noteBody: { color: colors.muted, fontSize: 14, marginTop: 4, lineHeight: 20 },
  noteMeta: { flexDirection: 'row', alignItems: 'center', flexWrap: 'wrap', gap: 6, marginTop: 8 },
  noteTag: { color: colors.accentDark, fontSize: 12, fontWeight: '600' },
  noteTime: { color: colors.faint, fontSize: 12, marginLeft: 'auto' },
  fab: { position: 'absolute', right: 20, width: 56, height: 56, borderRadius: 28, backgroundColor: colors.accent, alignItems: 'center', justifyContent: 'center' },
  pressed: { opacity: 0.75 },
  empty: { alignItems: 'center', paddingVertical: 40, gap: 6 },
  emptyTitle: { color: colors.text, fontSize: 16, fontWeight: '600' },
  emptyText: { color: colors.muted, fontSize: 14 },
});
`,
  );
}

function noteEditorScreen(ctx: MobileContext): GenModule {
  return expoPage(
    'note/[id]',
    `
import { useEffect, useState } from 'react';
import { Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { router, useLocalSearchParams } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const STORAGE_KEY = ${jsString(`${slugKey(ctx.title)}.notes`)};

${colours(ctx.accent)}

export default function NoteScreen() {
  const insets = useSafeAreaInsets();
  const { id } = useLocalSearchParams();
  const [notes, setNotes] = useState(null);
  const [tagText, setTagText] = useState('');

  useEffect(() => {
    AsyncStorage.getItem(STORAGE_KEY)
      .then((raw) => {
        const saved = raw ? JSON.parse(raw) : null;
        const list = Array.isArray(saved) ? saved : [];
        setNotes(list);
        const found = list.find((n) => n.id === String(id));
        if (found) setTagText(found.tags.join(', '));
      })
      .catch(() => setNotes([]));
  }, [id]);

  const note = (notes || []).find((n) => n.id === String(id));

  function save(next) {
    setNotes(next);
    AsyncStorage.setItem(STORAGE_KEY, JSON.stringify(next)).catch(() => {});
  }

  function update(changes) {
    save(notes.map((n) => (n.id === note.id ? { ...n, ...changes, updatedAt: Date.now() } : n)));
  }

  function saveTags(text) {
    setTagText(text);
    const tags = text
      .split(',')
      .map((t) => t.trim().toLowerCase().replace(/\\s+/g, '-'))
      .filter(Boolean);
    update({ tags: Array.from(new Set(tags)) });
  }

  function remove() {
    save(notes.filter((n) => n.id !== note.id));
    router.back();
  }

  const words = note ? (note.body.trim() ? note.body.trim().split(/\\s+/).length : 0) : 0;

  return (
    <View style={[styles.screen, { paddingTop: insets.top }]}>
      <View style={styles.toolbar}>
        <Pressable onPress={() => router.back()} accessibilityRole="button" accessibilityLabel="Back to notes" style={styles.backRow} hitSlop={8}>
          <Ionicons name="chevron-back" size={20} color={colors.accent} />
          <Text style={styles.backText}>Notes</Text>
        </Pressable>
        {note && (
          <View style={styles.actions}>
            <Pressable onPress={() => update({ pinned: !note.pinned })} accessibilityLabel={note.pinned ? 'Unpin note' : 'Pin note'} style={[styles.action, note.pinned && styles.actionActive]}>
              <Ionicons name={note.pinned ? 'pin' : 'pin-outline'} size={18} color={note.pinned ? colors.accentDark : colors.muted} />
            </Pressable>
            <Pressable onPress={remove} accessibilityLabel="Delete note" style={styles.action}>
              <Ionicons name="trash-outline" size={18} color={colors.danger} />
            </Pressable>
          </View>
        )}
      </View>

      {notes === null ? (
        <Text style={[styles.muted, styles.padded]}>Loading…</Text>
      ) : !note ? (
        <View style={styles.padded}>
          <Text style={styles.missing}>Note not found</Text>
          <Text style={styles.muted}>It may have been deleted. Go back to see all your notes.</Text>
        </View>
      ) : (
        <ScrollView contentContainerStyle={[styles.padded, { paddingBottom: insets.bottom + 24 }]} keyboardShouldPersistTaps="handled">
          <TextInput value={note.title} onChangeText={(title) => update({ title })} placeholder="Title" placeholderTextColor={colors.faint} style={styles.titleInput} />
          <View style={styles.tagRow}>
            <Ionicons name="pricetag-outline" size={16} color={colors.faint} />
            <TextInput value={tagText} onChangeText={saveTags} placeholder="Tags, separated by commas" placeholderTextColor={colors.faint} autoCapitalize="none" style={styles.tagInput} />
          </View>
          <TextInput
            value={note.body}
            onChangeText={(body) => update({ body })}
            placeholder="Start writing…"
            placeholderTextColor={colors.faint}
            multiline
            textAlignVertical="top"
            style={styles.bodyInput}
          />
          <Text style={styles.footer}>{words} {words === 1 ? 'word' : 'words'} · saved on this device</Text>
        </ScrollView>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.card },
  toolbar: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', paddingHorizontal: 16, paddingVertical: 10, borderBottomWidth: 1, borderBottomColor: colors.line },
  backRow: { flexDirection: 'row', alignItems: 'center', gap: 2 },
  backText: { color: colors.accent, fontSize: 16, fontWeight: '600' },
  actions: { flexDirection: 'row', gap: 8 },
  action: { width: 36, height: 36, borderRadius: 10, alignItems: 'center', justifyContent: 'center' },
  actionActive: { backgroundColor: colors.accentLight },
  padded: { paddingHorizontal: 20, paddingTop: 16 },
  missing: { color: colors.ink, fontSize: 18, fontWeight: '700', marginBottom: 6 },
  muted: { color: colors.muted, fontSize: 14 },
  titleInput: { color: colors.ink, fontSize: 26, fontWeight: '800', paddingVertical: 6 },
  tagRow: { flexDirection: 'row', alignItems: 'center', gap: 6, marginTop: 4 },
  tagInput: { flex: 1, minWidth: 0, color: colors.accentDark, fontSize: 14, paddingVertical: 6 },
  bodyInput: { minHeight: 280, color: colors.text, fontSize: 16, lineHeight: 24, marginTop: 12 },
  footer: { color: colors.faint, fontSize: 12, marginTop: 16 },
});
`,
  );
}

function genericHomeScreen(ctx: MobileContext): GenModule {
  const features = (ctx.features ?? []).slice(0, 6);
  const list = features
    .map((f) => `  { title: ${jsString(f.title)}, text: ${jsString(f.text)} },`)
    .join('\n');
  return expoPage(
    '',
    `
import { useEffect, useState } from 'react';
import { Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { Link } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = ${jsString(ctx.title)};
const SAVED_KEY = ${jsString(`${slugKey(ctx.title)}.saved`)};

${colours(ctx.accent)}

const FEATURES = [
${list}
];

export default function HomeScreen() {
  const insets = useSafeAreaInsets();
  const [saved, setSaved] = useState([]);

  useEffect(() => {
    AsyncStorage.getItem(SAVED_KEY)
      .then((raw) => setSaved(raw ? JSON.parse(raw) : []))
      .catch(() => setSaved([]));
  }, []);

  function toggleSaved(title) {
    const next = saved.includes(title) ? saved.filter((t) => t !== title) : [...saved, title];
    setSaved(next);
    AsyncStorage.setItem(SAVED_KEY, JSON.stringify(next)).catch(() => {});
  }

  return (
    <ScrollView style={styles.screen} contentContainerStyle={{ paddingTop: insets.top, paddingBottom: insets.bottom + 24 }}>
      <View style={styles.hero}>
        <View style={styles.logo}>
          <Ionicons name="sparkles" size={22} color="#ffffff" />
        </View>
        <Text style={styles.title}>{APP_TITLE}</Text>
        <Text style={styles.tagline}>${jsxSafe(ctx.tagline ?? 'Everything you need, in your pocket.')}</Text>
        <Link href="/about" asChild>
          <Pressable style={({ pressed }) => [styles.cta, pressed && styles.pressed]}>
            <Text style={styles.ctaText}>${jsxSafe(ctx.cta ?? 'Get started')}</Text>
            <Ionicons name="arrow-forward" size={18} color="#ffffff" />
          </Pressable>
        </Link>
      </View>

      <View style={styles.section}>
        <Text style={styles.sectionTitle}>What you can do</Text>
        {FEATURES.map((f) => {
          const isSaved = saved.includes(f.title);
          return (
            <View key={f.title} style={styles.feature}>
              <View style={styles.featureIcon}>
                <Ionicons name="checkmark" size={18} color={colors.accent} />
              </View>
              <View style={styles.featureBody}>
                <Text style={styles.featureTitle}>{f.title}</Text>
                <Text style={styles.featureText}>{f.text}</Text>
              </View>
              <Pressable onPress={() => toggleSaved(f.title)} accessibilityLabel={isSaved ? 'Remove from favourites' : 'Add to favourites'} hitSlop={8}>
                <Ionicons name={isSaved ? 'heart' : 'heart-outline'} size={20} color={isSaved ? colors.accent : colors.faint} />
              </Pressable>
            </View>
          );
        })}
        {saved.length > 0 && <Text style={styles.note}>{saved.length} saved to favourites on this device</Text>}
      </View>
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.page },
  hero: { backgroundColor: colors.accentSoft, paddingHorizontal: 24, paddingTop: 28, paddingBottom: 32, borderBottomLeftRadius: 28, borderBottomRightRadius: 28 },
  logo: { width: 48, height: 48, borderRadius: 14, backgroundColor: colors.accent, alignItems: 'center', justifyContent: 'center' },
  title: { color: colors.ink, fontSize: 32, fontWeight: '800', marginTop: 16 },
  tagline: { color: colors.text, fontSize: 16, lineHeight: 23, marginTop: 8 },
  cta: { flexDirection: 'row', alignItems: 'center', justifyContent: 'center', gap: 8, alignSelf: 'flex-start', backgroundColor: colors.accent, borderRadius: 14, paddingHorizontal: 20, paddingVertical: 13, marginTop: 20 },
  ctaText: { color: '#ffffff', fontSize: 16, fontWeight: '700' },
  pressed: { opacity: 0.75 },
  section: { paddingHorizontal: 20, paddingTop: 24, gap: 10 },
  sectionTitle: { color: colors.ink, fontSize: 20, fontWeight: '700', marginBottom: 4 },
  feature: { flexDirection: 'row', alignItems: 'flex-start', gap: 12, backgroundColor: colors.card, borderRadius: 16, borderWidth: 1, borderColor: colors.line, padding: 14 },
  featureIcon: { width: 34, height: 34, borderRadius: 10, backgroundColor: colors.accentLight, alignItems: 'center', justifyContent: 'center' },
  featureBody: { flex: 1, minWidth: 0 },
  featureTitle: { color: colors.ink, fontSize: 16, fontWeight: '700' },
  featureText: { color: colors.muted, fontSize: 14, lineHeight: 20, marginTop: 2 },
  note: { color: colors.muted, fontSize: 13, textAlign: 'center', marginTop: 6 },
});
`,
  );
}

function genericAboutScreen(ctx: MobileContext): GenModule {
  return expoPage(
    'about',
    `
import { Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import { router } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = ${jsString(ctx.title)};

${colours(ctx.accent)}

const STEPS = [
  { icon: 'person-add-outline', title: 'Open the app', text: 'Everything is ready on the first screen, no set-up needed.' },
  { icon: 'options-outline', title: 'Make it yours', text: 'Save the features you use most as favourites.' },
  { icon: 'phone-portrait-outline', title: 'Take it with you', text: 'Your choices are kept on this device.' },
];

export default function AboutScreen() {
  const insets = useSafeAreaInsets();
  return (
    <ScrollView style={styles.screen} contentContainerStyle={[styles.content, { paddingTop: insets.top + 12, paddingBottom: insets.bottom + 24 }]}>
      <Pressable onPress={() => router.back()} accessibilityRole="button" style={styles.backRow} hitSlop={8}>
        <Ionicons name="chevron-back" size={18} color={colors.accent} />
        <Text style={styles.backText}>Back</Text>
      </Pressable>
      <Text style={styles.title}>About {APP_TITLE}</Text>
      <Text style={styles.lead}>${jsxSafe(ctx.tagline ?? 'Everything you need, in your pocket.')}</Text>
      {STEPS.map((step, i) => (
        <View key={step.title} style={styles.step}>
          <View style={styles.stepNumber}>
            <Text style={styles.stepNumberText}>{i + 1}</Text>
          </View>
          <View style={styles.stepBody}>
            <Text style={styles.stepTitle}>{step.title}</Text>
            <Text style={styles.stepText}>{step.text}</Text>
          </View>
          <Ionicons name={step.icon} size={20} color={colors.accentMid} />
        </View>
      ))}
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: colors.page },
  content: { paddingHorizontal: 20, gap: 12 },
  backRow: { flexDirection: 'row', alignItems: 'center', gap: 2, alignSelf: 'flex-start' },
  backText: { color: colors.accent, fontSize: 15, fontWeight: '600' },
  title: { color: colors.ink, fontSize: 28, fontWeight: '800', marginTop: 8 },
  lead: { color: colors.text, fontSize: 16, lineHeight: 23, marginBottom: 8 },
  step: { flexDirection: 'row', alignItems: 'center', gap: 12, backgroundColor: colors.card, borderRadius: 16, borderWidth: 1, borderColor: colors.line, padding: 14 },
  stepNumber: { width: 30, height: 30, borderRadius: 15, backgroundColor: colors.accent, alignItems: 'center', justifyContent: 'center' },
  stepNumberText: { color: '#ffffff', fontWeight: '700' },
  stepBody: { flex: 1, minWidth: 0 },
  stepTitle: { color: colors.ink, fontSize: 16, fontWeight: '700' },
  stepText: { color: colors.muted, fontSize: 14, lineHeight: 20, marginTop: 2 },
});
`,
  );
}

/** Text safe between JSX tags inside a template (no braces, angle brackets). */
function jsxSafe(text: string): string {
  return text.replace(/[{}<>]/g, '');
}
