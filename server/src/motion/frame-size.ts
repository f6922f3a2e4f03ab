/** A decoded picture's size in pixels. */
export interface FrameSize {
  width: number;
  height: number;
}
