/**
 * The library documentation catalogue (the spec's `package_documentation` tool): for each third-party library
 * the preview runtime ships (`@kiln/preview` LIBRARY_CATALOGUE, plus lucide-react icons and the expo-router
 * shim), the spec's "library catalogue entry" fields — name, import statement, exports, documentation text,
 * version and use cases. `libraryDocsFor` picks the entries a request needs (use-case keywords in the prompt,
 * imports in the modules); `buildPrompt` sends the best two in a `<kiln:docs>` section within the context
 * budget, and `packageDocumentation` answers the model's `package_documentation` tool calls with any of them.
 * Versions are those the preview bundles. This package must not import `@kiln/preview`; a test keeps the names
 * in step with its catalogue.
 * @module
 */
import { MESSAGES } from '@kiln/core/messages';

/** One library's documentation entry (spec §3, "Mobile library catalogue entry"). */
export interface LibraryDoc {
  /** The import source generated code uses (`recharts`, `@/components/ui/button`). */
  name: string;
  /** How to import it. */
  importStatement: string;
  /** The names generated code may import from it. */
  exports: string[];
  /** How to use it, short, with an example. */
  documentation: string;
  /** The version the preview runtime bundles. */
  version: string;
  /** Words that, in a prompt, mean this library is wanted (matched as whole words, case-insensitive). */
  useCases: string[];
  /**
   * Where it can be used: web pages and components, Expo pages, or both; `functions`: Kiln's integrations, which
   * only FUNCTION modules import (the functions bundler provides them, not the preview runtime).
   */
  platform: 'web' | 'mobile' | 'both' | 'functions';
}

const SHADCN = 'shadcn/ui (Kiln built-in)';
const STAND_IN = 'Kiln stand-in (Expo SDK API)';

function ui(name: string, exports: string[], documentation: string, useCases: string[]): LibraryDoc {
  return {
    name: `@/components/ui/${name}`,
    importStatement: `import { ${exports.join(', ')} } from '@/components/ui/${name}';`,
    exports,
    documentation,
    version: SHADCN,
    useCases,
    platform: 'web',
  };
}

const INTEGRATION = 'Kiln integration (functions only)';

/** Kiln's integrations for FUNCTION modules (issue 19; server `functions/integrations/`). */
const INTEGRATION_DOCS: readonly LibraryDoc[] = [
  {
    name: '@/integrations/ai',
    importStatement: "import { generateText, streamText, generateObject } from '@/integrations/ai';",
    exports: ['generateText', 'streamText', 'generateObject'],
    documentation: `The organisation's language model, in functions only (billed to the app's owner in credits): const { text } = await generateText({ system: 'You are a friendly barista.', prompt }); streamed: const r = streamText({ prompt }); for await (const piece of r.textStream) {…}; await r.text; structured: const { object } = await generateObject({ prompt, schema: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } } }). No API key needed.`,
    version: INTEGRATION,
    useCases: [
      'ai',
      'gpt',
      'llm',
      'chatbot',
      'assistant',
      'summarize',
      'summarise',
      'generate text',
      'openai',
    ],
    platform: 'functions',
  },
  {
    name: '@/integrations/stripe',
    importStatement: "import { createCheckoutSession, verifyWebhook } from '@/integrations/stripe';",
    exports: ['createCheckoutSession', 'verifyWebhook'],
    documentation: `Card payments with Stripe Checkout, in functions only; needs the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (ask with <kiln:secret>). const { url } = await createCheckoutSession({ lineItems: [{ name: 'T-shirt', amount: 2500, currency: 'usd', quantity: 1 }], successUrl: origin + '/thanks', cancelUrl: origin + '/cart', metadata: { orderId: String(order.id) } }); the page sends the buyer to url. Webhook route (POST /api/stripe-webhook): const event = await verifyWebhook(request) (throws on a bad signature: answer 400); on event.type === 'checkout.session.completed' mark event.data.object.metadata.orderId paid.`,
    version: INTEGRATION,
    useCases: ['stripe', 'payment', 'payments', 'checkout', 'pay', 'shop', 'store', 'buy', 'subscription'],
    platform: 'functions',
  },
  {
    name: '@/integrations/email',
    importStatement: "import { sendEmail } from '@/integrations/email';",
    exports: ['sendEmail'],
    documentation: `Sends a plain-text e-mail from the app, in functions only (at most 20 an hour per app): await sendEmail({ to: 'ada@example.com', subject: 'Your booking', text: 'See you on Monday.' }). Throws when the limit is reached: catch it and tell the user.`,
    version: INTEGRATION,
    useCases: ['email', 'e-mail', 'mail', 'notify', 'notification', 'newsletter', 'contact form'],
    platform: 'functions',
  },
];

