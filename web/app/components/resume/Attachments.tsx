// The resume picture (chosen, cropped to a square in the browser, uploaded, then attached) and
// the custom resume PDF. Both upload from the browser to the files service and then attach the
// file to the resume through the page's action, which re-fetches the resume.
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useT } from '../../i18n/index.ts';
import { browserApi, isApiError } from '../../lib/api.ts';
import type { ResumeActionResult } from '../../lib/resume/actions.server.ts';
import { customResumeLink } from '../../lib/resume/api.ts';
import { pictureUrl } from '../../lib/resume/types.ts';
import { uploadFile } from '../../lib/upload.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Spinner } from '../ui/States.tsx';
import { useExcToasts } from '../ui/Toaster.tsx';

const OUTPUT_SIZE = 512;

/** The placeholder silhouette, tinted per gender, for a resume without a picture. */
export function PicturePlaceholder({
  gender,
  label,
  className = 'size-24',
}: {
  gender?: string | null;
  label: string;
  className?: string;
}) {
  const tint = gender === 'female' ? '#be185d' : gender === 'male' ? '#1d4ed8' : '#0f6f65';
  return (
    <svg viewBox="0 0 40 40" className={`${className} rounded-full bg-brand-50`} role="img" aria-label={label}>
      <circle cx="20" cy="15" r="7" fill={tint} opacity="0.8" />
      <path d="M6 36c2-8 8-12 14-12s12 4 14 12" fill={tint} opacity="0.55" />
    </svg>
  );
}

interface Crop {
  zoom: number;
  x: number;
  y: number;
}

/** Draws the square part of the image the crop chooses. */
function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const side = Math.min(image.naturalWidth, image.naturalHeight) / crop.zoom;
  const slackX = image.naturalWidth - side;
  const slackY = image.naturalHeight - side;
  const sx = (slackX * (crop.x + 100)) / 200;
  const sy = (slackY * (crop.y + 100)) / 200;
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, sx, sy, side, side, 0, 0, canvas.width, canvas.height);
}

export function PictureField({
  resumeId,
  pic,
  gender,
  onPending,
}: {
  resumeId: string | null;
  pic: string | null;
  gender?: string | null;
  onPending?: (fileId: string) => void;
}) {
  const t = useT();
  const fetcher = useFetcher<ResumeActionResult>({ key: 'resume-picture' });
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop>({ zoom: 1, x: 0, y: 0 });
  const [uploading, setUploading] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ exc: string[]; at: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const inputId = useId();
  const result = fetcher.data?.target === 'picture' ? fetcher.data : undefined;
  useExcToasts(failure?.exc ?? result?.exc, failure?.at ?? result?.at);

  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, crop);
  }, [image, crop]);

  function choose(file: File | undefined) {
    if (!file) return;
    const failed = () => setFailure({ exc: ['EXC_FILES_INVALID_MIME_TYPE'], at: Date.now() });
    // A data: URL, as the page's Content-Security-Policy allows images from 'self' and data: only.
    const reader = new FileReader();
    reader.onload = () => {
      const img = new Image();
      img.onload = () => {
        setCrop({ zoom: 1, x: 0, y: 0 });
        setImage(img);
      };
      img.onerror = failed;
      img.src = String(reader.result);
    };
    reader.onerror = failed;
    reader.readAsDataURL(file);
  }

  async function save() {
    if (!image) return;
    const output = document.createElement('canvas');
    output.width = OUTPUT_SIZE;
    output.height = OUTPUT_SIZE;
    drawCrop(output, image, crop);
    const blob = await new Promise<Blob | null>((resolve) => output.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) return;
    setUploading(true);
    try {
      const fileId = await uploadFile('RESUME_PICTURE', blob, 'picture.jpg');
      if (resumeId) {
        fetcher.submit({ intent: 'attach', kind: 'picture', fileId, resumeId }, { method: 'post' });
      } else {
        setPending(fileId);
        onPending?.(fileId);
      }
      setImage(null);
    } catch (error) {
      setFailure({ exc: isApiError(error) ? error.codes : ['EXC_UNKNOWN'], at: Date.now() });
    } finally {
      setUploading(false);
    }
  }

  const busy = uploading || fetcher.state !== 'idle';
  const current = pending ?? pic;
  return (
    <div className="flex flex-col gap-3" data-testid="picture-field" aria-busy={busy}>
      <p className="text-sm font-medium text-ink">{t('resume.picture.label')}</p>
      <div className="flex flex-wrap items-center gap-4">
        {image ? (
          <canvas
            ref={canvas}
            width={160}
            height={160}
            className="size-32 rounded-full border border-line"
            role="img"
            aria-label={t('resume.picture.preview')}
            data-testid="picture-preview"
          />
        ) : current ? (
          <img
            src={pictureUrl(current, 128)}
            alt={t('resume.picture.current')}
            width={128}
            height={128}
            className="size-24 rounded-full object-cover"
            data-testid="picture-current"
          />
        ) : (
          <PicturePlaceholder gender={gender} label={t('resume.picture.none')} />
        )}
        <div className="flex flex-col gap-2">
          <label
            htmlFor={inputId}
            className={buttonClass('secondary', 'cursor-pointer focus-within:ring-4 focus-within:ring-brand-200')}
          >
            {t('resume.picture.choose')}
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              onChange={(event) => choose(event.currentTarget.files?.[0])}
              data-testid="picture-input"
            />
          </label>
          {pic && !image && resumeId && (
            <Button
              variant="ghost"
              className="text-danger"
              isDisabled={busy}
              onPress={() => fetcher.submit({ intent: 'detach', kind: 'picture', resumeId }, { method: 'post' })}
            >
              {t('resume.picture.remove')}
            </Button>
          )}
        </div>
      </div>
      {image && (
        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-3" data-testid="picture-crop">
          <legend className="px-1 text-sm font-medium">{t('resume.picture.crop')}</legend>
          <CropSlider
            label={t('resume.picture.zoom')}
            min={100}
            max={300}
            value={Math.round(crop.zoom * 100)}
            onChange={(v) => setCrop((c) => ({ ...c, zoom: v / 100 }))}
          />
          <CropSlider
            label={t('resume.picture.horizontal')}
            min={-100}
            max={100}
            value={crop.x}
            onChange={(v) => setCrop((c) => ({ ...c, x: v }))}
          />
          <CropSlider
            label={t('resume.picture.vertical')}
            min={-100}
            max={100}
            value={crop.y}
            onChange={(v) => setCrop((c) => ({ ...c, y: v }))}
          />
          <div className="flex flex-wrap gap-2">
            <Button onPress={() => void save()} isDisabled={busy} data-testid="picture-save">
              {t('resume.picture.save')}
            </Button>
            <Button variant="ghost" onPress={() => setImage(null)} isDisabled={busy}>
              {t('resume.cancel')}
            </Button>
          </div>
        </fieldset>
      )}
      {busy && <Spinner label={t('resume.uploading')} />}
      {pending && <input type="hidden" name="pictureFileId" value={pending} />}
    </div>
  );
}

