import { useCallback, useState } from 'react';
import { FlatList, Pressable, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { router, useFocusEffect } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = kiln.title;
const STORAGE_KEY = 'kiln-slug.notes';

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

function starterNotes() {
  const now = Date.now();
  return [
    {
      id: 'welcome',
      title: 'Welcome to your notes',
      body: 'Write anything here: ideas, lists, meeting notes.\n\nPin a note to keep it at the top, add tags to group notes, and search to find any note by a word you remember.',
      tags: ['getting-started'],
      pinned: true,
      updatedAt: now,
    },
    {
      id: 'weekly-plan',
      title: 'Weekly plan',
      body: 'Monday: finish the proposal draft\nWednesday: team lunch at noon\nFriday: review the budget',
      tags: ['work'],
      pinned: false,
      updatedAt: now - 1000 * 60 * 60 * 5,
    },
    {
      id: 'book-ideas',
      title: 'Books to read',
      body: 'The Design of Everyday Things\nAtomic Habits\nA Psalm for the Wild-Built',
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
            // @ts-expect-error kiln: the tag list is untyped JavaScript; each tag is a string.
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