/** Every documented library, web and mobile, and Kiln's integrations for functions. */
export const LIBRARY_DOCS: readonly LibraryDoc[] = [
  ...INTEGRATION_DOCS,
  {
    name: 'react-native',
    importStatement:
      "import { View, Text, Pressable, TextInput, ScrollView, FlatList, Image, Switch, StyleSheet } from 'react-native';",
    exports: [
      'View',
      'Text',
      'Pressable',
      'TouchableOpacity',
      'TextInput',
      'ScrollView',
      'FlatList',
      'SectionList',
      'Image',
      'ImageBackground',
      'Switch',
      'ActivityIndicator',
      'Modal',
      'Alert',
      'KeyboardAvoidingView',
      'Platform',
      'Dimensions',
      'useWindowDimensions',
      'StyleSheet',
      'Linking',
    ],
    documentation: `Core primitives of an Expo page (EXPO_PAGE, apps/mobile/src/app/{segments}/index.tsx). There is no DOM and no Tailwind: lay out with <View>, put every string inside <Text>, style with StyleSheet.create({ ... }) (flexbox is column by default; colours as hex). Buttons are <Pressable onPress={...} style={({ pressed }) => [styles.button, pressed && { opacity: 0.7 }]}>. Inputs: <TextInput value={v} onChangeText={setV} placeholder="..." />. Long lists: <FlatList data={items} keyExtractor={(i) => i.id} renderItem={({ item }) => <Row item={item} />} ListHeaderComponent={...} ListEmptyComponent={...} />; never nest a FlatList inside a ScrollView. Rendered in the preview through react-native-web.`,
    version: 'react-native-web 0.21.4',
    useCases: ['mobile', 'expo', 'ios', 'android', 'phone', 'native', 'react native', 'screen', 'screens'],
    platform: 'mobile',
  },
  {
    name: 'expo-router',
    importStatement: "import { Link, router, useLocalSearchParams, useFocusEffect } from 'expo-router';",
    exports: [
      'Link',
      'router',
      'useRouter',
      'useLocalSearchParams',
      'usePathname',
      'useFocusEffect',
      'Redirect',
      'Stack',
      'Tabs',
    ],
    documentation: `File-based navigation between Expo pages: apps/mobile/src/app/settings/index.tsx is the route /settings, apps/mobile/src/app/note/[id]/index.tsx is /note/:id (read it with const { id } = useLocalSearchParams()). Navigate with <Link href="/settings" asChild><Pressable>...</Pressable></Link> or router.push('/note/' + id), router.back(). useFocusEffect(useCallback(() => { reload(); }, [])) runs when a screen is shown again. Stack.Screen / Tabs.Screen only configure native headers.`,
    version: STAND_IN,
    useCases: ['navigation', 'navigate', 'screens', 'tabs', 'router', 'routing', 'mobile', 'expo'],
    platform: 'mobile',
  },
  {
    name: '@expo/vector-icons',
    importStatement: "import { Ionicons, MaterialIcons, Feather } from '@expo/vector-icons';",
    exports: [
      'Ionicons',
      'MaterialIcons',
      'MaterialCommunityIcons',
      'Feather',
      'FontAwesome',
      'FontAwesome5',
      'AntDesign',
      'Entypo',
    ],
    documentation: `Icons for Expo pages: <Ionicons name="add" size={22} color="#4f46e5" />. Use common Ionicons glyph names (add, checkmark, close, trash-outline, search, heart, heart-outline, pin, chevron-back, chevron-forward, settings-outline, person, calendar-outline, home). In web pages use lucide-react instead.`,
    version: STAND_IN,
    useCases: ['icons', 'icon', 'mobile', 'expo'],
    platform: 'mobile',
  },
  {
    name: '@react-native-async-storage/async-storage',
    importStatement: "import AsyncStorage from '@react-native-async-storage/async-storage';",
    exports: ['default (AsyncStorage)'],
    documentation: `Persistent key-value storage on the device, all async and string-only: await AsyncStorage.setItem(key, JSON.stringify(value)); const raw = await AsyncStorage.getItem(key); const value = raw ? JSON.parse(raw) : fallback; also removeItem, getAllKeys, multiGet, clear. Load in useEffect / useFocusEffect and keep a loading state; web pages use localStorage instead.`,
    version: STAND_IN,
    useCases: ['save', 'persist', 'persistence', 'storage', 'offline', 'remember', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'react-native-safe-area-context',
    importStatement: "import { SafeAreaView, useSafeAreaInsets } from 'react-native-safe-area-context';",
    exports: ['SafeAreaView', 'SafeAreaProvider', 'useSafeAreaInsets', 'useSafeAreaFrame'],
    documentation: `Keeps content clear of the status bar and home indicator: const insets = useSafeAreaInsets(); <View style={{ flex: 1, paddingTop: insets.top, paddingBottom: insets.bottom }}>, or wrap a screen in <SafeAreaView style={{ flex: 1 }}>.`,
    version: STAND_IN,
    useCases: ['safe area', 'notch', 'status bar', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-status-bar',
    importStatement: "import { StatusBar } from 'expo-status-bar';",
    exports: ['StatusBar'],
    documentation:
      'Sets the status bar style of an Expo page: <StatusBar style="dark" /> (or "light" on dark screens).',
    version: STAND_IN,
    useCases: ['status bar', 'splash', 'dark mode'],
    platform: 'mobile',
  },
  {
    name: 'expo-linear-gradient',
    importStatement: "import { LinearGradient } from 'expo-linear-gradient';",
    exports: ['LinearGradient'],
    documentation: `Gradient backgrounds on Expo pages: <LinearGradient colors={['#4f46e5', '#9333ea']} start={{ x: 0, y: 0 }} end={{ x: 1, y: 1 }} style={{ borderRadius: 16, padding: 20 }}>...</LinearGradient>.`,
    version: STAND_IN,
    useCases: ['gradient', 'gradients', 'hero', 'background'],
    platform: 'mobile',
  },
  {
    name: 'expo-haptics',
    importStatement: "import * as Haptics from 'expo-haptics';",
    exports: [
      'impactAsync',
      'notificationAsync',
      'selectionAsync',
      'ImpactFeedbackStyle',
      'NotificationFeedbackType',
    ],
    documentation: `Vibration feedback on taps: Haptics.impactAsync(Haptics.ImpactFeedbackStyle.Light) on a press, Haptics.notificationAsync(Haptics.NotificationFeedbackType.Success) after saving, Haptics.selectionAsync() when a picker changes. On the web it vibrates where the browser can and is silent elsewhere.`,
    version: STAND_IN,
    useCases: ['haptics', 'vibrate', 'vibration', 'feedback', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-secure-store',
    importStatement: "import * as SecureStore from 'expo-secure-store';",
    exports: ['getItemAsync', 'setItemAsync', 'deleteItemAsync', 'getItem', 'setItem', 'isAvailableAsync'],
    documentation: `Small secrets such as tokens: await SecureStore.setItemAsync('token', value) — values must be strings (JSON.stringify objects), keep them under 2048 bytes; const token = await SecureStore.getItemAsync('token'); deleteItemAsync to forget. Not for large data (use AsyncStorage).`,
    version: STAND_IN,
    useCases: ['token', 'secret', 'secure', 'credentials', 'login', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-image-picker',
    importStatement: "import * as ImagePicker from 'expo-image-picker';",
    exports: [
      'launchImageLibraryAsync',
      'launchCameraAsync',
      'requestMediaLibraryPermissionsAsync',
      'requestCameraPermissionsAsync',
      'MediaTypeOptions',
    ],
    documentation: `Pick a photo: const result = await ImagePicker.launchImageLibraryAsync({ mediaTypes: ImagePicker.MediaTypeOptions.Images, quality: 0.8 }); if (!result.canceled) setImage(result.assets[0].uri); show it with <Image source={{ uri }} style={{ width: 200, height: 200 }} />. launchCameraAsync takes a new photo.`,
    version: STAND_IN,
    useCases: ['photo', 'photos', 'image', 'picture', 'avatar', 'camera', 'gallery', 'upload', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-location',
    importStatement: "import * as Location from 'expo-location';",
    exports: [
      'requestForegroundPermissionsAsync',
      'getCurrentPositionAsync',
      'watchPositionAsync',
      'getLastKnownPositionAsync',
      'Accuracy',
    ],
    documentation: `The device's position: const { status } = await Location.requestForegroundPermissionsAsync(); if (status !== 'granted') { setError('Location permission denied'); return; } const { coords } = await Location.getCurrentPositionAsync({}); use coords.latitude / coords.longitude. Geocoding (reverseGeocodeAsync) does not work on the web: show coordinates or ask for a place name instead.`,
    version: STAND_IN,
    useCases: ['location', 'gps', 'nearby', 'map', 'position', 'weather', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-camera',
    importStatement: "import { CameraView, useCameraPermissions } from 'expo-camera';",
    exports: ['CameraView', 'useCameraPermissions'],
    documentation: `A live camera: const [permission, requestPermission] = useCameraPermissions(); if (!permission?.granted) show a button calling requestPermission; <CameraView ref={cameraRef} style={{ flex: 1 }} facing="back" />; const photo = await cameraRef.current.takePictureAsync(); then photo.uri. Prefer expo-image-picker when the user only needs to choose or take one photo.`,
    version: STAND_IN,
    useCases: ['camera', 'scan', 'photo', 'selfie', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-image',
    importStatement: "import { Image } from 'expo-image';",
    exports: ['Image', 'ImageBackground'],
    documentation: `Images on Expo pages with Expo's own component: <Image source={{ uri }} style={{ width: '100%', height: 200, borderRadius: 12 }} contentFit="cover" accessibilityLabel="…" />; contentFit is cover, contain, fill or none; a size in style is required. placeholder and transition are accepted (no effect on the web). react-native's Image works too.`,
    version: STAND_IN,
    useCases: ['image', 'images', 'photo', 'picture', 'avatar', 'gallery', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'expo-constants',
    importStatement: "import Constants from 'expo-constants';",
    exports: ['default (Constants)', 'ExecutionEnvironment'],
    documentation: `App facts: Constants.expoConfig?.version for a footer ("Version 1.0.0"), Constants.expoConfig?.name, Constants.statusBarHeight for padding under the status bar (prefer SafeAreaView from react-native-safe-area-context). In Kiln's preview the config is name "app", version "1.0.0".`,
    version: STAND_IN,
    useCases: ['version', 'about', 'settings', 'status bar', 'mobile'],
    platform: 'mobile',
  },
  {
    name: 'lucide-react',
    importStatement: "import { Plus, Trash2, Check } from 'lucide-react';",
    exports: ['every lucide icon as a PascalCase component (Plus, Trash2, Search, Calendar, …)'],
    documentation: `Icons for web pages and components: <Plus className="h-4 w-4" aria-hidden="true" />; size and colour come from Tailwind classes (h-5 w-5 text-indigo-600), strokeWidth={2} adjusts the line. Import only icons that exist in lucide.`,
    version: '1.75.0',
    useCases: ['icons', 'icon'],
    platform: 'web',
  },
  {
    name: 'date-fns',
    importStatement: "import { format, formatDistanceToNow, addDays, isBefore, parseISO } from 'date-fns';",
    exports: [
      'format',
      'formatDistanceToNow',
      'parseISO',
      'addDays',
      'subDays',
      'addMonths',
      'startOfWeek',
      'endOfWeek',
      'startOfMonth',
      'endOfMonth',
      'eachDayOfInterval',
      'isBefore',
      'isAfter',
      'isSameDay',
      'isToday',
      'differenceInDays',
    ],
    documentation: `Date maths and formatting with plain Date objects: format(date, 'EEE d MMM yyyy'), format(date, 'yyyy-MM-dd'), formatDistanceToNow(date, { addSuffix: true }) → "3 hours ago", addDays(date, 7), isBefore(a, b), isToday(date), parseISO('2025-01-15'), eachDayOfInterval({ start, end }) for calendars. Locales from 'date-fns/locale'.`,
    version: '4.4.0',
    useCases: [
      'date',
      'dates',
      'calendar',
      'schedule',
      'due',
      'deadline',
      'deadlines',
      'booking',
      'bookings',
      'appointment',
      'appointments',
      'events',
      'habit',
      'habits',
      'timeline',
    ],
    platform: 'both',
  },
  {
    name: 'zustand',
    importStatement: "import { create } from 'zustand';",
    exports: ['create', 'persist (from zustand/middleware)', 'useShallow (from zustand/shallow)'],
    documentation: `A small global state store shared by pages and components: const useCart = create((set) => ({ items: [], add: (item) => set((s) => ({ items: [...s.items, item] })), clear: () => set({ items: [] }) })); then const items = useCart((s) => s.items) in any component. Persist to localStorage with import { persist } from 'zustand/middleware': create(persist((set) => ({ ... }), { name: 'cart' })).`,
    version: '5.1.0',
    useCases: ['state', 'store', 'global state', 'cart', 'shopping cart', 'shared state'],
    platform: 'both',
  },
  {
    name: '@tanstack/react-query',
    importStatement:
      "import { QueryClient, QueryClientProvider, useQuery, useMutation } from '@tanstack/react-query';",
    exports: ['QueryClient', 'QueryClientProvider', 'useQuery', 'useMutation', 'useQueryClient'],
    documentation: `Data fetching with caching, loading and error states: wrap the page once in <QueryClientProvider client={queryClient}> (const queryClient = new QueryClient() at module level), then const { data, isLoading, error } = useQuery({ queryKey: ['items'], queryFn: () => fetch('/api/items').then((r) => r.json()) }); writes with useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['items'] }) }).`,
    version: '5.108.0',
    useCases: ['fetch', 'fetching', 'api', 'data fetching', 'server data', 'cache', 'caching', 'loading'],
    platform: 'both',
  },
  {
    name: 'framer-motion',
    importStatement: "import { motion, AnimatePresence } from 'framer-motion';",
    exports: ['motion', 'AnimatePresence', 'useAnimation', 'useInView', 'useScroll', 'useTransform'],
    documentation: `Animations for web pages: <motion.div initial={{ opacity: 0, y: 16 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.3 }}>; exit animations by wrapping conditional children in <AnimatePresence> with exit={{ opacity: 0 }}; whileHover={{ scale: 1.03 }}, whileTap={{ scale: 0.97 }}; layout for smooth reordering. The same API is published as 'motion/react'.`,
    version: '14.14.0',
    useCases: [
      'animation',
      'animations',
      'animate',
      'animated',
      'transition',
      'transitions',
      'motion',
      'drag',
    ],
    platform: 'web',
  },
  {
    name: 'motion/react',
    importStatement: "import { motion, AnimatePresence } from 'motion/react';",
    exports: ['motion', 'AnimatePresence', 'useInView', 'useScroll', 'useTransform'],
    documentation:
      "The framer-motion API under its new name: <motion.li layout initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }} />. Use either 'framer-motion' or 'motion/react', not both.",
    version: '14.14.0',
    useCases: ['motion'],
    platform: 'web',
  },
  {
    name: 'clsx',
    importStatement: "import clsx from 'clsx';",
    exports: ['default (clsx)', 'clsx'],
    documentation:
      "Builds a className from conditions: className={clsx('rounded-lg px-3 py-2', active && 'bg-indigo-600 text-white', disabled && 'opacity-50')}.",
    version: '2.1.1',
    useCases: ['class names', 'classnames', 'conditional classes'],
    platform: 'web',
  },
  {
    name: 'tailwind-merge',
    importStatement: "import { twMerge } from 'tailwind-merge';",
    exports: ['twMerge'],
    documentation:
      "Merges Tailwind classes so later ones win: twMerge('px-2 py-1 bg-red-500', props.className). `cn` from '@/lib/utils' combines clsx and twMerge.",
    version: '3.7.0',
    useCases: ['class names', 'merge classes'],
    platform: 'web',
  },
  {
    name: 'class-variance-authority',
    importStatement: "import { cva } from 'class-variance-authority';",
    exports: ['cva', 'VariantProps (type)'],
    documentation:
      "Variants of a component as classes: const badge = cva('rounded-full px-2 text-xs', { variants: { tone: { ok: 'bg-green-100 text-green-800', bad: 'bg-red-100 text-red-800' } }, defaultVariants: { tone: 'ok' } }); className={badge({ tone })}.",
    version: '0.7.1',
    useCases: ['variants', 'design system'],
    platform: 'web',
  },
  {
    name: 'recharts',
    importStatement:
      "import { ResponsiveContainer, LineChart, Line, BarChart, Bar, PieChart, Pie, Cell, XAxis, YAxis, CartesianGrid, Tooltip, Legend } from 'recharts';",
    exports: [
      'ResponsiveContainer',
      'LineChart',
      'Line',
      'AreaChart',
      'Area',
      'BarChart',
      'Bar',
      'PieChart',
      'Pie',
      'Cell',
      'RadialBarChart',
      'RadialBar',
      'XAxis',
      'YAxis',
      'CartesianGrid',
      'Tooltip',
      'Legend',
    ],
    documentation: `Charts for web pages. Always inside a sized parent: <div className="h-64"><ResponsiveContainer width="100%" height="100%"><LineChart data={rows}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="day" /><YAxis /><Tooltip /><Line type="monotone" dataKey="value" stroke="#4f46e5" strokeWidth={2} /></LineChart></ResponsiveContainer></div>. rows is an array of plain objects ({ day: 'Mon', value: 12 }). Bar: <BarChart><Bar dataKey="value" fill="#4f46e5" radius={[6, 6, 0, 0]} /></BarChart>. Pie: <PieChart><Pie data={rows} dataKey="value" nameKey="name" innerRadius={50} outerRadius={80}>{rows.map((r, i) => <Cell key={r.name} fill={colors[i]} />)}</Pie></PieChart>.`,
    version: '3.10.1',
    useCases: [
      'chart',
      'charts',
      'graph',
      'graphs',
      'dashboard',
      'analytics',
      'statistics',
      'stats',
      'metrics',
      'report',
      'reports',
      'portfolio',
      'finance',
      'budget',
      'expenses',
      'crypto',
      'progress',
      'trend',
      'trends',
    ],
    platform: 'web',
  },
  {
    name: '@radix-ui/react-dialog',
    importStatement: "import * as Dialog from '@radix-ui/react-dialog';",
    exports: ['Root', 'Trigger', 'Portal', 'Overlay', 'Content', 'Title', 'Description', 'Close'],
    documentation:
      'Accessible unstyled modal dialog: <Dialog.Root open={open} onOpenChange={setOpen}><Dialog.Trigger asChild><button>Open</button></Dialog.Trigger><Dialog.Portal><Dialog.Overlay className="fixed inset-0 bg-black/40" /><Dialog.Content className="fixed left-1/2 top-1/2 w-[90vw] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6"><Dialog.Title /><Dialog.Close /></Dialog.Content></Dialog.Portal></Dialog.Root>. Prefer the styled @/components/ui/dialog.',
    version: '1.3.1',
    useCases: ['modal', 'dialog', 'popup', 'lightbox'],
    platform: 'web',
  },
  {
    name: '@radix-ui/react-dropdown-menu',
    importStatement: "import * as DropdownMenu from '@radix-ui/react-dropdown-menu';",
    exports: ['Root', 'Trigger', 'Portal', 'Content', 'Item', 'Separator', 'Label', 'CheckboxItem'],
    documentation:
      'Accessible unstyled dropdown: <DropdownMenu.Root><DropdownMenu.Trigger asChild><button>Menu</button></DropdownMenu.Trigger><DropdownMenu.Portal><DropdownMenu.Content className="rounded-xl bg-white p-1 shadow-lg"><DropdownMenu.Item onSelect={...}>Edit</DropdownMenu.Item></DropdownMenu.Content></DropdownMenu.Portal></DropdownMenu.Root>. Prefer @/components/ui/dropdown-menu.',
    version: '2.2.1',
    useCases: ['dropdown', 'dropdowns', 'menu', 'context menu'],
    platform: 'web',
  },
  {
    name: '@radix-ui/react-tooltip',
    importStatement: "import * as Tooltip from '@radix-ui/react-tooltip';",
    exports: ['Provider', 'Root', 'Trigger', 'Portal', 'Content', 'Arrow'],
    documentation:
      'Unstyled tooltip: <Tooltip.Provider><Tooltip.Root><Tooltip.Trigger asChild><button /></Tooltip.Trigger><Tooltip.Portal><Tooltip.Content className="rounded bg-slate-900 px-2 py-1 text-xs text-white">Hint</Tooltip.Content></Tooltip.Portal></Tooltip.Root></Tooltip.Provider>.',
    version: '1.4.1',
    useCases: ['tooltip', 'tooltips', 'hint'],
    platform: 'web',
  },
  ui(
    'button',
    ['Button'],
    'Styled button: <Button>Save</Button>, <Button variant="outline" size="sm">, variants default | secondary | outline | ghost | destructive | link, sizes default | sm | lg | icon; <Button asChild><a href="/x">Go</a></Button>.',
    ['button', 'buttons', 'shadcn', 'design system'],
  ),
  ui(
    'card',
    ['Card', 'CardHeader', 'CardTitle', 'CardDescription', 'CardContent', 'CardFooter'],
    'Surface for grouped content: <Card><CardHeader><CardTitle>Revenue</CardTitle><CardDescription>This month</CardDescription></CardHeader><CardContent>…</CardContent><CardFooter>…</CardFooter></Card>.',
    ['card', 'cards', 'dashboard', 'shadcn'],
  ),
  ui(
    'input',
    ['Input'],
    'Styled text input: <Input name="email" type="email" placeholder="you@example.com" value={v} onChange={(e) => setV(e.target.value)} /> (every field needs a name).',
    ['form', 'forms', 'input', 'shadcn'],
  ),
  ui('textarea', ['Textarea'], 'Styled multi-line input: <Textarea name="message" rows={4} />.', [
    'form',
    'forms',
    'message',
    'comment',
    'comments',
  ]),
  ui(
    'label',
    ['Label'],
    'Form label: <Label htmlFor="email">Email</Label><Input id="email" name="email" />.',
    ['form', 'forms'],
  ),
  ui(
    'dialog',
    [
      'Dialog',
      'DialogTrigger',
      'DialogContent',
      'DialogHeader',
      'DialogTitle',
      'DialogDescription',
      'DialogFooter',
    ],
    'Styled modal: <Dialog open={open} onOpenChange={setOpen}><DialogTrigger asChild><Button>Edit</Button></DialogTrigger><DialogContent><DialogHeader><DialogTitle>Edit item</DialogTitle><DialogDescription>…</DialogDescription></DialogHeader>…<DialogFooter><Button>Save</Button></DialogFooter></DialogContent></Dialog>.',
    ['modal', 'dialog', 'popup', 'confirm'],
  ),
  ui(
    'tabs',
    ['Tabs', 'TabsList', 'TabsTrigger', 'TabsContent'],
    'Tabs: <Tabs defaultValue="week"><TabsList><TabsTrigger value="week">Week</TabsTrigger><TabsTrigger value="month">Month</TabsTrigger></TabsList><TabsContent value="week">…</TabsContent></Tabs>.',
    ['tabs', 'tab', 'panels', 'sections'],
  ),
  ui(
    'select',
    ['Select', 'SelectTrigger', 'SelectValue', 'SelectContent', 'SelectItem'],
    'Styled select: <Select value={v} onValueChange={setV} name="category"><SelectTrigger><SelectValue placeholder="Category" /></SelectTrigger><SelectContent><SelectItem value="food">Food</SelectItem></SelectContent></Select>.',
    ['select', 'dropdown', 'picker', 'category', 'categories'],
  ),
  ui(
    'badge',
    ['Badge'],
    'Small status label: <Badge>New</Badge>, <Badge variant="secondary">, <Badge variant="outline">, <Badge variant="destructive">.',
    ['badge', 'badges', 'tag', 'tags', 'status'],
  ),
  ui(
    'table',
    ['Table', 'TableHeader', 'TableBody', 'TableRow', 'TableHead', 'TableCell', 'TableCaption'],
    'Data table: <Table><TableHeader><TableRow><TableHead>Name</TableHead></TableRow></TableHeader><TableBody>{rows.map((r) => <TableRow key={r.id}><TableCell>{r.name}</TableCell></TableRow>)}</TableBody></Table>.',
    ['table', 'tables', 'list', 'records', 'admin', 'crm', 'contacts', 'inventory'],
  ),
  ui('switch', ['Switch'], 'Toggle: <Switch checked={on} onCheckedChange={setOn} name="notifications" />.', [
    'toggle',
    'switch',
    'settings',
    'preferences',
  ]),
  ui('progress', ['Progress'], 'Progress bar: <Progress value={60} /> (0–100).', [
    'progress',
    'goal',
    'goals',
    'completion',
  ]),
  ui(
    'sheet',
    ['Sheet', 'SheetTrigger', 'SheetContent', 'SheetHeader', 'SheetTitle'],
    'Side panel / drawer: <Sheet><SheetTrigger asChild><Button>Open</Button></SheetTrigger><SheetContent side="right"><SheetHeader><SheetTitle>Cart</SheetTitle></SheetHeader>…</SheetContent></Sheet>.',
    ['drawer', 'sidebar', 'panel', 'side panel', 'cart'],
  ),
  ui(
    'accordion',
    ['Accordion', 'AccordionItem', 'AccordionTrigger', 'AccordionContent'],
    'Collapsible sections: <Accordion type="single" collapsible><AccordionItem value="a"><AccordionTrigger>Question</AccordionTrigger><AccordionContent>Answer</AccordionContent></AccordionItem></Accordion>.',
    ['faq', 'accordion', 'collapsible', 'questions'],
  ),
  {
    name: '@/lib/utils',
    importStatement: "import { cn } from '@/lib/utils';",
    exports: ['cn'],
    documentation:
      "cn(...classes) = twMerge(clsx(...)): className={cn('rounded-lg px-3', active && 'bg-indigo-600', props.className)}.",
    version: SHADCN,
    useCases: ['class names', 'shadcn'],
    platform: 'web',
  },
  {
    name: '@/utils/useUpload',
    importStatement: "import useUpload from '@/utils/useUpload';",
    exports: ['default (useUpload)'],
    documentation: `Uploads a visitor's file to the app's own server (preview and published app alike): const [upload, { loading }] = useUpload(); const { url, mimeType, error } = await upload({ file }) — or { url }, { base64 }, { buffer }. Keep the url (an immutable link on Kiln's files origin; never store data URLs); error is '${MESSAGES.uploadTooLarge}' over the plan's limit, else '${MESSAGES.uploadFailed}'. A form that only collects answers can instead POST JSON { sheetId, formData } to '/api/public-sheet' (one row per submission for the owner, downloadable as CSV), then reset the form.`,
    version: 'Kiln built-in',
    useCases: ['upload', 'uploads', 'uploading', 'attachment', 'attachments', 'avatar', 'avatars'],
    platform: 'web',
  },
];

/** Approximate characters of one doc as `docBlock` writes it. */
export function docBlock(doc: LibraryDoc): string {
  return [
    `<kiln:doc name="${doc.name}" version="${doc.version}" platform="${doc.platform}">`,
    doc.importStatement,
    `Exports: ${doc.exports.join(', ')}`,
    doc.documentation,
    `</kiln:doc>`,
  ].join('\n');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The documentation a request needs, most relevant first: libraries whose use cases (or name) the prompt
 * mentions, by number of matching words, then libraries the modules already import. Mobile-only entries are
 * left out when neither the prompt nor the project is about a mobile app, and web-only ones for a mobile-only
 * project.
 */
export function libraryDocsFor(prompt: string, moduleContents: readonly string[] = []): LibraryDoc[] {
  const p = prompt.toLowerCase();
  const code = moduleContents.join('\n');
  const imported = new Set(
    [...code.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '').filter(Boolean),
  );
  const mobile =
    /\b(mobile|expo|react native|ios|android|iphone|phone app)\b/.test(p) || imported.has('react-native');
  const webProject = /\bclassName=/.test(code);
  const scored: { doc: LibraryDoc; score: number; order: number }[] = [];
  LIBRARY_DOCS.forEach((doc, order) => {
    let score = 0;
    for (const word of doc.useCases) {
      if (new RegExp(`\\b${escapeRegExp(word)}\\b`).test(p)) score += 2;
    }
    if (p.includes(doc.name.toLowerCase())) score += 5;
    if (imported.has(doc.name)) score += 1;
    if (score === 0) return;
    if (doc.platform === 'mobile' && !mobile) return;
    if (doc.platform === 'web' && mobile && !webProject && !imported.has(doc.name)) return;
    scored.push({ doc, score, order });
  });
  return scored.sort((a, b) => b.score - a.score || a.order - b.order).map((s) => s.doc);
}

/** The import sources of every documented library, for the system prompt. */
export function libraryNames(platform: 'web' | 'mobile'): string[] {
  // Kiln's own hooks (`@/utils/useUpload`) are not listed: the prompt's token budget has no room, and their doc
  // comes up front whenever a request names what they are for.
  return LIBRARY_DOCS.filter(
    (d) => (d.platform === platform || d.platform === 'both') && !d.name.startsWith('@/utils/'),
  ).map((d) => d.name);
}

/** At most this many packages are answered by one `package_documentation` call. */
export const MAX_PACKAGES_PER_CALL = 5;

/** The answer to one `package_documentation` call. */
export interface PackageDocumentationAnswer {
  /** `error` when no requested package is documented (or none was named). */
  status: 'success' | 'error';
  /** What the model is sent: the `docBlock` of each package found, then what was not available. */
  output: string;
  /** The catalogue names answered. */
  found: string[];
  /** The requested names not in the catalogue. */
  missing: string[];
}

/**
 * Answers the `package_documentation` tool: `input` names one or more packages (comma or newline separated,
 * case-insensitive; `button` finds `@/components/ui/button`). Unknown names are answered with the packages
 * available for `platforms` (`libraryNames`).
 */
export function packageDocumentation(
  input: string,
  platforms: readonly ('web' | 'mobile')[] = ['web'],
): PackageDocumentationAnswer {
  const wanted = [
    ...new Set(
      input
        .split(/[,\n]/)
        .map((n) =>
          n
            .trim()
            .replace(/^[`'"]+|[`'"]+$/g, '')
            // `recharts@3` → `recharts` (a scope's leading @ stays).
            .replace(/(.)@[\d^~*x].*$/, '$1')
            .trim(),
        )
        .filter(Boolean),
    ),
  ];
  const found: LibraryDoc[] = [];
  const missing: string[] = [];
  for (const name of wanted.slice(0, MAX_PACKAGES_PER_CALL)) {
    const q = name.toLowerCase();
    const exact = LIBRARY_DOCS.find((d) => d.name.toLowerCase() === q);
    const hits = exact ? [exact] : LIBRARY_DOCS.filter((d) => d.name.toLowerCase().endsWith(`/${q}`));
    if (hits.length === 0) missing.push(name);
    for (const doc of hits) if (!found.includes(doc)) found.push(doc);
  }
  const parts = found.map(docBlock);
  const skipped = wanted.slice(MAX_PACKAGES_PER_CALL);
  if (skipped.length > 0) {
    parts.push(
      `Only ${MAX_PACKAGES_PER_CALL} packages are answered per call; not looked up: ${skipped.join(', ')}.`,
    );
  }
  if (missing.length > 0 || wanted.length === 0) {
    const available = [...new Set(platforms.flatMap((p) => libraryNames(p)))];
    parts.push(
      `${wanted.length === 0 ? 'No package was named.' : `Not available: ${missing.join(', ')}.`} Available packages: ${available.join(', ')}.`,
    );
  }
  return {
    status: found.length > 0 ? 'success' : 'error',
    output: parts.join('\n'),
    found: found.map((d) => d.name),
    missing,
  };
}

/** One npm package's documentation as the server found it: its README and type declarations, trimmed. */
export interface NpmPackageDoc {
  name: string;
  version: string;
  readme: string;
  types: string;
}

/** Looks up npm packages outside the catalogue; a name it cannot document maps to the reason. */
export type NpmDocs = (
  names: readonly string[],
) => Promise<Record<string, NpmPackageDoc | { error: string }>>;

/** Longest README and type declarations sent for one npm package (characters; ~1,500 and ~1,000 tokens). */
export const NPM_README_CHARS = 6000;
export const NPM_TYPES_CHARS = 4000;

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}\n… (cut at ${max} characters)`;

/** What the model is sent for an npm package outside the catalogue. */
export function npmDocBlock(doc: NpmPackageDoc): string {
  return [
    `<kiln:doc name="${doc.name}" version="${doc.version}" source="npm">`,
    `Not in the catalogue: it is downloaded and bundled on first use (a second or two), then instant.`,
    doc.readme ? `README:\n${clip(doc.readme.trim(), NPM_README_CHARS)}` : 'No README.',
    doc.types ? `Type declarations:\n${clip(doc.types.trim(), NPM_TYPES_CHARS)}` : 'No type declarations.',
    '</kiln:doc>',
  ].join('\n');
}

/**
 * `packageDocumentation`, then the names the catalogue does not know looked up on npm by `npmDocs` (their README
 * and types). Without `npmDocs`, or when a lookup fails, those names are answered as before: not available, with
 * the reason.
 */
export async function packageDocumentationWithNpm(
  input: string,
  platforms: readonly ('web' | 'mobile')[],
  npmDocs: NpmDocs | undefined,
): Promise<PackageDocumentationAnswer> {
  const answer = packageDocumentation(input, platforms);
  if (!npmDocs || answer.missing.length === 0) return answer;
  const looked = await npmDocs(answer.missing).catch((err: unknown) => {
    const error = err instanceof Error ? err.message : String(err);
    return Object.fromEntries(answer.missing.map((n) => [n, { error }]));
  });
  const docs: NpmPackageDoc[] = [];
  const failed: string[] = [];
  for (const name of answer.missing) {
    const doc = looked[name];
    if (doc && 'readme' in doc) docs.push(doc);
    else failed.push(`${name}: ${doc?.error ?? 'not found'}`);
  }
  if (docs.length === 0) return answer;
  const parts = [
    ...LIBRARY_DOCS.filter((d) => answer.found.includes(d.name)).map(docBlock),
    ...docs.map(npmDocBlock),
    ...(failed.length > 0 ? [`Not available: ${failed.join('; ')}.`] : []),
  ];
  return {
    status: 'success',
    output: parts.join('\n\n'),
    found: [...answer.found, ...docs.map((d) => d.name)],
    missing: answer.missing.filter((n) => !docs.some((d) => d.name === n)),
  };
}
