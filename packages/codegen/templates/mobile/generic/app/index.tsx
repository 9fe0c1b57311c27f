import { useEffect, useState } from 'react';
import { Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import AsyncStorage from '@react-native-async-storage/async-storage';
import { Link } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = kiln.title;
const SAVED_KEY = 'kiln-slug.saved';

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

const FEATURES = [kiln.features];

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
        <Text style={styles.tagline}>kiln-tagline</Text>
        <Link href="/about" asChild>
          <Pressable style={({ pressed }) => [styles.cta, pressed && styles.pressed]}>
            <Text style={styles.ctaText}>kiln-cta</Text>
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
