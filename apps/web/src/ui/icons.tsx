/** The few icons the app needs, inline (no icon package). Stroke icons in the style of Tabler. */
import type { SVGProps } from 'react';

function Icon({ children, size = 18, ...rest }: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...rest}
    >
      {children}
    </svg>
  );
}

export function SunIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </Icon>
  );
}

export function MoonIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z" />
    </Icon>
  );
}

export function LogoutIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
      <path d="M9 12h12l-3-3M18 15l3-3" />
    </Icon>
  );
}

export function UserIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2" />
    </Icon>
  );
}

export function HomeIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M5 12H3l9-9 9 9h-2M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </Icon>
  );
}

export function LockIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}

/** Cash journal: a cash book. */
export function CashBookIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M5 4h12a2 2 0 0 1 2 2v14H7a2 2 0 0 1-2-2z" />
      <path d="M5 18a2 2 0 0 1 2-2h12M9 8h6M9 11h4" />
    </Icon>
  );
}

/** Chapter register: a list with a marker. */
export function ChapterListIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <path d="M4 5h1v2H4zM4 11h1v2H4zM4 17h1v2H4z" />
    </Icon>
  );
}

/** Supplier digest: a delivery truck. */
export function TruckIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M3 6h11v10H3zM14 9h4l3 3v4h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </Icon>
  );
}

/** The app's mark: a flame on a green tile. */
/** A paperclip: the record carries receipts (issue 28). */
export function PaperclipIcon(props: SVGProps<SVGSVGElement> & { size?: number }) {
  return (
    <Icon {...props}>
      <path d="M15 7l-6.5 6.5a1.5 1.5 0 0 0 3 3l6.5 -6.5a3 3 0 0 0 -6 -6l-6.5 6.5a4.5 4.5 0 0 0 9 9l6.5 -6.5" />
    </Icon>
  );
}

export function AppLogo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="6" fill="var(--mantine-color-green-7)" />
      <path d="M16 5c1.5 4 6 6.5 6 12a6 6 0 0 1-12 0c0-3 1.5-4.5 2.5-6 .5 2 1.5 3 2.5 3-1-3 0-6 1-9z" fill="#fff" />
    </svg>
  );
}
