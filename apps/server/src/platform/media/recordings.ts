import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian's janus-tools and ffmpeg, as config.ts names them (JANUS_PP_REC, FFMPEG). */
export interface RecordingTools {
  janusPpRec: string;
  ffmpeg: string;
}
/** A recording an hour long converts in well under this on one core; past it the run is a failure. */
const TOOL_TIMEOUT_MS = 30 * 60 * 1000;
/** A .wav with a header and nothing after it: the bridge recorded no audio. */
const EMPTY_WAV_BYTES = 1024;

export class RecordingError extends Error {}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * The video room writes `...-video.mjr` per publisher (Janus 1.1 multistream adds the stream index:
 * `...-video-0.mjr`); a session has one publisher, its host.
 */
const VIDEO_RECORDING = /-video(-\d+)?\.mjr$/;

function largest(dir: string, pattern: RegExp): string | null {
  const files = fs
    .readdirSync(dir)
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name))
    .sort((a, b) => sizeOf(b) - sizeOf(a));
  return files[0] ?? null;
}

async function tool(binary: string, args: string[]) {
  try {
    await run(binary, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? '').slice(-500);
    throw new RecordingError(`${path.basename(binary)} failed: ${stderr || (err as Error).message}`);
  }
}

/**
 * Turns one session's Janus recordings into an mp4: the host's video (.mjr, converted by janus-pp-rec to
 * WebM) with the audio bridge's mix (.wav, which carries the host and every granted viewer), encoded by
 * ffmpeg as H.264 and AAC so that every browser plays it. Without video the mp4 carries the audio alone.
 */
export async function renderLessonRecording(dir: string, tools: RecordingTools): Promise<string> {
  if (!fs.existsSync(dir)) throw new RecordingError('no recordings folder');
  const videoMjr = largest(dir, VIDEO_RECORDING);
  const wav = path.join(dir, 'audio.wav');
  const hasAudio = sizeOf(wav) > EMPTY_WAV_BYTES;
  if (!videoMjr && !hasAudio) throw new RecordingError('nothing was recorded');
  const output = path.join(dir, 'session.mp4');
  const inputs: string[] = [];
  const maps: string[] = [];
  if (videoMjr) {
    const webm = path.join(dir, 'video.webm');
    await tool(tools.janusPpRec, [videoMjr, webm]);
    inputs.push('-i', webm);
    // A steady 30 fps: the recorded RTP timestamps would otherwise make a variable-rate file.
    maps.push('-map', '0:v:0', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-r', '30');
  }
  if (hasAudio) {
    inputs.push('-i', wav);
    maps.push('-map', `${videoMjr ? 1 : 0}:a:0`, '-c:a', 'aac', '-b:a', '128k');
  }
  await tool(tools.ffmpeg, [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    ...maps,
    '-movflags',
    '+faststart',
    output,
  ]);
  if (sizeOf(output) === 0) throw new RecordingError('ffmpeg wrote nothing');
  return output;
}
