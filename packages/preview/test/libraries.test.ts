/**
 * @module
 * The library catalogue and the mobile preview in real Chromium: generated pages importing shadcn/ui,
 * Radix, date-fns, zustand, react-query, framer-motion, recharts and react-native render with one React;
 * unknown libraries fail with an error that names them.
 */
import { describe, expect, test } from 'vitest';
import type { PreviewModule } from '../src/index.ts';
import { openBuilder, setupHarness } from './harness.ts';

setupHarness();

const page = (content: string, filePath = 'apps/web/src/app/page.tsx'): PreviewModule => ({
  filePath,
  moduleType: filePath.startsWith('apps/mobile/') ? 'EXPO_PAGE' : 'PAGE',
  name: 'Homepage',
  content,
});

const dashboard = `'use client';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { format } from 'date-fns';
import { create } from 'zustand';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { motion } from 'framer-motion';
import { LineChart, Line, XAxis } from 'recharts';
import * as Tooltip from '@radix-ui/react-tooltip';
import clsx from 'clsx';

const useCount = create((set) => ({ count: 0, inc: () => set((s) => ({ count: s.count + 1 })) }));
const client = new QueryClient();

function Greeting() {
  const { data } = useQuery({ queryKey: ['hi'], queryFn: async () => 'hello from react-query' });
  return <p data-testid="query">{data ?? 'loading'}</p>;
}

export default function Dashboard() {
  const { count, inc } = useCount();
  const [on, setOn] = useState(false);
  return (
    <QueryClientProvider client={client}>
      <Tooltip.Provider>
        <motion.div initial={{ opacity: 0 }} animate={{ opacity: 1 }} data-testid="motion">
          <Card>
            <CardHeader><CardTitle>Dashboard</CardTitle></CardHeader>
            <CardContent className={cn('p-4', 'p-2', clsx({ hidden: false }))} data-testid="content">
              <p data-testid="date">{format(new Date(2026, 0, 5), 'yyyy-MM-dd')}</p>
              <Button onClick={inc}>Count {count}</Button>
              <Badge variant="secondary">new</Badge>
              <Switch aria-label="Notify" checked={on} onCheckedChange={setOn} />
              <span data-testid="switch">{on ? 'on' : 'off'}</span>
              <Greeting />
              <Tabs defaultValue="a">
                <TabsList><TabsTrigger value="a">Tab A</TabsTrigger><TabsTrigger value="b">Tab B</TabsTrigger></TabsList>
                <TabsContent value="a">Panel A</TabsContent>
                <TabsContent value="b">Panel B</TabsContent>
              </Tabs>
              <Dialog>
                <DialogTrigger asChild><Button variant="outline">Open dialog</Button></DialogTrigger>
                <DialogContent><DialogTitle>Hello dialog</DialogTitle></DialogContent>
              </Dialog>
              <LineChart width={200} height={100} data={[{ x: 1, y: 2 }, { x: 2, y: 3 }]}>
                <XAxis dataKey="x" /><Line dataKey="y" />
              </LineChart>
            </CardContent>
          </Card>
        </motion.div>
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}`;

describe('library catalogue', () => {
  test('a page using shadcn/ui, Radix, date-fns, zustand, react-query, framer-motion and recharts renders and works', async () => {
    const b = await openBuilder();
    await b.load([page(dashboard)], { revisionId: 'r-libs' });
    const p = b.preview;
    await p.getByText('Dashboard').waitFor();
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-libs' });
    expect(await p.getByTestId('date').textContent()).toBe('2026-01-05');
    expect(await p.getByTestId('content').getAttribute('class')).toBe('p-2');
    await p.getByRole('button', { name: 'Count 0' }).click();
    await p.getByRole('button', { name: 'Count 1' }).waitFor();
    await p.getByRole('switch', { name: 'Notify' }).click();
    await p.getByTestId('switch').filter({ hasText: 'on' }).waitFor();
    await p.getByTestId('query').filter({ hasText: 'hello from react-query' }).waitFor();
    await p.getByRole('tab', { name: 'Tab B' }).click();
    await p.getByText('Panel B').waitFor();
    await p.getByRole('button', { name: 'Open dialog' }).click();
    await p.getByRole('dialog').getByText('Hello dialog').waitFor();
    await p.locator('.recharts-surface').waitFor();
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });

  test('an import of a library outside the catalogue fails with an error naming it', async () => {
    const b = await openBuilder();
    const code = `import { Thing } from 'left-pad-ui';\nexport default function Home() { return <Thing />; }`;
    await b.load([page(code)], { revisionId: 'r-unknown' });
    await b.preview.getByText('Error in generated code', { exact: true }).waitFor();
    const error = await b.waitForMessage('kiln:error', { revisionId: 'r-unknown' });
    expect(error.message).toBe(`Unknown library "left-pad-ui": it is not in Kiln's library catalogue`);
    await b.page.context().close();
  });
});

