import { useMemo } from 'react';
import QRCode from 'qrcode';

/**
 * A QR code drawn as SVG from the module matrix of the `qrcode` package (one path, crisp at any
 * size, nothing injected as HTML), with the 4-module quiet zone scanners need around it.
 */
export function QrCode({ value, size, label }: { value: string; size: number | string; label: string }) {
  const { path, width } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`);
      }
    }
    return { path: parts.join(''), width: modules.size + 8 };
  }, [value]);
  return (
    <svg
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
