import { Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import { router } from 'expo-router';
import { useSafeAreaInsets } from 'react-native-safe-area-context';

const APP_TITLE = kiln.title;

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
      <Text style={styles.lead}>kiln-tagline</Text>
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