const mobileHome = `import React, { useState } from 'react';
import { View, Text, Pressable, StyleSheet, ScrollView, TextInput, FlatList, Switch, Image } from 'react-native';
import { Ionicons } from '@expo/vector-icons';
import Feather from '@expo/vector-icons/Feather';
import { SafeAreaView, useSafeAreaInsets } from 'react-native-safe-area-context';
import { StatusBar } from 'expo-status-bar';
import { Link } from 'expo-router';

export default function HomeScreen() {
  const [items, setItems] = useState([{ id: '1', title: 'Milk' }]);
  const [text, setText] = useState('');
  const [dark, setDark] = useState(false);
  const insets = useSafeAreaInsets();
  return (
    <SafeAreaView style={styles.container}>
      <StatusBar style="dark" />
      <Text style={styles.title} testID="title">Groceries</Text>
      <Feather name="trash-2" size={16} />
      <Text testID="insets">{insets.top}/{insets.bottom}</Text>
      <View style={styles.row}>
        <TextInput placeholder="Add item" value={text} onChangeText={setText} style={styles.input} />
        <Pressable accessibilityRole="button" accessibilityLabel="Add" onPress={() => { setItems([...items, { id: String(items.length + 1), title: text }]); setText(''); }}>
          <Ionicons name="add-circle-outline" size={28} color="#2563eb" />
        </Pressable>
      </View>
      <FlatList data={items} keyExtractor={(i) => i.id} renderItem={({ item }) => <Text testID="item">{item.title}</Text>} />
      <Switch value={dark} onValueChange={setDark} accessibilityLabel="Dark mode" />
      <Text testID="dark">{dark ? 'dark' : 'light'}</Text>
      <Link href="/settings"><Text>Settings</Text></Link>
    </SafeAreaView>
  );
}

const styles = StyleSheet.create({
  container: { flex: 1, backgroundColor: '#fff', padding: 16 },
  title: { fontSize: 24, fontWeight: '700', color: 'rgb(17, 24, 39)' },
  row: { flexDirection: 'row', alignItems: 'center', gap: 8 },
  input: { flex: 1, borderWidth: 1, borderColor: '#ddd', padding: 8 },
});`;

const mobileSettings = `import { View, Text } from 'react-native';
import { router } from 'expo-router';
export default function Settings() {
  return <View><Text testID="settings">Settings screen</Text><Text onPress={() => router.back()}>Back</Text></View>;
}`;

describe('mobile preview', () => {
  test('an Expo page renders through react-native-web in a device frame with safe-area insets, icons and links', async () => {
    const b = await openBuilder('mobile');
    await b.load(
      [
        page(mobileHome, 'apps/mobile/src/app/(tabs)/index.tsx'),
        page(mobileSettings, 'apps/mobile/src/app/settings/index.tsx'),
        page('export default function Web() { return <h1>web page</h1>; }'),
      ],
      { revisionId: 'r-mobile' },
    );
    const p = b.preview;
    await p.getByTestId('title').waitFor();
    await b.waitForMessage('kiln:rendered', { revisionId: 'r-mobile' });
    expect(await p.getByText('web page').count()).toBe(0);
    expect(await p.locator('[data-kiln-device=phone]').count()).toBe(1);
    const screen = await p.locator('[data-kiln-screen]').boundingBox();
    expect([screen?.width, screen?.height]).toEqual([360, 720]);
    expect(await p.getByTestId('insets').textContent()).toBe('64/34');
    expect(await p.getByTestId('title').evaluate((el) => getComputedStyle(el).fontSize)).toBe('24px');
    await p.locator('[data-icon="Ionicons:add-circle-outline"] svg.lucide-circle-plus').waitFor();
    await p.locator('[data-icon="Feather:trash-2"] svg').waitFor();
    await p.getByPlaceholder('Add item').fill('Eggs');
    await p.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => p.getByTestId('item').allTextContents()).toEqual(['Milk', 'Eggs']);
    await p.getByRole('switch').click();
    await p.getByTestId('dark').filter({ hasText: 'dark' }).waitFor();
    await p.getByText('Settings', { exact: true }).click();
    await p.getByTestId('settings').waitFor();
    expect(await b.waitForMessage('kiln:route', { route: '/settings/~~mobile-builder' })).toBeTruthy();
    await p.getByText('Back').click();
    await p.getByTestId('title').waitFor();
    expect((await b.messages()).filter((m) => m.kind === 'kiln:error')).toEqual([]);
    await b.page.context().close();
  });
});
