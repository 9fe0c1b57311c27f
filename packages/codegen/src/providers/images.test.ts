/**
 * Images on a request message: which models are taken to read them, and the AI SDK message each kind of model
 * gets (image parts after the text, or the text with a note that images were left out).
 */
import { describe, expect, it } from 'vitest';
import { buildPrompt } from '../prompt.ts';
import { IMAGES_LEFT_OUT, toModelMessage } from './ai-sdk-provider.ts';
import { modelAcceptsImages, parseModelSpec } from './model-spec.ts';

describe('modelAcceptsImages', () => {
  it.each([
    ['openai:gpt-4o-mini', true],
    ['openai:gpt-4.1', true],
    ['openai:gpt-3.5-turbo', false],
    ['openai:o1-mini', false],
    ['anthropic:claude-sonnet-4-5', true],
    ['anthropic:claude-2.1', false],
    ['ollama:llava:13b', true],
    ['ollama:llama3.2-vision', true],
    ['ollama:gemma3:12b', true],
    ['lmstudio:qwen2.5-vl-7b-instruct', true],
    ['openai-compatible:Qwen/Qwen2.5-VL-72B-Instruct', true],
    ['ollama:qwen2.5-coder:14b', false],
    ['openai-compatible:meta-llama/Llama-3.1-8B-Instruct', false],
    ['builtin', false],
  ])('%s → %s', (spec, expected) => {
    expect(modelAcceptsImages(parseModelSpec(spec))).toBe(expected);
  });

  it('KILN_MODEL_IMAGES decides when set', () => {
    expect(modelAcceptsImages(parseModelSpec('ollama:qwen2.5-coder'), { acceptsImages: true })).toBe(true);
    expect(modelAcceptsImages(parseModelSpec('openai:gpt-4o'), { acceptsImages: false })).toBe(false);
  });
});

describe('images on the request message', () => {
  const png = { mediaType: 'image/png', data: new Uint8Array([137, 80, 78, 71]) };
  const [message] = buildPrompt({ prompt: 'like this', modules: [], images: [png, png] }).messages;

  it('buildPrompt puts them on the user message that holds the request', () => {
    expect(message?.role).toBe('user');
    expect(message?.images).toEqual([png, png]);
    expect(buildPrompt({ prompt: 'no images', modules: [] }).messages[0]).not.toHaveProperty('images');
  });

  it('a model that reads images gets image parts after the text', () => {
    const m = toModelMessage(message!, true);
    expect(m.content).toEqual([
      { type: 'text', text: message?.content },
      { type: 'image', image: png.data, mediaType: 'image/png' },
      { type: 'image', image: png.data, mediaType: 'image/png' },
    ]);
  });

  it('a model that reads none gets the text and a note', () => {
    expect(toModelMessage(message!, false)).toEqual({
      role: 'user',
      content: `${message?.content}\n\n${IMAGES_LEFT_OUT(2)}`,
    });
  });
});
