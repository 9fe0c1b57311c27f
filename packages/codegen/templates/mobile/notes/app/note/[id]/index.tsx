import { useEffect, useState } from 'react';
import { Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { router, useLocalSearchParams } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

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
      .map((t) => t.trim().toLowerCase().replace(/\s+/g, '-'))
      .filter(Boolean);
    update({ tags: Array.from(new Set(tags)) });
  }

  function remove() {
    save(notes.filter((n) => n.id !== note.id));
    router.back();
  }

  const words = note ? (note.body.trim() ? note.body.trim().split(/\s+/).length : 0) : 0;

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
