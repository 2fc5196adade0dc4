/**
 * The sample sports meet video (public/media/, H.264 and VP9), rendered with ffmpeg when it is
 * installed; without it the committed video is kept.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

function ffmpegFilters(): string | undefined {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-filters'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : undefined;
}

/** Renders the video into `mediaDir`; returns the files written (none without ffmpeg). */
export function renderVideo(root: string, mediaDir: string): string[] {
  const filters = ffmpegFilters();
  if (filters === undefined) {
    console.info('ffmpeg is not installed: keeping the committed sample video in public/media/.');
    return [];
  }
  mkdirSync(mediaDir, { recursive: true });
  // Fixed seed and gradient line: the gradients source is random by default.
  const scene = [
    'gradients=s=640x360:d=6:r=24:n=3:c0=0x0b2545:c1=0x0d6e6e:c2=0x1b998b:x0=0:y0=0:x1=640:y1=360:seed=1:speed=0.03',
    'drawbox=x=0:y=262:w=640:h=4:color=white@0.35:t=fill',
    'drawbox=x=0:y=318:w=640:h=4:color=white@0.35:t=fill',
    "drawbox=x='mod(t*140,720)-60':y=276:w=36:h=36:color=white@0.8:t=fill",
    "drawbox=x='mod(t*100+300,720)-60':y=276:w=36:h=36:color=0xe9c46a@0.9:t=fill",
  ];
  const fontFile = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  if (filters.includes(' drawtext ')) {
    const font = existsSync(fontFile) ? `fontfile=${fontFile}` : 'font=Sans';
    scene.push(
      `drawtext=${font}:text='Sample sports meet video':fontcolor=white:fontsize=34:x=(w-text_w)/2:y=120:box=1:boxcolor=0x0b2545@0.55:boxborderw=14`,
    );
  }
  const common = [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    scene.join(','),
    '-an',
    '-t',
    '6',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
  ];
  const outputs = [
    {
      file: path.join(mediaDir, 'sports-meet.mp4'),
      codec: ['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    },
    {
      file: path.join(mediaDir, 'sports-meet.webm'),
      codec: ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '45', '-pix_fmt', 'yuv420p', '-row-mt', '0', '-threads', '1'],
    },
  ];
  const written: string[] = [];
  for (const output of outputs) {
    const result = spawnSync('ffmpeg', [...common, ...output.codec, output.file], { encoding: 'utf8' });
    if (result.status !== 0) {
      console.error(`ffmpeg could not write ${path.relative(root, output.file)}:\n${result.stderr}`);
      process.exitCode = 1;
      continue;
    }
    written.push(output.file);
  }
  return written;
}
