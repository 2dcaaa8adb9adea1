/** The margins of a small SVG chart, inside which it draws. */
export interface ChartPadding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The x axis along the bottom margin and the y axis along the left one of a width × height chart. */
export function ChartAxes({ width, height, pad }: { width: number; height: number; pad: ChartPadding }) {
  return (
    <>
      <line
        className="axis"
        x1={pad.left}
        y1={height - pad.bottom}
        x2={width - pad.right}
        y2={height - pad.bottom}
      />
      <line className="axis" x1={pad.left} y1={pad.top} x2={pad.left} y2={height - pad.bottom} />
    </>
  );
}
