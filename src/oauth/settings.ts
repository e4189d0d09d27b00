/** The OAuth authorization server's operator settings (read and checked by app/config.ts). */
export interface OAuthConfig {
  /** The public base URL behind a TLS proxy (PUBLIC_URL); null = the listener's own address. */
  publicUrl: string | null;
  /** Dynamic client registrations per minute per client address. */
  registrationsPerMinute: number;
  /** Sign-in page requests and form submissions per minute per client address. */
  signInPerMinute: number;
  /** Test only: client ID metadata documents may be fetched from loopback (with this CA, PEM). */
  metadataLoopbackCa: string | null;
}
