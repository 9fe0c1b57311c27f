import { useEffect, useState } from 'react';
import { Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { Link, router, useLocalSearchParams } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

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
