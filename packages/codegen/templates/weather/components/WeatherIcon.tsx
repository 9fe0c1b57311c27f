import { Cloud, CloudFog, CloudLightning, CloudMoon, CloudRain, CloudSnow, CloudSun, Moon, Sun } from 'lucide-react';

const ICONS = {
  sunny: Sun,
  'partly-cloudy': CloudSun,
  cloudy: Cloud,
  rain: CloudRain,
  storm: CloudLightning,
  snow: CloudSnow,
  fog: CloudFog,
};

const LABELS = {
  sunny: 'Sunny',
  'partly-cloudy': 'Partly cloudy',
  cloudy: 'Cloudy',
  rain: 'Rain',
  storm: 'Thunderstorms',
  snow: 'Snow',
  fog: 'Fog',
};

export default function WeatherIcon(props) {
  const { condition, night, className } = props;
  let Icon = ICONS[condition] || Cloud;
  if (night && condition === 'sunny') Icon = Moon;
  if (night && condition === 'partly-cloudy') Icon = CloudMoon;
  return <Icon className={className || 'h-6 w-6'} aria-label={LABELS[condition] || condition} role="img" />;
}
