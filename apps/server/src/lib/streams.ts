/** A file stream an export abandons, or the zip writing into it. */
export type Closable = { destroy?: () => void; on?: (event: 'error', listener: () => void) => unknown };
/** An error listener that drops the error: one expected from a stream being thrown away. */
export const ignore = () => undefined;
/**
 * Closes a refused export's file stream. A zip or PDF writer still flushing into it may write once more: that
 * write fails with ERR_STREAM_DESTROYED, emitted as an 'error' no one else listens to, which would end the
 * process. The file is being removed, so the error is expected and dropped.
 */
export function closeQuietly(stream: Closable) {
  stream.on?.('error', ignore);
  stream.destroy?.();
}