function CropSlider({
  label,
  min,
  max,
  value,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="w-28 shrink-0 text-sm">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="w-full accent-brand-600"
      />
    </div>
  );
}

export function CustomResumeField({
  resumeId,
  fileName,
  hasFile,
}: {
  resumeId: string;
  fileName: string | null;
  hasFile: boolean;
}) {
  const t = useT();
  const fetcher = useFetcher<ResumeActionResult>({ key: 'resume-custom' });
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<{ exc: string[]; at: number } | null>(null);
  const inputId = useId();
  const result = fetcher.data?.target === 'custom' ? fetcher.data : undefined;
  useExcToasts(failure?.exc ?? result?.exc, failure?.at ?? result?.at);
  const busy = uploading || fetcher.state !== 'idle';

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const fileId = await uploadFile('CUSTOM_RESUME', file, file.name);
      fetcher.submit({ intent: 'attach', kind: 'custom', fileId, fileName: file.name, resumeId }, { method: 'post' });
    } catch (error) {
      setFailure({ exc: isApiError(error) ? error.codes : ['EXC_UNKNOWN'], at: Date.now() });
    } finally {
      setUploading(false);
    }
  }

  async function open() {
    try {
      const link = await customResumeLink(browserApi(), resumeId);
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      setFailure({ exc: isApiError(error) ? error.codes : ['EXC_UNKNOWN'], at: Date.now() });
    }
  }

  return (
    <section
      aria-labelledby="custom-resume-heading"
      aria-busy={busy}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-6"
      data-testid="custom-resume"
    >
      <h2 id="custom-resume-heading" className="text-lg font-bold text-ink">
        {t('resume.custom.title')}
      </h2>
      <p className="text-sm text-muted">{t('resume.custom.intro')}</p>
      {hasFile ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold" data-testid="custom-file-name">
            {fileName ?? t('resume.custom.file')}
          </span>
          <Button variant="secondary" onPress={() => void open()}>
            {t('resume.custom.open')}
          </Button>
          <Button
            variant="ghost"
            className="text-danger"
            isDisabled={busy}
            onPress={() => fetcher.submit({ intent: 'detach', kind: 'custom', resumeId }, { method: 'post' })}
          >
            {t('resume.custom.remove')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">{t('resume.custom.none')}</p>
      )}
      <label
        htmlFor={inputId}
        className={buttonClass('secondary', 'w-fit cursor-pointer focus-within:ring-4 focus-within:ring-brand-200')}
      >
        {hasFile ? t('resume.custom.replace') : t('resume.custom.choose')}
        <input
          id={inputId}
          type="file"
          accept="application/pdf"
          className="sr-only"
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
          data-testid="custom-input"
        />
      </label>
      {busy && <Spinner label={t('resume.uploading')} />}
    </section>
  );
}
