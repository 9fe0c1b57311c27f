import { useCallback, useState } from 'react';
import { FlatList, Pressable, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { router, useFocusEffect } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = kiln.title;
const STORAGE_KEY = 'kiln-slug.todos';

const colors = {
  accent: 'kiln-accent',
  accentDark: 'kiln-accentDark',
  accentMid: 'kiln-accentMid',
  accentSoft: 'kiln-accentSoft',
  accentLight: 'kiln-accentLight',
  accentLine: 'kiln-accentLine',
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
};

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
