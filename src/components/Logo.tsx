import logoUrl from '../../public/logo.svg';

export function Logo({ size = 32 }: { size?: number }) {
  return <img src={logoUrl} alt="" width={size} height={size} />;
}
